# Learn to play Thoughtwave (shared_rules/thoughtwave/lessons.py): every step replayed.
from lessons_support import replay_lessons, replay_step
from shared_rules import lessons


def pieces(game, player):
    # Placed pieces belong to nobody: a player's pieces on the board are those left in hand.
    return -sum(int(n) for n in game.encode().split(" ")[2 + player].split(","))


def test_every_step_of_the_thoughtwave_lessons_shows_its_rule():
    assert replay_lessons("thoughtwave", pieces) == 5


def test_the_pass_step_leaves_red_nothing_but_pass_and_then_nobody_can_place():
    title, options, steps = lessons.lesson("thoughtwave", 0)
    step = steps[-1]
    game = lessons.position("thoughtwave", options, step)
    assert [game.move_to_text(m) for m in game.legal_moves()] == ["pass"]
    game = replay_step("thoughtwave", options, step, pieces)
    assert game.encode().split(" ")[2:] == ["0,0,0,0,0", "0,0,0,0,0"]
