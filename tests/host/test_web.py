"""The browser version (issue 36) in headless Chromium: `make web`'s folder served by a plain
static server on 127.0.0.1, driven by tools/web_page.mjs (npm playwright-core and the system's
chromium).  The screens are the simulator's, pixel for pixel: the main menu of each profile
against desktop_sim's --screen-only shot, each game against the default AI at its first three
replies against the same presses in the scripted hw of the host tests, a save resumed by
Continue after a reload.  One browser run serves every test of this module (xdist_group)."""
import base64
import functools
import http.server
import json
import os
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from app_harness import FakeHW, ScriptEnd, presses_for, run_app
from desktop_sim import profiles
from desktop_sim.sim import MONO_DARK, MONO_LIT, rgb_lut
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers the game names)
from tools import web_build
from tools.app_driver import new_game_keys

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xdist_group("web")
PROFILES = profiles.names()
GAMES = registry.game_names()
REPLIES = 3
SAVED_GAME = GAMES[-1]      # the game whose save the reload scenario continues


def chromium():
    for path in (os.environ.get("THOLIA_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if path and os.path.exists(path):
            return path
    pytest.fail("chromium is missing: apt-get install -y chromium (Debian's browser; nothing is downloaded)",
                pytrace=False)


def rgb(panel, color):
    if color:
        return rgb_lut()[panel]
    return np.where(panel[..., None] != 0, MONO_LIT, MONO_DARK).astype(np.uint8)


def menu_shot(profile, tmp):
    """desktop_sim's --screen-only shot of the main menu, as an RGB array."""
    import pygame
    out = tmp / ("menu-%s.png" % profile)
    subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--board", profile,
                    "--screen-only", "--screenshot", str(out), "--save-dir", str(tmp / ("menu-" + profile))],
                   check=True, cwd=ROOT, capture_output=True)
    image = pygame.image.load(str(out))
    return np.ascontiguousarray(pygame.surfarray.array3d(image).swapaxes(0, 1))


class SettlingHW(FakeHW):
    """Counts the app's sleeps: it sleeps only when it waits for a button with nothing to do."""
    sleeps = 0

    def sleep_ms(self, n):
        self.sleeps += 1
        super().sleep_ms(n)


def ai_replies(session):
    movers = session.movers
    return sum(1 for i in range(len(movers)) if session.is_ai(movers[i]) and (i == 0 or movers[i - 1] != movers[i]))


def settled_shots(hw, shots, wanted):
    """A driver step: once the app has slept twice with nothing pressed, the panel is a shot."""
    if hw.mark is None:
        hw.mark = hw.sleeps
        return False
    if hw.sleeps - hw.mark < 2:
        return False
    shots.append((len(hw.pressed), rgb(hw.panel, hw.color)))
    hw.mark = None
    return len(shots) >= wanted


def against_the_ai(name, profile, folder, seed):
    """(buttons, [(presses before, RGB)] at each of the AI's first REPLIES replies) of a human
    playing random moves against the AI at the default level in the scripted hw."""
    from firmware.app import HUMAN, ai_player
    from shared_rules.levels import DEFAULT_LEVEL
    rng = random.Random(seed)
    shots = []

    def drive(hw):
        app = hw.app
        if app.busy:
            return []
        if app.builder is None or app.builder.prefix:
            raise AssertionError("%s: no move to enter after %d presses" % (name, len(hw.pressed)))
        if ai_replies(app.session) > len(shots):
            if settled_shots(hw, shots, REPLIES):
                return None
            if hw.mark is not None:
                return []
        return presses_for(app.builder, rng.choice(app.builder.moves))

    hw = SettlingHW(folder, new_game_keys(name, HUMAN, ai_player(DEFAULT_LEVEL)), profile, drive)
    hw.mark = None
    run_app(hw)
    assert len(shots) == REPLIES, "%s: %d replies seen" % (name, len(shots))
    return list(hw.pressed), shots


def continued(profile, folder):
    """The panel once Continue (the main menu's first item with a save) has settled."""
    shots = []

    def drive(hw):
        return None if settled_shots(hw, shots, 1) else []

    hw = SettlingHW(folder, ["a"], profile, drive)
    hw.mark = None
    try:
        run_app(hw)
    except ScriptEnd:
        pass
    return shots[0][1]


def serve(folder):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    browser = chromium()
    tmp = tmp_path_factory.mktemp("web")
    web_build.build(tmp / "site")
    expected = {"menus": {p: menu_shot(p, tmp) for p in PROFILES}, "games": {}}
    scenarios = [{"board": p, "steps": [{"shot": "menu"}]} for p in PROFILES]
    for i, name in enumerate(GAMES):
        profile = PROFILES[i % len(PROFILES)]
        folder = tmp / ("game-" + name)
        buttons, shots = against_the_ai(name, profile, folder, i)
        steps = []
        for n, (presses, _) in enumerate(shots):
            steps += [{"press": b} for b in buttons[len(steps) - n:presses]]
            steps.append({"shot": "reply%d" % (n + 1)})
        expected["games"][name] = (profile, shots)
        if name == SAVED_GAME:
            expected["continued"] = continued(profile, folder)
            steps += [{"reload": True}, {"press": "a"}, {"shot": "continued"}]
        scenarios.append({"board": profile, "steps": steps})
    server = serve(tmp / "site")
    try:
        plan = tmp / "plan.json"
        plan.write_text(json.dumps({"url": "http://127.0.0.1:%d/" % server.server_address[1],
                                    "chromium": browser, "scenarios": scenarios}))
        run = subprocess.run(["node", str(ROOT / "tools" / "web_page.mjs"), str(plan), str(tmp / "result.json")],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr.strip() or run.stdout.strip()
    finally:
        server.shutdown()
    result = json.loads((tmp / "result.json").read_text())
    result["origin"] = "http://127.0.0.1:%d/" % server.server_address[1]
    return expected, result, {s["board"] if i < len(PROFILES) else GAMES[i - len(PROFILES)]: r
                              for i, (s, r) in enumerate(zip(scenarios, result["scenarios"]))}


def canvas(shot, height, width):
    pixels = np.frombuffer(base64.b64decode(shot), dtype=np.uint8).reshape(height, width, 4)
    return pixels[..., :3]


def assert_same(seen, expected, what):
    assert seen.shape == expected.shape, "%s: canvas %s, simulator %s" % (what, seen.shape, expected.shape)
    differ = np.argwhere(np.any(seen != expected, axis=2))
    assert not len(differ), "%s: %d pixels differ from the simulator's, first at (x=%d, y=%d)" % (
        what, len(differ), differ[0][1], differ[0][0])


@pytest.mark.parametrize("profile", PROFILES)
def test_main_menu_is_the_simulators_screen_only_shot(web, profile):
    expected, _, runs = web
    shot = expected["menus"][profile]
    assert_same(canvas(runs[profile]["shots"]["menu"], *shot.shape[:2]), shot, "main menu on %s" % profile)


@pytest.mark.parametrize("name", GAMES)
def test_against_the_ai_to_its_third_reply_the_screens_are_the_simulators(web, name):
    expected, _, runs = web
    profile, shots = expected["games"][name]
    for n, (_, shot) in enumerate(shots):
        assert_same(canvas(runs[name]["shots"]["reply%d" % (n + 1)], *shot.shape[:2]), shot,
                    "%s on %s after the AI's reply %d" % (name, profile, n + 1))


def test_a_save_survives_a_reload_and_continue_resumes_the_same_board(web):
    expected, _, runs = web
    shot = expected["continued"]
    run = runs[SAVED_GAME]
    assert len(run["loadMs"]) == 2     # loaded, then reloaded
    assert_same(canvas(run["shots"]["continued"], *shot.shape[:2]), shot, "Continue after the reload")
    # The same board as before the reload: the play screen, not the menu's.
    assert not np.array_equal(shot, expected["menus"][expected["games"][SAVED_GAME][0]])


def test_no_request_leaves_the_origin_and_nothing_is_logged_as_an_error(web):
    _, result, _ = web
    outside = [url for url in result["requests"] if not url.startswith(result["origin"])]
    assert result["requests"] and not outside, "requests outside the page's origin: %s" % outside[:5]
    assert not result["console"], result["console"][:5]
    assert not result["errors"], result["errors"][:5]


def test_the_main_menu_is_drawn_within_3_s_of_the_page_load(web):
    _, result, _ = web
    slowest = max(ms for run in result["scenarios"] for ms in run["loadMs"])
    assert slowest < 3000, "the first frame came %.0f ms after the page load" % slowest
