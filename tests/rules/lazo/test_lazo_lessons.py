# Learn to play Lazo (shared_rules/lazo/lessons.py): every step replayed.
from lessons_support import replay_lessons


def tiles(game, player):
    return game.encode()[2:].count("BW"[player])


def test_every_step_of_the_lazo_lessons_shows_its_rule():
    assert replay_lessons("lazo", tiles) == 8
