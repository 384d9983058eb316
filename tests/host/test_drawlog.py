"""The play screen's partial updates, piece by piece: what a DrawLog keeps of each framebuffer
call, the rectangles two drawings differ in, and how ui.send_rects joins rectangles."""
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


def test_rectangles_are_sent_in_8_row_bands_a_span_per_band():
    # Two dots on one band: one rectangle, in whole 8-pixel columns, however far apart (the
    # pixels between cost less than another rectangle's window commands and calls).
    assert sent([(13, 3, 3, 3), (36, 4, 3, 3)]) == [(8, 0, 32, 8)]
    assert sent([(13, 3, 3, 3), (136, 4, 3, 3)]) == [(8, 0, 136, 8)]
    # A tall box spans the bands it touches, stacked into one rectangle.
    assert sent([(40, 5, 10, 20)]) == [(40, 0, 16, 32)]
    # Clipped to the screen, nothing outside it.
    assert sent([(-5, 236, 10, 10), (300, 10, 5, 5)]) == [(0, 232, 8, 8)]
    assert sent([(233, 0, 10, 3)]) == [(232, 0, 8, 8)]
    # Nothing to send: nothing sent, and the next call starts afresh.
    ui = UI(Panel())
    ui.send_rects([(0, 0, 240, 240)])
    ui.hw.sent = []
    ui.send_rects([])
    ui.send_rects([(16, 16, 8, 8)])
    assert ui.hw.sent == [(16, 16, 8, 8)]


def test_spans_of_successive_bands_stack_where_that_costs_less_than_a_rectangle():
    # Sending a rectangle costs as much as ~1,000 pixels on the device: spans
    # that differ a little stack, and over a band without changes between.
    assert sent([(0, 0, 16, 8), (8, 8, 16, 8)]) == [(0, 0, 24, 16)]
    assert sent([(0, 0, 16, 8), (0, 8, 16, 8), (0, 24, 16, 8)]) == [(0, 0, 16, 32)]
    # Not where it would send more than that: a narrow span under a wide one, a span far to
    # the side, a span far below.
    assert sent([(0, 0, 240, 8), (200, 8, 16, 8)]) == [(0, 0, 240, 8), (200, 8, 16, 8)]
    assert sent([(0, 0, 16, 8), (200, 8, 16, 8)]) == [(0, 0, 16, 8), (200, 8, 16, 8)]
    assert sent([(0, 0, 16, 8), (0, 40, 16, 8)]) == [(0, 0, 16, 48)]     # (4 x 128 pixels more)
    assert sent([(0, 0, 200, 8), (0, 40, 200, 8)]) == [(0, 0, 200, 8), (0, 40, 200, 8)]


def test_a_mono_panel_keeps_far_spans_of_a_band_apart():
    # Over I2C a pixel costs as much as 1/160 of a rectangle's commands: spans more than 32
    # pixels apart stay two rectangles; equal spans of successive bands stack.
    class MonoPanel(Panel):
        color = False
        width, height = 128, 64
        buffer = bytearray(128 * 8)
    ui = UI(MonoPanel())
    ui.send_rects([(13, 3, 3, 3), (100, 4, 3, 3), (96, 8, 8, 8)])
    assert sorted(ui.hw.sent) == [(8, 0, 8, 8), (96, 0, 8, 16)]


def test_rectangles_are_sent_in_whole_8_pixel_columns():
    # The driver expands a rectangle of whole 8-pixel columns a word at a time, any other a
    # pixel at a time, twice as slow.
    for x, w in ((0, 239), (3, 5), (13, 18), (100, 1)):
        for sx, _, sw, _ in sent([(x, 20, w, 4)]):
            assert sx % 8 == 0 and sw % 8 == 0 and sx <= x and x + w <= sx + sw


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


def test_an_area_stands_for_a_place_and_changes_with_its_state():
    """DrawLog.areas: a call per place whose state is not 0, covering its kind's box round the
    place (shifted by dy); a place gained, lost or changed is its box."""
    from array import array
    xs, ys = array("h", [10, 50, 90]), array("h", [20, 20, 60])
    kinds = bytearray([0, 1, 1])
    boxes = array("h", [-3, -3, 7, 7, -5, -2, 11, 5])

    def logged(states):
        log = DrawLog(FrameBuffer(bytearray(120 * 240), 240, 240, GS4_HMSB))
        log.areas(bytearray(states), xs, ys, 4, kinds, boxes)
        return log

    assert len(logged([1, 0, 2]).heads) == 2
    out = []
    changes(logged([1, 0, 2]), logged([1, 2, 1]), out)
    assert sorted(out) == [(45, 22, 11, 5), (85, 62, 11, 5), (85, 62, 11, 5)]
    out = []
    changes(logged([1, 0, 2]), logged([1, 0, 2]), out)
    assert out == []
