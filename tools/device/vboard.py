"""The virtual board: the MicroPython WebAssembly VM behind a loopback TCP socket that behaves like
a board's USB REPL (tools/device/vboard.mjs does the work; this is its front door).

    python -m tools.device.vboard --port 8266 [--fs DIR]      # foreground until Ctrl-C
    make flash BOARD=pico_lcd13 PORT=socket://127.0.0.1:8266
    make devtest PORT=socket://127.0.0.1:8266

It listens on 127.0.0.1 only.  --fs keeps the board's filesystem in DIR (else a temporary folder
that goes when the board stops).  Tests use `VirtualBoard` to run one in the background.
What it does and does not do like a board: tools/device/vboard.mjs (no stdin for running programs, so
no `mpremote mount`).
"""
import argparse
import re
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

from tools.device import procs

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "device" / "vboard.mjs"
_READY = re.compile(r"^vboard: listening on 127\.0\.0\.1:(\d+)")


def node_command(port, fs_dir=None, heap_kb=None, tied=False):
    cmd = ["node", str(SCRIPT), "--port", str(port)] + (["--tied"] if tied else [])
    if fs_dir is not None:
        cmd += ["--fs", str(fs_dir)]
    if heap_kb is not None:
        cmd += ["--heap", str(heap_kb)]
    return cmd


class VirtualBoard:
    """A virtual board running in the background: `with VirtualBoard() as vb: vb.url`."""

    def __init__(self, fs_dir=None, port=0, heap_kb=None, startup_timeout=30):
        self.fs_dir = fs_dir
        self.port = port
        self.heap_kb = heap_kb
        self.startup_timeout = startup_timeout
        self.proc = None
        self.log = []  # what the board process printed (its own messages, not the REPL)

    @property
    def url(self):
        return "socket://127.0.0.1:%d" % self.port

    def start(self):
        if shutil.which("node") is None:
            raise RuntimeError("the virtual board needs Node.js (node) on PATH")
        # tied to this process by a pipe on its stdin: the board stops if we die without stop()
        proc = subprocess.Popen(node_command(self.port, self.fs_dir, self.heap_kb, tied=True), cwd=ROOT,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.proc = proc
        ready = threading.Event()

        def read_output():
            for line in proc.stdout or ():
                self.log.append(line.rstrip("\n"))
                m = _READY.match(line)
                if m:
                    self.port = int(m.group(1))
                    ready.set()
            ready.set()  # the process ended

        threading.Thread(target=read_output, daemon=True).start()
        if not ready.wait(self.startup_timeout) or proc.poll() is not None:
            self.stop()
            raise RuntimeError("the virtual board did not start:\n" + "\n".join(self.log))
        return self

    def stop(self):
        procs.stop(self.proc)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.device.vboard", description="A virtual MicroPython board on 127.0.0.1.")
    parser.add_argument("--port", type=int, required=True, help="TCP port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--fs", metavar="DIR", help="keep the board's filesystem in DIR (default: temporary)")
    parser.add_argument("--heap", type=int, metavar="KB", help="initial MicroPython heap (it grows on demand)")
    args = parser.parse_args(argv)
    if shutil.which("node") is None:
        print("vboard: Node.js (node) is not on PATH; run `make setup`", file=sys.stderr)
        return 1
    # Tied by a pipe on its stdin, which closes however this process ends (even killed): the
    # board then stops instead of holding its port as an orphan.
    proc = subprocess.Popen(node_command(args.port, args.fs, args.heap, tied=True), cwd=ROOT, stdin=subprocess.PIPE)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGTERM)
        return proc.wait()


if __name__ == "__main__":
    sys.exit(main())
