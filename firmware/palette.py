# The 16 colours of the GS4 framebuffer on colour screens: an index 0-15 is what the app draws
# with (hw.fb is GS4_HMSB); the display driver turns each index into RGB565 as it sends a line,
# and the simulator into RGB.  On mono screens hw.fb is MONO_VLSB (0 dark, 1 lit); MONO maps an
# index to what a mono screen shows for it, for drawing code shared by both kinds of screen.
from micropython import const

BLACK = const(0)
WHITE = const(1)
DARK_GREY = const(2)
GREY = const(3)
LIGHT_GREY = const(4)
RED = const(5)
DARK_RED = const(6)
ORANGE = const(7)
YELLOW = const(8)
GREEN = const(9)
DARK_GREEN = const(10)
CYAN = const(11)
BLUE = const(12)
NAVY = const(13)
PURPLE = const(14)
BROWN = const(15)

NAMES = ("BLACK", "WHITE", "DARK_GREY", "GREY", "LIGHT_GREY", "RED", "DARK_RED", "ORANGE",
         "YELLOW", "GREEN", "DARK_GREEN", "CYAN", "BLUE", "NAVY", "PURPLE", "BROWN")

# R, G, B of each index (0-255).  Every value is exact in RGB565 (red and blue multiples of 8,
# green of 4, with the low bits replicated the way the simulator expands them), so the panel and
# the simulator show the same colour.
RGB = bytes((
    0, 0, 0,            # BLACK
    255, 255, 255,      # WHITE
    66, 69, 66,         # DARK_GREY
    132, 130, 132,      # GREY
    198, 195, 198,      # LIGHT_GREY
    231, 40, 41,        # RED
    132, 20, 16,        # DARK_RED
    255, 138, 0,        # ORANGE
    255, 227, 0,        # YELLOW
    49, 199, 66,        # GREEN
    16, 97, 33,         # DARK_GREEN
    0, 199, 231,        # CYAN
    49, 97, 239,        # BLUE
    16, 32, 107,        # NAVY
    165, 65, 206,       # PURPLE
    140, 89, 41,        # BROWN
))

# What a mono screen shows for each index: lit (1) when the luminance 0.299 R + 0.587 G + 0.114 B
# is at least 90.
MONO = bytes((0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1))


def rgb565(index):
    """The colour as a 16-bit RGB565 value (rrrrrggg gggbbbbb)."""
    r = RGB[3 * index]
    g = RGB[3 * index + 1]
    b = RGB[3 * index + 2]
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)
