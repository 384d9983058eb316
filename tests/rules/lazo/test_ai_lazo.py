# Lazo's AI (shared_rules/lazo/ai.py + shared_rules/ai.py): legal moves only, node budget, the
# win in one and the block of a loss in one (the arch of spec §3).
from shared_rules import ai, registry
from shared_rules.lazo import ai as ai_lazo
from shared_rules.game import ONGOING
from shared_rules.lazo.rules import N_SPACES
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401
from rules_support import ai_whole_games, check_keeps_every_win, check_recorded, recorded_searches, scaled

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


def test_win_check_tries_only_the_tiles_that_may_close_a_loop():
    """A win on the spot is played before any search; the check plays only the moves
    win_candidates() keeps, which must hold every win (a loop, §3, or the opponent left without
    a move) and, with holes left on the board, no tile that cannot close a loop."""
    game = arch_but_b()
    game.play_text(FILLERS[-1])  # White to move: B wins
    moves = game.legal_moves()
    kept = ai_lazo.win_candidates(game, list(moves))
    assert game.move_from_text(ARCH["B"]) in kept
    assert 0 < len(kept) < len(moves) // 4, (len(kept), len(moves))
    rng = Rng(5)
    for _ in range(scaled(3, 1)):
        game = registry.create("lazo")
        while game.winner() == ONGOING:
            moves = game.legal_moves()
            for m in check_keeps_every_win(game, ai_lazo.win_candidates(game, list(moves))):
                assert game.holes_left() > 1 and not game.would_loop(m, game.to_move())
            game.play(moves[rng.below(len(moves))])


def test_blocks_the_loss_in_one():
    game = arch_but_b()  # Black to move: only a tile on B stops White's loop
    assert game.to_move() == 0
    for level in ai.LEVELS:
        assert game.move_to_text(ai.choose_move(game, level)) == ARCH["B"], level


def test_forced_replies_are_the_win_or_the_block():
    """The search's candidates where the play is forced: the side with a winning space plays
    it; the side facing one plays there (the block), nothing else."""
    game = arch_but_b()  # Black to move, White threatens B
    assert [game.move_to_text(m) for m in ai_lazo.Tuner(game, "normal").candidates(3)] == [ARCH["B"]]
    game.play_text(FILLERS[-1])
    assert [game.move_to_text(m) for m in ai_lazo.Tuner(game, "normal").candidates(3)] == [ARCH["B"]]


def test_search_line_knows_the_winning_spaces_next_to_its_tiles():
    """What the search keeps for the spaces next to the tiles it placed (its segments) is what
    the loop test says when asked afresh, for both colours, in positions of random games."""
    rng = Rng(5)
    checked = 0
    for trial in range(scaled(12, 3)):
        game = registry.create("lazo")
        while game.winner() == ONGOING and len(game.history) < 60 + 8 * trial:
            legal = game.legal_moves()
            upper = [m for m in legal if m >= 145]
            pool = upper if upper and rng.below(3) else legal
            game.play(pool[rng.below(len(pool))])
        if game.winner() != ONGOING:
            continue
        tuner = ai_lazo.Tuner(game, "normal")
        line = 0
        while line < 3 and game.winner() == ONGOING:
            legal = game.legal_moves()
            game.play(legal[rng.below(len(legal))])
            line += 1
        if game.winner() != ONGOING:
            continue
        tuner.evaluate(0)
        for s in range(145, N_SPACES):
            if game.cells[s] or tuner.work.near[s] != tuner.work.stamp:
                continue
            for player in (0, 1):
                expected = game.adjacent[player * N_SPACES + s] >= 2 and game.would_loop(s, player)
                assert bool(tuner.work.bits[s] >> player & 1) == expected, (game.encode(), s, player)
                checked += 1
    assert checked > scaled(50, 10)


def test_only_legal_moves_and_node_budget_in_whole_games():
    lengths = ai_whole_games("lazo", 3, scaled(2, 1), scaled(190, 40), 9, 11)
    assert sum(lengths) >= scaled(60, 20)  # the games were played, not stopped early


def test_search_leaves_the_position_unchanged():
    game = arch_but_b()
    before = (game.encode(), list(game.history), bytes(game.supported), bytes(game.adjacent))
    ai.choose_move(game, "hard")
    assert (game.encode(), game.history, bytes(game.supported), bytes(game.adjacent)) == before


# Recorded with lazo/ai.py before its code was reshaped (this code gives the same),
# the levels' time caps off: node budgets decide.  (label, options, start: (seed, plies) for that
# many random decisions)
RECORDED_POSITIONS = [
    ('random 1/12', {}, (1, 12)),
    ('random 2/40', {}, (2, 40)),
    ('random 5/70', {}, (5, 70)),
    ('random 7/60', {}, (7, 60)),
]
# (label, options, start, level, decisions the AI plays in a row: the k-th search with seed k)
RECORDED_LINES = [
    ('line 11/30', {}, (11, 30), 'normal', 6),
    ('line 12/50', {}, (12, 50), 'hard', 6),
]
RECORDED_SEEDS = (0,)
RECORDED = [  # (label, level, seed, move, nodes, depth)
    ('random 1/12', 'easy', 0, '1.8.1', 25, 2),
    ('random 1/12', 'normal', 0, '1.3.1', 62, 3),
    ('random 1/12', 'hard', 0, '1.3.1', 213, 4),
    ('random 2/40', 'easy', 0, '2.11.2', 20, 2),
    ('random 2/40', 'normal', 0, '2.11.2', 54, 3),
    ('random 2/40', 'hard', 0, '2.0.1', 271, 4),
    ('random 5/70', 'easy', 0, '2.4.7', 0, 0),
    ('random 5/70', 'normal', 0, '2.4.7', 0, 0),
    ('random 5/70', 'hard', 0, '2.4.7', 0, 0),
    ('random 7/60', 'easy', 0, '2.12.2', 22, 2),
    ('random 7/60', 'normal', 0, '2.6.5', 54, 3),
    ('random 7/60', 'hard', 0, '2.6.5', 186, 4),
    ('line 11/30', 'normal', 0, '2.3.6', 52, 3),
    ('line 11/30', 'normal', 1, '1.4.7', 54, 3),
    ('line 11/30', 'normal', 2, '2.4.6', 62, 3),
    ('line 11/30', 'normal', 3, '1.13.3', 42, 3),
    ('line 11/30', 'normal', 4, '1.5.7', 46, 3),
    ('line 11/30', 'normal', 5, '2.4.7', 30, 3),
    ('line 12/50', 'hard', 0, '2.1.4', 218, 4),
    ('line 12/50', 'hard', 1, '1.2.5', 227, 4),
    ('line 12/50', 'hard', 2, '2.2.4', 197, 4),
    ('line 12/50', 'hard', 3, '2.3.6', 140, 4),
    ('line 12/50', 'hard', 4, '1.0.6', 162, 4),
    ('line 12/50', 'hard', 5, '2.0.5', 97, 4),
]


def test_recorded_moves_and_node_counts_stay_the_same():
    """The AI's code takes a new shape, its choices do not change (on both VMs)."""
    check_recorded(recorded_searches("lazo", RECORDED_POSITIONS, RECORDED_SEEDS, RECORDED_LINES), RECORDED)
