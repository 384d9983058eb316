# What the play screen's drawing changed since the one on the panel, without a copy of the panel.
#
# While a view draws the position (draw_board) and the app the status, a DrawLog stands in
# for the framebuffer: it
# draws through and keeps each call exactly: an int for the call, its colour and its first
# point, and an int for its sizes or end point (or a text's string).  The calls one drawing has
# and the other lacks are where the two can differ: the rectangles they cover are all a played
# move needs to send (the fixed drawing under the board is the same: the layer's copy).
from array import array
from micropython import const

_PIXEL = const(0)
_HLINE = const(1)
_VLINE = const(2)
_LINE = const(3)
_RECT = const(4)
_ELLIPSE = const(5)
_TEXT = const(6)
_AREA = const(7)
_FILLED = const(128)
# A call's head: op 3 bits, colour 4, filled 1, its first point's x and y 10 bits each
# (-512..511; a line's midpoint instead, the sums' low bits in "filled" and bit 28); its tail:
# sizes or end point 10 bits each, a text's string.  An area (areas()) has its state where the
# others have the colour, and its place's number above its sizes.


class DrawLog:
    """The framebuffer calls made through it, drawn through to `fb` and kept.  (Each method
    appends its two ints itself: a Python call costs tens of microseconds on the RP2040, and
    a board has a few hundred calls.)"""

    def __init__(self, fb):
        self.fb = fb
        self.heads = array("i")
        self.tails = []     # ints, or a text's string

    def pixel(self, x, y, c):
        self.fb.pixel(x, y, c)
        self.heads.append(_PIXEL | c << 3 | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
        self.tails.append(0)

    def hline(self, x, y, w, c):
        self.fb.hline(x, y, w, c)
        self.heads.append(_HLINE | c << 3 | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
        self.tails.append(w)

    def vline(self, x, y, h, c):
        self.fb.vline(x, y, h, c)
        self.heads.append(_VLINE | c << 3 | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
        self.tails.append(h)

    def line(self, x1, y1, x2, y2, c):
        # Its head has the midpoint, not the first point: lines drawn from one point (a
        # node's barriers) would share a head, which changes() then tells apart slowly.  The
        # sums' low bits go where other calls keep "filled" and above y, so the line is exact.
        self.fb.line(x1, y1, x2, y2, c)
        sx = x1 + x2 + 1024
        sy = y1 + y2 + 1024
        self.heads.append(_LINE | c << 3 | (sx & 1) << 7 | ((sx >> 1) & 1023) << 8 | ((sy >> 1) & 1023) << 18
                          | (sy & 1) << 28)
        self.tails.append(((x2 + 512) & 1023) | ((y2 + 512) & 1023) << 10)

    def rect(self, x, y, w, h, c, f=False):
        self.fb.rect(x, y, w, h, c, f)
        self.heads.append(_RECT | c << 3 | (_FILLED if f else 0) | ((x + 512) & 1023) << 8
                          | ((y + 512) & 1023) << 18)
        self.tails.append((w & 1023) | (h & 1023) << 10)

    def fill_rect(self, x, y, w, h, c):
        self.fb.fill_rect(x, y, w, h, c)
        self.heads.append(_RECT | c << 3 | _FILLED | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
        self.tails.append((w & 1023) | (h & 1023) << 10)

    def fill_rects(self, xs, ys, count, dx, dy, w, h, c):
        """fill_rect(xs[i] + dx, ys[i] + dy, w, h, c) for i < count, logged as those calls (the
        target marks)."""
        fb = self.fb
        heads = self.heads
        tails = self.tails
        head = _RECT | c << 3 | _FILLED
        tail = (w & 1023) | (h & 1023) << 10
        for i in range(count):
            x = xs[i] + dx
            y = ys[i] + dy
            fb.fill_rect(x, y, w, h, c)
            heads.append(head | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
            tails.append(tail)

    def ellipse(self, x, y, xr, yr, c, f=False):
        self.fb.ellipse(x, y, xr, yr, c, f)
        self.heads.append(_ELLIPSE | c << 3 | (_FILLED if f else 0) | ((x + 512) & 1023) << 8
                          | ((y + 512) & 1023) << 18)
        self.tails.append((xr & 1023) | (yr & 1023) << 10)

    def areas(self, states, xs, ys, dy, kinds, boxes):
        """For each place p (of len(states)) whose state states[p] (0..15) is not 0, a call
        that draws nothing: it stands for what a view drew for that place straight on the
        framebuffer (a kept call per line and token would be most of a played move's time),
        and covers every pixel of it: (xs[p] + left, ys[p] + dy + top, w, h),
        its kind kinds[p]'s box in `boxes` (left, top, w, h, the next kind's...).  Two
        drawings differ in it where the state does."""
        heads = self.heads
        tails = self.tails
        for p in range(len(states)):
            state = states[p]
            if state:
                k = 4 * kinds[p]
                x = xs[p] + boxes[k]
                y = ys[p] + dy + boxes[k + 1]
                heads.append(_AREA | state << 3 | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
                tails.append(boxes[k + 2] | boxes[k + 3] << 10 | p << 20)

    def text(self, s, x, y, c=1):
        self.fb.text(s, x, y, c)
        self.heads.append(_TEXT | c << 3 | ((x + 512) & 1023) << 8 | ((y + 512) & 1023) << 18)
        self.tails.append(s)


def box(head, tail):
    """The rectangle (x, y, w, h) that holds every pixel one kept call can touch.  (Its
    locals and stack fit 11 slots: MicroPython then keeps its frame off the heap, whose search
    for a free run through a fragmented heap slows each rectangle of a played move.)"""
    op = head & 7
    x = ((head >> 8) & 1023) - 512
    y = ((head >> 18) & 1023) - 512
    if op == _TEXT:
        a = 8 * len(tail)
        return x, y, a, 8
    a = tail & 1023
    b = (tail >> 10) & 1023
    if op == _PIXEL:
        return x, y, 1, 1
    if op == _HLINE:
        return x, y, tail, 1
    if op == _VLINE:
        return x, y, 1, tail
    if op == _LINE:
        a -= 512
        b -= 512
        x = 2 * x + (head >> 7 & 1) - a       # from the midpoint and the end point
        y = 2 * y + (head >> 28 & 1) - b
        if a < x:
            x, a = a, x
        if b < y:
            y, b = b, y
        a = a - x + 1
        b = b - y + 1
        return x, y, a, b
    if op != _RECT and op != _AREA:     # _ELLIPSE: its centre and radii
        x -= a
        y -= b
        a = 2 * a + 1
        b = 2 * b + 1
    return x, y, a, b


def changes(old, new, out):
    """Appends to `out` the rectangle (x, y, w, h) of each call that one of the two drawings
    (DrawLogs) has and the other lacks.  One dict operation per call: the old drawing's calls
    stored, the new one's popped (with a test per call of whether it was there, and another for
    heads shared, it was most of a played move's time); little allocation
    (dict(zip(...)) made a tuple per call: a collection in the middle of an update costs more
    than the update)."""
    heads, tails = old.heads, old.tails
    # head -> tail of the old calls not (yet) found: made at its size at once (grown a key at
    # a time it was remade five times, each a search of the heap for a larger block)
    index = dict.fromkeys(heads)
    for i in range(len(heads)):
        index[heads[i]] = tails[i]
    many = None     # head -> [tails] where several old calls share a head (rare)
    if len(index) < len(heads):
        many = {}
        seen = {}
        for i in range(len(heads)):
            head = heads[i]
            if head in seen:
                many.setdefault(head, [seen[head]]).append(tails[i])
            else:
                seen[head] = tails[i]
    heads, tails = new.heads, new.tails
    for i in range(len(heads)):
        head = heads[i]
        tail = tails[i]
        if many is not None and head in many:
            same = many[head]
            if tail in same:
                same.remove(tail)
            else:
                out.append(box(head, tail))
            continue
        was = index.pop(head, None)
        if was is None:
            out.append(box(head, tail))
        elif was != tail:
            out.append(box(head, tail))
            out.append(box(head, was))
    for head in index:
        if many is not None and head in many:
            for tail in many[head]:
                out.append(box(head, tail))
        else:
            out.append(box(head, index[head]))
