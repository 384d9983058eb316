# Helpers for the rules tests, which run unchanged under pytest (CPython) and under the real
# MicroPython VM (tools/mpy_test.mjs).  Plain functions and asserts only.
import sys

from shared_rules import ai
from shared_rules.game import GameError

# Issue 10: tests check the AI's budgets by node count, never by time, so the levels' time caps
# are off in every test (a loaded machine must not change which move a search returns).
ai.use_level_time_caps(False)

ON_MICROPYTHON = sys.implementation.name == "micropython"


def scaled(n_cpython, n_micropython):
    """How many iterations a randomised test does: the VM is ~15x slower than CPython."""
    return n_micropython if ON_MICROPYTHON else n_cpython


def raises(exc_type, func, *args):
    """True when func(*args) raises exc_type (pytest.raises is not available under the VM)."""
    try:
        func(*args)
    except exc_type:
        return True
    return False


# --- protocol invariants shared by the randomised tests of several games -------------------------

def position_snapshot(game):
    """What undo must restore exactly: the position text, the side to move, the result and the
    legal moves."""
    return (game.encode(), game.to_move(), game.winner(), sorted(game.legal_moves()))


def undo_to_start(game, snapshots):
    """Takes back every decision, checking after each undo the position_snapshot taken before that
    decision (popped off `snapshots`); then one more undo must be refused with GameError."""
    while snapshots:
        game.undo()
        assert position_snapshot(game) == snapshots.pop(), game.encode()
    assert not game.history and raises(GameError, game.undo)


def decoded_copy(game):
    """A new game with the same options decoded from game.encode(), which must encode the same."""
    copy = game.__class__(game.options)
    copy.decode(game.encode())
    assert copy.encode() == game.encode()
    return copy


def check_record_replays(game):
    """game.record(), played text by text on a new game with the same options, reaches the same
    position and result."""
    replay = game.__class__(game.options)
    for text in game.record().split():
        replay.play_text(text)
    assert replay.encode() == game.encode() and replay.winner() == game.winner()


def refuses(game, move):
    """True when game.play(move) is refused with GameError and the position stays as it was."""
    before = game.encode()
    return raises(GameError, game.play, move) and game.encode() == before


# --- AI tests shared by several games -----------------------------------------------------------

def ai_whole_games(name, seed, games, max_decisions, first_budget, budget_step, options=None):
    """Whole games of the AI against a uniform random player (Rng(seed)): game g plays the
    levels in turn, the AI taking the decisions whose count has g's parity, with a node budget
    of first_budget + g * budget_step (no time cap).  Checks that every AI move is legal and
    every search stays within its budget; returns the games' lengths in decisions."""
    from shared_rules import registry
    from shared_rules.game import ONGOING
    from shared_rules.rng import Rng
    import shared_rules.games  # noqa: F401  (registers every game)
    rng = Rng(seed)
    lengths = []
    for game_no in range(games):
        game = registry.create(name, options)
        level = ai.LEVELS[game_no % len(ai.LEVELS)]
        budget = first_budget + budget_step * game_no
        while game.winner() == ONGOING and len(game.history) < max_decisions:
            legal = game.legal_moves()
            if len(game.history) % 2 == game_no % 2:
                search = ai.Search(game, level, seed=len(game.history), max_nodes=budget, device_seconds=1000)
                move = search.run()
                assert search.nodes <= budget, (name, level, search.nodes, budget)
            else:
                move = legal[rng.below(len(legal))]
            assert move in legal, (name, level, game.move_to_text(move))
            game.play(move)
        lengths.append(len(game.history))
    return lengths
