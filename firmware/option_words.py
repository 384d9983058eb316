# What the new-game form shows for each game's options: a label a player understands and the
# words for values that are not plain words, and a line that explains each option, from the
# game's own shared_rules/<game>/words.py.
# Imported only while the form is shown, which lets the words module go once it has read it
# (firmware/residency.py).  An option not listed there shows its name with spaces
# ("first_player" -> "First player").
from shared_rules import registry


# The players' rows: the longest line that fits the form's foot.
PLAYER_EXPLAIN = ("A human, or the AI and its level", "Human, or the AI at a level", "Human or AI")


def words_module(game):
    """The module of `game`'s words (which a game may lack)."""
    return registry.package(game) + ".words"


def game_words(game):
    """option -> (label, value words or None) of `game`; {} for a game without a words module."""
    return _read(game, "WORDS")


def explanations(game):
    """option -> the lines that explain it, longest first, of `game` ({} without them)."""
    return _read(game, "EXPLAIN")


def _read(game, table):
    module = words_module(game)
    try:
        words = getattr(__import__(module, None, None, [table]), table, {})
    except ImportError as e:
        if "'%s'" % module not in str(e):
            raise    # the module's own imports are broken: say so, do not hide it
        return {}
    return words


def label(words, option):
    """The label of `option`, from game_words()."""
    entry = words.get(option)
    if entry is not None:
        return entry[0]
    return (option[:1].upper() + option[1:]).replace("_", " ")


def values(words, option):
    """value -> shown word, or None when every value is shown as it is."""
    entry = words.get(option)
    return entry[1] if entry is not None else None
