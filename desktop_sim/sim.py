"""The simulator: the `hw` object of docs/architecture.md on pygame, and the loop around the
app.  The app (firmware.app.run) runs unchanged in this process; its `import framebuf` finds
desktop_sim/shim/framebuf.py, which is desktop_sim.framebuf (pixel-identical to the device's).

Like the device, the screen only changes where the app calls hw.show(): the window shows a
"panel" image that each show() updates inside its rectangle only.
"""
import os
import sys
import time

import numpy as np

from desktop_sim import framebuf, profiles
from desktop_sim.script import parse
from firmware.hw_base import CUE_TONES, HwBase, framebuffer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS_PERIOD = 1 << 30       # MicroPython's ticks_ms() wraps at 2**30
MONO_LIT = (225, 238, 255)
MONO_DARK = (8, 10, 16)

# Keys and the buttons they press: the first of the candidates that the board has.
KEY_NAMES = (
    ("arrows", ("up", "down", "left", "right")),
    ("Z / A", ("a",)),
    ("X / S", ("b",)),
    ("C / D", ("x",)),
    ("V / F", ("y",)),
    ("Enter", ("a",)),
    ("Esc", ("menu", "select", "start", "b")),
    ("Backspace", ("select", "start", "menu")),
)
# Gamepad buttons (SDL numbering of common pads) -> candidates, like the keys.
PAD_BUTTONS = {0: ("a",), 1: ("b",), 2: ("x",), 3: ("y",), 6: ("select", "start", "menu"),
               7: ("start", "menu", "select"), 4: ("menu", "select", "start")}


class SimulationEnd(BaseException):
    """Stops the app from inside hw (BaseException: the app's error screens don't catch it)."""

    def __init__(self, status, reason=""):
        super().__init__(status, reason)
        self.status = status
        self.reason = reason


def first_present(candidates, buttons):
    for name in candidates:
        if name in buttons:
            return name
    return None


def keymap_help(buttons):
    """Lines naming each key and the board button it presses."""
    parts = []
    for keys, candidates in KEY_NAMES:
        if keys == "arrows":
            parts.append("arrows = d-pad")
            continue
        button = first_present(candidates, buttons)
        if button:
            parts.append("%s = %s" % (keys, button))
    parts.append("F12 = screenshot")
    return parts


def rgb_lut():
    """RGB of each palette index as the panel shows it (RGB565, expanded)."""
    from firmware import palette
    lut = np.zeros((16, 3), dtype=np.uint8)
    for i in range(16):
        v = palette.rgb565(i)
        r, g, b = (v >> 11) & 31, (v >> 5) & 63, v & 31
        lut[i] = ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))
    return lut


def pixel_indices(buffer, width, height, color):
    """The framebuffer's pixels as an array of rows: palette indices (GS4_HMSB), or 0/1 (MONO_VLSB)."""
    buf = np.frombuffer(buffer, dtype=np.uint8)
    if color:
        pairs = buf.reshape(height, (width + 1) // 2)
        idx = np.empty((height, pairs.shape[1] * 2), dtype=np.uint8)
        idx[:, 0::2] = pairs >> 4
        idx[:, 1::2] = pairs & 0x0F
        return idx[:, :width]
    pages = buf.reshape(height // 8, width)
    bits = np.unpackbits(pages[:, None, :], axis=1, bitorder="little")
    return bits.reshape(height, width)


def shown_texts(visible, drawn, x, y, w, h):
    """The strings on the panel after the rectangle (x, y, w, h) is shown: those drawn inside it
    become visible, those it covers are replaced (the lists of ScreenTextFrameBuffer.texts)."""
    texts = [t for t in visible if not _overlap(t[0], t[1], 8 * len(t[2]), 8, x, y, w, h)]
    return texts + [list(t) for t in drawn if _overlap(t[0], t[1], 8 * len(t[2]), 8, x, y, w, h)]


def on_highlight(fb, x, y, length, background):
    """Whether a string of `length` characters at (x, y) sits on a highlight bar (a selected
    menu item, a title): the pixel beside it is not the screen's `background` colour."""
    if x > 0:
        return fb.pixel(x - 1, y) != background
    if x + 8 * length < fb.width:
        return fb.pixel(x + 8 * length, y) != background
    return False    # across the whole screen: no place to tell


class ScreenTextFrameBuffer(framebuf.FrameBuffer):
    """The app's framebuffer; it also remembers where strings were drawn, so that scripts and
    tests can read the screen as the player sees it (`expect`; `expect-selected`: on a
    highlight bar).  A string is forgotten when something is drawn over its box."""

    def __init__(self, buffer, width, height, format, /):
        super().__init__(buffer, width, height, format)
        self.texts = []          # [x, y, text, on a highlight bar]
        self.background = 0      # the colour of the last whole-screen fill
        self.overlaps = []       # (string, string drawn over it) with no clearing in between

    def _forget(self, x, y, w, h):
        if self.texts:
            self.texts = [t for t in self.texts if not _overlap(t[0], t[1], 8 * len(t[2]), 8,
                                                                 x, y, w, h)]

    def fill(self, c, /):
        self.texts = []
        self.background = c
        super().fill(c)

    def fill_rect(self, x, y, w, h, c, /):
        self._forget(x, y, w, h)
        super().fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c, f=False, /):
        if f:
            self._forget(x, y, w, h)
        super().rect(x, y, w, h, c, f)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        source = fbuf if isinstance(fbuf, framebuf.FrameBuffer) else None
        if source is not None:
            self._forget(x, y, source.width, source.height)
        super().blit(fbuf, x, y, key, palette)

    def scroll(self, xstep, ystep, /):
        self.texts = []
        super().scroll(xstep, ystep)

    def text(self, s, x, y, c=1, /):
        super().text(s, x, y, c)
        if isinstance(s, (bytes, bytearray)):
            s = bytes(s).decode("utf-8", "replace")
        for t in self.texts:
            if _overlap(t[0], t[1], 8 * len(t[2]), 8, x, y, 8 * len(s), 8) \
                    and (t[0], t[1], t[2]) != (x, y, s) and s.strip() and t[2].strip():
                self.overlaps.append((t[2], s))
        self._forget(x, y, 8 * len(s), 8)
        self.texts.append([x, y, s, on_highlight(self, x, y, len(s), self.background)])

    def strings(self):
        return [t[2] for t in self.texts]

    def highlighted(self):
        """The strings on a highlight bar below the title line: the menu item under the cursor."""
        return [t[2] for t in self.texts if t[3] and t[1] >= 8]


def _overlap(ax, ay, aw, ah, bx, by, bw, bh):
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def cue_sounds(pygame, rate=22050):
    """The cues' tones (CUE_TONES) as pygame Sounds, square waves at a quarter of full scale;
    [] when the machine has no mixer (no sound device): the cues stay silent."""
    try:
        pygame.mixer.init(rate, -16, 1)
    except pygame.error:
        return []
    sounds = []
    for freq, ms in CUE_TONES:
        n = rate * ms // 1000
        half = max(1, rate // (2 * freq))
        wave = np.where((np.arange(n) // half) % 2 == 0, 8000, -8000).astype(np.int16)
        sounds.append(pygame.mixer.Sound(buffer=wave.tobytes()))
    return sounds


class SimHw(HwBase):
    """The `hw` object the app runs on (docs/architecture.md)."""

    def __init__(self, sim, board, save_dir):
        from firmware.device_hal import Buttons
        buffer, fb = framebuffer(board.WIDTH, board.HEIGHT, board.COLOR, ScreenTextFrameBuffer)
        super().__init__(board.NAME, board.WIDTH, board.HEIGHT, board.COLOR, board.BUTTONS, fb,
                         buffer, save_dir, board.LAYER, getattr(board, "JOYSTICK", False))
        self.speaker = getattr(board, "SPEAKER", False)
        self.cues = []          # each sound cue sounded, for tests and scripts
        self._sounds = None     # pygame Sounds of the cues once the mixer is up; [] without one
        self._sim = sim
        # The device's own debounce/auto-repeat logic; keys don't bounce, so no debounce time.
        self._buttons = Buttons(self.buttons, sim.pressed_mask, self.ticks_ms, self.ticks_diff, 0)

    def send(self, x, y, w, h):
        self._sim.present(x, y, w, h)

    def cue(self, kind):
        if not self.speaker:
            return
        self.cues.append(kind)
        if self._sounds is None:
            self._sounds = cue_sounds(self._sim.pg)
        if self._sounds:
            self._sounds[kind].play()

    def poll(self):
        self._sim.pump()
        events = self._buttons.poll()
        self._sim.polled()
        return events

    def ticks_ms(self):
        self._sim.check_timeout()
        return self._sim.now_ms() & (TICKS_PERIOD - 1)

    def ticks_diff(self, a, b):
        return ((a - b + TICKS_PERIOD // 2) & (TICKS_PERIOD - 1)) - TICKS_PERIOD // 2

    def sleep_ms(self, n):
        self._sim.sleep(n)


class Simulator:
    def __init__(self, board_name, scale=None, headless=False, script_text=None,
                 save_dir=None, timeout_s=None, run_ms=None):
        import pygame
        self.pg = pygame
        self.board = profiles.load(board_name)
        self.headless = headless
        self.timeout_s = timeout_s
        self._wall_start = time.monotonic()
        self.virtual_ms = 0
        self.pressed = set()        # buttons held (keyboard, gamepad, mouse, script)
        self._unseen = set()        # pressed since the app's last poll
        self._late_release = set()  # released before the app's poll saw them pressed
        self._script_changed = set()  # buttons a script step changed since the app's last poll
        self._mouse_button = None
        self.steps = []
        self.end_ms = None
        if script_text is not None:
            self.steps, self.end_ms = parse(script_text, self.board.BUTTONS)
        elif run_ms is not None:
            self.end_ms = run_ms
        self.visible_texts = []     # [x, y, text, highlighted] of strings shown on the panel
        self.screenshots = []
        self.screen_only = False    # the script's screenshots: the bare screen instead of the window
        self.last_frame_ms = None
        self._busy_since = time.perf_counter()
        self._idle_s = 0.0
        self.frames = 0

        pygame.display.init()
        if scale is None:
            scale = self._fitting_scale()
        self.scale = scale
        from desktop_sim.skin import Skin
        self.skin = Skin(self.board, scale, 3)
        if headless:
            self.window = pygame.Surface(self.skin.size)
        else:
            self.window = pygame.display.set_mode(self.skin.size)
            pygame.display.set_caption("Tholia simulator: %s (%dx%d) x%d" % (
                self.board.NAME, self.board.WIDTH, self.board.HEIGHT, scale))
            pygame.joystick.init()
            self.pads = [pygame.joystick.Joystick(i) for i in range(pygame.joystick.get_count())]
        self.panel = np.zeros((self.board.HEIGHT, self.board.WIDTH, 3), dtype=np.uint8)
        self.lut = rgb_lut()
        if save_dir is None:
            save_dir = os.path.join(ROOT, "saves", self.board.NAME)
        os.makedirs(save_dir, exist_ok=True)
        self.hw = SimHw(self, self.board, save_dir)
        self._redraw()

    def _fitting_scale(self):
        if self.headless:
            return 4 if self.board.WIDTH <= 128 else 2
        info = self.pg.display.Info()
        avail_w = (info.current_w or 1280) - 80
        avail_h = (info.current_h or 800) - 160
        scale = 1
        for s in range(2, 7):
            # the skin adds roughly 320 px across and 260 px down to the screen
            if self.board.WIDTH * s + 320 <= avail_w and self.board.HEIGHT * s + 260 <= avail_h:
                scale = s
        return scale

    # --- time -------------------------------------------------------------------------------
    def now_ms(self):
        if self.headless:
            return self.virtual_ms
        return int((time.monotonic() - self._wall_start) * 1000)

    def check_timeout(self):
        if self.timeout_s is not None and time.monotonic() - self._wall_start > self.timeout_s:
            raise SimulationEnd(124, "timed out after %g s of real time" % self.timeout_s)

    def sleep(self, ms):
        self.check_timeout()
        if self.headless:
            self.virtual_ms += max(0, ms)
            self._run_script()
            return
        start = time.perf_counter()
        end = time.monotonic() + ms / 1000
        while True:
            self.pump()
            left = end - time.monotonic()
            if left <= 0:
                break
            time.sleep(min(left, 0.01))
        self._idle_s += time.perf_counter() - start

    # --- input ------------------------------------------------------------------------------
    def pressed_mask(self):
        mask = 0
        for i, name in enumerate(self.hw.buttons):
            if name in self.pressed:
                mask |= 1 << i
        return mask

    def pump(self):
        """Handles window events (interactive) or the script's due steps (headless)."""
        self.check_timeout()
        if self.headless:
            self.virtual_ms += 1      # a poll takes time: busy-wait loops still move on
            self._run_script()
            return
        self._run_script()
        pg = self.pg
        before = set(self.pressed)
        for event in pg.event.get():
            if event.type == pg.QUIT:
                raise SimulationEnd(0, "window closed")
            if event.type in (pg.KEYDOWN, pg.KEYUP):
                if event.type == pg.KEYDOWN and event.key == pg.K_F12:
                    self.screenshot(self._next_screenshot_name())
                    continue
                if event.type == pg.KEYDOWN and event.key == pg.K_q and event.mod & pg.KMOD_CTRL:
                    raise SimulationEnd(0, "quit")
                button = self._key_button(event.key)
                if button:
                    self._set(button, event.type == pg.KEYDOWN)
            elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
                self._mouse_button = self.skin.control_at(event.pos)
                if self._mouse_button:
                    self._set(self._mouse_button, True)
            elif event.type == pg.MOUSEBUTTONUP and event.button == 1 and self._mouse_button:
                self._set(self._mouse_button, False)
                self._mouse_button = None
            elif event.type in (pg.JOYBUTTONDOWN, pg.JOYBUTTONUP):
                button = first_present(PAD_BUTTONS.get(event.button, ()), self.hw.buttons)
                if button:
                    self._set(button, event.type == pg.JOYBUTTONDOWN)
            elif event.type == pg.JOYDEVICEADDED:
                self.pads.append(pg.joystick.Joystick(event.device_index))
            elif event.type == pg.JOYHATMOTION:
                hx, hy = event.value
                self._set("left", hx < 0)
                self._set("right", hx > 0)
                self._set("up", hy > 0)
                self._set("down", hy < 0)
            elif event.type == pg.JOYAXISMOTION and event.axis in (0, 1):
                low, high = ("left", "right") if event.axis == 0 else ("up", "down")
                self._set(low, event.value < -0.5)
                self._set(high, event.value > 0.5)
        if self.pressed != before:
            self._redraw()

    def _key_button(self, key):
        pg = self.pg
        table = {pg.K_UP: ("up",), pg.K_DOWN: ("down",), pg.K_LEFT: ("left",),
                 pg.K_RIGHT: ("right",), pg.K_z: ("a",), pg.K_a: ("a",), pg.K_x: ("b",),
                 pg.K_s: ("b",), pg.K_c: ("x",), pg.K_d: ("x",), pg.K_v: ("y",), pg.K_f: ("y",),
                 pg.K_RETURN: KEY_NAMES[5][1], pg.K_KP_ENTER: KEY_NAMES[5][1],
                 pg.K_ESCAPE: KEY_NAMES[6][1], pg.K_BACKSPACE: KEY_NAMES[7][1]}
        return first_present(table.get(key, ()), self.hw.buttons)

    def _set(self, button, down):
        if button not in self.hw.buttons:
            return
        if down:
            self.pressed.add(button)
            self._unseen.add(button)
        elif button in self._unseen:
            # Pressed and released within one pump (a quick tap): release it only after the
            # app's next poll has seen it down, so no tap is lost.
            self._late_release.add(button)
        else:
            self.pressed.discard(button)

    def polled(self):
        """Called after each of the app's polls: taps it has now seen are released."""
        self._unseen.clear()
        self._script_changed.clear()
        for button in self._late_release:
            self.pressed.discard(button)
        self._late_release.clear()

    def _run_script(self):
        """Applies the script steps that are due; a button changes at most once between two
        of the app's polls, so the app sees every press and every release even when it slept
        past several of them (later steps wait for the next poll)."""
        changed = self._script_changed
        while self.steps and self.steps[0].at_ms <= self.now_ms():
            step = self.steps[0]
            if step.kind in ("down", "up"):
                if step.arg in changed:
                    break
                changed.add(step.arg)
                self._set(step.arg, step.kind == "down")
            elif step.kind == "screenshot":
                self.screenshot(step.arg, self.screen_only)
            elif step.kind == "wait-for":
                limit, text = step.arg
                if not self.text_on_screen(text):
                    if self.now_ms() - step.at_ms > limit:
                        raise SimulationEnd(3, "line %d: wait-for %r: not on screen after %d ms; "
                                            "on screen: %s" % (step.line_no, text, limit,
                                                               " | ".join(self.screen_texts())
                                                               or "(no text)"))
                    break
                shift = self.now_ms() - step.at_ms   # later lines count from now
                for later in self.steps:
                    later.at_ms += shift
                if self.end_ms is not None:
                    self.end_ms += shift
            elif step.kind in ("expect", "expect-not", "expect-selected"):
                present = self.text_on_screen(step.arg, step.kind == "expect-selected")
                if present != (step.kind != "expect-not"):
                    raise SimulationEnd(3, "line %d: %s %r failed at %d ms; on screen: %s" % (
                        step.line_no, step.kind, step.arg, self.now_ms(),
                        " | ".join(self.screen_texts()) or "(no text)"))
            elif step.kind == "end":
                raise SimulationEnd(step.arg, "script 'end' at line %d" % step.line_no)
            self.steps.pop(0)
        if not self.steps and self.end_ms is not None and self.now_ms() >= self.end_ms \
                and not changed:
            raise SimulationEnd(0, "script done at %d ms" % self.now_ms())

    # --- the screen -------------------------------------------------------------------------
    def screen_texts(self):
        return [t[2] for t in self.visible_texts]

    def text_on_screen(self, text, selected=False):
        """Whether any of the `|`-separated alternatives is part of a string on the panel
        (`selected`: on a highlight bar, such as the menu item under the cursor)."""
        shown = [t[2] for t in self.visible_texts if t[3] or not selected]
        return any(alt in s for alt in text.split("|") for s in shown)

    def present(self, x, y, w, h):
        """hw.show(): the rectangle of the framebuffer goes onto the panel."""
        now = time.perf_counter()
        self.last_frame_ms = max(0.0, (now - self._busy_since - self._idle_s) * 1000)
        self.frames += 1
        board = self.board
        pixels = pixel_indices(self.hw.buffer, board.WIDTH, board.HEIGHT, board.COLOR)[y:y + h, x:x + w]
        if board.COLOR:
            self.panel[y:y + h, x:x + w] = self.lut[pixels]
        else:
            self.panel[y:y + h, x:x + w] = np.where(pixels[..., None] != 0, MONO_LIT, MONO_DARK)
        self.visible_texts = shown_texts(self.visible_texts, self.hw.fb.texts, x, y, w, h)
        self._redraw()
        self._busy_since = time.perf_counter()
        self._idle_s = 0.0

    def status_lines(self):
        frame = "-" if self.last_frame_ms is None else "%.1f ms" % self.last_frame_ms
        heap = "%d B" % self.hw.heap if self.hw.heap else "n/a on CPython"
        clock = "%d ms%s" % (self.now_ms(), " (simulated)" if self.headless else "")
        return ["frame %s   heap (app) %s   t %s   frames %d" % (frame, heap, clock, self.frames),
                "   ".join(keymap_help(self.hw.buttons)[:5]),
                "   ".join(keymap_help(self.hw.buttons)[5:] + ["mouse: click buttons",
                                                              "Ctrl+Q: quit"])]

    def _redraw(self):
        pg = self.pg
        image = pg.surfarray.make_surface(self.panel.swapaxes(0, 1))
        if self.scale != 1:
            image = pg.transform.scale(image, (self.board.WIDTH * self.scale,
                                               self.board.HEIGHT * self.scale))
        self.skin.draw(self.window, image, self.pressed, self.status_lines())
        if not self.headless:
            pg.display.flip()

    def screenshot(self, path, screen_only=False):
        self._redraw()
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        if screen_only:
            image = self.pg.surfarray.make_surface(self.panel.swapaxes(0, 1))
        else:
            image = self.window
        self.pg.image.save(image, path)
        self.screenshots.append(path)
        print("desktop_sim: saved %s" % path, file=sys.stderr)

    def _next_screenshot_name(self):
        n = 1
        while os.path.exists("tholia-%s-%d.png" % (self.board.NAME, n)):
            n += 1
        return "tholia-%s-%d.png" % (self.board.NAME, n)

    # --- running the app --------------------------------------------------------------------
    def run(self, app_main):
        """Runs app_main(hw) to its end; returns the exit status and why it ended."""
        try:
            app_main(self.hw)
            return 0, "the app returned"
        except SimulationEnd as end:
            return end.status, end.reason
        except SystemExit as exit_:
            code = exit_.code
            return (code if isinstance(code, int) else (0 if code is None else 1)), "app exit"
        except Exception:
            import traceback
            traceback.print_exc()
            return 1, "the app raised an exception"
