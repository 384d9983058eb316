# The AI's levels, weakest first, and the default one: the one list of level names, which
# shared_rules/ai.py hands on as ai.LEVELS.  A module of its own so that the app can name the
# levels (menus, settings, saves) without loading the AI's code.
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
