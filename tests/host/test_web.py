"""The browser version in headless Chromium: `make web`'s folder served by a plain
static server on 127.0.0.1, driven by tools/web/web_page.mjs (npm playwright-core and the system's
chromium).  The screens are the simulator's, pixel for pixel: the main menu of each profile
against desktop_sim's --screen-only shot, each game against the default AI at its first three
replies against the same presses in the scripted hw of the host tests, a save resumed by
Continue after a reload.  One browser run serves every test of this module (xdist_group)."""
import base64
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from desktop_sim import profiles
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers the game names)
from tools.web import web_build, web_plans

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xdist_group("web")
PROFILES = profiles.names()
GAMES = registry.game_names()
REPLIES = 3
SAVED_GAME = GAMES[-1]      # the game whose save the reload scenario continues


def chromium():
    path = web_plans.chromium_path()
    if path:
        return path
    pytest.fail("chromium is missing: apt-get install -y chromium (Debian's browser; nothing is downloaded)",
                pytrace=False)


def menu_shot(profile, tmp):
    """desktop_sim's --screen-only shot of the main menu, as an RGB array."""
    import pygame
    out = tmp / ("menu-%s.png" % profile)
    subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--board", profile,
                    "--screen-only", "--screenshot", str(out), "--save-dir", str(tmp / ("menu-" + profile))],
                   check=True, cwd=ROOT, capture_output=True)
    image = pygame.image.load(str(out))
    return np.ascontiguousarray(pygame.surfarray.array3d(image).swapaxes(0, 1))


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
        hw = web_plans.against_the_ai(name, profile, folder, i, REPLIES)
        steps = web_plans.steps(hw)
        expected["games"][name] = (profile, hw.shots)
        if name == SAVED_GAME:
            expected["continued"] = web_plans.continued(profile, folder)
            steps += [{"reload": True}, {"press": "a"}, {"shot": "continued"}]
        scenarios.append({"board": profile, "steps": steps})
    scenarios.append({"board": "no_such_board", "expectError": True})
    result = web_plans.play(tmp / "site", scenarios, tmp, browser)
    names = PROFILES + GAMES + ["no_such_board"]
    return expected, result, dict(zip(names, result["scenarios"]))


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


def test_an_unknown_board_is_said_on_the_page_not_a_blank_screen(web):
    _, _, runs = web
    shown = runs["no_such_board"]["shown"]
    assert 'Unknown board "no_such_board"' in shown and "pico_lcd13" in shown, shown


def test_the_main_menu_is_drawn_within_3_s_of_the_page_load(web):
    _, result, _ = web
    slowest = max(ms for run in result["scenarios"] for ms in run["loadMs"])
    assert len(result["scenarios"][0]["loadMs"]) == 1
    assert slowest < 3000, "the first frame came %.0f ms after the page load" % slowest


def test_make_web_on_bad_input_says_why_in_one_line(tmp_path, capsys):
    (tmp_path / "web").mkdir()
    with pytest.raises(web_build.WebBuildError, match=r"micropython\.mjs is missing: run `make setup`"):
        web_build.build(tmp_path / "out", root=tmp_path)
    (tmp_path / "a-file").write_text("")
    assert web_build.main(["--out", str(tmp_path / "a-file" / "out")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("web_build: "), err
