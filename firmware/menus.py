# The main menu and the screens behind it: new game (game, options, players), continue (load and
# replay the save, falling back to the previous one), rules pages, settings, about.  Imported
# only while the menus are shown (firmware/residency.py).
import gc

from shared_rules import registry
from shared_rules.game import GameError
from firmware import residency, saves
from shared_rules.levels import DEFAULT_LEVEL, LEVELS, STRENGTH
from firmware.app import DEMO_DELAYS, HUMAN, VERSION, Session, ai_player, heap_used, player_level


def main_menu(app):
    """Shows the main menu until a game is to be played; returns its Session."""
    index = 0
    while True:
        items = []
        actions = []
        footer = ""
        ahead = None
        if saves.has_game(app.folder):
            saved, newest, notes = saves.load_game(app.folder, peek=True)
            finished = saved is not None and saved.result != ""
            # A finished game is there to look at (and undo, or play again), not to go on with.
            items.append("Review" if finished else "Continue")
            actions.append(continue_game)
            if saved is not None:
                footer = describe_save(saved, app.ui.cols)
                if newest == 0 and not notes:
                    ahead = Replay(app, saved)
        items += ["New game", "Learn to play", "Rules", "Settings", "About"]
        actions += [new_game, learn, rules, settings_screen, about]
        app.report_heap()
        # The save is replayed while the player reads the menu, a move at a time: Continue then
        # finishes it and draws the board, without the replay's wait after the press.
        choice = app.ui.menu("Tholia", items, index, footer, None, ahead and ahead.step_quietly)
        if choice < 0:
            continue
        index = choice
        if actions[choice] is continue_game:
            session = continue_game(app, ahead)
        else:
            if ahead is not None:
                ahead = None
                gc.collect()    # the replayed game's memory, before another screen's
            session = actions[choice](app)
        if session is not None:
            return session


def describe_save(saved, cols):
    """The saved game in one line of at most `cols` characters: game, move, opponents."""
    title = registry.game_title(saved.game) if saved.game in registry.GAMES else saved.game
    humans = saved.players.count("human")
    if humans == 2:
        who = "2 players"
    elif humans == 0:
        who = "AI vs AI"
    else:
        ai = saved.players[0] if saved.players[0] != HUMAN else saved.players[-1]
        who = "vs AI %s" % player_level(ai)
    if saved.result:
        tries = [title + ", finished, " + who, title + " finished", title + " over", title]
    else:
        n = len(saved.moves) + 1
        tries = ["%s, move %d, %s" % (title, n, who), "%s #%d %s" % (title, n, who)]
        if humans == 1:     # "vs AI" is whole words; a cut "2 players" would not be
            tries.append("%s #%d vs AI" % (title, n))
        tries += ["%s #%d" % (title, n), title]
    for line in tries:
        if len(line) <= cols:
            return line
    return tries[-1][:cols]


def game_list():
    """The games in the order the game list shows them (a script that drives the menu asks here)."""
    return registry.game_names()


def pick_game(app, title, index=0):
    """(name, index) of the game chosen from the list, or ("", index) for back."""
    names = game_list()
    if not names:
        app.ui.message(title, "No games are installed.")
        return "", 0
    titles = [registry.game_title(n) for n in names]
    choice = app.ui.menu(title, titles, index)
    return (names[choice], choice) if choice >= 0 else ("", index)


def new_game(app):
    """The game list, then its options form; B on the form goes back to the list."""
    index = 0
    while True:
        name, index = pick_game(app, "New game", index)
        if not name:
            return None
        session = set_up_game(app, name)
        if session is not None:
            return session


def strength_words(prefix, levels, room):
    """What a form shows for each value `prefix + level` of `levels`: the level with its word
    of strength, in the longest way that fits `room` characters for every level of the row."""
    for short in (0, 1):
        for shown in (prefix, ""):
            words = {}
            widest = 0
            for level in levels:
                word = "%s%s (%s)" % (shown, level, STRENGTH[level][short])
                words[prefix + level] = word
                widest = max(widest, len(word))
            if widest <= room:
                return words
    return {}


def choice_room(app):
    """The characters a form's value may take on this screen: the line less its "<" and ">"."""
    return app.ui.cols - 3


def set_up_game(app, name):
    from firmware import option_words
    from firmware.widgets import Numbers
    app.residency.hold_game(name)
    cls = registry.game_class(name)
    # The board view's code is loaded with the rules', before the form: not after Start, where
    # the game's first screen would wait for it.
    app.view_class(name)
    if cls.SETUP_MODULE:
        __import__(cls.SETUP_MODULE)    # the same: run once by the game's creation, then forgotten
    __import__(residency.GAME_TEXT)     # the same: the options' check of the game's creation
    option_names = sorted(cls.OPTIONS)
    game_words = option_words.game_words(name)
    game_explain = option_words.explanations(name)
    app.residency.release(option_words.words_module(name), False)  # collected with option_words
    explain = []
    labels = []
    choices = []
    words = []
    picked = []
    for opt in option_names:
        allowed = cls.OPTIONS[opt]
        if "*int" in allowed:
            low, high = cls.INT_RANGES.get(opt, (0, 9999))
            values = Numbers(low, high)
        else:
            values = allowed
        labels.append(option_words.label(game_words, opt))
        choices.append(values)
        words.append(option_words.values(game_words, opt))
        explain.append(game_explain.get(opt))
        picked.append(values.index(allowed[0]))
    levels = LEVELS if app.has_ai(name) else ()
    player_choices = ["Human"] + ["AI " + level for level in levels]
    default_ai = 1 + levels.index(app.settings["level"]) if levels else 0
    player_words = strength_words("AI ", levels, choice_room(app))
    for p in range(2):
        labels.append(cls.PLAYERS[p])
        choices.append(player_choices)
        words.append(player_words)
        explain.append(option_words.PLAYER_EXPLAIN)
        picked.append(default_ai if p == 1 else 0)
    del option_words
    app.residency.release(residency.WORDS_MODULE)
    # Looked up before the form, not after Start, where the new game's first screen would wait
    # for its four files' look-ups (nothing saves while the form is shown).
    saved = saves.has_game(app.folder)

    def chosen():
        options = {}
        for i in range(len(option_names)):
            options[option_names[i]] = choices[i][picked[i]]
        return options

    # The game of the options shown, made while the player reads the form: Start then only
    # draws it.  Made again when an option changes; never if the options are refused.
    ready = {}      # "options", and "game" made with them

    def prepare():
        options = chosen()
        if options != ready.get("options"):
            ready["options"] = options
            ready["game"] = None    # the last one's memory first
            try:
                ready["game"] = registry.create(name, options)
            except (GameError, MemoryError):
                pass                # Start makes it again, and says why it cannot

    while True:
        if not app.ui.form(registry.game_title(name), labels, choices, picked, "Start", words, prepare,
                           explain):
            return None
        if not saved or may_replace_save(app, name):
            break
    options = chosen()
    n = len(option_names)
    players = [HUMAN if picked[i] == 0 else ai_player(levels[picked[i] - 1]) for i in (n, n + 1)]
    game = ready.get("game") if ready.get("options") == options else None
    if game is None:
        try:
            game = registry.create(name, options)
        except GameError as e:
            app.ui.message("Options", str(e))
            return None
    session = Session(name, game, players)
    session.unsaved = True      # saved once its first screen is sent (App.settle)
    return session


def may_replace_save(app, name):
    """A new game takes the place of the saved one: asks first when that one is unfinished."""
    saved = saves.load_game(app.folder)[0] if saves.has_game(app.folder) else None
    if saved is None or saved.result:
        return True
    return app.ui.ask("Saved game", "New %s game: replace the saved %s?" % (
        registry.game_title(name), describe_save(saved, app.ui.cols)), "Replace it", "Keep it")


def continue_game(app, ahead=None):
    """The saved game, replayed: from `ahead` (the newest save's Replay, begun while the main
    menu waited) when it has not failed, else from the save files."""
    skip = 0
    kept = True     # whether the kept-aside save may be tried (not when one was just kept)
    notes = []
    while True:
        if ahead is not None and not ahead.failed:
            replaying, index = ahead, 0
        else:
            saved, index, messages = saves.load_game(app.folder, skip, kept)
            notes += messages
            if saved is None:
                notes.append("No usable save was found.")
                app.ui.message("Continue", "\n".join(notes))
                return
            replaying = Replay(app, saved)
        ahead = None
        try:
            session = replaying.finish()
            break
        except MemoryError:
            replaying = None
            gc.collect()
            notes.append(saves.keep_aside(app.folder, index))
            kept = False
        except Exception as e:
            notes.append("%s could not be replayed: %s" % (saves.label(index), saves.quoted(str(e), 4 * saves.QUOTED)))
        skip = index + 1
    if notes:
        notes.append("Loaded the %s instead." % saves.label(index).lower() if index else "")
        app.ui.message("Save problem", "\n".join(notes))
    return session


class Replay:
    """A save replayed a part at a time (`step`): the game made, then each move checked and
    played; `finish` does the rest and returns the Session."""

    def __init__(self, app, saved):
        self.app = app
        self.saved = saved
        self.session = None
        self.played = 0
        self.failed = False     # a step raised: the replay is not to be finished
        self.ready = False      # replayed by step_quietly, its view imported, its garbage collected

    def step(self):
        """Does the next part; False when none is left."""
        saved = self.saved
        if self.session is None:
            self.start()
            return True
        if self.played == len(saved.moves):
            return False
        game = self.session.game
        text = saved.moves[self.played]
        if game.is_over():
            raise GameError("a move after the end of the game")
        try:
            move = game.move_from_text(text)
        except GameError as e:
            raise GameError(saves.quoting(str(e), (text,)))
        try:
            self.session.play(move)     # refuses an illegal move (without listing the legal ones)
        except GameError as e:
            raise GameError("illegal move %s: %s" % (saves.quoted(text), saves.quoting(str(e), (text,))))
        self.played += 1
        return True

    def step_quietly(self):
        """`step` for the main menu's wait, then the board view's code and a collection of the
        replay's garbage (else the board view's first allocations meet a full heap).  Any
        trouble marks the replay failed, and Continue does it again, saying why."""
        if self.failed or self.ready:
            return False
        try:
            if self.step():
                return True
            self.app.view_class(self.saved.game)
            gc.collect()
            self.ready = True
        except Exception:
            self.failed = True
            self.session = None
            gc.collect()
        return False

    def start(self):
        saved = self.saved
        if saved.game not in registry.GAMES:
            raise GameError("unknown game '%s'" % saves.quoted(saved.game))
        if len(saved.players) != 2:
            raise GameError("bad players line")
        for code in saved.players:
            if code != HUMAN and player_level(code) not in LEVELS:
                raise GameError("unknown player '%s'" % saves.quoted(code))
        self.app.residency.hold_game(saved.game)
        try:
            game = registry.create(saved.game, saved.options)
        except GameError as e:
            raise GameError(saves.quoting(str(e), list(saved.options) + list(saved.options.values())))
        self.session = Session(saved.game, game, saved.players)

    def finish(self):
        while self.step():
            pass
        saved = self.saved
        session = self.session
        if saved.result and saved.result not in ("draw agreed", "resign 0", "resign 1", "over"):
            raise GameError("unknown result '%s'" % saves.quoted(saved.result))
        session.result = saved.result if saved.result != "over" or session.game.is_over() else ""
        return session


def learn(app):
    """Learn to play: the guided lessons (their module only while they run)."""
    from firmware import lesson_runner
    lesson_runner.learn(app)
    del lesson_runner
    app.residency.release("firmware.lesson_runner")
    app.residency.release("shared_rules.lessons")


def rules(app):
    """The game list, then the game's rules; back to the list after reading."""
    app.residency.enter(residency.MENU_PAGE)
    from firmware import help_pages
    index = 0
    while True:
        name, index = pick_game(app, "Rules", index)
        if not name:
            break
        help_pages.rules(app, name)
    del help_pages
    app.residency.enter(residency.MENUS)


def settings_screen(app):
    labels = ["AI level", "Show targets", "Demo speed", "Erase saved game|Erase save"]
    choices = [LEVELS, ("on", "off"), ("slow", "normal", "fast"), ("no", "yes")]
    s = app.settings
    picked = [LEVELS.index(s["level"] if s["level"] in LEVELS else DEFAULT_LEVEL),
              0 if s["targets"] == "on" else 1,
              ("slow", "normal", "fast").index(s["demo"]) if s["demo"] in DEMO_DELAYS else 1, 0]
    words = [strength_words("", LEVELS, choice_room(app)), None, None, None]
    if app.hw.speaker:      # (a board without one has no sound to turn on)
        labels.insert(3, "Sound")
        choices.insert(3, ("on", "off"))
        picked.insert(3, 0 if s["sound"] == "on" else 1)
        words.insert(3, None)
    if not app.ui.form("Settings", labels, choices, picked, "Save", words):
        return
    s["level"] = LEVELS[picked[0]]
    s["targets"] = choices[1][picked[1]]
    s["demo"] = choices[2][picked[2]]
    if app.hw.speaker:
        s["sound"] = choices[3][picked[3]]
    app.ui.show_targets = s["targets"] == "on"
    if picked[-1] == 1 and app.ui.ask("Erase", "Erase the saved game?"):
        saves.delete_game(app.folder)
    try:
        saves.save_settings(app.folder, s)
    except OSError as e:
        app.ui.message("Settings", "Could not save the settings: %s." % app.fault().failure_words(e))
        app.residency.release(residency.FAULTS)


def about(app):
    app.residency.enter(residency.MENU_PAGE)
    from firmware import help_pages
    gc.collect()
    titles = ", ".join(registry.game_title(n) for n in registry.game_names())
    heap = heap_used()
    app.ui.pager("About", (
        "Tholia %s\n%s %dx%d %s\nHeap in use: %s\n\n"
        "Two-player abstract strategy games: %s.\n\nBUTTONS\n%s") % (
        VERSION, app.hw.name, app.hw.width, app.hw.height,
        "colour" if app.hw.color else "mono", "%d bytes" % heap if heap else "n/a (CPython)",
        titles or "none installed", help_pages.controls(app.hw)))
    del help_pages
    app.residency.enter(residency.MENUS)
