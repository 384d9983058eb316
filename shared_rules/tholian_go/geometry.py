# Tholian Go board geometry (docs/rules/tholian_go.md §1 and §8's spaces).
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
#     adj[s]   neighbour node          edge[s]  edge id        axis[s]  0..2 (a/b/c or x/y/z;
#                                                              only if built with axes=True)
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

from shared_rules.game import number_of

NO_EDGE = const(0xFFFF)
SLOTS = const(6)
BOARD_COLS = const(12)  # one printed board: 12 columns, 7 lines
# The special decisions' words, by number: the rules and the text module both read them.
SPECIAL_NAMES = ("end", "pass", "offer", "accept", "decline")

# space name -> (columns, lines, periodic)
SPACES = {
    "standard": (12, 7, False),
    "periodic": (12, 7, True),
    "wide": (24, 7, False),
    "long": (12, 13, False),
    "square": (24, 13, False),
}


class Space:
    # All tables of one game space (built once, read-only afterwards, by tholian_go/build.py or
    # read from the build's data by tholian_go/setup.py).
    # (Annotations without a value compile to nothing on MicroPython; they are for the checker.)
    space_name: str
    cols: int
    lines: int
    rows: int
    periodic: bool
    boards_across: int
    n_dark: int
    n_light: int
    n: int
    grid: tuple
    xs: bytearray
    ys: bytearray
    adj: array
    edge: array
    axis: bytearray  # empty unless built with axes=True
    deg: bytearray
    eu: array
    ev: array
    cross: array
    xu: array
    xv: array
    n_edges: int
    n_light_edges: int
    n_dark_edges: int
    start: tuple
    targets: tuple
    entry: dict
    chain_ends: tuple
    zkeys: array

    def __init__(self, name, axes=True):
        # `axes`: build the axis table too (only Oracle's dice need it: 6 bytes per node).
        if name not in SPACES:
            raise ValueError("unknown space '%s'" % name)
        # The board's build ships the tables as data (tholian_go_setup.load_space); else built.
        if not run_once("setup", "load_space", self, name, axes):
            run_once("build", "build", self, name, axes)

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
        if not 4 <= len(t) <= 12 or t[0] not in "DL":     # (int() refuses 4,300 digits on CPython)
            return -1
        i_text, dot, y_text = t[1:].partition(".")
        i, y = number_of(i_text), number_of(y_text)
        if not dot or i < 0 or y < 0:
            return -1
        web = 0 if t[0] == "D" else 1
        if not (1 <= y <= (self.rows if web == 0 else self.lines)):
            return -1
        row = self.grid[web]
        for x in range(self.cols):
            if row[y * self.cols + x] != self.n:
                i -= 1
                if i == 0:
                    return row[y * self.cols + x]
        return -1

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


def filled(count, value, code="H"):
    # array(code) ("H", or "B" when every value < 256) of `count` times `value`, built from
    # raw bytes: no temporary list (a list of ints costs twice the array's memory on MicroPython).
    a = array(code, bytes(count * (1 if code == "B" else 2)))
    if value and count:
        # Doubled in C: a loop per value is slow on the device.
        a[0] = value
        done = 1
        while done < count:
            step = min(done, count - done)
            a[done:done + step] = a[0:step]
            done += step
    return a


def run_once(module, function, *args):
    # Imports shared_rules.tholian_go.<module>, calls its `function` and forgets the module again:
    # code run once per game (building a space's tables, setting up a game) then leaves the heap,
    # where on the device it would otherwise stay for the whole game (~10 KB compiled from source).
    import sys
    name = "shared_rules.tholian_go." + module
    try:
        return getattr(__import__(name, None, None, [function]), function)(*args)
    finally:
        sys.modules.pop(name, None)
        package = sys.modules["shared_rules.tholian_go"]
        if module in package.__dict__:
            delattr(package, module)


_cache = {}


def space(name, axes=True):
    # The shared tables of space `name` (built on first use; the device keeps one), with the
    # axis table if `axes`.
    s = _cache.get(name)
    if s is None or (axes and not s.axis):
        _cache.clear()
        s = _cache[name] = Space(name, axes)
    return s
