"""Puts the app onto a board over its USB REPL with mpremote's transport:
`make flash BOARD=<profile> PORT=<port>` = python -m tools.device.flash --board NAME --port PORT.

    PORT  /dev/ttyACM0 (Pico), /dev/ttyUSB0 (ODROID-GO), COM3, or socket://127.0.0.1:N for a
          virtual board (python -m tools.device.vboard --port N)

It builds (tools.device.build), checks that the port runs MicroPython and that the board reads the
build's .mpy version, copies only the files whose SHA-256 differs (with progress), removes files
of ours the build no longer has (a stale .py would shadow its .mpy), verifies every hash, and
soft-resets the board into the app.  Files outside shared_rules/, firmware/, boards/ and main.py
(saves, settings) are left alone.  Every failure is one line on stderr and a non-zero exit.
"""
import argparse
import binascii
import hashlib
import os
import re
import socket
import sys
import time
from pathlib import Path
from typing import Any

# Imported with this module, not when a Board is first made: devtest makes one right after its
# virtual Pico starts, where an interrupt in the middle of this import (of `platform`) came out
# as a RuntimeError and a traceback instead of devtest's clean stop.
from mpremote.transport_serial import SerialTransport

ROOT = Path(__file__).resolve().parents[2]
MANAGED_DIRS = ("shared_rules", "firmware", "boards")  # wholly the build's on the board
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
CHUNK = 4096  # file bytes per raw-REPL command (~5.5 KB of base64, held in the board's heap)
# A C module has no __file__; this VM's binascii is Python, slower than parsing a repr'd bytes.
B64_IMPORT = ("try:\n    import binascii\n    a2b = binascii.a2b_base64\n"
              "    print('python' if hasattr(binascii, '__file__') else 'builtin')\nexcept ImportError:\n"
              "    print('none')")
# mpy-cross's arch numbers (py/persistentcode.h), to name a board's chip in messages.
ARCH_NAMES = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
              "xtensa", "xtensawin", "rv32imc", "rv64imc")


class BoardError(Exception):
    """A failure to talk to the board, phrased for the user in one line."""


def arch_name(arch):
    return ARCH_NAMES[arch] if 0 <= arch < len(ARCH_NAMES) else "arch %d" % arch


PORT_FORMS = "/dev/ttyACM0, COM3, socket://HOST:PORT or rfc2217://HOST:PORT"
NETWORK_SCHEMES = ("socket://", "rfc2217://")


def network_address(port):
    """(scheme, host, TCP port text) of a URL port such as socket://127.0.0.1:8266."""
    scheme = port[:port.index("://") + 3]
    host, _, number = port[len(scheme):].split("?", 1)[0].split("/", 1)[0].rpartition(":")
    return scheme, host, number


def port_problem(port):
    """What is wrong with how `port` is written (one line), or "" when it may be opened:
    a device path, or a socket:// / rfc2217:// URL with a host and a TCP port 1..65535."""
    if "://" not in port:
        return ""
    scheme, host, number = network_address(port)
    if scheme not in NETWORK_SCHEMES:
        return "%s: unknown kind of port '%s' (use %s)" % (port, scheme, PORT_FORMS)
    if not host or not number:
        return "%s: a %s port needs a host and a TCP port, as in %s127.0.0.1:8266" % (port, scheme, scheme)
    if not (number.isascii() and number.isdigit() and 1 <= int(number) <= 65535):
        return "%s: the TCP port must be a number 1..65535, not '%s'" % (port, number)
    return ""


def check_port(port):
    """Raises BoardError saying what is wrong with `port` as written (missing, malformed)."""
    if not port:
        raise BoardError("no port given: PORT=/dev/ttyACM0 (or COMn, or socket://127.0.0.1:N for a virtual board)%s"
                         % found_ports_hint())
    problem = port_problem(port)
    if problem:
        raise BoardError(problem)


def describe_open_failure(port):
    """Why `port` cannot be opened, in one line (pyserial's own error, classified)."""
    import serial
    try:
        ser = serial.serial_for_url(port, do_not_open=True, baudrate=115200, exclusive=True)
        ser.open()
        ser.close()
    except Exception as e:  # pyserial wraps OS errors in SerialException with the text only
        text = str(e)
        low = text.lower()
        errno = re.search(r"errno (\d+)", low)
        code = int(errno.group(1)) if errno else 0
        if port.startswith(NETWORK_SCHEMES) and ("refused" in low or code == 111):
            scheme, _, number = network_address(port)
            return "no device at %s: nothing listens there%s" % (port, " (a virtual board: python -m tools.device.vboard "
                                                                      "--port %s)" % number if scheme == "socket://" else "")
        if port.startswith(NETWORK_SCHEMES) and ("timed out" in low or code in (101, 110, 113)):
            return "no device at %s: the host does not answer (%s)" % (port, text)
        if "no such file" in low or code == 2 or "could not find" in low:
            return "no device at %s%s" % (port, found_ports_hint())
        if "exclusively lock" in low or "busy" in low or code in (11, 16):
            return "%s is busy: another program (a serial console, Thonny, mpremote) has it open" % port
        if "permission denied" in low or code == 13:
            return "no permission to open %s (on Linux: add yourself to the dialout group)" % port
        return "cannot open %s: %s" % (port, text)
    return "cannot open %s" % port


def found_ports_hint():
    try:
        from serial.tools import list_ports
        names = [p.device for p in list_ports.comports()]
    except Exception:
        names = []
    return "; serial ports present: %s" % ", ".join(names) if names else "; no serial ports present (is the board plugged in?)"


class Board:
    """A MicroPython board on the other end of `port`, driven through its raw REPL."""

    def __init__(self, port, timeout=10.0):
        check_port(port)
        self.port = port
        self.timeout = timeout
        try:
            self.transport = SerialTransport(port, baudrate=115200)
        except Exception:  # TransportError, or pyserial's ValueError for what it cannot parse
            raise BoardError(describe_open_failure(port)) from None
        self.serial: Any = self.transport.serial  # a pyserial port (socket:// URLs included)
        self._pending = bytearray()  # read from the board, not consumed yet
        self.is_socket = port.startswith("socket://")
        sock = getattr(self.serial, "_socket", None)
        if sock is not None:  # small commands and answers: do not let Nagle hold them back
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    # --- the REPL --------------------------------------------------------------------------
    def _read_until(self, ending, timeout):
        """What the board sends up to and including `ending` (None: everything within
        `timeout` seconds; timeout None: no limit).  On timeout, what came so far.  Reads block
        briefly in the serial layer, so an answer is seen as soon as it arrives."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            if ending is not None:
                at = self._pending.find(ending)
                if at >= 0:
                    cut = at + len(ending)
                    data, self._pending = bytes(self._pending[:cut]), self._pending[cut:]
                    return data
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                data, self._pending = bytes(self._pending), bytearray()
                return data
            try:
                self.serial.timeout = 0.05 if left is None else max(0.001, min(0.05, left))
                chunk = self.serial.read(max(1, self.serial.in_waiting))
            except Exception as e:
                raise BoardError("%s closed the connection (%s): busy with another program, or unplugged?"
                                 % (self.port, e)) from None
            if chunk:
                self._pending += chunk

    def _drain(self, seconds):
        """What the board sends during the next `seconds`."""
        return self._read_until(None, seconds)

    def enter_raw_repl(self, soft_reset=False):
        """Interrupts whatever runs and enters the raw REPL; soft_reset also clears the heap."""
        try:
            self.serial.write(b"\r\x03\x03")  # twice: an app may catch the first KeyboardInterrupt
            self._drain(0.3)  # drop what the board printed until now
            self.serial.write(b"\r\x01")
            data = self._read_until(RAW_BANNER + b">", self.timeout)
            if not data.endswith(RAW_BANNER + b">"):
                if not data:
                    raise BoardError("%s does not answer: no MicroPython REPL there (or it is stuck)" % self.port)
                raise BoardError("%s does not answer like a MicroPython REPL (it sent %r)" % (self.port, data[-60:]))
            if soft_reset:
                self.serial.write(b"\x04")
                data = self._read_until(b"soft reboot\r\n", self.timeout)
                data += self._read_until(RAW_BANNER + b">", self.timeout)
                if not data.endswith(RAW_BANNER + b">"):
                    raise BoardError("%s did not come back from a soft reset (it sent %r)" % (self.port, data[-60:]))
        except OSError as e:
            raise BoardError("%s: %s" % (self.port, e)) from None

    def run(self, code, timeout=None, on_output=None):
        """Runs `code` at the raw REPL's '>' prompt (where each command leaves it); returns
        (output, error output) as text.  Like mpremote's exec_raw, but paced (256 bytes per
        10 ms) only on a serial line, whose USB-UART bridge may not keep up: a socket has flow
        control.  `timeout` bounds the whole run (None: the board's default); a run that does not
        end in time raises BoardError (the board may still be running it)."""
        command = code.encode() + b"\x04"
        try:
            if self.is_socket:
                self.serial.write(command)
            else:
                for i in range(0, len(command), 256):
                    self.serial.write(command[i:i + 256])
                    time.sleep(0.01)
        except OSError as e:
            raise BoardError("%s: %s" % (self.port, e)) from None
        answer = self._read_until(b"OK", self.timeout)
        if not answer.endswith(b"OK"):
            raise BoardError("%s did not accept a command (it sent %r)" % (self.port, answer[-60:]))
        limit = self.timeout if timeout is None else timeout
        end = time.monotonic() + limit
        out = b""
        while not out.endswith(b"\x04"):  # in pieces, so on_output sees it as it comes
            if time.monotonic() > end:
                raise BoardError("%s: no end of output within %s s" % (self.port, limit))
            piece = self._read_until(b"\x04", 0.2)
            out += piece
            if on_output and piece.rstrip(b"\x04"):
                on_output(piece.rstrip(b"\x04"))
        err = self._read_until(b"\x04", self.timeout)
        prompt = self._read_until(b">", self.timeout)
        if not (err.endswith(b"\x04") and prompt.endswith(b">")):
            raise BoardError("%s stopped answering" % self.port)
        return out[:-1].decode(errors="replace"), err[:-1].decode(errors="replace")

    def exec(self, code, timeout=None):
        """run(), with the board's exception raised as BoardError (its last line)."""
        out, err = self.run(code, timeout)
        if err:
            lines = err.strip().splitlines()
            raise BoardError("the board raised %s" % (lines[-1] if lines else "an error"))
        return out

    def leave_raw_repl(self):
        self.serial.write(b"\r\x02")

    def info(self):
        """name, version string, _mpy word and platform of the board's firmware."""
        out = self.exec("import sys\nimpl = sys.implementation\n"
                        "print(impl.name, '.'.join(str(v) for v in impl.version[:3]), getattr(impl, '_mpy', 0),"
                        " sys.platform, getattr(impl, '_machine', '').replace(' ', '_'))")
        words = out.split()
        if len(words) < 4:
            raise BoardError("%s answered the raw REPL but not as MicroPython (%r)" % (self.port, out[:60]))
        return {"name": words[0], "version": words[1], "mpy": int(words[2]), "platform": words[3],
                "machine": words[4].replace("_", " ") if len(words) > 4 else ""}

    def soft_reset_into_app(self, show, seconds=2.0):
        """Leaves the raw REPL and soft-resets from the friendly one, so main.py runs; shows
        what the board prints for a moment (an app that fails at start says why)."""
        self.leave_raw_repl()
        self._read_until(b">>> ", self.timeout)
        self.serial.write(b"\x04")
        # until the app has run for `seconds`, or ended at the REPL prompt
        text = self._read_until(b"\n>>> ", seconds).decode(errors="replace")
        for line in text.replace("\r", "").split("\n"):
            if line.strip():
                show("  board: " + line)

    def close(self):
        try:
            self.transport.close()
        except Exception:
            pass


# --- files on the board ---------------------------------------------------------------------
HASH_SCRIPT = """
try:
    import hashlib
except ImportError:
    hashlib = None
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return '-'
    if hashlib is None:
        f.close()
        return '?'
    h = hashlib.sha256()
    b = bytearray(512)
    m = memoryview(b)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(m[:n])
    f.close()
    return ''.join('%02x' % x for x in h.digest())
"""

LIST_SCRIPT = """
import os
def _walk(d):
    try:
        entries = list(os.ilistdir(d))
    except OSError:
        return
    for e in entries:
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            _walk(p)
            print('D', p)
        else:
            print('F', p)
"""


def board_hashes(board, paths):
    """{path: sha256 hex, '-' when missing, '?' when the board has no hashlib}."""
    out = {}
    for i in range(0, len(paths), 40):  # a few commands, not one per file
        batch = paths[i:i + 40]
        text = board.exec(HASH_SCRIPT + "for p in %r:\n    print(p, _h(p))\n" % (batch,), timeout=60)
        for line in text.splitlines():
            parts = line.split()
            if len(parts) == 2:
                out[parts[0]] = parts[1]
    missing = [p for p in paths if p not in out]
    if missing:
        raise BoardError("the board did not report the hash of %s" % missing[0])
    return out


def board_tree(board, top):
    """Files and folders under /top on the board: [('F'|'D', path)], folders after their contents."""
    text = board.exec(LIST_SCRIPT + "_walk(%r)\n" % ("/" + top), timeout=60)
    return [(line[0], line[2:]) for line in text.splitlines() if line[:2] in ("F ", "D ")]


def write_file(board, path, data, b64):
    """Writes `data` to `path` on the board through a temporary name, then renames it over;
    a small file takes one command (the board must have run B64_IMPORT when b64)."""
    tmp = path + ".part"
    chunks = [data[i:i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""]
    for i, chunk in enumerate(chunks):
        code = "f = open(%r, 'wb')\n" % tmp if i == 0 else ""
        code += "f.write(%s)\n" % ("a2b(%r)" % binascii.b2a_base64(chunk, newline=False) if b64 else repr(chunk))
        if i == len(chunks) - 1:
            code += ("f.close()\nimport os\ntry:\n    os.remove(%r)\nexcept OSError:\n    pass\n"
                     "os.rename(%r, %r)\ndel f" % (path, tmp, path))
        board.exec(code)


def ensure_dirs(board, dirs):
    if dirs:
        board.exec("import os\nfor d in %r:\n    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
                   % (sorted(dirs, key=len),))


def build_mpy_format(fs_dir):
    """(version, sub-version, arch) the build needs: arch and sub only matter for native code."""
    version, sub, arch = None, 0, 0
    for path in sorted(fs_dir.rglob("*.mpy")):
        head = path.read_bytes()[:4]
        if head[:1] != b"M":
            raise BoardError("%s is not a .mpy file" % path)
        if version is not None and head[1] != version:
            raise BoardError("the build mixes .mpy versions: rebuild it (make build)")
        version = head[1]
        if head[2] >> 2:  # native code inside: needs the same arch and sub-version
            sub, arch = head[2] & 3, head[2] >> 2
    return version, sub, arch


def check_compatible(info, fs_dir):
    """Raises BoardError when the board cannot load this build's .mpy files."""
    if info["name"] != "micropython":
        raise BoardError("the board runs %s, not MicroPython" % info["name"])
    if not info["mpy"]:
        raise BoardError("MicroPython %s does not say which .mpy files it reads (sys.implementation._mpy): "
                         "update its firmware" % info["version"])
    version, sub, arch = build_mpy_format(fs_dir)
    board_version, board_sub, board_arch = info["mpy"] & 0xFF, (info["mpy"] >> 8) & 3, info["mpy"] >> 10
    if version is not None and board_version != version:
        raise BoardError("the board's MicroPython %s reads .mpy v%d but the build is v%d (mpy-cross from "
                         "MicroPython 1.27): install MicroPython >= 1.23 on the board"
                         % (info["version"], board_version, version))
    if arch and (board_arch != arch or board_sub != sub):
        raise BoardError("the build has native code for %s (.mpy v%d.%d) but the board is %s (v%d.%d): "
                         "build for its chip (tools.device.build --march)" % (arch_name(arch), version, sub,
                                                                      arch_name(board_arch), board_version, board_sub))


def sha256_hex(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tree_files(folder):
    """{path on the board: host file} for everything under a local folder laid out as the board."""
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*")) if p.is_file()}


def sync(board, local, managed, log=print, label="flash", each_file=True):
    """Makes the board hold `local` ({path on the board: host file}): copies the files whose
    SHA-256 differs, removes files and folders under the `managed` top folders that `local`
    does not have, and verifies every hash.  Returns {'copied', 'unchanged', 'removed', 'bytes'}.
    each_file: a log line per file copied or removed (else the summary only)."""
    paths = sorted(local)
    remote = board_hashes(board, ["/" + p for p in paths])
    wanted = {p: sha256_hex(local[p]) for p in paths}
    changed = [p for p in paths if remote["/" + p] != wanted[p]]

    stale = []
    for top in managed:
        for kind, path in board_tree(board, top):
            rel = path.lstrip("/")
            if kind == "F" and rel not in local:
                stale.append(("F", path))
            elif kind == "D" and not any(p.startswith(rel + "/") for p in paths):
                stale.append(("D", path))
    if stale:
        board.exec("import os\nfor k, p in %r:\n    (os.remove if k == 'F' else os.rmdir)(p)\n" % (stale,))
        if each_file:
            for kind, path in stale:
                log("  removed %s%s" % (path, "/" if kind == "D" else ""))

    total = sum(local[p].stat().st_size for p in changed)
    if changed:
        # base64 costs a third of repr's bytes on the line, when the board decodes it in C
        b64 = board.exec(B64_IMPORT).strip() == "builtin"
        dirs = set()
        for p in changed:
            parts = p.split("/")[:-1]
            dirs.update("/" + "/".join(parts[:i]) for i in range(1, len(parts) + 1))
        ensure_dirs(board, dirs)
        done = 0
        started = time.monotonic()
        for n, p in enumerate(changed, 1):
            data = local[p].read_bytes()
            write_file(board, "/" + p, data, b64)
            done += len(data)
            if each_file:
                log("  [%*d/%d] %3d%%  %s (%d bytes)" % (len(str(len(changed))), n, len(changed),
                                                       100 * done // max(total, 1), p, len(data)))
        log("  copied %d bytes in %.1f s" % (total, time.monotonic() - started))

    after = board_hashes(board, ["/" + p for p in paths])
    bad = [p for p in paths if after["/" + p] not in (wanted[p], "?")]
    if bad:
        raise BoardError("verify failed: %s differs on the board after copying" % bad[0])
    unverified = any(after["/" + p] == "?" for p in paths)
    summary = {"copied": len(changed), "unchanged": len(paths) - len(changed), "removed": len(stale), "bytes": total}
    log("%s: %d files: %d copied, %d unchanged, %d removed; %s" % (
        label, len(paths), summary["copied"], summary["unchanged"], summary["removed"],
        "not verified (no hashlib on the board: every file is copied)" if unverified else "verified"))
    return summary


def describe(board, info):
    return "%s: MicroPython %s (%s%s), .mpy v%d" % (board.port, info["version"], info["platform"],
                                                    ", " + info["machine"] if info["machine"] else "",
                                                    info["mpy"] & 0xFF)


def flash(board, fs_dir, log=print, reset=True):
    """Puts the build in fs_dir onto the board and starts it; returns sync()'s summary."""
    board.enter_raw_repl(soft_reset=True)  # a clean heap for the copying, whatever ran before
    info = board.info()
    check_compatible(info, fs_dir)
    log("flash: " + describe(board, info))
    summary = sync(board, tree_files(fs_dir), MANAGED_DIRS, log)
    if reset:
        log("flash: soft reset into the app")
        board.soft_reset_into_app(log)
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.device.flash", description="Build the app and put it onto a board.")
    parser.add_argument("--board", required=True, help="board profile (boards/<name>.py)")
    parser.add_argument("--port", default="", help="serial port or socket://127.0.0.1:N")
    parser.add_argument("--out", help="build folder (default: build/)")
    parser.add_argument("--no-build", action="store_true", help="flash build/<profile>/ as it is")
    parser.add_argument("--no-reset", action="store_true", help="stay in the REPL instead of starting the app")
    args = parser.parse_args(argv)

    from tools.device.build import BuildError, build
    try:
        check_port(args.port)  # before the build: a missing or mistyped PORT is said at once
        if args.no_build:
            fs_dir = Path(args.out or ROOT / "build") / args.board
            if not (fs_dir / "main.py").is_file():
                raise BuildError("no build in %s: run make build BOARD=%s" % (fs_dir, args.board))
        else:
            fs_dir = build(args.board, out_root=args.out).fs_dir
    except (BuildError, BoardError) as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    board = None
    try:
        board = Board(args.port)
        flash(board, fs_dir, reset=not args.no_reset)
    except BoardError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("flash: interrupted; run it again to finish (unchanged files are skipped)", file=sys.stderr)
        return 130
    finally:
        if board:
            board.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
