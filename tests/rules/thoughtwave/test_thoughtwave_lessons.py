# Learn to play Thoughtwave (shared_rules/thoughtwave/lessons.py): every step replayed.
from lessons_support import replay_lessons


def pieces(game, player):
    # Placed pieces belong to nobody: a player's pieces on the board are those left in hand.
    return -sum(int(n) for n in game.encode().split(" ")[2 + player].split(","))


def test_every_step_of_the_thoughtwave_lessons_shows_its_rule():
    assert replay_lessons("thoughtwave", pieces) == 5
