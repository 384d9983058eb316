"""The shipped UF2 on the virtual Pico (tools/device/vpico.py: the real MicroPython v1.27.0 firmware on an
emulated RP2040, the ST7789 panel decoded from its SPI bytes): it boots to the simulator's menu
pixel for pixel, plays each game against the AI with the simulator's frames, takes `make flash`
over a previous version keeping the saves, and runs rules tests with `make devtest`.
The firmware must be found (tools/device/pico_firmware.py): without it these tests fail with the message
saying where to get it, they are never skipped."""
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import shared_rules.games  # noqa: F401  (registers the games)
from shared_rules import registry
from tools.device import pico_firmware, uf2, vpico, vpico_games

ROOT = Path(__file__).resolve().parents[2]
BOARD = "pico_lcd13"
GAMES = [g for g in registry.game_names() if (ROOT / "shared_rules" / g / "ai.py").exists()]  # with an AI
LEVEL = "easy"   # the AI's replies cost emulated CPU time: the cheapest level keeps make test short
DEVTEST_SUBSET = ["tests/rules/test_protocol.py", "tests/rules/trap/test_trap.py"]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """(UF2, build folder) as `make uf2` makes them, in a folder of this test run's own."""
    out = tmp_path_factory.mktemp("uf2")
    try:
        path = uf2.make_uf2(BOARD, out_root=out, log=lambda message: None)
    except pico_firmware.FirmwareError as e:
        pytest.fail(str(e))
    return path, out / BOARD


# The device's main.py (tools/device/build.py writes `import firmware.main`) with the AI's time caps off,
# as the simulator's node_budgets_app: both then play the node budgets' moves, whatever the speed.
# The AI imported before the app: the boot's heap layout changes how fast the device searches
# (by up to 800 ms a reply), and the script's waits are set for this layout.
NODE_BUDGETS_MAIN = b"from shared_rules import ai, levels\nlevels.time_caps = False\nimport firmware.main\n"


@pytest.fixture(scope="module")
def node_budgets(shipped, tmp_path_factory):
    """(UF2, build folder): the shipped app with NODE_BUDGETS_MAIN as its main.py."""
    files = dict(uf2.board_files(shipped[1]), **{"main.py": NODE_BUDGETS_MAIN})
    return uf2_with_files(files, tmp_path_factory.mktemp("uf2") / "node_budgets.uf2"), shipped[1]


def sim_screens(script, folder, timeout_s=300, app="firmware.app"):
    """Runs the desktop simulator headless on `script`; its screenshots land in folder."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests/host"), str(ROOT)]), SDL_VIDEODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-m", "desktop_sim", "--headless", "--screen-only", "--script",
                             str(script), "--timeout", str(timeout_s), "--app", app], cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def pixels(path):
    import pygame
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def differing_pixels(a, b):
    pa, pb = pixels(a), pixels(b)
    assert len(pa) == len(pb) == 240 * 240 * 3, (a, b)
    return sum(pa[i:i + 3] != pb[i:i + 3] for i in range(0, len(pa), 3))


def play_both(shipped, script_text, tmp_path, timeout_s=600, app="firmware.app"):
    """Plays the script on the simulator (running `app`) and the virtual Pico; returns
    (screenshots, serial log, what the emulator said).  timeout_s: wall seconds each may take
    (the emulator's speed depends on the host's load)."""
    script = tmp_path / "script.txt"
    script.write_text(script_text)
    sim = sim_screens(script, tmp_path / "sim", timeout_s, app)
    status, serial, said = vpico.run_script(shipped[0], script_text, tmp_path / "pico", tmp_path / "pico",
                                            timeout_s=timeout_s)
    sim_out, _ = sim.communicate(timeout=timeout_s + 100)
    assert sim.returncode == 0, sim_out[-2000:]
    assert status == 0, said[-2000:] + serial[-2000:]
    shots = sorted(p.name for p in (tmp_path / "sim").glob("*.png"))
    assert shots and shots == sorted(p.name for p in (tmp_path / "pico").glob("*.png"))
    return shots, serial, said


BOOT_SCRIPT = "wait 300\nscreenshot menu.png\npress down\nwait 400\nscreenshot rules.png\n"


# The same script must open the same game on both: the four downs back to back reach Trap (an
# app that sees only the first opens Tholian Go).
BACK_TO_BACK_SCRIPT = ("wait 300\npress a\npress down\npress down\npress down\npress down\npress a\nwait 1500\n"
                       "screenshot form.png\n")


def test_presses_back_to_back_open_the_same_game_as_on_the_simulator(shipped, tmp_path):
    shots, serial, _ = play_both(shipped, BACK_TO_BACK_SCRIPT, tmp_path)
    assert shots == ["form.png"]
    assert differing_pixels(tmp_path / "sim" / "form.png", tmp_path / "pico" / "form.png") == 0
    assert "Traceback" not in serial and "exception" not in serial.lower()  # nor in the pins' interrupt handler


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


def uf2_with_files(files, path):
    """A UF2 of the stock firmware and a filesystem holding `files` ({path: bytes})."""
    _, firmware = pico_firmware.load_uf2()
    image = uf2.filesystem_image(files, ["saves"])
    path.write_bytes(uf2.write_uf2(list(firmware) + uf2.image_pages(image, pico_firmware.FLASH_BASE + uf2.FS_OFFSET)))
    return path


def test_what_the_board_prints_reaches_the_serial_log(tmp_path):
    """So the game tests' "no traceback" can fail: an app that raises shows it there."""
    broken = uf2_with_files({"main.py": b"import time\ntime.sleep_ms(50)\nprint('app up')\n1 / 0\n"},
                            tmp_path / "broken.uf2")
    status, serial, said = vpico.run_script(broken, "wait 1000\n", tmp_path, tmp_path)
    assert "app up\r\nTraceback (most recent call last):" in serial, said + serial
    assert "ZeroDivisionError" in serial
    assert status == 1 and "no frame on the panel after 15000 ms" in said  # the script never started


PANEL_PROBE = b"""
import time
from machine import SPI, Pin
spi = SPI(1, baudrate=62_500_000, sck=Pin(10), mosi=Pin(11))
dc = Pin(8, Pin.OUT)
cs = Pin(9, Pin.OUT, value=1)
def cmd(c, data=None):
    cs(0)
    dc(0)
    spi.write(bytes((c,)))
    if data:
        dc(1)
        spi.write(data)
    cs(1)
def rect(x, y, w, h, colour):
    cmd(0x2A, bytes((0, x, 0, x + w - 1)))
    cmd(0x2B, bytes((0, y, 0, y + h - 1)))
    cmd(0x2C, bytes((colour >> 8, colour & 255)) * (w * h))
cmd(0x01)
cmd(0x11)
cmd(0x3A, b"\\x55")
cmd(0x36, b"\\x60")
cmd(0x21)
cmd(0x29)
for row in range(0, 240, 40):
    rect(0, row, 240, 40, 0)
rect(0, 0, 2, 1, 0xF800)      # red, top left as the app sees it
rect(239, 0, 1, 1, 0x001F)    # blue, top right
time.sleep_ms(1000)
cmd(0x20)                     # INVOFF: an IPS panel then shows the data inverted
time.sleep_ms(1000)
cmd(0x21)
cmd(0x36, b"\\x00")         # portrait MADCTL: the app's (0, 0) lands elsewhere on the hat
rect(0, 0, 1, 1, 0x07E0)
time.sleep_ms(1000)
"""


def test_the_panel_decodes_the_controllers_commands(tmp_path):
    import pygame
    probe = uf2_with_files({"main.py": PANEL_PROBE}, tmp_path / "probe.uf2")
    status, serial, said = vpico.run_script(probe, "wait 500\nscreenshot a.png\nwait 1000\nscreenshot b.png\n"
                                            "wait 1000\nscreenshot c.png\n", tmp_path, tmp_path)
    assert status == 0, said + serial
    a, b, c = (pygame.image.load(str(tmp_path / name)) for name in ("a.png", "b.png", "c.png"))
    assert a.get_at((0, 0))[:3] == a.get_at((1, 0))[:3] == (255, 0, 0)
    assert a.get_at((239, 0))[:3] == (0, 0, 255) and a.get_at((2, 0))[:3] == a.get_at((120, 120))[:3] == (0, 0, 0)
    assert b.get_at((0, 0))[:3] == (0, 255, 255) and b.get_at((120, 120))[:3] == (255, 255, 255)
    assert c.get_at((0, 239))[:3] == (0, 255, 0) and c.get_at((0, 0))[:3] == (255, 0, 0)


def test_the_emulator_goes_with_its_parent(shipped, tmp_path):
    """Killed parent (no chance to clean up): the node process follows it."""
    from test_vboard import assert_ends_with_its_parent
    code = ("import sys; from tools.device.vpico import VirtualPico\n"
            "p = VirtualPico(sys.argv[1], sys.argv[2]).start()\n"
            "print(p.proc.pid, flush=True)\nimport time; time.sleep(600)\n")
    parent = subprocess.Popen([sys.executable, "-c", code, str(shipped[0]), str(tmp_path)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    assert_ends_with_its_parent(parent, int(parent.stdout.readline()))


def test_ctrl_c_stops_it_cleanly(shipped, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "tools.device.vpico", "--uf2", str(shipped[0]), "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    line = proc.stdout.readline()
    assert re.match(r"vpico: listening on 127\.0\.0\.1:\d+$", line), line
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130, out
    assert "vpico: interrupted" in out and "Traceback" not in out


def child_pids(pid):
    """The processes whose parent is `pid` (Linux's /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_devtest_on_the_virtual_pico_stops_its_emulator_when_interrupted(signum):
    # Started as a shell starts a background job (SIGINT ignored), then signalled alone (not its
    # process group): before, it ignored SIGINT and ran on with its emulator, and SIGTERM ended
    # it at once, its emulator's folder left behind.
    from test_vboard import running
    proc = subprocess.Popen([sys.executable, "-m", "tools.device.devtest", "--vpico", DEVTEST_SUBSET[0]], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        said = []
        for line in proc.stdout:
            said.append(line)
            if "devtest: virtual Pico on" in line:
                break
        emulators = [pid for pid in child_pids(proc.pid) if b"vpico.mjs" in Path("/proc/%d/cmdline" % pid).read_bytes()]
        assert len(emulators) == 1, "".join(said)
        config = Path(Path("/proc/%d/cmdline" % emulators[0]).read_bytes().split(b"\0")[2].decode())
        assert config.exists()
        os.kill(proc.pid, signum)
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 130 and "devtest: interrupted" in out, out
        assert not running(emulators[0]) and not config.parent.exists()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


DRIVER_PROBE = """
import gc, time
from machine import Pin
from firmware.drivers import rgb565_panel
from firmware.drivers.st7789 import ST7789
native = rgb565_panel.gs4_rgb565


class Capture:
    # Keeps what is written, or compares what is written with what was kept.
    def __init__(self):
        self.kept = bytearray(240 * 240 * 2 + 64)
        self.pos = 0
        self.checking = False
        self.same = True

    def write(self, data):
        n = len(data)
        if self.checking:
            self.same = self.same and bytes(self.kept[self.pos:self.pos + n]) == bytes(data)
        else:
            self.kept[self.pos:self.pos + n] = data
        self.pos += n


def draw(fb):
    fb.fill(5)
    for i in range(16):
        fb.fill_rect(i * 13, i * 7, 40, 30, i)
        fb.pixel(i + 3, 200 + i, 15 - i)


def panel(spi, expansion):
    rgb565_panel.gs4_rgb565 = expansion
    p = ST7789(spi, Pin(8, Pin.OUT), Pin(9, Pin.OUT), None)
    draw(p.fb)
    return p


capture = Capture()
by_blit = panel(capture, None)
by_native = panel(capture, native)
for rect in ((0, 0, 240, 240), (8, 16, 64, 40), (11, 21, 16, 2), (10, 20, 17, 3), (231, 5, 9, 7)):
    capture.checking = False
    capture.pos = 0
    rgb565_panel.gs4_rgb565 = None
    by_blit.show(*rect)
    sent = capture.pos
    capture.checking = True
    capture.pos = 0
    capture.same = True
    rgb565_panel.gs4_rgb565 = native
    by_native.show(*rect)
    print("rect", rect, capture.same and capture.pos == sent)
del by_blit, by_native, capture
gc.collect()
from boards.active import setup
hw = setup()
draw(hw.fb)
start = time.ticks_us()
hw.show()
print("frame_us", time.ticks_diff(time.ticks_us(), start))
print(hw._display.spi)
"""


def test_the_drivers_native_expansion_sends_the_palette_blits_bytes_fast(shipped, tmp_path):
    """The ST7789 driver's viper expansion (firmware/drivers/gs4_rgb565.py) against
    framebuf.blit() through the palette (its fallback, what tests/host/test_drivers.py checks
    under the WebAssembly VM), for whole words and odd rectangles alike.  Then the board's
    setup(): its SPI runs at 62.5 MHz (clk_peri fed from the 125 MHz system clock), the USB REPL
    still answers (rp2040js cannot make a UART, whatever the clock: machine.UART() hangs there),
    and a whole frame costs little more than its time on the wire."""
    from tools.device.flash import Board
    with vpico.VirtualPico(shipped[0], tmp_path) as pico:
        board = Board(pico.url, timeout=60)
        try:
            board.enter_raw_repl(soft_reset=True)
            out = board.exec(DRIVER_PROBE, timeout=600)
            assert board.exec("print(6 * 7)").strip() == "42"   # the REPL, over USB, after setup()
        finally:
            board.close()
    lines = out.strip().splitlines()
    assert [line.endswith("True") for line in lines[:5]] == [True] * 5, out
    assert lines[5].startswith("frame_us ") and int(lines[5].split()[1]) < 14_700 + 12_000, out
    assert re.match(r"SPI\(1, baudrate=62500000,", lines[6]), out


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_ai_shows_the_simulators_frames(node_budgets, tmp_path, game):
    # The AI's time caps off on both (node_budgets): a cap that binds on one and not the other
    # (the device's easy Tholian Go decisions take 0.25-0.65 s emulated against a 0.4 s cap)
    # would show other moves, and the frames would differ for a reason that is not the screen's.
    # The presses of each decision back to back, as a player's: the device must see them all.
    text, shots = vpico_games.script(vpico_games.plan(game, LEVEL, 3, tmp_path / "plan"), "shot-", back_to_back=True)
    found, serial, said = play_both(node_budgets, text, tmp_path, app="node_budgets_app")
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
    older["shared_rules/trap/rules.mpy"] = files["shared_rules/trap/rules.mpy"][:-1]
    older["firmware/gone.mpy"] = b"M\x06"                               # and one is gone since
    save = b"a player's game\n"
    previous = uf2_with_files(dict(older, **{"saves/game": save}), tmp_path / "previous.uf2")

    with vpico.VirtualPico(previous, tmp_path / "pico") as pico:
        flashed = run_tool("tools.device.flash", "--board", BOARD, "--port", pico.url, "--out", str(fs_dir.parent),
                           "--no-build")
        assert flashed.returncode == 0, flashed.stdout + flashed.stderr
        assert "Raspberry Pi Pico with RP2040" in flashed.stdout
        assert "flash: %d files: 2 copied, %d unchanged, 1 removed; verified" % (len(files), len(files) - 2) \
            in flashed.stdout, flashed.stdout
        read = run_tool("mpremote", "connect", pico.url, "exec", "print(open('/saves/game').read())")
        assert read.stdout.strip() == save.decode().strip(), read.stdout + read.stderr
        assert "R\x01" in pico.serial_text()  # mpremote's raw-paste mode was taken
        dev = run_tool("tools.device.devtest", "--port", pico.url, *DEVTEST_SUBSET)
    last = dev.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed", last), dev.stdout[-2000:] + dev.stderr[-2000:]
    assert int(last.split()[0]) >= 20
    assert dev.returncode == 0


def test_the_planned_form_reaches_each_level_from_the_default():
    # The levels come from shared_rules/levels.py: the form opens on the AI at the
    # default level for the second player, Human for the first, and each other choice is as
    # many presses away as the list says.
    from firmware.app import HUMAN, ai_player
    from shared_rules.levels import DEFAULT_LEVEL, LEVELS
    from tools.device.app_driver import new_game_keys
    start = new_game_keys("trap", HUMAN, ai_player(DEFAULT_LEVEL))
    assert start[-3:] == ["up", "down", "a"]
    to_form = start[:-3]
    for level in LEVELS:
        keys = new_game_keys("trap", HUMAN, ai_player(level))
        assert keys[:len(to_form) + 1] == to_form + ["up"] and keys[-2:] == ["down", "a"]
        steps = keys[len(to_form) + 1:-2]
        assert len(steps) == abs(LEVELS.index(level) - LEVELS.index(DEFAULT_LEVEL))
        assert set(steps) <= ({"left"} if LEVELS.index(level) < LEVELS.index(DEFAULT_LEVEL) else {"right"})
        first = new_game_keys("trap", ai_player(level), ai_player(DEFAULT_LEVEL))
        assert first == to_form + ["up", "up"] + ["right"] * (1 + LEVELS.index(level)) + ["down", "down", "a"]


def vpico_command(*args, tmp_path, script=None, script_bytes=None):
    """Runs python -m tools.device.vpico on the stock firmware (enough for what is refused before it boots)."""
    cmd = [sys.executable, "-m", "tools.device.vpico", "--uf2", str(pico_firmware.find_uf2())]
    if script is not None or script_bytes is not None:
        path = tmp_path / "script.txt"
        path.write_bytes(script_bytes if script_bytes is not None else script.encode())
        cmd += ["--script", str(path)]
    return subprocess.run(cmd + list(args), cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, script, words", [
    (["--port", "70000"], None, "--port must be 0..65535"),
    (["--port", "-1"], None, "--port must be 0..65535"),
    (["--run-ms", "-5"], None, "--run-ms must be 0..3600000"),
    ([], b"wait 10\n# caf\xe9\n", "not UTF-8"),
    ([], b"wait 99999999999999999999999\n", "0..3600000 ms"),
    ([], b"press a\nend 300\n", "0..255"),
    ([], b"end abc\n", "0..255"),
])
def test_bad_flags_and_scripts_are_refused_in_one_line(tmp_path, args, script, words):
    proc = vpico_command(*args, tmp_path=tmp_path, script_bytes=script)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and words in proc.stderr and proc.stderr.startswith("vpico: "), proc.stderr


def vpico_folders(tmp):
    return sorted(p.name for p in tmp.glob("vpico-*"))


def test_sigterm_removes_its_folder_and_a_killed_ones_folder_goes_at_the_next_start(shipped, tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp))
    for signum in (signal.SIGTERM, signal.SIGKILL):
        proc = subprocess.Popen([sys.executable, "-m", "tools.device.vpico", "--uf2", str(shipped[0]), "--port", "0"],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("vpico: listening"), line
        assert len(vpico_folders(tmp)) == 1
        proc.send_signal(signum)  # the tool alone, not its emulator
        out, _ = proc.communicate(timeout=60)
        assert "Traceback" not in out, out
    assert len(vpico_folders(tmp)) == 1  # SIGKILL: no chance to clean up
    other = tmp / "vpico-1-kept"  # pid 1 lives: not a stale folder
    other.mkdir()
    proc = subprocess.run([sys.executable, "-m", "tools.device.vpico", "--uf2", str(shipped[0]), "--run-ms", "50"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert vpico_folders(tmp) == ["vpico-1-kept"]


def test_presses_back_to_back_reach_the_pins_with_a_release_between_them():
    steps, end_ms = vpico.script_steps("press down\npress down\npress a 1\npress a 1\nscreenshot s.png\n",
                                       ("a", "down"))
    assert [(s["at_ms"], s["kind"], s["arg"]) for s in steps] == [
        (0, "down", "down"), (100, "up", "down"), (101, "down", "down"), (200, "up", "down"), (200, "down", "a"),
        (201, "up", "a"), (202, "down", "a"), (202, "screenshot", "s.png"), (203, "up", "a")]
    assert end_ms == 203
