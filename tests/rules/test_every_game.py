# The game protocol (docs/architecture.md) checked for every registered game at once, so a new
# game is held to it as soon as games.py registers it: random games with the shared invariants
# (rules_support.play_checked: legal moves, each decision's text, encode/decode, undo and record
# replay, undo to the start), and refusals of what a position does not offer.  Plain loops over
# registry.game_names(), so the same file runs under the MicroPython VM (no parametrize there).
# The per-game drivers (test_<game>_random.py) keep what only their game has: references,
# counts, options, their soak.
import gc
import sys

from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.rng import Rng
from rules_support import ON_MICROPYTHON, play_checked, raises, refuses, scaled

# A snapshot per decision is kept for the undo to the start: 200 of them fit a device's heap.
MAX_DECISIONS = scaled(1000, 200)


def forget_games_since(before):
    """On MicroPython, drops the modules imported since `before` (the names in sys.modules then)
    and collects: a device holds one game's rules at a time, as the app does.  CPython keeps
    them (other tests in the process hold their classes)."""
    if ON_MICROPYTHON:
        for name in [name for name in sys.modules if name not in before]:
            registry.unload(name)
        gc.collect()
BAD_TEXTS = ("", "?", "@@", "zz99-zz98", "x" * 40, "1.2.3.4.5.6")


def test_random_games_of_every_game_keep_the_protocol_and_undo_to_the_start():
    for name in registry.game_names():
        before = list(sys.modules)
        start = registry.create(name).encode()
        for seed in range(scaled(8, 1)):
            game = registry.create(name)
            decisions, winner, record = play_checked(game, Rng(seed + 1), max_decisions=MAX_DECISIONS)
            assert decisions > 0 and winner in (ONGOING, DRAW, 0, 1), (name, seed, winner)
            assert record and game.encode() == start and not game.history, (name, seed)
        game = None
        forget_games_since(before)


def test_every_game_refuses_moves_it_does_not_offer_and_bad_text():
    for name in registry.game_names():
        game = registry.create(name)
        rng = Rng(7)
        refused = 0
        while True:
            moves = game.legal_moves()
            top = max(moves) if moves else 0
            for bogus in (-1, top + 1, 2 * top + 3, 1 << 29, rng.below(top + 2)):
                if bogus not in moves:
                    assert refuses(game, bogus), (name, bogus, game.encode())
                    refused += 1
            for text in BAD_TEXTS:
                assert raises(GameError, game.move_from_text, text), (name, text, game.encode())
            position = game.encode()
            assert raises(GameError, game.decode, "not a position"), name
            assert game.encode() == position, (name, "a refused decode changed the position")
            if not moves or len(game.history) >= scaled(200, 40):
                break
            game.play(moves[rng.below(len(moves))])
        assert refused > 0, name
