"""Runs the rules tests on a board: `make devtest PORT=<port>` = python -m tools.devtest --port PORT.

    python -m tools.devtest --port PORT [TEST_FILE_OR_DIR[::test_name] ...]    (default: tests/rules)

The same test files and runner semantics as tools/mpy_test.mjs under the host VM: every module
runs after a soft reset (a fresh heap, as the host runner takes a fresh VM per module), all its
top-level test_* functions in name order (tools/devtest_harness.py), one FAILED line plus the
board's traceback per failure, a module that cannot be imported counts as one failure, and the
last line is `N passed, M failed` (exit status 1 on any failure).

What runs is this checkout: shared_rules/ and the test folders, compiled by mpy-cross for the
board's own .mpy format and chip, kept in /devtest on the board (synchronised like tools.flash,
so a repeat run copies only what changed).  The app's files are not touched; /devtest comes
first on sys.path, so the tests use these rules, not the flashed ones.
"""
import argparse
import sys
import tempfile
import time
from pathlib import Path

from tools.build import BuildError, compile_files, package_files
from tools.flash import ARCH_NAMES, Board, BoardError, describe, sync, tree_files

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "tools" / "devtest_harness.py"
BOARD_DIR = "devtest"
RESULT = "@@RESULT "


def collect(targets):
    """[(test file, only test name or None)] as tools/mpy_test.mjs collects them."""
    files = []
    for target in targets:
        path, _, only = target.partition("::")
        p = Path(path)
        if p.is_dir():
            files += [(f, None) for f in sorted(p.glob("test_*.py"))]
        elif p.is_file():
            files.append((p, only or None))
        else:
            raise BoardError("no such test file or folder: %s" % path)
    return files


def stage(files, march, dest):
    """Compiles the rules, the test folders and the harness into dest/ laid out as /devtest on
    the board; returns {test folder: its folder on the board}."""
    folders = {}
    for f, _ in files:
        folder = f.resolve().parent
        if folder not in folders:
            name = folder.name if folder.name not in [Path(v).name for v in folders.values()] else \
                "%s%d" % (folder.name, len(folders))
            folders[folder] = "%s/%s" % (BOARD_DIR, name)
    sources = [("%s/%s" % (BOARD_DIR, rel), src) for rel, src in package_files(ROOT, "shared_rules")]
    for folder, board_dir in folders.items():
        for src in sorted(folder.rglob("*")):
            rel = src.relative_to(folder)
            if src.is_file() and "__pycache__" not in rel.parts and src.suffix != ".pyc":
                sources.append(("%s/%s" % (board_dir, rel.as_posix()), src))
    sources.append(("%s/%s" % (BOARD_DIR, HARNESS.name), HARNESS))
    compile_files(sources, dest, march)
    return folders


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
            passed, failed = line[len(RESULT):].split()
            self.result = (int(passed), int(failed))
        else:
            print(line, flush=True)

    def flush(self):
        if self.buf:
            self.line(self.buf)
            self.buf = ""


def run_module(board, test_file, only, board_dir, timeout):
    """(passed, failed) of one test module on the board."""
    board.enter_raw_repl(soft_reset=True)
    printer = LinePrinter()
    code = ("import sys\nsys.path[:0] = [%r, %r]\nfrom devtest_harness import run\nrun(%r, %r)\n"
            % ("/" + board_dir, "/" + BOARD_DIR, test_file.stem, [only] if only else None))
    try:
        _, err = board.run(code, timeout, on_output=printer.feed)
    except BoardError as e:
        printer.flush()
        print("FAILED %s (could not run: %s)" % (test_file, e))
        return 0, 1
    printer.flush()
    for line in err.replace("\r", "").strip().splitlines():
        print(line)
    if printer.result is None:  # the module itself failed to import, or the harness died
        print("FAILED %s (could not run)" % test_file)
        return 0, 1
    return printer.result


def devtest(board, targets, timeout, log):
    files = collect(targets)
    if not files:
        raise BoardError("no test files in %s" % " ".join(targets))
    board.enter_raw_repl(soft_reset=True)
    info = board.info()
    if info["name"] != "micropython":
        raise BoardError("the board runs %s, not MicroPython" % info["name"])
    arch = info["mpy"] >> 10
    march = ARCH_NAMES[arch] if 0 < arch < len(ARCH_NAMES) else None
    log("devtest: " + describe(board, info))
    with tempfile.TemporaryDirectory(prefix="devtest-") as tmp:
        folders = stage(files, march, Path(tmp))
        sync(board, tree_files(Path(tmp)), [BOARD_DIR], log, label="devtest", each_file=False)
    passed = failed = 0
    for test_file, only in files:
        started = time.monotonic()
        p, f = run_module(board, test_file, only, folders[test_file.resolve().parent], timeout)
        passed += p
        failed += f
        log("  dev %s: %d passed, %d failed (%.1f s)" % (test_file, p, f, time.monotonic() - started))
    return passed, failed


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.devtest", description="Run the rules tests on a board.")
    parser.add_argument("--port", default="", help="serial port or socket://127.0.0.1:N")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds one test module may take (3600)")
    parser.add_argument("tests", nargs="*", default=["tests/rules"], help="test files or folders, file::test_name")
    args = parser.parse_args(argv)

    def log(message):
        print(message, file=sys.stderr, flush=True)

    board = None
    try:
        board = Board(args.port)
        passed, failed = devtest(board, args.tests, args.timeout, log)
        board.leave_raw_repl()
    except (BoardError, BuildError) as e:
        print("devtest: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("devtest: interrupted", file=sys.stderr)
        return 130
    finally:
        if board:
            board.close()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
