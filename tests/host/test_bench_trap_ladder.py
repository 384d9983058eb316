"""Trap's exact distance to a trap (tools/bench/bench_trap_ladder.py), checked against the rules'
own trap test, and its match summary."""
from itertools import combinations

from shared_rules.game import DRAW, ONGOING
from shared_rules.rng import Rng
from shared_rules.trap.rules import Trap
from tools.bench.bench_trap_ladder import NEVER, balls_needed, summary

LIGHT, DARK = 1, 2
CENTRE, SOUTH_WEST = 0, 1  # Trap().dots: d4-e5 first, then b2-c3


def put(game, colour, *squares):
    for name in squares:
        game.board[game.cell_at("abcdefgh".index(name[0]), int(name[1:]) - 1)] = colour


def traps_with(game, colour, dot, holes):
    for v in holes:
        game.board[v] = colour
    trapped = game.dot_trapped(colour, dot)
    for v in holes:
        game.board[v] = 0
    return trapped


def test_three_corners_need_the_fourth():
    game = Trap()
    put(game, LIGHT, "d4", "e4", "d5")
    assert balls_needed(game, CENTRE, LIGHT) == (1, [game.cell_at(4, 4)])


def test_an_enemy_ball_on_a_corner_is_enclosed_by_a_wider_ring():
    # Dark on d4: the smallest Light ring around the centre dot passes outside it (the ring
    # model's corner group then needs both bypass holes c4 and d3).
    game = Trap()
    put(game, DARK, "d4")
    need, holes = balls_needed(game, CENTRE, LIGHT)
    assert need == 5 and traps_with(game, LIGHT, CENTRE, holes)


def test_an_enemy_chain_from_a_corner_to_the_edge_is_never_cut():
    game = Trap()
    put(game, DARK, "b2", "a2")
    assert balls_needed(game, SOUTH_WEST, LIGHT) == (NEVER, [])


def test_the_cut_traps_and_nothing_smaller_does_in_played_positions():
    rng = Rng(5)
    checked = 0
    for _ in range(6):
        game = Trap()
        for _ in range(50 + rng.below(20)):  # into phase 2 by random moves
            moves = game.legal_moves()
            if not moves or game.winner() != ONGOING:
                break
            game.play(moves[rng.below(len(moves))])
        empty = [v for v in range(len(game.board)) if game.board[v] == 0]
        for dot in range(len(game.dots)):
            for colour in (LIGHT, DARK):
                if game.dot_trapped(colour, dot):
                    continue
                need, holes = balls_needed(game, dot, colour)
                if need > 2:
                    continue
                assert len(holes) == need and traps_with(game, colour, dot, holes)
                assert not any(traps_with(game, colour, dot, few) for few in combinations(empty, need - 1))
                checked += 1
    assert checked >= 3


def test_the_summary_counts_draws_half_and_names_their_rule():
    ends = [{"winner": 0, "ai_side": 0, "rule": "", "device_ms": [1000.0]},
            {"winner": 1, "ai_side": 0, "rule": "", "device_ms": [3000.0]},
            {"winner": DRAW, "ai_side": 1, "rule": "move limit", "device_ms": [2000.0]},
            {"winner": 0, "ai_side": 0, "rule": "", "device_ms": []}]
    line = summary(ends)
    assert line.startswith("4 games 2-1-1 (W-L-D) score 62.5% [")
    assert "{'move limit': 1}" in line and "2.00 / 3.00 / 3.00" in line
