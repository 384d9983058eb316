"""Throngs' perforated board on screen (docs/rules/throngs.md "Perforated 54"): every hole is a
dark dot on colour screens, drawn where no site is, with no line through it; mono screens leave
the hole's point dark."""
import pytest

from app_harness import FakeHW, PROFILES
from firmware import palette
from firmware.ui import UI
from firmware.views.throngs import View
from shared_rules.throngs.rules import Throngs


def around(fb, point):
    x, y = point
    return [fb.pixel(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_holes_are_marked_where_no_site_is(tmp_path, profile):
    ui = UI(FakeHW(tmp_path, profile=profile))
    game = Throngs({"board": "perforated54"})
    view = View(ui, game)
    view.draw(None, [])
    assert len(view.holes) == 7
    sites = set(view.site_xy(s) for s in range(game.n))
    for point in view.holes:
        assert point not in sites
        if ui.color:
            assert set(around(ui.fb, point)) == {palette.DARK_RED}
        else:
            assert ui.fb.pixel(point[0], point[1]) == 0


def test_no_line_runs_through_a_hole(tmp_path):
    """Lines join neighbours only, so none passes over a hole's point (jumps stop there)."""
    ui = UI(FakeHW(tmp_path, profile="pico_lcd13"))
    view = View(ui, Throngs({"board": "perforated54"}))
    drawn = []
    line = ui.fb.line

    def recording(x, y, tx, ty, c):
        drawn.append((x, y, tx, ty))
        line(x, y, tx, ty, c)
    ui.fb.line = recording
    view.draw(None, [])
    assert len(drawn) == 114
    for x, y in view.holes:
        for x0, y0, x1, y1 in drawn:
            assert (x0 + x1, y0 + y1) != (2 * x, 2 * y)  # no line has the hole as its midpoint
