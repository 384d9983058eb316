# The page's hardware layer: the `hw` object of docs/architecture.md for the app running in the
# MicroPython WebAssembly VM of a browser worker (web/worker.js is the host object `js.tholia`).
# The framebuffer's address in the VM's memory goes to the host, which reads the shown rectangle
# from there (a copy through the FFI goes byte by byte).
import js  # pyright: ignore[reportMissingImports]  (the WebAssembly port's FFI)
import uctypes

from firmware.device_hal import Buttons
from firmware.hw_base import HwBase, framebuffer

TICKS_PERIOD = 1 << 30       # as MicroPython's ticks_ms() on the device


class WebHw(HwBase):
    def __init__(self, board, host):
        buffer, fb = framebuffer(board.WIDTH, board.HEIGHT, board.COLOR)
        super().__init__(board.NAME, board.WIDTH, board.HEIGHT, board.COLOR, board.BUTTONS, fb,
                         buffer, board.SAVE_DIR, board.LAYER, getattr(board, "JOYSTICK", False))
        self._host = host
        self._address = uctypes.addressof(buffer)
        # The device's debounce and auto-repeat; keys and touches don't bounce.
        self._buttons = Buttons(self.buttons, host.mask, self.ticks_ms, self.ticks_diff, 0)

    def send(self, x, y, w, h):
        self._host.send(self._address, x, y, w, h)

    def poll(self):
        self._host.pump()
        events = self._buttons.poll()
        self._host.polled()
        return events

    def ticks_ms(self):
        return self._host.ticks() & (TICKS_PERIOD - 1)

    def ticks_diff(self, a, b):
        return ((a - b + TICKS_PERIOD // 2) & (TICKS_PERIOD - 1)) - TICKS_PERIOD // 2

    def sleep_ms(self, n):
        self._host.sleep(n)

    def report_heap(self, n):
        self.heap = n
        self._host.heap(n)


_steps = iter(())            # the app's steps (firmware.app.App.steps) once started: none before


def start(profile):
    """The app on the board `profile`, run by the host a step at a time (step): the VM collects
    its garbage only when the host calls into Python, and the app's loop would never return."""
    global _steps
    import firmware.app
    board = __import__("boards." + profile, None, None, ["NAME"])
    hw = WebHw(board, js.tholia)
    _steps = firmware.app.App(hw).steps()


def step():
    """The app's next step: the main menu until it starts a game, or one decision."""
    next(_steps)
