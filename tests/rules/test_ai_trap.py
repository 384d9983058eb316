# Trap's AI (shared_rules/ai_trap.py + shared_rules/ai.py): legal moves only, node budget,
# wins in one and blocks of a loss in one, in both phases, with small and long rings.
from shared_rules import ai, registry
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
