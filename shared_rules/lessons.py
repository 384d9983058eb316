# Learn to play: each game's lessons are data beside its rules, in shared_rules/<game>/lessons.py,
# imported only while a lesson is chosen or runs (the device's heap holds them no longer):
#
#   LESSONS = ((title, options, steps), ...)   one lesson per game and per variant whose rules
#                                              differ; options as "name=value ..." words
#   a step: (rule, position, say, moves, wrong, done, shows)
#     rule      the sentences of docs/rules/<game>.md the step teaches, each named by a few of
#               its words that no other sentence holds, separated by " | " (tests/host/
#               rules_pages.py splits the page; every sentence is taught by some step)
#     position  the game's own position text (its encode()), set up with decode()
#     say       the rule in one or two sentences of player words, then what to do
#     moves     the expected decisions in the game's notation, separated by spaces
#     wrong     why another move does not show the rule
#     done      what the move showed
#     shows     what the tests check the move does: "win" (for the mover), "end"
#               (any result), "draw", "capture", "pass" or "move"
from shared_rules import registry

RULE = 0
POSITION = 1
SAY = 2
MOVES = 3
WRONG = 4
DONE = 5
SHOWS = 6
SHOWN = ("win", "end", "draw", "capture", "pass", "move")


def module(name):
    return registry.package(name) + ".lessons"


def all_lessons(name):
    """Game `name`'s LESSONS (its module stays imported until forget())."""
    return __import__(module(name), None, None, ["LESSONS"]).LESSONS


def forget(name):
    registry.unload(module(name))


def titles(name):
    """The titles of game `name`'s lessons; the module is forgotten."""
    out = [lesson[0] for lesson in all_lessons(name)]
    forget(name)
    return out


def lesson(name, number):
    """(title, options dict, steps) of lesson `number`; the module is forgotten (the lesson's
    own tuple stays while it is used)."""
    title, words, steps = all_lessons(name)[number]
    forget(name)
    return title, registry.parse_option_words(words.split()), steps


def position(name, options, step):
    """A new game of `name` with `options`, set to the step's position."""
    game = registry.create(name, options)
    game.decode(step[POSITION])
    return game


def decisions(step):
    """The step's expected decisions, as texts."""
    return step[MOVES].split()
