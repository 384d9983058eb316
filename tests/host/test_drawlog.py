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
