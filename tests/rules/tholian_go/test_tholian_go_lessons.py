# Learn to play Tholian Go (shared_rules/tholian_go/lessons.py): every step replayed.
from lessons_support import replay_lessons, replay_step
from shared_rules import lessons


def tokens(game, player):
    # Tokens on the board, then the hand's (Ultimate): "the loss test includes tokens in hand".
    board = game.encode().split(" ")[0][len("board="):]
    hand = game.encode().split(" ")[3][len("hand="):].split(",")
    return board.count("RB"[player]) + int(hand[2 * player]) + int(hand[2 * player + 1])


def test_every_step_of_the_tholian_go_lessons_shows_its_rule():
    assert replay_lessons("tholian_go", tokens) == 21


def test_the_transformation_step_turns_the_light_token_dark():
    # "6. Transformation": "every light token of P standing on P's target node ... becomes a
    # dark token of P on that node's entry node".
    title, options, steps = lessons.lesson("tholian_go", 0)
    game = replay_step("tholian_go", options, steps[6], tokens)
    dark, light = game.encode().split(" ")[0][len("board="):].split("|")
    assert dark.split("/")[5] == "BBRBBB" and light.split("/")[6] == "BBBB..BBBBB"
