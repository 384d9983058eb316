# Cursor -> screen under the real MicroPython VM (tools/bench/bench_screen.py runs it with
# tools/vm/mpyvm.mjs, boards/, firmware/, shared_rules/ and tools/ mounted; ARGV: GAME [SEED]).
#
# The app runs on the device's own hardware layer (firmware/device_hal.Hw) and the reference
# board's real display driver (ST7789, GS4 framebuffer expanded to RGB565 band by band), whose
# SPI bus only counts the bytes written.  A two-human game of GAME is played at random to its
# 20th decision; then, on that position:
#   cursor:  for up to PAIRS pairs of neighbouring cursor places (A, B) met on a walk with the
#            d-pad, the cursor goes A -> B -> A ... REPS times each way through the app's cursor
#            update (App.show_cursor_move: the marks, the status, hw.show of what changed):
#            VM ms per update and bytes sent per update
#   full:    the whole play screen drawn and sent (App.draw_play), VM ms and bytes; and only
#            sent (hw.show(): the driver's expansion and writes)
# The VM's clock counts whole milliseconds: every figure is a span of many updates.  The VM is
# warmed up first (its pystones rise about tenfold over its first runs) and its pystones are
# measured right before and after the game's timings.  One line `@@BENCH {json}`.
import json
import time

from boards import pico_lcd13 as board
from firmware.device_hal import Hw
from firmware.hw_base import press
from firmware.drivers.st7789 import ST7789
from shared_rules import registry
import shared_rules.games  # noqa: F401
from shared_rules.rng import Rng
from tools.bench import pystone
from tools.device.app_driver import new_game_keys
from tools.vm.rules_bench_vm import warm_up

ticks_ms = getattr(time, "ticks_ms")      # MicroPython only (this runs under the VM)
ticks_diff = getattr(time, "ticks_diff")

PAIRS = 12
REPS = 40
DECISIONS = 20
_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))


class CountingSpi:
    def __init__(self):
        self.bytes = 0

    def write(self, data):
        self.bytes += len(data)


class ScriptedButtons:
    """The buttons the app reads: one press (and release) of the next scripted button a poll."""

    def __init__(self, names):
        self.names = names
        self.script = []

    def poll(self):
        if not self.script:
            raise KeyboardInterrupt    # the script is over: back to the session (not an Exception)
        return press(self.script.pop(0))


def no_pin(value=None):
    return 0


def span_ms(func, reps):
    t0 = ticks_ms()
    for _ in range(reps):
        func()
    return ticks_diff(ticks_ms(), t0)


def main(name, seed):
    from firmware.app import App
    spi = CountingSpi()
    display = ST7789(spi, no_pin, no_pin, None, board.WIDTH, board.HEIGHT, board.ROTATION)
    buttons = ScriptedButtons(board.BUTTONS)
    hw = Hw(board.NAME, display, buttons, "/saves_screen", board.LAYER, board.JOYSTICK)
    app = App(hw)
    buttons.script = new_game_keys(name, "human", "human")
    try:
        app.main_menu()
    except KeyboardInterrupt:
        pass
    session = app.session
    if session is None:
        raise AssertionError("the menus did not start a game of %s" % name)
    rng = Rng(seed)
    while len(session.game.history) < DECISIONS and session.winner() == -1:
        moves = session.game.legal_moves()
        session.play(moves[rng.below(len(moves))])
    from firmware.builder import MoveBuilder
    builder = MoveBuilder(session.view, session.game.legal_moves())
    app.builder = builder
    app.draw_play(session, builder)
    # Pairs of neighbouring cursor places on a walk with the d-pad.
    pairs = []
    seen = {}
    for i in range(8 * PAIRS):
        before = builder.cursor
        dx, dy = _DIRS[(i // 3) % 4] if i % 7 else _DIRS[rng.below(4)]
        if builder.go(dx, dy):
            pair = (min(before, builder.cursor), max(before, builder.cursor))
            if pair not in seen:
                seen[pair] = True
                pairs.append((before, builder.cursor))
                if len(pairs) == PAIRS:
                    break
    pystones_before = pystone.pystones(5000)
    cursor_ms, cursor_bytes = [], []
    for a, b in pairs:
        builder.cursor = a
        app.draw_play(session, builder)
        spi.bytes = 0
        state = [a, b]

        def flip():
            builder.cursor = state[1]
            state.reverse()
            if not app.show_cursor_move(session, builder):
                app.draw_play(session, builder)
        ms = span_ms(flip, 2 * REPS)
        cursor_ms.append(ms / (2 * REPS))
        cursor_bytes.append(spi.bytes // (2 * REPS))
    spi.bytes = 0
    app.ui.partial_updates = False     # whole: the same position again would send only the cursor
    full_ms = span_ms(lambda: app.draw_play(session, builder), 10) / 10
    full_bytes = spi.bytes // 10
    send_ms = span_ms(hw.show, 10) / 10
    pystones_after = pystone.pystones(5000)
    print("@@BENCH " + json.dumps({
        "game": name, "decisions": len(session.game.history), "pairs": len(pairs),
        "cursor_vm_ms": cursor_ms, "cursor_bytes": cursor_bytes,
        "full_vm_ms": full_ms, "full_bytes": full_bytes, "send_vm_ms": send_ms,
        "vm_pystones": (pystones_before + pystones_after) / 2,
        "vm_pystones_spread": abs(pystones_before - pystones_after) / max(1, pystones_before),
    }))


_argv = globals().get("ARGV", [])
warm_up()
main(_argv[1], int(_argv[2]) if len(_argv) > 2 else 1)
