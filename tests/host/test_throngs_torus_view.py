"""Throngs' torus on screen (docs/rules/throngs.md "Torus 81"): the rhombus with a ring of faded
sites around it, each showing the stone of the opposite edge's site it wraps to; no link is
drawn across the board."""
import pytest

from app_harness import FakeHW, PROFILES
from firmware import palette
from firmware.ui import UI
from firmware.views.throngs import View
from shared_rules.throngs.rules import Throngs


def torus_game():
    game = Throngs({"board": "torus81"})
    for text in ("B@36", "B@40", "W@80", "black"):  # Black on (4, 0) and (4, 4), White on (8, 8)
        game.play_text(text)
    return game


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_wrap_ring_shows_the_opposite_edges_stones(tmp_path, profile):
    hw = FakeHW(tmp_path, profile=profile)
    ui = UI(hw)
    game = torus_game()
    view = View(ui, game)
    fb = ui.fb
    view.draw(None, [])
    # (4, 0)'s stone shows again one step past the right edge, (8, 8)'s past the bottom-left
    # corner (row -1, column 9 is (8, 0): empty) and past the top's wrap of row 0 ... of column 8.
    black_ghost = view.torus_xy(4, 9)
    white_ghost = view.torus_xy(-1, 8)
    inside = view.site_xy(40)
    empty_ghost = view.torus_xy(4, -1)  # (4, 8): empty
    def around(point):
        x, y = point
        return [fb.pixel(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    if ui.color:
        assert set(around(black_ghost)) == {palette.DARK_GREY}
        assert set(around(white_ghost)) == {palette.LIGHT_GREY}
        assert set(around(inside)) == {palette.BLACK}
        assert palette.BROWN in around(empty_ghost)  # the wood shows: no stone there
    else:
        assert 1 in around(black_ghost)   # a small token
        if view.u < 4:  # no links drawn: an empty ring site is not drawn at all
            assert set(around(empty_ghost)) == {0}


def test_no_link_crosses_the_board(tmp_path):
    """Every line drawn is one grid step long: the wrap shows as the ring, not as links across
    the whole board."""
    hw = FakeHW(tmp_path, profile="pico_lcd13")
    ui = UI(hw)
    view = View(ui, Throngs({"board": "torus81"}))
    drawn = []
    line = ui.fb.line

    def recording(x, y, tx, ty, c):
        drawn.append((x, y, tx, ty))
        line(x, y, tx, ty, c)
    ui.fb.line = recording
    view.draw(None, [])
    # 243 links inside and out to the ring: 3 per site, plus the ring's links into the rhombus
    assert len(drawn) > 243
    for x, y, tx, ty in drawn:
        assert (x - tx) ** 2 + (y - ty) ** 2 <= (2 * view.u + 2) ** 2, (x, y, tx, ty)
