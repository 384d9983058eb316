# ST7789 240x240 (Waveshare Pico-LCD-1.3) on SPI.  The controller has 240x320 of RAM; the 240
# visible rows sit at one end of it, hence the offsets of the rotations that count from the other.
import time
from micropython import const

from firmware.drivers.rgb565_panel import COLMOD, MADCTL, Rgb565Panel

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)

# rotation -> (MADCTL, x offset, y offset) for a 240x240 panel.  1 is the Pico-LCD-1.3's
# landscape (Waveshare's demo sends 0x70: the same plus ML, which only flips refresh order).
ROTATIONS = ((0x00, 0, 0), (0x60, 0, 0), (0xC0, 0, 80), (0xA0, 80, 0))


class ST7789(Rgb565Panel):
    def __init__(self, spi, dc, cs, rst=None, width=240, height=240, rotation=1):
        madctl, x_offset, y_offset = ROTATIONS[rotation]
        super().__init__(spi, dc, cs, width, height, x_offset, y_offset)
        if rst is not None:
            rst(1)
            time.sleep_ms(5)
            rst(0)
            time.sleep_ms(20)
            rst(1)
            time.sleep_ms(120)
        self.command(_SWRESET)
        time.sleep_ms(150)
        self.command(_SLPOUT)
        time.sleep_ms(120)
        self.command(COLMOD, b"\x55")      # 16 bits per pixel
        self.command(MADCTL, bytes((madctl,)))
        self.command(_INVON)               # IPS panels show true colours inverted
        self.command(_NORON)
        self.command(_DISPON)
