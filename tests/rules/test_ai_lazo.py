# Lazo's AI (shared_rules/ai_lazo.py + shared_rules/ai.py): legal moves only, node budget, the
# win in one and the block of a loss in one (the arch of spec §3).
from shared_rules import ai, registry
from shared_rules.game import ONGOING
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401
from rules_support import scaled

# Spec §3's example: white A rests on white C and black D, F; white B rests on D and white E, G.
ARCH = {"C": "1.6.3", "D": "1.7.3", "F": "1.6.4", "E": "1.8.3", "G": "1.7.4", "A": "2.6.3", "B": "2.7.3"}
FILLERS = ["1.0.0", "1.2.0", "1.4.0", "1.16.0", "1.18.0", "1.0.2", "1.2.2", "1.14.0"]


def build(black, white):
    """Black's and White's moves alternately, Black first; far-away fillers for the shorter."""
    game = registry.create("lazo")
    moves = (list(black), list(white))
    fillers = list(FILLERS)
    while moves[0] or moves[1]:
        mine = moves[game.to_move()]
        game.play_text(mine.pop(0) if mine else fillers.pop(0))
    assert game.winner() == ONGOING
    return game


def arch_but_b():
    a = ARCH
    return build([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"]])


def test_takes_the_win_in_one():
    """§3: the arch over two adjacent opposing tiles wins (White plays B)."""
    game = arch_but_b()
    game.play_text(FILLERS[-1])  # Black elsewhere: White to move
    for level in ai.LEVELS:
        move = ai.choose_move(game, level)
        assert game.move_to_text(move) == ARCH["B"], level
        game.play(move)
        assert game.winner() == 1
        game.undo()


def test_blocks_the_loss_in_one():
    game = arch_but_b()  # Black to move: only a tile on B stops White's loop
    assert game.to_move() == 0
    for level in ai.LEVELS:
        assert game.move_to_text(ai.choose_move(game, level)) == ARCH["B"], level


def test_only_legal_moves_and_node_budget_in_whole_games():
    rng = Rng(3)
    for game_no in range(scaled(2, 1)):
        game = registry.create("lazo")
        level = ai.LEVELS[game_no % len(ai.LEVELS)]
        budget = 9 + 11 * game_no
        while game.winner() == ONGOING and len(game.history) < scaled(190, 40):
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
    game = arch_but_b()
    before = (game.encode(), list(game.history), bytes(game._supported), bytes(game._adjacent))
    ai.choose_move(game, "hard")
    assert (game.encode(), game.history, bytes(game._supported), bytes(game._adjacent)) == before
