"""Tholian Go board geometry (spec ../shared/rules/tholian_go.md §1 and §8's spaces).

One `Space` holds every table the rules need for one game space, as compact arrays.  Nodes of
both webs share one numbering so that one `bytearray` is the whole board:

    dark nodes  0 .. n_dark-1        rows bottom to top, left to right
    light nodes n_dark .. n-1        lines bottom to top, left to right
    node n                           a dummy that is always empty ("no node")

Coordinates: a light node is (x, line), x = 0..cols-1, line = 1..lines; a dark node (hexagon
centre) is (cx, row), row r lying between lines r and r+1; odd rows have even cx, even rows odd
cx.  The standard space is 12 columns x 7 lines; §8's spaces: periodic (columns wrap), wide
(24 columns), long (13 lines), square (24 x 13).  Boards joined together keep the seam corner
points (the seed's "QR-code and Go" nodes); only dangling corner points (degree 1) are dropped.

Tables (index `node * 6 + slot`, slots of a node sorted by the neighbour's notation text so a
depth-first search meets paths in notation order; unused slots hold the dummy node n):
    adj[s]   neighbour node          edge[s]  edge id        axis[s]  0..2 (a/b/c or x/y/z)
    deg[node] number of neighbours
Per edge e: ends eu[e], ev[e]; the crossing edge of the other web cross[e] (NO_EDGE if none) and
its two end nodes xu[e], xv[e] (the dummy node for an uncrossed edge, which is never blocked).

Axes, Ruling: dark a = along a row, b = up-right/down-left, c = up-left/down-right; light
x = the vertical hexagon sides, y = the sides rising to the right ("/"), z = the sides falling
to the right ("\\").

Notation (the seed's): D(i, r) is the i-th dark node of row r from the left, L(i, l) the i-th
light node of line l; written `D<i>.<r>` / `L<i>.<l>` (`L1.1` is (1, 1) on the standard board).
"""
from array import array

from micropython import const

from shared_rules.rng import Rng

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
    """All tables of one game space (built once, read-only afterwards)."""

    def __init__(self, name):
        if name not in SPACES:
            raise ValueError("unknown space '%s'" % name)
        cols, lines, periodic = SPACES[name]
        self.name = name
        self.cols = cols
        self.lines = lines
        self.rows = lines - 1
        self.periodic = periodic
        self.boards_across = cols // BOARD_COLS  # token sets per player (§8 Expanded Space)

        # --- nodes -------------------------------------------------------------------------
        dark = []
        for r in range(1, lines):
            for cx in range(cols):
                if (cx + r) % 2 == 1:  # odd rows: even cx; even rows: odd cx
                    dark.append((cx, r))
        light_edges = _light_edges(cols, lines, periodic)
        light_deg = {}
        for a, b in light_edges:
            light_deg[a] = light_deg.get(a, 0) + 1
            light_deg[b] = light_deg.get(b, 0) + 1
        # Dangling corner points (one edge only) are not nodes: (0, 1) and (cols-1, lines).
        light = [(x, l) for l in range(1, lines + 1) for x in range(cols) if light_deg.get((x, l), 0) >= 2]
        light_set = {}
        for p in light:
            light_set[p] = True
        light_edges = [e for e in light_edges if e[0] in light_set and e[1] in light_set]

        self.n_dark = nd = len(dark)
        self.n_light = len(light)
        self.n = n = nd + len(light)
        # grid[web][y * cols + x] -> node (n where there is none); y is the row or line.
        self.grid = (array("H", [n] * (cols * (lines + 1))), array("H", [n] * (cols * (lines + 1))))
        for i, p in enumerate(dark):
            self.grid[0][p[1] * cols + p[0]] = i
        for i, p in enumerate(light):
            self.grid[1][p[1] * cols + p[0]] = nd + i
        self.xs = bytes([p[0] for p in dark] + [p[0] for p in light])
        self.ys = bytes([p[1] for p in dark] + [p[1] for p in light])

        # --- edges: light sides, then dark edges (hexagons sharing a side) ------------------
        eu, ev, eaxis, cross = [], [], [], []
        light_edge_id = {}
        for a, b in light_edges:
            light_edge_id[(a, b)] = light_edge_id[(b, a)] = len(eu)
            eu.append(self.node_at(1, a[0], a[1]))
            ev.append(self.node_at(1, b[0], b[1]))
            eaxis.append(_light_axis(a, b, cols))
            cross.append(NO_EDGE)
        self.n_light_edges = len(eu)
        dark_set = {}
        for p in dark:
            dark_set[p] = True
        for cx, r in dark:
            # (neighbour hexagon, shared side's two light corners, axis)
            for (ncx, nr), side, ax in (
                ((cx + 2, r), ((cx + 1, r), (cx + 1, r + 1)), 0),
                ((cx + 1, r + 1), ((cx, r + 1), (cx + 1, r + 1)), 1),
                ((cx - 1, r + 1), ((cx - 1, r + 1), (cx, r + 1)), 2),
            ):
                if periodic:
                    ncx %= cols
                    side = ((side[0][0] % cols, side[0][1]), (side[1][0] % cols, side[1][1]))
                if (ncx, nr) not in dark_set or (side[0], side[1]) not in light_edge_id:
                    continue
                le = light_edge_id[(side[0], side[1])]
                cross[le] = len(eu)
                cross.append(le)
                eu.append(self.node_at(0, cx, r))
                ev.append(self.node_at(0, ncx, nr))
                eaxis.append(ax)
        self.n_edges = ne = len(eu)
        self.n_dark_edges = ne - self.n_light_edges
        self.eu = array("H", eu)
        self.ev = array("H", ev)
        self.cross = array("H", cross)
        self.xu = array("H", [eu[c] if c != NO_EDGE else n for c in cross])
        self.xv = array("H", [ev[c] if c != NO_EDGE else n for c in cross])

        # --- notation and its order ------------------------------------------------------------
        names = []
        for node in range(n):
            web = 0 if node < nd else 1
            x, y = self.xs[node], self.ys[node]
            i = 1  # position from the left in its row / line
            for xx in range(x):
                if self.grid[web][y * cols + xx] != n:
                    i += 1
            names.append("%s%d.%d" % ("DL"[web], i, y))
        self.names = names
        order = sorted(range(n), key=lambda k: names[k])
        rank = [0] * n
        for i, node in enumerate(order):
            rank[node] = i
        self.node_by_name = {}
        for node in range(n):
            self.node_by_name[names[node]] = node

        # --- adjacency, slots in notation order of the neighbour ----------------------------
        nbrs = [[] for _ in range(n)]
        for e in range(ne):
            a, b = eu[e], ev[e]
            nbrs[a].append((rank[b], b, e))
            nbrs[b].append((rank[a], a, e))
        adj = array("H", [n] * (n * SLOTS))
        edge = array("H", [NO_EDGE] * (n * SLOTS))
        axis = bytearray(n * SLOTS)
        deg = bytearray(n)
        for node in range(n):
            lst = sorted(nbrs[node])
            deg[node] = len(lst)
            for k, item in enumerate(lst):
                adj[node * SLOTS + k] = item[1]
                edge[node * SLOTS + k] = item[2]
                axis[node * SLOTS + k] = eaxis[item[2]]
        self.adj = adj
        self.edge = edge
        self.axis = axis
        self.deg = bytes(deg)

        # --- double-circled nodes, entry nodes, start (§2), chain endpoints (§8) ------------
        rot = self.rotate
        self.entry = {}
        red_targets, red_start = [], []
        for b in range(self.boards_across):
            x0 = b * BOARD_COLS
            # Dark row 1 and light line 1, without the board's corner point x0 (a seam node
            # of joined boards, not a dot).
            for x in range(x0, x0 + BOARD_COLS):
                k = self.node_at(0, x, 1)
                if k >= 0:
                    red_start.append(k)
                if x > x0:
                    red_start.append(self.node_at(1, x, 1))
            red_start += [self.node_at(1, x0 + x, 2) for x in (2, 6, 10)]
            # Red's target: Blue's double-circled node, the turn of Red's (6, 1) on this board.
            red_targets.append(self.node_at(1, cols - 1 - (x0 + 6), lines))
        red_start.sort()
        self.start = (tuple(red_start), tuple(sorted(rot(k) for k in red_start)))
        red_targets.sort()
        self.targets = (tuple(red_targets), tuple(sorted(rot(k) for k in red_targets)))
        for t in self.targets[0] + self.targets[1]:
            self.entry[t] = self._entry_of(t)
        # Zobrist keys (30 bits: small ints on MicroPython), node * 2 + colour - 1.
        r = Rng(20240601)
        self.zkeys = array("l", [r.next32() & 0x3FFFFFFF for _ in range(2 * n)])
        ends_low = [self.node_at(1, x, 1) for x in range(cols) if x % BOARD_COLS in (1, 3, 5, 7, 9)]
        ends_high = [self.node_at(1, x, lines) for x in range(cols) if x % BOARD_COLS in (2, 4, 6, 8, 10)]
        self.chain_ends = (tuple(ends_low), tuple(ends_high))

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
    def is_dark(self, node):
        return node < self.n_dark

    def node_at(self, web, x, y):
        """Node of dark (web 0) (cx, row) or light (web 1) (x, line), or -1 if none.

        In periodic space x wraps around."""
        if self.periodic:
            x %= self.cols
        if not (0 <= x < self.cols and 0 <= y <= self.lines):
            return -1
        k = self.grid[web][y * self.cols + x]
        return -1 if k == self.n else k

    def rotate(self, node):
        """The 180-degree turn of the space: Red's half onto Blue's (§2)."""
        if node < self.n_dark:
            return self.node_at(0, self.cols - 1 - self.xs[node], self.lines - self.ys[node])
        return self.node_at(1, self.cols - 1 - self.xs[node], self.lines + 1 - self.ys[node])

    def node_xy(self, node):
        """Grid position for drawing: (column, height in half lines), height 0 = line 1.

        Light (x, line) -> (x, 2 * (line - 1)); dark (cx, row) -> (cx, 2 * row - 1), i.e. a
        hexagon's centre sits halfway between its two lines.
        """
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
        """Light corners of dark node `node`'s hexagon (the nodes that can sequester it)."""
        cx, r = self.xs[node], self.ys[node]
        out = []
        for l in (r, r + 1):
            for x in (cx - 1, cx, cx + 1):
                k = self.node_at(1, x, l)
                if k >= 0:
                    out.append(k)
        return out


def _light_edges(cols, lines, periodic):
    """Hexagon sides as pairs of (x, line) points, before dangling corners are dropped."""
    out = []
    for l in range(1, lines + 1):
        for x in range(cols if periodic else cols - 1):
            out.append(((x, l), ((x + 1) % cols, l)))
    seen = {}
    for r in range(1, lines):
        for cx in range(cols):
            if (cx + r) % 2 != 1:
                continue
            for x in (cx - 1, cx + 1):
                if periodic:
                    x %= cols
                if 0 <= x < cols and (x, r) not in seen:
                    seen[(x, r)] = True
                    out.append(((x, r), (x, r + 1)))
    return out


def _light_axis(a, b, cols):
    """x for a vertical side; along a line y if it rises to the right, z if it falls."""
    if a[1] != b[1]:
        return 0
    line = a[1]
    left = a[0] if (a[0] + 1) % cols == b[0] else b[0]
    # A valley (lowest corner of the hexagon above, row `line`) has the parity of that row's
    # hexagon centres: odd lines have their valleys at even x.
    valley = (left + line) % 2 == 1
    return 1 if valley else 2


_cache = {}


def space(name):
    """The shared tables of space `name` (built on first use; the device keeps one)."""
    s = _cache.get(name)
    if s is None:
        _cache.clear()
        s = _cache[name] = Space(name)
    return s
