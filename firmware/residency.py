# Which modules the app holds on each screen, and the transitions that let the others go: the
# device's heap holds the app, one game's code and the screen shown (docs/architecture.md).
import gc
import sys

from shared_rules import registry
from shared_rules.registry import unload

# The screens, as the app enters them.
MENUS = "menus"         # main menu, game list, new-game form, settings, continue
MENU_PAGE = "menu page"  # a game's rules or About, from the main menu
PLAY = "play"           # the board: a human's decision, or the AI's search
PAUSE = "pause"         # the pause menu and the game-over screen
PAUSE_PAGE = "pause page"  # Help or Rules, from the pause menu

# The modules only some screens hold.
MENUS_MODULE = "firmware.menus"
PAUSE_MODULE = "firmware.pause"
PAGES_MODULE = "firmware.help_pages"
WORDS_MODULE = "firmware.option_words"
RULES_TEXT = "firmware.rules_text"
WIDGETS = "firmware.widgets"
SAVES = "firmware.saves"
FAULTS = "firmware.faults"  # what failed, in words: read and released at once
GAME_TEXT = "shared_rules.game_text"   # a new game's options checked, a game's status lines
# Read as the display driver, the UI and a board view are made: the colours, the layout's code.
MAKING = ("firmware.palette", "firmware.layout")
AI = "ai"               # the AI's code (shared_rules.ai, the game's ai* modules), while held
SCREEN_MODULES = (MENUS_MODULE, PAUSE_MODULE, PAGES_MODULE, WORDS_MODULE, RULES_TEXT, WIDGETS, SAVES, GAME_TEXT)

# What each screen holds besides the app's own modules and the active game's rules and board
# view, and why.  A game's words and rules text are read and released at once: no screen
# holds them.
PLAN = {
    # Their code; the widgets ui.menu and ui.form draw with; the saves' loading and settings;
    # the options' check of the games they make.  No AI: the form asks whether a game has
    # one, and its code goes again.
    MENUS: (MENUS_MODULE, WIDGETS, SAVES, GAME_TEXT),
    # The same, and the pages' code while the menu it came from stays open.
    MENU_PAGE: (MENUS_MODULE, WIDGETS, SAVES, GAME_TEXT, PAGES_MODULE),
    # A game being played holds no menu code (a message over the board loads the widgets for
    # itself, released after it); the AI's while an AI plays or searches.
    PLAY: (AI,),
    # The pause menu's code and the widgets it draws with; a hint there searches.  (A rematch
    # checks its options: play lets that code go.)
    PAUSE: (PAUSE_MODULE, WIDGETS, AI),
    # The same, and the pages' code while the pause menu stays open.
    PAUSE_PAGE: (PAUSE_MODULE, WIDGETS, PAGES_MODULE, AI),
}


def game_part(module, game):
    """Whether `module` is one of `game`'s modules: its package (rules, setup, words, AI) or
    its board view (and the view's code for some screens, `<view>_<screens>`)."""
    package = registry.package(game)
    view = "firmware.views." + game
    return module == package or module.startswith(package + ".") or module == view or module.startswith(view + "_")


def ai_part(module, game):
    """Whether `module` is the AI's code for `game`: the search, and the game's ai* modules."""
    return module == "shared_rules.ai" or module.startswith(registry.ai_module(game))


def screen_part(module):
    """The screen module `module` belongs to (a rules text belongs to RULES_TEXT), or ""."""
    for name in SCREEN_MODULES:
        if module == name or module.startswith(name + "."):
            return name
    return ""


def held(module, screen, game, ai):
    """Whether the plan lets `screen` hold `module` while `game` is active and the AI's code
    is held (`ai`) or not.  A module neither a screen's nor a game's is the app's own; before
    any game is active there is no game's code to let go of."""
    part = screen_part(module)
    if part:
        return part in PLAN[screen]
    if module == "shared_rules.ai":
        return ai and AI in PLAN[screen]
    if not game:
        return True
    for other in registry.game_names():
        if ai_part(module, other):
            return other == game and ai and AI in PLAN[screen]
        if game_part(module, other):
            return other == game
    return True


class Residency:
    """The one owner of what the heap holds: the app tells it where it goes (enter), which
    game it plays (hold_game) and whether the AI's code stays (hold_ai); it lets go of the rest."""

    def __init__(self, board):
        # The board's modules (boards/active.py, the profile `board`) made the hw object and the
        # UI took its colours: no screen needs them again.
        for module in ("boards.active", "boards." + board, "boards") + MAKING:
            unload(module)
        self.screen = MENUS
        self.game = ""          # the game whose modules are held
        self.ai = False         # whether the AI's code is held: an AI plays, or searches
        self.ai_known = {}      # game -> whether it has an AI: the answer is kept, the code is not

    def enter(self, screen, collect=True):
        """Goes to `screen`: the modules its plan does not hold leave the heap (collected now,
        or with `collect` False by the screen's first report of the heap)."""
        self.screen = screen
        if AI not in PLAN[screen]:
            self.ai = False
        self.let_go(collect)

    def hold_game(self, name):
        """`name` becomes the active game: the previous game's code (rules, AI, view) goes, so
        the heap holds one game's."""
        if self.game and self.game != name:
            self.game = name
            self.ai = False
            self.let_go(True)
        self.game = name

    def hold_ai(self, ai, collect=True):
        """The AI's code stays (an AI plays, or is to search) or goes with the tables it keeps,
        which hold the last game searched (Tholian Go's memo, Thoughtwave's links, Trap's work
        arrays)."""
        self.ai = ai
        if not ai:
            self.let_go(collect)

    def release(self, module, collect=True):
        """A module read once (a page, a game's words, a screen left on an error) leaves now,
        with its package when that is a screen's (the rules texts); collected now unless the
        caller collects once it has let go of more."""
        unload(module)
        part = screen_part(module)
        if part and part != module:
            unload(part)
        if collect:
            gc.collect()

    def view_made(self):
        """A board view has its colours and layout: their code goes (collected by the next
        report of the heap)."""
        for module in MAKING:
            unload(module)

    def let_go(self, collect):
        dropped = False
        for module in list(sys.modules):
            if (module.startswith("shared_rules.") or module.startswith("firmware.")) and \
                    not held(module, self.screen, self.game, self.ai):
                unload(module)
                dropped = True
        if dropped and collect:
            gc.collect()

    def has_ai(self, name):
        """Whether `name` has an AI (its tuning module); its code leaves unless the AI is held."""
        if name not in self.ai_known:
            module = registry.ai_module(name)
            try:
                __import__(module)
                self.ai_known[name] = True
            except ImportError as e:
                missing = str(e)
                if "'%s'" % module not in missing and "'%s'" % registry.package(name) not in missing:
                    raise    # the AI's own imports are broken: say so, do not hide it
                self.ai_known[name] = False
            if not self.ai or name != self.game:
                for loaded in list(sys.modules):
                    if ai_part(loaded, name):
                        unload(loaded)
                gc.collect()
        return self.ai_known[name]
