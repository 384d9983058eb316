# Trap's AI at a phase-2 root (shared_rules/trap/ai_cut.py): the exact fewest balls a colour must
# add to trap a dot, the cut it finds, the balls whose leaving opens a way out, and the press
# it drives (normal and hard fill a hole of their cut when the search sees nothing else).
from shared_rules import ai, registry
from shared_rules.game import ONGOING
from shared_rules.rng import Rng
from shared_rules.trap import ai as ai_trap, ai_cut
import shared_rules.games  # noqa: F401
from rules_support import ON_MICROPYTHON, scaled

CAP = 8


def random_board(game, rng):
    board = game.board
    density = rng.below(80)
    for cell in range(len(board)):
        roll = rng.below(100)
        board[cell] = 0 if roll >= density else 1 + (roll & 1)
    return board


def traps_with(game, colour, d, holes):
    """Does `colour` trap dot d with its balls also on `holes` (the rules' own test)?"""
    board = game.board
    for h in holes:
        board[h] = colour
    trapped = game.dot_trapped(colour, d)
    for h in holes:
        board[h] = 0
    return trapped


def test_balls_needed_is_the_fewest_balls_that_trap():
    """Spec "Trap" (exact test): the cut found holds as many holes as balls_needed says, a ball
    of the colour on each traps the dot, and no fewer balls do (every hole, and on CPython every
    pair of holes, tried), on boards of several sizes and dots."""
    rng = Rng(21)
    layouts = (None, {"size": "9"}, {"dots": "center"}, {"size": "7"}, {"size": "12", "dots": "a1,k11,e5,b7"})
    checked = 0
    for trial in range(scaled(150, 12)):
        options = layouts[trial % len(layouts)]
        game = registry.create("trap", options) if options else registry.create("trap")
        board = random_board(game, rng)
        t = ai_trap.Tuner(game, "normal").work
        empty = [h for h in range(len(board)) if board[h] == 0]
        for d in range(len(game.dots)):
            for colour in (1, 2):
                if game.dot_trapped(colour, d):
                    continue
                need = ai_cut.balls_needed(t, board, colour, d, CAP)
                if need == CAP:
                    continue
                cut = [h for h in range(len(board)) if ai_cut.cut_hole(t, board, h)]
                assert len(cut) == need and traps_with(game, colour, d, cut), (game.encode(), d, colour)
                if need >= 2:
                    assert not any(traps_with(game, colour, d, [h]) for h in empty), (game.encode(), d, colour)
                if need >= 3 and not ON_MICROPYTHON and trial % 10 == 0:
                    for i in range(len(empty)):
                        for j in range(i + 1, len(empty)):
                            assert not traps_with(game, colour, d, [empty[i], empty[j]]), (game.encode(), d)
                checked += 1
    assert checked > scaled(300, 20)


def test_a_ball_whose_leaving_opens_a_way_out_guards():
    """guards() says so of every ball of the colour whose leaving raises its fewest balls to trap
    the dot (it may say so of a few others: the root only weighs it)."""
    rng = Rng(22)
    raised = 0
    for _ in range(scaled(60, 6)):
        game = registry.create("trap")
        board = random_board(game, rng)
        t = ai_trap.Tuner(game, "normal").work
        for d in range(len(game.dots)):
            for colour in (1, 2):
                need = ai_cut.balls_needed(t, board, colour, d, CAP)
                if need == 0 or need == CAP:
                    continue
                for ball in range(len(board)):
                    if board[ball] != colour:
                        continue
                    need = ai_cut.balls_needed(t, board, colour, d, CAP)
                    said = ai_cut.guards(t, board, ball, colour, d)
                    board[ball] = 0
                    more = ai_cut.balls_needed(t, board, colour, d, CAP) > need
                    board[ball] = colour
                    assert said or not more, (game.encode(), d, colour, ball)
                    raised += more
    assert raised > scaled(100, 5)


def threatened(game):
    """Does either colour have a hole (empty, or under the other's ball) where a ball traps?"""
    board = game.board
    for colour in (1, 2):
        for hole in range(len(board)):
            held = board[hole]
            if held != colour:
                board[hole] = colour
                trapped = any(game.dot_trapped(colour, d) for d in range(len(game.dots)))
                board[hole] = held
                if trapped:
                    return True
    return False


def fewest(game, colour):
    t = ai_trap.Tuner(game, "easy").work
    return min(ai_cut.balls_needed(t, game.board, colour, d, CAP) for d in range(len(game.dots)))


def test_normal_and_hard_press_when_the_search_sees_nothing():
    """No aimless play: in phase-2 positions of easy's games with no threat for either side
    and an evaluation of 0 (every move the same to the search), normal's and hard's moves
    lower their fewest balls to trap some dot in four of five (half of them without the
    press; hard also blocks the other's)."""
    for level in ("normal", "hard"):
        lowered = tried = 0
        for game_no in range(scaled(12, 3)):
            game = registry.create("trap")
            while game.winner() == ONGOING and len(game.history) < 80:
                if game.phase() == 2 and len(game.history) % 2 == 0:
                    me = game.to_move() + 1
                    if ai_trap.Tuner(game, ai.DEFAULT_LEVEL).evaluate(0) == 0 and not threatened(game):
                        before = fewest(game, me)
                        if before < CAP:
                            game.play(ai.Search(game, level, seed=len(game.history)).run())
                            lowered += fewest(game, me) < before
                            tried += 1
                            game.undo()
                game.play(ai.Search(game, "easy", seed=game_no * 100 + len(game.history)).run())
        assert tried >= scaled(15, 4) and lowered * 5 >= tried * 4, (level, lowered, tried)


def test_the_work_keeps_one_run_of_zeros_for_every_clearing():
    """The max flow's arrays (flow: 4 bytes a hole, the flood's marks: 2) are cleared a run of
    the cells' zeros at a time: zeros of each size were 0.4 KB more of the device's heap."""
    t = ai_trap.Tuner(registry.create("trap"), "normal").work
    zero_runs = [name for name in dir(t) if isinstance(getattr(t, name), bytes) and not any(getattr(t, name))]
    assert zero_runs == ["zeros"]
    for runs in (1, 2, 4):
        marks = bytearray(b"\x07" * (runs * len(t.zeros)))
        ai_cut.zero(marks, t.zeros)
        assert marks == bytearray(runs * len(t.zeros))
