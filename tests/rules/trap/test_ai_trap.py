# Trap's AI (shared_rules/trap/ai.py + shared_rules/ai.py): its threat finder against the rules'
# trap test, legal moves only, node budget, wins in one and blocks of a loss in one, in both
# phases, with small and long rings, double threats made and prevented.
from shared_rules import ai, registry
from shared_rules.trap import ai as ai_trap
from shared_rules.game import ONGOING
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401
from rules_support import scaled


def position(light, dark, to_move, moves_done=0):
    """A Trap position from square lists; phase 1 while balls are in hand (20 each in all)."""
    game = registry.create("trap")
    rows = []
    for r in range(7, -1, -1):
        row = ""
        for c in range(8):
            name = "abcdefgh"[c] + str(r + 1)
            row += "L" if name in light else ("D" if name in dark else ".")
        rows.append(row)
    hands = (0, 0) if moves_done else (20 - len(light), 20 - len(dark))
    game.decode("%s %s %d %d %d" % ("/".join(rows), to_move, hands[0], hands[1], moves_done))
    assert game.winner() == ONGOING
    return game


def target(game, move):
    return game.move_to_text(move).split("-")[-1]


def from_rows(text, rest):
    """A position from eight rows of ". L D" (rank 8 first) and the rest of Trap.encode()."""
    game = registry.create("trap")
    game.decode("/".join(line.replace(" ", "") for line in text.strip().split("\n")) + " " + rest)
    assert game.winner() == ONGOING
    return game


def trapping_holes(game, colour, held=0):
    """By the rules' own test: the empty holes (and with `held` that colour's) where one more
    ball of `colour` traps a dot."""
    board = game.board
    out = []
    for hole in range(len(board)):
        v = board[hole]
        if v == 0 or (held and v == held):
            board[hole] = colour
            for d in range(len(game.dots)):
                if game.dot_trapped(colour, d):
                    out.append(hole)
                    break
            board[hole] = v
    return out


def ai_threats(game, colour, held=0):
    t = ai_trap.Tuner(game, "normal").work
    ai_trap._fill_rows(t, game.board)
    count = ai_trap._threats(t, game.board, colour, 1000, held)
    return sorted(t.found[i] for i in range(count))


def test_threat_finder_agrees_with_the_rules_trap_test():
    """Spec "Trap" (exact test): the AI's threats, found through the dual of the triangle flood
    (no 4-connected way out of holes free of the colour) and the dots' rays, are exactly the
    holes where the rules' test says one more ball traps; boards of several sizes and dots."""
    rng = Rng(5)
    layouts = (None, {"size": "9"}, {"dots": "center"}, {"size": "7"}, {"size": "12", "dots": "a1,k11,e5,b7"})
    checked = 0
    for trial in range(scaled(600, 40)):
        options = layouts[trial % len(layouts)]
        game = registry.create("trap", options) if options else registry.create("trap")
        board = game.board
        density = rng.below(90)
        for cell in range(len(board)):
            roll = rng.below(100)
            board[cell] = 0 if roll >= density else 1 + (roll & 1)
        for colour in (1, 2):
            if any(game.dot_trapped(colour, d) for d in range(len(game.dots))):
                continue  # over already
            for held in (0, 3 - colour):
                want = trapping_holes(game, colour, held)
                assert ai_threats(game, colour, held) == want, (game.encode(), colour, held)
                checked += len(want)
    assert checked > scaled(1000, 40)


def test_each_search_of_a_game_starts_with_fresh_marks():
    """The searches of one game work in the same arrays (one at a time), so no flood's marks
    left by a search may be taken by the next: on one game's boards in turn, each search's
    threats are still exactly the rules' trapping holes."""
    rng = Rng(8)
    game = registry.create("trap")
    board = game.board
    checked = 0
    for trial in range(scaled(300, 30)):
        density = rng.below(90)
        for cell in range(len(board)):
            roll = rng.below(100)
            board[cell] = 0 if roll >= density else 1 + (roll & 1)
        for colour in (1, 2):
            if not any(game.dot_trapped(colour, d) for d in range(len(game.dots))):
                want = trapping_holes(game, colour)
                assert ai_threats(game, colour) == want, (game.encode(), colour)
                checked += len(want)
    assert checked > scaled(150, 10)


def test_threat_makers_are_the_holes_that_make_threats():
    """Ordering's marks: a hole makes one threat (or two) when a ball there leaves one more hole
    (or two) where a further ball traps; checked by trying every hole, in positions of random
    games of both phases."""
    rng = Rng(8)
    tried = 0
    for _ in range(scaled(12, 2)):
        game = registry.create("trap")
        while game.winner() == ONGOING and len(game.history) < 90:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
            if len(game.history) % 9 or game.winner() != ONGOING:
                continue
            t = ai_trap.Tuner(game, "normal").work
            ai_trap._mark_threats(game, t, game.board, game.to_move() + 1)
            marks = bytearray(t.threat)
            board = game.board
            for colour in (1, 2):
                before = ai_threats(game, colour)
                for hole in range(len(board)):
                    if board[hole] or hole in before:
                        continue
                    board[hole] = colour
                    made = len([h for h in ai_threats(game, colour) if h != hole and h not in before])
                    board[hole] = 0
                    want = 2 if made >= 2 else made
                    got = 2 if marks[hole] & colour << 4 else (1 if marks[hole] & colour << 2 else 0)
                    assert got == want, (game.encode(), colour, game.move_to_text(hole) if game.phase() == 1 else hole)
                    tried += 1
    assert tried > scaled(2000, 200)


# Dark to move: e1 joins Dark's chain round f2-g3 so that d1 and d2 both close it (a double
# threat); Light's trap under Dark's g7 waits for that ball to move.
DOUBLE_MAKER = """
. L D . L . . .
L L D . . L D D
D D L . . L L L
. L L D L L L L
. . . D D D D .
D D D D . D D .
. L D . L L D .
. L . . . D . .
"""


def test_phase2_makes_a_double_threat():
    game = from_rows(DOUBLE_MAKER, "D 0 0 25")
    assert trapping_holes(game, 1, 2) == [game.cell_at(6, 6)]  # g7, under Dark's ball
    for level in ai.LEVELS:
        move = ai.choose_move(game, level)
        game.play(move)
        assert len(trapping_holes(game, 2)) >= 2 and not trapping_holes(game, 1), (level, game.move_to_text(move))
        game.undo()


# Light to move: Dark's d2 would make two threats (e1 and e2, round f2-g3); most Light moves
# allow it.
PREVENT = """
. L . . . . . L
. L L L . . L L
. L D D L L D D
. D D D L D D D
. D D D D D D .
L L D L L L D .
. L L . . L D .
L . . . . D . .
"""


def test_phase2_prevents_a_double_threat():
    game = from_rows(PREVENT, "L 0 0 16")
    f5, d2 = game.cell_at(5, 4), game.cell_at(3, 1)
    game.board[f5], game.board[d2] = 0, 2  # (as if it were Dark's turn: f5-d2)
    assert len(trapping_holes(game, 2)) == 2
    game.board[f5], game.board[d2] = 2, 0
    for level in ("normal", "hard"):
        game.play(ai.choose_move(game, level))
        for reply in game.legal_moves():
            game.play(reply)
            assert game.winner() == ONGOING and len(ai_threats(game, 2)) < 2, (level, game.move_to_text(reply))
            game.undo()
        game.undo()


def test_phase1_takes_the_win_in_one():
    """Spec "Trap": the smallest trap is the four corners of the dot's square (d4 e4 d5 e5)."""
    game = position(["d4", "e4", "d5", "a1", "h8"], ["b2", "b3", "g7", "g6", "a8"], "L")
    for level in ai.LEVELS:
        assert target(game, ai.choose_move(game, level)) == "e5", level


def test_phase1_blocks_the_loss_in_one():
    game = position(["a1", "h8", "a8"], ["d4", "e4", "d5"], "L")  # e5 is Dark's only completion
    for level in ai.LEVELS:
        assert target(game, ai.choose_move(game, level)) == "e5", level


# A ring of ten around c4..e5, open at d6 only, with the other colour on c4 d4 c5 d5 inside (so
# no ring of the four corners or of their bypasses can hold d4) and on d7 d8 (so d6 is the one
# hole that closes it); a spare group of three to move from.
LONG_RING = ["b4", "b5", "c6", "e6", "f5", "f4", "e3", "d3", "c3"]
INSIDE = ["c4", "d4", "c5", "d5", "d7", "d8"]
SPARE = ["a8", "b8", "a7"]


def test_phase2_takes_the_win_in_one_with_a_long_ring():
    """Spec "Trap": a chain of links surrounding the dot, of any length, with enemy balls inside."""
    game = position(LONG_RING + SPARE, INSIDE + ["h1", "h2"], "L", moves_done=4)
    for level in ai.LEVELS:
        move = ai.choose_move(game, level)
        assert target(game, move) == "d6", (level, game.move_to_text(move))
        game.play(move)
        assert game.winner() == 0
        game.undo()


def test_phase2_blocks_the_loss_in_one_with_a_long_ring():
    game = position(INSIDE + ["h1", "h2"], LONG_RING + SPARE, "L", moves_done=4)
    for level in ai.LEVELS:
        assert target(game, ai.choose_move(game, level)) == "d6", level


def test_phase2_small_ring_win_and_block():
    game = position(["d4", "e4", "d5", "a1", "b1", "a2"], ["h8", "g8", "h7", "h1", "h2"], "L", moves_done=2)
    assert target(game, ai.choose_move(game)) == "e5"
    game = position(["f6", "g6", "g7"], ["d4", "e4", "d5", "h8", "g8", "h7"], "L", moves_done=2)
    assert target(game, ai.choose_move(game)) == "e5"


def test_only_legal_moves_and_node_budget_in_whole_games():
    rng = Rng(11)
    for game_no in range(scaled(3, 1)):
        game = registry.create("trap")
        level = ai.LEVELS[game_no % len(ai.LEVELS)]
        budget = 5 + 7 * game_no
        while game.winner() == ONGOING and len(game.history) < scaled(140, 60):
            legal = game.legal_moves()
            if len(game.history) % 2 == game_no % 2:
                search = ai.Search(game, level, seed=len(game.history), max_nodes=budget, device_seconds=1000)
                move = search.run()
                assert search.nodes <= budget
            else:
                move = legal[rng.below(len(legal))]
            assert move in legal
            game.play(move)


def test_search_leaves_the_position_unchanged():
    game = position(LONG_RING + SPARE, INSIDE + ["h1", "h2"], "D", moves_done=5)
    before = game.encode()
    ai.choose_move(game, "hard")
    assert game.encode() == before and game.history == []
