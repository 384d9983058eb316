"""Lazo's board on screen: on colour screens the wooden trapezoid fills the room the status line
and legend leave, and its holes, tiles and level numbers are big enough to read."""
import pytest

from app_harness import FakeHW
from firmware import palette
from firmware.builder import MoveBuilder
from firmware.ui import UI
from firmware.views.lazo import View
from shared_rules.lazo.rules import N_SPACES, space_index, supports
from shared_rules import registry
import shared_rules.games  # noqa: F401

COLOUR_PROFILES = ("pico_lcd13", "odroid_go")


def drawn(tmp_path, profile, moves=(), ringed=()):
    ui = UI(FakeHW(tmp_path, profile=profile))
    game = registry.create("lazo")
    for move in moves:
        game.play(move)
    view = View(ui, game)
    view.draw(None, list(ringed))
    return ui, view


def pixels(fb, rect):
    x0, y0, w, h = rect
    return [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]


def run_through(fb, x, y, dx, dy, colours):
    """How many pixels from (x, y) on, one way, are of `colours` (the point itself counted)."""
    n = 0
    while fb.pixel(x + n * dx, y + n * dy) in colours:
        n += 1
    return n


@pytest.mark.parametrize("profile", COLOUR_PROFILES)
def test_the_board_fills_most_of_the_free_area(tmp_path, profile):
    ui, _ = drawn(tmp_path, profile)
    wood = [(x, y) for x, y in pixels(ui.fb, ui.board_rect) if ui.fb.pixel(x, y) == palette.BROWN]
    left, right = min(x for x, _ in wood), max(x for x, _ in wood)
    top, bottom = min(y for _, y in wood), max(y for _, y in wood)
    _, _, bw, bh = ui.board_rect
    assert right - left + 1 >= bw * 9 // 10
    assert (bottom - top + 1) * 100 >= bh * 75, (top, bottom, ui.board_rect)


@pytest.mark.parametrize("profile", COLOUR_PROFILES)
def test_every_hole_is_at_least_nine_pixels_across_and_high(tmp_path, profile):
    ui, view = drawn(tmp_path, profile)
    dark = (palette.DARK_GREY,)
    for s in range(145):
        x, y = view.place_xy(s)
        # The hole's rim: from just inside it (the middle may hold a target dot later).
        wide = run_through(ui.fb, x, y, 1, 0, dark) + run_through(ui.fb, x, y, -1, 0, dark) - 1
        high = run_through(ui.fb, x, y, 0, 1, dark) + run_through(ui.fb, x, y, 0, -1, dark) - 1
        assert wide >= 9 and high >= 9, (s, wide, high)


@pytest.mark.parametrize("profile", COLOUR_PROFILES)
def test_a_level_number_lies_on_its_tile_and_the_cursor_frame_holds_a_tile(tmp_path, profile):
    # Three tiles and one on them, all four ringed (as the latest turn's, or a loop's, are):
    # the top tile shows its level in the tile's ink on the tile's colour alone, no ring
    # crossing it; the cursor's frame goes round a whole tile.
    top = space_index(2, 0, 0)
    tiles = list(supports(top)) + [top]
    ui, view = drawn(tmp_path, profile, tiles, tiles)
    x, y = view.place_xy(top)
    colour = ui.fb.pixel(x, y - view.ry + 2)
    box = [ui.fb.pixel(px, py) for px, py in pixels(ui.fb, (x - 3, y - 3, 8, 8))]
    assert set(box) == {colour, view.ink[view.tile.index(colour)]}
    assert box.count(colour) >= 32
    builder = MoveBuilder(view, view.game.legal_moves())
    builder.cursor = top + 1 if top + 1 < N_SPACES else top
    (fx, fy, fw, fh), = view.cursor_rects(builder)
    cx, cy = view.place_xy(builder.cursor)
    assert fx < cx - view.r and fx + fw > cx + view.r and fy < cy - view.ry and fy + fh > cy + view.ry
