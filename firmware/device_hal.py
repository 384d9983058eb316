# The device side of the hardware layer: the `hw` object of docs/architecture.md, built by a
# board profile (boards/<profile>.py) from a display driver (firmware/drivers/) and its buttons.
#
# Buttons: a reader function returns the raw state of all buttons as one int (bit i set = the
# i-th name is pressed); Buttons turns successive readings into events with a lock-out
# debounce (an edge is accepted at once, then that button ignores changes for DEBOUNCE_MS) and
# auto-repeat of held direction keys (first after REPEAT_DELAY_MS, then every REPEAT_MS).
import gc
import time
from micropython import const

from firmware.hw_base import EV_PRESS, EV_RELEASE, EV_REPEAT, HwBase

DEBOUNCE_MS = const(20)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
REPEATING = ("up", "down", "left", "right")

# The lowest gc.mem_free() after a collection when the app reports its heap (after each decision
# and each AI search), for the virtual Pico's bench to read at the REPL once the app is stopped.
heap_low = 1 << 30


class Buttons:
    def __init__(self, names, read, ticks_ms=None, ticks_diff=None, debounce_ms=DEBOUNCE_MS):
        self.names = tuple(names)
        self._read = read
        self._ticks_ms = ticks_ms or time.ticks_ms
        self._ticks_diff = ticks_diff or time.ticks_diff
        self._debounce_ms = debounce_ms
        n = len(self.names)
        self._stable = 0                 # accepted state, one bit per button
        self._repeats = 0                # which buttons auto-repeat, one bit per button
        start = self._ticks_ms()
        self._changed_at = [start] * n   # when each button's state was last accepted
        self._repeat_from = [start] * n  # a held direction key repeats _repeat_wait[i] ms
        self._repeat_wait = [0] * n      # after _repeat_from[i] (ticks values never added to)
        for i in range(n):
            if self.names[i] in REPEATING:
                self._repeats |= 1 << i

    def poll(self):
        """Events since the last call: a list of (EV_PRESS / EV_RELEASE / EV_REPEAT, name)."""
        now = self._ticks_ms()
        raw = self._read()
        events = []
        diff = self._ticks_diff
        for i in range(len(self.names)):
            bit = 1 << i
            if (raw ^ self._stable) & bit:
                if diff(now, self._changed_at[i]) >= self._debounce_ms:
                    self._stable ^= bit
                    self._changed_at[i] = now
                    if raw & bit:
                        events.append((EV_PRESS, self.names[i]))
                        self._repeat_from[i] = now
                        self._repeat_wait[i] = REPEAT_DELAY_MS
                    else:
                        events.append((EV_RELEASE, self.names[i]))
            elif self._stable & self._repeats & bit and \
                    diff(now, self._repeat_from[i]) >= self._repeat_wait[i]:
                events.append((EV_REPEAT, self.names[i]))
                self._repeat_from[i] = now
                self._repeat_wait[i] = REPEAT_MS
        return events


def pin_reader(pins):
    """A Buttons reader for active-low pins (pressed reads 0): bit i = pins[i] pressed."""
    count = len(pins)

    def read():
        state = 0
        for i in range(count):
            if not pins[i].value():
                state |= 1 << i
        return state
    return read


class AnalogAxis:
    """One axis of an analog d-pad (the ODROID-GO's): a resistor divider on an ADC, read as
    12-bit values.  Released it reads `rest`, measured at start-up (the calibration); pushed one
    way it reads above `high_min` (about 4095), the other way between `mid_min` and `high_min`
    (about 1800).  Readings within `margin` of the rest value count as released."""

    def __init__(self, read12, high_min, mid_min, margin=300):
        self._read12 = read12
        self.high_min = high_min
        self.mid_min = mid_min
        self.margin = margin
        self.rest = 0
        self.calibrate()

    def calibrate(self, samples=8):
        total = 0
        for _ in range(samples):
            total += self._read12()
        self.rest = total // samples

    def direction(self):
        """1 when pushed to the high side, -1 to the middle one, 0 when released."""
        value = self._read12()
        if abs(value - self.rest) <= self.margin:
            return 0
        if value > self.high_min:
            return 1
        if value > self.mid_min:
            return -1
        return 0


class Hw(HwBase):
    """The `hw` object the app runs on (docs/architecture.md, "The hardware layer contract")."""

    def __init__(self, name, display, buttons, save_dir="/saves", layer=False, joystick=False):
        super().__init__(name, display.width, display.height, display.COLOR, buttons.names,
                         display.fb, display.buffer, save_dir, layer, joystick)
        self._display = display
        self._buttons = buttons
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.sleep_ms = time.sleep_ms
        _make_dirs(save_dir)

    def send(self, x, y, w, h):
        self._display.show(x, y, w, h)

    def poll(self):
        return self._buttons.poll()

    def report_heap(self, n):
        global heap_low
        self.heap = n
        gc.collect()
        free = gc.mem_free()
        if free < heap_low:
            heap_low = free


def _make_dirs(path):
    import os
    part = ""
    for piece in path.split("/"):
        if not piece:
            continue
        part += "/" + piece
        try:
            os.mkdir(part)
        except OSError:
            pass  # it exists
