# ILI9341 320x240 (ODROID-GO) on SPI.  The init sequence is the widely used one of Adafruit's
# and the ODROID-GO's own libraries (power, VCOM, frame rate, display function control).
import time
from micropython import const

from firmware.drivers.rgb565_panel import COLMOD, MADCTL, Rgb565Panel

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_DISPON = const(0x29)

# rotation -> MADCTL (BGR panel): 0 and 2 portrait 240x320, 1 and 3 landscape 320x240, as on
# Adafruit's breakout.  A rotation above 3 is the MADCTL byte itself, for panels mounted otherwise.
ROTATIONS = (0x48, 0x28, 0x88, 0xE8)

_INIT = (
    (0xCF, b"\x00\xc1\x30"),           # power control B
    (0xED, b"\x64\x03\x12\x81"),       # power on sequence
    (0xE8, b"\x85\x00\x78"),           # driver timing A
    (0xCB, b"\x39\x2c\x00\x34\x02"),   # power control A
    (0xF7, b"\x20"),                   # pump ratio
    (0xEA, b"\x00\x00"),               # driver timing B
    (0xC0, b"\x23"),                   # power control 1
    (0xC1, b"\x10"),                   # power control 2
    (0xC5, b"\x3e\x28"),               # VCOM control 1
    (0xC7, b"\x86"),                   # VCOM control 2
    (COLMOD, b"\x55"),                 # 16 bits per pixel
    (0xB1, b"\x00\x18"),               # frame rate 79 Hz
    (0xB6, b"\x08\x82\x27"),           # display function control
    (0xF2, b"\x00"),                   # 3-gamma off
    (0x26, b"\x01"),                   # gamma curve 1
)


class ILI9341(Rgb565Panel):
    def __init__(self, spi, dc, cs, rst=None, width=320, height=240, rotation=3):
        super().__init__(spi, dc, cs, width, height)
        if rst is not None:
            rst(0)
            time.sleep_ms(20)
            rst(1)
            time.sleep_ms(120)
        self.command(_SWRESET)
        time.sleep_ms(150)
        for cmd, data in _INIT:
            self.command(cmd, data)
        self.command(MADCTL, bytes((ROTATIONS[rotation] if rotation < 4 else rotation,)))
        self.command(_SLPOUT)
        time.sleep_ms(120)
        self.command(_DISPON)
