"""MicroPython's `framebuf` module for CPython, drawing pixel-identically to the C original.

The algorithms are ported from MicroPython's extmod/modframebuf.c (MIT licence, (c) 2016 Damien
P. George) as of MicroPython 1.27: same clipping, same Bresenham line, same ellipse and polygon
scan conversion (with C's truncating integer division), same 8x8 font, same byte layouts.
tests/host/test_framebuf_identity.py proves it against the real VM, buffer for buffer.

Also faithful in what it refuses: arguments are positional only and must be ints (floats raise
TypeError as on the device), so app code that only works on CPython fails in the simulator too.
The simulator makes this module importable as plain `framebuf` (see desktop_sim/shim/).
"""
from desktop_sim.font_petme128 import FONT

__all__ = ["FrameBuffer", "FrameBuffer1", "MONO_VLSB", "MVLSB", "RGB565", "GS4_HMSB", "MONO_HLSB",
           "MONO_HMSB", "GS2_HMSB", "GS8"]

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_ELLIPSE_MASK_FILL = 0x10
_ELLIPSE_MASK_ALL = 0x0F
_ELLIPSE_MASK_Q1 = 0x01
_ELLIPSE_MASK_Q2 = 0x02
_ELLIPSE_MASK_Q3 = 0x04
_ELLIPSE_MASK_Q4 = 0x08


def _int(value):
    """mp_obj_get_int: ints and bools only."""
    if isinstance(value, int):
        return value
    raise TypeError("can't convert %s to int" % type(value).__name__)


def _cdiv(a, b):
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _byte_view(buffer, writable):
    try:
        view = memoryview(buffer)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if writable and view.readonly:
        raise TypeError("object with buffer protocol required")
    if view.format != "B" or view.ndim != 1:
        view = view.cast("B")
    return view


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format[, stride])."""

    def __init__(self, buffer, width, height, format, stride=None, /):
        self._init(buffer, width, height, format, stride, True)

    def _init(self, buffer, width, height, format, stride, writable):
        width = _int(width)
        height = _int(height)
        format = _int(format)
        stride = width if stride is None else _int(stride)
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF \
                or stride < width:
            raise ValueError()
        bpp = 1
        height_required = height
        width_required = width
        strides_required = height - 1
        if format == MONO_VLSB:
            height_required = (height + 7) & ~7
            strides_required = height_required - 8
        elif format == MONO_HLSB or format == MONO_HMSB:
            stride = (stride + 7) & ~7
            width_required = (width + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_required = (width + 3) & ~3
            bpp = 2
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_required = (width + 1) & ~1
            bpp = 4
        elif format == GS8:
            bpp = 8
        elif format == RGB565:
            bpp = 16
        else:
            raise ValueError("invalid format")
        view = _byte_view(buffer, writable)
        if (strides_required * stride + (height_required - strides_required) * width_required) \
                * bpp // 8 > len(view):
            raise ValueError()
        self._buffer = buffer  # keeps the caller's object alive, as the C struct does
        self._buf = view
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        ops = _FORMAT_OPS[format]
        self._set = ops[0].__get__(self)
        self._get = ops[1].__get__(self)
        self._fill = ops[2].__get__(self)

    # ---- per-format pixel access (modframebuf.c's formats[] table) ----

    def _mvlsb_set(self, x, y, col):
        buf = self._buf
        index = (y >> 3) * self.stride + x
        offset = y & 7
        buf[index] = (buf[index] & ~(1 << offset) & 0xFF) | ((col != 0) << offset)

    def _mvlsb_get(self, x, y):
        return (self._buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def _mvlsb_fill(self, x, y, w, h, col):
        buf = self._buf
        bit = 1 if col != 0 else 0
        for yy in range(y, y + h):
            base = (yy >> 3) * self.stride
            offset = yy & 7
            keep = ~(1 << offset) & 0xFF
            for index in range(base + x, base + x + w):
                buf[index] = (buf[index] & keep) | (bit << offset)

    def _mhoriz_offset(self, x):
        return x & 7 if self.format == MONO_HMSB else 7 - (x & 7)

    def _mhoriz_set(self, x, y, col):
        buf = self._buf
        index = (x + y * self.stride) >> 3
        offset = self._mhoriz_offset(x)
        buf[index] = (buf[index] & ~(1 << offset) & 0xFF) | ((col != 0) << offset)

    def _mhoriz_get(self, x, y):
        return (self._buf[(x + y * self.stride) >> 3] >> self._mhoriz_offset(x)) & 1

    def _mhoriz_fill(self, x, y, w, h, col):
        buf = self._buf
        bit = 1 if col != 0 else 0
        advance = self.stride >> 3
        for xx in range(x, x + w):
            offset = self._mhoriz_offset(xx)
            keep = ~(1 << offset) & 0xFF
            index = (xx >> 3) + y * advance
            for _ in range(h):
                buf[index] = (buf[index] & keep) | (bit << offset)
                index += advance

    def _rgb565_set(self, x, y, col):
        index = (x + y * self.stride) << 1
        self._buf[index] = col & 0xFF
        self._buf[index + 1] = (col >> 8) & 0xFF

    def _rgb565_get(self, x, y):
        index = (x + y * self.stride) << 1
        return self._buf[index] | (self._buf[index + 1] << 8)

    def _rgb565_fill(self, x, y, w, h, col):
        row = bytes((col & 0xFF, (col >> 8) & 0xFF)) * w
        for yy in range(y, y + h):
            start = (x + yy * self.stride) << 1
            self._buf[start:start + 2 * w] = row

    def _gs2_set(self, x, y, col):
        buf = self._buf
        index = (x + y * self.stride) >> 2
        shift = (x & 3) << 1
        buf[index] = ((col & 3) << shift) | (buf[index] & ~(3 << shift) & 0xFF)

    def _gs2_get(self, x, y):
        return (self._buf[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3

    def _gs2_fill(self, x, y, w, h, col):
        for xx in range(x, x + w):
            for yy in range(y, y + h):
                self._gs2_set(xx, yy, col)

    def _gs4_set(self, x, y, col):
        buf = self._buf
        index = (x + y * self.stride) >> 1
        if x & 1:
            buf[index] = (col & 0x0F) | (buf[index] & 0xF0)
        else:
            buf[index] = ((col & 0x0F) << 4) | (buf[index] & 0x0F)

    def _gs4_get(self, x, y):
        value = self._buf[(x + y * self.stride) >> 1]
        return value & 0x0F if x & 1 else value >> 4

    def _gs4_fill(self, x, y, w, h, col):
        buf = self._buf
        col &= 0x0F
        pair = bytes((col << 4 | col,))
        for yy in range(y, y + h):
            index = (x + yy * self.stride) >> 1
            remaining = w
            if x & 1 and remaining > 0:
                buf[index] = (buf[index] & 0xF0) | col
                index += 1
                remaining -= 1
            whole = remaining >> 1
            buf[index:index + whole] = pair * whole
            if remaining & 1:
                index += whole
                buf[index] = (col << 4) | (buf[index] & 0x0F)

    def _gs8_set(self, x, y, col):
        self._buf[x + y * self.stride] = col & 0xFF

    def _gs8_get(self, x, y):
        return self._buf[x + y * self.stride]

    def _gs8_fill(self, x, y, w, h, col):
        row = bytes((col & 0xFF,)) * w
        for yy in range(y, y + h):
            start = x + yy * self.stride
            self._buf[start:start + w] = row

    # ---- shared helpers ----

    def _setpixel_checked(self, x, y, col, mask):
        if mask and 0 <= x < self.width and 0 <= y < self.height:
            self._set(x, y, col)

    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill(x, y, xend - x, yend - y, col)

    def _line(self, x1, y1, x2, y2, col):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        width = self.width
        height = self.height
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    self._set(y1, x1, col)
            elif 0 <= x1 < width and 0 <= y1 < height:
                self._set(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            self._set(x2, y2, col)

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & _ELLIPSE_MASK_FILL:
            if mask & _ELLIPSE_MASK_Q1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & _ELLIPSE_MASK_Q2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & _ELLIPSE_MASK_Q3:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & _ELLIPSE_MASK_Q4:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            self._setpixel_checked(cx + x, cy - y, col, mask & _ELLIPSE_MASK_Q1)
            self._setpixel_checked(cx - x, cy - y, col, mask & _ELLIPSE_MASK_Q2)
            self._setpixel_checked(cx - x, cy + y, col, mask & _ELLIPSE_MASK_Q3)
            self._setpixel_checked(cx + x, cy + y, col, mask & _ELLIPSE_MASK_Q4)

    # ---- the public API ----

    def fill(self, c, /):
        self._fill(0, 0, self.width, self.height, _int(c))

    def fill_rect(self, x, y, w, h, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, *c):
        """pixel(x, y) reads, pixel(x, y, c) writes (pixel(x, y, None) is a TypeError, as in C)."""
        if len(c) > 1:
            raise TypeError("function expected at most 4 arguments, got %d" % (len(c) + 3))
        x = _int(x)
        y = _int(y)
        if 0 <= x < self.width and 0 <= y < self.height:
            if not c:
                return self._get(x, y)
            self._set(x, y, _int(c[0]))
        return None

    def hline(self, x, y, w, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c, /):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def ellipse(self, x, y, xr, yr, c, f=False, m=_ELLIPSE_MASK_ALL, /):
        cx, cy, a, b, col = _int(x), _int(y), _int(xr), _int(yr), _int(c)
        mask = (_ELLIPSE_MASK_FILL if f else 0) | (_int(m) & _ELLIPSE_MASK_ALL)
        if a == 0 and b == 0:
            self._setpixel_checked(cx, cy, col, mask & _ELLIPSE_MASK_ALL)
            return
        two_asquare = 2 * a * a
        two_bsquare = 2 * b * b
        x = a
        y = 0
        xchange = b * b * (1 - 2 * a)
        ychange = a * a
        error = 0
        stoppingx = two_bsquare * a
        stoppingy = 0
        while stoppingx >= stoppingy:  # 1st set of points, y' > -1
            self._ellipse_points(cx, cy, x, y, col, mask)
            y += 1
            stoppingy += two_asquare
            error += ychange
            ychange += two_asquare
            if 2 * error + xchange > 0:
                x -= 1
                stoppingx -= two_bsquare
                error += xchange
                xchange += two_bsquare
        x = 0
        y = b
        xchange = b * b
        ychange = a * a * (1 - 2 * b)
        error = 0
        stoppingx = 0
        stoppingy = two_asquare * b
        while stoppingx <= stoppingy:  # 2nd set of points, y' < -1
            self._ellipse_points(cx, cy, x, y, col, mask)
            x += 1
            stoppingx += two_bsquare
            error += xchange
            xchange += two_bsquare
            if 2 * error + ychange > 0:
                y -= 1
                stoppingy -= two_asquare
                error += ychange
                ychange += two_asquare

    def poly(self, x, y, coords, c, f=False, /):
        x = _int(x)
        y = _int(y)
        try:
            values = memoryview(coords).tolist()
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        n_poly = len(values) // 2
        if n_poly == 0:
            return
        col = _int(c)
        if not f:
            px1, py1 = values[0], values[1]
            i = n_poly * 2 - 1
            while i >= 0:
                py2, px2 = values[i], values[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
            return
        # Integer scan-line fill (alienryderflex.com/polygon_fill), as the C code does it.
        ys = values[1:2 * n_poly:2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1, py1 = values[0], values[1]
            i = n_poly * 2 - 1
            while i >= 0:
                py2, px2 = values[i], values[i - 1]
                i -= 2
                # The bottom pixel of each edge is left out so that a vertex is not counted twice.
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    nodes.append(_cdiv(32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1)
                                       + 16, 32))
                elif row == max(py1, py2):
                    # Local minima: fill the pixels the rule above misses.
                    if py1 < py2:
                        self._setpixel_checked(x + px2, y + py2, col, 1)
                    elif py2 < py1:
                        self._setpixel_checked(x + px1, y + py1, col, 1)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, col)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        source = _readonly_framebuffer(fbuf)
        x = _int(x)
        y = _int(y)
        key = _int(key) & 0xFFFFFFFF
        pal = None if palette is None else _readonly_framebuffer(palette)
        if x >= self.width or y >= self.height or -x >= source.width or -y >= source.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + source.width)
        y0end = min(self.height, y + source.height)
        get = source._get
        put = self._set
        for yy in range(y0, y0end):
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = get(cx1, y1)
                if pal is not None:
                    col = pal._get(col, 0)
                if col != key:
                    put(cx0, yy, col)
                cx1 += 1
            y1 += 1

    def scroll(self, xstep, ystep, /):
        xstep = _int(xstep)
        ystep = _int(ystep)
        if xstep < 0:
            sx = 0
            xend = self.width + xstep
            if xend <= 0:
                return
            dx = 1
        else:
            sx = self.width - 1
            xend = xstep - 1
            if xend >= sx:
                return
            dx = -1
        if ystep < 0:
            y = 0
            yend = self.height + ystep
            if yend <= 0:
                return
            dy = 1
        else:
            y = self.height - 1
            yend = ystep - 1
            if yend >= y:
                return
            dy = -1
        get = self._get
        put = self._set
        while y != yend:
            for x in range(sx, xend, dx):
                put(x, y, get(x - xstep, y - ystep))
            y += dy

    def text(self, s, x, y, c=1, /):
        if isinstance(s, str):
            data = s.encode("utf-8")
        elif isinstance(s, (bytes, bytearray)):
            data = bytes(s)
        else:
            raise TypeError("can't convert '%s' object to str implicitly" % type(s).__name__)
        x0 = _int(x)
        y0 = _int(y)
        col = _int(c)
        width = self.width
        height = self.height
        put = self._set
        for chr_code in data:
            if chr_code == 0:  # the C loop stops at the string's terminating NUL
                break
            if chr_code < 32 or chr_code > 127:
                chr_code = 127
            base = (chr_code - 32) * 8
            for j in range(8):
                if 0 <= x0 < width:
                    column = FONT[base + j]  # one column of 8 pixels, LSB at the top
                    yy = y0
                    while column:
                        if column & 1 and 0 <= yy < height:
                            put(x0, yy, col)
                        column >>= 1
                        yy += 1
                x0 += 1


_FORMAT_OPS = {
    MONO_VLSB: (FrameBuffer._mvlsb_set, FrameBuffer._mvlsb_get, FrameBuffer._mvlsb_fill),
    RGB565: (FrameBuffer._rgb565_set, FrameBuffer._rgb565_get, FrameBuffer._rgb565_fill),
    GS4_HMSB: (FrameBuffer._gs4_set, FrameBuffer._gs4_get, FrameBuffer._gs4_fill),
    MONO_HLSB: (FrameBuffer._mhoriz_set, FrameBuffer._mhoriz_get, FrameBuffer._mhoriz_fill),
    MONO_HMSB: (FrameBuffer._mhoriz_set, FrameBuffer._mhoriz_get, FrameBuffer._mhoriz_fill),
    GS2_HMSB: (FrameBuffer._gs2_set, FrameBuffer._gs2_get, FrameBuffer._gs2_fill),
    GS8: (FrameBuffer._gs8_set, FrameBuffer._gs8_get, FrameBuffer._gs8_fill),
}


def _readonly_framebuffer(obj):
    """A blit source or palette: a FrameBuffer, or (buffer, width, height, format[, stride])."""
    if isinstance(obj, FrameBuffer):
        return obj
    if not isinstance(obj, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)
    if len(obj) < 4 or len(obj) > 5:
        raise ValueError()
    view = FrameBuffer.__new__(FrameBuffer)
    view._init(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else None, False)
    return view


def FrameBuffer1(buffer, width, height, stride=None, /):
    """The legacy MONO_VLSB-only constructor."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is None else stride)
