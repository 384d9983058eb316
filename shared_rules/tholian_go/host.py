# The game's facts for the host's tools and tests; the build leaves this module out.

# Whole random games in a full `make soak` (tools/bench/soak.py).
SOAK_GAMES = 200 * 14  # 200 for each of its 14 cases (tests/rules/tholian_go/test_tholian_go_random.py)
# The level whose evaluation the benchmarks' greedy one-ply player takes (bench_ai.greedy_move).
GREEDY_LEVEL = "normal"
# Decisions entered in the whole-app test of a random game (tests/host/test_app_views.py).
APP_DECISIONS = 60
# The rules benchmark's positions (tools/bench_tholian_go.py): every BENCH_EVERY-th decision of
# BENCH_GAMES seeded random games of at most BENCH_DECISIONS, and DENSE, a random-play position
# whose dark web is one mixed blob of 11 tokens (3,194 different whole moves).
BENCH_GAMES = 5
BENCH_DECISIONS = 400
BENCH_EVERY = 20
DENSE = ("board=....../..RB../.BBR../RBB.../.RR.R./.B....|..RR...R..R/RRRB....RR.R/......BR..../"
         "..B...B.R..B/B..B......../.......B..B./BBB.B....B. turn=B done=0,0 hand=0,0,0,0 "
         "dice=-,-,- rng=1549107676 push=- offer=0,0 path=- result=-")
