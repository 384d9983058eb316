# The handheld app: main menu, new game, play screen, pause menu, game over, rules, settings.
#
# Entry point run(hw) with the hardware-layer object of docs/architecture.md.  One game is
# active at a time; which modules each screen holds is firmware/residency.py's plan.
import gc
from micropython import const

from shared_rules import registry
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.levels import DEFAULT_LEVEL, LEVELS
import shared_rules.games  # noqa: F401  (registers the game names; imports no game)
from firmware import residency, save_files
from firmware.builder import MoveBuilder
from firmware.hw_base import CUE_AI, CUE_CAPTURE, CUE_MOVE, CUE_WIN
from firmware.ui import STATUS, UI
from firmware.views.base import BUTTON

VERSION = "1.0"
HUMAN = "human"             # a player in the save: "human", or "ai-<level>" (a level of LEVELS)
DEMO_DELAYS = {"slow": 1500, "normal": 600, "fast": 0}

PAUSE = -2                  # a human turn or an AI search ended by the player: open the pause menu
AGAIN = -3                  # the player took back a decision of their own turn: choose again
_DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
_SPIN_MS = 100              # the thinking indicator moves this often
_mem_alloc = getattr(gc, "mem_alloc", None)    # MicroPython only; the simulator reports 0
_mem_free = getattr(gc, "mem_free", None)
# Below this much free heap the app collects the garbage once the screen is updated, so that
# the collector (tens of ms on a full RP2040 heap) does not run in the middle of the next one,
# and the next one does not draw over a heap full of garbage.
_LOW_FREE = const(72 * 1024)


def heap_used():
    return _mem_alloc() if _mem_alloc is not None else 0


def collect_if_low():
    if _mem_free is not None and _mem_free() < _LOW_FREE:
        gc.collect()


def ai_player(level):
    """The save's word for the AI playing at `level`."""
    return "ai-" + level


def player_level(code):
    """The AI level of a player's word ("ai-normal": "normal"), None for any other word."""
    kind, dash, level = code.partition("-")
    return level if kind == "ai" and dash else None


# Each setting's allowed values, its default first (a damaged value falls back to it).
SETTINGS = {"level": (DEFAULT_LEVEL,) + tuple(level for level in LEVELS if level != DEFAULT_LEVEL),
            "targets": ("on", "off"), "demo": ("normal", "slow", "fast"), "sound": ("on", "off")}


def run(hw):
    App(hw).main_menu()




class Session:
    """One match being played: the game, who plays each side, and what the save needs."""

    def __init__(self, name, game, players):
        self.name = name
        self.game = game
        self.players = players        # [HUMAN | ai_player(level), ...] for players 0 and 1
        # The notation of each decision, one per line (one string: far smaller in the heap than
        # a list of short strings), parallel to game.history.
        self.log = ""
        self.movers = bytearray()     # player of each decision, parallel to game.history
        self.result = ""              # "resign <player>" or "draw agreed" once decided by players
        self.view = None
        self.unsaved = False          # a decision played and not yet saved
        self.version = 0              # counts the decisions played and taken back
        self.turns = 0                # turns with a decision played (runs of one mover's decisions)
        self.redo = []                # groups of decisions Undo took back, the newest last

    def is_ai(self, player):
        return self.players[player] != HUMAN

    def level(self, player):
        return player_level(self.players[player])

    def humans(self):
        return (not self.is_ai(0)) + (not self.is_ai(1))

    def resigned(self):
        """The player who resigned, -1 if none did."""
        word, _, player = self.result.partition(" ")
        return int(player) if word == "resign" else -1

    def winner(self):
        if self.resigned() >= 0:
            return 1 - self.resigned()
        if self.result == "draw agreed":
            return DRAW
        return self.game.winner()

    def play(self, move):
        game = self.game
        text = game.move_to_text(move)
        player = game.to_move()
        game.play(move)
        self.log = self.log + "\n" + text if self.log else text
        if not self.movers or self.movers[-1] != player:
            self.turns += 1
        self.movers.append(player)
        self.version += 1

    def undo(self):
        """Takes back the last decision; returns it."""
        move = self.game.history[-1]
        self.game.undo()
        self.version += 1
        self.log = self.log[:max(0, self.log.rfind("\n"))]
        player = self.movers[-1]
        self.movers = self.movers[:-1]
        if not self.movers or self.movers[-1] != player:
            self.turns -= 1
        return move

    def turn_number(self):
        """The turn being played (1 at the start; a turn is all of one player's decisions in a
        row), or once the game is over the turns played."""
        movers = self.movers
        if self.winner() == ONGOING and (not movers or movers[-1] != self.game.to_move()):
            return self.turns + 1
        return self.turns

    def last_turn(self):
        """The decisions of the latest turn (the run of decisions by the last mover)."""
        history = self.game.history
        n = len(history)
        i = n
        while i > 0 and self.movers[i - 1] == self.movers[n - 1]:
            i -= 1
        return history[i:]

    def texts(self):
        """The notation of each decision played, in order."""
        return self.log.split("\n") if self.log else []

    def saved(self):
        return save_files.SavedGame(self.name, self.game.options, self.players, self.texts(), self.result)


class App:
    def __init__(self, hw):
        self.hw = hw
        self.ui = UI(hw)
        self.folder = hw.save_dir
        self.settings, self.settings_notes = self.screens("firmware.saves").load_settings(self.folder, SETTINGS)
        self.ui.show_targets = self.settings["targets"] == "on"
        self.spin = 0
        self.spin_at = 0
        self.residency = residency.Residency(hw.name)  # which modules the heap holds, screen by screen
        self.session = None  # the match being played
        self.settled = True  # False from a decision's start until its screen is sent (settle)
        self.builder = None  # the move being entered, while a human chooses one
        # (session, its version, builder) of a human decision left for the pause menu: Resume
        # goes on with it (its targets cost tens of ms to list again on the device).
        self.paused = None
        self.busy = False    # True while the app reads buttons without waiting for one (AI)
        self.panel_free_y = 0  # where the status column's text ends (PANEL layout)
        # The play screen's button legend (its parts): the board's, made once, so that a new
        # game's first screen does not wait for the help pages' import.
        self.legend = self.screens(residency.PAGES_MODULE).legend(hw)
        self.residency.release(residency.PAGES_MODULE)
        self.info = []         # the view's status lines of the position shown

    # --- main menu ------------------------------------------------------------------------
    def main_menu(self):
        """The menus and the games they start, for ever."""
        for _ in self.steps():
            pass

    def steps(self):
        """The menus and the games they start, for ever, yielding after each screen's work (the
        main menu, a decision): a host whose VM collects its garbage only between its calls into
        Python (the browser's) runs the app a step per call."""
        if self.settings_notes:
            self.fault().settings_repaired(self)
            self.residency.release(residency.FAULTS)
        while True:
            try:
                session = self.screens(residency.MENUS_MODULE).main_menu(self)
            except Exception as e:
                self.residency.release(residency.MENUS_MODULE)
                self.fault().menu_failed(self, e)
                self.residency.release(residency.FAULTS)
                continue
            self.residency.enter(residency.PLAY, False)  # collected once the first screen is sent (settle)
            yield
            yield from self.play(session)
            self.residency.enter(residency.MENUS)

    def screens(self, module):
        try:
            return __import__(module, None, None, ["_"])
        except MemoryError:
            # A game fragments the heap: on the reference board the pause menu's code found no
            # block of 1,280 bytes with ~60 KB free.  The layer's block goes (the next game
            # takes it again) and the import is tried once more.
            self.ui.drop_layer()
            self.residency.release(module)
            return __import__(module, None, None, ["_"])

    def report_heap(self):
        self.hw.report_heap(heap_used())

    def has_ai(self, name):
        """Whether `name` has an AI; the answer is kept, the code is not."""
        return self.residency.has_ai(name)

    def save(self, session, tell=True):
        """Saves the game; True when it is saved.  A failed save leaves the game unsaved and,
        if `tell`, says so (each time: every move not saved is at stake)."""
        try:
            try:
                save_files.save_game(self.folder, session.saved())
            except MemoryError:
                gc.collect()    # the garbage of the move just played may hold the room it needs
                save_files.save_game(self.folder, session.saved())
            session.unsaved = False
            return True
        except (MemoryError, OSError, save_files.SaveError) as e:
            session.unsaved = True
            if tell:
                self.fault().not_saved(self, e)
                self.residency.release(residency.FAULTS)
            return False

    def fault(self):
        """The code that says what failed (firmware/faults.py), released once it has."""
        return self.screens(residency.FAULTS)

    # --- playing ------------------------------------------------------------------------------
    def play(self, session):
        """Plays until the player leaves, yielding after each decision; any error in the game
        ends here, the save is kept."""
        try:
            self.ui.take_layer()     # back if the last game's pause menu needed its memory
            session.view = self.load_view(session)
            while session is not None:
                session = self.turn(session)
                yield
        except Exception as e:
            session = self.session or session     # (a rematch is another session)
            self.session = self.builder = self.paused = None
            gc.collect()
            self.fault().game_failed(self, session, e)
            self.residency.release(residency.FAULTS)

    def view_class(self, name):
        """The game's board view class, its module imported now with what making a view reads
        (residency.MAKING); None when the game has no board view yet (the move list stands in)."""
        try:
            mod = __import__("firmware.views." + name, None, None, ["View"])
        except ImportError as e:
            if name not in str(e):
                raise
            return None
        for module in residency.MAKING:
            __import__(module)
        return mod.View

    def load_view(self, session):
        view = self.view_class(session.name)
        if view is None:
            return None
        view = view(self.ui, session.game)
        self.residency.view_made()
        return view

    def turn(self, session):
        """One decision (or the pause menu, or the game-over screen): the session to go on
        with, or None when the player leaves to the main menu."""
        self.session = session
        self.settled = False
        game = session.game
        if session.winner() != ONGOING:
            name = session.name
            self.residency.enter(residency.PAUSE)
            session = self.screens(residency.PAUSE_MODULE).game_over(self, session)
            self.residency.enter(residency.PLAY)
            self.residency.release("firmware.endings")  # the end's words go with the end screen
            self.residency.release(registry.package(name) + ".ending")
            self.session = session
            return session
        player = game.to_move()
        if session.is_ai(player):
            move = self.ai_turn(session)
        elif session.view is None:
            self.settle(session)
            # A game without a board view: its legal moves in notation, a menu's widget.
            move = self.screens(residency.WIDGETS).move_list(self.ui, game, registry.game_title(session.name))
            move = PAUSE if move < 0 else move
        else:
            move = self.human_turn(session)
        if move == PAUSE:
            self.residency.enter(residency.PAUSE)
            keep_playing = self.screens(residency.PAUSE_MODULE).pause_menu(self, session)
            self.residency.enter(residency.PLAY, False)  # collected once the board is sent again (settle)
            if not keep_playing:
                self.session = self.paused = None
                return None
            return session
        if move == AGAIN:
            return session
        session.redo = []           # a new move: what Undo took back cannot come back
        sounds = self.hw.speaker and self.settings["sound"] == "on"
        before = session.view.stones(1 - player) if sounds and session.view is not None else -1
        session.play(move)
        session.unsaved = True      # saved once the position is on the screen (settle)
        if sounds:
            self.hw.cue(self.cue_of(session, player, before))
        return session

    def cue_of(self, session, player, stones):
        """The sound cue of the move `player` just played (`stones`: the opponent's on the
        board before it, view.stones)."""
        winner = session.winner()
        if winner == 0 or winner == 1:
            return CUE_WIN
        if session.view is not None and 0 <= session.view.stones(1 - player) < stones:
            return CUE_CAPTURE
        return CUE_AI if session.is_ai(player) else CUE_MOVE

    def settle(self, session):
        """What a decision needs done but not before its screen is sent (tens of ms on the
        device each): the save of the move played, the heap's report (once per decision: it
        collects the garbage, gc.mem_alloc() walks the heap's table)."""
        self.settled = True
        if session.unsaved:
            self.save(session)
        self.report_heap()

    def draw_play(self, session, builder, note=""):
        ui = self.ui
        ui.clear()
        self.info = []
        view = session.view
        if view is None:
            self.draw_status(session, builder, note)
            ui.show()
            if not self.settled:
                self.settle(session)
            return
        cursor = [k[:4] for k in view.kept]     # the cursor's marks on the panel, if it shows the view
        view.draw(builder, session.last_turn() if session.game.history else [])
        if session.winner() == ONGOING:
            self.info = view.info()
        self.logged_status(session, builder, note)
        ui.show_play((view.serial, view.fixed_key()), cursor + [k[:4] for k in view.kept])
        if not self.settled:
            self.settle(session)
            if ui.shown is None:    # a message (the save failed) covered the screen
                self.draw_play(session, builder, note)

    def logged_status(self, session, builder, note):
        """The status drawn, its calls logged (what a partial update compares)."""
        self.ui.log_drawing(STATUS)
        try:
            self.draw_status(session, builder, note)
        finally:
            self.ui.log_drawing()

    def show_cursor_move(self, session, builder):
        """After a cursor move only what depends on the cursor is drawn again and sent: the old
        and new cursor's marks and the help text; False when the view must be drawn whole."""
        view = session.view
        if not self.ui.partial_updates or not view.can_move_cursor(builder):
            return False
        rects = view.move_cursor(builder)
        # The status is drawn whole (it covers whatever the cursor's marks spilled onto), but
        # only where its drawing differs from the screen's is sent.
        self.logged_status(session, builder, "")
        return self.ui.show_status_change(rects)

    def draw_status(self, session, builder, note):
        ui = self.ui
        game = session.game
        px, py, _, _ = ui.panel_rect
        ui.clear_status()
        winner = session.winner()
        moves = "#%d" % session.turn_number()
        info = []
        if winner == ONGOING:
            player = game.to_move()
            who = game.player_name(player) + (" AI" if session.is_ai(player) else "")
            self.status_token(session, px + 4, py + ui.line_h // 2, player)
            info = self.info
        else:
            # The result once, instead of the counts of a phase that is over.
            from firmware import endings    # loaded with the end screen (memory)
            who, info = endings.status(ui, session, moves)
            if winner != DRAW:
                self.status_token(session, px + 4, py + ui.line_h // 2, winner)
        building = session.view.describe(builder) if builder is not None else None
        buttons = len(builder.buttons) if builder is not None else -1
        self.panel_free_y = ui.draw_status(who, moves, info, note, buttons, building)
        if builder is not None:
            ui.draw_buttons(session.view, builder, note, building, self.legend, self.panel_free_y)

    def status_token(self, session, x, y, player):
        if self.ui.color:   # on a grey patch: a black piece on the black status line showed hollow
            self.ui.fb.fill_rect(x - 4, y - 4, 9, 9, self.ui.grid)
        if session.view is not None:
            session.view.token(x, y, 3, player)
        else:
            self.ui.token(x, y, 3, player)

    def human_turn(self, session, hint=-1):
        game = session.game
        view = session.view
        paused, self.paused = self.paused, None
        if paused is not None and paused[0] is session and paused[1] == session.version:
            builder = paused[2]
        else:
            builder = MoveBuilder(view, game.legal_moves())
        view.looking = False
        note = ""
        if hint >= 0:
            builder.select_move(hint)
            note = "Hint: " + game.move_to_text(hint)
        try:
            move = self.enter_move(session, builder, note)
        finally:
            self.builder = None
        if move == PAUSE:
            self.paused = (session, session.version, builder)
        return move

    def enter_move(self, session, builder, note):
        game = session.game
        redraw = True
        while True:
            if redraw:
                self.draw_play(session, builder, note)
            collect_if_low()
            self.builder = builder
            key = self.ui.wait_key()
            self.builder = None
            shown_note, note = note, ""
            redraw = True
            if key in _DIRECTIONS:
                # Only a note on the screen (it goes away) or a view that scrolls needs the
                # screen drawn whole.
                dx, dy = _DIRECTIONS[key]
                if builder.go(dx, dy):
                    session.view.looking = False     # the view follows the cursor again
                    redraw = shown_note != "" or not self.show_cursor_move(session, builder)
                else:
                    # No target that way: look over the board (if it is taller than the screen).
                    looked = dy != 0 and session.view.look(dy)
                    redraw = looked or shown_note != ""
            elif key == "a":
                move = builder.choose()
                if move >= 0:
                    return move
            elif key == "b":
                if not builder.back():
                    if not session.movers or session.movers[-1] != game.to_move():
                        return PAUSE
                    # B goes on back through the decisions of this turn (a Throngs stone
                    # picked up, a Tholian Go move of the three): they are undone.
                    session.undo()
                    session.redo = []
                    self.save(session)
                    return AGAIN
            elif key == "menu":
                return PAUSE
            elif key == "y" and self.has_ai(session.name):
                move = self.think(session, self.settings["level"], "Hint...|Hint")
                if move >= 0:
                    builder.select_move(move)
                    note = "Hint: " + game.move_to_text(move)

    # --- the AI -------------------------------------------------------------------------------
    def ai_turn(self, session):
        game = session.game
        player = game.to_move()
        move = self.think(session, session.level(player), "Thinking|AI...")
        if move < 0:
            return PAUSE
        if session.humans() == 0:
            # Demo: let the watcher see each move; any button pauses.
            wait = DEMO_DELAYS.get(self.settings["demo"], 600)
            start = self.hw.ticks_ms()
            self.busy = True
            try:
                while self.hw.ticks_diff(self.hw.ticks_ms(), start) < wait:
                    if self.ui.keys():
                        return PAUSE
                    self.hw.sleep_ms(20)
            finally:
                self.busy = False
        return move

    def think(self, session, level, label):
        """The AI's move for the current decision, or -1 when the player cancelled (B, MENU);
        `label` ("long|short") says so on the status line while it thinks."""
        label, _, short = label.partition("|")
        short = short or label
        self.draw_play(session, None, label + (" (B: stop)" if self.ui.cols >= 28 else "") + "|" + short)
        # Imported once its screen is sent, which would otherwise wait for the import.
        self.residency.hold_ai(True)
        from shared_rules import ai
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
        del ai
        # Kept while an AI plays; a hint's search lets it go (the next hint brings it back).
        self.residency.hold_ai(session.is_ai(0) or session.is_ai(1))
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
        ui.show_unlogged(x, y, w, h)
