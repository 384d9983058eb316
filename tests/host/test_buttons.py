"""firmware/device_hal.py's Buttons on a board's pins: with the pins' edge log (PinEdges) the
debounce goes by the edges' times, so presses back to back are all seen even when the app polls
only between screen updates; a bounce inside the lock-out is still ignored."""
import desktop_sim  # noqa: F401  (the CPython stand-in of `micropython`)
from firmware.device_hal import DEBOUNCE_MS, EDGE_LOG, Buttons, PinEdges
from firmware.hw_base import EV_PRESS, EV_RELEASE, EV_REPEAT

NAMES = ("up", "down", "a")


class Board:
    """Active-low pins whose interrupts run at once, and a clock the test moves."""

    def __init__(self):
        self.now = 1000
        self.pins = [FakePin(self) for _ in NAMES]

    def ticks_ms(self):
        return self.now

    def set(self, at, name, pressed):
        self.now = at
        self.pins[NAMES.index(name)].set(0 if pressed else 1)

    def read(self):
        return sum(1 << i for i, pin in enumerate(self.pins) if not pin.level)

    def buttons(self, edges=True):
        log = PinEdges(self.pins, self.ticks_ms) if edges else None
        return Buttons(NAMES, self.read, self.ticks_ms, lambda a, b: a - b, DEBOUNCE_MS, log)


class FakePin:
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, board):
        self.level = 1
        self.handler = None
        self.trigger = 0

    def value(self):
        return self.level

    def irq(self, handler, trigger, hard=False):
        assert hard and trigger == self.IRQ_FALLING | self.IRQ_RISING
        self.handler = handler

    def set(self, level):
        if level != self.level:
            self.level = level
            if self.handler:
                self.handler(self)


def back_to_back(name, start, count, hold=100, release=1):
    """The edges of `count` presses of `name` from `start`, each held `hold` ms with `release` ms
    between them: [(time, name, pressed)]."""
    edges = []
    for k in range(count):
        edges += [(start + k * hold, name, True), (start + (k + 1) * hold - release, name, False)]
    return edges


def play(board, buttons, edges, polls):
    """The events the polls at the times `polls` return while `edges` happen, in time order."""
    events = []
    timeline = sorted([(at, 0, name, pressed) for at, name, pressed in edges] + [(at, 1, "", False) for at in polls])
    for at, is_poll, name, pressed in timeline:
        if is_poll:
            board.now = at
            events += buttons.poll()
        else:
            board.set(at, name, pressed)
    return events


# The app polls every 4 ms when idle; after a press it sends a screen update (150 ms here).
def slow_polls(start, end, update=150):
    return list(range(start, end, update))


def test_presses_back_to_back_are_all_seen_in_order_when_the_app_polls_between_updates():
    board = Board()
    buttons = board.buttons()
    edges = back_to_back("down", 1100, 4) + [(1500, "a", True), (1600, "a", False)]
    events = play(board, buttons, edges, slow_polls(1000, 2000))
    assert events == [(EV_PRESS, "down"), (EV_RELEASE, "down")] * 4 + [(EV_PRESS, "a"), (EV_RELEASE, "a")]


def test_without_the_edge_log_the_same_presses_are_lost():
    board = Board()
    buttons = board.buttons(edges=False)
    events = play(board, buttons, back_to_back("down", 1100, 4), slow_polls(1000, 2000))
    assert events.count((EV_PRESS, "down")) < 4


def test_a_bounce_inside_the_lock_out_is_ignored_and_a_tap_is_seen_after_it():
    board = Board()
    buttons = board.buttons()
    bounced_press = [(1100, "a", True), (1102, "a", False), (1103, "a", True), (1105, "a", False), (1106, "a", True)]
    assert play(board, buttons, bounced_press, [1000, 1200]) == [(EV_PRESS, "a")]
    bounced_release = [(1300, "a", False), (1303, "a", True), (1304, "a", False)]
    assert play(board, buttons, bounced_release, [1400]) == [(EV_RELEASE, "a")]
    tap = [(1500, "a", True), (1503, "a", False)]  # pressed, then released inside the lock-out
    assert play(board, buttons, tap, [1600]) == [(EV_PRESS, "a"), (EV_RELEASE, "a")]


def test_two_buttons_events_come_in_the_order_they_happened():
    board = Board()
    buttons = board.buttons()
    edges = [(1100, "a", True), (1150, "up", True), (1200, "a", False), (1220, "up", False)]
    assert play(board, buttons, edges, [1000, 1300]) == [(EV_PRESS, "a"), (EV_PRESS, "up"), (EV_RELEASE, "a"),
                                                         (EV_RELEASE, "up")]


def test_a_held_direction_repeats_from_the_time_it_was_pressed():
    board = Board()
    buttons = board.buttons()
    assert play(board, buttons, [(1100, "up", True)], [1000, 1300]) == [(EV_PRESS, "up")]
    assert play(board, buttons, [], [1499]) == []
    assert play(board, buttons, [], [1500]) == [(EV_REPEAT, "up")]
    assert play(board, buttons, [], [1619, 1620]) == [(EV_REPEAT, "up")]


def test_a_full_log_falls_back_to_the_reading():
    board = Board()
    buttons = board.buttons()
    edges = back_to_back("down", 1100, EDGE_LOG) + [(1100 + 100 * EDGE_LOG, "down", True)]  # twice the room
    events = play(board, buttons, edges, [1000, 1150 + 100 * EDGE_LOG])
    assert events[:2] == [(EV_PRESS, "down"), (EV_RELEASE, "down")] and events[-1] == (EV_PRESS, "down")
    assert events.count((EV_PRESS, "down")) == EDGE_LOG // 2 + 1
    assert play(board, buttons, [(1200 + 100 * EDGE_LOG, "down", False)], [1300 + 100 * EDGE_LOG]) == \
        [(EV_RELEASE, "down")]
