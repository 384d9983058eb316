"""What every benchmark shares: the host pystone of this run, device estimates, medians, timing
figures, seeded random games, and running a script under the MicroPython VM.

A benchmark is a module `tools/bench/bench_<topic>.py` with `run(bench)` that returns a dict of
figures (JSON-able); `python -m tools.bench` runs them all, prints a table and writes
`bench/results.json` with each dict under its topic (see tools/bench/runner.py).

One calibration rule: device time = host CPU time x (host pystones/s / device pystones/s),
the host pystones measured as CPU time of this process, at most CALIBRATION_AGE_S before the
conversion (a figure is converted right after it is measured), so that neither other work on
the host nor a change of load during a long run distorts an estimate (docs/platform.md).
Every host timing here is CPU time (time.process_time), for the same reason.
"""
import json
import math
import os
import statistics
import subprocess
import time

from shared_rules.rng import Rng
from tools.bench import pystone
from tools.device.procs import die_with_parent

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_PYSTONES = {"rp2040": 1490, "esp32": 1910, "rp2350": 2860, "esp32s3": 3310}

CALIBRATION_AGE_S = 20
_calibration = [0.0, -1e9]      # [host CPU pystones/s, time.monotonic() when measured]


def cpu_pystones(loops=20000, repeat=5):
    """This process's pystones/s as CPU time, measured now (median of `repeat`)."""
    rates = []
    for _ in range(repeat):
        t0 = time.process_time()
        pystone.pystones(loops)
        rates.append(loops / (time.process_time() - t0))
    return statistics.median(rates)


def host_pystones():
    """This process's CPU pystones/s, measured again when the last measure is older than
    CALIBRATION_AGE_S (so: close in time to the figure it converts)."""
    if time.monotonic() - _calibration[1] > CALIBRATION_AGE_S:
        _calibration[0] = cpu_pystones()
        _calibration[1] = time.monotonic()
    return _calibration[0]


def device_seconds(host_cpu_seconds, device="rp2040"):
    return host_cpu_seconds * host_pystones() / DEVICE_PYSTONES[device]


def rp2040_seconds(host_cpu_seconds):
    """RP2040 estimate of host CPU seconds just measured."""
    return device_seconds(host_cpu_seconds, "rp2040")


def median_seconds(func, repeat=7, number=1, clock=time.process_time):
    """Median over `repeat` runs of the CPU time of one call of func (each run calls it `number`
    times)."""
    times = []
    for _ in range(repeat):
        t0 = clock()
        for _ in range(number):
            func()
        times.append((clock() - t0) / number)
    return statistics.median(times)


def wilson(successes, n, z=1.96):
    """The 95% Wilson score interval (low, high) of a rate seen as successes out of n."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def at_most(figure, value, limit, unit):
    """A target row for the summary table: `value` <= `limit`."""
    return {"figure": figure, "value": "%s %s" % (value, unit), "target": "<= %s %s" % (limit, unit),
            "ok": "yes" if value <= limit else "no"}


def at_least(figure, value, limit, unit):
    """A target row for the summary table: `value` >= `limit`."""
    return {"figure": figure, "value": "%s %s" % (value, unit), "target": ">= %s %s" % (limit, unit),
            "ok": "yes" if value >= limit else "no"}


def for_information(figure, value, unit, target_is):
    """A row for the summary table that is no target: an estimate shown beside the figure that
    is one (`target_is` says which: the device's own measurement), never met or missed."""
    return {"figure": figure, "value": "%s %s" % (value, unit), "target": "info; target: " + target_is,
            "ok": "info"}


def rate_at_least(figure, successes, n, goal):
    """A target row for a rate out of n games: shown (yes) when its 95% Wilson interval lies at or
    above `goal`, refuted (no) when it lies below, else undecided (?) -- more games would tell."""
    low, high = wilson(successes, n)
    value = "%.1f%% [%.1f, %.1f] of %d" % (100.0 * successes / n if n else 0, 100 * low, 100 * high, n)
    ok = "yes" if low >= goal else ("no" if high < goal else "?")
    return {"figure": figure, "value": value, "target": ">= %d%%" % round(100 * goal), "ok": ok}


# A level over the one below it (issue 33's ladder): a score (wins + draws / 2) of at least
# LADDER_SCORE in the full match, the 95% Wilson interval's lower end above LADDER_LOW.
LADDER_SCORE = 0.6
LADDER_LOW = 0.5


def pair_row(figure, wins, draws, games, full_games):
    """A target row for one level against the level below it over `games` (wins, draws, the
    rest lost): met (yes) when its score is at least LADDER_SCORE with the interval's low end
    above LADDER_LOW after `full_games`, or the whole interval at or above LADDER_SCORE before;
    missed (no) when the full match falls short or the whole interval lies below LADDER_SCORE;
    else undecided (?)."""
    score = wins + draws / 2
    low, high = wilson(score, games)
    rate = score / games if games else 0.0
    if low >= LADDER_SCORE:
        ok = "yes"
    elif high < LADDER_SCORE:
        ok = "no"
    elif games >= full_games:
        ok = "yes" if rate >= LADDER_SCORE and low > LADDER_LOW else "no"
    else:
        ok = "?"
    value = "%.1f%% [%.1f, %.1f] of %d (%d-%d-%d)" % (100 * rate, 100 * low, 100 * high, games,
                                                   wins, draws, games - wins - draws)
    return {"figure": figure, "value": value,
            "target": ">= %d%%, low > %d%%" % (round(100 * LADDER_SCORE), round(100 * LADDER_LOW)), "ok": ok}


def share_below_row(figure, count, games, full_games, limit):
    """A target row for a share of `games` that must stay below `limit` (draws by a game's
    rules): met or missed by the share itself after `full_games`, before that only when the
    95% Wilson interval lies wholly on one side."""
    low, high = wilson(count, games)
    share = count / games if games else 0.0
    if high < limit:
        ok = "yes"
    elif low >= limit:
        ok = "no"
    elif games >= full_games:
        ok = "yes" if share < limit else "no"
    else:
        ok = "?"
    return {"figure": figure, "value": "%.1f%% (%d of %d)" % (100 * share, count, games),
            "target": "< %g%%" % (100 * limit), "ok": ok}


UNIT_SCALE = {"s": 1, "ms": 1e3, "us": 1e6}


def in_unit(seconds, unit, digits):
    """`seconds` in unit ("s", "ms" or "us") rounded to `digits` (None: to a whole number)."""
    return round(seconds * UNIT_SCALE[unit], digits)


def time_figures(name, host_seconds, host_digits=1, device_digits=1, host="us", device="ms"):
    """A timing (host CPU seconds) as its two figures: `<name>_<host unit>` on the host and its
    device estimate `rp2040_<name>_<device unit>`."""
    return {
        "%s_%s" % (name, host): in_unit(host_seconds, host, host_digits),
        "rp2040_%s_%s" % (name, device): in_unit(rp2040_seconds(host_seconds), device, device_digits),
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
    t0 = time.process_time()
    for _ in range(repeat):
        for _ in moves:
            game.undo()
        for m in moves:
            game.play(m)
    return (time.process_time() - t0) / (repeat * len(moves))


def random_game_figures(new_game, games):
    """Whole random games from new_game() (seeds 1..games) and play+undo over them: the median
    game's time and decisions, games/s, and the median time of one decision played or undone."""
    game_times, per_decision, lengths = [], [], []
    for seed in range(1, games + 1):
        t0 = time.process_time()
        game = play_random(new_game(), seed)
        game_times.append(time.process_time() - t0)
        lengths.append(len(game.history))
        per_decision.append(undo_replay_seconds(game, 5))
    game_s = statistics.median(game_times)
    figures = time_figures("play_undo", statistics.median(per_decision), 2, 2)
    figures.update(time_figures("random_game", game_s, 2, 2, host="ms", device="s"))
    figures["random_games_per_s"] = round(1 / game_s, 1)
    figures["random_game_decisions"] = statistics.median(lengths)
    return figures


def run_mpy(script, args=(), mounts=("shared_rules",), timeout=600):
    """Runs `script` under the MicroPython VM (tools/vm/mpyvm.mjs) with project folders copied in.

    Lines the script prints as `@@BENCH {json}` are merged into the returned dict; anything
    else it prints is passed through.  Raises RuntimeError when the script fails.
    """
    cmd = ["node", os.path.join(ROOT, "tools", "vm", "mpyvm.mjs")]
    for m in mounts:
        cmd += ["--mount", "%s:/%s" % (os.path.join(ROOT, m), m)]
    cmd += [script] + [str(arg) for arg in args]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=die_with_parent)
    figures = {}
    for line in proc.stdout.splitlines():
        if line.startswith("@@BENCH "):
            figures.update(json.loads(line[8:]))
    if proc.returncode != 0:
        raise RuntimeError("%s failed under the MicroPython VM:\n%s%s" % (script, proc.stdout, proc.stderr))
    return figures


def vm_script(name):
    """The path of tools/vm/NAME, a script run_mpy runs under the VM."""
    return os.path.join(ROOT, "tools", "vm", name)


def rules_run(name, host_figures, vm_script_name, vm_games):
    """A rules benchmark's run(bench): host_figures(bench) and what tools/vm/`vm_script_name`
    reports under the VM (given GAMES = vm_games), as {"rules": {name: figures}}.  CPython
    figures are medians of host CPU seconds, turned into RP2040 estimates with the host's CPU
    pystones measured close to each figure (rp2040_seconds).  Heap figures come from
    gc.mem_alloc() under the MicroPython VM: what importing the module, creating a game, one
    play+undo, one legal-move listing and one whole random game allocate."""
    def run(bench):
        figures = host_figures(bench)
        figures.update(bench.run_mpy(bench.vm_script(vm_script_name), args=(vm_games,),
                                     mounts=("shared_rules", "tools")))
        return {"rules": {name: figures}}
    return run


def print_run(run):
    """`python -m tools.bench.bench_<topic>` alone: the topic's figures as JSON."""
    import sys
    print(json.dumps(run(sys.modules[__name__]), indent=1))
