# The game's facts for the host's tools and tests; the build leaves this module out.

# Whole random games in a full `make soak` (tools/bench/soak.py).
SOAK_GAMES = 10000
# The level whose evaluation the benchmarks' greedy one-ply player takes (bench_ai.greedy_move).
GREEDY_LEVEL = "normal"
# Decisions entered in the whole-app test of a random game (tests/host/test_app_views.py).
APP_DECISIONS = 200
# The rules benchmark's mid-game listings (tools/bench_trap.py): this many random games, each
# played until bench_position(game).
BENCH_POSITIONS = 20


def bench_position(game):
    """A few moves into phase 2 (46 decisions played or more)."""
    return game.phase() == 2 and len(game.history) >= 46
