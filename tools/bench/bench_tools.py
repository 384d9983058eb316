"""Benchmark `tools`: what a build puts on each board, and the heap a game's code takes on the
device when loaded from the build's .mpy rather than compiled from source on the board.

Figures:
  build.<profile>.board_bytes / files / <package>_bytes   flash footprint of build/<profile>/
  build.<profile>.host_seconds                            mpy-cross time for the whole build
  import_heap.<game>.mpy_bytes / source_bytes             gc.mem_alloc() growth under the
        MicroPython VM (32-bit like the boards) to import shared_rules.<game>.rules and what it
        imports, from the pico_lcd13 build's .mpy vs from the .py source
"""
import os
import re
import tempfile
import time

from tools.device.build import ROOT, build, profiles

IMPORT_SCRIPT = """
import gc, json, sys
sys.path.insert(0, %(path)r)
gc.collect()
before = gc.mem_alloc()
import %(module)s
gc.collect()
print("@@BENCH " + json.dumps({"bytes": gc.mem_alloc() - before, "file": sys.modules[%(module)r].__file__}))
"""


def game_names():
    text = (ROOT / "shared_rules" / "games.py").read_text()
    return re.findall(r'^register\("(\w+)"', text, re.M)


def run(bench):
    figures = {"build": {}, "import_heap": {}}
    for profile in profiles():
        started = time.perf_counter()
        result = build(profile, log=lambda *_: None)
        seconds = time.perf_counter() - started
        row = {"board_bytes": sum(result.files.values()), "files": len(result.files),
               "host_seconds": round(seconds, 3)}
        for package in ("shared_rules", "firmware", "boards"):
            row[package + "_bytes"] = sum(size for path, size in result.files.items() if path.startswith(package + "/"))
        figures["build"][profile] = row

    build_dir = os.path.relpath(ROOT / "build" / "pico_lcd13", ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        for game in game_names():
            module = "shared_rules.%s.rules" % game
            row = {}
            for kind, mounts, path in (("mpy", (build_dir,), "/" + build_dir), ("source", ("shared_rules",), "/")):
                script = os.path.join(tmp, "import_%s_%s.py" % (game, kind))
                with open(script, "w") as f:
                    f.write(IMPORT_SCRIPT % {"path": path, "module": module})
                measured = bench.run_mpy(script, mounts=mounts)
                expected = ".mpy" if kind == "mpy" else ".py"
                if not measured["file"].endswith(expected):
                    raise RuntimeError("imported %s, not the %s" % (measured["file"], expected))
                row[kind + "_bytes"] = measured["bytes"]
            figures["import_heap"][game] = row
    return figures
