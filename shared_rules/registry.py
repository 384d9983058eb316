# Games by name.  Modules are imported only when a game is created, so the device holds only
# the active game's code in its heap.
import sys

from shared_rules.game import GameError

# name -> (class name, title); every module of a game lives in its package shared_rules/<name>/.
GAMES = {}


def register(name, cls, title):
    GAMES[name] = (cls, title)


def game_names():
    return sorted(GAMES)


def game_title(name):
    """The game's name for players ("Tholian Go"), known without importing its module."""
    return GAMES[name][1]


def game_class(name):
    if name not in GAMES:
        raise GameError("unknown game '%s'; games: %s" % (name, ", ".join(game_names()) or "none"))
    cls = GAMES[name][0]
    mod = __import__(rules_module(name), None, None, [cls])
    return getattr(mod, cls)


def package(name):
    """The package that holds every module of game `name` ("shared_rules.trap")."""
    return "shared_rules." + name


def rules_module(name):
    """The module of game `name`'s rules, the one whose class the registry names."""
    return package(name) + ".rules"


def ai_module(name):
    """The module of game `name`'s AI (its Tuner): absent for a game without an AI."""
    return package(name) + ".ai"


def host_facts(name):
    """Game `name`'s facts for the host's tools and tests (its host.py, which no board has)."""
    return __import__(package(name) + ".host", None, None, ["SOAK_GAMES"])


def unload(module):
    """Forgets an imported module (a game's, once another is played) so its code can be
    collected: sys.modules and the attribute its package got at import time both hold it.
    A game's package goes too once none of its modules is left."""
    if module in sys.modules:
        del sys.modules[module]
    parent_name, _, name = module.rpartition(".")
    parent = sys.modules.get(parent_name)
    if parent is not None and name in parent.__dict__:
        delattr(parent, name)
    if parent_name.count(".") == 1 and parent_name.startswith("shared_rules."):
        prefix = parent_name + "."
        for other in sys.modules:
            if other.startswith(prefix):
                return
        unload(parent_name)


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
