# What every `hw` object shares (docs/architecture.md, "The hardware layer contract"): the
# device's (firmware/device_hal.py), the simulator's (desktop_sim/sim.py) and the scripted ones
# that drive the app in tests and tools (tools/device/app_driver.py).  A subclass puts the shown
# rectangles on its panel (send) and reads its buttons (poll).
import framebuf
from micropython import const

EV_PRESS = const(1)
EV_RELEASE = const(2)
EV_REPEAT = const(3)


def framebuffer(width, height, color, make=framebuf.FrameBuffer):
    """(bytes, frame buffer) of a screen: GS4_HMSB (16 palette colours, two pixels a byte) on a
    colour screen, MONO_VLSB (a byte is 8 rows of one column) on a mono one.  `make` builds the
    frame buffer (the simulator's also records the strings drawn)."""
    if color:
        buffer = bytearray((width + 1) // 2 * height)
        return buffer, make(buffer, width, height, framebuf.GS4_HMSB)
    buffer = bytearray(width * ((height + 7) // 8))
    return buffer, make(buffer, width, height, framebuf.MONO_VLSB)


def press(button):
    """The events of one press and release of `button`, as poll() returns them."""
    return [(EV_PRESS, button), (EV_RELEASE, button)]


# The sound cues (HwBase.cue): a move played, a capture, the AI has moved, the game is won;
# each a tone's (frequency in Hz, length in ms).
CUE_MOVE = 0
CUE_CAPTURE = 1
CUE_AI = 2
CUE_WIN = 3
CUE_TONES = ((880, 30), (440, 90), (660, 50), (1320, 250))


class HwBase:
    speaker = False     # the board has a speaker or buzzer that cue() sounds
    def __init__(self, name, width, height, color, buttons, fb, buffer, save_dir, layer,
                 joystick=False):
        self.name = name
        self.width = width
        self.height = height
        self.color = color
        self.buttons = tuple(buttons)
        self.fb = fb
        self.buffer = buffer
        self.save_dir = save_dir
        self.layer = layer
        self.joystick = joystick  # the d-pad is a joystick whose press is "select" (help pages)
        self.heap = 0
        # A list the UI adds (string, room) to for each string cut to fit its box (a test's).
        self.clipped = None

    def show(self, x=0, y=0, w=0, h=0):
        """Sends the whole framebuffer (w == 0) or the rectangle, clipped to the screen (nothing
        when that leaves it empty)."""
        if w == 0:
            self.send(0, 0, self.width, self.height)
            return
        # (Few locals: MicroPython keeps a frame of at most 11 slots off the heap, whose
        # search for a free run slows each rectangle of a partial update.)
        if x + w > self.width:
            w = self.width - x
        if y + h > self.height:
            h = self.height - y
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if w > 0 and h > 0:
            self.send(x, y, w, h)

    def cue(self, kind):
        """Sounds the cue `kind` (CUE_MOVE...) without waiting for its end: nothing here, a
        board without a speaker."""

    def send(self, x, y, w, h):
        """Puts the rectangle (within the screen) on the panel: nothing here, a stand-in that
        has no panel."""

    def report_heap(self, n):
        self.heap = n
