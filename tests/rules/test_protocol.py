# The game protocol's shared parts (docs/architecture.md): options, registry, seeded dice.
from shared_rules.game import GameError
from shared_rules.game_text import parse_options
from shared_rules import registry
from shared_rules.rng import Rng
from rules_support import raises


def test_options_defaults_and_validation():
    allowed = {"board": ("63", "93"), "seed": ("0", "*int")}
    opts = parse_options("g", allowed, None)
    assert opts["board"] == "63"
    assert parse_options("g", allowed, {"board": "93", "seed": "-12"})["seed"] == "-12"
    assert raises(GameError, parse_options, "g", allowed, {"colour": "red"})
    assert raises(GameError, parse_options, "g", allowed, {"board": "64"})
    assert raises(GameError, parse_options, "g", allowed, {"seed": "x1"})


def test_option_error_names_the_valid_choices():
    try:
        parse_options("g", {"board": ("63", "93")}, {"board": "7"})
        assert False, "accepted a bad option"
    except GameError as e:
        assert "63|93" in str(e)


def test_unknown_game_is_a_clear_error():
    try:
        registry.create("no_such_game")
        assert False, "created an unknown game"
    except GameError as e:
        assert "unknown game" in str(e)


def test_option_words():
    assert registry.parse_option_words(["a=1", "b=x=y"]) == {"a": "1", "b": "x=y"}
    assert raises(GameError, registry.parse_option_words, ["novalue"])


def test_rng_same_sequence_for_same_seed():
    a, b = Rng(42), Rng(42)
    seq = [a.below(6) for _ in range(50)]
    assert seq == [b.below(6) for _ in range(50)]
    assert len(set(seq)) == 6
    # Fixed values, the same on every VM, so records replay exactly everywhere.
    r = Rng(1)
    assert [r.next32() for _ in range(3)] == FIRST_THREE_OF_SEED_1


FIRST_THREE_OF_SEED_1 = [2726006539, 2697616902, 2320997347]


def test_integer_options_are_bounded_and_normalised():
    # A 5,000-digit value is refused with the allowed range (CPython's int() refuses
    # it with a ValueError), "08" is read as 8 and said back so.
    allowed = {"size": ("8", "7", "*int")}
    ranges = {"size": (7, 16)}
    assert parse_options("g", allowed, {"size": "08"}, ranges)["size"] == "8"
    assert parse_options("g", allowed, {"size": "016"}, ranges)["size"] == "16"
    assert parse_options("g", {"seed": ("0", "*int")}, {"seed": "-0007"})["seed"] == "-7"
    for bad in ("17", "6", "-8", "9" * 5000, "0" * 5000 + "99", "+8", "8.0", "", "\u0668"):
        try:
            parse_options("g", allowed, {"size": bad}, ranges)
            assert False, "accepted size=%s" % bad[:20]
        except GameError as e:
            assert "7..16" in str(e) and len(str(e)) < 200, str(e)[:300]
    assert raises(GameError, parse_options, "g", {"seed": ("0", "*int")}, {"seed": "1" * 5000})


def test_an_integer_option_out_of_range_and_not_an_integer_get_the_same_answer():
    allowed = {"size": ("8", "7", "*int")}
    messages = []
    for value in ("abc", "3", "17"):
        try:
            parse_options("trap", allowed, {"size": value}, {"size": (7, 16)})
            assert False, "accepted size=" + value
        except GameError as e:
            messages.append(str(e).split("; ")[1])
    assert messages == ["choose an integer 7..16"] * 3, messages
    assert parse_options("trap", allowed, {"size": "16"}, {"size": (7, 16)})["size"] == "16"
    import shared_rules.games  # noqa: F401  (registers trap)
    try:
        registry.create("trap", {"size": "abc"})
        assert False
    except GameError as e:
        assert str(e).endswith("choose an integer 7..16"), str(e)
