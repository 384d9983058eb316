"""The play screen's partial updates, piece by piece: what a DrawLog keeps of each framebuffer
call, the rectangles two drawings differ in, and how ui.send_rects joins rectangles (issue 20)."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop_sim/shim"))

from desktop_sim.framebuf import GS4_HMSB, FrameBuffer  # noqa: E402
from firmware.drawlog import DrawLog, changes  # noqa: E402
from firmware.ui import UI  # noqa: E402


def drawing(calls):
    pixels = bytearray(120 * 240)
    log = DrawLog(FrameBuffer(pixels, 240, 240, GS4_HMSB))
    for name, *args in calls:
        getattr(log, name)(*args)
    return log, pixels


def test_a_drawlog_draws_what_the_framebuffer_draws():
    calls = [("fill_rect", 3, 4, 10, 6, 5), ("rect", 20, 20, 9, 9, 3, True), ("ellipse", 50, 60, 7, 4, 2),
             ("line", 100, 10, 80, 40, 7), ("hline", 0, 200, 30, 1), ("vline", 230, 5, 50, 9),
             ("pixel", 1, 1, 15), ("text", "12", 60, 100, 4)]
    _, through_log = drawing(calls)
    pixels = bytearray(120 * 240)
    plain = FrameBuffer(pixels, 240, 240, GS4_HMSB)
    for name, *args in calls:
        getattr(plain, name)(*args)
    assert through_log == pixels and any(pixels)


def rects_of(old_calls, new_calls):
    out = []
    changes(drawing(old_calls)[0], drawing(new_calls)[0], out)
    return sorted(out)


def test_only_the_calls_one_drawing_lacks_are_changes():
    board = [("fill_rect", 10, 10, 3, 3, 8), ("ellipse", 50, 50, 5, 5, 1, True), ("text", "7", 80, 90, 2)]
    assert rects_of(board, board) == []
    # A token placed, a target dot gone, a text changed in place, the same line to another end.
    moved = [("ellipse", 50, 50, 5, 5, 1, True), ("ellipse", 70, 30, 4, 4, 2, True), ("text", "8", 80, 90, 2)]
    assert rects_of(board, moved) == [(10, 10, 3, 3), (66, 26, 9, 9), (80, 90, 8, 8), (80, 90, 8, 8)]
    assert rects_of([("line", 0, 0, 9, 4, 1)], [("line", 0, 0, 4, 9, 1)]) == [(0, 0, 5, 10), (0, 0, 10, 5)]
    # A ring where a filled disc was (same place, size and colour) is a change.
    assert rects_of([("ellipse", 5, 5, 2, 2, 1, True)], [("ellipse", 5, 5, 2, 2, 1)]) == [(3, 3, 5, 5)] * 2


def test_calls_sharing_their_first_point_are_told_apart_by_the_rest():
    # Two rings round one point, then one of them grown: the other is no change.
    old = [("ellipse", 40, 40, 3, 3, 6), ("ellipse", 40, 40, 6, 6, 6)]
    new = [("ellipse", 40, 40, 3, 3, 6), ("ellipse", 40, 40, 8, 8, 6)]
    assert rects_of(old, new) == [(32, 32, 17, 17), (34, 34, 13, 13)]


class Panel:
    width = height = 240
    color = True
    layer = False
    buffer = bytearray(120 * 240)
    fb = FrameBuffer(buffer, 240, 240, GS4_HMSB)

    def __init__(self):
        self.sent = []

    def show(self, x=0, y=0, w=0, h=0):
        self.sent.append((x, y, w, h))


def sent(rects):
    ui = UI(Panel())
    ui.send_rects(rects)
    return sorted(ui.hw.sent)


def test_rectangles_are_sent_in_8_row_bands_joined_where_close():
    # Two dots 20 px apart on one band: one rectangle, 8-px aligned on the left.
    assert sent([(13, 3, 3, 3), (36, 4, 3, 3)]) == [(8, 0, 31, 8)]
    # Far apart: two.
    assert sent([(13, 3, 3, 3), (136, 4, 3, 3)]) == [(8, 0, 8, 8), (136, 0, 3, 8)]
    # A tall box spans the bands it touches, stacked into one rectangle.
    assert sent([(40, 5, 10, 20)]) == [(40, 0, 10, 32)]
    # Bands with equal spans stack; a band without changes between them does not.
    assert sent([(0, 0, 16, 8), (0, 8, 16, 8), (0, 24, 16, 8)]) == [(0, 0, 16, 16), (0, 24, 16, 8)]
    # Clipped to the screen, nothing outside it.
    assert sent([(-5, 236, 10, 10), (300, 10, 5, 5)]) == [(0, 232, 5, 8)]


def test_changes_are_the_calls_either_drawing_has_more_often_than_the_other():
    """Against a plain count of (call, arguments), on random drawings with many repeated first
    points: every difference is found, and nothing else unless the new drawing repeats a call's
    head (then a rectangle may be sent twice, never one left out)."""
    import random
    from collections import Counter
    from firmware.drawlog import box

    rng = random.Random(7)
    for _ in range(300):
        def calls():
            return [rng.choice([("ellipse", rng.randrange(3) * 10, 20, rng.randrange(1, 4), 2, rng.randrange(2), True),
                                ("fill_rect", rng.randrange(4) * 8, 8, 3, rng.randrange(1, 3), 5),
                                ("text", rng.choice("ab"), 16, 40, 1)]) for _ in range(rng.randrange(8))]
        old, new = drawing(calls())[0], drawing(calls())[0]
        counted_old = Counter(zip(old.heads, old.tails))
        counted_new = Counter(zip(new.heads, new.tails))
        expected = sorted(box(h, t) for h, t in ((counted_old - counted_new) + (counted_new - counted_old)).elements())
        out = []
        changes(old, new, out)
        if len(set(new.heads)) == len(new.heads):
            assert sorted(out) == expected
        else:
            assert set(expected) <= set(out)


def test_lines_from_one_point_have_heads_of_their_own_and_exact_boxes():
    """A Tholian Go node's barriers start at one point: with a head each, changes() finds them
    by one look-up instead of its slow pass for calls that share a head."""
    import random
    from firmware.drawlog import box

    log = drawing([("line", 50, 60, 70, 60, 1), ("line", 50, 60, 60, 43, 1), ("line", 50, 60, 40, 43, 1),
                   ("line", 51, 60, 61, 43, 1)])[0]
    assert len(set(log.heads)) == 4
    rng = random.Random(3)
    for _ in range(500):
        x1, y1, x2, y2 = (rng.randrange(-100, 340) for _ in range(4))
        log.line(x1, y1, x2, y2, rng.randrange(16))
        assert box(log.heads[-1], log.tails[-1]) == (min(x1, x2), min(y1, y2), abs(x1 - x2) + 1, abs(y1 - y2) + 1)


def test_fill_rects_draws_and_logs_what_a_fill_rect_per_point_would():
    from array import array
    xs, ys = array("h", [5, 100, -3, 239]), array("h", [7, 50, 2, 238])
    one_call, pixels = drawing([])
    one_call.fill_rects(xs, ys, 3, -1, 2, 3, 3, 9)
    calls = [("fill_rect", xs[i] - 1, ys[i] + 2, 3, 3, 9) for i in range(3)]
    each, each_pixels = drawing(calls)
    assert (list(one_call.heads), one_call.tails, pixels) == (list(each.heads), each.tails, each_pixels)


def test_a_closed_drawlog_holds_its_tails_in_a_list_of_their_length():
    """Memory: appends grow a list's room ahead of its length (MicroPython doubles it: a board's
    ~140 calls held 256 slots while the drawing was kept for the next comparison); closed, the
    list is cut to its length, the same tails in it.  (CPython's room shows in getsizeof.)"""
    log, _ = drawing([("pixel", i, i, 3) for i in range(140)] + [("text", "ab", 0, 0, 1)])
    grown = sys.getsizeof(log.tails)
    tails = list(log.tails)
    log.close()
    assert log.tails == tails
    assert sys.getsizeof(log.tails) == sys.getsizeof(tails[:]) < grown


def test_the_play_screens_drawing_is_closed_when_its_logging_ends():
    ui = UI(Panel())
    ui.log_drawing(0)
    log = ui.fb
    for i in range(140):
        log.pixel(i, i, 3)
    tails = log.tails
    ui.log_drawing()
    assert ui.fb is Panel.fb and ui.drawn[0] is log
    assert log.tails == tails and log.tails is not tails  # the list made anew at its length


def test_the_ai_indicators_rectangle_is_kept_once_for_the_next_update():
    """Memory: the AI's indicator sends its rectangle every 100 ms of a search; the next update
    of the play screen sends it again, once (a tuple per frame was kept till then: ~40 of them,
    1.3 KB of the device's heap, after a 4 s search)."""
    ui = UI(Panel())
    ui.shown = ("view", [None, None])  # a play screen on the panel
    for _ in range(40):
        ui.show_unlogged(200, 0, 40, 8)
    assert ui.unlogged == [(200, 0, 40, 8)] and ui.hw.sent == [(200, 0, 40, 8)] * 40


def test_the_changes_sent_are_let_go_with_the_callers_list():
    """Memory: after a played move the play screen sends a rectangle (a tuple) per call that
    changed, ~50 after the AI's move; the caller's list of them is emptied once they are sent
    (the device's collector, finding the list in stale stack slots, kept it whole until the
    decision's heap report: 1.3 KB at the low-water mark).  What is sent is unchanged."""
    ui = UI(Panel())
    for part in (0, 1):
        ui.log_drawing(part)
        ui.fb.pixel(part, 0, 3)
        ui.log_drawing()
    ui.show_play("view", [])    # the whole screen: nothing of the play screen was on the panel
    ui.show_unlogged(200, 0, 40, 8)
    ui.log_drawing(0)
    ui.fb.pixel(100, 50, 3)
    ui.log_drawing()
    ui.hw.sent.clear()
    rects = [(100, 100, 4, 4)]
    ui.show_play("view", rects)
    assert rects == []
    assert sorted(ui.hw.sent) == sent([(100, 100, 4, 4), (0, 0, 1, 1), (100, 50, 1, 1), (200, 0, 40, 8)])
