# Throngs: randomised invariants over seeded random games on every board, both rulesets and both
# starts: stones are conserved except by deploying and capturing, undo restores every position,
# encode/decode round-trips, notation round-trips, and the fast tables (potentials, routes, score)
# agree with slow reference versions written straight from the spec.
from shared_rules.game import GameError, ONGOING
from shared_rules.rng import Rng
from shared_rules.throngs.rules import (Throngs, BLACK, WHITE, DEPLOY, CAPTURE, MOVE, DEST, PASS,
                                  PLACE_BLACK, PLACE_WHITE)
from rules_support import Snapshots, decoded_copy, play_checked, position_snapshot, scaled, undo_to_start

GAMES = (  # (board, ruleset, start)
    ("63", "seed", "standard"), ("63", "original", "standard"), ("93", "original", "standard"),
    ("93", "seed", "pie"), ("87", "seed", "standard"), ("153", "original", "pie"), ("torus81", "seed", "pie"),
    ("perforated54", "original", "standard"), ("perforated54", "seed", "pie"),
)


def counts(game):
    black = 0
    white = 0
    for v in game.board:
        if v == BLACK:
            black += 1
        elif v == WHITE:
            white += 1
    return black, white


def reference_potential(game, site, colour):
    total = 0
    for s in [site] + list(game.neighbours(site)):
        if game.board[s] == colour:
            total += 1
        elif game.board[s] != 0:
            total -= 1
    return total


def reference_destinations(game, start, power):
    """Spec "Dispatch" by depth-first search over routes: a step to an adjacent empty site costs 1,
    a straight jump over k occupied sites to the first empty site beyond costs k + 1; the start
    counts as occupied; on the torus a jump that comes back to where it began lands nowhere.  A
    site is revisited only with more budget left than before."""
    best = {}
    found = set()

    def explore(site, left):
        if best.get(site, -1) >= left:
            return
        best[site] = left
        if site != start:
            found.add(site)
        for d in range(6):
            j = game.steps[site * 6 + d]
            crossed = 0
            while j != 255 and j != site and (game.board[j] != 0 or j == start):
                crossed += 1
                j = game.steps[j * 6 + d]
            if j != 255 and j != site and crossed + 1 <= left:
                explore(j, left - crossed - 1)

    explore(start, power)
    return found


def reference_score(game, mine):
    theirs = 3 - mine
    nbrs = [set(game.neighbours(i)) for i in range(game.n)]
    edge = [len(nbrs[i]) < 5 for i in range(game.n)]

    def having(sites, colour):
        return [s for s in sites if game.board[s] == colour]

    total = 0
    for i in range(game.n):
        p, q, e = having(nbrs[i], mine), having(nbrs[i], theirs), having(nbrs[i], 0)
        if game.board[i] == mine:
            total += (len(p) > 0 or len(e) > 2) if edge[i] else (len(p) > 1 or len(q) - len(p) < 2)
        elif game.board[i] == 0:
            touched = any(having(nbrs[x], theirs) for x in e)
            if edge[i]:
                total += len(p) > 2 and not touched and not any(edge[x] for x in e)
            else:
                total += (len(p) > 3 and not touched) or (len(p) > 2 and not q)
        else:
            total += 2 * len(p) > 2 + len(nbrs[i])
    return total


def check_position(game, rng):
    """The invariants that hold in any position; returns the legal moves."""
    moves = game.legal_moves()
    assert len(moves) == len(set(moves))
    for m in moves:
        assert game.illegal_reason(m) is None, (game.encode(), m)
        assert game.move_from_text(game.move_to_text(m)) == m
    for _ in range(3):  # random decisions not offered are refused
        m = (1 + rng.below(8)) << 8 | rng.below(game.n)
        if m not in moves and game.winner() == ONGOING:
            assert game.illegal_reason(m) is not None, (game.encode(), m)
    assert decoded_copy(game).legal_moves() == moves
    mover = game.mover
    for i in range(game.n):
        assert game.potential(i, mover) == reference_potential(game, i, mover)
    flight = game.flight()
    if flight is not None:
        site, power, kind = flight
        want = reference_destinations(game, site, power)
        if kind != MOVE:
            want.add(site)
        assert sorted(m & 0xFF for m in moves) == sorted(want), game.encode()
    return moves


def conservation_check(game):
    """An after-decision check (play_checked's `after`): stones are conserved, except that
    deploying (and the pie setup) adds one and a capture turns one."""
    before = [counts(game), game.mover]   # stones, and the colour that makes the next decision

    def check(game, player, move):
        (black, white), colour = before
        kind = move & 0xF00
        if kind == DEPLOY:
            expect = (black + 1, white) if colour == BLACK else (black, white + 1)
        elif kind == CAPTURE:
            expect = (black + 1, white - 1) if colour == BLACK else (black - 1, white + 1)
        elif kind == PLACE_BLACK:
            expect = (black + 1, white)
        elif kind == PLACE_WHITE:
            expect = (black, white + 1)
        else:
            expect = (black, white)
        before[:] = [counts(game), game.mover]
        assert before[0] == expect, (move, game.encode())
    return check


def check_final_score(game, mover, move):
    if game.winner() != ONGOING:
        assert reference_score(game, BLACK) == game.colour_score(BLACK), game.encode()


def play_random_game(options, seed, max_decisions, full_checks):
    rng = Rng(seed)
    game = Throngs(options)
    conserved = conservation_check(game)
    positions = Snapshots()
    while game.winner() == ONGOING and len(game.history) < max_decisions:
        moves = check_position(game, rng) if full_checks else game.legal_moves()
        assert moves, "an ongoing game has a legal move"
        move = moves[rng.below(len(moves))]
        mover = game.to_move()
        positions.push(position_snapshot(game))
        game.play(move)
        conserved(game, mover, move)
        check_final_score(game, mover, move)
    if game.winner() != ONGOING:
        assert game.legal_moves() == []
    return game, positions


def soak(seed):
    """One whole random game with every invariant (decoding every other position), stone
    conservation and the final score against the reference, over every board, ruleset and start
    (tools/bench/soak.py).
    Returns (options, decisions, winner, record)."""
    boards = Throngs.OPTIONS["board"]
    options = {"board": boards[seed % len(boards)], "ruleset": ("seed", "original")[seed // len(boards) % 2],
               "start": ("standard", "pie")[seed // (2 * len(boards)) % 2]}
    game = Throngs(options)
    conserved = conservation_check(game)

    def after(game, mover, move):
        conserved(game, mover, move)
        check_final_score(game, mover, move)
    return (options,) + play_checked(game, Rng(seed), after=after, decode_every=2)


def test_random_games_conserve_stones_and_undo_restores_every_position():
    """Randomised: stone conservation except captures (and deployments), undo back to the start."""
    decisions = scaled(400, 150)
    for index in range(len(GAMES)):
        board, ruleset, start = GAMES[index]
        game, positions = play_random_game({"board": board, "ruleset": ruleset, "start": start},
                                           100 + index, decisions, True)
        assert positions.count == len(game.history)
        undo_to_start(game, positions)
        assert game.encode() == Throngs(game.options).encode()


def test_random_games_end_with_a_result():
    """Randomised whole games end (by majority, passes or score)."""
    for seed in range(scaled(6, 2)):
        board = ("63", "93")[seed % 2]
        ruleset = ("seed", "original")[seed // 2 % 2]
        game, _ = play_random_game({"board": board, "ruleset": ruleset}, seed, 5000, False)
        assert game.winner() != ONGOING


def test_score_matches_the_reference_in_random_positions():
    """Spec "End and score": the fast score equals a set-based reading of the three rules."""
    rng = Rng(7)
    for trial in range(scaled(60, 8)):
        game = Throngs({"board": ("63", "93", "87", "153")[trial % 4]})
        stones = ""
        for _ in range(game.n):
            stones += "0112"[rng.below(4)] if trial % 2 else "0012"[rng.below(4)]
        game.decode(game.encode().replace(game.encode().split()[0], "stones=" + stones))
        for colour in (BLACK, WHITE):
            assert game.colour_score(colour) == reference_score(game, colour), (trial, stones)


def test_destinations_match_the_reference_search():
    """Spec "Dispatch": in random crowded positions, every stone in flight with every power reaches
    exactly the sites a route-by-route search finds."""
    rng = Rng(11)
    for trial in range(scaled(40, 5)):
        game = Throngs({"board": ("63", "93")[trial % 2]})
        stones = ""
        for _ in range(game.n):
            stones += "0001122"[rng.below(7)]
        start = rng.below(game.n)
        stones = stones[:start] + "1" + stones[start + 1:]
        for power in range(1, 8):
            text = game.encode().split()
            text[0] = "stones=" + stones
            text[3] = "flight=M%d:%d" % (start, power)
            game.decode(" ".join(text))
            got = sorted(m & 0xFF for m in game.legal_moves())
            assert got == sorted(reference_destinations(game, start, power)), (stones, start, power)


def test_undo_restores_captures_flights_and_turns():
    """Undo takes back exactly one decision, including a capture and the stone in flight."""
    game = Throngs({"ruleset": "original"})
    text = ("stones=" + "0" * 11 + "11110111" + "0" * 44 + " mover=1 maneuver=2 flight=- passed=000 "
            "deployed=0 must_deploy=00 counters=-1,-1 setup=4 swapped=0 result=none")
    game.decode(text)
    moves = game.legal_moves()
    assert PASS in moves and MOVE | 11 in moves
    game.play(MOVE | 11)
    game.play(game.legal_moves()[0])
    assert game.mover == WHITE
    game.undo()
    assert game.flight() == (11, game.potential(11), MOVE) and game.mover == BLACK
    game.undo()
    assert game.encode() == text
    assert game.history == []
    try:
        game.undo()
        assert False
    except GameError:
        pass
