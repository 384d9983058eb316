"""AI benchmark (`make bench`, topic "ai"): strength, time per turn and heap of every game's AI.

For every registered game that has an AI (shared_rules/ai_<game>.py) and every level: matches
against a uniform random player and against a greedy one-ply player (the move whose position the
game's own evaluation likes best; it takes immediate wins), colours alternating; the strongest
level also plays the default level.  Win rate = wins / games (draws are not wins), with its 95%
Wilson interval; a target counts as met only when the whole interval is above it.  Time per AI turn is CPU time on the host x (host pystones /
1490), the pystones measured as CPU time too, by the process that plays, at the start of every
game, so that other processes on the host do not distort either figure.  Peak heap comes from
tools/bench_ai_vm.py under the MicroPython VM.

    python -m tools.bench_ai [--games N] [--game G] [--level L] [--no-vm]   (a quick look)
"""
import multiprocessing
import os
import statistics
import sys
import time

from shared_rules import ai, registry
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401  (registers every game)
from tools.benchlib import at_most, cpu_pystones, rate_at_least, wilson

GAMES_PER_MATCH = 24  # per opponent and level: about +-12% at a 90% win rate, +-18% at 70%
# A match with a target (the default level's, the strongest level against the default) goes on
# by GAMES_PER_MATCH games until the Wilson interval of its win rate lies wholly on one side of
# the target, or MAX_GAMES_PER_MATCH games.
MAX_GAMES_PER_MATCH = 200
# A game still running after this many turns (a turn: one side's decisions in a row) is scored a
# draw.  Tholian Go games between good players run long: at 200 turns most were still going
# with the AI well ahead (+6.5 tokens on average against greedy).
MAX_TURNS = 500


def games_with_ai():
    """Registered games whose shared_rules/ai_<game>.py is in place (it defines LEVELS)."""
    out = []
    for name in registry.game_names():
        try:
            ai.tuner_class(registry.create(name))
        except GameError:
            continue
        out.append(name)
    return out


# --- the opponents -------------------------------------------------------------------------------
def random_move(game, rng, tuner_class):
    moves = game.legal_moves()
    return moves[rng.below(len(moves))]


def greedy_move(game, rng, tuner_class):
    """One ply: a winning move if there is one, else the best position by the game's evaluation
    (its AI's tuning for this position, at the default level)."""
    me = game.to_move()
    tuner = tuner_class(game, ai.DEFAULT_LEVEL)
    best, best_value = None, None
    for move in game.legal_moves():
        game.play(move)
        w = game.winner()
        if w == me:
            value = 1 << 40
        elif w == DRAW:
            value = 0
        elif w != ONGOING:
            value = -(1 << 40)
        else:
            value = tuner.evaluate(me) * 16 + rng.below(16)  # random among equals
        game.undo()
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


# --- matches ----------------------------------------------------------------------------------------
def play_game(name, level, opponent, index, options=None):
    """One game of the AI at `level` against `opponent` (random, greedy or another level), the
    AI on side index % 2, every seed from `index`.  Returns (the game, ended or stopped after
    MAX_TURNS, the AI's side, [device ms, nodes, decisions, decisions over the level's time cap]
    of each AI turn).

    Only node budgets end the searches: the levels' time caps (a safety net on the device) would
    make the moves, so the strength, depend on the host's speed and load; the decisions that
    took longer than the cap are counted instead.  Device time uses this process's pystones,
    measured as the game starts: under the load the game is played at."""
    ai.use_level_time_caps(False)
    ai.set_host_speed(cpu_pystones(5000, 3))
    game = registry.create(name, options)
    tuner_class = ai.tuner_class(game)
    rng = Rng(1000 + index)
    ai_side = index % 2
    cap_ms = 1000 * tuner_class.LEVELS[ai.level_name(level)][0]
    turns = []
    count, last_mover = 0, -1
    while game.winner() == ONGOING and count < MAX_TURNS:
        mover = game.to_move()
        if mover != last_mover:
            last_mover = mover
            count += 1
            if mover == ai_side:
                turns.append([0.0, 0, 0, 0])
        if mover == ai_side:
            search = ai.Search(game, level, seed=index * 7919 + len(game.history))
            move = search.run()
            turn = turns[-1]
            turn[0] += search.elapsed_ms
            turn[1] += search.nodes
            turn[2] += 1
            if search.elapsed_ms > cap_ms:
                turn[3] += 1
        elif opponent == "random":
            move = random_move(game, rng, tuner_class)
        elif opponent == "greedy":
            move = greedy_move(game, rng, tuner_class)
        else:
            move = ai.Search(game, opponent, seed=index * 104729 + len(game.history)).run()
        game.play(move)
    return game, ai_side, turns


def goal_of(level, opponent):
    """The win rate the level must show against the opponent, or None."""
    if level == ai.DEFAULT_LEVEL:
        return {"random": NORMAL_VS_RANDOM, "greedy": NORMAL_VS_GREEDY}.get(opponent)
    if level == ai.LEVELS[-1] and opponent == ai.DEFAULT_LEVEL:
        return STRONGEST_VS_NORMAL
    return None


def decided(wins, games, goal):
    low, high = wilson(wins, games)
    return low >= goal or high < goal


def play_match(job):
    """job = (game name, level, opponent, games) -> dict of counts and turn times.  A match with
    a target plays on by `games` until it is decided (MAX_GAMES_PER_MATCH at most)."""
    name, level, opponent, games = job
    goal = goal_of(level, opponent)
    cpu0 = time.process_time()
    wins = draws = over_cap = played = 0
    turn_ms = []
    planned = games
    while played < planned:
        game, ai_side, turns = play_game(name, level, opponent, played)
        played += 1
        turn_ms += [t[0] for t in turns]
        over_cap += sum(t[3] for t in turns)
        w = game.winner()
        if w == ai_side:
            wins += 1
        elif w == DRAW or w == ONGOING:
            draws += 1
        if played == planned and goal is not None and not decided(wins, played, goal):
            planned = min(MAX_GAMES_PER_MATCH, planned + games)
    return {"job": job[:3], "wins": wins, "draws": draws, "games": played, "turn_ms": turn_ms,
            "over_cap": over_cap, "cpu_s": time.process_time() - cpu0}


def turn_figures(turn_ms):
    """Median and worst AI turn, in RP2040 seconds (a turn = all of one side's decisions in a row:
    Tholian Go's three moves, Throngs' two maneuvers)."""
    if not turn_ms:
        return 0.0, 0.0
    return round(statistics.median(turn_ms) / 1000, 3), round(max(turn_ms) / 1000, 3)


def measure(names, levels, games, processes=2):
    jobs = []
    for name in names:
        for level in levels:
            for opponent in ("random", "greedy"):
                jobs.append((name, level, opponent, games))
            if level == ai.LEVELS[-1] and ai.DEFAULT_LEVEL in levels:
                jobs.append((name, level, ai.DEFAULT_LEVEL, games))
    jobs.sort(key=lambda j: j[1] != ai.LEVELS[-1])  # longest first, for the pool
    with multiprocessing.Pool(processes) as pool:
        done = pool.map(play_match, jobs, chunksize=1)
    out = {}
    cpu = {}
    for r in done:
        name, level, opponent = r["job"]
        cpu[name] = cpu.get(name, 0) + r["cpu_s"]
        entry = out.setdefault(name, {}).setdefault(level, {"_turns": [], "decisions_over_cap": 0})
        rate = r["wins"] / r["games"]
        entry["games_vs_" + opponent] = r["games"]
        entry["decisions_over_cap"] += r["over_cap"]
        entry["wins_vs_" + opponent] = r["wins"]
        entry["win_rate_vs_" + opponent] = round(rate, 3)
        entry["wilson_vs_" + opponent] = [round(x, 3) for x in wilson(r["wins"], r["games"])]
        entry["draws_vs_" + opponent] = r["draws"]
        entry["_turns"] += r["turn_ms"]
    for name in out:
        for level in out[name]:
            entry = out[name][level]
            turns = entry.pop("_turns")
            entry["median_turn_s_rp2040"], entry["worst_turn_s_rp2040"] = turn_figures(turns)
            entry["turns"] = len(turns)
    return out, cpu


def vm_heap(bench):
    """{game: {level: peak KB}} from tools/bench_ai_vm.py under the MicroPython VM."""
    figures = bench.run_mpy(os.path.join("tools", "bench_ai_vm.py"), timeout=1200)
    return figures.get("peak_heap_kb", {})


def run(bench, games=GAMES_PER_MATCH, names=None, levels=None, with_vm=True):
    pystones = cpu_pystones()
    names = names or games_with_ai()
    levels = levels or list(ai.LEVELS)
    t0 = time.time()
    results, cpu = measure(names, levels, games)
    heap = vm_heap(bench) if with_vm else {}
    for name in results:
        for level in results[name]:
            results[name][level]["peak_heap_kb"] = heap.get(name, {}).get(level, -1)
    return {"ai": results, "targets": targets(results, with_vm), "ai_bench": {"host_cpu_pystones": round(pystones), "seconds": round(time.time() - t0),
                                        "match_cpu_s": dict((n, round(c)) for n, c in cpu.items())}}


# The AI's targets: the default level on the reference board, and the strongest level's.
NORMAL_VS_RANDOM = 0.9
NORMAL_VS_GREEDY = 0.7
NORMAL_MEDIAN_TURN_S = 1
NORMAL_WORST_TURN_S = 3
SEARCH_HEAP_KB = 32
STRONGEST_WORST_TURN_S = 10
STRONGEST_VS_NORMAL = 0.5


def targets(results, with_heap):
    """The summary table's rows for every game's default and strongest levels."""
    rows = []
    normal, strongest = ai.DEFAULT_LEVEL, ai.LEVELS[-1]
    for name in sorted(results):
        entry = results[name].get(normal)
        if entry is not None:
            label = "%s %s " % (name, normal)
            for opponent, goal in (("random", NORMAL_VS_RANDOM), ("greedy", NORMAL_VS_GREEDY)):
                if "wins_vs_" + opponent in entry:
                    rows.append(rate_at_least(label + "wins vs " + opponent, entry["wins_vs_" + opponent],
                                              entry["games_vs_" + opponent], goal))
            rows.append(at_most(label + "median turn", entry["median_turn_s_rp2040"], NORMAL_MEDIAN_TURN_S, "s"))
            rows.append(at_most(label + "worst turn", entry["worst_turn_s_rp2040"], NORMAL_WORST_TURN_S, "s"))
            if with_heap:
                rows.append(at_most(label + "search heap", entry["peak_heap_kb"], SEARCH_HEAP_KB, "KB"))
        entry = results[name].get(strongest)
        if entry is not None:
            label = "%s %s " % (name, strongest)
            rows.append(at_most(label + "worst turn", entry["worst_turn_s_rp2040"], STRONGEST_WORST_TURN_S, "s"))
            if "wins_vs_" + normal in entry:
                rows.append(rate_at_least(label + "wins vs " + normal, entry["wins_vs_" + normal],
                                          entry["games_vs_" + normal], STRONGEST_VS_NORMAL))
    return rows


def options_error(name, options):
    """The reason `options` do not make a game of `name` (None if they do): said before a pool
    of processes plays it."""
    try:
        registry.create(name, options)
    except GameError as e:
        return str(e)
    return None


def match_flags(argv, games, extra=()):
    """The AI benches' flags: --games N, --level L, --opponent O, --no-vm, and the names in
    `extra` (flags with a value, kept by name; None if not given).  None on an unknown flag."""
    out = {"games": games, "levels": None, "opponents": ("random", "greedy"), "with_vm": True}
    for name in extra:
        out[name] = None
    while argv:
        flag = argv.pop(0)
        if flag == "--games" and argv:
            out["games"] = int(argv.pop(0))
        elif flag == "--level" and argv:
            out["levels"] = [argv.pop(0)]
        elif flag == "--opponent" and argv:
            out["opponents"] = (argv.pop(0),)
        elif flag == "--no-vm":
            out["with_vm"] = False
        elif flag[2:] in extra and flag.startswith("--") and argv:
            out[flag[2:]] = argv.pop(0)
        else:
            return None
    return out


def main(argv):
    from tools import benchlib
    flags = match_flags(argv, GAMES_PER_MATCH, ("game",))
    if flags is None or flags["opponents"] != ("random", "greedy"):
        print(__doc__)
        return 2
    names = [flags["game"]] if flags["game"] else None
    if names and names[0] not in games_with_ai():
        print("error: no AI for '%s'; games with an AI: %s" % (names[0], ", ".join(games_with_ai())))
        return 2
    figures = run(benchlib, flags["games"], names, flags["levels"], flags["with_vm"])
    for name, by_level in figures["ai"].items():
        for level, entry in by_level.items():
            print(name, level, " ".join("%s=%s" % kv for kv in sorted(entry.items())))
    print(figures["ai_bench"])
    from tools.bench import print_targets
    print_targets([("ai", row) for row in figures["targets"]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
