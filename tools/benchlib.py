"""What every benchmark shares: the host pystone of this run, device estimates, medians, and
running a script under the MicroPython VM.

A benchmark is a module `tools/bench_<topic>.py` with `run(bench)` that returns a dict of
figures (JSON-able); `python -m tools.bench` runs them all, prints a table and writes
`bench/results.json` with each dict under its topic (see tools/bench.py).

Device time = host time x (host pystones/s / device pystones/s), the host figure measured in
this same run (../shared/platform.md).
"""
import json
import os
import statistics
import subprocess
import time

from tools import pystone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_PYSTONES = {"rp2040": 1490, "esp32": 1910, "rp2350": 2860, "esp32s3": 3310}

_host_pystones = None


def host_pystones():
    """CPython pystones/s, median of 5 runs, measured once per process (i.e. in this run)."""
    global _host_pystones
    if _host_pystones is None:
        _host_pystones = statistics.median(pystone.pystones(20000) for _ in range(5))
    return _host_pystones


def device_seconds(host_seconds, device="rp2040"):
    return host_seconds * host_pystones() / DEVICE_PYSTONES[device]


def rp2040_seconds(host_seconds):
    return device_seconds(host_seconds, "rp2040")


def median_seconds(func, repeat=7, number=1):
    """Median over `repeat` runs of the time of one call of func (each run calls it `number` times)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            func()
        times.append((time.perf_counter() - t0) / number)
    return statistics.median(times)


def run_mpy(script, args=(), mounts=("shared_rules",), timeout=600):
    """Runs `script` under the MicroPython VM (tools/mpyvm.mjs) with project folders copied in.

    Lines the script prints as `@@BENCH {json}` are merged into the returned dict; anything
    else it prints is passed through.  Raises RuntimeError when the script fails.
    """
    cmd = ["node", os.path.join(ROOT, "tools", "mpyvm.mjs")]
    for m in mounts:
        cmd += ["--mount", "%s:/%s" % (os.path.join(ROOT, m), m)]
    cmd += [script] + list(args)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    figures = {}
    for line in proc.stdout.splitlines():
        if line.startswith("@@BENCH "):
            figures.update(json.loads(line[8:]))
    if proc.returncode != 0:
        raise RuntimeError("%s failed under the MicroPython VM:\n%s%s" % (script, proc.stdout, proc.stderr))
    return figures
