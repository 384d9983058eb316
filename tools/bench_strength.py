"""The AI's strength on enough games to decide its targets (`make bench-strength`, topic
"strength"; too long for `make bench`, which plays BENCH_TARGET_GAMES per match).

tools/bench_ai.py's matches that have a target (the default level against random and greedy,
the strongest level against the default), TARGET_GAMES (200) games each, on both cores: the 95% Wilson interval of each win rate is then about +-4% wide at 90%, +-6% at 70%.
Time caps are off (node budgets end every search), so these rates do not depend on the host.
"""
from tools import bench_ai


def run(benchlib):
    figures = bench_ai.run(benchlib, 0, with_vm=False, target_games=bench_ai.TARGET_GAMES)
    return {"strength": figures["ai"], "strength_bench": figures["ai_bench"],
            "targets": [row for row in figures["targets"] if " wins vs " in row["figure"]]}
