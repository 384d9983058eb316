"""tools.device.flash against a virtual board: changed files only, stale files removed, user files kept,
verified, started; and a one-line explanation for every way a port can be wrong."""
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tools.device.build import build
from tools.device.flash import Board, BoardError, check_compatible, flash
from tools.device.vboard import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]


def run_flash(*args):
    return subprocess.run([sys.executable, "-m", "tools.device.flash", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=180)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_flash_copies_changes_only_removes_stale_keeps_user_files(tmp_path):
    fs_dir = build("pico_lcd13", "none", out_root=tmp_path / "build", log=lambda *_: None).fs_dir
    flash_dir = tmp_path / "flash"
    (flash_dir / "saves").mkdir(parents=True)
    (flash_dir / "saves" / "game1.txt").write_text("a save")
    (flash_dir / "shared_rules").mkdir()
    (flash_dir / "shared_rules" / "game.py").write_text("stale source that would shadow game.mpy")
    lines = []
    with VirtualBoard(fs_dir=flash_dir) as vb:
        board = Board(vb.url)
        try:
            first = flash(board, fs_dir, log=lines.append)
        finally:
            board.close()
        assert first["copied"] == len(list(p for p in fs_dir.rglob("*") if p.is_file()))
        assert first["removed"] == 1 and not (flash_dir / "shared_rules" / "game.py").exists()
        assert (flash_dir / "saves" / "game1.txt").read_text() == "a save"
        for path in fs_dir.rglob("*"):
            if path.is_file():
                assert (flash_dir / path.relative_to(fs_dir)).read_bytes() == path.read_bytes()
        # the app started: on the VM it stops at the missing `machine`, which the board printed
        assert any("board: MPY: soft reboot" in line for line in lines)
        assert any("no module named 'machine'" in line for line in lines)

        (fs_dir / "shared_rules" / "rng.mpy").write_bytes((fs_dir / "shared_rules" / "rng.mpy").read_bytes() + b"\0")
        board = Board(vb.url)
        try:
            second = flash(board, fs_dir, log=lines.append, reset=False)
        finally:
            board.close()
        assert second == {"copied": 1, "unchanged": first["copied"] - 1, "removed": 0,
                          "bytes": (fs_dir / "shared_rules" / "rng.mpy").stat().st_size}
        assert (flash_dir / "shared_rules" / "rng.mpy").read_bytes().endswith(b"\0")


def test_no_port_given(tmp_path):
    proc = run_flash("--board", "mono128", "--out", str(tmp_path), "--port", "")
    assert proc.returncode == 1
    assert proc.stderr.startswith("flash: no port given: PORT=/dev/ttyACM0") and proc.stderr.count("\n") == 1


def test_nothing_listening_is_no_device():
    port = free_port()
    with pytest.raises(BoardError, match=r"no device at socket://127\.0\.0\.1:%d: nothing listens there" % port):
        Board("socket://127.0.0.1:%d" % port)


def test_missing_serial_device():
    with pytest.raises(BoardError, match=r"^no device at /dev/ttyNO_SUCH_BOARD"):
        Board("/dev/ttyNO_SUCH_BOARD")


def test_busy_port_and_command_line_exit_status(tmp_path):
    build("mono128", out_root=tmp_path, log=lambda *_: None)
    with VirtualBoard() as vb:
        holder = socket.create_connection(("127.0.0.1", vb.port))  # e.g. a serial console
        try:
            proc = run_flash("--board", "mono128", "--out", str(tmp_path), "--no-build", "--port", vb.url)
        finally:
            holder.close()
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "busy" in proc.stderr, proc.stderr


def test_port_without_micropython(tmp_path):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)

    def chatty_device():  # answers everything with a modem-ish line
        conn, _ = server.accept()
        conn.settimeout(5)
        try:
            while conn.recv(100):
                conn.sendall(b"ERROR\r\n")
        except OSError:
            pass
        conn.close()

    threading.Thread(target=chatty_device, daemon=True).start()
    try:
        board = Board("socket://127.0.0.1:%d" % server.getsockname()[1], timeout=2)
        with pytest.raises(BoardError, match="does not answer like a MicroPython REPL"):
            board.enter_raw_repl()
        board.close()
    finally:
        server.close()


def test_mpy_version_and_native_arch_checks(tmp_path):
    fs_dir = tmp_path / "fs"
    fs_dir.mkdir()
    (fs_dir / "a.mpy").write_bytes(b"M\x06\x00\x1f")  # bytecode only, v6
    board_1_27_rp2040 = {"name": "micropython", "version": "1.27.0", "mpy": 6 | (3 << 8) | (4 << 10)}
    check_compatible(board_1_27_rp2040, fs_dir)
    check_compatible(dict(board_1_27_rp2040, mpy=6 | (3 << 8)), fs_dir)  # any arch for bytecode
    with pytest.raises(BoardError, match=r"reads \.mpy v5 but the build is v6"):
        check_compatible({"name": "micropython", "version": "1.19.1", "mpy": 5 | (4 << 10)}, fs_dir)
    (fs_dir / "native.mpy").write_bytes(bytes([77, 6, (10 << 2) | 3, 31]))  # xtensawin code
    with pytest.raises(BoardError, match="native code for xtensawin .* but the board is armv6m"):
        check_compatible(board_1_27_rp2040, fs_dir)
    with pytest.raises(BoardError, match="runs cpython, not MicroPython"):
        check_compatible({"name": "cpython", "version": "3.11", "mpy": 0}, fs_dir)


@pytest.mark.parametrize("port, says", [
    ("garbage://x", "unknown kind of port 'garbage://'"),
    ("socket://127.0.0.1:99999", "the TCP port must be a number 1..65535, not '99999'"),
    ("socket://127.0.0.1:abc", "the TCP port must be a number 1..65535, not 'abc'"),
    ("socket://127.0.0.1", "needs a host and a TCP port"),
    ("socket://:8266", "needs a host and a TCP port"),
])
@pytest.mark.parametrize("tool", ["flash", "devtest"])
def test_a_mistyped_port_is_one_line_naming_the_problem(tmp_path, tool, port, says):
    args = ["--board", "mono128", "--out", str(tmp_path), "--port", port] if tool == "flash" else ["--port", port]
    proc = subprocess.run([sys.executable, "-m", "tools.device." + tool, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith("%s: %s: " % (tool, port)) and says in proc.stderr, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr


def test_nothing_listening_on_an_rfc2217_port_is_no_device_not_busy():
    port = free_port()
    url = "rfc2217://127.0.0.1:%d" % port
    with pytest.raises(BoardError, match=r"^no device at %s: nothing listens there$" % url.replace(".", r"\.")):
        Board(url)
