# The handheld app: main menu, new game, play screen, pause menu, game over, rules, settings.
#
# Entry point run(hw) with the hardware-layer object of docs/architecture.md.  One game is
# active at a time; its rules module, AI tuning and board view are imported when it starts and
# dropped from sys.modules when another game starts, so the heap holds one game's code.
import gc
import sys

from shared_rules import registry
from shared_rules.game import DRAW, ONGOING, GameError
import shared_rules.games  # noqa: F401  (registers the game names; imports no game)
from firmware import saves
from firmware.builder import MoveBuilder
from firmware.ui import PANEL, TOP, UI
from firmware.views.base import BUTTON

VERSION = "1.0"
LEVELS = ("easy", "normal", "hard")
PLAYER_CHOICES = ("Human", "AI easy", "AI normal", "AI hard")
PLAYER_CODES = ("human", "ai-easy", "ai-normal", "ai-hard")
DEMO_DELAYS = {"slow": 1500, "normal": 600, "fast": 0}
SETTINGS = {"level": "normal", "targets": "on", "demo": "normal"}

_PAUSE = -2                 # a human turn or an AI search ended by the player: open the pause menu
_AGAIN = -3                 # the player took back a decision of their own turn: choose again
_SPIN_MS = 100              # the thinking indicator moves this often
_mem_alloc = getattr(gc, "mem_alloc", None)    # MicroPython only; the simulator reports 0


def heap_used():
    return _mem_alloc() if _mem_alloc is not None else 0


def run(hw):
    App(hw).main_menu()


class Session:
    """One match being played: the game, who plays each side, and what the save needs."""

    def __init__(self, name, game, players):
        self.name = name
        self.game = game
        self.players = players        # ["human" | "ai-<level>", ...] for players 0 and 1
        self.texts = []               # notation of each decision, parallel to game.history
        self.movers = bytearray()     # player of each decision, parallel to game.history
        self.result = ""              # "resign <player>" or "draw agreed" once decided by players
        self.view = None

    def is_ai(self, player):
        return self.players[player] != "human"

    def level(self, player):
        return self.players[player][3:]

    def humans(self):
        return (not self.is_ai(0)) + (not self.is_ai(1))

    def winner(self):
        if self.result.startswith("resign"):
            return 1 - int(self.result[7:])
        if self.result == "draw agreed":
            return DRAW
        return self.game.winner()

    def play(self, move):
        game = self.game
        text = game.move_to_text(move)
        player = game.to_move()
        game.play(move)
        self.texts.append(text)
        self.movers.append(player)

    def undo(self):
        self.game.undo()
        self.texts.pop()
        self.movers = self.movers[:-1]

    def last_turn(self):
        """The decisions of the latest turn (the run of decisions by the last mover)."""
        history = self.game.history
        n = len(history)
        i = n
        while i > 0 and self.movers[i - 1] == self.movers[n - 1]:
            i -= 1
        return history[i:]

    def saved(self):
        return saves.SavedGame(self.name, self.game.options, self.players, self.texts, self.result)


class App:
    def __init__(self, hw):
        self.hw = hw
        self.ui = UI(hw)
        self.folder = hw.save_dir
        self.settings = saves.load_settings(self.folder, SETTINGS)
        self.ui.show_targets = self.settings["targets"] == "on"
        self.spin = 0
        self.spin_at = 0
        self.active = ""    # name of the game whose modules are loaded
        self.session = None  # the match being played
        self.builder = None  # the move being entered, while a human chooses one
        self.busy = False    # True while the app reads buttons without waiting for one (AI)
        self.panel_free_y = 0  # where the status column's text ends (PANEL layout)

    # --- main menu ------------------------------------------------------------------------
    def main_menu(self):
        index = 0
        while True:
            items = []
            actions = []
            if saves.has_game(self.folder):
                items.append("Continue")
                actions.append(self.continue_game)
            items += ["New game", "Rules", "Settings", "About"]
            actions += [self.new_game, self.rules, self.settings_screen, self.about]
            self.report_heap()
            choice = self.ui.menu("Tholia", items, index)
            if choice < 0:
                continue
            index = choice
            actions[choice]()

    def report_heap(self):
        self.hw.report_heap(heap_used())

    def pick_game(self, title):
        names = registry.game_names()
        if not names:
            self.ui.message(title, "No games are installed.")
            return ""
        titles = [registry.GAMES[n][2] for n in names]
        choice = self.ui.menu(title, titles)
        return names[choice] if choice >= 0 else ""

    # --- new game ---------------------------------------------------------------------------
    def new_game(self):
        name = self.pick_game("New game")
        if not name:
            return
        self.activate(name)
        cls = registry.game_class(name)
        option_names = sorted(cls.OPTIONS)
        labels = []
        choices = []
        picked = []
        for opt in option_names:
            values = [v for v in cls.OPTIONS[opt] if v != "*int"]
            if "*int" in cls.OPTIONS[opt] and opt == "seed":
                # Dice seed: offer a fresh one from the clock besides the listed values.
                fresh = str(self.hw.ticks_ms() % 10000)
                if fresh not in values:
                    values.append(fresh)
            labels.append(opt)
            choices.append(values)
            picked.append(0)
        has_ai = self.has_ai(name)
        player_choices = PLAYER_CHOICES if has_ai else PLAYER_CHOICES[:1]
        default_ai = 1 + LEVELS.index(self.settings["level"]) if has_ai else 0
        for p in range(2):
            labels.append(cls.PLAYERS[p])
            choices.append(player_choices)
            picked.append(default_ai if p == 1 else 0)
        if not self.ui.form(registry.GAMES[name][2], labels, choices, picked, "Start"):
            return
        options = {}
        for i in range(len(option_names)):
            options[option_names[i]] = choices[i][picked[i]]
        n = len(option_names)
        players = [PLAYER_CODES[picked[n]], PLAYER_CODES[picked[n + 1]]]
        try:
            game = registry.create(name, options)
        except GameError as e:
            self.ui.message("Options", str(e))
            return
        self.start(Session(name, game, players))

    def has_ai(self, name):
        module = "shared_rules.ai_" + name
        try:
            __import__(module)
            return True
        except ImportError:
            return False

    def activate(self, name):
        """Drops the modules of the previous game so only `name`'s code stays in the heap."""
        if self.active and self.active != name:
            module = registry.GAMES[self.active][0]
            for key in (module, "shared_rules.ai_" + self.active, "firmware.views." + self.active,
                        "firmware.rules_text." + self.active):
                if key in sys.modules:
                    del sys.modules[key]
            gc.collect()
        self.active = name

    def start(self, session):
        self.save(session)
        self.play(session)

    # --- continue -----------------------------------------------------------------------------
    def continue_game(self):
        skip = 0
        notes = []
        while True:
            saved, index, messages = saves.load_game(self.folder, skip)
            notes += messages
            if saved is None:
                notes.append("No usable save was found.")
                self.ui.message("Continue", "\n".join(notes))
                return
            try:
                session = self.replay(saved)
                break
            except MemoryError:
                gc.collect()
                notes.append("Out of memory while loading the save.")
            except Exception as e:
                notes.append("%s could not be replayed: %s" % (("Save", "Unfinished save", "Previous save")[index], e))
            skip = index + 1
        if notes:
            notes.append("Loaded the previous save instead." if index else "")
            self.ui.message("Save problem", "\n".join(notes))
        self.play(session)

    def replay(self, saved):
        if saved.game not in registry.GAMES:
            raise GameError("unknown game '%s'" % saved.game)
        if len(saved.players) != 2:
            raise GameError("bad players line")
        for code in saved.players:
            if code not in PLAYER_CODES:
                raise GameError("unknown player '%s'" % code)
        self.activate(saved.game)
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

    def save(self, session):
        try:
            saves.save_game(self.folder, session.saved())
        except OSError as e:
            self.ui.message("Not saved", "The game could not be saved: %s" % e)

    # --- playing ------------------------------------------------------------------------------
    def play(self, session):
        """Plays until the player leaves; any error in the game ends here, the save is kept."""
        try:
            session.view = self.load_view(session)
            self.play_loop(session)
        except MemoryError:
            self.session = self.builder = session = None
            gc.collect()
            self.ui.message("Out of memory", "The game ran out of memory. It was saved after the "
                            "last move: Continue resumes it.")
        except Exception as e:
            name = session.name
            self.session = self.builder = session = None
            gc.collect()
            self.ui.message("Error", "%s stopped with an error:\n%s: %s\nThe game was saved after the "
                            "last move: Continue resumes it." % (name, type(e).__name__, e))

    def load_view(self, session):
        module = "firmware.views." + session.name
        try:
            mod = __import__(module, None, None, ["View"])
        except ImportError as e:
            if session.name not in str(e):
                raise
            return None    # no board view for this game yet: the move list stands in
        return mod.View(self.ui, session.game)

    def play_loop(self, session):
        while session is not None:
            session = self.turn(session)

    def turn(self, session):
        """One decision (or the pause menu, or the game-over screen): the session to go on
        with, or None when the player leaves to the main menu."""
        self.session = session
        game = session.game
        if session.winner() != ONGOING:
            session = self.game_over(session)
            self.session = session
            return session
        player = game.to_move()
        if session.is_ai(player):
            move = self.ai_turn(session)
        elif session.view is None:
            move = self.list_turn(session)
        else:
            move = self.human_turn(session)
        if move == _PAUSE:
            if not self.pause_menu(session):
                self.session = None
                return None
            return session
        if move == _AGAIN:
            return session
        session.play(move)
        self.save(session)
        return session

    def draw_play(self, session, builder, note=""):
        ui = self.ui
        ui.clear()
        if session.view is not None:
            session.view.draw(builder, session.last_turn() if session.game.history else [])
        self.draw_status(session, builder, note)
        ui.show()
        self.report_heap()

    def draw_status(self, session, builder, note):
        ui = self.ui
        game = session.game
        fb = ui.fb
        px, py, pw, ph = ui.panel_rect
        lh = ui.line_h
        winner = session.winner()
        if winner == ONGOING:
            player = game.to_move()
            who = game.PLAYERS[player] + (" AI" if session.is_ai(player) else "")
            self.status_token(session, px + 4, py + lh // 2, player)
        elif winner == DRAW:
            who = "Draw"
        else:
            who = game.PLAYERS[winner] + " won"
            self.status_token(session, px + 4, py + lh // 2, winner)
        info = session.view.info() if session.view is not None else []
        moves = "#%d" % (len(game.history) + 1)
        text_y = py + (lh - 8) // 2
        if ui.mode == PANEL:
            cols = pw // 8
            y = py
            ui.text(who[:cols - 1], px + 9, text_y)
            y += lh
            for line in info:
                ui.text(line[:cols], px, y)
                y += lh
            if note:
                for part in ui.wrap(note, cols):
                    ui.text(part, px, y, ui.accent)
                    y += lh
            self.panel_free_y = y
        elif ui.mode == TOP:
            ui.text(who, px + 9, text_y)
            ui.text(moves, pw - 8 * len(moves), text_y, ui.dim)
            line = "  ".join(info)
            if len(line) > ui.cols:
                line = " ".join(info)
            ui.text(line[:ui.cols], px, py + lh)
            fb.hline(0, py + 2 * lh, ui.w, ui.grid)
            if note:
                ui.text(note[:ui.cols], 0, ui.footer_y, ui.accent)
        else:
            # STRIP: one line for everything; the move being built (or a note) replaces the counts.
            line = who + " " + (note or (" ".join(info) if builder is None or not builder.prefix else ""))
            ui.text(line[:ui.cols - 1], px + 9, text_y, ui.accent if note else ui.fg)
            fb.hline(0, py + lh, ui.w, ui.grid)
        if builder is not None:
            self.draw_buttons(session, builder, note)

    def status_token(self, session, x, y, player):
        if session.view is not None:
            session.view.token(x, y, 3, player)
        else:
            self.ui.token(x, y, 3, player)

    def draw_buttons(self, session, builder, note):
        ui = self.ui
        view = session.view
        text = view.describe(builder)
        buttons = len(builder.buttons)
        for i in range(buttons):
            key = builder.buttons[i]
            x, y, w, h = ui.button_rect(i, buttons)
            selected = key == builder.cursor
            if selected:
                ui.fb.fill_rect(x, y, w, h, ui.sel_bg)
            else:
                ui.fb.rect(x, y, w, h, ui.grid)
            label = view.button_label(key)[:w // 8]
            ui.text(label, x + (w - 8 * len(label)) // 2, y + (h - 8) // 2,
                    ui.sel_fg if selected else ui.fg)
        if text and not note:
            if ui.mode == PANEL:
                x, y, w, h = ui.panel_rect
                # Above the buttons, below the status lines: as many lines as fit there.
                bottom = ui.button_top(buttons) - 1
                lines = ui.wrap(text, w // 8)
                room = (bottom - self.panel_free_y) // ui.line_h
                lines = lines[:max(0, min(3, room))]
                y0 = bottom - len(lines) * ui.line_h
                for i in range(len(lines)):
                    ui.text(lines[i], x, y0 + i * ui.line_h, ui.accent)
            else:
                right = ui.button_left(buttons) - 1
                room = right // 8
                text = text[:room]
                x = 0 if ui.mode == TOP else right - 8 * len(text)
                ui.fb.fill_rect(x, max(0, ui.footer_y), 8 * len(text), 8, ui.bg)
                ui.text(text, x, max(0, ui.footer_y), ui.accent)

    def human_turn(self, session, hint=-1):
        game = session.game
        view = session.view
        builder = MoveBuilder(view, game.legal_moves())
        note = ""
        if hint >= 0:
            builder.select_move(hint)
            note = "Hint: " + game.move_to_text(hint)
        try:
            return self.enter_move(session, builder, note)
        finally:
            self.builder = None

    def enter_move(self, session, builder, note):
        game = session.game
        while True:
            self.draw_play(session, builder, note)
            self.builder = builder
            key = self.ui.wait_key()
            self.builder = None
            note = ""
            if key == "up":
                builder.go(0, -1)
            elif key == "down":
                builder.go(0, 1)
            elif key == "left":
                builder.go(-1, 0)
            elif key == "right":
                builder.go(1, 0)
            elif key == "a":
                move = builder.choose()
                if move >= 0:
                    return move
            elif key == "b":
                if not builder.back():
                    if not session.movers or session.movers[-1] != game.to_move():
                        return _PAUSE
                    # B goes on back through the decisions of this turn (a Throngs stone
                    # picked up, a Tholian Go move of the three): they are undone.
                    session.undo()
                    self.save(session)
                    return _AGAIN
            elif key == "menu":
                return _PAUSE
            elif key == "y" and self.has_ai(session.name):
                move = self.think(session, self.settings["level"], "Hint...")
                if move >= 0:
                    builder.select_move(move)
                    note = "Hint: " + game.move_to_text(move)

    def list_turn(self, session):
        """Move entry for a game without a board view: its legal moves in notation."""
        game = session.game
        moves = game.legal_moves()
        texts = [game.move_to_text(m) for m in moves]
        title = "%s: %s" % (game.PLAYERS[game.to_move()], registry.GAMES[session.name][2])
        choice = self.ui.menu(title[:self.ui.cols], texts, 0, "B: pause menu")
        return moves[choice] if choice >= 0 else _PAUSE

    # --- the AI -------------------------------------------------------------------------------
    def ai_turn(self, session):
        game = session.game
        player = game.to_move()
        move = self.think(session, session.level(player), "Thinking")
        if move < 0:
            return _PAUSE
        if session.humans() == 0:
            # Demo: let the watcher see each move; any button pauses.
            wait = DEMO_DELAYS.get(self.settings["demo"], 600)
            start = self.hw.ticks_ms()
            self.busy = True
            try:
                while self.hw.ticks_diff(self.hw.ticks_ms(), start) < wait:
                    if self.ui.keys():
                        return _PAUSE
                    self.hw.sleep_ms(20)
            finally:
                self.busy = False
        return move

    def think(self, session, level, label):
        """The AI's move for the current decision, or -1 when the player cancelled (B, MENU)."""
        from shared_rules import ai
        self.draw_play(session, None, label + (" (B: stop)" if self.ui.cols >= 28 else ""))
        hw = self.hw
        cancelled = [False]
        self.spin_at = hw.ticks_ms() - _SPIN_MS     # draw it at the first report

        def progress(done):
            now = hw.ticks_ms()
            if hw.ticks_diff(now, self.spin_at) >= _SPIN_MS:
                self.spin_at = now
                self.draw_spinner(done)
            keys = self.ui.keys()
            if "b" in keys or "menu" in keys:
                cancelled[0] = True
            else:
                self.ui.keep(keys)     # typed ahead: for after the AI's move
            return cancelled[0]

        self.busy = True
        try:
            move = ai.choose_move(session.game, level, progress, len(session.game.history))
        finally:
            self.busy = False
        self.report_heap()
        return -1 if cancelled[0] else move

    def draw_spinner(self, done):
        """The thinking indicator: a dot going round, and a bar for the share of time used."""
        ui = self.ui
        r = 4 if ui.h >= 120 else 3
        x, y, w, h = ui.spinner_rect()
        ui.fb.fill_rect(x, y, w, h, ui.bg)
        self.spin = (self.spin + 1) % 8
        cx, cy = x + r + 1, y + h // 2
        dx = (0, 1, 1, 1, 0, -1, -1, -1)[self.spin]
        dy = (-1, -1, 0, 1, 1, 1, 0, -1)[self.spin]
        ui.fb.ellipse(cx, cy, r, r, ui.dim, False)
        ui.fb.fill_rect(cx + dx * (r - 1) - 1, cy + dy * (r - 1) - 1, 3, 3, ui.accent)
        bar = w - 2 * r - 6
        if bar > 4:
            filled = int(bar * min(done, 1.0))
            ui.fb.rect(x + 2 * r + 4, cy - 2, bar, 5, ui.dim)
            ui.fb.fill_rect(x + 2 * r + 4, cy - 2, filled, 5, ui.accent)
        self.hw.show(x, y, w, h)

    # --- pause menu and game over -----------------------------------------------------------
    def pause_menu(self, session):
        """Returns False when the player leaves the game (it is saved)."""
        game = session.game
        player = game.to_move()
        human_to_move = not session.is_ai(player)
        items = ["Resume"]
        if self.can_undo(session):
            items.append("Undo")
        if human_to_move and session.view is not None and self.has_ai(session.name):
            items.append("Hint")
        if session.humans():
            items.append("Offer draw")
            items.append("Resign")
        items.append("Save and quit")
        choice = self.ui.menu("Paused", items)
        item = items[choice] if choice >= 0 else "Resume"
        if item == "Undo":
            self.undo(session)
        elif item == "Hint":
            move = self.think(session, self.settings["level"], "Hint...")
            if move >= 0:
                move = self.human_turn(session, move)
                if move == _PAUSE:
                    return self.pause_menu(session)
                session.play(move)
                self.save(session)
        elif item == "Offer draw":
            self.offer_draw(session)
        elif item == "Resign":
            resigner = player if human_to_move else (0 if not session.is_ai(0) else 1)
            if self.ui.ask("Resign", "%s resigns?" % game.PLAYERS[resigner]):
                session.result = "resign %d" % resigner
                self.save(session)
        elif item == "Save and quit":
            return False     # saved after every move already: keep the previous save intact
        return True

    def can_undo(self, session):
        if not session.game.history:
            return False
        if session.humans() == 0:
            return True
        for p in session.movers:
            if not session.is_ai(p):
                return True
        return False

    def undo(self, session):
        """Takes back one decision; against the AI, back to the human's previous decision."""
        session.undo()
        if session.humans() == 0:
            self.save(session)
            return
        while session.game.history and (session.is_ai(session.game.to_move())
                                        or session.is_ai(session.movers[-1])):
            session.undo()
        self.save(session)

    def offer_draw(self, session):
        game = session.game
        offerer = game.to_move()
        if session.is_ai(offerer):
            offerer = 1 - offerer
        other = 1 - offerer
        if session.is_ai(other):
            from shared_rules import ai
            value = ai.tuning_for(game).evaluate(game, other)
            accepted = value <= 0    # the AI takes a draw unless it thinks it is ahead
            self.ui.message("Draw offer", "The AI %s the draw." % ("accepts" if accepted else "declines"))
        else:
            accepted = self.ui.ask("Draw offer", "%s offers a draw. %s, do you accept?" % (
                game.PLAYERS[offerer], game.PLAYERS[other]))
        if accepted:
            session.result = "draw agreed"
            self.save(session)

    def game_over(self, session):
        """The final position and what next: the session to go on with (after an undo, or a
        rematch), or None to leave to the main menu."""
        game = session.game
        winner = session.winner()
        if winner == DRAW:
            line = "Draw by agreement" if session.result else "Draw"
        elif session.result.startswith("resign"):
            line = "%s resigned: %s wins" % (game.PLAYERS[1 - winner], game.PLAYERS[winner])
        else:
            line = "%s wins" % game.PLAYERS[winner]
        self.draw_play(session, None, line)
        self.ui.wait_key()
        items = ["Main menu", "Rematch", "Show board"]
        if not session.result and self.can_undo(session):
            items.append("Undo")
        while True:
            choice = self.ui.menu(line, items)
            item = items[choice] if choice >= 0 else "Main menu"
            if item == "Show board":
                self.draw_play(session, None, line)
                self.ui.wait_key()
                continue
            if item == "Undo":
                self.undo(session)
                return session
            if item == "Rematch":
                options = {}
                for k in game.options:
                    options[k] = game.options[k]
                if "seed" in options:
                    options["seed"] = str(int(options["seed"]) + 1)   # new dice
                session.view = None
                session.game = None
                fresh = Session(session.name, registry.create(session.name, options), session.players)
                fresh.view = self.load_view(fresh)
                self.save(fresh)
                return fresh
            return None

    # --- rules, settings, about ---------------------------------------------------------------
    def rules(self):
        name = self.pick_game("Rules")
        if not name:
            return
        module = "firmware.rules_text." + name
        try:
            text = __import__(module, None, None, ["TEXT"]).TEXT
        except ImportError:
            text = "No rules page for this game yet."
        self.ui.pager(registry.GAMES[name][2], text)
        if module in sys.modules:
            del sys.modules[module]
        gc.collect()

    def settings_screen(self):
        labels = ["AI level", "Show targets", "Demo speed", "Erase saved game"]
        choices = [LEVELS, ("on", "off"), ("slow", "normal", "fast"), ("no", "yes")]
        s = self.settings
        picked = [LEVELS.index(s["level"]) if s["level"] in LEVELS else 1,
                  0 if s["targets"] == "on" else 1,
                  ("slow", "normal", "fast").index(s["demo"]) if s["demo"] in DEMO_DELAYS else 1, 0]
        if not self.ui.form("Settings", labels, choices, picked, "Save"):
            return
        s["level"] = LEVELS[picked[0]]
        s["targets"] = choices[1][picked[1]]
        s["demo"] = choices[2][picked[2]]
        self.ui.show_targets = s["targets"] == "on"
        if picked[3] == 1 and self.ui.ask("Erase", "Erase the saved game?"):
            saves.delete_game(self.folder)
        try:
            saves.save_settings(self.folder, s)
        except OSError as e:
            self.ui.message("Settings", "Could not save the settings: %s" % e)

    def about(self):
        gc.collect()
        titles = ", ".join(registry.GAMES[n][2] for n in registry.game_names())
        self.ui.pager("About", (
            "Tholia %s\n%s %dx%d %s\nHeap in use: %d bytes\n\n"
            "Two-player abstract strategy games: %s.\n\n"
            "Buttons: the d-pad moves the cursor between legal targets, A chooses, B steps back "
            "(or opens the pause menu), MENU pauses, Y asks for a hint.") % (
            VERSION, self.hw.name, self.hw.width, self.hw.height,
            "colour" if self.hw.color else "mono", heap_used(), titles or "none installed"))
