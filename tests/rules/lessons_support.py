# The lessons' replay, shared by each game's test_<game>_lessons.py: under pytest and under the
# MicroPython VM (tools/vm/mpy_test.mjs) every step's position decodes, its expected decisions are
# legal one by one, and they do what the step says they show.
from shared_rules import lessons, registry
from shared_rules.game import DRAW, ONGOING
import shared_rules.games  # noqa: F401

LONGEST_WORD = 15   # wrapped whole on the narrowest screen: 16 columns, one kept for the scroll mark


def replay_step(name, options, step, pieces):
    """Plays one step's expected decisions from its position and checks what they show;
    `pieces(game, player)` counts a player's pieces on the board.  Returns the game."""
    assert len(step) == 7, step
    assert step[lessons.RULE] and step[lessons.SAY] and step[lessons.WRONG] and step[lessons.DONE]
    for field in (lessons.SAY, lessons.WRONG, lessons.DONE):
        for word in step[field].split():
            assert len(word) <= LONGEST_WORD, word
    shows = step[lessons.SHOWS]
    assert shows in lessons.SHOWN, shows
    game = lessons.position(name, options, step)
    assert game.winner() == ONGOING, step[lessons.POSITION]
    mover = game.to_move()
    opponent = 1 - mover
    before = pieces(game, opponent)
    texts = lessons.decisions(step)
    assert texts, step
    for text in texts:
        move = game.move_from_text(text)
        assert move in game.legal_moves(), text
        assert game.move_to_text(move) == text, (text, game.move_to_text(move))
        game.play(move)
    if shows == "win":
        assert game.winner() == mover, (step[lessons.MOVES], game.status_text())
    elif shows == "draw":
        assert game.winner() == DRAW, (step[lessons.MOVES], game.status_text())
    elif shows == "end":
        assert game.winner() != ONGOING, (step[lessons.MOVES], game.status_text())
    else:
        assert game.winner() == ONGOING, (step[lessons.MOVES], game.status_text())
    if shows == "capture":
        assert pieces(game, opponent) < before, (step[lessons.MOVES], before)
    if shows == "pass":
        assert texts[-1] == "pass" and game.to_move() == opponent
    return game


def replay_lessons(name, pieces):
    """Every step of every lesson of game `name`; the number of steps replayed."""
    count = 0
    for title, words, steps in lessons.all_lessons(name):
        assert title and steps
        options = registry.parse_option_words(words.split())
        for step in steps:
            replay_step(name, options, step, pieces)
            count += 1
    lessons.forget(name)
    return count
