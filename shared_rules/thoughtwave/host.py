# The game's facts for the host's tools and tests; the build leaves this module out.

# Whole random games in a full `make soak` (tools/bench/soak.py).
SOAK_GAMES = 10000
# The level whose evaluation the benchmarks' greedy one-ply player takes (bench_ai.greedy_move):
# normal weighs both distances 1:1, which over every move at one ply outplays every level, so
# greedy keeps easy's 5:1, the yardstick the ladder was measured with.
GREEDY_LEVEL = "easy"
# Decisions entered in the whole-app test of a random game (tests/host/test_app_views.py).
APP_DECISIONS = 100
# The rules benchmark's mid-game listings (tools/bench_thoughtwave.py): this many random games,
# each played until bench_position(game).
BENCH_POSITIONS = 20


def bench_position(game):
    """20 tiles placed or more."""
    return len(game.history) >= 20
