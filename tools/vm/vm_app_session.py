# The handheld app under the real MicroPython VM, driven by a scripted stand-in for the
# hardware layer.  Used by tools/bench/bench_app.py (heap) and tests/host/test_app_vm.py.
#
#   node tools/vm/vm_steps.mjs --mount firmware:/firmware --mount shared_rules:/shared_rules \
#        --mount boards:/boards --mount tools:/tools \
#        tools/vm/vm_app_session.py MODE GAME PROFILE [SEED [MAX_DECISIONS]]
#
# The game is started through the real menus (main menu, game list, options form); then each
# decision runs as one step (tools/vm/vm_steps.mjs), because the WebAssembly VM collects garbage
# only between steps; an idle step follows each (see Run.step).  MODE human: both sides human;
# every move is a random legal one entered with the d-pad, its button presses planned in a step
# of their own (searching routes over the app's cursor rule) and then played in the next.  MODE demo: AI (easy) against AI (easy);
# MODE normal: AI (normal, the default level) against AI (normal).
# At the end the save is replayed and compared, and one line `@@BENCH {json}` reports:
#   peak_live_kb        the largest live heap between decisions (after a real collection):
#                       modules, framebuffer, game, view, session, AI tables
#   human_turn_bound_kb the largest heap at the end of a human decision, garbage included: an
#                       upper bound of the heap during move entry (drawing, cursor, autosave)
#   ai_turn_alloc_kb    the most one AI decision allocated (garbage included: the device's GC
#                       reclaims it as the search goes)
#   frame_vm_ms         drawing the whole play screen once, at the 20th decision, in VM ms
#                       (a device estimate: x vm_pystones / device pystones; needs /tools)
#   baseline_kb         the heap before the app is imported (the VM and this script): the
#                       figures above include it; app_peak_kb = peak_live_kb - baseline_kb
import gc
import json
import os

from firmware.hw_base import press
from tools.device.app_driver import ScriptedHw, new_game_keys, presses_for

_mem_alloc = getattr(gc, "mem_alloc")

class Stop(KeyboardInterrupt):
    """The script is over (not an Exception: the app's error screens must let it through)."""


class ScriptedHW(ScriptedHw):
    """Counts the shows; buttons from `script`, held back while the AI thinks once the game is
    on, and Stop when they run out."""

    def __init__(self, profile, folder):
        super().__init__(profile, folder)
        self.script = []
        self.apps = []          # the App driven (set once it exists)
        self.starting = True    # in the menus: stop at the first wait once the game is on
        self.shows = 0

    def send(self, x, y, w, h):
        self.shows += 1

    def poll(self):
        self.now += 5
        busy = self.busy() and not self.starting
        if self.script and not (busy and not self.script[0].startswith("!")):
            # Buttons wait while the AI thinks, unless marked "!b" (pressed during the search).
            return press(self.script.pop(0).lstrip("!"))
        if busy:
            return []       # the AI thinking, or the demo's pause between moves: no buttons
        raise Stop()

    def busy(self):
        return bool(self.apps) and self.apps[0].busy


def menu_app(profile, folder):
    """(hw, App) for a script that drives the app from its main menu itself: the buttons it
    sets in hw.script are pressed whether or not a game is on."""
    from firmware.app import App
    hw = ScriptedHW(profile, folder)
    hw.starting = False
    app = App(hw)
    hw.apps.append(app)
    return hw, app


class Run:
    def __init__(self, mode, name, profile, seed, baseline, max_decisions):
        from firmware.app import App, HUMAN, ai_player
        from shared_rules.levels import DEFAULT_LEVEL, LEVELS
        from shared_rules.rng import Rng
        self.baseline = baseline
        self.max_decisions = max_decisions     # 0: play to the end
        self.mode = mode
        self.name = name
        self.folder = "/saves_" + name
        self.rng = Rng(seed)
        hw = ScriptedHW(profile, self.folder)
        self.hw = hw
        # Both players alike: human, the weakest AI (the demo's), or the AI at the default level.
        player = {"human": HUMAN, "demo": ai_player(LEVELS[0]), "normal": ai_player(DEFAULT_LEVEL)}[mode]
        hw.script = new_game_keys(name, player, player)
        app = App(hw)
        self.app = app
        hw.apps.append(app)
        try:
            app.main_menu()      # the menus, up to the first decision's wait for a button
        except Stop:
            pass
        hw.starting = False
        if app.session is None:
            raise AssertionError("the menus did not start a game of %s" % name)
        self.session = app.session
        self.planned = False
        self.idle = False
        self.peak_live = 0
        self.human_bound = 0
        self.ai_alloc = 0
        self.frame_ms = 0.0    # one full play screen drawn (board, status, cursor), VM ms
        self.timing = None     # the builder of the position to time the drawing of
        self.final = []        # [history, encode(), winner()] of the game, once it is over
        self.breakdown = []    # then the live heap read in each step while parts are dropped

    def step(self):
        # Every other step does nothing.  The VM's collector is conservative: right after a
        # decision a stale word on its stack can still point at the decision's garbage (spikes
        # of 12-14 KB, at different decisions for the same game when the code shifts); one more
        # return to JavaScript clears it, so the live heap is read after an idle step.
        self.idle = not self.idle
        if self.idle:
            return True
        if self.timing is not None:
            self.frame_ms = self.time_frame(self.timing)
            self.timing = None
            return True
        live = _mem_alloc()
        if live > self.peak_live:
            self.peak_live = live
        if self.final:
            return self.break_down(live)
        session = self.session
        if session.winner() != -1 or (self.max_decisions and len(session.game.history) >= self.max_decisions):
            self.app.settle(session)    # the last move's save, which the app makes once it is shown
            game = session.game     # kept for the report, after the breakdown
            self.final = [game.history, game.encode(), game.winner()]
            return self.break_down(live)
        human = not session.is_ai(session.game.to_move())
        if human and not self.planned:
            from firmware.builder import MoveBuilder
            builder = MoveBuilder(session.view, session.game.legal_moves())
            if not self.frame_ms and len(session.game.history) >= 20 and self.timing is None:
                self.timing = builder       # timed in the next step, right after a collection
                return True
            move = builder.moves[self.rng.below(len(builder.moves))]
            self.hw.script = presses_for(builder, move)
            self.planned = True
            return True
        self.planned = False
        self.app.turn(session)
        if self.hw.script:
            raise AssertionError("buttons left over after the move: %s" % self.hw.script)
        used = _mem_alloc()
        if human:
            self.human_bound = max(self.human_bound, used)
        else:
            self.ai_alloc = max(self.ai_alloc, used - live)
        return True

    def time_frame(self, builder):
        """Median VM milliseconds of drawing the whole play screen (5 runs of 4 draws; the
        VM's clock counts whole milliseconds)."""
        import time
        ticks_ms = getattr(time, "ticks_ms")
        times = []
        for _ in range(5):
            t0 = ticks_ms()
            for _ in range(4):
                self.app.draw_play(self.session, builder)
            times.append((ticks_ms() - t0) / 4)
        times.sort()
        return times[2]

    def report(self):
        from firmware import saves
        from shared_rules import registry
        import shared_rules.games  # noqa: F401  (registers them again: the breakdown unloaded them)
        history, encoded, winner = self.final
        saved, index, notes = saves.load_game(self.folder)
        if saved is None:
            raise AssertionError("no save: %s" % notes)
        replayed = registry.create(self.name, saved.options)
        for text in saved.moves:
            replayed.play_text(text)
        kb = 1024
        fb = len(self.hw.buffer)
        return {
            "game": self.name, "mode": self.mode, "moves": len(history), "winner": winner,
            "shows": self.hw.shows,
            "peak_live_kb": round(self.peak_live / kb, 1),
            "human_turn_bound_kb": round(self.human_bound / kb, 1),
            "ai_turn_alloc_kb": round(self.ai_alloc / kb, 1),
            "baseline_kb": round(self.baseline / kb, 1),
            "app_peak_kb": round((self.peak_live - self.baseline) / kb, 1),
            "framebuffer_kb": round(fb / kb, 1),
            "frame_vm_ms": self.frame_ms,
            "vm_pystones": vm_pystones(),
            "save_replays": replayed.history == history and replayed.encode() == encoded,
            "save_files": sorted(os.listdir(self.folder)),
        }

    # What the live heap at the end of the game holds: each step reads it (collected since the
    # last step) and drops one part; the differences are the parts' sizes (the game's move list,
    # kept for the report, is left out of game_view_session).  "other": the App's and UI's
    # objects and the interned names, which stay.  Then the report (its imports come after).
    PARTS = ("game_view_session", "layer", "code")

    def break_down(self, live):
        done = self.breakdown
        done.append(live)
        if len(done) == 1:
            app = self.app
            app.session = app.builder = app.legend = None
            app.info = []
            forget(self, "session")
        elif len(done) == 2:
            self.app.ui.layer = self.app.ui.layer_key = None
        elif len(done) == 3:
            import sys
            for name in list(sys.modules):
                if name.startswith("firmware") or name.startswith("shared_rules"):
                    del sys.modules[name]
            forget(self, "app")
            self.hw.apps.clear()
        else:
            kb = 1024
            figures = self.report()
            parts = {}
            for i in range(3):
                parts[self.PARTS[i]] = round((done[i] - done[i + 1]) / kb, 1)
            parts["framebuffer"] = figures["framebuffer_kb"]
            parts["other"] = round((done[3] - self.baseline) / kb - parts["framebuffer"], 1)
            parts["live_at_the_end"] = round((done[0] - self.baseline) / kb, 1)
            figures["heap_parts_kb"] = parts
            print("@@BENCH " + json.dumps(figures))
            return False
        return True


def forget(obj, name):
    """obj.name = None, past the type checker (not `del obj.name`: a MicroPython map keeps a
    deleted entry's value, so the collector would still see the object)."""
    setattr(obj, name, None)


def vm_pystones():
    """This VM's pystones/s (tools/bench/pystone.py, mounted at /tools), 0 when not mounted."""
    try:
        from tools.bench import pystone
    except ImportError:
        return 0
    return round(pystone.pystones(5000))


_argv = globals().get("ARGV", [])
_run = []


def step():
    if not _run:    # the first step: the heap holds only the VM and this script
        _run.append(Run(_argv[1], _argv[2], _argv[3], int(_argv[4]) if len(_argv) > 4 else 1,
                        _mem_alloc(), int(_argv[5]) if len(_argv) > 5 else 0))
        return True
    return _run[0].step()
