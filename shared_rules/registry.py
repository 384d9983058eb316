# Games by name.  Modules are imported only when a game is created, so the device holds only
# the active game's code in its heap.
import sys

from shared_rules.game import GameError

# name -> (module, class name, title)
GAMES = {}


def register(name, module, cls, title):
    GAMES[name] = (module, cls, title)


def game_names():
    return sorted(GAMES)


def game_title(name):
    """The game's name for players ("Tholian Go"), known without importing its module."""
    return GAMES[name][2]


def game_class(name):
    if name not in GAMES:
        raise GameError("unknown game '%s'; games: %s" % (name, ", ".join(game_names()) or "none"))
    module, cls, _ = GAMES[name]
    mod = __import__(module, None, None, [cls])
    return getattr(mod, cls)


def unload(module):
    """Forgets an imported module (a game's, once another is played) so its code can be
    collected: sys.modules and the attribute its package got at import time both hold it."""
    if module in sys.modules:
        del sys.modules[module]
    package, _, name = module.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and name in parent.__dict__:
        delattr(parent, name)


def create(name, options=None):
    """A new game `name` with `options` (dict of str -> str); GameError on a bad name/option."""
    return game_class(name)(options)


def parse_option_words(words):
    """["key=value", ...] -> dict; GameError on a word without '='."""
    out = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise GameError("expected key=value, got '%s'" % word)
        out[key] = value
    return out
