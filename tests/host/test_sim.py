"""The desktop simulator: button scripts, the headless mode and its exit status, partial
updates like the device, the keyboard map, and the real app on every board profile."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from desktop_sim import profiles  # noqa: E402
from desktop_sim.script import ScriptError, parse  # noqa: E402
from firmware import palette  # noqa: E402

BOARDS = profiles.names()


def sim(*args, script=None, tmp_path, env_extra=None, app="sim_demo_app"):
    """Runs python -m desktop_sim; returns (status, stderr)."""
    cmd = [sys.executable, "-m", "desktop_sim"]
    if app:
        cmd += ["--app", app]
    if script is not None:
        path = tmp_path / "script.txt"
        path.write_text(script)
        cmd += ["--script", str(path)]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests/host"), str(ROOT)])
    env.update(env_extra or {})
    proc = subprocess.run(cmd + list(args), cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    return proc.returncode, proc.stderr


def load_png(path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    return pygame.image.load(str(path))


def test_script_format():
    steps, end = parse("# a comment\nwait 500\npress a\n1000 hold right  # timed\n"
                       "@1500 release right\npress b 40\nexpect New  game\nend 4\n",
                       ("a", "b", "right"))
    assert [(s.at_ms, s.kind, s.arg) for s in steps] == [
        (500, "down", "a"), (600, "up", "a"), (1000, "down", "right"), (1500, "up", "right"),
        (1500, "down", "b"), (1540, "up", "b"), (1540, "expect", "New  game"),
        (1540, "end", 4)]
    assert end == 1540
    steps, end = parse("wait 10\nwait-for 2000 r=2|r=3\npress a\n", ("a",))
    assert [(s.at_ms, s.kind, s.arg) for s in steps] == [
        (10, "wait-for", (2000, "r=2|r=3")), (10, "down", "a"), (110, "up", "a")]
    for bad, reason in (("press q", "no button 'q'"), ("wait-for 100", "time limit"), ("jump a", "unknown command"),
                        ("wait 100\n50 press a", "before the previous"), ("wait soon", "not a number"),
                        ("screenshot", "needs a file")):
        with pytest.raises(ScriptError, match=reason):
            parse(bad, ("a",))


def test_every_time_and_end_status_of_a_script_is_bounded_with_the_range_in_the_message():
    from desktop_sim.script import MAX_MS
    for bad in ("press a 100000000000000000000", "wait 99999999999999999999999", "wait-for 99999999999 Nothing",
                "99999999999 press a", "@3600001 press a", "wait 3600000\nwait 1", "press a %d" % (MAX_MS + 1),
                "wait 3600000\npress a", "wait " + "9" * 5000):
        with pytest.raises(ScriptError, match=r"0\.\.3600000 ms") as e:
            parse(bad, ("a",))
        assert len(str(e.value)) < 200, bad
    for bad in ("wait \u0661\u0662", "wait 1_000", "wait +5"):
        with pytest.raises(ScriptError, match="not a number") as e:
            parse(bad, ("a",))
        assert len(str(e.value)) < 200, bad
    for bad in ("end abc", "end 300", "end -1", "end 1 2", "end 256"):
        with pytest.raises(ScriptError, match=r"0\.\.255"):
            parse(bad, ("a",))
    assert parse("wait 3599900\npress a\nend 255\n", ("a",))[0][-1].arg == 255
    assert parse("end\n", ("a",))[0][-1].arg == 0


def test_a_script_that_is_not_utf8_is_one_line_and_status_2(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes(b"wait 10\n# caf\xe9\n")
    proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--script", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "not UTF-8" in proc.stderr and str(path) in proc.stderr and "Traceback" not in proc.stderr


def test_a_negative_run_ms_is_refused():
    proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--run-ms", "-5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "--run-ms" in proc.stderr, proc.stderr


@pytest.mark.parametrize("where", ["file", "under a file"])
def test_a_save_dir_that_cannot_be_a_folder_is_refused_in_one_line(tmp_path, where):
    path = tmp_path / "saves"
    path.write_text("")
    if where == "under a file":
        path = path / "inside"
    proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--save-dir", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "--save-dir %s: " % path in proc.stderr and "Traceback" not in proc.stderr


def test_headless_script_presses_repeats_and_expectations(tmp_path):
    status, err = sim("--headless", "--board", "pico_lcd13", tmp_path=tmp_path, script=(
        "wait 50\npress a\nwait 50\npress a\nwait 50\n"
        "hold right\nwait 700\nrelease right\nwait 50\n"
        "expect a=2 r=3\nexpect-not a=3\nexpect demo pico_lcd13\n"))
    # right held 700 ms repeats after 400 ms, then every 120 ms: at 400, 520 and 640 ms
    assert status == 0, err
    assert "script done" in err


def test_wait_for_shifts_the_rest_of_the_script(tmp_path):
    status, err = sim("--headless", tmp_path=tmp_path, script=(
        "hold right\nwait-for 5000 r=2\nrelease right\nwait 400\nexpect r=2\n"))
    assert status == 0, err
    status, err = sim("--headless", tmp_path=tmp_path, script="wait-for 300 a=1\n")
    assert status == 3 and "not on screen after 300 ms" in err


def test_failed_expectation_exits_3_and_says_what_is_on_screen(tmp_path):
    status, err = sim("--headless", tmp_path=tmp_path, script="press a\nwait 50\nexpect a=5\n")
    assert status == 3
    assert "expect 'a=5' failed" in err and "a=1 r=0" in err


@pytest.mark.parametrize("button, status, message", [
    ("b", 7, "app exit"), ("up", 1, "ValueError: demo failure"), ("down", 0, "the app returned")])
def test_exit_status_is_the_apps(tmp_path, button, status, message):
    code, err = sim("--headless", tmp_path=tmp_path, script="wait 20\npress %s\nwait 100\n" % button)
    assert code == status, err
    assert message in err


def test_partial_show_updates_only_its_rectangle(tmp_path):
    """A block drawn but not shown stays invisible, as on the panel; show(0, 30, 4, 4) reveals
    just that corner."""
    shot = tmp_path / "screen.png"
    status, err = sim("--headless", "--screenshot", str(shot), "--screen-only", tmp_path=tmp_path,
                      script="wait 30\npress left\nwait 30\n")
    assert status == 0, err
    image = load_png(shot)
    assert image.get_size() == (240, 240)
    v = palette.rgb565(palette.RED)
    red = (((v >> 11) << 3) | (v >> 13), (((v >> 5) & 63) << 2) | (((v >> 5) & 63) >> 4),
           ((v & 31) << 3) | ((v & 31) >> 2))
    assert tuple(image.get_at((0, 30)))[:3] == red
    assert tuple(image.get_at((3, 33)))[:3] == red
    assert tuple(image.get_at((4, 30)))[:3] == (0, 0, 0)      # drawn, never shown
    assert tuple(image.get_at((15, 45)))[:3] == (0, 0, 0)


def test_mono_screen_and_window_screenshot(tmp_path):
    shot = tmp_path / "window.png"
    status, err = sim("--headless", "--board", "mono128", "--scale", "3", "--screenshot",
                      str(shot), tmp_path=tmp_path, script="wait 30\npress left\nwait 30\n")
    assert status == 0, err
    from desktop_sim.skin import Skin
    from desktop_sim import profiles
    import pygame
    pygame.font.init()
    skin = Skin(profiles.load("mono128"), 3, 3)
    image = load_png(shot)
    assert image.get_size() == skin.size
    corner = tuple(image.get_at((skin.screen_rect.left + 1, skin.screen_rect.top + 30 * 3 + 1)))
    assert corner[:3] == (225, 238, 255)                         # a lit OLED pixel
    dark = tuple(image.get_at((skin.screen_rect.left + 20 * 3, skin.screen_rect.top + 40 * 3)))
    assert dark[:3] == (8, 10, 16)


def test_without_a_display_it_says_so_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    proc = subprocess.run([sys.executable, "-m", "desktop_sim"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "no display found" in proc.stderr and "--headless" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_help_lists_keys_and_script_format():
    proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    for text in ("arrows", "Z or A", "X or S", "Enter", "Esc", "F12", "--board",
                 "press BUTTON [MS]", "expect TEXT"):
        assert text in proc.stdout


def test_keyboard_map_in_a_window(monkeypatch, tmp_path):
    """The interactive path (window, events, real clock) on SDL's dummy video driver."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame
    from desktop_sim.sim import Simulator, keymap_help
    expected = {"pico_lcd13": {pygame.K_z: "a", pygame.K_s: "b", pygame.K_c: "x",
                               pygame.K_RETURN: "a", pygame.K_ESCAPE: "select"},
                "odroid_go": {pygame.K_a: "a", pygame.K_x: "b", pygame.K_RETURN: "a",
                              pygame.K_ESCAPE: "menu", pygame.K_BACKSPACE: "select"},
                "mono128": {pygame.K_z: "a", pygame.K_x: "b", pygame.K_UP: "up",
                            pygame.K_ESCAPE: "b", pygame.K_c: None}}
    for board, keys in expected.items():
        s = Simulator(board, 1, False, None, str(tmp_path / board), None, None)
        hw = s.hw
        hw.poll()
        for key, button in keys.items():
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
            events = hw.poll()
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
            released = hw.poll()
            if button is None:
                assert events == [] and released == [], (board, key, events)
            else:
                assert events == [(1, button)], (board, key, events)
                assert released == [(2, button)]
        # a quick tap (down and up before the app polls) is not lost: seen down, then up
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_UP, mod=0))
        assert hw.poll() == [(1, "up")], board
        assert hw.poll() == [(2, "up")], board
        # clicking a button of the picture presses it
        control = next(c for c in s.skin.controls if c.name == "a")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=control.rect.center))
        assert hw.poll() == [(1, "a")]
        assert "a" in s.pressed
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                             pos=control.rect.center))
        assert hw.poll() == [(2, "a")]
        assert any(line.startswith("Z / A = a") for line in keymap_help(hw.buttons))
        pygame.display.quit()


@pytest.mark.parametrize("board", BOARDS)
def test_the_real_app_runs_unchanged_on_every_profile(tmp_path, board):
    shot = tmp_path / ("%s.png" % board)
    status, err = sim("--headless", "--board", board, "--screenshot", str(shot),
                      tmp_path=tmp_path, app=None,
                      script="wait 300\nexpect New game\npress down\nwait 200\n")
    assert status == 0, err
    image = load_png(shot)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 7)
               for y in range(0, image.get_height(), 7)}
    assert len(colours) > 4


def test_back_to_back_presses_all_reach_the_app_and_expect_selected_reads_the_cursor(tmp_path):
    # Four presses in a row move the menu cursor four times (the app sleeps past both edges
    # of a press: each edge waits for its poll); a press right after a wait-for is not lost.
    script = ("press down\npress down\npress down\npress down\nexpect-selected About\nexpect-not Tholia 1.0\n"
              "expect-selected Rules|Settings|New game\n")
    status, err = sim("--headless", "--board", "mono128", script=script, tmp_path=tmp_path, app="")
    assert status == 3 and "line 7: expect-selected" in err, err
    script = ("wait-for 2000 New game\npress down\npress down\npress down\npress down\nexpect-selected About\n"
              "press a\nwait 300\nexpect Tholia 1.0\npress b\nwait-for 1000 Rules\npress up\n"
              "wait 300\nexpect-selected Settings\nexpect Rules\nexpect About\n")
    status, err = sim("--headless", "--board", "mono128", script=script, tmp_path=tmp_path, app="")
    assert status == 0, err
