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
