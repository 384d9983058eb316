"""Builds the browser version: `make web` = python -m tools.web.web_build [--out DIR].

    build/web/      a static folder for any web server (python3 -m http.server --directory
                    build/web): index.html, page.js, style.css (web/), the app's worker and the
                    service worker that brings it the buttons (web/worker.js, web/sw.js), the
                    MicroPython WebAssembly VM (micropython.mjs, micropython.wasm, from npm),
                    app.json (the app's modules, the same files tools/device/build.py puts on a
                    board, for every profile) and boards.json (each profile's screen, buttons
                    and skin).

Nothing in the folder loads anything from another host.
"""
import argparse
import base64
import json
import shutil
import sys
import tempfile
from pathlib import Path

from desktop_sim import profiles as board_profiles
from tools.device import build as board_build

ROOT = Path(__file__).resolve().parents[2]
PAGE_FILES = ("index.html", "page.js", "style.css", "worker.js", "sw.js")
VM_DIR = Path("node_modules") / "@micropython" / "micropython-webassembly-pyscript"
VM_FILES = ("micropython.mjs", "micropython.wasm")
HW_MODULE = "web_hw.py"      # the page's hardware layer, at the VM's top level
PROFILE_FIELDS = ("NAME", "WIDTH", "HEIGHT", "COLOR", "BUTTONS", "SAVE_DIR", "LAYER", "JOYSTICK",
                  "SKIN_LAYOUT", "SKIN_COLOUR", "SKIN_KEYS", "SKIN_DPAD_CENTRE", "SKIN_PILLS")


class WebBuildError(Exception):
    """A failure phrased for the user, in one line."""


def app_files(root=ROOT):
    """{VM path: bytes} of the app's modules: what tools/device/build.py ships for each profile."""
    files = {}
    for profile in board_profiles.names(root):
        for board_path, host_file in board_build.collect_sources(Path(root), profile):
            files[board_path] = Path(host_file).read_bytes()
    files[HW_MODULE] = (Path(root) / "web" / HW_MODULE).read_bytes()
    return files


def profile_table(root=ROOT):
    table = {}
    for name in board_profiles.names(root):
        board = board_profiles.load(name, root)
        table[name] = {field: getattr(board, field) for field in PROFILE_FIELDS if hasattr(board, field)}
    return table


def build(out, root=ROOT):
    root = Path(root)
    out = Path(out)
    for name in VM_FILES:
        if not (root / VM_DIR / name).is_file():
            raise WebBuildError("%s is missing: run `make setup`" % (VM_DIR / name))
    for name in PAGE_FILES + (HW_MODULE,):
        if not (root / "web" / name).is_file():
            raise WebBuildError("web/%s is missing" % name)
    try:
        files = app_files(root)
    except board_build.BuildError as e:
        raise WebBuildError(str(e))
    out.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".web-", dir=out.parent))
    scratch.chmod(0o755)    # mkdtemp makes it private; a web host serves it
    try:
        for name in PAGE_FILES:
            shutil.copyfile(root / "web" / name, scratch / name)
        for name in VM_FILES:
            shutil.copyfile(root / VM_DIR / name, scratch / name)
        bundle = {"files": {path: base64.b64encode(data).decode() for path, data in sorted(files.items())}}
        (scratch / "app.json").write_text(json.dumps(bundle, separators=(",", ":")))
        (scratch / "boards.json").write_text(json.dumps(profile_table(root), indent=1))
        if out.exists():
            shutil.rmtree(out)
        scratch.rename(out)
    finally:
        if scratch.exists():
            shutil.rmtree(scratch)
    return sorted(p.name for p in out.iterdir()), len(files)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.web.web_build", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "web"), help="the folder to write (default build/web)")
    args = parser.parse_args(argv)
    try:
        names, count = build(args.out)
    except (WebBuildError, OSError) as e:
        print("web_build: %s" % e, file=sys.stderr)
        return 1
    print("web_build: %s (%d app modules): %s" % (args.out, count, " ".join(names)))
    print("web_build: try it: python3 -m http.server --directory %s 8000, then open http://127.0.0.1:8000/" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
