# Learn to play Lazo (shared_rules/lazo/lessons.py): every step replayed.
from lessons_support import replay_lessons, replay_step
from shared_rules import lessons
from shared_rules.game import DRAW


def tiles(game, player):
    return game.encode()[2:].count("BW"[player])


def test_every_step_of_the_lazo_lessons_shows_its_rule():
    assert replay_lessons("lazo", tiles) == 8


def test_the_last_tile_of_the_draw_step_draws_wherever_it_goes():
    # The step's wrong-move words: "Any space White may take draws here".
    title, options, steps = lessons.lesson("lazo", 0)
    step = steps[-1]
    game = lessons.position("lazo", options, step)
    assert game.placed == 189
    moves = game.legal_moves()
    assert len(moves) > 1
    for move in moves:
        game.play(move)
        assert game.winner() == DRAW, game.move_to_text(move)
        game.undo()
    assert replay_step("lazo", options, step, tiles).placed == 190
