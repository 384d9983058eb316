"""Lazo: stack tiles like cannonballs and make a loop with a hole through it.

Rules as implemented, with the rulings: docs/rules/lazo.md.  Black moves first; 95
tiles each; one tile per move; a player with no legal move loses; 190 tiles and no loop: draw.

Spaces (the face-centred cubic stack of spec §1)
  715 spaces on levels k = 1..10; level k is a trapezoid of rows j = 0..10-k (row 0 nearest the
  long edge) with 20-k-j spaces i = 0..19-k-j.  Notation "k.i.j"; a move is the space's index
  (an int 0..714, level by level, row by row, i fastest).  Level-k space (i, j) rests on the
  level-(k-1) spaces (i, j), (i+1, j), (i, j+1); level 1 rests on the board.
  Ruling (spec §1): the gap triangles, where the next level sits, are those pointing away from
  the long edge.

Coordinates for a user interface (module functions, all read-only)
  space_index(k, i, j) -> space, or -1 off the stack
  space_kij(s)         -> (k, i, j)
  space_xy(s)          -> (px, py): the space seen from above, in integer units:
                          px = 2i + j + (k-1)   (half a tile width),
                          py = 3j + (k-1)       (sqrt(3)/6 of a tile width, away from the long edge).
                          Level 1 holes are 1 tile apart; each level is the one below shifted by
                          (1/2, sqrt(3)/6), so spaces k.i.j and (k+3).(i-1).(j-1) share a
                          position: draw the topmost tile there with its level (spec §4).
  neighbours(s)        -> list of the adjacent spaces (6 same level, 3 below, 3 above at most)
  neighbour(s, slot)   -> the space in one direction (slots below), or -1; SLOT_MASK, SLOT_OFFSET
                          and ROW_OF give the same from the tables, for hot loops
  supports(s)          -> the 3 spaces s rests on ([] on level 1)
  opposite(s, r), region_spaces(s, r) -> the blocking regions touching s (below)
  game.cells           bytearray, space -> 0 empty, 1 Black, 2 White
  game.placed          the tiles on the board (a decoded position's too, not only the history's)
  game.supported       bytearray, space -> its occupied supports (3: it may hold a tile; read-only)
  game.adjacent        bytearray, player * N_SPACES + space -> that player's tiles next to it
  game.may_loop(s, p), game.would_loop(s, p), game.holes_left()   for the AI (below); LEVEL1: the
                       spaces below it are the board's holes

Adjacency is stored compactly: per space a 12-bit mask of which neighbour directions exist
and a row id; per row (55 rows) the index offset of each direction.  Directions ("slots"):
  0..5  same level (i+1,j) (i,j+1) (i-1,j+1) (i-1,j) (i,j-1) (i+1,j-1)
  6..8  below      (k-1: i,j) (k-1: i+1,j) (k-1: i,j+1)
  9..11 above      (k+1: i,j) (k+1: i-1,j) (k+1: i,j-1)
A blocking region (spec §1) is an octahedral gap between levels k and k+1: a point-contact
triangle of level k below a gap triangle of level k+1 (under a level k+2 space).  Each space
touches six of them; across each lies its "opposite" space, at distance sqrt(2), not adjacent.

The winning loop (spec §3)
  Own = the mover's tiles + the board; Free = empty spaces, opponent tiles and the open air.
  The mover wins when an Own cycle and a Free cycle are linked.  Computed exactly as the spec's
  sketch says: some cycle of the clique complex A of Own survives in K = A with every blocking
  region coned onto the own spaces of its octahedron (H1(A) -> H1(K) non-zero over GF(2)).
  Only the mover's tile t can create a loop (a placed tile only turns a Free space into Own),
  so after each move only t is examined, locally.  L_A = the link of t in A: its own neighbours
  (nothing rests on t yet), joined when adjacent.  L_K^adj = L_A plus, for each blocking region
  touching t, the own space across it joined to the own spaces around it.
  * t's new cycles come from pairs of components of L_A joined by an own path avoiding t
    (Mayer-Vietoris); no such pair: no loop.  (On level 1 the board joins everything: no loop.)
  * Such a cycle through components a, b in one component of L_K^adj is homologous in K to an
    old own cycle, and there was no loop before this move: no loop.
  * Otherwise there is a loop.  On the small sphere around t (faces towards its 12 neighbours)
    the own faces of a and of b lie in different components once the points where two
    opposite own faces meet at a blocking region whose space across is Free are cut; so a curve
    through Free faces separates them, passing such points through the Free space across the
    region (adjacent to both Free faces there).  That Free cycle bounds a disc on the sphere
    met by the new Own cycle exactly once (where it enters t from a): they are linked.
  _component_has_loop() computes the spec's formula with GF(2) linear algebra on a whole
  component; has_loop() uses it for decoded positions, the tests compare both with a slow
  reference.
  The geometric definition itself (polygons, linking numbers) is checked against this in
  tests/rules/lazo/test_lazo_linking.py.

Rulings and limits: the gap triangles (above).  Resigning and agreed draws are the app's
(firmware/app.py).  Each player has 95 tiles and moves alternate, so a player with tiles left
and no legal move (every board hole full, no supported space touching his tiles) loses, and the
190th tile without a loop draws.
"""
from array import array

from micropython import const

from shared_rules.game import DRAW, ONGOING, Game, GameError, clip, number_of

N_LEVELS = const(10)
N_SPACES = const(715)
TILES = const(190)  # 95 each
LEVEL_SIZES = (145, 126, 108, 91, 75, 60, 46, 33, 21, 10)
BLACK = const(1)  # cell contents are player + 1
WHITE = const(2)

_BOARD = const(715)  # the board as a vertex of Own (adjacent to every own level-1 tile)
LEVEL1 = const(145)  # spaces 0..144 are level 1
_NONE = const(0xFFFF)
_CHARS = ".BW"

# (dk, di, dj) of each slot, see the module docstring.
_SLOT_STEPS = ((0, 1, 0), (0, 0, 1), (0, -1, 1), (0, -1, 0), (0, 0, -1), (0, 1, -1),
               (-1, 0, 0), (-1, 1, 0), (-1, 0, 1), (1, 0, 0), (1, -1, 0), (1, 0, -1))
# The link of a space (a cuboctahedron): the 4 slots adjacent to each slot.
_LINK = bytes((1, 5, 7, 9, 0, 2, 8, 9, 1, 3, 8, 10, 2, 4, 6, 10, 3, 5, 6, 11, 0, 4, 7, 11,
               3, 4, 7, 8, 0, 5, 6, 8, 1, 2, 6, 7, 0, 1, 10, 11, 2, 3, 9, 11, 4, 5, 9, 10))
# The six blocking regions touching a space: 4 slots around the region in cyclic order
# (so slots 0/2 and 1/3 of each group are opposite), then the path to the opposite space:
# a slot that exists whenever the opposite space does, and the slot from there.
# The first three regions lie above the space's level, the last three below.
_OCTA = bytes((3, 4, 11, 10, 3, 11,
               0, 5, 11, 9, 0, 11,
               1, 2, 10, 9, 1, 10,
               0, 1, 8, 7, 8, 0,
               2, 3, 6, 8, 6, 2,
               4, 5, 7, 6, 7, 4))

# Bit m of this table (byte m >> 3, bit m & 7): the slots of the 9-bit mask m (same level and
# below) fall into two or more components of the link (_LINK); the loop test's first question
# (public and read-only: the AI asks it before the whole test).  Rebuilt from _LINK by
# tests/rules/lazo/test_lazo_geometry.py.
SPLIT_LINK = (b"\x20\x2e\xfe\x2e\x74\x7f\x74\x04\xfe\x2e\xfe\x2e\xff\x7f\x74\x04"
              b"\x74\x7f\xff\x7f\x74\x7f\x74\x04\x74\x04\x74\x04\x74\x04\x74\x04"
              b"\x22\x2f\xff\x2f\x77\x7f\x77\x07\x22\x22\x22\x22\x77\x77\x00\x00"
              b"\x00\x0f\xff\x0f\x00\x0f\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")


_LEVEL_START = (0, 145, 271, 379, 470, 545, 605, 651, 684, 705, 715)


def _row_start(k, j):
    # Index of space k.0.j by the formula (also for rows that do not exist: it is linear in j).
    return _LEVEL_START[k - 1] + j * (20 - k) - j * (j - 1) // 2


def space_index(k, i, j):
    """The space k.i.j, or -1 when there is no such space."""
    if k < 1 or k > N_LEVELS or j < 0 or j > 10 - k or i < 0 or i > 19 - k - j:
        return -1
    return _row_start(k, j) + i


def _build_tables():
    # Rows (k, j) in index order; per row its first space and the index offset of each slot
    # (the same along the row); per space its row and the mask of the slots that exist.
    row_k = bytearray(55)
    row_j = bytearray(55)
    row_first = array("H", bytes(110))
    offsets = array("h", bytes(2 * 55 * 12))
    row_of = bytearray(N_SPACES)
    masks = array("H", bytes(2 * N_SPACES))
    row = 0
    for k in range(1, N_LEVELS + 1):
        for j in range(11 - k):
            first = _row_start(k, j)
            n = 20 - k - j
            row_k[row] = k
            row_j[row] = j
            row_first[row] = first
            toggles = [0] * (n + 1)  # mask bits switched on/off where each slot's range starts/ends
            for d in range(12):
                dk, di, dj = _SLOT_STEPS[d]
                kk, jj = k + dk, j + dj
                if 1 <= kk <= N_LEVELS and 0 <= jj <= 10 - kk:
                    offsets[row * 12 + d] = _row_start(kk, jj) + di - first
                    lo = -di if di < 0 else 0
                    hi = min(n - 1, 19 - kk - jj - di)
                    if lo <= hi:
                        toggles[lo] ^= 1 << d
                        toggles[hi + 1] ^= 1 << d
            mask = 0
            for i in range(n):
                mask ^= toggles[i]
                row_of[first + i] = row
                masks[first + i] = mask
            row += 1
    return bytes(row_k), bytes(row_j), row_first, offsets, bytes(row_of), masks


_ROW_K, _ROW_J, _ROW_FIRST, _OFFSET, _ROW_OF, _MASK = _build_tables()
# Read-only, for callers' hot loops (the AI): the neighbour of space s in slot d exists when
# SLOT_MASK[s] >> d & 1, and is then s + SLOT_OFFSET[ROW_OF[s] * 12 + d] (what neighbour() says).
SLOT_MASK, SLOT_OFFSET, ROW_OF = _MASK, _OFFSET, _ROW_OF


def space_kij(s):
    row = _ROW_OF[s]
    return _ROW_K[row], s - _ROW_FIRST[row], _ROW_J[row]


def space_xy(s):
    k, i, j = space_kij(s)
    return 2 * i + j + k - 1, 3 * j + k - 1


def neighbour(s, slot):
    """The space in direction `slot` (0..11) of s, or -1."""
    if _MASK[s] >> slot & 1:
        return s + _OFFSET[_ROW_OF[s] * 12 + slot]
    return -1


def neighbours(s):
    out = []
    for d in range(12):
        n = neighbour(s, d)
        if n >= 0:
            out.append(n)
    return out


def supports(s):
    if s < LEVEL1:
        return []
    return [neighbour(s, 6), neighbour(s, 7), neighbour(s, 8)]


def opposite(s, region):
    """The space across blocking region `region` (0..5) from s, or -1 (none, or the board)."""
    via = neighbour(s, _OCTA[region * 6 + 4])
    if via < 0:
        return -1
    return neighbour(via, _OCTA[region * 6 + 5])


def region_spaces(s, region):
    """The 4 spaces around blocking region `region` of s that touch s (-1 where off the stack)."""
    return [neighbour(s, _OCTA[region * 6 + q]) for q in range(4)]


def space_name(s):
    k, i, j = space_kij(s)
    return "%d.%d.%d" % (k, i, j)


def parse_space(text):
    """'k.i.j' -> space; GameError with the reason."""
    parts = text.strip().split(".")
    if len(parts) != 3 or not all(number_of(p) >= 0 for p in parts):
        raise GameError("'%s' is not a space: write level.i.j, e.g. 1.0.0 or 2.3.1" % clip(text))
    k, i, j = number_of(parts[0]), number_of(parts[1]), number_of(parts[2])
    text = clip(text)
    if k < 1 or k > N_LEVELS:
        raise GameError("%s: the level must be 1..10" % text)
    if j > 10 - k:
        raise GameError("%s: level %d has rows 0..%d" % (text, k, 10 - k))
    if i > 19 - k - j:
        raise GameError("%s: row %d of level %d has spaces 0..%d" % (text, j, k, 19 - k - j))
    return space_index(k, i, j)


class Lazo(Game):
    NAME = "lazo"
    PLAYERS = ("Black", "White")
    OPTIONS = {}

    def __init__(self, options=None):
        Game.__init__(self, options)
        self.cells = bytearray(N_SPACES)
        # Per space: occupied supports (3 = may hold a tile), and adjacent tiles of each colour.
        self.supported = bytearray(N_SPACES)
        self.adjacent = bytearray(2 * N_SPACES)
        # Scratch for the loop test, allocated once: search marks, queue, union-find.
        self._mark = array("H", bytes(2 * (N_SPACES + 1)))
        self._stamp = 0
        self._queue = array("H", bytes(2 * (N_SPACES + 1)))
        self._uf = bytearray(15)
        self._group = bytearray(12)
        self._first = bytearray(13)
        self._clear()

    def _clear(self):
        # By slices: a loop over the spaces is slow on the device.
        self.cells[0:N_SPACES] = bytes(N_SPACES)
        self.supported[0:LEVEL1] = b"\x03" * LEVEL1
        self.supported[LEVEL1:N_SPACES] = bytes(N_SPACES - LEVEL1)
        self.adjacent[0:2 * N_SPACES] = bytes(2 * N_SPACES)
        self.placed = 0
        self._level1_free = LEVEL1
        self._winner = ONGOING
        self.history = []

    # --- state ---------------------------------------------------------------------------
    def to_move(self):
        return self.placed & 1

    def winner(self):
        return self._winner

    def legal_moves(self):
        if self._winner != ONGOING:
            return []
        cells = self.cells
        out = []
        for s in range(LEVEL1):
            if not cells[s]:
                out.append(s)
        supported, adjacent = self.supported, self.adjacent
        base = (self.placed & 1) * N_SPACES
        for s in range(LEVEL1, N_SPACES):
            if supported[s] == 3 and not cells[s] and adjacent[base + s]:
                out.append(s)
        return out

    def _illegal_reason(self, move, player):
        if not isinstance(move, int) or move < 0 or move >= N_SPACES:
            return "no such space: %r" % (move,)
        if self.cells[move]:
            return "%s is occupied" % space_name(move)
        if move >= LEVEL1:
            if self.supported[move] != 3:
                return "%s needs all 3 spaces below it occupied (no overhang)" % space_name(move)
            if not self.adjacent[player * N_SPACES + move]:
                return "%s touches no %s tile (above the board a tile must touch one of yours)" % (
                    space_name(move), self.PLAYERS[player])
        return None

    def play(self, move):
        if self._winner != ONGOING:
            raise GameError("the game is over")
        player = self.placed & 1
        reason = self._illegal_reason(move, player)
        if reason:
            raise GameError(reason)
        colour = player + 1
        self._put(move, colour)
        self.history.append(move)
        if self._makes_loop(move, colour):
            self._winner = player
        elif self.placed == TILES:
            self._winner = DRAW
        elif self._level1_free == 0 and not self._can_move(1 - player):
            self._winner = player  # the opponent has tiles left but no legal move

    def undo(self):
        if not self.history:
            raise GameError("nothing to undo")
        self._take(self.history.pop())
        self._winner = ONGOING  # play() refuses moves once the game is over

    def _put(self, s, colour):
        self.cells[s] = colour
        self.placed += 1
        if s < LEVEL1:
            self._level1_free -= 1
        self._count_around(s, colour, 1)

    def _take(self, s):
        colour = self.cells[s]
        self.cells[s] = 0
        self.placed -= 1
        if s < LEVEL1:
            self._level1_free += 1
        self._count_around(s, colour, -1)

    def _count_around(self, s, colour, step):
        supported, adjacent = self.supported, self.adjacent
        base = (colour - 1) * N_SPACES
        mask = _MASK[s]
        row = _ROW_OF[s] * 12
        for d in range(12):
            if mask >> d & 1:
                n = s + _OFFSET[row + d]
                adjacent[base + n] += step
                if d >= 9:
                    supported[n] += step

    def _can_move(self, player):
        # Only asked when level 1 is full.
        cells, supported, adjacent = self.cells, self.supported, self.adjacent
        base = player * N_SPACES
        for s in range(LEVEL1, N_SPACES):
            if supported[s] == 3 and not cells[s] and adjacent[base + s]:
                return True
        return False

    # --- the winning loop (spec §3) ----------------------------------------------------------
    def has_loop(self, player):
        """Whether the player has a winning loop anywhere (a global computation, for decode)."""
        colour = player + 1
        done = bytearray(N_SPACES + 1)
        cells = self.cells
        for s in range(N_SPACES):
            if cells[s] == colour and not done[s] and self._component_has_loop(s, colour, done):
                return True
        return False

    def may_loop(self, space, player):
        """The loop test's first question, cheaply: False when a tile of `player` on the empty
        `space` cannot make a loop (on the board, or its own neighbours' link in one piece)."""
        if space < LEVEL1:
            return False
        own = self._own_link(space, player + 1)
        return SPLIT_LINK[own >> 3] >> (own & 7) & 1 == 1

    def _own_link(self, t, colour):
        """The slots around t (same level and below: nothing rests on t) holding `colour`."""
        cells = self.cells
        mask = _MASK[t]
        row = _ROW_OF[t] * 12
        own = 0
        for d in range(9):
            if mask >> d & 1 and cells[t + _OFFSET[row + d]] == colour:
                own |= 1 << d
        return own

    def holes_left(self):
        """Empty holes of the board (level 1): once none is left a player may have no move."""
        return self._level1_free

    def would_loop(self, space, player):
        """Whether a tile of `player` on the empty `space` would make a winning loop now (spec §3),
        the position left unchanged.  The space need not be legal yet (the AI also asks about
        spaces whose supports are still missing: empty or opposing spaces are both Free)."""
        cells = self.cells
        if cells[space]:
            raise GameError("%s is occupied" % space_name(space))
        colour = player + 1
        cells[space] = colour  # the loop test reads only the cells
        loop = self._makes_loop(space, colour)
        cells[space] = 0
        return loop

    def _new_stamp(self):
        # Marks in self._mark: values >= stamp belong to the current search.
        if self._stamp > 0xFFFF - 32:
            mark = self._mark
            for s in range(N_SPACES + 1):
                mark[s] = 0
            self._stamp = 0
        self._stamp += 16
        return self._stamp

    def _makes_loop(self, t, colour):
        """Whether the tile of `colour` just placed on t makes a winning loop (module doc), given
        that there was none before.  Local: the link of t, and own paths for its components."""
        if t < LEVEL1:
            # The board touches t and all its own neighbours (nothing can rest on t yet): L_A is
            # connected, so there is no new cycle.
            return False
        own = self._own_link(t, colour)
        if not SPLIT_LINK[own >> 3] >> (own & 7) & 1:
            return False  # one component (or none): every new cycle bounds in the star of t
        # Components of L_A: own slots joined along the cuboctahedron's edges.
        uf = self._uf
        for v in range(15):
            uf[v] = v
        for d in range(9):
            if own >> d & 1:
                for q in range(d * 4, d * 4 + 4):
                    e = _LINK[q]
                    if own >> e & 1:
                        _union(uf, d, e)
        group = self._group  # slot -> own path group (0 = not a component representative)
        reps = 0
        for d in range(9):
            group[d] = 0
            if own >> d & 1 and _find(uf, d) == d:
                reps |= 1 << d
        self._group_by_own_paths(t, colour, reps)
        # Which groups hold two or more components of L_A?
        multi = 0
        for d in range(9):
            if reps >> d & 1:
                for e in range(d + 1, 9):
                    if reps >> e & 1 and group[e] == group[d]:
                        multi |= 1 << group[d]
        if not multi:
            return False  # no two components are joined by an own path: no new cycle
        # L_K^adj: an own space across a blocking region joins the own spaces around it.
        cells = self.cells
        for r in range(6):
            o = opposite(t, r)
            if o >= 0 and cells[o] == colour:
                for q in range(r * 6, r * 6 + 4):
                    e = _OCTA[q]
                    if own >> e & 1:
                        _union(uf, 9 + r, e)
        return _joined_groups_split(uf, group, reps, multi, self._first)

    def _group_by_own_paths(self, t, colour, reps):
        """group[d] = the same number for representative slots joined by an own path avoiding t.
        A search stops once every representative is reached; the board's tiles (all own level-1
        tiles) are searched last, only when the tiles above did not reach everything."""
        cells, mark, queue, group = self.cells, self._mark, self._queue, self._group
        stamp = self._new_stamp()
        mark[t] = stamp  # t itself is not part of the old Own
        row = _ROW_OF[t] * 12
        waiting = stamp + 15  # the mark of a representative's space not reached yet
        left = 0
        for d in range(9):
            if reps >> d & 1:
                mark[t + _OFFSET[row + d]] = waiting
                left += 1
        label = 0
        for d in range(9):
            if not reps >> d & 1:
                continue
            start = t + _OFFSET[row + d]
            if mark[start] != waiting:
                group[d] = mark[start] - stamp
                continue
            label += 1
            group[d] = label
            mark[start] = stamp + label
            left -= 1
            queue[0] = start
            head, tail = 0, 1
            board = False  # reached: its level-1 tiles are searched only when nothing else is left
            while left:
                if head == tail:
                    if not board:
                        break
                    board = False
                    for n in range(LEVEL1):
                        if cells[n] == colour:
                            m = mark[n]
                            if m < stamp or m == waiting:
                                if m == waiting:
                                    left -= 1
                                mark[n] = stamp + label
                                queue[tail] = n
                                tail += 1
                    continue
                u = queue[head]
                head += 1
                if u < LEVEL1 and mark[_BOARD] < stamp:
                    mark[_BOARD] = stamp + label
                    board = True
                    # The board joins every own level-1 tile: the representatives there at once.
                    for e in range(9):
                        if reps >> e & 1:
                            n = t + _OFFSET[row + e]
                            if n < LEVEL1 and mark[n] == waiting:
                                left -= 1
                                mark[n] = stamp + label
                                queue[tail] = n
                                tail += 1
                umask = _MASK[u]
                urow = _ROW_OF[u] * 12
                for e in range(12):
                    if umask >> e & 1:
                        n = u + _OFFSET[urow + e]
                        if cells[n] == colour:
                            m = mark[n]
                            if m < stamp or m == waiting:
                                if m == waiting:
                                    left -= 1
                                mark[n] = stamp + label
                                queue[tail] = n
                                tail += 1

    def _component_has_loop(self, start, colour, done):
        """Exact test of spec §3 on the component of `start` in Own with the blocking regions.

        A spanning tree of the component (own adjacency, then opposite pairs across a blocking
        region to join the pieces) leaves one GF(2) coordinate per other edge.  Relations: the
        triangles of A and the triangles of each region's own spaces.  A loop exists iff some
        non-tree edge of A is not a sum of relations.  Relations with one or two coordinates
        left are equalities (union-find); the rest go to Gaussian elimination.  Marks the
        component in `done`.
        """
        cells, parent = self.cells, self._queue  # the queue doubles as the parent array here
        masks, offsets, rows, octa = _MASK, _OFFSET, _ROW_OF, _OCTA
        order = []
        diagonals = array("H")  # (u, o, region) for own opposite pairs u < o
        pending = [start]
        parent[start] = _NONE
        while pending:
            seed = pending.pop()
            if done[seed]:
                continue
            done[seed] = 1
            head = len(order)
            order.append(seed)
            while head < len(order):
                u = order[head]
                head += 1
                if u == _BOARD:
                    for n in range(LEVEL1):
                        if cells[n] == colour and not done[n]:
                            done[n] = 1
                            parent[n] = u
                            order.append(n)
                    continue
                if u < LEVEL1 and not done[_BOARD]:
                    done[_BOARD] = 1
                    parent[_BOARD] = u
                    order.append(_BOARD)
                mask = masks[u]
                row = rows[u] * 12
                for d in range(12):
                    if mask >> d & 1:
                        n = u + offsets[row + d]
                        if cells[n] == colour and not done[n]:
                            done[n] = 1
                            parent[n] = u
                            order.append(n)
                for r in range(6):  # opposite(u, r), inline
                    via = octa[r * 6 + 4]
                    if mask >> via & 1:
                        n = u + offsets[row + via]
                        step = octa[r * 6 + 5]
                        if masks[n] >> step & 1:
                            o = n + offsets[rows[n] * 12 + step]
                            if cells[o] == colour:
                                if o > u:
                                    diagonals.append(u)
                                    diagonals.append(o)
                                    diagonals.append(r)
                                if not done[o]:
                                    parent[o] = u
                                    pending.append(o)
        # Coordinates: the edges off the tree (key low * 1024 + high -> coordinate).
        coords = {}
        targets = []  # coordinates of A's edges
        for u in order:
            if u == _BOARD:
                continue
            mask = masks[u]
            row = rows[u] * 12
            for d in range(12):
                if mask >> d & 1:
                    n = u + offsets[row + d]
                    if n > u and cells[n] == colour and parent[n] != u and parent[u] != n:
                        targets.append(len(coords))
                        coords[u * 1024 + n] = len(coords)
            if u < LEVEL1 and parent[_BOARD] != u and parent[u] != _BOARD:
                targets.append(len(coords))
                coords[u * 1024 + _BOARD] = len(coords)
        if not targets:
            return False  # A has no cycle here
        for q in range(0, len(diagonals), 3):
            u, o = diagonals[q], diagonals[q + 1]
            if parent[o] != u and parent[u] != o:
                coords[u * 1024 + o] = len(coords)
        # Relations, three coordinates each (-1 for a tree edge).
        rel = array("h")
        for u in order:
            if u == _BOARD:
                continue
            mask = masks[u]
            row = rows[u] * 12
            for d in range(12):
                if not mask >> d & 1:
                    continue
                n1 = u + offsets[row + d]
                if n1 < u or cells[n1] != colour:
                    continue
                for q in range(d * 4, d * 4 + 4):
                    e = _LINK[q]
                    if mask >> e & 1:
                        n2 = u + offsets[row + e]
                        if n2 > n1 and cells[n2] == colour:
                            rel.append(_coord(coords, u, n1))
                            rel.append(_coord(coords, u, n2))
                            rel.append(_coord(coords, n1, n2))
                if u < LEVEL1 and d < 6:
                    rel.append(_coord(coords, u, n1))
                    rel.append(_coord(coords, u, _BOARD))
                    rel.append(_coord(coords, n1, _BOARD))
        for q in range(0, len(diagonals), 3):
            u, o, r = diagonals[q], diagonals[q + 1], diagonals[q + 2]
            mask = masks[u]
            row = rows[u] * 12
            for e in range(r * 6, r * 6 + 4):
                d = octa[e]
                if mask >> d & 1:
                    z = u + offsets[row + d]
                    if cells[z] == colour:
                        rel.append(_coord(coords, u, o))
                        rel.append(_coord(coords, u, z))
                        rel.append(_coord(coords, z, o))
        # Equalities first: coordinate classes in a union-find, class `zero` is known to be 0.
        zero = len(coords)
        uf = array("H", range(zero + 1))
        alive = list(range(0, len(rel), 3))
        changed = True
        while changed:
            changed = False
            keep = []
            for q in alive:
                a = _class(uf, rel[q], zero)
                b = _class(uf, rel[q + 1], zero)
                c = _class(uf, rel[q + 2], zero)
                # Terms that cancel in pairs, and the zero class, drop out.
                if a == b:
                    a = b = zero
                if b == c:
                    b = c = zero
                if a == c:
                    a = c = zero
                if a == zero:
                    a, c = c, zero
                if b == zero:
                    b, c = c, zero
                if a == zero:
                    a, b = b, zero
                if c != zero:
                    keep.append(q)
                elif a != zero:
                    _merge(uf, a, b, zero)  # a = b, or a = 0 when b is the zero class
                    changed = True
            alive = keep
        basis = {}
        for q in alive:
            v = 0
            for x in (rel[q], rel[q + 1], rel[q + 2]):
                x = _class(uf, x, zero)
                if x != zero:
                    v ^= 1 << x
            _insert(basis, v)
        for x in targets:
            x = _class(uf, x, zero)
            if x != zero and _reduce(basis, 1 << x):
                return True
        return False

    # --- text ------------------------------------------------------------------------------
    def move_to_text(self, move):
        if not isinstance(move, int) or move < 0 or move >= N_SPACES:
            raise GameError("no such space: %r" % (move,))
        return space_name(move)

    def move_from_text(self, text):
        return parse_space(text)

    def encode(self):
        """'b:' or 'w:' (to move), then the 10 levels separated by '/', each its spaces in index
        order as . B W with trailing empties dropped."""
        levels = []
        start = 0
        for k in range(N_LEVELS):
            size = LEVEL_SIZES[k]
            text = "".join(_CHARS[self.cells[s]] for s in range(start, start + size))
            levels.append(text.rstrip("."))
            start += size
        return "%s:%s" % ("bw"[self.placed & 1], "/".join(levels))

    def decode(self, text):
        text = text.strip()
        if len(text) < 2 or text[0] not in "bw" or text[1] != ":":
            raise GameError("a Lazo position starts with 'b:' or 'w:' (the player to move)")
        levels = text[2:].split("/")
        if len(levels) != N_LEVELS:
            raise GameError("a Lazo position has 10 levels separated by '/', got %d" % len(levels))
        cells = bytearray(N_SPACES)
        start = 0
        for k in range(N_LEVELS):
            row = levels[k]
            if len(row) > LEVEL_SIZES[k]:
                raise GameError("level %d has %d spaces, got %d" % (k + 1, LEVEL_SIZES[k], len(row)))
            for q in range(len(row)):
                if row[q] not in _CHARS:
                    raise GameError("level %d: '%s' is not . B or W" % (k + 1, row[q]))
                cells[start + q] = _CHARS.index(row[q])
            start += LEVEL_SIZES[k]
        black = sum(1 for c in cells if c == BLACK)
        white = sum(1 for c in cells if c == WHITE)
        if black - white not in (0, 1):
            raise GameError("Black moves first, so Black has as many tiles as White or one more")
        if "bw"[(black + white) & 1] != text[0]:
            raise GameError("with %d tiles placed it is %s's move" % (black + white, self.PLAYERS[(black + white) & 1]))
        for s in range(LEVEL1, N_SPACES):
            if cells[s] and not all(cells[b] for b in supports(s)):
                raise GameError("%s overhangs: a tile needs all 3 spaces below it occupied" % space_name(s))
        self._clear()
        for s in range(N_SPACES):
            if cells[s]:
                self._put(s, cells[s])
        loops = [p for p in (0, 1) if self.has_loop(p)]
        if len(loops) == 2:
            self._clear()
            raise GameError("both players have a winning loop: not a position of a game")
        if loops:
            self._winner = loops[0]
        elif self.placed == TILES:
            self._winner = DRAW
        elif self._level1_free == 0 and not self._can_move(self.placed & 1):
            self._winner = 1 - (self.placed & 1)

    def render(self):
        """Each level that holds a tile (level 1 always), far row first, as . B W."""
        lines = []
        for k in range(1, N_LEVELS + 1):
            first = space_index(k, 0, 0)
            if k > 1 and not any(self.cells[first:first + LEVEL_SIZES[k - 1]]):
                break
            lines.append("level %d" % k)
            for j in range(10 - k, -1, -1):
                s0 = space_index(k, 0, j)
                lines.append(" " * (j + k - 1) + " ".join(_CHARS[self.cells[s]] for s in range(s0, s0 + 20 - k - j)))
        return "\n".join(lines)


def _find(uf, v):
    while uf[v] != v:
        uf[v] = uf[uf[v]]
        v = uf[v]
    return v


def _union(uf, a, b):
    a = _find(uf, a)
    b = _find(uf, b)
    if a != b:
        uf[b] = a


def _joined_groups_split(uf, group, reps, multi, first):
    """True when some own-path group holds representatives in different union-find sets."""
    for g in range(13):
        first[g] = 0  # group label -> 1 + root of its first representative
    for d in range(9):
        if reps >> d & 1 and multi >> group[d] & 1:
            root = _find(uf, d) + 1
            g = group[d]
            if not first[g]:
                first[g] = root
            elif first[g] != root:
                return True
    return False


def _coord(coords, a, b):
    """The coordinate of edge a-b, -1 for a spanning-tree edge."""
    if a > b:
        a, b = b, a
    q = coords.get(a * 1024 + b)
    return -1 if q is None else q


def _class(uf, x, zero):
    # The class of coordinate x (-1, a tree edge, is 0).
    if x < 0:
        return zero
    while uf[x] != x:
        uf[x] = uf[uf[x]]
        x = uf[x]
    return x


def _merge(uf, a, b, zero):
    # Roots a != zero and b hold equal values; the zero class stays its own root.
    if b == zero:
        uf[a] = zero
    elif a != b:
        uf[b] = a


def _reduce(basis, v):
    # Basis vectors are keyed by their lowest set bit.
    while v:
        b = basis.get(v & -v)
        if b is None:
            return v
        v ^= b
    return 0


def _insert(basis, v):
    v = _reduce(basis, v)
    if v:
        basis[v & -v] = v
