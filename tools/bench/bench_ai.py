"""AI benchmark (`make bench`, topic "ai"): strength, time per turn and heap of every game's AI.

For every registered game that has an AI (shared_rules/<game>/ai.py) and every level: matches
against a uniform random player and against a greedy one-ply player (the move whose position the
game's own evaluation likes best; it takes immediate wins), colours alternating.  Win rate =
wins / games (draws are not wins), with its 95% Wilson interval; a target counts as met only
when the whole interval is above it, as missed when the whole interval is below it.  In these
matches only node budgets end the searches (the levels' time caps are off), so the moves, and
the strength, do not depend on the host's speed or load.

The ladder's matches (LADDER_PAIRS: easy against greedy, normal against easy, hard against
normal, and normal against itself for its draws) are the game the player gets: the levels'
device time caps on, scaled by the pystones of the process that plays, measured as each chunk
of games starts (under the load they are played at).  Score = wins + draws / 2 with its Wilson
interval (benchlib.pair_row); the draws by the game's rules (repetition, move limit) counted
per match, their share a target in normal's matches against easy and itself.

Time per AI turn (the matches without caps) is CPU time on the host x (host pystones / 1490),
the pystones measured as CPU time too, by the process that plays, at the start of every game,
so that other processes on the host do not distort either figure.  Peak heap comes from
tools/vm/bench_ai_vm.py under the MicroPython VM.

    python -m tools.bench.bench_ai [--games N] [--game G] [--level L] [--no-vm]

--games N plays N games in every match (default: TARGET_GAMES in the matches with a target,
GAMES_PER_MATCH in the others; `make bench` plays BENCH_TARGET_GAMES in the former).  G may be a
variant of VARIANT_GAMES (tholian_go_chain, tholian_go_wide...).
"""
import json
import multiprocessing
import os
import statistics
import sys
import time

from shared_rules import ai, registry
from shared_rules import host as ai_host
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401  (registers every game)
from tools.bench.benchlib import (LADDER_SCORE, ROOT, cpu_pystones, for_information, pair_row, rate_at_least,
    share_below_row, wilson)

# Games per match.  A match with a target (the default level against random and greedy, the
# ladder's matches) plays TARGET_GAMES: enough that the 95% Wilson interval
# of its win rate shows or refutes the target (at 200 games it is about +-4% wide at 90%, +-6%
# at 70%).  A fixed number, decided before the first game: playing on "until decided" would
# stop on lucky streaks more often than the interval admits.  The other matches play
# GAMES_PER_MATCH.  Every match is split into CHUNK games per pool task, so both cores stay busy.
TARGET_GAMES = 200
# `make bench` plays BENCH_TARGET_GAMES in the matches with a target, to stay within its 20
# minutes: enough to show a rate well above its target (40 of 40: 91-100%), often undecided
# otherwise; `make bench-strength` (tools/bench/bench_strength.py) plays TARGET_GAMES.
BENCH_TARGET_GAMES = 40
GAMES_PER_MATCH = 24
CHUNK = 8
# A game still running after this many turns (a turn: one side's decisions in a row) is scored a
# draw.  Tholian Go games between good players run long: at 200 turns most were still going
# with the AI well ahead (+6.5 tokens on average against greedy).
MAX_TURNS = 500
SEED_STEP = 7919
# The slowest AI turns of each level, kept with their games' moves, so that tools/bench/bench_vpico.py
# times the same searches on the device.
SLOWEST_KEPT = 3
# Tholian Go's variants (spec §8), each a ladder of its own: matched as games.
VARIANT_GAMES = dict(("tholian_go_" + value, ("tholian_go", {option: value})) for option, value in (
    ("variant", "chain"), ("variant", "ultimate"), ("variant", "football"), ("variant", "lucky"),
    ("variant", "oracle"), ("variant", "scrimmage"), ("variant", "lucky_scrimmage"),
    ("space", "periodic"), ("space", "wide"), ("space", "long"), ("space", "square")))
VARIANT_GAMES["tholian_go_push_limit"] = ("tholian_go", {"push_limit": "on"})


def games_with_ai():
    """Registered games whose shared_rules/<game>/ai.py is in place (it defines LEVELS)."""
    out = []
    for name in registry.game_names():
        try:
            ai.tuner_class(registry.create(name))
        except GameError:
            continue
        out.append(name)
    return out


def game_of(key):
    """(registered game, options) of a game name or a VARIANT_GAMES key."""
    return VARIANT_GAMES.get(key, (key, None))


# --- the opponents -------------------------------------------------------------------------------
def random_move(game, rng, tuner_class):
    moves = game.legal_moves()
    return moves[rng.below(len(moves))]


def greedy_move(game, rng, tuner_class):
    """One ply: a winning move if there is one, else the best position by the game's evaluation
    (its AI's tuning for this position, at the level its host.py names: GREEDY_LEVEL)."""
    me = game.to_move()
    tuner = tuner_class(game, registry.host_facts(game.NAME).GREEDY_LEVEL)
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
def play_game(name, level, opponent, index, options=None, calibrate=True, caps=False):
    """One game of the AI at `level` against `opponent` (random, greedy or another level), the
    AI on side index % 2, every seed from `index`.  Returns (the game, ended or stopped after
    MAX_TURNS, the AI's side, [device ms, nodes, decisions, decisions over the level's time cap,
    the ply the turn starts at] of each AI turn).  The AI's search of ply p is seeded
    index * SEED_STEP + p.

    Unless `caps`, only node budgets end the searches: the levels' time caps (a safety net on
    the device) would make the moves, so the strength, depend on the host's speed and load; the
    decisions that took longer than the cap are counted instead.  Device time uses this
    process's pystones, measured as the game starts (calibrate=False: by the caller, as its few
    games start): under the load the game is played at."""
    ai_host.use_level_time_caps(caps)
    if calibrate:
        ai_host.set_host_speed(cpu_pystones(5000, 3))
    game = registry.create(name, options)
    tuner_class = ai.tuner_class(game)
    rng = Rng(1000 + index)
    ai_side = index % 2
    cap_ms = 1000 * tuner_class.level_settings(game, ai.level_name(level)).device_seconds
    turns = []
    count, last_mover = 0, -1
    while game.winner() == ONGOING and count < MAX_TURNS:
        mover = game.to_move()
        if mover != last_mover:
            last_mover = mover
            count += 1
            if mover == ai_side:
                turns.append([0.0, 0, 0, 0, len(game.history)])
        if mover == ai_side:
            search = ai.Search(game, level, seed=index * SEED_STEP + len(game.history))
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


def level_below(level):
    """The player a level must beat on the ladder: greedy below the weakest level."""
    i = ai.LEVELS.index(level)
    return ai.LEVELS[i - 1] if i else "greedy"


def ladder_match(level, opponent):
    """Whether level against opponent is one of the ladder's matches (LADDER_PAIRS, and the
    default level against itself for its draws): played with the time caps on."""
    return opponent == level_below(level) or opponent == level == ai.DEFAULT_LEVEL


def goal_of(level, opponent):
    """The win rate (the score, in the ladder's matches) the level must show against the
    opponent, or None."""
    if opponent == level_below(level):
        return LADDER_SCORE
    if level == ai.DEFAULT_LEVEL:
        return {"random": NORMAL_VS_RANDOM, "greedy": NORMAL_VS_GREEDY}.get(opponent, DRAWS_BY_RULE_BELOW)
    return None


def play_chunk(job):
    """job = (game name, level, opponent, first game index, games) -> dict of counts and turns;
    the turns of the ladder's matches (time caps on) are left out of the time figures."""
    key, level, opponent, first, games = job
    name, options = game_of(key)
    caps = ladder_match(level, opponent)
    cpu0 = time.process_time()
    ai_host.set_host_speed(cpu_pystones(5000, 3))   # once per chunk: a short game costs less than that
    wins = draws = over_cap = 0
    draw_rules = {}  # draws by the repetition and move-limit rules (and MAX_TURNS: "turns")
    turns = []
    slowest = []
    for index in range(first, first + games):
        game, ai_side, game_turns = play_game(name, level, opponent, index, options, calibrate=False, caps=caps)
        if caps:
            game_turns = []
        turns += game_turns
        for ms, _, decisions, _, start in sorted(game_turns, key=lambda t: -t[0])[:SLOWEST_KEPT]:
            slowest.append({"host_estimate_ms": round(ms, 1), "opponent": opponent, "ai_player": ai_side,
                            "seed_base": index * SEED_STEP, "start": start,
                            "history": list(game.history[:start + decisions])})
        slowest = slowest_of(slowest)
        over_cap += sum(t[3] for t in game_turns)
        w = game.winner()
        if w == ai_side:
            wins += 1
        elif w == DRAW or w == ONGOING:
            draws += 1
            rule = game.draw_rule() if w == DRAW else "turns"
            if rule:
                draw_rules[rule] = draw_rules.get(rule, 0) + 1
    return {"match": (key, level, opponent), "wins": wins, "draws": draws, "draw_rules": draw_rules, "games": games,
            "turns": turns, "over_cap": over_cap, "cpu_s": time.process_time() - cpu0, "slowest": slowest}


def slowest_of(turns):
    return sorted(turns, key=lambda t: -t["host_estimate_ms"])[:SLOWEST_KEPT]


def turn_figures(turns):
    """Per AI turn (a turn = all of one side's decisions in a row: Tholian Go's three moves,
    Throngs' two maneuvers): median, 90th percentile and worst RP2040 seconds, median and worst
    nodes."""
    if not turns:
        return {}
    ms = sorted(t[0] for t in turns)
    nodes = [t[1] for t in turns]
    return {"median_turn_s_rp2040": round(statistics.median(ms) / 1000, 3),
            "p90_turn_s_rp2040": round(ms[int(0.9 * len(ms))] / 1000, 3),
            "worst_turn_s_rp2040": round(ms[-1] / 1000, 3),
            "median_turn_nodes": statistics.median(nodes), "worst_turn_nodes": max(nodes)}


def opponents_of(level):
    """Random, greedy, the level below and, for the default level, itself."""
    out = ["random", "greedy"]
    below = level_below(level)
    if below != "greedy":
        out.append(below)
    if level == ai.DEFAULT_LEVEL:
        out.append(level)
    return out


def match_jobs(names, levels, games, target_games, opponents=None):
    """The pool's tasks: every match split into chunks of CHUNK games, which the pool hands to
    whichever core is free.  games=0: only the matches with a target; `opponents`: only the
    matches against those."""
    jobs = []
    for name in names:
        for level in levels:
            for opponent in opponents or opponents_of(level):
                count = target_games if goal_of(level, opponent) is not None else games
                if not count:
                    continue
                for first in range(0, count, CHUNK):
                    jobs.append((name, level, opponent, first, min(CHUNK, count - first)))
    # Stable: a match's chunks stay in a row.  The cheap matches first, so that a run cut short
    # has decided the most matches (chunks are small enough to keep both cores busy to the end).
    jobs.sort(key=lambda j: (j[2] != "random", j[2] != "greedy"))
    return jobs


def log_chunk(log, r):
    """Appends a chunk's counts (not its turns) to the file `log` as a JSON line."""
    with open(log, "a") as f:
        f.write(json.dumps(dict((k, v) for k, v in r.items() if k not in ("turns", "slowest"))) + "\n")


def measure(names, levels, games, target_games, processes=2, opponents=None, log=None):
    """Plays every match on `processes` cores -> ({game: {level: figures}}, {game: CPU seconds});
    every chunk's counts appended to the file `log` as they come."""
    jobs = match_jobs(names, levels, games, target_games, opponents)
    left = {}
    for job in jobs:
        left[job[:3]] = left.get(job[:3], 0) + 1
    matches = {}
    with multiprocessing.Pool(processes) as pool:
        for r in pool.imap(play_chunk, jobs, chunksize=1):  # in order: a match's chunks in a row
            if log:
                log_chunk(log, r)
            m = matches.get(r["match"])
            if m is None:
                m = matches[r["match"]] = dict(r)
            else:
                for key in ("wins", "draws", "games", "turns", "over_cap", "cpu_s"):
                    m[key] += r[key]
                m["slowest"] = slowest_of(m["slowest"] + r["slowest"])
                for rule, count in r["draw_rules"].items():
                    m["draw_rules"][rule] = m["draw_rules"].get(rule, 0) + count
            left[r["match"]] -= 1
            if not left[r["match"]]:    # progress, and what a run cut short has shown
                low, high = wilson(m["wins"] + m["draws"] / 2, m["games"])
                print("   %s %s vs %s: %d won, %d drawn %s of %d, score [%.1f, %.1f]%%, %.0f CPU s" % (
                    r["match"] + (m["wins"], m["draws"], rules_text(m["draw_rules"]), m["games"],
                                  100 * low, 100 * high, m["cpu_s"])), flush=True)
    out, cpu, turns = {}, {}, {}
    for (name, level, opponent), r in matches.items():
        cpu[name] = cpu.get(name, 0) + r["cpu_s"]
        entry = out.setdefault(name, {}).setdefault(level, {"decisions_over_cap": 0})
        entry["games_vs_" + opponent] = r["games"]
        entry["decisions_over_cap"] += r["over_cap"]
        entry["wins_vs_" + opponent] = r["wins"]
        entry["win_rate_vs_" + opponent] = round(r["wins"] / r["games"], 3)
        entry["wilson_vs_" + opponent] = [round(x, 3) for x in wilson(r["wins"], r["games"])]
        entry["draws_vs_" + opponent] = r["draws"]
        entry["draw_rules_vs_" + opponent] = r["draw_rules"]
        turns.setdefault((name, level), []).extend(r["turns"])
        entry["slowest_turns"] = slowest_of(entry.get("slowest_turns", []) + r["slowest"])
    for (name, level), level_turns in turns.items():
        out[name][level].update(turn_figures(level_turns))
        out[name][level]["turns"] = len(level_turns)
    return out, cpu


def draws_by_rule(draw_rules):
    """The draws the game's own rules made (repetition, move limit), not this bench's MAX_TURNS."""
    return sum(count for rule, count in draw_rules.items() if rule != "turns")


def rules_text(draw_rules):
    """'(repetition 3, move limit 2)' of the draws by those rules, or ''."""
    return "(%s)" % ", ".join("%s %d" % kv for kv in sorted(draw_rules.items())) if draw_rules else ""


def vm_heap(bench):
    """{game: {level: peak KB}} from tools/vm/bench_ai_vm.py under the MicroPython VM."""
    figures = bench.run_mpy(os.path.join("tools", "vm", "bench_ai_vm.py"), timeout=1200)
    return figures.get("peak_heap_kb", {})


def run(bench, games=GAMES_PER_MATCH, names=None, levels=None, with_vm=True, target_games=BENCH_TARGET_GAMES,
        opponents=None, log=None):
    pystones = cpu_pystones()
    names = names or games_with_ai()
    levels = levels or list(ai.LEVELS)
    t0 = time.time()
    results, cpu = measure(names, levels, games, target_games, opponents=opponents, log=log)
    heap = vm_heap(bench) if with_vm else {}
    slowest = {}
    for name in results:
        for level in results[name]:
            results[name][level]["peak_heap_kb"] = heap.get(name, {}).get(level, -1)
            slowest.setdefault(name, {})[level] = results[name][level].pop("slowest_turns")
    if games:   # a run of the targets' matches alone keeps the last full run's slowest turns
        save_slowest_turns(slowest)
    return {"ai": results, "targets": targets(results, with_vm), "ai_bench": {"host_cpu_pystones": round(pystones), "seconds": round(time.time() - t0),
                                        "match_cpu_s": dict((n, round(c)) for n, c in cpu.items())}}


SLOWEST_TURNS_PATH = os.path.join("bench", "ai_slowest_turns.json")


def rules_digest():
    """A digest of every .py file under shared_rules/, its path included: recorded searches
    replay only on the code that made them."""
    import hashlib
    digest = hashlib.sha256()
    folder = os.path.join(ROOT, "shared_rules")
    paths = []
    for parent, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        paths += [os.path.relpath(os.path.join(parent, f), folder) for f in files if f.endswith(".py")]
    for path in sorted(p.replace(os.sep, "/") for p in paths):
        with open(os.path.join(folder, path), "rb") as f:
            text = f.read()
        digest.update(b"%d %s %d\n" % (len(path), path.encode(), len(text)) + text)
    return digest.hexdigest()[:16]


def save_slowest_turns(slowest):
    """{game: {level: [turn, ...]}} of this run, for tools/bench/bench_vpico.py to time on the device."""
    path = os.path.join(ROOT, SLOWEST_TURNS_PATH)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"rules_digest": rules_digest(), "turns": slowest}, f)


def load_slowest_turns():
    """The slowest turns the last `ai` run saved, or (None, why not)."""
    path = os.path.join(ROOT, SLOWEST_TURNS_PATH)
    if not os.path.exists(path):
        return None, "no %s: the ai benchmark saves it" % SLOWEST_TURNS_PATH
    with open(path) as f:
        saved = json.load(f)
    if saved.get("rules_digest") != rules_digest():
        return None, "%s was made by other shared_rules code: run the ai benchmark again" % SLOWEST_TURNS_PATH
    return saved["turns"], ""


# The AI's targets: the default level's strength, each level over the one below it (the
# ladder), and the draws by the game's rules in the default level's ladder matches.  Its time
# and heap are targets where the device measures them (tools/bench_vpico.py); the host's pystone
# estimates and the VM's search heap are shown beside them for information.
NORMAL_VS_RANDOM = 0.9
NORMAL_VS_GREEDY = 0.7
DRAWS_BY_RULE_BELOW = 0.05
ON_DEVICE_TURN = "the vpico rows' turns"
ON_DEVICE_HEAP = "vpico's heap free at a search's peak"


def targets(results, with_heap, full_games=TARGET_GAMES):
    """The summary table's rows for every game's levels: their strength and the default level's
    draws by rule (targets; a ladder match is decided after `full_games`), the default and
    strongest levels' time and heap as estimated here (information)."""
    rows = []
    normal, strongest = ai.DEFAULT_LEVEL, ai.LEVELS[-1]
    for name in sorted(results):
        for level in ai.LEVELS:
            entry = results[name].get(level)
            if entry is None:
                continue
            label = "%s %s " % (name, level)
            if level == normal:
                for opponent, goal in (("random", NORMAL_VS_RANDOM), ("greedy", NORMAL_VS_GREEDY)):
                    if "wins_vs_" + opponent in entry:
                        rows.append(rate_at_least(label + "wins vs " + opponent, entry["wins_vs_" + opponent],
                                                  entry["games_vs_" + opponent], goal))
            below = level_below(level)
            if "wins_vs_" + below in entry:
                rows.append(pair_row(label + "scores vs " + below, entry["wins_vs_" + below],
                                     entry["draws_vs_" + below], entry["games_vs_" + below], full_games))
            if level == normal:
                for opponent in (below, level):
                    if "draw_rules_vs_" + opponent in entry:
                        rows.append(share_below_row(label + "vs %s draws by rule" % opponent,
                                                    draws_by_rule(entry["draw_rules_vs_" + opponent]),
                                                    entry["games_vs_" + opponent], full_games, DRAWS_BY_RULE_BELOW))
            if level in (normal, strongest) and "worst_turn_s_rp2040" in entry:
                if level == normal:
                    rows.append(for_information(label + "median turn (pystone est.)", entry["median_turn_s_rp2040"],
                                                "s", ON_DEVICE_TURN))
                rows.append(for_information(label + "worst turn (pystone est.)", entry["worst_turn_s_rp2040"], "s",
                                            ON_DEVICE_TURN))
            if level == normal and with_heap:
                rows.append(for_information(label + "search heap (VM)", entry["peak_heap_kb"], "KB", ON_DEVICE_HEAP))
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
    from tools.bench import benchlib
    flags = match_flags(argv, None, ("game",))
    if flags is None or flags["opponents"] != ("random", "greedy"):
        print(__doc__)
        return 2
    names = [flags["game"]] if flags["game"] else None
    if names and names[0] not in games_with_ai():
        print("error: no AI for '%s'; games with an AI: %s" % (names[0], ", ".join(games_with_ai())))
        return 2
    games = flags["games"]
    figures = run(benchlib, games or GAMES_PER_MATCH, names, flags["levels"], flags["with_vm"], games or TARGET_GAMES)
    for name, by_level in figures["ai"].items():
        for level, entry in by_level.items():
            print(name, level, " ".join("%s=%s" % kv for kv in sorted(entry.items())))
    print(figures["ai_bench"])
    from tools.bench.runner import print_targets
    print_targets([("ai", row) for row in figures["targets"]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
