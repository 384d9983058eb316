# Builds the tables of a Tholian Go space (tholian_go_geometry.Space explains them); also the
# geometry that only building and the tests need (rotate, hexagon_corners).  Space() imports this
# module, runs build() and forgets the module again, so its code leaves the device's heap; on a
# board's build Space() reads the tables from data instead (tholian_go_tables.py).
#
# Node tables use array("B") when every node number, the dummy n included, fits in a byte
# (all spaces but the 2 x 2 square), edge tables when every edge number does (the standard and
# periodic spaces); `cross` stays array("H") for its NO_EDGE.
from array import array

from shared_rules.tholian_go.geometry import BOARD_COLS, NO_EDGE, SLOTS, SPACES, filled


def build(sp, name, axes):
    cols, lines, periodic = SPACES[name]
    sp.space_name = name
    sp.cols = cols
    sp.lines = lines
    sp.rows = lines - 1
    sp.periodic = periodic
    sp.boards_across = cols // BOARD_COLS  # token sets per player (§8 Expanded Space)

    # --- nodes: grid[web][y * cols + x] -> node, or n where there is none ---------------------
    nd = 0
    for r in range(1, lines):
        for cx in range(cols):
            if (cx + r) % 2 == 1:  # odd rows: even cx; even rows: odd cx
                nd += 1
    n = nd + cols * lines - (0 if periodic else 2)
    sp.n_dark = nd
    sp.n_light = n - nd
    sp.n = n
    node_code = "B" if n < 256 else "H"
    size = cols * (lines + 1)
    sp.grid = (filled(size, n, node_code), filled(size, n, node_code))
    sp.xs = bytearray(n)
    sp.ys = bytearray(n)
    k = 0
    for r in range(1, lines):
        for cx in range(cols):
            if (cx + r) % 2 == 1:
                _add_node(sp, 0, cx, r, k)
                k += 1
    for l in range(1, lines + 1):
        for x in range(cols):
            if periodic or not ((x == 0 and l == 1) or (x == cols - 1 and l == lines)):
                _add_node(sp, 1, x, l, k)
                k += 1

    # --- edges: light sides first, then dark edges (hexagons sharing a side) -----------------
    # Edge numbers are collected as array("H") first (their count decides the type), then packed.
    sp.adj = filled(n * SLOTS, n, node_code)
    edge = filled(n * SLOTS, NO_EDGE)
    sp.axis = bytearray(n * SLOTS if axes else 0)
    sp.deg = bytearray(n)
    eu, ev, cross = array("H"), array("H"), array("H")
    ends = (eu, ev, cross, edge)
    for l in range(1, lines + 1):
        for x in range(cols):
            a = sp.node_at(1, x, l)
            b = sp.node_at(1, x + 1, l) if (periodic or x + 1 < cols) else -1
            if a >= 0 and b >= 0:
                # A valley (lowest corner of a hexagon of row `l`) has the parity of that
                # row's centres: from a valley the side rises (y), from a peak it falls (z).
                _add_edge(sp, ends, a, b, 1 if (x + l) % 2 == 1 else 2)
            if l < lines and (x + l) % 2 == 0:
                a, b = sp.node_at(1, x, l), sp.node_at(1, x, l + 1)
                if a >= 0 and b >= 0:
                    _add_edge(sp, ends, a, b, 0)
    sp.n_light_edges = len(eu)
    for r in range(1, lines):
        for cx in range(cols):
            if (cx + r) % 2 != 1:
                continue
            a = sp.node_at(0, cx, r)
            # Along the row (axis a): the shared side is the vertical at cx + 1.
            _add_dark_edge(sp, ends, a, sp.node_at(0, cx + 2, r), sp.node_at(1, cx + 1, r),
                           sp.node_at(1, cx + 1, r + 1), 0)
            # Up-right (b) and up-left (c): the shared side lies on line r + 1.
            _add_dark_edge(sp, ends, a, sp.node_at(0, cx + 1, r + 1), sp.node_at(1, cx, r + 1),
                           sp.node_at(1, cx + 1, r + 1), 1)
            _add_dark_edge(sp, ends, a, sp.node_at(0, cx - 1, r + 1), sp.node_at(1, cx - 1, r + 1),
                           sp.node_at(1, cx, r + 1), 2)
    ne = len(eu)
    sp.n_edges = ne
    sp.n_dark_edges = ne - sp.n_light_edges
    if ne < 256:
        # Unused slots (0) are never read: loops stop at deg.
        sp.edge = array("B", [e if e != NO_EDGE else 0 for e in edge])
    else:
        sp.edge = edge
    sp.eu = eu if node_code == "H" else array("B", eu)
    sp.ev = ev if node_code == "H" else array("B", ev)
    sp.cross = cross
    sp.xu = filled(ne, n, node_code)
    sp.xv = filled(ne, n, node_code)
    for e in range(ne):
        c = cross[e]
        if c != NO_EDGE:
            sp.xu[e] = eu[c]
            sp.xv[e] = ev[c]

    # --- double-circled nodes, entry nodes, start (§2), chain endpoints (§8) ----------------
    red_start, red_targets = [], []
    for b in range(sp.boards_across):
        x0 = b * BOARD_COLS
        # Dark row 1 and light line 1, without the board's corner point x0 (a seam node of
        # joined boards, not a dot), plus (2,2), (6,2), (10,2).
        for x in range(x0, x0 + BOARD_COLS):
            k = sp.node_at(0, x, 1)
            if k >= 0:
                red_start.append(k)
            if x > x0:
                red_start.append(sp.node_at(1, x, 1))
        for x in (2, 6, 10):
            red_start.append(sp.node_at(1, x0 + x, 2))
        # Red's target: Blue's double-circled node, the turn of Red's (6, 1) on this board.
        red_targets.append(sp.node_at(1, cols - 1 - (x0 + 6), lines))
    blue_start = [rotate(sp, k) for k in red_start]
    blue_targets = [rotate(sp, k) for k in red_targets]
    red_start.sort()
    blue_start.sort()
    red_targets.sort()
    blue_targets.sort()
    sp.start = (tuple(red_start), tuple(blue_start))
    sp.targets = (tuple(red_targets), tuple(blue_targets))
    sp.entry = {}
    for t in red_targets + blue_targets:
        sp.entry[t] = _entry_of(sp, t)
    # Chain's endpoints (revised ruling): L2.1 ... L10.1 and L2.7 ... L10.7, per board the five
    # nodes of each end line with no edge into the board (the shortest chain is then fourteen
    # tokens).  Line 1 lacks the corner node x = 0, so its names are x, the top line's x + 1.
    ends_low = [sp.node_at(1, x, 1) for x in range(cols) if x % BOARD_COLS in (2, 4, 6, 8, 10)]
    ends_high = [sp.node_at(1, x, lines) for x in range(cols) if x % BOARD_COLS in (1, 3, 5, 7, 9)]
    sp.chain_ends = (tuple(ends_low), tuple(ends_high))
    # Zobrist keys: a 30-bit xorshift whose values stay small ints on MicroPython.
    zk = array("i", bytes(8 * n))  # 2n 32-bit ints on every VM
    x = 0x2545F49
    for i in range(2 * n):
        x ^= (x & 0x1FFFF) << 13
        x ^= x >> 17
        x ^= (x & 0x1FFFFFF) << 5
        zk[i] = x
    sp.zkeys = zk


def _add_node(sp, web, x, y, k):
    sp.grid[web][y * sp.cols + x] = k
    sp.xs[k] = x
    sp.ys[k] = y


def _add_edge(sp, ends, a, b, ax):
    # Both ends' slots written out (a loop over a tuple of pairs allocated per edge).
    eu, ev, cross, edge = ends
    e = len(eu)
    eu.append(a)
    ev.append(b)
    cross.append(NO_EDGE)
    adj = sp.adj
    deg = sp.deg
    s = a * SLOTS + deg[a]
    t = b * SLOTS + deg[b]
    adj[s] = b
    adj[t] = a
    edge[s] = e
    edge[t] = e
    if len(sp.axis):
        sp.axis[s] = ax
        sp.axis[t] = ax
    deg[a] += 1
    deg[b] += 1
    return e


def _add_dark_edge(sp, ends, a, b, side_a, side_b, ax):
    # Only hexagons that exist and share a side that exists are joined.
    if b < 0 or side_a < 0 or side_b < 0:
        return
    edge = ends[3]
    side = NO_EDGE
    for s in range(side_a * SLOTS, side_a * SLOTS + sp.deg[side_a]):
        if sp.adj[s] == side_b:
            side = edge[s]
    if side == NO_EDGE:
        return
    cross = ends[2]
    e = _add_edge(sp, ends, a, b, ax)
    cross[e] = side
    cross[side] = e


def _entry_of(sp, target):
    # The one dark node whose hexagon has the target as a corner.
    x, l = sp.xs[target], sp.ys[target]
    found = []
    for r in (l - 1, l):
        for cx in (x - 1, x, x + 1):
            k = sp.node_at(0, cx, r)
            if k >= 0:
                found.append(k)
    if len(found) != 1:  # (not an assert: the device's build compiles asserts away)
        raise ValueError("target has %d entry nodes" % len(found))
    return found[0]


def rotate(sp, node):
    # The 180-degree turn of the space: Red's half onto Blue's (§2).
    if node < sp.n_dark:
        return sp.node_at(0, sp.cols - 1 - sp.xs[node], sp.lines - sp.ys[node])
    return sp.node_at(1, sp.cols - 1 - sp.xs[node], sp.lines + 1 - sp.ys[node])


def hexagon_corners(sp, node):
    # Light corners of dark node `node`'s hexagon (the nodes that can sequester it).
    cx, r = sp.xs[node], sp.ys[node]
    out = []
    for l in (r, r + 1):
        for x in (cx - 1, cx, cx + 1):
            k = sp.node_at(1, x, l)
            if k >= 0:
                out.append(k)
    return out
