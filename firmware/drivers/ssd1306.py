# SSD1306 128x64 (or 128x32) mono OLED on I2C.  The framebuffer is MONO_VLSB, which is the
# controller's own page layout (one byte = 8 rows of one column, LSB at the top), so a
# rectangle is sent as it is, one page at a time: 1,024 B of RAM for 128x64.
from micropython import const

from firmware.hw_base import framebuffer

_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)


class SSD1306:
    COLOR = False

    def __init__(self, i2c, width=128, height=64, addr=0x3C, rotation=0):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buffer, self.fb = framebuffer(width, height, False)
        self._view = memoryview(self.buffer)
        self._cmd = bytearray(2)
        self._cmd[0] = 0x80                # Co = 1, D/C# = 0: one command byte follows
        self._data = [b"\x40", self._view]  # control byte for data, then the bytes
        flip = rotation == 2               # 0: as mounted, 2: upside down
        for cmd in (
                _SET_DISP,                          # off
                _SET_MEM_ADDR, 0x00,                # horizontal addressing
                _SET_DISP_START_LINE,
                _SET_SEG_REMAP | (0 if flip else 1),
                _SET_MUX_RATIO, height - 1,
                _SET_COM_OUT_DIR | (0 if flip else 0x08),
                _SET_DISP_OFFSET, 0x00,
                _SET_COM_PIN_CFG, 0x02 if width > 2 * height else 0x12,
                _SET_DISP_CLK_DIV, 0x80,
                _SET_PRECHARGE, 0xF1,               # internal charge pump
                _SET_VCOM_DESEL, 0x30,
                _SET_CONTRAST, 0xFF,
                _SET_ENTIRE_ON,                     # show the RAM
                _SET_NORM_INV,                      # not inverted
                _SET_CHARGE_PUMP, 0x14,
                _SET_DISP | 0x01):                  # on
            self.command(cmd)

    def command(self, byte):
        self._cmd[1] = byte
        self.i2c.writeto(self.addr, self._cmd)

    def show(self, x, y, w, h):
        """Sends the pages that hold rows y..y+h-1, columns x..x+w-1 (already clipped)."""
        first = y >> 3
        last = (y + h - 1) >> 3
        self.command(_SET_COL_ADDR)
        self.command(x)
        self.command(x + w - 1)
        self.command(_SET_PAGE_ADDR)
        self.command(first)
        self.command(last)
        data = self._data
        for page in range(first, last + 1):
            start = page * self.width + x
            data[1] = self._view[start:start + w]
            self.i2c.writevto(self.addr, data)
