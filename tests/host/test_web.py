"""The browser version in headless Chromium: `make web`'s folder served by a plain
static server on 127.0.0.1, driven by tools/web/web_page.mjs (npm playwright-core and the system's
chromium).  The screens are the simulator's, pixel for pixel: the main menu of each profile
against desktop_sim's --screen-only shot, each game against the default AI at its first three
replies against the same presses in the scripted hw of the host tests, a save resumed by
Continue after a reload, the app's own screens for a full, blocked or damaged storage, the
on-screen keys (mouse, two fingers), a gamepad, phone layouts, the heap while the AI plays
itself.  One browser run serves most tests of this module (xdist_group); the error tests each
load a damaged copy of the folder."""
import base64
import json
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


STORAGE_PROFILE = "pico_lcd13"
# Browsers whose storage refuses (run first in the page): full, and blocked (privacy settings).
REFUSING = {
    "full": ('Storage.prototype.setItem = function () { throw new DOMException('
             '"The quota has been exceeded.", "QuotaExceededError"); };', 28),
    "blocked": ('Object.defineProperty(window, "localStorage", { get() { throw new DOMException('
                '"Access is denied for this document.", "SecurityError"); } });', 13),
}


def damaged_saves():
    """name -> the stored value of the save (localStorage holds base64): a save whose checksum
    fails, and a value that is not base64 at all (the page passes its text on)."""
    from firmware.save_files import SavedGame, to_text
    text = to_text(SavedGame("lazo", {}, ["human", "ai-normal"], []))
    damaged = text.replace("players human", "players humax")
    return {"damaged": base64.b64encode(damaged.encode()).decode(), "not-base64": "%% not a save %%"}


def storage_cases(tmp):
    """name -> (scenario, the simulator's shots at its "shot" steps, in order)."""
    from firmware import save_files
    from firmware.app import HUMAN, ai_player
    from shared_rules.levels import DEFAULT_LEVEL
    from tools.device.app_driver import new_game_keys
    cases = {}
    keys = new_game_keys("lazo", HUMAN, ai_player(DEFAULT_LEVEL))
    for name, (script, errno) in REFUSING.items():
        def refuse(base, text, errno=errno):
            raise OSError(errno)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(save_files, "write_new", refuse)
            hw = web_plans.shots_after(STORAGE_PROFILE, tmp / name, [keys, ["a"]])
        steps = [{"press": b} for b in keys] + [{"shot": "said"}, {"press": "a"}, {"shot": "after"}]
        cases[name] = ({"board": STORAGE_PROFILE, "initScript": script, "steps": steps}, hw.shots)
    save_dir = web_build.profile_table()[STORAGE_PROFILE]["SAVE_DIR"]
    for name, stored in damaged_saves().items():
        folder = tmp / name
        folder.mkdir()
        try:
            (folder / save_files.GAME_FILE).write_bytes(base64.b64decode(stored, validate=True))
        except ValueError:
            (folder / save_files.GAME_FILE).write_bytes(stored.encode())
        hw = web_plans.shots_after(STORAGE_PROFILE, folder, [[], ["a"]])
        key = "tholia/%s%s/%s" % (STORAGE_PROFILE, save_dir, save_files.GAME_FILE)
        steps = [{"shot": "said"}, {"press": "a"}, {"shot": "after"}]
        cases[name] = ({"board": STORAGE_PROFILE, "storage": {key: stored}, "steps": steps}, hw.shots)
    return cases


INPUT_PROFILE = "pico_lcd13"
PHONES = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}


def input_cases(tmp):
    """name -> (scenario, the simulator's shots it may end on): Down then A from the main menu,
    pressed with the mouse on the on-screen keys, with two fingers (Down held while A is
    touched: Down may repeat, more often on a loaded machine), with a gamepad; and each profile's page on a phone held either way."""
    def after(downs):
        hw = web_plans.shots_after(INPUT_PROFILE, tmp / ("input-%d" % downs), [["down"] * downs + ["a"]])
        return hw.shots[0][1]
    once = after(1)
    cases = {
        "mouse": ({"board": INPUT_PROFILE, "steps": [{"tap": "down"}, {"tap": "a"}, {"shot": "after"}]}, [once]),
        "touch": ({"board": INPUT_PROFILE, "phone": True, "viewport": PHONES["portrait"], "steps": [
            {"touch": ["down"]}, {"lit": "one"}, {"touch": ["down", "a"]}, {"lit": "both"}, {"touch": ["a"]},
            {"touch": []}, {"settle": True}, {"lit": "none"}, {"shot": "after"}]}, [once] + [after(n) for n in range(2, 6)]),
        "gamepad": ({"board": INPUT_PROFILE, "gamepad": True, "steps": [
            {"pad": [13]}, {"pad": []}, {"settle": True}, {"pad": [0]}, {"pad": []}, {"settle": True},
            {"shot": "after"}]}, [once]),
    }
    for profile in PROFILES:
        for held, viewport in PHONES.items():
            cases["%s-%s" % (profile, held)] = (
                {"board": profile, "phone": True, "viewport": viewport, "steps": [{"layout": "page"}]}, [])
    return cases


HEAP_GAME = "lazo"
HEAP_DECISIONS = 20
# Bounds on the heap the app reports while the AI plays itself (figures: docs/bench_notes.md).
HEAP_MOST = 600 * 1024
HEAP_GROWTH = 200 * 1024


def heap_case(tmp):
    """AI against AI at the demo's fast speed (the settings stored by an earlier visit) for a few
    seconds, the heap the app reports sampled."""
    from firmware import saves
    from firmware.app import SETTINGS
    from tools.web import web_soak
    folder = tmp / "heap"
    settings = {key: values[0] for key, values in SETTINGS.items()}
    settings["demo"] = "fast"
    saves.save_settings(str(folder), settings)
    stored = base64.b64encode((folder / saves.SETTINGS_FILE).read_bytes()).decode()
    save_dir = web_build.profile_table()[STORAGE_PROFILE]["SAVE_DIR"]
    first, following = web_soak.game_buttons([HEAP_GAME])
    soak = {"ms": 8000, "sampleMs": 1000, "quietMs": 3000, "first": first, "next": following}
    return {"board": STORAGE_PROFILE, "storage": {"tholia/%s%s/%s" % (STORAGE_PROFILE, save_dir, saves.SETTINGS_FILE): stored},
            "steps": [{"soak": soak}]}


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
def site(tmp_path_factory):
    """`make web`'s folder."""
    out = tmp_path_factory.mktemp("site") / "web"
    web_build.build(out)
    return out


@pytest.fixture(scope="module")
def web(tmp_path_factory, site):
    browser = chromium()
    tmp = tmp_path_factory.mktemp("web")
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
    storage = storage_cases(tmp)
    expected["storage"] = {name: shots for name, (_, shots) in storage.items()}
    scenarios += [scenario for scenario, _ in storage.values()]
    inputs = input_cases(tmp)
    expected["input"] = {name: shots for name, (_, shots) in inputs.items()}
    scenarios += [scenario for scenario, _ in inputs.values()]
    scenarios.append(heap_case(tmp))
    result = web_plans.play(site, scenarios, tmp, browser)
    names = PROFILES + GAMES + ["no_such_board"] + list(storage) + list(inputs) + ["heap"]
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


@pytest.mark.parametrize("case", ["full", "blocked", "damaged", "not-base64"])
def test_storage_full_blocked_or_damaged_gets_the_apps_own_screens(web, case):
    # Full or blocked: the new game's save fails as on a device (its OSError), "Not saved", then
    # the board.  Damaged: the main menu's Continue, then the app's damaged-save screen.
    expected, _, runs = web
    shots = expected["storage"][case]
    assert len(shots) == 2
    for (_, shot), name in zip(shots, ["said", "after"]):
        assert_same(canvas(runs[case]["shots"][name], *shot.shape[:2]), shot, "%s storage: %s" % (case, name))
    assert not np.array_equal(shots[0][1], shots[1][1])


def ends_on_one_of(run, shots, what):
    seen = canvas(run["shots"]["after"], *shots[0].shape[:2])
    assert any(np.array_equal(seen, shot) for shot in shots), "%s: not the simulator's screen" % what


def test_the_on_screen_keys_work_with_the_mouse(web):
    expected, _, runs = web
    ends_on_one_of(runs["mouse"], expected["input"]["mouse"], "Down, A clicked")


def test_multi_touch_holds_a_direction_while_another_finger_presses_a(web):
    expected, _, runs = web
    run = runs["touch"]
    assert run["lit"] == {"one": ["down"], "both": ["down", "a"], "none": []}, run["lit"]
    ends_on_one_of(run, expected["input"]["touch"], "Down held, A touched")


def test_a_gamepad_presses_the_buttons(web):
    expected, _, runs = web
    ends_on_one_of(runs["gamepad"], expected["input"]["gamepad"], "the pad's Down, then its A")


@pytest.mark.parametrize("held", list(PHONES))
@pytest.mark.parametrize("profile", PROFILES)
def test_the_page_fits_a_phone_held_either_way_crisp_and_at_an_integer_scale(web, profile, held):
    _, _, runs = web
    page = runs["%s-%s" % (profile, held)]["layout"]["page"]
    view, box, pixels = page["viewport"], page["canvas"], page["pixels"]
    scale = box["w"] / pixels["w"]
    assert scale >= 1 and scale == int(scale) and box["h"] == pixels["h"] * scale, page
    assert page["rendering"] == "pixelated", page
    for item in [box] + page["keys"]:
        assert item["x"] >= 0 and item["y"] >= 0 and item["x"] + item["w"] <= view["w"] \
            and item["y"] + item["h"] <= view["h"], ("outside the %dx%d screen" % (view["w"], view["h"]), item)


def test_the_heap_stays_flat_while_the_ai_plays_itself(web):
    _, _, runs = web
    samples = runs["heap"]["samples"]
    assert samples[-1]["decisions"] >= HEAP_DECISIONS, samples
    first = next(s["heap"] for s in samples if s["decisions"] >= 2)
    assert max(s["heap"] for s in samples) - first < HEAP_GROWTH, samples
    assert max(s["heap"] for s in samples) < HEAP_MOST, samples


def test_the_main_menu_is_drawn_within_3_s_of_the_page_load(web):
    _, result, _ = web
    slowest = max(ms for run in result["scenarios"] for ms in run["loadMs"])
    assert len(result["scenarios"][0]["loadMs"]) == 1
    assert slowest < 3000, "the first frame came %.0f ms after the page load" % slowest


def damaged_copy(site, tmp, damage):
    """A copy of the folder `site` with `damage(folder)` done to it."""
    import shutil
    folder = tmp / "site"
    shutil.copytree(site, folder)
    damage(folder)
    return folder


def replace_module(path, text):
    """Damages app.json: the app's module `path` becomes `text`."""
    def damage(folder):
        bundle = json.loads((folder / "app.json").read_text())
        bundle["files"][path] = base64.b64encode(text.encode()).decode()
        (folder / "app.json").write_text(json.dumps(bundle))
    return damage


def shown_error(folder, tmp, scenario):
    result = web_plans.play(folder, [dict(scenario, expectError=True)], tmp, chromium())
    return result["scenarios"][0]["shown"]


def test_a_python_error_as_the_app_starts_is_said_on_the_page(site, tmp_path):
    folder = damaged_copy(site, tmp_path, replace_module("firmware/app.py", "raise RuntimeError('damaged on purpose')\n"))
    shown = shown_error(folder, tmp_path, {"board": "pico_lcd13"})
    assert "The app stopped" in shown and "RuntimeError: damaged on purpose" in shown and "Reload" in shown, shown


def test_a_python_error_while_the_app_runs_is_said_on_the_page(site, tmp_path):
    # The menus' module fails at its import once the main menu is asked for: the app's own error
    # screen needs the widgets, which fail too, and the error leaves the app.
    folder = damaged_copy(site, tmp_path, lambda f: (
        replace_module("firmware/menus.py", "raise ValueError('menus damaged')\n")(f),
        replace_module("firmware/widgets.py", "raise ValueError('widgets damaged')\n")(f)))
    shown = shown_error(folder, tmp_path, {"board": "odroid_go"})
    assert "The app stopped" in shown and "ValueError: widgets damaged" in shown, shown


def test_a_javascript_error_in_the_apps_worker_is_said_on_the_page(site, tmp_path):
    folder = damaged_copy(site, tmp_path, lambda f: (f / "worker.js").write_text("this is not JavaScript {\n"))
    shown = shown_error(folder, tmp_path, {"board": "mono128"})
    assert "The app's worker failed" in shown and "Reload" in shown, shown


def test_make_web_on_bad_input_says_why_in_one_line(tmp_path, capsys):
    (tmp_path / "web").mkdir()
    with pytest.raises(web_build.WebBuildError, match=r"micropython\.mjs is missing: run `make setup`"):
        web_build.build(tmp_path / "out", root=tmp_path)
    (tmp_path / "a-file").write_text("")
    assert web_build.main(["--out", str(tmp_path / "a-file" / "out")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("web_build: "), err
