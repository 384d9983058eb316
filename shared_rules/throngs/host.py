# The game's facts for the host's tools and tests; the build leaves this module out.

# Whole random games in a full `make soak` (tools/bench/soak.py).
SOAK_GAMES = 10000
# The level whose evaluation the benchmarks' greedy one-ply player takes (bench_ai.greedy_move).
GREEDY_LEVEL = "normal"
# Decisions entered in the whole-app test of a random game (tests/host/test_app_views.py).
APP_DECISIONS = 60
# The rules benchmark's mid-game listings (tools/bench_throngs.py): this many random games, each
# played until bench_position(game).
BENCH_POSITIONS = 20
MID_GAME = 100  # decisions into a random game


def bench_position(game):
    """MID_GAME decisions or more into the game, at the start of a maneuver."""
    return len(game.history) >= MID_GAME and game.flight() is None and game.maneuver() == 1
