# The main menu and the screens behind it: new game (game, options, players), continue (load and
# replay the save, falling back to the previous one), rules pages, settings, about.  Imported
# only while the menus are shown: the app drops it before a game starts (memory).
import gc

from shared_rules import registry
from shared_rules.game import GameError
from firmware import saves
from firmware.app import LEVELS, PLAYER_CHOICES, PLAYER_CODES, SETTINGS, DEMO_DELAYS, VERSION, \
    Session, heap_used


def main_menu(app):
    """Shows the main menu until a game is to be played; returns its Session."""
    index = 0
    while True:
        items = []
        actions = []
        if saves.has_game(app.folder):
            items.append("Continue")
            actions.append(continue_game)
        items += ["New game", "Rules", "Settings", "About"]
        actions += [new_game, rules, settings_screen, about]
        app.report_heap()
        choice = app.ui.menu("Tholia", items, index)
        if choice < 0:
            continue
        index = choice
        session = actions[choice](app)
        if session is not None:
            return session


def pick_game(app, title):
    names = registry.game_names()
    if not names:
        app.ui.message(title, "No games are installed.")
        return ""
    titles = [registry.GAMES[n][2] for n in names]
    choice = app.ui.menu(title, titles)
    return names[choice] if choice >= 0 else ""


def new_game(app):
    name = pick_game(app, "New game")
    if not name:
        return
    app.activate(name)
    cls = registry.game_class(name)
    option_names = sorted(cls.OPTIONS)
    labels = []
    choices = []
    picked = []
    for opt in option_names:
        values = [v for v in cls.OPTIONS[opt] if v != "*int"]
        if "*int" in cls.OPTIONS[opt] and opt == "seed":
            # Dice seed: offer a fresh one from the clock besides the listed values.
            fresh = str(app.hw.ticks_ms() % 10000)
            if fresh not in values:
                values.append(fresh)
        labels.append(opt)
        choices.append(values)
        picked.append(0)
    has_ai = app.has_ai(name)
    player_choices = PLAYER_CHOICES if has_ai else PLAYER_CHOICES[:1]
    default_ai = 1 + LEVELS.index(app.settings["level"]) if has_ai else 0
    for p in range(2):
        labels.append(cls.PLAYERS[p])
        choices.append(player_choices)
        picked.append(default_ai if p == 1 else 0)
    if not app.ui.form(registry.GAMES[name][2], labels, choices, picked, "Start"):
        return
    options = {}
    for i in range(len(option_names)):
        options[option_names[i]] = choices[i][picked[i]]
    n = len(option_names)
    players = [PLAYER_CODES[picked[n]], PLAYER_CODES[picked[n + 1]]]
    try:
        game = registry.create(name, options)
    except GameError as e:
        app.ui.message("Options", str(e))
        return
    session = Session(name, game, players)
    app.save(session)
    return session


def continue_game(app):
    skip = 0
    kept = True     # whether the kept-aside save may be tried (not when one was just kept)
    notes = []
    while True:
        saved, index, messages = saves.load_game(app.folder, skip, kept)
        notes += messages
        if saved is None:
            notes.append("No usable save was found.")
            app.ui.message("Continue", "\n".join(notes))
            return
        try:
            session = replay(app, saved)
            break
        except MemoryError:
            saved = None
            gc.collect()
            notes.append(saves.keep_aside(app.folder, index))
            kept = False
        except Exception as e:
            notes.append("%s could not be replayed: %s" % (saves.label(index), e))
        skip = index + 1
    if notes:
        notes.append("Loaded the %s instead." % saves.label(index).lower() if index else "")
        app.ui.message("Save problem", "\n".join(notes))
    return session


def replay(app, saved):
    if saved.game not in registry.GAMES:
        raise GameError("unknown game '%s'" % saved.game)
    if len(saved.players) != 2:
        raise GameError("bad players line")
    for code in saved.players:
        if code not in PLAYER_CODES:
            raise GameError("unknown player '%s'" % code)
    app.activate(saved.game)
    session = Session(saved.game, registry.create(saved.game, saved.options), saved.players)
    for text in saved.moves:
        game = session.game
        if game.is_over():
            raise GameError("a move after the end of the game")
        move = game.move_from_text(text)
        if move not in game.legal_moves():
            raise GameError("illegal move %s" % text)
        session.play(move)
    if saved.result and saved.result not in ("draw agreed", "resign 0", "resign 1"):
        raise GameError("unknown result '%s'" % saved.result)
    session.result = saved.result
    return session


def rules(app):
    name = pick_game(app, "Rules")
    if not name:
        return
    module = "firmware.rules_text." + name
    try:
        text = __import__(module, None, None, ["TEXT"]).TEXT
    except ImportError:
        text = "No rules page for this game yet."
    app.ui.pager(registry.GAMES[name][2], text)
    app.drop(module)


def settings_screen(app):
    labels = ["AI level", "Show targets", "Demo speed", "Erase saved game"]
    choices = [LEVELS, ("on", "off"), ("slow", "normal", "fast"), ("no", "yes")]
    s = app.settings
    picked = [LEVELS.index(s["level"]) if s["level"] in LEVELS else 1,
              0 if s["targets"] == "on" else 1,
              ("slow", "normal", "fast").index(s["demo"]) if s["demo"] in DEMO_DELAYS else 1, 0]
    if not app.ui.form("Settings", labels, choices, picked, "Save"):
        return
    s["level"] = LEVELS[picked[0]]
    s["targets"] = choices[1][picked[1]]
    s["demo"] = choices[2][picked[2]]
    app.ui.show_targets = s["targets"] == "on"
    if picked[3] == 1 and app.ui.ask("Erase", "Erase the saved game?"):
        saves.delete_game(app.folder)
    try:
        saves.save_settings(app.folder, s)
    except OSError as e:
        app.ui.message("Settings", "Could not save the settings: %s" % e)


def about(app):
    gc.collect()
    titles = ", ".join(registry.GAMES[n][2] for n in registry.game_names())
    app.ui.pager("About", (
        "Tholia %s\n%s %dx%d %s\nHeap in use: %d bytes\n\n"
        "Two-player abstract strategy games: %s.\n\n"
        "Buttons: the d-pad moves the cursor between legal targets, A chooses, B steps back "
        "(or opens the pause menu), MENU pauses, Y asks for a hint.") % (
        VERSION, app.hw.name, app.hw.width, app.hw.height,
        "colour" if app.hw.color else "mono", heap_used(), titles or "none installed"))
