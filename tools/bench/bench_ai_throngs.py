"""Throngs AI benchmark (`python -m tools.bench ai_throngs`): strength and time per whole TURN.

A Throngs turn is up to four decisions (two maneuvers, each a selection and, if its stone flies,
a destination).  Beyond tools/bench/bench_ai.py (whose games, bench_ai.play_game, these are): other
boards and rulesets, 40 games per match, nodes and the 90th percentile per turn.  For every
level: matches against the uniform random player and the greedy one-ply player
of tools/bench/bench_ai.py, colours alternating, and the strongest level against the default one; the
win rate with its 95% Wilson interval (draws are not wins), and per AI turn (the decisions one player
makes in a row) the median, 90th percentile and worst RP2040-estimated time (CPU time x host
pystones / 1490, as shared_rules/ai.py measures) and nodes.  Under the MicroPython VM
(tools/vm/ai_throngs_vm.py in slices, so that garbage is really collected between searches): the
most one search allocates, and the VM's own time per turn turned into RP2040 seconds with the
VM's pystones (a cross-check that needs no host pystone).

    python -m tools.bench.bench_ai_throngs [--games N] [--level L] [--opponent random|greedy|LEVEL]
                                     [--board B] [--ruleset R] [--no-vm]
"""
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time

from shared_rules import ai
from shared_rules.game import DRAW, ONGOING
from tools.bench import bench_ai
from tools.bench.benchlib import cpu_pystones, wilson
from tools.device.procs import die_with_parent

GAMES = 40  # per opponent and level: about +-9% at a 90% win rate
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def play_game(job):
    """job = (game index, level, opponent, options) -> (1 win / 0 draw / -1 loss for the AI,
    [(device ms, nodes) per AI turn], decisions)."""
    i, level, opponent, options = job
    game, ai_side, turns = bench_ai.play_game("throngs", level, opponent, i, options)
    w = game.winner()
    return ((1 if w == ai_side else (0 if w in (DRAW, ONGOING) else -1)), [(t[0], t[1]) for t in turns],
            len(game.history))


def summary(results):
    games = len(results)
    wins = sum(1 for r, _, _ in results if r == 1)
    times = sorted(t for _, turns, _ in results for t, _ in turns)
    nodes = [n for _, turns, _ in results for _, n in turns]
    rate = wins / games
    return {
        "games": games, "wins": wins, "win_rate": round(rate, 3),
        "wilson": [round(x, 3) for x in wilson(wins, games)],
        "draws": sum(1 for r, _, _ in results if r == 0),
        "median_turn_s_rp2040": round(statistics.median(times) / 1000, 3),
        "p90_turn_s_rp2040": round(times[int(0.9 * len(times))] / 1000, 3),
        "worst_turn_s_rp2040": round(times[-1] / 1000, 3),
        "median_turn_nodes": statistics.median(nodes), "worst_turn_nodes": max(nodes),
        "median_decisions": statistics.median(d for _, _, d in results),
    }


def measure(matches, games, options, processes=2):
    """matches = [(level, opponent)] -> {(level, opponent): summary}; one pool job per game."""
    pystones = cpu_pystones()
    jobs = [(i, level, opponent, options) for level, opponent in matches for i in range(games)]
    with multiprocessing.Pool(processes) as pool:
        done = pool.map(play_game, jobs, chunksize=1)
    out = {}
    for k in range(len(matches)):
        out[matches[k]] = summary(done[k * games:(k + 1) * games])
    return out, pystones


def vm_figures(level, options):
    """tools/vm/ai_throngs_vm.py under the VM (in slices, tools/vm/vm_steps.mjs): its @@BENCH figures."""
    cmd = ["node", os.path.join(ROOT, "tools", "vm", "vm_steps.mjs"), "--mount", "shared_rules:/shared_rules",
           "--mount", "tools:/tools", os.path.join("tools", "vm", "ai_throngs_vm.py"), level]
    if options:
        cmd += [options.get("board", "63"), options.get("ruleset", "seed")]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1200, preexec_fn=die_with_parent)
    for line in proc.stdout.splitlines():
        if line.startswith("@@BENCH "):
            return json.loads(line[8:])
    raise RuntimeError("tools/vm/ai_throngs_vm.py failed under the VM:\n%s%s" % (proc.stdout, proc.stderr))


def run(bench, games=GAMES, levels=None, opponents=("random", "greedy"), options=None, with_vm=True):
    t0 = time.time()
    options = options or {}
    levels = levels or list(ai.LEVELS)
    matches = [(level, opponent) for level in levels for opponent in opponents]
    strongest = ai.LEVELS[-1]
    if strongest in levels and len(opponents) > 1:
        matches.append((strongest, ai.DEFAULT_LEVEL))
    results, pystones = measure(matches, games, options)
    figures = {}
    for (level, opponent), entry in results.items():
        for key, value in entry.items():
            if key in ("wins", "win_rate", "wilson", "draws"):
                figures.setdefault(level, {})["%s_vs_%s" % (key, opponent)] = value
            elif opponent in ("random", "greedy") or len(opponents) == 1:
                figures.setdefault(level, {}).setdefault("vs_" + opponent, {})[key] = value
    if with_vm:
        for level in levels:
            vm = vm_figures(level, options)
            figures[level]["vm"] = dict((k, vm[k]) for k in ("search_bytes_worst", "median_turn_s_rp2040",
                                                             "worst_turn_s_rp2040", "vm_pystones"))
    return {"ai_throngs": {"levels": figures, "options": options, "host_cpu_pystones": round(pystones),
                           "seconds": round(time.time() - t0)}}


def main(argv):
    from tools.bench import benchlib
    flags = bench_ai.match_flags(argv, GAMES, ("board", "ruleset"))
    if flags is None:
        print(__doc__)
        return 2
    options = dict((name, flags[name]) for name in ("board", "ruleset") if flags[name])
    error = bench_ai.options_error("throngs", options)
    if error:
        print("error: " + error)
        return 2
    figures = run(benchlib, flags["games"], flags["levels"], flags["opponents"], options, flags["with_vm"])["ai_throngs"]
    for level, entry in figures["levels"].items():
        print(level, json.dumps(entry, sort_keys=True))
    print("options=%s host_cpu_pystones=%d seconds=%d" % (figures["options"], figures["host_cpu_pystones"],
                                                         figures["seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
