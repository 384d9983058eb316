# The AI's levels, weakest first, and the default one: the one list of level names, which
# shared_rules/ai.py hands on as ai.LEVELS.  A module of its own so that the app can name the
# levels (menus, settings, saves) without loading the AI's code.
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
# What the app's level choices say of each level's strength, as each game's Elo ladder ranks them
# (`make bench-strength`, docs/bench_notes.md): the word, and a shorter one for narrow screens.
STRENGTH = {"easy": ("weakest", "weak"), "normal": ("stronger", "mid"), "hard": ("strongest", "best")}

# Whether the levels' time caps end searches (ai.use_level_time_caps): kept here, in a module the
# app never unloads, because the app drops shared_rules.ai between games and after a hint: a
# switch kept in ai.py was back on at the AI's next import.
time_caps = True
