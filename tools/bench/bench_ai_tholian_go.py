"""Tholian Go AI benchmark (`python -m tools.bench ai_tholian_go`): figures per TURN.

A Tholian Go turn is several decisions (a dark move and one or two light moves, each a path of
steps, then maybe `end` and free pushes).  Beyond tools/bench/bench_ai.py: variants, nodes and
decisions per turn, the token advantage.  For every level: matches against the uniform random
player and the greedy one-ply player of tools/bench/bench_ai.py (its games: the same opponents, the
same cap of MAX_TURNS turns per game, a game still running then scored a draw), colours
alternating, and the strongest level against the default one.  Most games between two players that defend end
at the cap, so the mean token advantage at the end (3 per dark token, 1 per light token, own
less the opponent's) says who was winning.  Each AI turn's time is the sum of its decisions'
searches (CPU time x host pystones / 1490, as shared_rules/ai.py measures), also its nodes and
decisions.  Under the MicroPython VM: what one search allocates at most, and one turn (the VM
collects garbage only between scripts, so these are totals, upper bounds of the peak).

    python -m tools.bench.bench_ai_tholian_go [--games N] [--level L] [--opponent random|greedy|LEVEL]
                                        [--variant V] [--no-vm]

--variant plays that variant of §8 (e.g. chain) instead of the standard game (the VM heap
figures stay the standard game's).
"""
import multiprocessing
import statistics
import sys
import time

from shared_rules import ai
from shared_rules.game import DRAW, ONGOING
from tools.bench.bench_ai import MAX_TURNS, match_flags, options_error, play_game
from tools.bench.benchlib import wilson

GAMES = 24  # per opponent and level (the figure): about +-12% at a 90% win rate
CHUNK = 4  # games per job of the process pool


def play_match(job):
    """job = (level, opponent, first, count, variant): the match's games first..first+count-1 ->
    counts, and per AI turn: device ms, nodes, decisions."""
    level, opponent, first, count, variant = job
    options = {"variant": variant} if variant else None
    wins = draws = advantage = 0
    turn_ms, turn_nodes, turn_decisions = [], [], []
    for i in range(first, first + count):
        game, ai_side, turns = play_game("tholian_go", level, opponent, i, options)
        turn_ms += [t[0] for t in turns]
        turn_nodes += [t[1] for t in turns]
        turn_decisions += [t[2] for t in turns]
        mine, theirs = game.counts(ai_side), game.counts(1 - ai_side)
        advantage += 3 * (mine[0] - theirs[0]) + mine[1] - theirs[1]
        w = game.winner()
        if w == ai_side:
            wins += 1
        elif w == DRAW or w == ONGOING:
            draws += 1
    return {"job": job, "wins": wins, "draws": draws, "advantage": advantage, "turn_ms": turn_ms, "turn_nodes": turn_nodes,
            "turn_decisions": turn_decisions}


def measure(levels, opponents, games, processes=2, variant=""):
    matches = [(level, opp) for level in levels for opp in opponents if opp != level]
    if len(levels) > 1 and ai.LEVELS[-1] in levels:  # the strongest level against the default
        matches.append((ai.LEVELS[-1], ai.DEFAULT_LEVEL))
    # Each match in slices of CHUNK games, the matches taking turns, so that every process stays
    # busy to the end and a long run shows each match's tally as it goes (on stderr).
    jobs = [(level, opp, first, min(CHUNK, games - first), variant)
            for first in range(0, games, CHUNK) for level, opp in matches]
    totals = {}
    with multiprocessing.Pool(processes) as pool:
        for r in pool.imap_unordered(play_match, jobs):
            level, opp = r["job"][:2]
            total = totals.setdefault((level, opp), {"games": 0, "wins": 0, "draws": 0, "advantage": 0, "turn_ms": [],
                                                     "turn_nodes": [], "turn_decisions": []})
            total["games"] += r["job"][3]
            for key in ("wins", "draws", "advantage", "turn_ms", "turn_nodes", "turn_decisions"):
                total[key] += r[key]
            print("%s vs %s: %d of %d games played, %d won, %d drawn" % (level, opp, total["games"], games,
                                                                        total["wins"], total["draws"]),
                  file=sys.stderr, flush=True)
    out = {}
    for (level, opp), r in totals.items():
        entry = out.setdefault(level, {"games": games, "_ms": [], "_nodes": [], "_decisions": []})
        entry["wins_vs_" + opp] = r["wins"]
        entry["win_rate_vs_" + opp] = round(r["wins"] / games, 3)
        entry["wilson_vs_" + opp] = [round(x, 3) for x in wilson(r["wins"], games)]
        entry["draws_vs_" + opp] = r["draws"]
        entry["token_advantage_vs_" + opp] = round(r["advantage"] / games, 2)
        entry["_ms"] += r["turn_ms"]
        entry["_nodes"] += r["turn_nodes"]
        entry["_decisions"] += r["turn_decisions"]
    for level, entry in out.items():
        ms, nodes, decisions = entry.pop("_ms"), entry.pop("_nodes"), entry.pop("_decisions")
        entry["turns"] = len(ms)
        entry["median_turn_s_rp2040"] = round(statistics.median(ms) / 1000, 3)
        entry["p90_turn_s_rp2040"] = round(sorted(ms)[int(0.9 * (len(ms) - 1))] / 1000, 3)
        entry["worst_turn_s_rp2040"] = round(max(ms) / 1000, 3)
        entry["median_turn_nodes"] = statistics.median(nodes)
        entry["mean_turn_decisions"] = round(statistics.mean(decisions), 2)
    return out


def vm_heap(bench, turns=30):
    return bench.run_mpy(bench.vm_script("bench_ai_tholian_go_vm.py"), args=(turns,),
                         timeout=1800).get("heap", {})


def run(bench, games=GAMES, levels=None, opponents=("random", "greedy"), with_vm=True, variant=""):
    t0 = time.time()
    levels = levels or list(ai.LEVELS)
    figures = measure(levels, opponents, games, variant=variant)
    if with_vm:
        for level, (search_kb, turn_kb) in vm_heap(bench).items():
            if level in figures:
                figures[level]["peak_search_heap_kb"] = search_kb
                figures[level]["peak_turn_heap_kb"] = turn_kb
    return {"ai_tholian_go" + ("_" + variant if variant else ""): {
        "levels": figures, "seconds": round(time.time() - t0), "max_turns": MAX_TURNS}}


def main(argv):
    from tools.bench import benchlib
    flags = match_flags(argv, GAMES, ("variant",))
    if flags is None:
        print(__doc__)
        return 2
    variant = flags["variant"] or ""
    error = options_error("tholian_go", {"variant": variant} if variant else None)
    if error:
        print("error: " + error)
        return 2
    figures = run(benchlib, flags["games"], flags["levels"], flags["opponents"], flags["with_vm"], variant)
    figures = figures["ai_tholian_go" + ("_" + variant if variant else "")]
    for level, entry in figures["levels"].items():
        print(level, " ".join("%s=%s" % kv for kv in sorted(entry.items())))
    print("seconds", figures["seconds"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
