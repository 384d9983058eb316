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


def engine_names(text):
    # Words such as "L3.2" or "D(2,6)": the engine's node names, which the board does not show.
    out = []
    for word in text.replace("(", "").replace(")", "").split():
        core = word.strip(".,;:")
        number = core[1:].replace(",", ".").split(".")
        if core[:1] in ("L", "D") and len(number) == 2 and number[0].isdigit() and number[1].isdigit():
            out.append(core)
    return out


def test_the_lessons_name_nodes_as_the_board_shows_them():
    assert engine_names("Move L3.2 to D(2,6), or line 2's 3rd node.") == ["L3.2", "D2,6"]
    found = []
    for title, words, steps in lessons.all_lessons("tholian_go"):
        for step in steps:
            for field in (lessons.SAY, lessons.WRONG, lessons.DONE):
                found += engine_names(step[field])
    lessons.forget("tholian_go")
    assert found == []


def test_the_push_limit_step_needs_both_red_tokens():
    # "Pushing a string that contains m >= 2 enemy tokens needs at least m own tokens".
    title, options, steps = lessons.lesson("tholian_go", 1)
    assert options["push_limit"] == "on"
    game = lessons.position("tholian_go", options, steps[0])
    game.play(game.move_from_text("L2.3-L3.3"))     # one red token against two blue ones
    assert [game.move_to_text(m) for m in game.legal_moves()] == ["-L3.2"]     # not on to L4.3
    replay_step("tholian_go", options, steps[0], tokens)


def test_the_wrap_around_step_crosses_the_side_edge():
    title, options, steps = lessons.lesson("tholian_go", 2)
    game = replay_step("tholian_go", options, steps[0], tokens)
    light = game.encode().split(" ")[0].split("|")[1].split("/")
    assert light[0] == "RRRRRRRRRRR."
