# docs/rules/lazo.md §3 taken literally: "The mover wins when some cycle of Own and some cycle of Free
# are linked, i.e. the Free cycle passes through the Own loop an odd number of times."
#
# (Cycles are the seed's continuous paths, 'a sequence of spaces that are each adjacent to the
# next', closed.)  This test computes exactly that, with geometry and no homology: every Own
# cycle (a basis: the fundamental cycles of a spanning tree) becomes a polygon through the
# centres of its spaces (through the board: straight down, along under the board, straight up);
# a cone from a random point spans it; each Free edge (between adjacent free spaces; to the open air: out through the
# missing neighbour, then straight up) is given the parity of its crossings with that cone.  A
# Free cycle passes through the Own cycle an odd number of times iff the parities along it sum
# to 1, so some Free cycle does iff the parities are not a coboundary on the Free graph.
# The module's answer (the spec's homology formula) must agree on every position.
#
# Needs numpy: CPython only (under the MicroPython VM this test returns at once).
from shared_rules.lazo.rules import Lazo, N_SPACES, space_kij
from shared_rules.rng import Rng
from rules_support import ON_MICROPYTHON, scaled
from test_lazo_random import AT, NEIGHBOUR_STEPS, POS
from test_lazo import ARCH, FOOT2, RING1, RING2

BOARD = -1
AIR = -2
UP = (1.0, 1.0, 1.0)  # the normal of the levels: level = (x + y + z) / 2 + 1


def _level(p):
    return (p[0] + p[1] + p[2]) // 2 + 1


def own_polygons(cells, colour):
    """The fundamental cycles of Own (tiles + the board) as closed polygons (lists of points)."""
    own = [s for s in range(N_SPACES) if cells[s] == colour]
    adj = dict((s, []) for s in own)
    own_set = set(own)
    for s in own:
        x, y, z = POS[s]
        for dx, dy, dz in NEIGHBOUR_STEPS:
            n = AT.get((x + dx, y + dy, z + dz))
            if n in own_set:
                adj[s].append(n)
    adj[BOARD] = [s for s in own if space_kij(s)[0] == 1]
    for s in adj[BOARD]:
        adj[s].append(BOARD)
    parent, depth, order = {}, {}, []
    for root in [BOARD] + own:
        if root in parent:
            continue
        parent[root], depth[root] = None, 0
        order.append(root)
        head = len(order) - 1
        while head < len(order):
            u = order[head]
            head += 1
            for v in adj[u]:
                if v not in parent:
                    parent[v], depth[v] = u, depth[u] + 1
                    order.append(v)
    polygons = []
    seen = set()
    for u in adj:
        for v in adj[u]:
            if parent.get(v) == u or parent.get(u) == v or (v, u) in seen:
                continue
            seen.add((u, v))
            a, b, left, right = u, v, [u], [v]
            while a != b:  # walk both ends up the tree to their common ancestor
                if depth[a] >= depth[b]:
                    a = parent[a]
                    left.append(a)
                else:
                    b = parent[b]
                    right.append(b)
            cycle = left + right[-2::-1]
            polygons.append(_points(cycle))
    return polygons


def _below(s):
    x, y, z = POS[s]
    return (x - 3.0, y - 3.0, z - 3.0)  # under the board (level 1 has x + y + z = 0)


def _points(cycle):
    pts = []
    n = len(cycle)
    for q in range(n):
        v = cycle[q]
        if v == BOARD:
            pts.append(_below(cycle[q - 1]))
            pts.append(_below(cycle[(q + 1) % n]))
        else:
            pts.append(tuple(float(c) for c in POS[v]))
    return pts


def free_graph(cells, colour):
    """Free edges as (a, b, [segments]); a, b are spaces or AIR."""
    edges = []
    for s in range(N_SPACES):
        if cells[s] == colour:
            continue
        x, y, z = POS[s]
        out = None
        for dx, dy, dz in NEIGHBOUR_STEPS:
            q = (x + dx, y + dy, z + dz)
            n = AT.get(q)
            if n is None:
                if _level(q) >= 1 and out is None:
                    out = q
            elif n > s and cells[n] != colour:
                edges.append((s, n, [(POS[s], q)]))
        if out is not None:
            # To the air: out through the missing neighbour, then straight up, far above the
            # stack (where every route meets; nothing up there can cross a cone below).
            lift = 40 - (out[0] + out[1] + out[2]) // 3
            top = (out[0] + lift, out[1] + lift, out[2] + lift)
            edges.append((s, AIR, [(POS[s], out), (out, top)]))
    return edges


def crossing_parities(np, polygon, seg_a, seg_b, owner, n_edges, rng):
    """Parity, per free edge, of crossings with a cone from a random point over the polygon."""
    pts = np.array(polygon)
    for _ in range(20):
        apex = pts.mean(axis=0) + np.array([rng.below(1000) - 500 for _ in range(3)]) * 0.0007
        tri_a = np.broadcast_to(apex, pts.shape)
        tri_b, tri_c = pts, np.roll(pts, -1, axis=0)
        d = seg_b - seg_a
        e1, e2 = tri_b - tri_a, tri_c - tri_a
        # Moller-Trumbore, all segments x all triangles.
        h = np.cross(d[:, None, :], e2[None, :, :])
        det = np.einsum("nk,mnk->mn", e1, h)
        ok = np.abs(det) > 1e-12
        inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
        s = seg_a[:, None, :] - tri_a[None, :, :]
        u = inv * np.einsum("mnk,mnk->mn", s, h)
        q = np.cross(s, e1[None, :, :])
        v = inv * np.einsum("mk,mnk->mn", d, q)
        t = inv * np.einsum("nk,mnk->mn", e2, q)
        margin = np.minimum(np.minimum(u, v), np.minimum(1 - u - v, np.minimum(t, 1 - t)))
        if np.any(ok & (np.abs(margin) < 1e-7)):
            continue  # a segment grazes the cone: choose another apex
        hits = (ok & (margin > 0)).sum(axis=1) & 1
        parity = np.zeros(n_edges, dtype=np.int64)
        np.add.at(parity, owner, hits)
        return parity & 1
    raise AssertionError("no generic cone apex found")


def linked(cells, colour, rng):
    """Spec §3 by the definition: some Own cycle and some Free cycle are linked."""
    import numpy as np
    polygons = own_polygons(cells, colour)
    if not polygons:
        return False
    edges = free_graph(cells, colour)
    seg_a, seg_b, owner = [], [], []
    for q, (_, _, segments) in enumerate(edges):
        for a, b in segments:
            seg_a.append(a)
            seg_b.append(b)
            owner.append(q)
    seg_a, seg_b = np.array(seg_a, dtype=float), np.array(seg_b, dtype=float)
    owner = np.array(owner)
    adj = {}
    for q, (a, b, _) in enumerate(edges):
        adj.setdefault(a, []).append((b, q))
        adj.setdefault(b, []).append((a, q))
    for polygon in polygons:
        parity = crossing_parities(np, polygon, seg_a, seg_b, owner, len(edges), rng)
        if not _is_coboundary(adj, parity):
            return True
    return False


def _is_coboundary(adj, parity):
    side = {}
    for root in adj:
        if root in side:
            continue
        side[root] = 0
        stack = [root]
        while stack:
            a = stack.pop()
            for b, q in adj[a]:
                want = side[a] ^ int(parity[q])
                if b not in side:
                    side[b] = want
                    stack.append(b)
                elif side[b] != want:
                    return False
    return True


def _position(black, white):
    from shared_rules.lazo.rules import parse_space
    cells = bytearray(N_SPACES)
    for t in black:
        cells[parse_space(t)] = 1
    for t in white:
        cells[parse_space(t)] = 2
    return cells


def test_required_cases_by_the_definition():
    """§3 required cases, decided by linking itself (not by the module)."""
    if ON_MICROPYTHON:
        return
    rng = Rng(7)
    a = ARCH
    assert linked(_position([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"], a["B"]]), 2, rng)
    assert not linked(_position([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"]]), 2, rng)
    assert not linked(_position([a["D"]], [a["C"], a["F"], a["E"], a["G"], a["A"], a["B"]]), 2, rng)
    assert not linked(_position(RING1, []), 1, rng)
    assert linked(_position(FOOT2 + RING2, ["1.6.3", "1.5.3"]), 1, rng)
    assert not linked(_position(FOOT2 + RING2[:5], ["1.6.3", "1.5.3"]), 1, rng)
    assert not linked(_position(["1.7.3", "1.6.4", "2.6.4", "2.7.3"], ["1.7.4", "1.6.5", "1.8.3"]), 1, rng)
    assert not linked(_position(RING1 + ["2.7.4", "2.6.4", "2.7.3"], ["1.7.4"]), 1, rng)


def test_homology_formula_equals_linking_on_random_stacks():
    """§3: the module's computation (the spec's H1 formula) and the definition agree, for both
    colours, on random stacks of 20..110 tiles built mostly upwards."""
    if ON_MICROPYTHON:
        return
    rng = Rng(2024)
    wins = 0
    for trial in range(scaled(30, 0)):
        game = Lazo()
        for _ in range(20 + rng.below(90)):
            spaces = [s for s in range(N_SPACES) if not game.cells[s] and game.supported[s] == 3]
            upper = [s for s in spaces if s >= 145]
            pool = upper if upper and rng.below(3) else spaces
            game._put(pool[rng.below(len(pool))], 1 + rng.below(2))
        for player in (0, 1):
            expected = linked(game.cells, player + 1, rng)
            wins += expected
            assert game.has_loop(player) == expected, (trial, player, game.encode())
    assert wins > 0
