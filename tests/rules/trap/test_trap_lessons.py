# Learn to play Trap (shared_rules/trap/lessons.py): every step replayed.
from lessons_support import replay_lessons, replay_step
from shared_rules import lessons


def balls(game, player):
    return game.encode().split(" ")[0].count("LD"[player])


def test_every_step_of_the_trap_lessons_shows_its_rule():
    assert replay_lessons("trap", balls) == 7


def test_play_the_last_ball_removes_the_single_balls_and_keeps_the_joined_one():
    # "Play": "Then every single piece of either colour is removed from the game."
    title, options, steps = lessons.lesson("trap", 0)
    game = replay_step("trap", options, steps[3], balls)
    board = game.encode().split(" ")[0].split("/")
    assert board[3][0] == "." and board[7][7] == "D"   # a5 gone, h1 kept
