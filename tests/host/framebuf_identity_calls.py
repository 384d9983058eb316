# The drawing calls of the framebuf pixel-identity test (tests/host/test_framebuf_identity.py).
#
# Runs unchanged under the MicroPython VM (the real C framebuf) and under CPython with
# desktop_sim/shim first on sys.path (desktop_sim.framebuf).  For every call it prints
#     @@ <format> <call number> <call> => <return value> <buffer as hex>
# so the test can compare both runs byte for byte and name the first call that differs.
# Coordinates come from fixed lists and from a small LCG (identical on both VMs; no `random`).
import array
import framebuf

FORMATS = (
    ("MONO_VLSB", framebuf.MONO_VLSB, 1, (0, 1, 7, -1)),
    ("MONO_HLSB", framebuf.MONO_HLSB, 1, (0, 1, 2, -3)),
    ("MONO_HMSB", framebuf.MONO_HMSB, 1, (0, 1, 255, -1)),
    ("RGB565", framebuf.RGB565, 16, (0, 0xF81F, 0x07E0, 0x1234, 0x12345, -1)),
    ("GS2_HMSB", framebuf.GS2_HMSB, 2, (0, 1, 2, 3, 6, -1)),
    ("GS4_HMSB", framebuf.GS4_HMSB, 4, (0, 1, 7, 9, 15, 0x1F, -2)),
    ("GS8", framebuf.GS8, 8, (0, 1, 0x80, 0xFF, 0x1AB, -5)),
)

# (width, height, stride): odd sizes that are not multiples of 8, and a padded stride.
SIZES = ((37, 21, None), (20, 13, 27))


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


def buffer_size(fmt, bpp, w, h, stride):
    stride = w if stride is None else stride
    if fmt == framebuf.MONO_VLSB:
        return stride * ((h + 7) // 8)
    return (stride + 7) // 8 * h if bpp == 1 else (stride * bpp + 7) // 8 * h


def fixed_calls(w, h, colors, bpp):
    c = colors
    calls = []
    add = calls.append
    for col in c:
        add(("fill", col))
    add(("fill", c[1]))
    add(("fill", c[0]))
    # pixel: corners, just outside every edge, read back
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (-1, 0), (0, -1), (w, 0),
                 (0, h), (w // 2, h // 2), (1, 1)):
        add(("pixel", x, y, c[1]))
        add(("pixel", x, y))
    for i, col in enumerate(c):
        add(("pixel", 3 + i, 2, col))
        add(("pixel", 3 + i, 2))
    # hline / vline: across edges, zero and negative lengths
    for x, y, n in ((-5, 3, 12), (w - 4, 4, 10), (2, 0, w), (0, h - 1, w + 9), (3, 5, 0),
                    (3, 6, -4), (-20, 7, 5), (5, -1, 8), (5, h, 8), (1, 8, 1)):
        add(("hline", x, y, n, c[2 % len(c)]))
        add(("vline", y, x, n, c[3 % len(c)]))
    # rect and fill_rect: outline and filled, clipped on every side, degenerate
    for x, y, rw, rh in ((2, 2, 9, 6), (-3, -2, 8, 7), (w - 5, h - 4, 9, 9), (0, 0, w, h),
                         (4, 3, 1, 5), (6, 3, 5, 1), (7, 7, 0, 4), (7, 7, 3, -2), (-9, 4, 5, 5),
                         (3, -50, 4, 200), (1, 1, 2, 2), (11, 5, 7, 8)):
        add(("rect", x, y, rw, rh, c[1]))
        add(("rect", x + 1, y + 1, rw, rh, c[-1], True))
        add(("rect", x, y + 2, rw, rh, c[2 % len(c)], False))
        add(("fill_rect", x - 1, y, rw, rh, c[3 % len(c)]))
    # line: every octant from the centre, off-screen ends, points, long crossings
    cx, cy = w // 2, h // 2
    for dx, dy in ((9, 0), (9, 3), (9, 9), (3, 9), (0, 9), (-3, 9), (-9, 9), (-9, 3), (-9, 0),
                   (-9, -3), (-9, -9), (-3, -9), (0, -9), (3, -9), (9, -9), (9, -3), (0, 0),
                   (1, 1), (2, 1), (1, 2), (40, 17), (-60, 33)):
        add(("line", cx, cy, cx + dx, cy + dy, c[1 + (dx & 1) % (len(c) - 1)]))
    for x1, y1, x2, y2 in ((-10, -10, w + 10, h + 10), (w + 5, -3, -7, h + 2), (-30, 5, 80, 6),
                           (3, -40, 4, 90), (-5, -5, -1, -1), (w, h, w + 9, h + 4),
                           (0, h - 1, w - 1, 0)):
        add(("line", x1, y1, x2, y2, c[-1]))
    # ellipse: radii incl. zero and negative, fill, every quadrant mask, clipped
    for rx, ry in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (5, 3), (3, 5), (8, 8), (15, 4),
                   (4, 15), (30, 20), (-3, 2), (2, -3)):
        add(("ellipse", cx, cy, rx, ry, c[1]))
        add(("ellipse", cx - 3, cy + 1, rx, ry, c[-1], True))
    for m in range(16):
        add(("ellipse", cx, cy, 7, 5, c[m % len(c)], False, m))
        add(("ellipse", cx + 2, cy - 1, 6, 4, c[(m + 1) % len(c)], True, m))
    for ex, ey in ((0, 0), (w - 1, h - 1), (-4, h // 2), (w + 3, 2), (w // 2, -6)):
        add(("ellipse", ex, ey, 9, 6, c[1], True))
        add(("ellipse", ex, ey, 6, 9, c[-1]))
    add(("ellipse", cx, cy, 5, 5, c[1], 1, 0x33))  # mask bits above 0x0f are ignored
    # poly: convex, concave, self-crossing, horizontal edges, degenerate, typecodes, clipped
    shapes = (
        ("h", (0, 0, 10, 2, 4, 9)),
        ("h", (0, 0, 12, 0, 12, 7, 0, 7)),
        ("h", (6, 0, 8, 5, 14, 5, 9, 9, 11, 15, 6, 11, 1, 15, 3, 9, -2, 5, 4, 5)),
        ("h", (0, 0, 12, 10, 12, 0, 0, 10)),
        ("h", (0, 5, 5, 0, 10, 5, 5, 10, 5, 5)),
        ("h", (0, 0, 4, 0, 4, 4, 8, 4, 8, 8, 0, 8)),
        ("b", (-3, -3, 6, -1, 2, 6)),
        ("B", (1, 1, 30, 3, 20, 25, 2, 18)),
        ("i", (3, 3)),
        ("i", (0, 0, 9, 9)),
        ("h", (0, 0, 9, 0)),
        ("h", (0, 0, 5, 3, 7)),
        ("h", (0, 0, 40, 10, -20, 30)),
        ("h", ()),
    )
    for i, (code, coords) in enumerate(shapes):
        arr = array.array(code, coords)
        add(("poly", 2, 1, arr, c[1 + i % (len(c) - 1)]))
        add(("poly", 5 - i, 3, arr, c[-1], True))
        add(("poly", w - 10, h - 8, arr, c[1], 1))
    add(("poly", 1, 1, bytes((0, 0, 6, 0, 3, 5)), c[1], True))
    add(("poly", 1, 1, bytearray((0, 0, 6, 2, 3, 5)), c[-1]))
    # text: every glyph, non-ASCII (each UTF-8 byte is glyph 127), clipping on all sides
    glyphs = "".join(chr(n) for n in range(32, 128))
    for i in range(0, len(glyphs), 4):
        add(("fill", c[0]))
        add(("text", glyphs[i:i + 4], 1, 2 + (i // 4) % 5, c[1 + i % (len(c) - 1)]))
    add(("text", "caf\xe9 \u00b0\u2192", 0, 0, c[1]))
    add(("text", "Hello", -11, 3))
    add(("text", "Edge", w - 13, h - 5, c[-1]))
    add(("text", "Top", 2, -6, c[1]))
    add(("text", "far", w + 1, 0, c[1]))
    add(("text", "far", -40, 0, c[1]))
    add(("text", "", 0, 0, c[1]))
    add(("text", "\x01\x1f\x7f", 0, 9, c[-1]))
    add(("text", b"bytes", 3, 12, c[1]))
    add(("text", "ab\x00cd", 2, 13, c[1]))  # the C loop stops at a NUL
    # scroll: every direction, zero, by more than the size
    for xs, ys in ((1, 0), (0, 1), (-1, 0), (0, -1), (3, 2), (-4, -3), (5, -2), (-2, 5),
                   (0, 0), (w, 0), (0, -h), (w + 3, h + 3), (-w - 1, 2)):
        add(("text", "Sc", 4, 4, c[1]))
        add(("scroll", xs, ys))
    return calls


def random_calls(w, h, colors, seed, count):
    rng = Lcg(seed)
    calls = []
    for _ in range(count):
        kind = rng.below(9)
        col = colors[rng.below(len(colors))]

        def xy():
            return rng.between(-w, 2 * w), rng.between(-h, 2 * h)

        if kind == 0:
            x, y = xy()
            calls.append(("pixel", x, y, col))
        elif kind == 1:
            x, y = xy()
            calls.append(("hline" if rng.below(2) else "vline", x, y, rng.between(-5, 3 * w), col))
        elif kind == 2:
            x, y = xy()
            calls.append(("rect", x, y, rng.between(-3, w + 5), rng.between(-3, h + 5), col,
                          rng.below(2) == 1))
        elif kind == 3:
            x, y = xy()
            x2, y2 = xy()
            calls.append(("line", x, y, x2, y2, col))
        elif kind == 4:
            x, y = xy()
            calls.append(("ellipse", x, y, rng.below(2 * w), rng.below(2 * h), col,
                          rng.below(2) == 1, rng.below(16)))
        elif kind == 5:
            x, y = xy()
            pts = [rng.between(-w, 2 * w) for _ in range(2 * rng.between(1, 7))]
            calls.append(("poly", x // 2, y // 2, array.array("h", pts), col, rng.below(2) == 1))
        elif kind == 6:
            x, y = xy()
            text = "".join(chr(rng.between(32, 127)) for _ in range(rng.between(1, 6)))
            calls.append(("text", text, x // 2, y // 2, col))
        elif kind == 7:
            calls.append(("scroll", rng.between(-w - 2, w + 2), rng.between(-h - 2, h + 2)))
        else:
            x, y = xy()
            calls.append(("fill_rect", x, y, rng.between(-2, w), rng.between(-2, h), col))
    return calls


def describe_arg(arg):
    if isinstance(arg, array.array):
        return "array(%s)" % list(arg)
    if isinstance(arg, framebuf.FrameBuffer):
        return "<FrameBuffer>"
    if isinstance(arg, tuple):
        return "(%s)" % ", ".join(describe_arg(a) for a in arg)
    if isinstance(arg, (bytes, bytearray)):
        return "bytes:" + bytes(arg).hex()
    if isinstance(arg, str):
        # The two VMs escape non-ASCII differently in repr(): spell it out.
        return '"%s"' % "".join(ch if 32 <= ord(ch) < 127 else "\\u%04x" % ord(ch) for ch in arg)
    return repr(arg)


def describe(call):
    return "%s(%s)" % (call[0], ", ".join(describe_arg(arg) for arg in call[1:]))


def run_calls(label, fb, buf, calls, number):
    for call in calls:
        try:
            result = getattr(fb, call[0])(*call[1:])
        except Exception as e:  # what is refused must be refused on both VMs
            result = type(e).__name__
        print("@@ %s %d %s => %r %s" % (label, number, describe(call), result, bytes(buf).hex()))
        number += 1
    return number


def blit_calls(label, fmt, bpp, colors, w, h, number):
    """blit from every format, with key, palette (FrameBuffer or tuple) and tuple sources."""
    buf = bytearray(buffer_size(fmt, bpp, w, h, None))
    fb = framebuf.FrameBuffer(buf, w, h, fmt)
    fb.fill(colors[0])
    for src_name, src_fmt, src_bpp, src_colors in FORMATS:
        sw, sh = 9, 7
        src_buf = bytearray(buffer_size(src_fmt, src_bpp, sw, sh, None))
        src = framebuf.FrameBuffer(src_buf, sw, sh, src_fmt)
        for i in range(sw * sh):
            src.pixel(i % sw, i // sw, src_colors[(i * 7 + i // sw) % len(src_colors)])
        key = src.pixel(4, 3)
        calls = [("blit", src, 1, 1), ("blit", src, -3, -2), ("blit", src, w - 4, h - 3),
                 ("blit", src, w, 0), ("blit", src, 0, -sh), ("blit", src, 5, 4, key),
                 ("blit", src, 6, 2, -1), ("blit", (src_buf, sw, sh, src_fmt), 10, 6),
                 ("blit", (src_buf, sw, sh, src_fmt, sw), -1, 9, key)]
        if src_bpp <= 4:
            # A palette maps the source's colour indices to this buffer's colours.
            n = 1 << src_bpp
            pal_buf = bytearray(buffer_size(fmt, bpp, n, 1, None))
            pal = framebuf.FrameBuffer(pal_buf, n, 1, fmt)
            for i in range(n):
                pal.pixel(i, 0, colors[(i + 1) % len(colors)])
            calls.append(("blit", src, 2, 3, -1, pal))
            calls.append(("blit", src, 12, 5, pal.pixel(0, 0), pal))
            calls.append(("blit", src, 3, 8, -1, (pal_buf, n, 1, fmt)))
            calls.append(("blit", src, 8, 8, -1, None))
        number = run_calls("%s<-%s" % (label, src_name), fb, buf, calls, number)
    return number


def error_calls(w, h):
    """Arguments the C module refuses (the simulator must not accept what the device rejects)."""
    return [("fill", 1.5), ("pixel", 1.0, 2), ("pixel", 1, 2, None), ("hline", 0, 0, "3", 1),
            ("rect", 0, 0, 4, 4, 1, True, 3), ("poly", 0, 0, [1, 2, 3, 4], 1),
            ("text", 5, 0, 0), ("text", "x", 0.5, 0), ("ellipse", 3, 3, 2, 2, 1, False, 1.0),
            ("blit", (bytearray(4), 2, 2), 0, 0), ("blit", "src", 0, 0),
            ("blit", (bytearray(1), 2, 2, framebuf.GS8), 0, 0),
            ("blit", (bytes(4), 2, 2, framebuf.GS8), 0, 0, -1, (bytes(2), 2, 1, framebuf.GS8)),
            ("scroll", 1.0, 0)]


def constructor_calls():
    """Buffer size and argument checks of FrameBuffer(buffer, width, height, format[, stride])."""
    cases = ((8, 8, 8, framebuf.MONO_VLSB), (7, 8, 8, framebuf.MONO_VLSB),
             (16, 8, 9, framebuf.MONO_VLSB), (15, 8, 9, framebuf.MONO_VLSB),
             (10, 10, 8, framebuf.MONO_HLSB), (9, 9, 8, framebuf.MONO_HMSB),
             (4, 4, 4, framebuf.GS2_HMSB), (3, 4, 4, framebuf.GS2_HMSB),
             (12, 5, 4, framebuf.GS4_HMSB), (11, 5, 4, framebuf.GS4_HMSB),
             (50, 5, 5, framebuf.RGB565), (49, 5, 5, framebuf.RGB565),
             (25, 5, 5, framebuf.GS8), (24, 5, 5, framebuf.GS8), (25, 5, 5, 7),
             (25, 0, 5, framebuf.GS8), (25, 5, -1, framebuf.GS8), (25, 5, 5, framebuf.GS8, 4),
             (40, 5, 5, framebuf.GS8, 8), (36, 5, 5, framebuf.GS8, 8), (200, 3, 3, framebuf.GS8, 70000))
    lines = []
    for case in cases:
        try:
            fb = framebuf.FrameBuffer(bytearray(case[0]), *case[1:])
            result = "ok, pixel(0, 0) = %r" % fb.pixel(0, 0)
        except Exception as e:
            result = type(e).__name__
        lines.append("@@ FrameBuffer%r => %s" % (case, result))
    for args in ((bytes(8), 8, 8, framebuf.MONO_VLSB), ([0] * 8, 8, 8, framebuf.MONO_VLSB),
                 (bytearray(8), 8.0, 8, framebuf.MONO_VLSB),
                 (bytearray(16), 16, 8, framebuf.MONO_HLSB)):
        try:
            framebuf.FrameBuffer(*args)
            result = "ok"
        except Exception as e:
            result = type(e).__name__
        lines.append("@@ FrameBuffer(%s) => %s" % (type(args[0]).__name__, result))
    return lines


def main():
    number = 0
    for line in constructor_calls():
        print(line)
    for name, fmt, bpp, colors in FORMATS:
        for w, h, stride in SIZES:
            label = "%s/%dx%d/%s" % (name, w, h, stride)
            buf = bytearray(buffer_size(fmt, bpp, w, h, stride))
            if stride is None:
                fb = framebuf.FrameBuffer(buf, w, h, fmt)
            else:
                fb = framebuf.FrameBuffer(buf, w, h, fmt, stride)
            number = run_calls(label, fb, buf, fixed_calls(w, h, colors, bpp), number)
            number = run_calls(label, fb, buf, random_calls(w, h, colors, w * 31 + fmt, 160),
                               number)
        number = blit_calls(name, fmt, bpp, colors, 23, 17, number)
        buf = bytearray(buffer_size(fmt, bpp, 9, 9, None))
        number = run_calls(name + "/errors", framebuf.FrameBuffer(buf, 9, 9, fmt), buf,
                           error_calls(9, 9), number)
    print("@@END %d" % number)


main()
