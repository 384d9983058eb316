# The game's facts for the host's tools and tests; the build leaves this module out.
from shared_rules.lazo.rules import LEVEL1

# Whole random games in a full `make soak` (tools/bench/soak.py).
SOAK_GAMES = 10000
# The level whose evaluation the benchmarks' greedy one-ply player takes (bench_ai.greedy_move).
GREEDY_LEVEL = "normal"
# Decisions entered in the whole-app test of a random game (tests/host/test_app_views.py).
APP_DECISIONS = 60
# The rules benchmark's positions (tools/bench_lazo.py): those of random games whose moves
# bench_move(moves, rng) picks.
BENCH_GAMES = 40


def bench_move(moves, rng):
    """A random move; half of the time one above the board, when there is one (stacks grow)."""
    upper = [m for m in moves if m >= LEVEL1]
    pool = upper if upper and rng.below(2) else moves
    return pool[rng.below(len(pool))]
