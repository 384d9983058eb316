"""The shipped UF2 on the virtual Pico (tools/vpico.py: the real MicroPython v1.27.0 firmware on an
emulated RP2040, the ST7789 panel decoded from its SPI bytes): it boots to the simulator's menu
pixel for pixel, plays each game against the AI with the simulator's frames, takes `make flash`
over a previous version keeping the saves, and runs rules tests with `make devtest`.
The firmware must be found (tools/pico_firmware.py): without it these tests fail with the message
saying where to get it, they are never skipped."""
import os
import re
import subprocess
import sys
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


def test_boot_draws_the_simulators_menu(shipped, tmp_path):
    shots, serial, said = play_both(shipped, "wait 300\nscreenshot menu.png\npress down\nwait 400\n"
                                    "screenshot rules.png\n", tmp_path)
    for name in shots:
        assert differing_pixels(tmp_path / "sim" / name, tmp_path / "pico" / name) == 0, name
    assert "first frame drawn at" in said
    assert "Traceback" not in serial


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_ai_shows_the_simulators_frames(shipped, tmp_path, game):
    segments = vpico_games.plan(game, LEVEL, 3, tmp_path / "plan")
    text, shots = vpico_games.script(segments, LEVEL, "shot-")
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
        dev = run_tool("tools.devtest", "--port", pico.url, *DEVTEST_SUBSET)
    last = dev.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed", last), dev.stdout[-2000:] + dev.stderr[-2000:]
    assert int(last.split()[0]) >= 20
    assert dev.returncode == 0
