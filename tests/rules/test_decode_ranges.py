# decode() checks the range of every field of a position text, in every game: a value
# out of range is a GameError with the reason, never another error and never a position the
# game cannot play or undo exactly.  Plain loops, so the file runs under the MicroPython VM too.
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules.game import GameError
from shared_rules.rng import Rng
from rules_support import raises

# Out of range for any field of any game: over 4,300 digits (CPython's int() refuses them with
# a ValueError), over 32 bits, over a byte.
HUGE = ("9" * 5000, "99999999999", "65535")


def positions(name, options=None):
    """The game's start position and one 30 random decisions on (fields of every kind set)."""
    game = registry.create(name, options)
    texts = [game.encode()]
    rng = Rng(3)
    for _ in range(30):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[rng.below(len(moves))])
    texts.append(game.encode())
    return game, texts


def number_runs(text):
    """(start, end) of each run of digits in `text`."""
    runs = []
    i = 0
    while i < len(text):
        if "0" <= text[i] <= "9":
            j = i
            while j < len(text) and "0" <= text[j] <= "9":
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    return runs


def refused_or_kept(game, text):
    """Decodes `text`: True when it is refused with a GameError and the position is left as it
    was, or taken whole (encode() gives it back); False for any other outcome."""
    before = game.encode()
    try:
        game.decode(text)
    except GameError:
        return game.encode() == before
    except Exception:
        return False
    ok = game.encode() == text
    game.decode(before)
    return ok


def test_every_number_of_every_games_position_out_of_range_is_refused_with_a_game_error():
    # game.py: decode() "sets the position from encode()'s text"; a GameError is "a bad request
    # from outside: ... bad save".
    cases = [("lazo", None), ("thoughtwave", None), ("throngs", None), ("trap", None),
             ("tholian_go", None), ("tholian_go", {"variant": "lucky"}), ("tholian_go", {"variant": "ultimate"})]
    for name, options in cases:
        game, texts = positions(name, options)
        for text in texts:
            for start, end in number_runs(text):
                for value in HUGE:
                    bad = text[:start] + value + text[end:]
                    assert refused_or_kept(game, bad), (name, options, bad[:200])


def field(text, key, value):
    """`text` (key=value words) with the `key` field set to `value`."""
    words = text.split(" ")
    for i in range(len(words)):
        if words[i].startswith(key + "="):
            words[i] = key + "=" + value
    return " ".join(words)


def test_tholian_go_decode_refuses_each_field_out_of_its_range():
    game, texts = positions("tholian_go", {"variant": "lucky"})
    text = texts[1]
    entry = game.space.name(list(game.space.entry)[0])
    node = game.space.name(0)
    for key, value in (("hand", "65535,0,0,0"), ("hand", "0,0,0,256"), ("hand", "0,0,7,0"), ("hand", "0,15,0,0"),
                       ("rng", "99999999999"), ("rng", "4294967296"), ("rng", "0"),
                       ("offer", "2,0"), ("offer", "0,2"), ("done", "0," + "9" * 5000),
                       ("push", entry + "," + entry), ("path", "-".join([node] * (game.space.n + 3)))):
        before = game.encode()
        assert raises(GameError, game.decode, field(text, key, value)), (key, value)
        assert game.encode() == before, (key, value)


def test_tholian_go_undo_is_exact_from_a_position_with_the_highest_dice_state():
    # Lucky's dice: the generator's state is 32 bits; the highest is taken and undone exactly.
    game, texts = positions("tholian_go", {"variant": "lucky"})
    text = field(texts[1], "rng", "4294967295")
    game.decode(text)
    assert game.encode() == text
    rng = Rng(5)
    for _ in range(3):
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    for _ in range(3):
        game.undo()
    assert game.encode() == text


def test_throngs_decode_refuses_a_stone_in_flight_on_a_negative_site():
    game, texts = positions("throngs")
    text = texts[1]
    words = text.split(" ")
    board = words[0][len("stones="):]
    player = [w for w in words if w.startswith("mover=")][0][len("mover="):]
    # The last site holds a stone of the player to move, said to be in flight from site -1.
    with_stone = field(text, "stones", board[:-1] + player)
    before = game.encode()
    assert raises(GameError, game.decode, field(with_stone, "flight", "A-1:3")) and game.encode() == before
    good = field(with_stone, "flight", "A%d:3" % (len(board) - 1))
    game.decode(good)     # the same stone in flight from its own site: a position
    assert game.encode() == good


def test_throngs_decode_refuses_numbers_not_written_in_plain_digits():
    # int() reads "+0" on both VMs and "0_0" on CPython: neither is a number encode() writes.
    game, texts = positions("throngs")
    for bad in ("deployed=+0", "deployed=0_0", "setup=+4", "mover=+1"):
        key = bad.split("=")[0]
        before = game.encode()
        assert raises(GameError, game.decode, field(texts[1], key, bad.split("=")[1])), bad
        assert game.encode() == before, bad
