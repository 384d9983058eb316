"""A scripted stand-in for the hardware layer (`hw`, docs/architecture.md) to drive the app
headlessly: buttons come from a script, frames are kept with the text drawn on them, the clock
only moves when the app sleeps or polls.  Drawing uses desktop_sim.framebuf (pixel-identical
to MicroPython's)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIM = os.path.join(ROOT, "desktop_sim", "shim")
if SHIM not in sys.path:
    sys.path.insert(0, SHIM)

from desktop_sim import framebuf  # noqa: E402
from desktop_sim.sim import ScreenTextFrameBuffer  # noqa: E402
from tools.app_driver import PROFILES, ScriptClock, presses_for  # noqa: E402,F401


class ScriptEnd(BaseException):
    """The script ran out (BaseException: the app's error screens must not catch it)."""


class RecordingFrameBuffer(ScreenTextFrameBuffer):
    """The simulator's framebuffer that remembers the strings on it (and which are drawn on
    a highlight bar), so tests can read the screen as the player sees it."""

    def __init__(self, *args):
        super().__init__(*args)
        self.overlaps = []      # (string, string drawn over it) with no clearing in between

    def text(self, s, x, y, c=1, /):
        for t in self.texts:
            if t[0] < x + 8 * len(s) and x < t[0] + 8 * len(t[2]) and t[1] < y + 8 and y < t[1] + 8 \
                    and (t[0], t[1], t[2]) != (x, y, s) and s.strip() and t[2].strip():
                self.overlaps.append((t[2], s))
        super().text(s, x, y, c)

    def strings(self):
        return [t[2] for t in self.texts]

    def highlighted(self):
        """The strings on a highlight bar below the title line: the menu item under the cursor."""
        return [t[2] for t in self.texts if t[3] and t[1] >= 8]


class FakeHW(ScriptClock):
    def __init__(self, save_dir, script=(), profile="mono128", driver=None):
        w, h, color, buttons = PROFILES[profile]
        self.name = profile
        self.width, self.height, self.color, self.buttons = w, h, color, buttons
        if color:
            self.buf = bytearray(w * h // 2)
            fmt = framebuf.GS4_HMSB
        else:
            self.buf = bytearray(w * ((h + 7) // 8))
            fmt = framebuf.MONO_VLSB
        self.fb = RecordingFrameBuffer(self.buf, w, h, fmt)
        self.save_dir = str(save_dir)
        self.script = list(script)
        self.driver = driver    # called when the script is empty: more buttons, or None to stop
        self.app = None
        self.now = 0
        self.frames = []        # texts of each full-screen show()
        self.pressed = []       # every button the app was given, in order
        self.partial_shows = 0
        self.cut = []           # strings shown reaching past the screen's edge
        self.heap_reports = []

    # --- the hw contract ------------------------------------------------------------------
    def show(self, x=0, y=0, w=0, h=0):
        for x, y, text, _ in self.fb.texts:
            if x < 0 or y < 0 or x + 8 * len(text) > self.width or y + 8 > self.height:
                self.cut.append(text)
        if w == 0:
            self.frames.append(self.fb.strings())
        else:
            self.partial_shows += 1

    def poll(self):
        self.now += 5
        busy = self.app is not None and self.app.busy
        if self.script and busy and not self.script[0].startswith("!"):
            return []       # buttons wait until the AI has moved, unless marked "!b" (pressed while it thinks)
        if self.script:
            button = self.script.pop(0).lstrip("!")
            self.pressed.append(button)
            if button not in self.buttons:
                raise AssertionError("the script presses %r, which %s lacks" % (button, self.name))
            return [(1, button), (2, button)]
        more = self.driver(self) if self.driver is not None else None
        if more is None:
            raise ScriptEnd()
        self.script.extend(more)
        return []

    def report_heap(self, n):
        self.heap_reports.append(n)

    # --- for tests ----------------------------------------------------------------------------
    def screen(self):
        """The strings on the last full frame, joined by '|'."""
        return "|".join(self.frames[-1]) if self.frames else ""

    def selected(self):
        """The highlighted texts on the screen now (the menu item under the cursor)."""
        return self.fb.highlighted()

    def press(self, *buttons):
        self.script.extend(buttons)


def run_app(hw):
    """Runs the app until the script ends; returns the App object for inspection."""
    from firmware.app import App
    app = App(hw)
    hw.app = app
    try:
        app.main_menu()
    except ScriptEnd:
        pass
    return app


def random_mover(rng, max_moves=10000):
    """A driver that enters random legal moves for every human and stops at the game's end."""
    count = [0]

    def drive(hw):
        app = hw.app
        if app is not None and app.busy:
            return []           # the AI is thinking: no buttons
        if app is None or app.builder is None or app.builder.prefix or count[0] >= max_moves:
            return None
        count[0] += 1
        return presses_for(app.builder, rng.choice(app.builder.moves))
    return drive


def move_script(texts, then=()):
    """A driver that enters the moves `texts` (notation) whenever a human is to move, then
    presses the buttons `then` once, then stops."""
    queue = list(texts)
    tail = [list(then)]

    def drive(hw):
        app = hw.app
        if app.busy:
            return []
        if queue and app.builder is not None and not app.builder.prefix:
            return presses_for(app.builder, app.session.game.move_from_text(queue.pop(0)))
        if not queue and tail:
            return tail.pop()
        return None
    return drive
