"""A scripted stand-in for the hardware layer (`hw`, docs/architecture.md) to drive the app
headlessly: buttons come from a script, the panel keeps only what hw.show() sent (like the
device's), frames are kept with the text visible on them, the clock only moves when the app
sleeps or polls.  Drawing uses desktop_sim.framebuf (pixel-identical to MicroPython's)."""
import sys

import numpy as np

from desktop_sim import profiles
from desktop_sim.sim import ScreenTextFrameBuffer, pixel_indices, shown_texts
from firmware.hw_base import press
from tools.device.app_driver import ScriptEnd, ScriptedHw, presses_for, run_app  # noqa: F401  (for the tests)

PROFILES = profiles.names()


class FakeHW(ScriptedHw):
    def __init__(self, save_dir, script=(), profile="mono128", driver=None):
        super().__init__(profile, save_dir, ScreenTextFrameBuffer)
        self.panel = np.zeros((self.height, self.width), dtype=np.uint8)  # pixel indices (0/1 on mono) as shown
        self.visible = []       # [x, y, text] of the strings on the panel
        self.shows = []         # every rectangle shown, clipped: (x, y, w, h)
        self.script = list(script)
        self.driver = driver    # called when the script is empty: more buttons, or None to stop
        self.app = None
        self.frames = []        # the strings on the panel after each show() that changed them
        self.pressed = []       # every button the app was given, in order
        self.partial_shows = 0
        self.cut = []           # strings shown reaching past the screen's edge
        self.clipped = []       # (string, room) of each string the UI cut to fit its box
        self.heap_reports = []

    # --- the hw contract ------------------------------------------------------------------
    def show(self, x=0, y=0, w=0, h=0):
        for tx, ty, text, _ in self.fb.texts:
            if tx < 0 or ty < 0 or tx + 8 * len(text) > self.width or ty + 8 > self.height:
                self.cut.append(text)
        if w != 0:
            self.partial_shows += 1
        super().show(x, y, w, h)

    def send(self, x, y, w, h):
        self.shows.append((x, y, w, h))
        shown = pixel_indices(self.buffer, self.width, self.height, self.color)
        self.panel[y:y + h, x:x + w] = shown[y:y + h, x:x + w]
        before = [t[2] for t in self.visible]
        self.visible = shown_texts(self.visible, self.fb.texts, x, y, w, h)
        now = [t[2] for t in self.visible]
        if w == self.width and h == self.height or sorted(now) != sorted(before):
            self.frames.append(now)

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
            return press(button)
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

    def misfits(self):
        """What did not fit on the screens shown so far: strings cut to their box or reaching
        past the screen's edge, and strings drawn over one another (empty when all fit)."""
        return ["cut to %d: %r" % (room, text) for text, room in self.clipped] \
            + ["past the edge: %r" % text for text in self.cut] \
            + ["%r drawn over %r" % (over, under) for under, over in self.fb.overlaps]


class IdleHW(FakeHW):
    """A script that may say "idle": one read of the buttons with nothing pressed (the app's
    wait goes idle); `last_pressed` from the moment the script's last button is handed over."""
    last_pressed = False

    def poll(self):
        if self.script and self.script[0] == "idle":
            self.script.pop(0)
            return []
        if len(self.script) == 1:
            self.last_pressed = True
        return super().poll()


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


def dismissing(drive, after=None):
    """The driver `drive`, with A pressed on every "Not saved" message; `after` once it is done."""
    def dismiss(hw):
        if hw.frames and hw.frames[-1][:1] == ["Not saved"]:
            return ["a"]
        more = drive(hw)
        return after(hw) if more is None and after is not None else more
    return dismiss


def game_modules():
    """The modules the app may drop (shared_rules.registry.unload) and import again: the rules and the views."""
    return dict((name, module) for name, module in sys.modules.items()
                if name.startswith("shared_rules.") or name.startswith("firmware.views."))


def put_back(modules):
    """Puts back modules the app dropped, in sys.modules and as their package's attribute, so
    the tests that run later in this process keep the classes they imported."""
    for name, module in modules.items():
        sys.modules[name] = module
        package, _, child = name.rpartition(".")
        setattr(sys.modules[package], child, module)
