"""The AI's strength on enough games to decide its targets (`make bench-strength`, topic
"strength"; too long for `make bench`, which plays BENCH_TARGET_GAMES per match).

tools/bench/bench_ai.py's matches that have a target (the default level against random and greedy,
the strongest level against the default), TARGET_GAMES (200) games each, on both cores: the 95% Wilson interval of each win rate is then about +-4% wide at 90%, +-6% at 70%.
Tholian Go's variants whose AI has a target of its own (VARIANTS: Chain) play the
default level's two matches too (tools/bench/bench_ai_tholian_go.py's games).
Time caps are off (node budgets end every search), so these rates do not depend on the host.
"""
from shared_rules.levels import DEFAULT_LEVEL
from tools.bench import bench_ai, bench_ai_tholian_go
from tools.bench.benchlib import rate_at_least

VARIANTS = ("chain",)
OPPONENTS = ("random", "greedy")


def variant_rows(variant, entry):
    """The target rows of a variant's default-level matches (bench_ai_tholian_go.measure's
    entry of the level)."""
    return [rate_at_least("tholian_go %s %s wins vs %s" % (variant, DEFAULT_LEVEL, opponent),
                          entry["wins_vs_" + opponent], entry["games"], bench_ai.goal_of(DEFAULT_LEVEL, opponent))
            for opponent in OPPONENTS]


def run(benchlib):
    figures = bench_ai.run(benchlib, 0, with_vm=False, target_games=bench_ai.TARGET_GAMES)
    rows = [row for row in figures["targets"] if " wins vs " in row["figure"]]
    for variant in VARIANTS:
        entry = bench_ai_tholian_go.measure([DEFAULT_LEVEL], OPPONENTS, bench_ai.TARGET_GAMES,
                                            variant=variant)[DEFAULT_LEVEL]
        figures["ai"]["tholian_go_" + variant] = {DEFAULT_LEVEL: entry}
        rows += variant_rows(variant, entry)
    return {"strength": figures["ai"], "strength_bench": figures["ai_bench"], "targets": rows}
