"""Partial screen updates: after any sequence of them the panel shows exactly what a whole redraw
shows, a cursor move sends only small rectangles, a played move only what it changed.

Each test plays the same random buttons twice through the real app on a board profile: once as
the app runs, once with `ui.partial_updates` off (every change redraws and sends the whole
screen), and compares the panels pixel for pixel after every button."""
import random

import numpy as np
import pytest

from app_harness import FakeHW, PROFILES, ScriptEnd, random_mover
from firmware.app import App
from shared_rules import host as ai_host, registry
from tools.device.app_driver import choose_game
import shared_rules.games  # noqa: F401

GAMES = registry.game_names()
DIRECTIONS = ("up", "down", "left", "right")


class PanelRecorder(FakeHW):
    """Keeps the panel and the rectangles shown since the previous button, at every button."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.panels = []    # (button about to be given, in a game?, panel before it)
        self.sent = []      # the rectangles shown after each button
        self.mark = 0

    def poll(self):
        if self.script and not (self.app.busy and not self.script[0].startswith("!")):
            self.sent.append(self.shows[self.mark:])
            self.mark = len(self.shows)
            in_game = self.app is not None and self.app.builder is not None
            self.panels.append((self.script[0], in_game, self.panel.copy()))
        return super().poll()


def random_buttons(name, count, seed):
    """Two humans start `name`, then random presses: mostly the d-pad, A to choose a step."""
    rng = random.Random(seed)
    keys = ["a"] + choose_game(name) + ["up", "left", "left", "down", "a"]
    return keys + [rng.choice(DIRECTIONS) if rng.random() < 0.8 else "a" for _ in range(count)]


def play(tmp_path, profile, buttons, partial, driver=None):
    hw = PanelRecorder(tmp_path, list(buttons), profile, driver=driver)
    app = App(hw)
    app.ui.partial_updates = partial
    hw.app = app
    try:
        app.main_menu()
    except ScriptEnd:
        pass
    return hw, app


def against_the_ai(name):
    """The buttons that start `name` with a human against the easy AI."""
    return ["a"] + choose_game(name) + ["up", "left", "down", "a"]


def assert_same_panels(name, profile, partial, whole):
    assert len(partial.panels) == len(whole.panels)
    for i in range(len(partial.panels)):
        key, _, seen = partial.panels[i]
        expected = whole.panels[i][2]
        if not np.array_equal(seen, expected):
            ys, xs = np.nonzero(seen != expected)
            raise AssertionError("%s on %s: before button %d (%s, after %s) %d pixels differ, "
                                 "first at (%d, %d)" % (name, profile, i, key, partial.pressed[max(0, i - 1)],
                                                        len(xs), xs[0], ys[0]))


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_partial_updates_show_the_same_pixels_as_whole_redraws(tmp_path, name, profile):
    buttons = random_buttons(name, 160, 1 + GAMES.index(name))
    partial, _ = play(tmp_path / "partial", profile, buttons, True)
    whole, _ = play(tmp_path / "whole", profile, buttons, False)
    assert sum(in_game for _, in_game, _ in partial.panels) >= 80     # the play screen's buttons
    assert partial.pressed.count("a") >= 10     # moves were played, not only the cursor moved
    assert_same_panels(name, profile, partial, whole)
    # The partial run did not just redraw everything.
    assert partial.partial_shows > 20


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_the_ais_moves_show_the_same_pixels_as_whole_redraws(tmp_path, name, profile):
    # A human (random moves) against the easy AI: the AI's moves are drawn from the screen
    # shown while it thinks.  Node budgets only, so both runs play the same game.
    caps_were = ai_host.use_level_time_caps(False)
    try:
        runs = [play(tmp_path / str(partial), profile, against_the_ai(name), partial,
                     random_mover(random.Random(GAMES.index(name)), 6))[0] for partial in (True, False)]
    finally:
        ai_host.use_level_time_caps(caps_were)
    partial, whole = runs
    assert len(partial.app.session.game.history) >= 10
    assert_same_panels(name, profile, partial, whole)


class UpdateRecorder(PanelRecorder):
    """Also keeps each play-screen update: (decisions played and the view's key, whether the
    play screen was on the panel before it, the rectangles it sent)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.updates = []
        self.play_shown = False     # the play screen is on the panel (no other screen since)

    def show(self, x=0, y=0, w=0, h=0):
        if w == 0 and not self.in_update:
            self.play_shown = False     # another screen
        super().show(x, y, w, h)

    def watch(self, app):
        self.in_update = False
        draw_play = app.draw_play

        def recorded(session, builder, note=""):
            mark = len(self.shows)
            self.in_update = True
            draw_play(session, builder, note)
            self.in_update = False
            view = session.view
            key = (len(session.game.history), view.serial, view.fixed_key())
            self.updates.append((key, self.play_shown, self.shows[mark:]))
            self.play_shown = True
        app.draw_play = recorded


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_a_played_move_sends_only_what_it_changed(tmp_path, name, profile):
    caps_were = ai_host.use_level_time_caps(False)
    hw = UpdateRecorder(tmp_path, against_the_ai(name), profile,
                        driver=random_mover(random.Random(GAMES.index(name)), 6))
    app = App(hw)
    hw.app = app
    hw.watch(app)
    try:
        app.main_menu()
    except ScriptEnd:
        pass
    finally:
        ai_host.use_level_time_caps(caps_were)
    w, h = hw.width, hw.height
    bx, by, bw, bh = app.ui.board_rect
    played = 0
    for i in range(1, len(hw.updates)):
        (decisions, *key), on_panel, rects = hw.updates[i]
        before, *key_before = hw.updates[i - 1][0]
        if decisions == before or not on_panel or key != key_before:
            continue    # no decision played since the last update, a menu was shown, the board scrolled
        played += 1
        assert (0, 0, w, h) not in rects, "%s on %s: a played move sent the whole screen" % (name, profile)
        on_board = 0
        for x, y, rw, rh in rects:
            if bx <= x and x + rw <= bx + bw and by <= y and y + rh <= by + bh:
                on_board += rw * rh
        assert on_board < bw * bh, "%s on %s: a played move sent the whole board" % (name, profile)
    assert played >= 6      # the human's moves and the AI's (some scroll the board on 128x64)


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_a_cursor_move_sends_only_small_rectangles(tmp_path, name, profile):
    buttons = random_buttons(name, 120, 100 + GAMES.index(name))
    hw, _ = play(tmp_path, profile, buttons, True)
    w, h = hw.width, hw.height
    # At most an eighth of the screen (a third on 128x64, whose status line or column is the
    # help's place: 128x17 or 48x40 pixels).
    limit = w * h // (3 if w < 200 else 8)
    moves = 0
    for i in range(len(hw.panels) - 1):
        key, in_game, _ = hw.panels[i]
        if not in_game or key not in DIRECTIONS:
            continue
        rects = hw.sent[i + 1]
        if not rects:
            continue    # nothing in that direction: nothing to send
        was_whole = any(r[2] == w and r[3] == h for r in rects)
        if was_whole and name == "tholian_go" and profile == "mono128":
            continue    # the board scrolled to follow the cursor
        moves += 1
        assert not was_whole, "%s on %s: a cursor move sent the whole screen" % (name, profile)
        area = sum(r[2] * r[3] for r in rects)
        assert area <= limit, "%s on %s: a cursor move sent %d pixels in %s" % (name, profile, area, rects)
    assert moves >= 20


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_moving_a_menu_or_form_highlight_sends_two_rows(tmp_path, profile):
    # Main menu: down, down, up, up; New game, the first game: its form (up, right changes a
    # value, up), back.
    buttons = ["down", "down", "up", "up", "a", "a", "up", "right", "up", "b"]
    hw, _ = play(tmp_path, profile, buttons, True)
    w, h = hw.width, hw.height
    line_h = 10 if h >= 120 else 8
    footer = (0, h - 8, w, 8)     # the form's "3 of 4"
    for i in (1, 2, 3, 4):         # after each press in the main menu: the two rows
        rects = hw.sent[i]
        assert len(rects) == 2 and all(r[0] == 0 and r[2] == w and r[3] == line_h for r in rects), (i, rects)
    titles = [frame[0] for frame in hw.frames if frame]
    assert "New game" in titles and registry.game_title(GAMES[0]) in titles
    # The form: up, right (a value), up.  On 128x64 a value takes the line below its label, so
    # an item is two rows there (the action row one), and every item keeps its rows.
    two = 2 if w < 200 else 1
    for i, rows in ((7, 1 + two), (8, two), (9, 2 * two)):
        rects = hw.sent[i]
        assert rects[-1] == footer and len(rects) == rows + 1, (i, rects)
        assert all(r[0] == 0 and r[2] == w and r[3] == line_h for r in rects[:-1]), (i, rects)
