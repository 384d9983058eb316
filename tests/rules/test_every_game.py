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
from rules_support import ON_MICROPYTHON, Snapshots, play_checked, raises, refuses, scaled

# Decisions per game: 200 on MicroPython keep a device's run to minutes.
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


# Each game's move syntax with `#` where a number goes: a number of any length is refused with
# the reason (CPython's int() refuses over 4,300 digits with a ValueError of its own).
NUMBER_TEMPLATES = {
    "lazo": ("#.0.0", "1.#.0", "1.0.#"),
    "tholian_go": ("D#.1", "D1.#", "L#.1", "L1.#", "D1.1-D#.1", "-D#.1"),
    "thoughtwave": ("B1@a#", "C0@j#"),
    "throngs": ("#", "-#", "P@#", "x@#", "B@#", "W@#", "#-1", "P@#-#"),
    "trap": ("a#", "d4-a#", "a#-d4"),
}
LONG_NUMBERS = ("9" * 4301, "0" * 4300 + "99", "1" + "0" * 20)


def test_every_game_refuses_move_texts_with_numbers_of_any_length_with_a_short_reason():
    for name, options in (("lazo", None), ("tholian_go", None), ("thoughtwave", None),
                          ("throngs", None), ("throngs", {"board": "torus81"}), ("trap", None)):
        game = registry.create(name, options)
        rng = Rng(11)
        tried = 0
        while True:
            for template in NUMBER_TEMPLATES[name]:
                for number in LONG_NUMBERS:
                    try:
                        game.move_from_text(template.replace("#", number))
                        assert False, (name, template, "accepted")
                    except GameError as e:
                        assert len(str(e)) < 300, (name, template, len(str(e)))
                    tried += 1
            moves = game.legal_moves()
            if not moves or len(game.history) >= scaled(40, 6):
                break
            game.play(moves[rng.below(len(moves))])
        assert tried > 0, name


def test_undo_snapshots_tell_every_difference_past_their_first_room():
    """The undo checks' stack (rules_support.Snapshots, digests on MicroPython) grows past the
    room it started with and tells a snapshot that differs in one field from the one it kept."""
    snapshots = Snapshots(2)
    kept = [("b:B.W", 0, -1, (3, 9, 7, 1, 5)), ("w:B.WB", 1, -1, (2, 4, 4, 1, 3)), ("b:B.WBW", 0, 1, (0, 0, 0, -1, -1))]
    for snapshot in kept:
        snapshots.push(snapshot)
    assert snapshots.count == 3 and snapshots.top_is(kept[2])
    assert not snapshots.top_is(("b:B.WBW", 0, 0, (0, 0, 0, -1, -1)))
    assert not snapshots.pop_is(kept[1]) and snapshots.count == 2
    assert snapshots.pop_is(kept[1]) and not snapshots.top_is(("b:B.X", 0, -1, (3, 9, 7, 1, 5)))
    assert snapshots.pop_is(kept[0]) and snapshots.count == 0
