"""End to end on a virtual board, with the commands the Makefile runs: build, flash, devtest (the
same count as the host VM runner for the same tests), and a second flash that copies nothing."""
import re
import subprocess
import sys
from pathlib import Path

from tools.device.vboard import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]
BOARD = "pico_lcd13"
# The fast rules modules: the whole suite takes minutes over a REPL (make devtest runs it all).
SUBSET = ["tests/rules/test_protocol.py", "tests/rules/throngs/test_throngs.py", "tests/rules/trap/test_trap.py",
          "tests/rules/tholian_go/test_tholian_go.py", "tests/rules/lazo/test_lazo.py", "tests/rules/thoughtwave/test_thoughtwave.py"]


def tool(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_makefile_runs_these_commands():
    makefile = (ROOT / "Makefile").read_text()
    assert "-m tools.device.build --board $(BOARD)" in makefile
    assert '-m tools.device.flash --board $(BOARD) --port "$(PORT)"' in makefile
    assert '-m tools.device.devtest --port "$(PORT)"' in makefile


def test_build_flash_devtest_reflash(tmp_path):
    out = tmp_path / "build"
    flash_dir = tmp_path / "flash"
    with VirtualBoard(fs_dir=flash_dir) as vb:
        # bytecode only: the virtual board's MicroPython has no native emitter
        built = tool("tools.device.build", "--board", BOARD, "--march", "none", "--out", str(out))
        assert built.returncode == 0, built.stderr
        fs_dir = out / BOARD

        first = tool("tools.device.flash", "--board", BOARD, "--port", vb.url, "--out", str(out), "--no-build")
        assert first.returncode == 0, first.stdout + first.stderr
        files = sorted(p.relative_to(fs_dir).as_posix() for p in fs_dir.rglob("*") if p.is_file())
        assert "flash: %d files: %d copied, 0 unchanged" % (len(files), len(files)) in first.stdout
        for rel in files:  # the board's filesystem now holds the build, byte for byte
            assert (flash_dir / rel).read_bytes() == (fs_dir / rel).read_bytes(), rel
        assert "board: MPY: soft reboot" in first.stdout  # started the app

        dev = tool("tools.device.devtest", "--port", vb.url, *SUBSET)
        host = subprocess.run(["node", "tools/vm/mpy_test.mjs", *SUBSET], cwd=ROOT, capture_output=True, text=True,
                              timeout=300)
        dev_line = dev.stdout.strip().splitlines()[-1]
        host_line = host.stdout.strip().splitlines()[-1]
        assert re.fullmatch(r"\d+ passed, \d+ failed", dev_line), dev.stdout + dev.stderr
        assert dev_line == host_line, (dev.stdout[-2000:], host.stdout[-2000:])
        assert int(dev_line.split()[0]) > 100
        assert dev.returncode == host.returncode

        # (the same build: others may be editing the sources meanwhile)
        again = tool("tools.device.flash", "--board", BOARD, "--port", vb.url, "--out", str(out), "--no-build")
        assert again.returncode == 0, again.stdout + again.stderr
        assert "flash: %d files: 0 copied, %d unchanged, 0 removed; verified" % (len(files), len(files)) \
            in again.stdout
        assert (flash_dir / "devtest").is_dir()  # devtest kept its own folder; flash left it alone
