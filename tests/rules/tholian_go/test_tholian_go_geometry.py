# Tholian Go board geometry: docs/rules/tholian_go.md §1 (check figures, notation)
# and the spaces of §8 (Periodic Space, Expanded Space).
from shared_rules.tholian_go.build import hexagon_corners, rotate
from shared_rules.tholian_go.geometry import NO_EDGE, SLOTS, Space, space


def histogram(values):
    out = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def light_nodes(g):
    return range(g.n_dark, g.n)


def dark_nodes(g):
    return range(g.n_dark)


def test_node_counts_82_light_36_dark():
    """§1: 82 light nodes (84 points minus the dangling corners (0,1) and (11,7)), 36 dark."""
    g = space("standard")
    assert g.n_light == 82 and g.n_dark == 36
    assert g.node_at(1, 0, 1) < 0 and g.node_at(1, 11, 7) < 0
    assert g.node_at(1, 11, 1) >= 0 and g.node_at(1, 0, 7) >= 0


def test_seed_rows_1_and_7_have_eleven_nodes_the_others_twelve():
    """Seed: "rows 1 and 7 have eleven nodes and the other rows have 12, and row 7 has its
    members offset from the other rows"."""
    g = space("standard")
    per_line = histogram(g.ys[k] for k in light_nodes(g))
    assert per_line == {1: 11, 2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 11}
    line1 = sorted(g.xs[k] for k in light_nodes(g) if g.ys[k] == 1)
    line7 = sorted(g.xs[k] for k in light_nodes(g) if g.ys[k] == 7)
    assert line1 == list(range(1, 12)) and line7 == list(range(0, 11))  # shifted one left


def test_dark_rows_six_nodes_alternating_columns():
    """§1: dark row r between lines r and r+1; odd rows at even cx, even rows at odd cx."""
    g = space("standard")
    for r in range(1, 7):
        xs = sorted(g.xs[k] for k in dark_nodes(g) if g.ys[k] == r)
        assert xs == (list(range(0, 11, 2)) if r % 2 else list(range(1, 12, 2))), r


def test_edge_counts_111_light_85_dark_26_uncrossed():
    """§1: 111 light edges, 85 dark edges; each dark edge crosses exactly one light edge, each
    light edge is crossed by at most one; the 26 outline edges are crossed by none."""
    g = space("standard")
    assert g.n_light_edges == 111 and g.n_dark_edges == 85
    crossed = [0] * g.n_edges
    for e in range(g.n_light_edges, g.n_edges):
        c = g.cross[e]
        assert c != NO_EDGE and c < g.n_light_edges
        assert g.cross[c] == e
        crossed[c] += 1
    assert max(crossed) == 1
    uncrossed = [e for e in range(g.n_light_edges) if g.cross[e] == NO_EDGE]
    assert len(uncrossed) == 26
    # The uncrossed edges are exactly the outline: lines 1 and 7 and the verticals at the
    # left and right borders.
    for e in uncrossed:
        a, b = g.eu[e], g.ev[e]
        on_outline_line = g.ys[a] == g.ys[b] and g.ys[a] in (1, 7)
        border_vertical = g.xs[a] == g.xs[b] and g.xs[a] in (0, 11)
        assert on_outline_line or border_vertical


def test_crossing_edges_are_geometrically_right():
    """§1: a dark edge joins two hexagons sharing a side and crosses that side."""
    g = space("standard")
    for e in range(g.n_light_edges, g.n_edges):
        a, b = g.eu[e], g.ev[e]
        side = g.cross[e]
        corners = set(hexagon_corners(g, a)) & set(hexagon_corners(g, b))
        assert corners == {g.eu[side], g.ev[side]}


def test_check_figures_degrees_and_hexagon_corners():
    """§1 check figures: light degrees {2: 24, 3: 58}; dark degrees {2: 2, 3: 6, 4: 8, 5: 4,
    6: 16}; hexagon corner counts {3: 2, 4: 4, 6: 30}."""
    g = space("standard")
    assert histogram(g.deg[k] for k in light_nodes(g)) == {2: 24, 3: 58}
    assert histogram(g.deg[k] for k in dark_nodes(g)) == {2: 2, 3: 6, 4: 8, 5: 4, 6: 16}
    assert histogram(len(hexagon_corners(g, k)) for k in dark_nodes(g)) == {3: 2, 4: 4, 6: 30}


def test_seed_six_light_around_most_dark_four_at_edges():
    """Seed: "Most dark nodes require six light nodes covered around it to sequester it" and
    "four light-web tokens can sequester a dark-web token using an edge"."""
    g = space("standard")
    for k in dark_nodes(g):
        n = len(hexagon_corners(g, k))
        if g.xs[k] in (0, 11):
            assert n in (3, 4)
        else:
            assert n == 6


def test_seed_three_dark_around_most_light_nodes():
    """Seed: "Most light nodes require three dark nodes in a triangle around it"."""
    g = space("standard")
    around = {}
    for d in dark_nodes(g):
        for k in hexagon_corners(g, d):
            around[k] = around.get(k, 0) + 1
    counts = histogram(around[k] for k in light_nodes(g))
    assert max(counts, key=lambda c: counts[c]) == 3
    # A light node with three dark nodes around it: they form a triangle in the dark web.
    for k in light_nodes(g):
        ds = [d for d in dark_nodes(g) if k in hexagon_corners(g, d)]
        if len(ds) == 3:
            for i in range(3):
                assert ds[(i + 1) % 3] in g.neighbours(ds[i])


def test_axes_one_light_edge_per_axis_and_dark_directions():
    """§1 axes: each light node has at most one edge per axis (x, y, z); dark axis a runs along
    a row, b up-right/down-left, c up-left/down-right (two directions each)."""
    g = space("standard")
    for k in light_nodes(g):
        axes = [g.axis[k * SLOTS + s] for s in range(g.deg[k])]
        assert len(set(axes)) == len(axes)
        for s in range(g.deg[k]):
            v = g.adj[k * SLOTS + s]
            if g.axis[k * SLOTS + s] == 0:
                assert g.xs[v] == g.xs[k] and g.ys[v] != g.ys[k]  # x: vertical side
            else:
                assert g.ys[v] == g.ys[k]
    for k in dark_nodes(g):
        for s in range(g.deg[k]):
            v = g.adj[k * SLOTS + s]
            dx, dy = g.xs[v] - g.xs[k], g.ys[v] - g.ys[k]
            expect = {(2, 0): 0, (-2, 0): 0, (1, 1): 1, (-1, -1): 1, (-1, 1): 2, (1, -1): 2}
            assert expect[(dx, dy)] == g.axis[k * SLOTS + s]
        assert len([s for s in range(g.deg[k]) if g.axis[k * SLOTS + s] == 0]) <= 2


def test_light_axes_y_rises_z_falls():
    """Axes ruling: along a line, y sides rise to the right and z sides fall.  Line 1's valleys
    (lowest corners of row 1 hexagons) are at even x: (2,1)-(3,1) rises."""
    g = space("standard")
    a, b = g.node_at(1, 2, 1), g.node_at(1, 3, 1)
    assert g.axis[a * SLOTS + [g.adj[a * SLOTS + s] for s in range(g.deg[a])].index(b)] == 1
    c = g.node_at(1, 4, 1)
    assert g.axis[b * SLOTS + [g.adj[b * SLOTS + s] for s in range(g.deg[b])].index(c)] == 2
    # Along a line y and z alternate; every light node with 3 edges has one of each axis.
    for k in light_nodes(g):
        if g.deg[k] == 3:
            assert sorted(g.axis[k * SLOTS + s] for s in range(3)) == [0, 1, 2]


def test_seed_dark_notation():
    """Seed "Dark Web Notation": D(1,1) is the lowest-leftmost dark node; up the left edge
    D(1,2) .. D(1,6); to the right D(2,1) .. D(6,1); D(x, y) = column x, row y."""
    g = space("standard")
    d11 = g.node_named("D1.1")
    assert (g.xs[d11], g.ys[d11]) == (0, 1)
    for r in range(1, 7):
        k = g.node_named("D1.%d" % r)
        assert g.ys[k] == r and g.xs[k] == min(g.xs[j] for j in dark_nodes(g) if g.ys[j] == r)
    for i in range(1, 7):
        k = g.node_named("D%d.1" % i)
        assert (g.xs[k], g.ys[k]) == (2 * (i - 1), 1)
    assert (g.xs[g.node_named("D6.6")], g.ys[g.node_named("D6.6")]) == (11, 6)


def test_seed_light_notation_both_ways():
    """Seed "Light Web Notation" / §1: L(1,1) is the lowest leftmost light node, point (1,1);
    L(1,7) is (0,7); names and nodes convert both ways for every node."""
    g = space("standard")
    assert (g.xs[g.node_named("L1.1")], g.ys[g.node_named("L1.1")]) == (1, 1)
    assert (g.xs[g.node_named("L1.7")], g.ys[g.node_named("L1.7")]) == (0, 7)
    assert (g.xs[g.node_named("L11.1")], g.ys[g.node_named("L11.1")]) == (11, 1)
    assert (g.xs[g.node_named("L12.4")], g.ys[g.node_named("L12.4")]) == (11, 4)
    assert g.node_named("L12.1") < 0 and g.node_named("L12.7") < 0 and g.node_named("D7.1") < 0
    assert g.node_named("l3.2") == g.node_named("L(3, 2)") == g.node_named("L3.2") >= 0
    assert g.node_named("L3") < 0 and g.node_named("X1.1") < 0 and g.node_named("L1.8") < 0
    for k in range(g.n):
        assert g.node_named(g.name(k)) == k


def test_seed_string_example_row_three():
    """Seed: "D(R(1,3), B(2,3), B(3,3))" is a string on the first, second and third nodes of
    row three: consecutive neighbours along axis a."""
    g = space("standard")
    a, b, c = g.node_named("D1.3"), g.node_named("D2.3"), g.node_named("D3.3")
    assert b in g.neighbours(a) and c in g.neighbours(b) and c not in g.neighbours(a)
    assert g.ys[a] == g.ys[b] == g.ys[c] == 3


def test_start_dots_double_circles_entry_nodes():
    """§2 ruling: Red's dots are dark row 1 and light line 1 plus (2,2), (6,2), (10,2); Blue's
    are their 180-degree turn.  Double circles (6,1) Red and (5,7) Blue; entry nodes D(6,1) and
    D(5,6).  Seed: "six on the dark web and fourteen on the light web for each player"."""
    g = space("standard")
    red, blue = g.start
    assert len([k for k in red if k < g.n_dark]) == 6 and len([k for k in red if k >= g.n_dark]) == 14
    assert len([k for k in blue if k < g.n_dark]) == 6 and len([k for k in blue if k >= g.n_dark]) == 14
    assert sorted(rotate(g, k) for k in red) == sorted(blue)
    for x in (2, 6, 10):
        assert g.node_at(1, x, 2) in red
    red_target = g.targets[0][0]  # Red moves towards Blue's double circle
    blue_target = g.targets[1][0]
    assert (g.xs[red_target], g.ys[red_target]) == (5, 7)
    assert (g.xs[blue_target], g.ys[blue_target]) == (6, 1)
    assert (g.xs[g.entry[blue_target]], g.ys[g.entry[blue_target]]) == (6, 1)
    assert (g.xs[g.entry[red_target]], g.ys[g.entry[red_target]]) == (5, 6)
    assert g.name(red_target) == "L6.7" and g.name(g.entry[red_target]) == "D3.6"


def test_board_symmetric_under_the_turn():
    """§2: the board is symmetric under the 180-degree rotation (also its edges)."""
    g = space("standard")
    for e in range(g.n_edges):
        assert g.edge_between(rotate(g, g.eu[e]), rotate(g, g.ev[e])) != NO_EDGE


def test_periodic_space_cylinder():
    """§8 Periodic Space: columns wrap, the two corner points exist: 84 light nodes, 36 dark
    nodes all with full hexagons; seed: "an edge doesn't exist"."""
    g = space("periodic")
    assert g.n_light == 84 and g.n_dark == 36
    assert histogram(len(hexagon_corners(g, k)) for k in dark_nodes(g)) == {6: 36}
    # The left edge continues at the right edge: (0, l)-(11, l) are neighbours.
    for l in range(1, 8):
        assert g.node_at(1, 11, l) in g.neighbours(g.node_at(1, 0, l))
    # Every light edge inside lines 2..6 is crossed, as is every vertical side.
    assert len([e for e in range(g.n_light_edges) if g.cross[e] == NO_EDGE]) == 24  # lines 1, 7


def test_expanded_spaces_sizes_and_sets():
    """§8 Expanded Space: side by side 24 columns, end to end 12 rows / 13 lines, or 2x2; the
    seam points (the seed's QR code and "Go") exist, one token set per board on a home end."""
    wide, long, square = Space("wide"), Space("long"), Space("square")
    assert (wide.cols, wide.lines, wide.n_dark, wide.n_light, wide.boards_across) == (24, 7, 72, 166, 2)
    assert (long.cols, long.lines, long.n_dark, long.n_light, long.boards_across) == (12, 13, 72, 154, 1)
    assert (square.cols, square.lines, square.n_dark, square.n_light, square.boards_across) == (24, 13, 144, 310, 2)
    assert wide.node_at(1, 11, 7) >= 0 and wide.node_at(1, 12, 1) >= 0  # seam nodes bind
    assert long.node_at(1, 11, 7) >= 0 and long.node_at(1, 0, 13) >= 0
    for g in (wide, square):
        assert len(g.targets[0]) == 2 and len(g.start[0]) == 40
    for g in (wide, long, square):
        for e in range(g.n_light_edges, g.n_edges):
            assert g.cross[g.cross[e]] == e
        assert histogram(len(hexagon_corners(g, k)) for k in dark_nodes(g)).get(6, 0) > 0


def test_node_xy_grid():
    """For drawing: light (x, line) -> (x, 2 * (line - 1)); dark (cx, row) -> (cx, 2 * row - 1)."""
    g = space("standard")
    assert g.node_xy(g.node_named("L1.1")) == (1, 0)
    assert g.node_xy(g.node_named("D1.1")) == (0, 1)
    assert g.node_xy(g.node_named("L1.7")) == (0, 12)
