# Tholian Go board geometry (spec ../shared/rules/tholian_go.md §1 and §8's spaces).
#
# One `Space` holds every table the rules need for one game space, as compact arrays built
# without tuples or dicts (little garbage on the device).  Nodes of both webs share one
# numbering so that one `bytearray` is the whole board:
#
#     dark nodes  0 .. n_dark-1        rows bottom to top, left to right
#     light nodes n_dark .. n-1        lines bottom to top, left to right
#     node n                           a dummy that is always empty ("no node")
#
# Coordinates: a light node is (x, line), x = 0..cols-1, line = 1..lines; a dark node (hexagon
# centre) is (cx, row), row r lying between lines r and r+1; odd rows have even cx, even rows odd
# cx.  The standard space is 12 columns x 7 lines; §8's spaces: periodic (columns wrap), wide
# (24 columns), long (13 lines), square (24 x 13).  Boards joined together keep the seam corner
# points (the seed's "QR-code and Go" nodes); only the two dangling corner points (0, 1) and
# (cols-1, lines) of a space with edges are not nodes.
#
# Tables (index `node * 6 + slot`; unused slots hold the dummy node n):
#     adj[s]   neighbour node          edge[s]  edge id        axis[s]  0..2 (a/b/c or x/y/z)
#     deg[node] number of neighbours
# Per edge e: ends eu[e], ev[e]; the crossing edge of the other web cross[e] (NO_EDGE if none) and
# its two end nodes xu[e], xv[e] (the dummy node for an uncrossed edge, which is never blocked).
# zkeys[node * 2 + colour - 1]: 30-bit Zobrist keys.
#
# Axes, Ruling: dark a = along a row, b = up-right/down-left, c = up-left/down-right; light
# x = the vertical hexagon sides, y = the sides rising to the right ("/"), z = the sides falling
# to the right ("\").
#
# Notation (the seed's): D(i, r) is the i-th dark node of row r from the left, L(i, l) the i-th
# light node of line l; written `D<i>.<r>` / `L<i>.<l>` (`L1.1` is (1, 1) on the standard board).
from array import array

from micropython import const

NO_EDGE = const(0xFFFF)
SLOTS = const(6)
BOARD_COLS = const(12)  # one printed board: 12 columns, 7 lines

# space name -> (columns, lines, periodic)
SPACES = {
    "standard": (12, 7, False),
    "periodic": (12, 7, True),
    "wide": (24, 7, False),
    "long": (12, 13, False),
    "square": (24, 13, False),
}


class Space:
    # All tables of one game space (built once, read-only afterwards).

    def __init__(self, name):
        if name not in SPACES:
            raise ValueError("unknown space '%s'" % name)
        cols, lines, periodic = SPACES[name]
        self.space_name = name
        self.cols = cols
        self.lines = lines
        self.rows = lines - 1
        self.periodic = periodic
        self.boards_across = cols // BOARD_COLS  # token sets per player (§8 Expanded Space)

        # --- nodes: grid[web][y * cols + x] -> node, or n where there is none -----------------
        nd = 0
        for r in range(1, lines):
            for cx in range(cols):
                if (cx + r) % 2 == 1:  # odd rows: even cx; even rows: odd cx
                    nd += 1
        n = nd + cols * lines - (0 if periodic else 2)
        self.n_dark = nd
        self.n_light = n - nd
        self.n = n
        size = cols * (lines + 1)
        self.grid = (filled(size, n), filled(size, n))
        self.xs = bytearray(n)
        self.ys = bytearray(n)
        k = 0
        for r in range(1, lines):
            for cx in range(cols):
                if (cx + r) % 2 == 1:
                    self._add_node(0, cx, r, k)
                    k += 1
        for l in range(1, lines + 1):
            for x in range(cols):
                if periodic or not ((x == 0 and l == 1) or (x == cols - 1 and l == lines)):
                    self._add_node(1, x, l, k)
                    k += 1

        # --- edges: light sides first, then dark edges (hexagons sharing a side) -------------
        self.adj = filled(n * SLOTS, n)
        self.edge = filled(n * SLOTS, NO_EDGE)
        self.axis = bytearray(n * SLOTS)
        self.deg = bytearray(n)
        self.eu = array("H")
        self.ev = array("H")
        self.cross = array("H")
        for l in range(1, lines + 1):
            for x in range(cols):
                a = self.node_at(1, x, l)
                b = self.node_at(1, x + 1, l) if (periodic or x + 1 < cols) else -1
                if a >= 0 and b >= 0:
                    # A valley (lowest corner of a hexagon of row `l`) has the parity of that
                    # row's centres: from a valley the side rises (y), from a peak it falls (z).
                    self._add_edge(a, b, 1 if (x + l) % 2 == 1 else 2)
                if l < lines and (x + l) % 2 == 0:
                    a, b = self.node_at(1, x, l), self.node_at(1, x, l + 1)
                    if a >= 0 and b >= 0:
                        self._add_edge(a, b, 0)
        self.n_light_edges = len(self.eu)
        for r in range(1, lines):
            for cx in range(cols):
                if (cx + r) % 2 != 1:
                    continue
                a = self.node_at(0, cx, r)
                # Along the row (axis a): the shared side is the vertical at cx + 1.
                self._add_dark_edge(a, self.node_at(0, cx + 2, r), self.node_at(1, cx + 1, r),
                                    self.node_at(1, cx + 1, r + 1), 0)
                # Up-right (b) and up-left (c): the shared side lies on line r + 1.
                self._add_dark_edge(a, self.node_at(0, cx + 1, r + 1), self.node_at(1, cx, r + 1),
                                    self.node_at(1, cx + 1, r + 1), 1)
                self._add_dark_edge(a, self.node_at(0, cx - 1, r + 1), self.node_at(1, cx - 1, r + 1),
                                    self.node_at(1, cx, r + 1), 2)
        self.n_edges = len(self.eu)
        self.n_dark_edges = self.n_edges - self.n_light_edges
        self.xu = filled(self.n_edges, n)
        self.xv = filled(self.n_edges, n)
        for e in range(self.n_edges):
            c = self.cross[e]
            if c != NO_EDGE:
                self.xu[e] = self.eu[c]
                self.xv[e] = self.ev[c]

        # --- double-circled nodes, entry nodes, start (§2), chain endpoints (§8) ------------
        red_start, red_targets = [], []
        for b in range(self.boards_across):
            x0 = b * BOARD_COLS
            # Dark row 1 and light line 1, without the board's corner point x0 (a seam node
            # of joined boards, not a dot), plus (2,2), (6,2), (10,2).
            for x in range(x0, x0 + BOARD_COLS):
                k = self.node_at(0, x, 1)
                if k >= 0:
                    red_start.append(k)
                if x > x0:
                    red_start.append(self.node_at(1, x, 1))
            for x in (2, 6, 10):
                red_start.append(self.node_at(1, x0 + x, 2))
            # Red's target: Blue's double-circled node, the turn of Red's (6, 1) on this board.
            red_targets.append(self.node_at(1, cols - 1 - (x0 + 6), lines))
        blue_start = [self.rotate(k) for k in red_start]
        blue_targets = [self.rotate(k) for k in red_targets]
        red_start.sort()
        blue_start.sort()
        red_targets.sort()
        blue_targets.sort()
        self.start = (tuple(red_start), tuple(blue_start))
        self.targets = (tuple(red_targets), tuple(blue_targets))
        self.entry = {}
        for t in red_targets + blue_targets:
            self.entry[t] = self._entry_of(t)
        ends_low = [self.node_at(1, x, 1) for x in range(cols) if x % BOARD_COLS in (1, 3, 5, 7, 9)]
        ends_high = [self.node_at(1, x, lines) for x in range(cols) if x % BOARD_COLS in (2, 4, 6, 8, 10)]
        self.chain_ends = (tuple(ends_low), tuple(ends_high))
        # Zobrist keys: a 30-bit xorshift whose values stay small ints on MicroPython.
        zk = array("i", bytes(8 * n))  # 2n 32-bit ints on every VM
        x = 0x2545F49
        for i in range(2 * n):
            x ^= (x & 0x1FFFF) << 13
            x ^= x >> 17
            x ^= (x & 0x1FFFFFF) << 5
            zk[i] = x
        self.zkeys = zk

    # --- helpers used while building ----------------------------------------------------------
    def _add_node(self, web, x, y, k):
        self.grid[web][y * self.cols + x] = k
        self.xs[k] = x
        self.ys[k] = y

    def _add_edge(self, a, b, ax):
        e = len(self.eu)
        self.eu.append(a)
        self.ev.append(b)
        self.cross.append(NO_EDGE)
        self._add_slot(a, b, e, ax)
        self._add_slot(b, a, e, ax)
        return e

    def _add_slot(self, u, v, e, ax):
        s = u * SLOTS + self.deg[u]
        self.adj[s] = v
        self.edge[s] = e
        self.axis[s] = ax
        self.deg[u] += 1

    def _add_dark_edge(self, a, b, side_a, side_b, ax):
        # Only hexagons that exist and share a side that exists are joined.
        if b < 0 or side_a < 0 or side_b < 0:
            return
        side = self.edge_between(side_a, side_b)
        if side == NO_EDGE:
            return
        e = self._add_edge(a, b, ax)
        self.cross[e] = side
        self.cross[side] = e

    def _entry_of(self, target):
        # The one dark node whose hexagon has the target as a corner.
        x, l = self.xs[target], self.ys[target]
        found = []
        for r in (l - 1, l):
            for cx in (x - 1, x, x + 1):
                k = self.node_at(0, cx, r)
                if k >= 0:
                    found.append(k)
        assert len(found) == 1, "target has %d entry nodes" % len(found)
        return found[0]

    # --- queries -------------------------------------------------------------------------------
    def node_at(self, web, x, y):
        # Node of dark (web 0) (cx, row) or light (web 1) (x, line), or -1 if none.
        # In periodic space x wraps around.
        if self.periodic:
            x %= self.cols
        if not (0 <= x < self.cols and 0 <= y <= self.lines):
            return -1
        k = self.grid[web][y * self.cols + x]
        return -1 if k == self.n else k

    def name(self, node):
        # `D<i>.<r>` / `L<i>.<l>`: i counts the nodes of the row or line from the left.
        web = 0 if node < self.n_dark else 1
        x, y = self.xs[node], self.ys[node]
        row = self.grid[web]
        i = 1
        for xx in range(x):
            if row[y * self.cols + xx] != self.n:
                i += 1
        return "%s%d.%d" % ("DL"[web], i, y)

    def node_named(self, text):
        # The node named `text` (`D2.6`, `L3.1`; case and `D(2,6)` accepted), or -1.
        t = text.strip().upper().replace("(", "").replace(")", "").replace(",", ".").replace(" ", "")
        if len(t) < 4 or t[0] not in "DL":
            return -1
        i_text, dot, y_text = t[1:].partition(".")
        if not dot or not _digits(i_text) or not _digits(y_text):
            return -1
        web = 0 if t[0] == "D" else 1
        i, y = int(i_text), int(y_text)
        if not (1 <= y <= (self.rows if web == 0 else self.lines)):
            return -1
        row = self.grid[web]
        for x in range(self.cols):
            if row[y * self.cols + x] != self.n:
                i -= 1
                if i == 0:
                    return row[y * self.cols + x]
        return -1

    def rotate(self, node):
        # The 180-degree turn of the space: Red's half onto Blue's (§2).
        if node < self.n_dark:
            return self.node_at(0, self.cols - 1 - self.xs[node], self.lines - self.ys[node])
        return self.node_at(1, self.cols - 1 - self.xs[node], self.lines + 1 - self.ys[node])

    def node_xy(self, node):
        # Grid position for drawing: (column, height in half lines), height 0 = line 1.
        #
        # Light (x, line) -> (x, 2 * (line - 1)); dark (cx, row) -> (cx, 2 * row - 1), i.e. a
        # hexagon's centre sits halfway between its two lines.
        if node < self.n_dark:
            return self.xs[node], 2 * self.ys[node] - 1
        return self.xs[node], 2 * (self.ys[node] - 1)

    def neighbours(self, node):
        base = node * SLOTS
        return [self.adj[base + k] for k in range(self.deg[node])]

    def edge_between(self, a, b):
        base = a * SLOTS
        for k in range(self.deg[a]):
            if self.adj[base + k] == b:
                return self.edge[base + k]
        return NO_EDGE

    def hexagon_corners(self, node):
        # Light corners of dark node `node`'s hexagon (the nodes that can sequester it).
        cx, r = self.xs[node], self.ys[node]
        out = []
        for l in (r, r + 1):
            for x in (cx - 1, cx, cx + 1):
                k = self.node_at(1, x, l)
                if k >= 0:
                    out.append(k)
        return out


def filled(count, value):
    # array("H") of `count` times `value`, built from raw bytes: no temporary list (a list of
    # ints costs twice the array's memory on MicroPython).
    a = array("H", bytes(2 * count))
    if value:
        for i in range(count):
            a[i] = value
    return a


def _digits(text):
    return len(text) > 0 and all("0" <= c <= "9" for c in text)


_cache = {}


def space(name):
    # The shared tables of space `name` (built on first use; the device keeps one).
    s = _cache.get(name)
    if s is None:
        _cache.clear()
        s = _cache[name] = Space(name)
    return s
