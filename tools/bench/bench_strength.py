"""The AI's strength on enough games to decide its targets (`make bench-strength`, topic
"strength"; too long for `make bench`, which plays BENCH_TARGET_GAMES per match).

    python -m tools.bench.bench_strength [--games N] [--game G] [--level L] [--opponent O]
                                         [--ladder-games M] [--log PATH]

Per game, and per Tholian Go variant (VARIANTS: Chain, Ultimate... the expanded spaces),
tools/bench/bench_ai.py's matches that have a target, N games each (TARGET_GAMES, 200): the
default level against random and greedy (time caps off), and the ladder's matches with the
levels' device time caps on (the game the player gets): easy against greedy, normal against easy,
hard against normal (each a score of at least 60% with the Wilson interval's low end above 50%),
normal against itself (its draws by the game's rules, as against easy, under 5%).  Then the
Elo ladder of tools/bench/bench_ladder.py: the round robin of random, greedy and the levels, M
games (LADDER_GAMES) for every other pair, the ladder's matches counted with their N games.

--level and --opponent play only those matches (no round robin: --ladder-games 0 is implied);
--log appends every chunk's counts to PATH as a JSON line as they come.
"""
import sys

from tools.bench import bench_ai, bench_ladder

VARIANTS = tuple(bench_ai.VARIANT_GAMES)


def run(benchlib, games=bench_ai.TARGET_GAMES, names=None, levels=None, opponents=None,
        ladder_games=bench_ladder.LADDER_GAMES, log=None):
    names = names or bench_ai.games_with_ai() + list(VARIANTS)
    figures = bench_ai.run(benchlib, 0, names, levels, with_vm=False, target_games=games,
                           opponents=opponents, log=log)
    rows = [row for row in figures["targets"] if row["ok"] != "info"]
    out = {"strength": figures["ai"], "strength_bench": figures["ai_bench"], "targets": rows}
    if ladder_games:
        ladder = bench_ladder.round_robin(ladder_games, names, bench_ladder.known_results(figures["ai"]))
        out["ladder"] = ladder["ladder"]
        out["ladder_bench"] = ladder["ladder_bench"]
        rows += ladder["targets"]
    return out


def main(argv):
    from tools.bench import benchlib
    flags = bench_ai.match_flags(argv, bench_ai.TARGET_GAMES, ("game", "ladder-games", "log"))
    if flags is None:
        print(__doc__)
        return 2
    names = [flags["game"]] if flags["game"] else None
    known = bench_ai.games_with_ai() + list(VARIANTS)
    if names and names[0] not in known:
        print("error: no AI for '%s'; games with an AI: %s" % (names[0], ", ".join(known)))
        return 2
    opponents = flags["opponents"] if flags["opponents"] != ("random", "greedy") else None
    chosen = flags["levels"] or opponents
    ladder_games = 0 if chosen else int(flags["ladder-games"] or bench_ladder.LADDER_GAMES)
    figures = run(benchlib, flags["games"], names, flags["levels"], opponents, ladder_games, flags["log"])
    from tools.bench.runner import print_targets
    print_targets([("strength", row) for row in figures["targets"]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
