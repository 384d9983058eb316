"""The virtual board behaves like a board's USB REPL for mpremote: REPLs, soft reset, Ctrl-C,
a filesystem that persists and speaks MicroPython's errno numbers, loopback only."""
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools.device.vboard import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def board(tmp_path):
    with VirtualBoard(fs_dir=tmp_path / "flash") as vb:
        yield vb


def mpremote(vb, *args, timeout=60):
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", vb.url, *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


class Console:
    """A raw TCP client: what a terminal on the board's serial port would see."""

    def __init__(self, vb):
        self.sock = socket.create_connection(("127.0.0.1", vb.port), timeout=5)
        self.sock.settimeout(0.05)

    def send(self, data):
        self.sock.sendall(data)

    def read_until(self, ending, timeout=5.0):
        buf = b""
        end = time.monotonic() + timeout
        while not buf.endswith(ending) and time.monotonic() < end:
            try:
                chunk = self.sock.recv(4096)
            except socket.timeout:
                continue
            if not chunk:
                break
            buf += chunk
        return buf

    def close(self):
        self.sock.close()


def test_mpremote_copies_files_both_ways(board, tmp_path):
    src = ROOT / "tools" / "bench" / "pystone.py"
    proc = mpremote(board, "fs", "cp", str(src), ":ps.py", "+", "fs", "cp", ":ps.py", str(tmp_path / "back.py"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "back.py").read_bytes() == src.read_bytes()
    # written through to the host folder that holds the board's filesystem
    assert (tmp_path / "flash" / "ps.py").read_bytes() == src.read_bytes()
    proc = mpremote(board, "exec", "import sys; print(sys.implementation.name, sys.implementation._mpy & 0xff)")
    assert proc.stdout.split() == ["micropython", "6"]


def test_file_errors_carry_micropython_errno_numbers(board):
    code = (
        "import os\n"
        "os.mkdir('d'); f = open('d/x', 'w'); f.write('1'); f.close()\n"
        "def errno_of(f):\n"
        "    try:\n"
        "        f()\n"
        "    except OSError as e:\n"
        "        return e.errno\n"
        "print(errno_of(lambda: os.stat('missing')), errno_of(lambda: os.mkdir('d')),\n"
        "      errno_of(lambda: os.rmdir('d')), errno_of(lambda: open('d', 'w')),\n"
        "      errno_of(lambda: os.listdir('d/x')))\n")
    proc = mpremote(board, "exec", code)
    assert proc.stdout.split() == ["2", "17", "39", "21", "20"], proc.stdout + proc.stderr
    proc = mpremote(board, "fs", "cat", ":missing")
    assert proc.returncode != 0
    assert "No such file or directory" in proc.stdout + proc.stderr  # mpremote understood ENOENT


def test_soft_reset_clears_the_heap_and_keeps_files(board):
    proc = mpremote(board, "exec", "x = 42\nf = open('keep.txt', 'w'); f.write('kept'); f.close()\nprint(x)",
                    "+", "resume", "exec", "print(x)")
    assert proc.stdout.split() == ["42", "42"], proc.stderr
    proc = mpremote(board, "soft-reset", "exec", "print('x' in globals(), open('keep.txt').read())")
    assert proc.stdout.split() == ["False", "kept"], proc.stderr


def test_filesystem_survives_a_restart_of_the_board(tmp_path):
    fs_dir = tmp_path / "flash"
    with VirtualBoard(fs_dir=fs_dir) as vb:
        assert mpremote(vb, "fs", "mkdir", ":saves", "+", "exec",
                        "f = open('saves/a.txt', 'w'); f.write('abc'); f.close()").returncode == 0
    with VirtualBoard(fs_dir=fs_dir) as vb:
        proc = mpremote(vb, "exec", "import os; print(os.listdir('saves'), open('saves/a.txt').read())")
        assert proc.stdout.strip() == "['a.txt'] abc", proc.stderr


def test_friendly_repl_soft_reset_runs_main_py_and_ctrl_c_stops_it(board):
    main = "print('app started')\nwhile True:\n    pass\n"
    assert mpremote(board, "exec", "f = open('main.py', 'w'); f.write(%r); f.close()" % main).returncode == 0
    con = Console(board)
    try:
        con.send(b"\r\x02")  # friendly REPL
        assert con.read_until(b">>> ").endswith(b">>> ")
        con.send(b"\x04")
        out = con.read_until(b"app started\r\n")
        assert b"MPY: soft reboot\r\n" in out and out.endswith(b"app started\r\n")
        con.send(b"\x03")  # the app loops forever; Ctrl-C gets the prompt back
        out = con.read_until(b">>> ")
        assert b"KeyboardInterrupt" in out and out.endswith(b">>> ")
        con.send(b"print(6 * 7)\r")
        assert b"42\r\n" in con.read_until(b">>> ")
    finally:
        con.close()
    # mpremote's own Ctrl-C also gets through to a board that runs a loop
    proc = mpremote(board, "exec", "import os; os.remove('main.py'); print('removed')")
    assert proc.stdout.strip() == "removed", proc.stderr


def test_raw_repl_refuses_raw_paste_and_runs_code(board):
    con = Console(board)
    try:
        con.send(b"\r\x03\r\x01")
        assert con.read_until(b"raw REPL; CTRL-B to exit\r\n>").endswith(b">")
        con.send(b"\x05A\x01")
        assert con.read_until(b"R\x00", timeout=2) == b"R\x00"  # unsupported: mpremote falls back
        con.send(b"print('hi')\x04")
        assert con.read_until(b"\x04>") == b"OKhi\r\n\x04\x04>"
        con.send(b"1/0\x04")
        out = con.read_until(b"\x04>")
        assert out.startswith(b"OK\x04Traceback") and b"ZeroDivisionError" in out
        con.send(b"\x04")  # Ctrl-D on an empty raw line: soft reset, back in the raw REPL
        out = con.read_until(b"raw REPL; CTRL-B to exit\r\n>")
        assert b"soft reboot\r\n" in out and out.endswith(b"raw REPL; CTRL-B to exit\r\n>")
    finally:
        con.close()


def test_one_client_at_a_time(board):
    first = Console(board)
    try:
        second = socket.create_connection(("127.0.0.1", board.port), timeout=5)
        second.settimeout(5)
        assert second.recv(16) == b""  # closed at once: the port is busy
        second.close()
    finally:
        first.close()


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_listens_on_loopback_only(board):
    listening = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        addr, port = local.split(":")
        if int(port, 16) == board.port and state == "0A":  # LISTEN
            listening.append(addr)
    assert listening == ["0100007F"]  # 127.0.0.1, nothing else
    tcp6 = Path("/proc/net/tcp6")
    if tcp6.exists():
        assert not any(int(line.split()[1].split(":")[1], 16) == board.port for line in tcp6.read_text().splitlines()[1:])


def test_killing_the_python_front_door_stops_the_node_board():
    # `python -m tools.device.vboard` killed (SIGKILL: no handler runs) left its node child
    # holding the port.  The child is tied to the parent by a pipe on its stdin.
    proc = subprocess.Popen([sys.executable, "-m", "tools.device.vboard", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("vboard: listening on 127.0.0.1:"), line
        children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
        assert len(children) == 1
        assert_ends_with_its_parent(proc, int(children[0]))
    finally:
        if proc.poll() is None:
            proc.kill()


def running(pid):
    """Whether process `pid` exists and is not a zombie waiting to be reaped."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def assert_ends_with_its_parent(parent, child):
    """Kills `parent` outright (SIGKILL: no handler runs); process `child` must end within 10 s."""
    parent.send_signal(signal.SIGKILL)
    parent.wait(10)
    end = time.monotonic() + 10
    while time.monotonic() < end and running(child):
        time.sleep(0.1)
    if running(child):
        os.kill(child, signal.SIGKILL)
        raise AssertionError("process %d outlived its parent" % child)


def test_a_child_started_with_die_with_parent_ends_when_its_parent_is_killed():
    # tools/device/procs.py, used for the VM runs of the benchmarks.
    parent = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time\n"
                               "from tools.device.procs import die_with_parent\n"
                               "child = subprocess.Popen(['sleep', '300'], preexec_fn=die_with_parent)\n"
                               "print(child.pid, flush=True)\ntime.sleep(300)\n"],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    assert_ends_with_its_parent(parent, int(parent.stdout.readline()))
