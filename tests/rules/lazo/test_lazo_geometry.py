# docs/rules/lazo.md §1: the face-centred cubic stack, checked against integer lattice coordinates.
#
# Level k space (i, j) is placed at i*(-1,1,0) + j*(-1,0,1) + (k-1)*(0,1,1): three nearest-
# neighbour vectors of the face-centred cubic lattice {x+y+z even}, whose 12 nearest neighbours
# are the vectors (+-1,+-1,0) and permutations.  Everything below is derived from that, not
# from the module's tables.
from shared_rules.lazo import rules as lazo
from shared_rules.game import GameError
from shared_rules.lazo.rules import (LEVEL_SIZES, N_SPACES, neighbour, neighbours, opposite, parse_space,
                               region_spaces, space_index, space_kij, space_name, space_xy, supports)
from rules_support import raises, scaled

STEPS = []
for _a in (-1, 1):
    for _b in (-1, 1):
        STEPS += [(_a, _b, 0), (_a, 0, _b), (0, _a, _b)]
AXES = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def fcc(k, i, j):
    return (-i - j, i + k - 1, j + k - 1)


def all_spaces():
    out = []
    for k in range(1, 11):
        for j in range(11 - k):
            for i in range(20 - k - j):
                out.append((k, i, j))
    return out


SPACES = all_spaces()
AT = dict((fcc(k, i, j), space_index(k, i, j)) for k, i, j in SPACES)


def pos(s):
    return fcc(*space_kij(s))


def test_level_sizes():
    """§1: 145, 126, 108, 91, 75, 60, 46, 33, 21, 10 spaces on levels 1..10, 715 in all; level k
    has rows j = 0..10-k of 20-k-j spaces."""
    sizes = [0] * 10
    for k, i, j in SPACES:
        sizes[k - 1] += 1
    assert sizes == [145, 126, 108, 91, 75, 60, 46, 33, 21, 10]
    assert list(LEVEL_SIZES) == sizes
    assert len(SPACES) == N_SPACES == 715


def test_index_and_notation_round_trip():
    """§1 notation k.i.j: every space has one index, in level/row/i order; text round-trips."""
    for s in range(N_SPACES):
        k, i, j = space_kij(s)
        assert space_index(k, i, j) == s
        assert SPACES[s] == (k, i, j)
        assert parse_space(space_name(s)) == s
    assert space_name(0) == "1.0.0" and space_name(145) == "2.0.0" and space_name(705) == "10.0.0" and space_name(714) == "10.9.0"
    assert space_index(1, 19, 0) == -1 and space_index(2, 0, 9) == -1 and space_index(11, 0, 0) == -1


def test_bad_notation_is_a_clear_error():
    for text in ("", "1.0", "a.b.c", "1.0.0.0", "0.0.0", "11.0.0", "1.19.0", "2.0.9", "-1.0.0", "1..0"):
        assert raises(GameError, parse_space, text), text
    try:
        parse_space("3.17.0")
        assert False
    except GameError as e:
        assert "0..16" in str(e)


def test_adjacency_is_the_face_centred_cubic_lattice():
    """§1 Adjacency: exactly the lattice's nearest neighbours; empty spaces too (seed: 'Spaces
    are adjacent (or not adjacent) to each other in the same manner that tiles are')."""
    for s in range(N_SPACES):
        x, y, z = pos(s)
        expected = set()
        for dx, dy, dz in STEPS:
            n = AT.get((x + dx, y + dy, z + dz))
            if n is not None:
                expected.add(n)
        got = neighbours(s)
        assert len(got) == len(set(got)) and set(got) == expected, space_name(s)


def test_at_most_twelve_neighbours_six_same_level_three_below_three_above():
    """§1: 12 neighbours at most: 6 on the same level, the 3 a space rests on, the 3 resting on it."""
    counts = [0] * 13
    for s in range(N_SPACES):
        k = space_kij(s)[0]
        levels = [space_kij(n)[0] for n in neighbours(s)]
        assert len(levels) <= 12
        assert levels.count(k) <= 6 and levels.count(k - 1) <= 3 and levels.count(k + 1) <= 3
        counts[len(levels)] += 1
    assert counts[12] > 0  # interior spaces have all twelve


def test_no_space_touches_one_two_levels_away():
    """§1 and seed: 'that tile will not be adjacent to any of the tiles D, E, or F ... a blocking
    region ... separating the lower tiles from the tile two levels above'."""
    for s in range(N_SPACES):
        k = space_kij(s)[0]
        for n in neighbours(s):
            assert abs(space_kij(n)[0] - k) <= 1


def test_supports_are_the_gap_triangle_below():
    """§1: level k+1 space (i, j) rests on level k (i, j), (i+1, j), (i, j+1), the gap triangle
    pointing away from the long edge (Ruling); the projection puts it over their centre."""
    for s in range(N_SPACES):
        k, i, j = space_kij(s)
        if k == 1:
            assert supports(s) == []
            continue
        below = supports(s)
        assert below == [space_index(k - 1, i, j), space_index(k - 1, i + 1, j), space_index(k - 1, i, j + 1)]
        assert min(below) >= 0
        xs = [space_xy(b) for b in below]
        px, py = space_xy(s)
        assert (sum(x for x, _ in xs), sum(y for _, y in xs)) == (3 * px, 3 * py)
        # The gap triangle points away from the long edge: two supports on row j, one on j + 1.
        assert [space_kij(b)[2] for b in below] == [j, j, j + 1]
        for b in below:
            assert s in neighbours(b)


def test_spaces_resting_on_a_space():
    """§1: the 3 spaces that rest on a space are level k+1 (i, j), (i-1, j), (i, j-1)."""
    for s in range(N_SPACES):
        k, i, j = space_kij(s)
        above = [n for n in neighbours(s) if space_kij(n)[0] == k + 1]
        expected = [space_index(k + 1, a, b) for a, b in ((i, j), (i - 1, j), (i, j - 1))]
        assert sorted(above) == sorted(n for n in expected if n >= 0)
        for n in above:
            assert s in supports(n)


# The module's documented region order: the space across region r is 2 * REGION_AXES[r] away.
REGION_AXES = ((1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, 0, 0), (0, -1, 0), (0, 0, -1))


def _add(p, q, times=1):
    return (p[0] + times * q[0], p[1] + times * q[1], p[2] + times * q[2])


def _level_of(p):
    return (p[0] + p[1] + p[2]) // 2 + 1


def test_blocking_regions():
    """§1: 'Level k+2 lies over the point contacts of level k: there sits a blocking region'
    (seed: 'Everywhere three tiles on the same level meet at a single point, there is a blocking
    region sitting on top of that point').  Each region is an octahedral gap between levels k and
    k+1, centred at a lattice point + an axis, with six spaces: centre +- each axis.  The module's
    six regions per space are exactly those, with the space across each one."""
    for s in range(N_SPACES):
        p = pos(s)
        for r in range(6):
            axis = REGION_AXES[r]
            centre = _add(p, axis)
            across = AT.get(_add(p, axis, 2), -1)
            assert opposite(s, r) == across, (space_name(s), r)
            around = [_add(centre, e) for e in AXES if e != axis and e != (-axis[0], -axis[1], -axis[2])]
            assert set(region_spaces(s, r)) == set(AT.get(q, -1) for q in around)
            # In cyclic order around the region: entries 0/2 and 1/3 are opposite each other.
            ring = [lazo._SLOT_STEPS[lazo._OCTA[r * 6 + q]] for q in range(4)]
            ring = [_add(p, (-di - dj, di + dk, dj + dk)) for dk, di, dj in ring]
            for q in range(4):
                assert _add(ring[q], ring[(q + 2) % 4]) == _add(_add(p, p), axis, 2)
            for q in region_spaces(s, r):
                if q >= 0:
                    assert q in neighbours(s) and (across < 0 or q in neighbours(across))
            if across < 0:
                continue
            assert across not in neighbours(s)
            members = [_add(centre, e) for e in AXES]
            lower = min(_level_of(m) for m in members)
            assert max(_level_of(m) for m in members) == lower + 1
            three = [m for m in members if _level_of(m) == lower]
            assert len(three) == 3
            for m in three:  # mutually adjacent: a triangle of level `lower` ...
                assert all(sum((m[q] - n[q]) ** 2 for q in range(3)) in (0, 2) for n in three)
            total = (sum(m[0] for m in three), sum(m[1] for m in three), sum(m[2] for m in three))
            # ... with no space of level lower+1 over it (a point contact, not a gap) but a
            # lattice point of level lower+2 straight above it (along the normal (1,1,1)).
            assert any((total[q] + 2) % 3 for q in range(3))
            above = tuple((total[q] + 4) // 3 for q in range(3))
            assert all((total[q] + 4) % 3 == 0 for q in range(3)) and _level_of(above) == lower + 2


def test_link_table_is_the_cuboctahedron():
    """The slot table used by the loop test: slots d, e adjacent iff their lattice steps are."""
    steps = []
    for dk, di, dj in lazo._SLOT_STEPS:
        steps.append((-di - dj, di + dk, dj + dk))
    for d in range(12):
        adjacent = [e for e in range(12) if sum((steps[d][q] - steps[e][q]) ** 2 for q in range(3)) == 2]
        assert sorted(lazo._LINK[d * 4:d * 4 + 4]) == adjacent


def test_projection_of_levels_k_and_k_plus_3_coincides():
    """§4: seen from above, levels k, k+3, k+6 share lateral positions."""
    for s in range(N_SPACES):
        k, i, j = space_kij(s)
        up3 = space_index(k + 3, i - 1, j - 1)
        if up3 >= 0:
            assert space_xy(up3) == space_xy(s)
        for n in neighbours(s):
            if space_kij(n)[0] == k:
                dx, dy = space_xy(n)[0] - space_xy(s)[0], space_xy(n)[1] - space_xy(s)[1]
                # Same-level neighbours are one tile apart: (2, 0), (+-1, +-3) in these units.
                assert (abs(dx), abs(dy)) in ((2, 0), (1, 3))


def test_neighbour_slots_match_the_documented_directions():
    for s in range(N_SPACES):
        k, i, j = space_kij(s)
        for d in range(12):
            dk, di, dj = lazo._SLOT_STEPS[d]
            assert neighbour(s, d) == space_index(k + dk, i + di, j + dj)


def test_split_link_table_counts_link_components():
    """The loop test's first question (spec §3, module doc: t's new cycles need two components
    of its own link): the table says, for each set of own slots below and beside t, whether
    they fall into two or more components joined along _LINK's edges."""
    for own in range(512):
        root = list(range(9))

        def find(v):
            while root[v] != v:
                v = root[v]
            return v
        for d in range(9):
            for e in lazo._LINK[d * 4:d * 4 + 4]:
                if e < 9 and own >> d & 1 and own >> e & 1:
                    root[find(d)] = find(e)
        components = len(set(find(d) for d in range(9) if own >> d & 1))
        assert (lazo.SPLIT_LINK[own >> 3] >> (own & 7) & 1) == (components >= 2), own


def test_public_slot_tables_give_the_neighbours():
    """The read-only tables for hot loops (SLOT_MASK, SLOT_OFFSET, ROW_OF) say what neighbour()
    says, slot by slot, for every space (every fifth under the VM)."""
    for s in range(0, N_SPACES, scaled(1, 5)):
        for d in range(12):
            present = lazo.SLOT_MASK[s] >> d & 1
            expected = neighbour(s, d)
            assert (expected >= 0) == bool(present), (s, d)
            if present:
                assert s + lazo.SLOT_OFFSET[lazo.ROW_OF[s] * 12 + d] == expected, (s, d)
