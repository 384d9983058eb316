"""The virtual Pico: a Raspberry Pi Pico with the Waveshare Pico-LCD-1.3 (boards/pico_lcd13.py),
emulated by tools/device/vpico.mjs (npm rp2040js) running the real MicroPython firmware from a UF2.

    python -m tools.device.vpico --uf2 build/tholia-pico_lcd13.uf2 [--script FILE] [--screenshot-dir D]
                          [--port N] [--serial-log FILE] [--screenshot FILE] [--run-ms MS]

--script plays a desktop-simulator button script (desktop_sim/script.py) on the buttons' GPIOs,
its times in emulated milliseconds counted from the end of the app's first frame; `screenshot`
lines save the panel as PNG (in --screenshot-dir, default here), the run ends with the script.
`expect` and `expect-not` lines are the simulator's checks of the strings it drew and are passed
over here (the panel has only pixels); `wait-for` cannot be honoured and is refused.
--port N serves the USB-CDC REPL on 127.0.0.1:N (0: a free port, printed) for
`make flash PORT=socket://127.0.0.1:N` and `make devtest PORT=...`; without --port what the
board prints goes to the terminal.  It stops on Ctrl-C, and when its parent process dies.
The firmware and boot ROM are found as tools/device/pico_firmware.py says.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from tools.device.pico_firmware import FirmwareError, find_bootrom, load_uf2
from tools.device import procs
from tools.device.procs import die_with_parent

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "device" / "vpico.mjs"
_READY = re.compile(r"^vpico: listening on 127\.0\.0\.1:(\d+)")
PROFILE = "pico_lcd13"  # the handheld this emulates; its pins come from its profile
# Wall seconds a REPL step (a command accepted, a file written) may take on the emulator: its
# speed follows the host's load (a board's 10 s failed devtest's file sync on a loaded host).
STEP_TIMEOUT_S = 120
SIM_ONLY = ("expect", "expect-not")
MIN_LEVEL_MS = 1  # a button's pin keeps each level this long at least
FOLDER_PREFIX = "vpico-"  # its temporary folder: vpico-<pid>-<random>


class VpicoError(Exception):
    """A virtual Pico that cannot be started, phrased for the user in one line."""


def board_wiring(profile=PROFILE):
    """The pins and sizes tools/device/vpico.mjs wires the panel and buttons to, from the profile."""
    board = __import__("boards." + profile, None, None, ["NAME"])
    if board.DRIVER != "st7789":
        raise VpicoError("the virtual Pico models an ST7789 panel; %s has %s" % (profile, board.DRIVER))
    return {"spi_id": board.SPI_ID, "sck": board.SCK, "mosi": board.MOSI, "cs": board.CS, "dc": board.DC,
            "rst": board.RST, "backlight": board.BACKLIGHT, "width": board.WIDTH, "height": board.HEIGHT,
            "buttons": dict(zip(board.BUTTONS, board.BUTTON_PINS))}, board.BUTTONS


def script_steps(text, buttons):
    """The script's steps as tools/device/vpico.mjs plays them, and its end time (ms)."""
    from desktop_sim.script import ScriptError, parse
    steps, end_ms = parse(text, buttons)
    out = []
    for step in steps:
        if step.kind == "wait-for":
            raise ScriptError("line %d: wait-for reads the strings the simulator drew; the virtual Pico has only "
                              "pixels: wait a fixed time instead" % step.line_no)
        if step.kind not in SIM_ONLY:
            out.append({"at_ms": step.at_ms, "kind": step.kind, "arg": step.arg})
    # back-to-back presses would keep the pin low throughout: each level lasts MIN_LEVEL_MS at least
    changed = {}
    for step in out:
        if step["kind"] in ("down", "up"):
            last = changed.get(step["arg"])
            if last is not None and step["at_ms"] < last + MIN_LEVEL_MS:
                step["at_ms"] = last + MIN_LEVEL_MS
            changed[step["arg"]] = step["at_ms"]
    out.sort(key=lambda step: step["at_ms"])
    return out, max([end_ms] + list(changed.values()))


def node_config(uf2, bootrom, port=None, steps=None, end_ms=None, screenshot_dir=None, serial_log=None,
                run_ms=None, report=None, echo=False, timeout_s=None, tied=True):
    wiring, _ = board_wiring()
    return dict(wiring, uf2=str(uf2), bootrom=str(bootrom), port=port, steps=steps, end_ms=end_ms,
                screenshot_dir=str(screenshot_dir) if screenshot_dir else None,
                serial_log=str(serial_log) if serial_log else None, run_ms=run_ms, run_ms_status=0,
                report=str(report) if report else None, echo=echo, timeout_s=timeout_s, tied=tied)


def remove_stale_folders():
    """Removes the temporary folders of virtual Picos killed outright (SIGKILL runs no cleanup):
    ours, named for a process that is gone."""
    for folder in Path(tempfile.gettempdir()).glob(FOLDER_PREFIX + "*-*"):
        pid = folder.name[len(FOLDER_PREFIX):].split("-", 1)[0]
        try:
            if not pid.isdigit() or folder.stat().st_uid != os.getuid() or not folder.is_dir():
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:  # alive (another user's: PermissionError), or the folder went meanwhile
            continue


def check_uf2(uf2):
    """Refuses a file that is not a Pico UF2 before the emulator sees it."""
    try:
        load_uf2(uf2)
    except FirmwareError as e:
        raise VpicoError(str(e)) from None


def spawn(config, config_dir, stdout=None, stderr=None):
    """Starts node on a configuration; returns the Popen.  It ends with us: SIGTERM when we die
    (tools/device/procs.py, Linux), and when its stdin, a pipe from us, closes (everywhere)."""
    if shutil.which("node") is None:
        raise VpicoError("Node.js (node) is not on PATH; run `make setup`")
    if not (ROOT / "node_modules" / "rp2040js").is_dir():
        raise VpicoError("rp2040js is not installed: run `make setup`")
    path = Path(config_dir) / "vpico-config.json"
    path.write_text(json.dumps(config))
    return subprocess.Popen(["node", str(SCRIPT), str(path)], cwd=ROOT, stdin=subprocess.PIPE, stdout=stdout,
                            stderr=stderr, preexec_fn=die_with_parent if os.name == "posix" else None)


class VirtualPico:
    """A virtual Pico in the background, its REPL on a free loopback port:
    `with VirtualPico(uf2, work_dir) as pico: pico.url` (work_dir: config, serial log).
    With `script_text` it plays the script first (wait_script() waits for its end; the REPL
    stays up), with `report` it writes the timings there when stopped."""

    def __init__(self, uf2, work_dir, port=0, startup_timeout=60, script_text=None, report=None):
        self.uf2 = uf2
        self.work_dir = Path(work_dir)
        self.port = port
        self.startup_timeout = startup_timeout
        self.script_text = script_text
        self.report = report
        self.serial_log = self.work_dir / "serial.log"
        self.proc = None
        self.log = []  # what the emulator printed about itself
        self._script_done = threading.Event()

    @property
    def url(self):
        return "socket://127.0.0.1:%d" % self.port

    def serial_text(self):
        return self.serial_log.read_bytes().decode(errors="replace") if self.serial_log.exists() else ""

    def start(self):
        check_uf2(self.uf2)
        self.work_dir.mkdir(parents=True, exist_ok=True)
        steps = end_ms = None
        if self.script_text is not None:
            steps, end_ms = script_steps(self.script_text, board_wiring()[1])
        config = node_config(self.uf2, find_bootrom(), port=self.port, steps=steps, end_ms=end_ms,
                             screenshot_dir=self.work_dir, serial_log=self.serial_log, report=self.report)
        proc = spawn(config, self.work_dir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.proc = proc
        ready = threading.Event()

        def read_output():
            for raw in proc.stdout or ():
                line = raw.decode(errors="replace").rstrip("\n")
                self.log.append(line)
                m = _READY.match(line)
                if m:
                    self.port = int(m.group(1))
                    ready.set()
                if line.startswith("vpico: script done"):
                    self._script_done.set()
            ready.set()  # the process ended
            self._script_done.set()

        threading.Thread(target=read_output, daemon=True).start()
        try:
            started = ready.wait(self.startup_timeout) and proc.poll() is None
        except BaseException:   # interrupted while it starts (no `with` has it yet to stop)
            self.stop()
            raise
        if not started:
            self.stop()
            raise VpicoError("the virtual Pico did not start:\n" + "\n".join(self.log))
        return self

    def wait_script(self, timeout):
        """Waits for the script's end; VpicoError when it does not come."""
        if not self._script_done.wait(timeout) or (self.proc and self.proc.poll() is not None):
            raise VpicoError("the script did not end in %s s:\n%s" % (timeout, "\n".join(self.log[-20:])))

    def stop(self):
        procs.stop(self.proc)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def run_script(uf2, script_text, screenshot_dir, work_dir, report=None, timeout_s=1800):
    """Plays a button script on a fresh virtual Pico to its end; returns (exit status, serial
    output, what the emulator printed)."""
    _, buttons = board_wiring()
    check_uf2(uf2)
    steps, end_ms = script_steps(script_text, buttons)
    work_dir = Path(work_dir)
    work_dir.mkdir(parents=True, exist_ok=True)
    serial = work_dir / "serial.log"
    config = node_config(uf2, find_bootrom(), steps=steps, end_ms=end_ms, screenshot_dir=screenshot_dir,
                         serial_log=serial, report=report, timeout_s=timeout_s)
    proc = spawn(config, work_dir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.read() if proc.stdout else b""  # stdin stays open: closing it stops the emulator
    status = proc.wait()
    if proc.stdin:
        proc.stdin.close()
    return status, serial.read_bytes().decode(errors="replace"), out.decode(errors="replace")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.device.vpico", description=(__doc__ or "").split("\n\n")[0],
                                     epilog=(__doc__ or "").split("\n\n", 2)[2], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--uf2", required=True, help="the UF2 to boot (make uf2: build/tholia-pico_lcd13.uf2)")
    parser.add_argument("--script", metavar="FILE", help="button script (the simulator's format)")
    parser.add_argument("--screenshot-dir", metavar="DIR", help="where the script's screenshots go (default: here)")
    parser.add_argument("--screenshot", metavar="FILE", help="save the panel as PNG when the run ends")
    parser.add_argument("--port", type=int, help="serve the USB REPL on 127.0.0.1:N (0: any free port)")
    parser.add_argument("--serial-log", metavar="FILE", help="write everything the board prints to FILE")
    parser.add_argument("--run-ms", type=int, metavar="MS", help="stop after MS ms of emulated time")
    parser.add_argument("--bootrom", metavar="FILE", help="the RP2040 boot ROM (default: looked up)")
    parser.add_argument("--report", metavar="FILE", help="write timings (frames, presses) as JSON")
    args = parser.parse_args(argv)
    from desktop_sim.script import MAX_MS, ScriptError, read_script
    if args.port is not None and not 0 <= args.port <= 65535:
        print("vpico: --port must be 0..65535 (0: any free port), not %d" % args.port, file=sys.stderr)
        return 2
    if args.run_ms is not None and not 0 <= args.run_ms <= MAX_MS:
        print("vpico: --run-ms must be 0..%d, not %d" % (MAX_MS, args.run_ms), file=sys.stderr)
        return 2
    try:
        _, buttons = board_wiring()
        check_uf2(args.uf2)
        bootrom = find_bootrom(args.bootrom)
        steps = end_ms = None
        if args.script:
            steps, end_ms = script_steps(read_script(args.script), buttons)
        remove_stale_folders()
        with procs.interrupted_by_signals(), \
                tempfile.TemporaryDirectory(prefix="%s%d-" % (FOLDER_PREFIX, os.getpid())) as tmp:
            config = node_config(args.uf2, bootrom, port=args.port, steps=steps, end_ms=end_ms,
                                 screenshot_dir=args.screenshot_dir, serial_log=args.serial_log, run_ms=args.run_ms,
                                 report=args.report, echo=args.port is None)
            config["final_screenshot"] = str(Path(args.screenshot).resolve()) if args.screenshot else None
            proc = spawn(config, tmp)
            try:
                return proc.wait()
            except KeyboardInterrupt:  # Ctrl-C reached node too; a SIGTERM of ours alone did not
                try:
                    return proc.wait(2)
                except subprocess.TimeoutExpired:
                    procs.stop(proc)
                    return proc.wait()
    except (VpicoError, FirmwareError) as e:
        print("vpico: %s" % e, file=sys.stderr)
        return 1
    except ScriptError as e:
        print("vpico: %s: %s" % (args.script, e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
