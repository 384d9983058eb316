# Learn to play Throngs (shared_rules/throngs/lessons.py): every step replayed.
from lessons_support import replay_lessons


def stones(game, player):
    # The position's stones by colour (1 Black, 2 White); after a pie swap the seats' colours
    # change, which no lesson step's capture crosses.
    return game.encode().split(" ")[0].count("12"[player])


def test_every_step_of_the_throngs_lessons_shows_its_rule():
    assert replay_lessons("throngs", stones) == 24
