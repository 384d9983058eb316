"""The shipped UF2 on the virtual Pico (tools/vpico.py: the real MicroPython v1.27.0 firmware on an
emulated RP2040, the ST7789 panel decoded from its SPI bytes): it boots to the simulator's menu
pixel for pixel, plays each game against the AI with the simulator's frames, takes `make flash`
over a previous version keeping the saves, and runs rules tests with `make devtest`.
The firmware must be found (tools/pico_firmware.py): without it these tests fail with the message
saying where to get it, they are never skipped."""
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools import pico_firmware, uf2, vpico, vpico_games
from tools.build import build

ROOT = Path(__file__).resolve().parents[2]
BOARD = "pico_lcd13"
GAMES = ("tholian_go", "throngs", "lazo", "thoughtwave", "trap")
LEVEL = "easy"   # the AI's replies cost emulated CPU time: the cheapest level keeps make test short
DEVTEST_SUBSET = ["tests/rules/test_protocol.py", "tests/rules/test_trap.py"]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """(UF2, build folder) as `make uf2` makes them, in a folder of this test run's own."""
    out = tmp_path_factory.mktemp("uf2")
    try:
        path = uf2.make_uf2(BOARD, out_root=out, log=lambda message: None)
    except pico_firmware.FirmwareError as e:
        pytest.fail(str(e))
    return path, out / BOARD


def sim_screens(script, folder):
    """Runs the desktop simulator headless on `script`; its screenshots land in folder."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-m", "desktop_sim", "--headless", "--screen-only", "--script",
                             str(script), "--timeout", "300"], cwd=folder, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def pixels(path):
    import pygame
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def differing_pixels(a, b):
    pa, pb = pixels(a), pixels(b)
    assert len(pa) == len(pb) == 240 * 240 * 3, (a, b)
    return sum(pa[i:i + 3] != pb[i:i + 3] for i in range(0, len(pa), 3))


def play_both(shipped, script_text, tmp_path):
    """Plays the script on the simulator and the virtual Pico; returns (screenshots, serial log,
    what the emulator said)."""
    script = tmp_path / "script.txt"
    script.write_text(script_text)
    sim = sim_screens(script, tmp_path / "sim")
    status, serial, said = vpico.run_script(shipped[0], script_text, tmp_path / "pico", tmp_path / "pico",
                                            timeout_s=600)
    sim_out, _ = sim.communicate(timeout=400)
    assert sim.returncode == 0, sim_out[-2000:]
    assert status == 0, said[-2000:] + serial[-2000:]
    shots = sorted(p.name for p in (tmp_path / "sim").glob("*.png"))
    assert shots and shots == sorted(p.name for p in (tmp_path / "pico").glob("*.png"))
    return shots, serial, said


BOOT_SCRIPT = "wait 300\nscreenshot menu.png\npress down\nwait 400\nscreenshot rules.png\n"


def test_boot_draws_the_simulators_menu(shipped, tmp_path):
    shots, serial, said = play_both(shipped, BOOT_SCRIPT, tmp_path)
    assert shots == ["menu.png", "rules.png"]
    for name in shots:
        assert differing_pixels(tmp_path / "sim" / name, tmp_path / "pico" / name) == 0, name
    assert "first frame drawn at" in said
    assert "Traceback" not in serial
    # a run repeats exactly: the same frames at the same emulated times
    again = tmp_path / "again"
    status, _, said_again = vpico.run_script(shipped[0], BOOT_SCRIPT, again, again)
    assert status == 0
    assert re.findall(r"first frame drawn at [\d.]+ ms", said) == re.findall(r"first frame drawn at [\d.]+ ms",
                                                                              said_again)
    for name in shots:
        assert (again / name).read_bytes() == (tmp_path / "pico" / name).read_bytes(), name


def test_the_emulator_goes_with_its_parent(shipped, tmp_path):
    """Killed parent (no chance to clean up): the node process follows it."""
    code = ("import sys; from tools.vpico import VirtualPico\n"
            "p = VirtualPico(sys.argv[1], sys.argv[2]).start()\n"
            "print(p.proc.pid, flush=True)\nimport time; time.sleep(600)\n")
    parent = subprocess.Popen([sys.executable, "-c", code, str(shipped[0]), str(tmp_path)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    os.kill(child, 0)  # running
    parent.kill()
    parent.wait()
    for _ in range(100):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(child, 9)
    raise AssertionError("the emulator outlived its parent")


def test_ctrl_c_stops_it_cleanly(shipped, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "tools.vpico", "--uf2", str(shipped[0]), "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    line = proc.stdout.readline()
    assert re.match(r"vpico: listening on 127\.0\.0\.1:\d+$", line), line
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130, out
    assert "vpico: interrupted" in out and "Traceback" not in out


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_ai_shows_the_simulators_frames(shipped, tmp_path, game):
    text, shots = vpico_games.script(vpico_games.plan(game, LEVEL, 3, tmp_path / "plan"), "shot-")
    found, serial, said = play_both(shipped, text, tmp_path)
    assert found == shots
    for name in shots:
        assert differing_pixels(tmp_path / "sim" / name, tmp_path / "pico" / name) == 0, \
            "%s differs from the simulator's (%s)" % (name, tmp_path)
    assert "Traceback" not in serial and "MemoryError" not in serial, serial[-2000:]


def run_tool(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_flash_over_a_previous_version_copies_the_changes_and_keeps_the_saves(shipped, tmp_path):
    fs_dir = shipped[1]
    files = uf2.board_files(fs_dir)
    older = dict(files)
    older["firmware/menus.mpy"] = files["firmware/menus.mpy"] + b"\0"  # an older app: two files differ,
    older["shared_rules/trap.mpy"] = files["shared_rules/trap.mpy"][:-1]
    older["firmware/gone.mpy"] = b"M\x06"                               # and one is gone since
    save = b"a player's game\n"
    image = uf2.filesystem_image(dict(older, **{"saves/game": save}), ["saves"])
    _, firmware = pico_firmware.load_uf2()
    previous = tmp_path / "previous.uf2"
    previous.write_bytes(uf2.write_uf2(list(firmware) + uf2.image_pages(image, pico_firmware.FLASH_BASE + uf2.FS_OFFSET)))

    with vpico.VirtualPico(previous, tmp_path / "pico") as pico:
        flashed = run_tool("tools.flash", "--board", BOARD, "--port", pico.url, "--out", str(fs_dir.parent),
                           "--no-build")
        assert flashed.returncode == 0, flashed.stdout + flashed.stderr
        assert "Raspberry Pi Pico with RP2040" in flashed.stdout
        assert "flash: %d files: 2 copied, %d unchanged, 1 removed; verified" % (len(files), len(files) - 2) \
            in flashed.stdout, flashed.stdout
        read = run_tool("mpremote", "connect", pico.url, "exec", "print(open('/saves/game').read())")
        assert read.stdout.strip() == save.decode().strip(), read.stdout + read.stderr
        assert "R\x01" in pico.serial_text()  # mpremote's raw-paste mode was taken
        dev = run_tool("tools.devtest", "--port", pico.url, *DEVTEST_SUBSET)
    last = dev.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed", last), dev.stdout[-2000:] + dev.stderr[-2000:]
    assert int(last.split()[0]) >= 20
    assert dev.returncode == 0
