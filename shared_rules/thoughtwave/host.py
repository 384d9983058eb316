# The game's facts for the host's tools and tests; the build leaves this module out.

# Whole random games in a full `make soak` (tools/bench/soak.py).
SOAK_GAMES = 10000
# Decisions entered in the whole-app test of a random game (tests/host/test_app_views.py).
APP_DECISIONS = 100
