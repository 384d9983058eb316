# What ST7789 and ILI9341 share: MIPI-DCS commands over SPI, a 16-colour GS4 framebuffer, and
# its expansion to RGB565 one band of rows at a time.
#
# Memory (240x240): the GS4 framebuffer is 28,800 B where RGB565 would be 115,200 B; the band
# buffer adds BAND_ROWS * width * 2 = 3,840 B.  The expansion runs in native code
# (firmware/drivers/gs4_rgb565.py, a 1 KB table from each GS4 byte to its two pixels as
# big-endian RGB565, the byte order the panel expects).  A MicroPython without a native emitter
# (the WebAssembly VM that tests the drivers) expands with framebuf.blit() from the GS4 buffer
# into the RGB565 band through a 16-entry palette FrameBuffer whose values are stored
# byte-swapped: the same bytes, 8 times slower.
import framebuf
from micropython import const

from firmware.hw_base import framebuffer

try:
    from firmware.drivers import gs4_rgb565
    _expand = gs4_rgb565.expand
except (ImportError, SyntaxError):  # no native emitter: its viper does not compile, or a
    gs4_rgb565 = None                # bytecode-only build (tools.device.build --march none) left it out

CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)
BAND_ROWS = const(8)


class Rgb565Panel:
    COLOR = True

    def __init__(self, spi, dc, cs, width, height, x_offset=0, y_offset=0, band_rows=BAND_ROWS):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.width = width
        self.height = height
        self.x_offset = x_offset
        self.y_offset = y_offset
        self.buffer, self.fb = framebuffer(width, height, True)
        self.band_rows = band_rows
        self._band = bytearray(width * 2 * band_rows)
        self._band_view = memoryview(self._band)
        from firmware import palette    # read once: play holds no palette (firmware/residency.py)
        if gs4_rgb565 is None:
            self._palette = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
            for index in range(16):
                value = palette.rgb565(index)
                self._palette.pixel(index, 0, ((value & 0xFF) << 8) | (value >> 8))
        else:
            self._pairs = gs4_rgb565.pair_table(palette.rgb565)
        self._one = bytearray(1)
        self._four = bytearray(4)
        cs(1)
        dc(1)

    def command(self, cmd, data=None):
        """One command byte (DC low) and its parameters (DC high), under one chip select."""
        self._one[0] = cmd
        self.cs(0)
        self.dc(0)
        self.spi.write(self._one)
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def _window(self, x, y, w, h):
        four = self._four
        x += self.x_offset
        y += self.y_offset
        four[0] = x >> 8
        four[1] = x & 0xFF
        four[2] = (x + w - 1) >> 8
        four[3] = (x + w - 1) & 0xFF
        self.command(CASET, four)
        four[0] = y >> 8
        four[1] = y & 0xFF
        four[2] = (y + h - 1) >> 8
        four[3] = (y + h - 1) & 0xFF
        self.command(RASET, four)

    def show(self, x, y, w, h):
        """Sends the rectangle (already clipped to the screen) as RGB565, band by band: as
        many rows at a time as the band buffer holds at this width (a narrow rectangle in a
        few calls, not one per 8 rows).  (Split in two so that this frame fits the 11 slots
        MicroPython keeps off the heap: a heap frame means a search of a fragmented heap.)"""
        self._window(x, y, w, h)
        self._one[0] = RAMWR
        self.cs(0)
        self.dc(0)
        self.spi.write(self._one)
        self.dc(1)
        if gs4_rgb565 is None:
            self._blit_bands(x, y, w, h)
        else:
            self._expand_bands(y * self.width + x, w, h)
        self.cs(1)

    def _expand_bands(self, first, w, h):
        # (its frame too fits 11 words: few locals, expand's arguments packed)
        rows = len(self._band) // (2 * w)
        while h > 0:
            if rows > h:
                rows = h
            _expand(self.buffer, first, self.width << 20 | w << 10 | rows, self._band, self._pairs)
            self.spi.write(self._band_view[:w * 2 * rows])
            first += rows * self.width
            h -= rows

    def _blit_bands(self, x, y, w, h):
        # Bands of equal height (each blit expands the band's every row, sent or not).
        band_rows = len(self._band) // (2 * w)
        bands = -(-h // band_rows)
        band_rows = -(-h // bands)
        band = framebuf.FrameBuffer(self._band, w, band_rows, framebuf.RGB565)
        row = y
        end = y + h
        while row < end:
            rows = min(band_rows, end - row)
            # (the stubs type the palette as bytes; MicroPython takes a FrameBuffer)
            band.blit(self.fb, -x, -row, -1, self._palette)  # pyright: ignore[reportArgumentType]
            self.spi.write(self._band_view[:w * 2 * rows])
            row += rows
