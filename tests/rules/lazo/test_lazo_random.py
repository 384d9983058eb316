# docs/rules/lazo.md §3: the fast incremental loop test against a slow, obviously-correct global one.
#
# reference_has_loop() recomputes the spec's formula from scratch for the whole position, with
# its own geometry (integer face-centred cubic coordinates, not the module's tables) and plain
# GF(2) linear algebra: the mover wins iff the cycle space of A (the clique complex of Own)
# is not inside the boundaries of K (A plus every blocking region's own spaces as one simplex).
from shared_rules.game import ONGOING
from shared_rules.lazo.rules import Lazo, N_SPACES, space_index, space_kij
from shared_rules.rng import Rng
from rules_support import ON_MICROPYTHON, play_checked, scaled

# Level k space (i, j) sits at i*(-1,1,0) + j*(-1,0,1) + (k-1)*(0,1,1): the face-centred cubic
# lattice {x+y+z even}, neighbours at the 12 vectors (+-1,+-1,0) and their permutations.
NEIGHBOUR_STEPS = []
for _a in (-1, 1):
    for _b in (-1, 1):
        NEIGHBOUR_STEPS += [(_a, _b, 0), (_a, 0, _b), (0, _a, _b)]
AXES = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def fcc(k, i, j):
    return (-i - j, i + k - 1, j + k - 1)


def _spaces():
    pos, index = [None] * N_SPACES, {}
    for k in range(1, 11):
        for j in range(11 - k):
            for i in range(20 - k - j):
                s = space_index(k, i, j)
                pos[s] = fcc(k, i, j)
                index[pos[s]] = s
    return pos, index


POS, AT = _spaces()
BOARD = "board"


def own_complex(cells, colour):
    """Vertices, A's edges and triangles, and K's extra edges and triangles, by brute force."""
    own = [s for s in range(N_SPACES) if cells[s] == colour]
    own_set = set(own)
    adj = {}
    for s in own:
        x, y, z = POS[s]
        adj[s] = set()
        for dx, dy, dz in NEIGHBOUR_STEPS:
            n = AT.get((x + dx, y + dy, z + dz))
            if n in own_set:
                adj[s].add(n)
        if space_kij(s)[0] == 1:
            adj[s].add(BOARD)
    adj[BOARD] = set(s for s in own if space_kij(s)[0] == 1)
    verts = list(adj)
    order = dict((v, q) for q, v in enumerate(verts))
    a_edges = set()
    a_triangles = set()
    for u in verts:
        for v in adj[u]:
            a_edges.add(tuple(sorted((order[u], order[v]))))
            for w in adj[u] & adj[v]:
                a_triangles.add(tuple(sorted((order[u], order[v], order[w]))))
    # Blocking regions: octahedral gaps centred at a lattice point + an axis vector; their six
    # spaces are the centre +- each axis vector.  (The gaps between the board and level 1 only
    # hold the board and mutually adjacent level-1 spaces: nothing new.)
    regions = {}
    for s in own:
        x, y, z = POS[s]
        for ax, ay, az in AXES:
            centre = (x + ax, y + ay, z + az)
            if centre in regions:
                continue
            members = []
            for bx, by, bz in AXES:
                q = AT.get((centre[0] + bx, centre[1] + by, centre[2] + bz))
                if q in own_set:
                    members.append(order[q])
            regions[centre] = members
    k_edges = set(a_edges)
    k_triangles = set(a_triangles)
    for members in regions.values():
        members.sort()
        for p in range(len(members)):
            for q in range(p + 1, len(members)):
                k_edges.add((members[p], members[q]))
                for r in range(q + 1, len(members)):
                    k_triangles.add((members[p], members[q], members[r]))
    return verts, a_edges, a_triangles, k_edges, k_triangles


def rank_and_basis(vectors):
    """Row-reduces GF(2) vectors (ints); returns the pivot dict."""
    basis = {}
    for v in vectors:
        while v:
            low = v & -v
            if low not in basis:
                basis[low] = v
                break
            v ^= basis[low]
    return basis


def reduced(basis, v):
    while v:
        low = v & -v
        if low not in basis:
            return v
        v ^= basis[low]
    return 0


def reference_has_loop(cells, colour):
    """Spec §3 from scratch: is H1(A) -> H1(K) non-zero over GF(2)?"""
    verts, a_edges, a_triangles, k_edges, k_triangles = own_complex(cells, colour)
    edge_bit = dict((e, 1 << q) for q, e in enumerate(sorted(k_edges)))
    # Cycles of A: the kernel of the boundary map on A's edges, by elimination with tracking.
    cycles = []
    pivots = {}
    for e in sorted(a_edges):
        boundary, combo = (1 << e[0]) | (1 << e[1]), edge_bit[e]
        while boundary:
            low = boundary & -boundary
            if low not in pivots:
                pivots[low] = (boundary, combo)
                break
            boundary ^= pivots[low][0]
            combo ^= pivots[low][1]
        if not boundary:
            cycles.append(combo)
    boundaries = rank_and_basis(edge_bit[(a, b)] ^ edge_bit[(a, c)] ^ edge_bit[(b, c)]
                                for a, b, c in k_triangles)
    return any(reduced(boundaries, z) for z in cycles)


def upper_pick(upper_bias):
    """Random play preferring upper levels with weight upper_bias of 8."""
    def pick(game, rng, moves):
        upper = [m for m in moves if m >= 145]
        pool = upper if upper and rng.below(8) < upper_bias else moves
        return pool[rng.below(len(pool))]
    return pick


def check_loop(game, mover, move):
    """The incremental verdict after a move equals the reference."""
    expected = reference_has_loop(game.cells, mover + 1)
    by_loop = game.winner() == mover and not _opponent_stuck(game)
    assert by_loop == expected, "incremental %s, reference %s after %s\n%s" % (
        game.winner(), expected, game.record(), game.encode())


def random_game(seed, upper_bias):
    """Plays random legal moves (upper_pick), checking after every move the incremental verdict
    against the reference.  Returns the game."""
    rng = Rng(seed)
    game = Lazo()
    pick = upper_pick(upper_bias)
    while not game.is_over():
        move = pick(game, rng, game.legal_moves())
        mover = game.to_move()
        game.play(move)
        check_loop(game, mover, move)
    return game


def check_loop_sampled(game, mover, move):
    """check_loop after every third move (both players' in turn: a loop missed is still there
    at the mover's next check) and at the end."""
    if len(game.history) % 3 == 0 or game.is_over():
        check_loop(game, mover, move)


def soak(seed):
    """One whole random game with every invariant (decoding every 4th position) and the loop
    reference (check_loop_sampled), over the eight upper-level biases (tools/bench/soak.py).
    Returns ("what varies", decisions, winner, record)."""
    return ({"upper_bias": seed % 8},) + play_checked(Lazo(), Rng(seed), upper_pick(seed % 8),
                                                      check_loop_sampled, decode_every=4)


def _opponent_stuck(game):
    """Level 1 full and no upper space both supported and touching the opponent's tiles."""
    cells, colour = game.cells, game.to_move() + 1
    if not all(cells[s] for s in range(145)):
        return False
    for s in range(145, N_SPACES):
        k, i, j = space_kij(s)
        below = (space_index(k - 1, i, j), space_index(k - 1, i + 1, j), space_index(k - 1, i, j + 1))
        x, y, z = POS[s]
        touching = [AT.get((x + a, y + b, z + c)) for a, b, c in NEIGHBOUR_STEPS]
        if not cells[s] and all(cells[b] for b in below) and any(
                n is not None and cells[n] == colour for n in touching):
            return False
    return True


def test_incremental_loop_test_matches_reference_in_random_games():
    """Spec §3, 'check only what the last tile can change': after every move of random games
    the incremental verdict equals the global recomputation."""
    wins = 0
    for seed in range(scaled(100, 8)):
        game = random_game(seed + 1, seed % 8)
        wins += game.winner() in (0, 1)
    assert wins > 0


def test_global_check_matches_reference_on_random_positions():
    """Spec §3 on arbitrary stacks (not only positions reached without a loop): the module's
    global computation, component by component, equals the reference for both colours."""
    rng = Rng(99)
    for trial in range(scaled(150, 10)):
        game = Lazo()
        tiles = 30 + rng.below(100)
        for _ in range(tiles):
            spaces = [s for s in range(N_SPACES) if not game.cells[s] and game.supported[s] == 3]
            s = spaces[rng.below(len(spaces))] if rng.below(4) == 0 else _upper_first(game, spaces, rng)
            game._put(s, 1 + rng.below(2))
        for player in (0, 1):
            assert game.has_loop(player) == reference_has_loop(game.cells, player + 1), (trial, player, game.encode())


def _upper_first(game, spaces, rng):
    best = [s for s in spaces if s >= 145]
    pool = best or spaces
    return pool[rng.below(len(pool))]


def test_incremental_loop_test_on_random_stacks_of_both_colours():
    """Spec §3 incremental check on stacks built in any colour order (richer than legal play):
    after each tile, while its colour has no loop yet, the local verdict equals the reference."""
    rng = Rng(31)
    checked = wins = 0
    for trial in range(scaled(10, 2)):
        game = Lazo()
        looped = [False, False]
        black_share = 1 + rng.below(9)  # tenths of the tiles that are black
        for _ in range(300):
            spaces = [s for s in range(N_SPACES) if not game.cells[s] and game.supported[s] == 3]
            upper = [s for s in spaces if s >= 145]
            pool = upper if upper and rng.below(4) else spaces
            s = pool[rng.below(len(pool))]
            colour = 1 if rng.below(10) < black_share else 2
            game._put(s, colour)
            if looped[colour - 1]:
                continue  # the incremental test assumes no loop before the tile
            found = game._makes_loop(s, colour)
            assert found == reference_has_loop(game.cells, colour), (trial, game.encode())
            checked += 1
            if found:
                wins += 1
                looped[colour - 1] = True
                if looped[2 - colour]:
                    break
    assert wins > 0 and checked > wins
