"""Runs the rules tests on a board: `make devtest PORT=<port>` = python -m tools.device.devtest --port PORT.

    python -m tools.device.devtest --port PORT [TEST_FILE_OR_DIR[::test_name] ...]    (default: tests/rules)
    python -m tools.device.devtest --vpico [TEST_FILE_OR_DIR[::test_name] ...]         (make devtest-vpico)

--vpico builds the UF2 as `make uf2` does and runs the tests on a virtual Pico of its own
(tools/device/vpico.py: the real firmware on an emulated RP2040, hours for the whole suite), which it
stops at the end.

The same test files and runner semantics as tools/vm/mpy_test.mjs under the host VM: every module
runs after a soft reset (a fresh heap, as the host runner takes a fresh VM per module), all its
top-level test_* functions in name order (tools/device/devtest_harness.py), one FAILED line plus the
board's traceback per failure, a module that cannot be imported counts as one failure, and the
last lines are a table of the modules (passed, failed, seconds by the board's clock, emulated
time on the virtual Pico, and wall seconds) and `N passed, M failed` (exit status 1 on any failure).

Targets must lie in tests/ (`--test-root`) and select at least one test (`file::test_name` must
name one), else one line says why, before the board is asked; running no test is a failure.

What runs is this checkout: shared_rules/ and the files beside the tests and in the folder above
them (not subfolders), compiled
by mpy-cross for the board's own .mpy format and chip (a file that does not compile is left out
with a line that says so: a test that imports it fails, the others run), kept in /devtest on the board (synchronised like tools.device.flash,
so a repeat run copies only what changed).  The app's files are not touched; /devtest comes
first on sys.path, so the tests use these rules, not the flashed ones.
"""
import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from tools.device.build import BuildError, compile_files, package_files
from tools.device.flash import ARCH_NAMES, Board, BoardError, check_port, describe, sync, tree_files

ROOT = Path(__file__).resolve().parents[2]
TEST_ROOT = ROOT / "tests"
HARNESS = ROOT / "tools" / "device" / "devtest_harness.py"
BOARD_DIR = "devtest"
RESULT = "@@RESULT "


def collect(targets, test_root):
    """[(test file, only test name or None)] as tools/vm/mpy_test.mjs collects them, from files
    and folders inside test_root (tests/) only; BoardError names a target that is not one."""
    root = test_root.resolve()
    files = []
    for target in targets:
        path, _, only = target.partition("::")
        p = Path(path)
        if not p.resolve().is_relative_to(root):
            raise BoardError("%s is outside %s: devtest runs test files from there only" % (path, test_root))
        if p.is_dir():
            files += [(f, None) for f in test_files(p)]
        elif p.is_file():
            if not (p.name.startswith("test_") and p.suffix == ".py"):
                raise BoardError("%s is not a test file (test_*.py)" % path)
            if only and not (only.startswith("test_") and
                             re.search(r"^def %s\(" % re.escape(only), p.read_text(errors="replace"), re.M)):
                raise BoardError("%s has no test function %s" % (path, only))
            files.append((p, only or None))
        else:
            raise BoardError("no such test file or folder: %s" % path)
    return files


def test_files(folder):
    """A folder's test files, then its subfolders' (a game's tests live in a folder of their own)."""
    out = sorted(folder.glob("test_*.py"))
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith((".", "__"))):
        out += test_files(sub)
    return out


def stage(files, march, dest, log, test_root=TEST_ROOT):
    """Compiles the rules, the files beside the tests and the harness into dest/ laid out as
    /devtest on the board; returns ({test folder: its folder on the board}, {board path: why
    it does not compile}).  A file beside the tests that does not compile is left out (a test
    that imports it fails on the board), not the end of the run."""
    folders = {}
    root = test_root.resolve()
    for f, _ in files:  # each test's folder and the one above it (the helpers a game's tests share)
        for folder in (f.resolve().parent, f.resolve().parent.parent):
            if folder in folders or not folder.is_relative_to(root):
                continue
            name = folder.name if folder.name not in [Path(v).name for v in folders.values()] else \
                "%s%d" % (folder.name, len(folders))
            folders[folder] = "%s/%s" % (BOARD_DIR, name)
    sources = [("%s/%s" % (BOARD_DIR, rel), src) for rel, src in package_files(ROOT, "shared_rules")]
    sources.append(("%s/%s" % (BOARD_DIR, HARNESS.name), HARNESS))
    compile_files(sources, dest, march)
    beside = []
    for folder, board_dir in folders.items():
        for src in sorted(folder.iterdir()):
            if src.is_file() and not src.name.startswith(".") and src.suffix != ".pyc":
                beside.append(("%s/%s" % (board_dir, src.name), src))
    broken = compile_files(beside, dest, march, keep_going=True)
    for board_path in sorted(broken):
        log("devtest: left out (does not compile): %s" % broken[board_path])
    return folders, broken


class LinePrinter:
    """Prints the board's output line by line as it arrives, keeping the harness's result line."""

    def __init__(self):
        self.buf = ""
        self.result = None

    def feed(self, chunk):
        self.buf += chunk.decode(errors="replace").replace("\r", "")
        while "\n" in self.buf:
            line, self.buf = self.buf.split("\n", 1)
            self.line(line)

    def line(self, line):
        if line.startswith(RESULT):
            passed, failed, board_ms = line[len(RESULT):].split()
            self.result = (int(passed), int(failed), int(board_ms))
        else:
            print(line, flush=True)

    def flush(self):
        if self.buf:
            self.line(self.buf)
            self.buf = ""


def run_module(board, test_file, only, board_dirs, timeout):
    """(passed, failed, milliseconds by the board's clock or None) of one test module on the board;
    `board_dirs`: its folder and the one above it on the board."""
    board.enter_raw_repl(soft_reset=True)
    printer = LinePrinter()
    path = ["/" + d for d in board_dirs] + ["/" + BOARD_DIR]
    code = ("import sys\nsys.path[:0] = %r\nfrom devtest_harness import run\nrun(%r, %r)\n"
            % (path, test_file.stem, [only] if only else None))
    try:
        _, err = board.run(code, timeout, on_output=printer.feed)
    except BoardError as e:
        printer.flush()
        print("FAILED %s (could not run: %s)" % (test_file, e))
        return 0, 1, None
    printer.flush()
    for line in err.replace("\r", "").strip().splitlines():
        print(line)
    if printer.result is None:  # the module itself failed to import, or the harness died
        print("FAILED %s (could not run)" % test_file)
        return 0, 1, None
    return printer.result


def devtest(board, files, timeout, log, test_root=TEST_ROOT):
    """[(test file, passed, failed, board seconds or None, wall seconds)] of the collected test
    `files` on the board, in their order."""
    board.enter_raw_repl(soft_reset=True)
    info = board.info()
    if info["name"] != "micropython":
        raise BoardError("the board runs %s, not MicroPython" % info["name"])
    arch = info["mpy"] >> 10
    march = ARCH_NAMES[arch] if 0 < arch < len(ARCH_NAMES) else None
    log("devtest: " + describe(board, info))
    with tempfile.TemporaryDirectory(prefix="devtest-") as tmp:
        folders, broken = stage(files, march, Path(tmp), log, test_root)
        sync(board, tree_files(Path(tmp)), [BOARD_DIR], log, label="devtest", each_file=False)
    results = []
    for test_file, only in files:
        started = time.monotonic()
        board_path = "%s/%s" % (folders[test_file.resolve().parent], test_file.name)
        if board_path in broken:
            print("FAILED %s (does not compile: %s)" % (test_file, broken[board_path]))
            results.append((test_file, 0, 1, None, 0.0))
            continue
        here = test_file.resolve().parent
        dirs = [folders[d] for d in (here, here.parent) if d in folders]
        p, f, board_ms = run_module(board, test_file, only, dirs, timeout)
        wall = time.monotonic() - started
        board_s = None if board_ms is None else board_ms / 1000
        results.append((test_file, p, f, board_s, wall))
        on_board = "" if board_s is None else "%.1f s on the board, " % board_s
        log("  dev %s: %d passed, %d failed (%s%.1f s wall)" % (test_file, p, f, on_board, wall))
    return results


def summary(results):
    """The results of devtest() as lines: one per module, then the totals."""
    width = max(len(str(r[0])) for r in results)
    lines = ["%-*s  passed  failed  board s   wall s" % (width, "module")]
    for test_file, p, f, board_s, wall in results:
        lines.append("%-*s  %6d  %6d  %7s  %7.1f" % (width, test_file, p, f,
                                                     "-" if board_s is None else "%.1f" % board_s, wall))
    board_total = sum(r[3] or 0 for r in results)
    lines.append("%-*s  %6d  %6d  %7.1f  %7.1f" % (width, "total", sum(r[1] for r in results),
                                                   sum(r[2] for r in results), board_total, sum(r[4] for r in results)))
    return lines


def on_virtual_pico(files, timeout, log, test_root=TEST_ROOT):
    """devtest() on a virtual Pico of its own, booted from a UF2 built as `make uf2` builds it."""
    from tools.device import vpico
    from tools.device.uf2 import make_uf2
    uf2 = make_uf2(vpico.PROFILE, log=log)
    with tempfile.TemporaryDirectory(prefix="devtest-vpico-") as tmp:
        with vpico.VirtualPico(uf2, tmp) as pico:
            log("devtest: virtual Pico on %s (emulated: the whole suite takes hours)" % pico.url)
            board = Board(pico.url, timeout=vpico.STEP_TIMEOUT_S)
            try:
                return devtest(board, files, timeout, log, test_root)
            finally:
                board.close()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.device.devtest", description="Run the rules tests on a board.")
    parser.add_argument("--port", default="", help="serial port or socket://127.0.0.1:N")
    parser.add_argument("--vpico", action="store_true", help="build the UF2 and run on a virtual Pico of its own")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds one test module may take (3600)")
    parser.add_argument("--test-root", type=Path, default=TEST_ROOT,
                        help="the folder test files must be in (default: this checkout's tests/)")
    parser.add_argument("tests", nargs="*", default=["tests/rules"], help="test files or folders, file::test_name")
    args = parser.parse_args(argv)

    def log(message):
        print(message, file=sys.stderr, flush=True)

    from tools.device.pico_firmware import FirmwareError
    from tools.device.procs import interrupted_by_signals
    from tools.device.vpico import VpicoError
    board = None
    try:
        # SIGTERM, and SIGINT even where it was ignored (a background job), end the run as
        # Ctrl-C does: the virtual Pico's emulator stopped, its folder removed.
        with interrupted_by_signals():
            if args.vpico and args.port:
                raise BoardError("give --port or --vpico, not both")
            if not args.vpico:
                check_port(args.port)  # before the board is asked: a wrong port or target is said at once
            files = collect(args.tests, args.test_root)
            if not files:
                raise BoardError("no test files in %s" % " ".join(args.tests))
            if args.vpico:
                results = on_virtual_pico(files, args.timeout, log, args.test_root)
            else:
                board = Board(args.port)
                results = devtest(board, files, args.timeout, log, args.test_root)
                board.leave_raw_repl()
    except (BoardError, BuildError, FirmwareError, VpicoError) as e:
        print("devtest: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("devtest: interrupted", file=sys.stderr)
        return 130
    finally:
        if board:
            board.close()
    passed, failed = sum(r[1] for r in results), sum(r[2] for r in results)
    for line in summary(results) if results else ():
        print(line)
    print("%d passed, %d failed" % (passed, failed))
    if not passed + failed:
        print("devtest: no test ran (%s)" % " ".join(args.tests), file=sys.stderr)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
