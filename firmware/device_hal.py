# The device side of the hardware layer: the `hw` object of docs/architecture.md, built by a
# board profile (boards/<profile>.py) from a display driver (firmware/drivers/) and its buttons.
#
# Buttons: a reader function returns the raw state of all buttons as one int (bit i set = the
# i-th name is pressed); Buttons turns successive readings into events with a lock-out
# debounce (an edge is accepted at once, then that button ignores changes for DEBOUNCE_MS) and
# auto-repeat of held direction keys (first after REPEAT_DELAY_MS, then every REPEAT_MS).
# With a PinEdges log (the pins' interrupts note each edge and its time) the debounce goes by
# those times instead of by the readings at each poll: a release between two presses that is
# shorter than the app's gap between polls (a screen update) is still seen.
import gc
import time
from array import array
from micropython import const

from firmware.hw_base import CUE_TONES, EV_PRESS, EV_RELEASE, EV_REPEAT, HwBase

DEBOUNCE_MS = const(20)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
REPEATING = ("up", "down", "left", "right")
EDGE_LOG = const(32)  # edges logged between two polls (a power of 2); more fall back to the readings
_EDGE_WRAP = const(0xFFFF)  # the log's counters wrap here (a multiple of EDGE_LOG, minus 1)
_TICKS_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30

# The lowest gc.mem_free() after a collection when the app reports its heap (after each decision
# and each AI search), for the virtual Pico's bench to read at the REPL once the app is stopped.
heap_low = 1 << 30


class PinEdges:
    """The buttons' edges, each logged with its time by its pin's interrupt as it happens, for
    Buttons(edges=...) to debounce by.  `pins` are active low (pressed reads 0), in the order
    of the buttons' names."""

    def __init__(self, pins, ticks_ms=None):
        self.times = array("i", [0] * EDGE_LOG)
        self.codes = bytearray(EDGE_LOG)  # button index << 1 | 1 when the pin read pressed
        self.head = 0  # the handlers log at head, poll() takes from tail (counters, wrapping)
        self.tail = 0
        ticks = ticks_ms or time.ticks_ms
        for i in range(len(pins)):
            pin = pins[i]
            pin.irq(self._handler(i, pin, ticks), pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)

    def _handler(self, index, pin, ticks):
        log = self

        def edge(_):
            # a hard interrupt: it must not allocate (a full log drops the edge)
            h = log.head
            if (h - log.tail) & _EDGE_WRAP < EDGE_LOG:
                log.times[h & (EDGE_LOG - 1)] = ticks()
                log.codes[h & (EDGE_LOG - 1)] = index << 1 | (pin.value() ^ 1)
                log.head = (h + 1) & _EDGE_WRAP
        return edge


class Buttons:
    def __init__(self, names, read, ticks_ms=None, ticks_diff=None, debounce_ms=DEBOUNCE_MS, edges=None):
        self.names = tuple(names)
        self._read = read
        self._ticks_ms = ticks_ms or time.ticks_ms
        self._ticks_diff = ticks_diff or time.ticks_diff
        self._debounce_ms = debounce_ms
        self._edges = edges
        n = len(self.names)
        self._stable = 0                 # accepted state, one bit per button
        self._repeats = 0                # which buttons auto-repeat, one bit per button
        start = self._ticks_ms()
        self._changed_at = [start] * n   # when each button's state was last accepted
        self._repeat_from = [start] * n  # a held direction key repeats _repeat_wait[i] ms
        self._repeat_wait = [0] * n      # after _repeat_from[i] (ticks values never added to)
        self._seen = 0                   # with edges: the level each button has had since
        self._seen_at = [start] * n      # _seen_at[i]
        self._now = start
        for i in range(n):
            if self.names[i] in REPEATING:
                self._repeats |= 1 << i

    def poll(self):
        """Events since the last call: a list of (EV_PRESS / EV_RELEASE / EV_REPEAT, name)."""
        if self._edges is not None:
            return self._poll_edges()
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

    def _poll_edges(self):
        # The logged edges in order, then the reading now (it corrects a dropped edge); each
        # level is accepted once it has lasted past the lock-out, at the time it was.
        log = self._edges
        head = log.head
        now = self._ticks_ms()
        self._now = now
        timed = []
        t = log.tail
        while t != head:
            code = log.codes[t & (EDGE_LOG - 1)]
            self._observe(code >> 1, log.times[t & (EDGE_LOG - 1)], code & 1, timed)
            t = (t + 1) & _EDGE_WRAP
        log.tail = t
        raw = self._read()
        diff = self._ticks_diff
        for i in range(len(self.names)):
            self._observe(i, now, raw >> i & 1, timed)
            self._settle(i, now, True, timed)
            if self._stable & self._repeats & 1 << i and diff(now, self._repeat_from[i]) >= self._repeat_wait[i]:
                timed.append((0, EV_REPEAT, self.names[i]))
                self._repeat_from[i] = now
                self._repeat_wait[i] = REPEAT_MS
        if len(timed) > 1:
            timed.sort()
        return [(ev, name) for _, ev, name in timed]

    def _observe(self, i, at, level, timed):
        # Button i has read `level` since `at`: the level before it ended then.
        if (self._seen >> i & 1) != level:
            self._settle(i, at, False, timed)
            self._seen ^= 1 << i
            self._seen_at[i] = at

    def _settle(self, i, until, inclusive, timed):
        # The level seen since _seen_at[i], if it is not the accepted one, is accepted when the
        # lock-out after the last accepted change ends, if it lasted (up to `until`) till then.
        bit = 1 << i
        if not (self._seen ^ self._stable) & bit:
            return
        diff = self._ticks_diff
        at = self._seen_at[i]
        lock = self._debounce_ms - diff(at, self._changed_at[i])
        if lock > 0:
            at = (at + lock) & _TICKS_MASK
        lasted = diff(until, at)
        if lasted < 0 or (lasted == 0 and not inclusive):
            return
        self._stable ^= bit
        self._changed_at[i] = at
        if self._stable & bit:
            timed.append((diff(at, self._now), EV_PRESS, self.names[i]))
            self._repeat_from[i] = at
            self._repeat_wait[i] = REPEAT_DELAY_MS
        else:
            timed.append((diff(at, self._now), EV_RELEASE, self.names[i]))


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

    def __init__(self, name, display, buttons, save_dir="/saves", layer=False, joystick=False,
                 speaker=None):
        super().__init__(name, display.width, display.height, display.COLOR, buttons.names,
                         display.fb, display.buffer, save_dir, layer, joystick)
        self._display = display
        self._buttons = buttons
        self._speaker = speaker
        self.speaker = speaker is not None
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.sleep_ms = time.sleep_ms
        _make_dirs(save_dir)

    def send(self, x, y, w, h):
        self._display.show(x, y, w, h)

    def cue(self, kind):
        if self._speaker is not None:
            self._speaker.tone(CUE_TONES[kind][0], CUE_TONES[kind][1])

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
