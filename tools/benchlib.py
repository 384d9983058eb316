"""What every benchmark shares: the host pystone of this run, device estimates, medians, timing
figures, seeded random games, and running a script under the MicroPython VM.

A benchmark is a module `tools/bench_<topic>.py` with `run(bench)` that returns a dict of
figures (JSON-able); `python -m tools.bench` runs them all, prints a table and writes
`bench/results.json` with each dict under its topic (see tools/bench.py).

Device time = host time x (host pystones/s / device pystones/s), the host figure measured in
this same run (docs/platform.md).
"""
import json
import os
import statistics
import subprocess
import tempfile
import time

from shared_rules.rng import Rng
from tools import pystone
from tools.procs import die_with_parent

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_PYSTONES = {"rp2040": 1490, "esp32": 1910, "rp2350": 2860, "esp32s3": 3310}

_host_pystones = None
_host_cpu_pystones = None


def host_pystones():
    """CPython pystones/s, median of 5 runs, measured once per process (i.e. in this run)."""
    global _host_pystones
    if _host_pystones is None:
        _host_pystones = statistics.median(pystone.pystones(20000) for _ in range(5))
    return _host_pystones


def host_cpu_pystones():
    """CPython pystones/s as CPU time of this process (median of 5), measured once per process: the
    rate to convert figures timed in CPU time, which other work on a shared host does not inflate."""
    global _host_cpu_pystones
    if _host_cpu_pystones is None:
        rates = []
        for _ in range(5):
            t0 = time.process_time()
            pystone.pystones(20000)
            rates.append(20000 / (time.process_time() - t0))
        _host_cpu_pystones = statistics.median(rates)
    return _host_cpu_pystones


def device_seconds(host_seconds, device="rp2040"):
    return host_seconds * host_pystones() / DEVICE_PYSTONES[device]


def rp2040_seconds(host_seconds):
    return device_seconds(host_seconds, "rp2040")


def rp2040_cpu_seconds(host_cpu_seconds):
    """RP2040 estimate of host CPU seconds (with the host pystone as CPU time, host_cpu_pystones)."""
    return host_cpu_seconds * host_cpu_pystones() / DEVICE_PYSTONES["rp2040"]


def median_seconds(func, repeat=7, number=1, clock=time.perf_counter):
    """Median over `repeat` runs of the time of one call of func (each run calls it `number` times);
    `clock` is time.process_time for CPU time."""
    times = []
    for _ in range(repeat):
        t0 = clock()
        for _ in range(number):
            func()
        times.append((clock() - t0) / number)
    return statistics.median(times)


UNIT_SCALE = {"s": 1, "ms": 1e3, "us": 1e6}


def in_unit(seconds, unit, digits):
    """`seconds` in unit ("s", "ms" or "us") rounded to `digits` (None: to a whole number)."""
    return round(seconds * UNIT_SCALE[unit], digits)


def time_figures(name, host_seconds, host_digits=1, device_digits=1, host="us", device="ms",
                 to_device=rp2040_seconds):
    """A timing as its two figures: `<name>_<host unit>` on the host and its device estimate
    `rp2040_<name>_<device unit>` (to_device: rp2040_cpu_seconds for CPU-time figures)."""
    return {
        "%s_%s" % (name, host): in_unit(host_seconds, host, host_digits),
        "rp2040_%s_%s" % (name, device): in_unit(to_device(host_seconds), device, device_digits),
    }


def play_random(game, seed, until=None, choose=None):
    """Plays `game` on with Rng(seed): a uniformly random legal move (or choose(moves, rng)) until
    it is over or until(game); returns it."""
    rng = Rng(seed)
    while not game.is_over() and not (until and until(game)):
        moves = game.legal_moves()
        game.play(choose(moves, rng) if choose else moves[rng.below(len(moves))])
    return game


def random_positions(new_game, count, until):
    """`count` positions of random games (seeds 1, 2, ...) played until until(game), each as a
    fresh new_game() decoded from it (games that end first are skipped)."""
    out = []
    seed = 1
    while len(out) < count:
        game = play_random(new_game(), seed, until)
        seed += 1
        if not game.is_over():
            fresh = new_game()
            fresh.decode(game.encode())
            out.append(fresh)
    return out


def undo_replay_seconds(game, repeat):
    """Seconds per decision of taking the whole game back and playing it again, `repeat` times."""
    moves = list(game.history)
    t0 = time.perf_counter()
    for _ in range(repeat):
        for _ in moves:
            game.undo()
        for m in moves:
            game.play(m)
    return (time.perf_counter() - t0) / (repeat * len(moves))


def random_game_figures(new_game, games):
    """Whole random games from new_game() (seeds 1..games) and play+undo over them: the median
    game's time and decisions, games/s, and the median time of one decision played or undone."""
    game_times, per_decision, lengths = [], [], []
    for seed in range(1, games + 1):
        t0 = time.perf_counter()
        game = play_random(new_game(), seed)
        game_times.append(time.perf_counter() - t0)
        lengths.append(len(game.history))
        per_decision.append(undo_replay_seconds(game, 5))
    game_s = statistics.median(game_times)
    figures = time_figures("play_undo", statistics.median(per_decision), 2, 2)
    figures.update(time_figures("random_game", game_s, 2, 2, host="ms", device="s"))
    figures["random_games_per_s"] = round(1 / game_s, 1)
    figures["random_game_decisions"] = statistics.median(lengths)
    return figures


def run_mpy(script, args=(), mounts=("shared_rules",), timeout=600):
    """Runs `script` under the MicroPython VM (tools/mpyvm.mjs) with project folders copied in.

    Lines the script prints as `@@BENCH {json}` are merged into the returned dict; anything
    else it prints is passed through.  Raises RuntimeError when the script fails.
    """
    cmd = ["node", os.path.join(ROOT, "tools", "mpyvm.mjs")]
    for m in mounts:
        cmd += ["--mount", "%s:/%s" % (os.path.join(ROOT, m), m)]
    cmd += [script] + list(args)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=die_with_parent)
    figures = {}
    for line in proc.stdout.splitlines():
        if line.startswith("@@BENCH "):
            figures.update(json.loads(line[8:]))
    if proc.returncode != 0:
        raise RuntimeError("%s failed under the MicroPython VM:\n%s%s" % (script, proc.stdout, proc.stderr))
    return figures


def run_mpy_source(source, mounts=("shared_rules", "tools"), **constants):
    """run_mpy of a script given as text, after a line `NAME = value` for each of `constants`.
    tools/ is mounted for tools/rules_bench_vm.py, what the rules benchmarks' VM scripts share."""
    head = "".join("%s = %r\n" % (name, constants[name]) for name in sorted(constants))
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(head + source)
        path = f.name
    try:
        return run_mpy(path, mounts=mounts)
    finally:
        os.unlink(path)
