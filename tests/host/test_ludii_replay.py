"""Throngs against Ludii beyond single states: Ludii's recorded games replayed move by move.

The reference vectors (tests/data/ludii/, facts recorded from Ludii 1.3.12) hold, per game, the decision states of Ludii's random
games in order.  Starting from the standard position, our rules (ruleset=original) look for the
decision(s) leading to each next recorded state and then must agree with Ludii on the forcing
flag `may_move_or_pass` (which checks Ludii's forced-deployment counter over whole games, not
just its effect in one state), on the legal decisions, on whose turn it is (two maneuvers per
turn, a stone in flight) and on the game not being over (the early end by score).

A few games diverge (a pass early in the game that Ludii does not count as a maneuver, two
near their end); those games are followed up to there.

Ludii's whole games between its own agents (throngs_ludii_deep_games.jsonl.gz, which reach high
scores and full boards) must replay to Ludii's end, at Ludii's decision, with Ludii's winner.
"""
import collections
import gzip
import json
from pathlib import Path

import pytest

from shared_rules.game import ONGOING
from shared_rules.throngs.rules import Throngs, NO_SITE, PASS
from shared_rules.throngs.ludii import decision_name, replay_game

VECTORS = Path(__file__).resolve().parents[1] / "data" / "ludii"
# file, board, games that may diverge (measured: 4 of 149 and 0 of 75 games)
FILES = (("throngs63_ludii.jsonl.gz", "63", 4), ("throngs93_ludii.jsonl.gz", "93", 0))
DEEP = VECTORS / "throngs_ludii_deep_games.jsonl.gz"


def reached(game, target):
    board, mover, flight = target
    if game.board != board or game.mover != mover:
        return False
    if flight is None:
        return game.fly_site == NO_SITE
    return game.flight() is not None and game.flight()[:2] == (flight[0], flight[1]) and \
        "_ACM"[game.fly_kind] == flight[2]


def search(game, target, depth):
    """Plays a sequence of `depth` decisions that reaches `target`; False (nothing played) if none.
    A pass is tried first (it leaves the same state, which Ludii's file records only once, and the
    order of a pass and a deployment matters to the counter), then decisions on the sites that
    differ from the target or select its stone in flight."""
    if depth == 0:
        return reached(game, target)
    board, _, flight = target
    changed = set(i for i in range(game.n) if game.board[i] != board[i])
    if len(changed) > 2 * depth:  # a decision changes at most two sites
        return False
    if flight is not None:
        changed.add(flight[0])
    moves = game.legal_moves()
    moves.sort(key=lambda m: 0 if m == PASS else 1 if m & 0xFF in changed else 2)
    for move in moves:
        game.play(move)
        if search(game, target, depth - 1):
            return True
        game.undo()
    return False


def replay(path, board):
    """Counts of states followed, disagreements and games that diverged."""
    games = collections.defaultdict(list)
    total = 0
    with gzip.open(path, "rt") as f:
        for line in f:
            case = json.loads(line)
            games[case["game"]].append(case)
            total += 1
    stats = collections.Counter(total=total)
    for cases in games.values():
        game = Throngs({"board": board, "ruleset": "original"})
        ply = 0
        for case in cases:
            target = (bytes(int(c) for c in case["board"]), case["mover"], case["in_flight"])
            if game.winner() != ONGOING or not search(game, target, case["ply"] - ply):
                stats["diverged"] += 1
                break
            ply = case["ply"]
            stats["followed"] += 1
            if (game._restriction() == 0) != case["may_move_or_pass"]:
                stats["forcing differs"] += 1
            if sorted(decision_name(m) for m in game.legal_moves()) != sorted(case["legal"]):
                stats["legal differs"] += 1
    return stats


@pytest.mark.parametrize("name,board,diverging", FILES)
def test_ludii_games_replay_with_the_same_forcing_and_turns(name, board, diverging):
    stats = replay(VECTORS / name, board)
    print(name, dict(stats))
    assert stats["forcing differs"] == 0 and stats["legal differs"] == 0
    assert stats["followed"] >= 0.98 * stats["total"], dict(stats)
    assert stats["diverged"] <= diverging, dict(stats)


def deep_games():
    with gzip.open(DEEP, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.parametrize("number", range(34))
def test_ludii_deep_game_ends_where_ludii_ends(number):
    """Spec "Original ruleset", end: Ludii's "all passed" and early end, its forced pass, byScore."""
    record = deep_games()[number]
    assert replay_game(Throngs({"board": str(record["board"]), "ruleset": "original"}), record) is None
