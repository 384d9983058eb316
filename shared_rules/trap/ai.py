# Trap's AI tuning for shared_rules/ai.py.
#
# Threats, exactly: the holes where one more ball of a colour traps a dot (_threats), and the
# holes where a ball makes one threat or two (_threat_makers).  Evaluation: the side to move
# with a threat wins; the other side with two, or with one the side to move may not fill (phase
# 2: no ball of its own next to it), cannot be stopped; nor can the side to move, unthreatened,
# when it has a hole where one ball makes two threats; the other side with two such holes
# nearly so (found at the parent node, checked at the leaf).  Besides that each dot is valued by
# how many more balls each player needs to trap it with a ring through the dot's four corners in
# which any corner may be bypassed by the two holes diagonally beyond it (a ring of 4 to 8
# balls; an enemy ball on the way: "cannot").  Corners are bypassed independently, so the need
# is the sum over the four corner groups of min(corner, its two bypass holes): a table per
# colour turns a group's three holes into it.
#
# Moves are ordered by those ring values and by the threats: holes that trap, that block a trap,
# that make two threats or one, for either side (_mark_threats); in phase 2 each hole comes with
# a few balls, the ones whose leaving costs least.  Forced replies only: the win, or the blocks.
from array import array

from micropython import const

from shared_rules.ai import keep_best
from shared_rules.trap.ai_tables import COST, CORNER_RAYS, CUT, OFF, OFF_STATE, ONE_CORNER, Rings
from shared_rules.game import ONGOING
from shared_rules.trap.rules import PASS, SOURCE_SHIFT, TARGET_MASK, Trap

# level: (device seconds cap, node budget, moves searched per ply, evaluation noise)
LEVELS = {
    "easy": (1.0, 12, (12,), 200),
    "normal": (2.6, 120, (7, 4), 0),
    "hard": (9.0, 1000, (6, 3, 3, 3), 0),
}

# Value of a dot by the balls still needed, up to 4 groups x ai_trap_tables.NEVER (index 0 is a trap: the
# game is won then anyway).
_VALUE = (2000, 400, 60, 15, 5, 2, 1) + (0,) * 30
_THREAT_TO_MOVE = const(5000)  # the side to move can complete a trap
_DOUBLE_THREAT = const(3000)  # the other side has two threats, or one that cannot be blocked
_DOUBLE_MAKER = const(2500)  # the side to move, unthreatened, has a ball that makes two threats
_TWO_DOUBLE_MAKERS = const(2000)  # the other side has two holes where a ball would
_ONE_DOUBLE_MAKER = const(300)  # ... or one (the side to move must fill it)
_TRAP_NOW = const(100000)
# Ordering: a ball that makes two threats at once, or one; one on a hole where the other side
# would make two, or one.
_MAKE_TWO = const(3000)
_MAKE_ONE = const(500)
_STOP_TWO = const(1500)
_STOP_ONE = const(150)
_WEIGHT = (16, 4, 1)  # a group key is corner * 16 + bypass1 * 4 + bypass2
_TAIL = const(6)  # moves compared to tell the position t.threat was made for (searches are shallower)
_BALLS = const(8)  # candidates(), phase 2: the balls whose leaving costs least, tried in order
_MOST = const(32)  # candidates(): the most holes, balls (20 in the rules) or moves it ranks
_PER_HOLE = const(3)  # order(), phase 2: moves kept to one hole, or from one ball, before others


_work = None  # the last game's _Work (one game at a time)


class _Work:
    """What a search works with, passed as `t` to the functions below: the tables of the game's
    dots (t.ring, t.size, ... from Rings), the arrays it works in (~4 KB on a 16 x 16 board) and
    its marks.  Made once per game and started afresh by each of its searches in turn (one at a
    time): a search that made its ~40 arrays left the device's allocator and collector a
    fragmented heap, which doubled the search times.  A search fills what it reads first, but
    for the marks (seen, on_path, partners, marked_tail), which start() clears."""

    def __init__(self, r):
        self.dots_of = r.dots_of
        cells = r.cells
        self.size = r.size
        self.cells = cells
        self.full = r.full
        self.dots = r.dots
        self.dot_col = r.dot_col
        self.dot_row = r.dot_row
        self.ring = r.ring
        self.touches = r.touches
        self.slot = r.slot
        self.near = r.near
        self.nb = r.nb
        self.nb_start = r.nb_start
        self.steps = r.steps
        self.edge = r.edge
        # Refilled by _scan: group keys and each colour's need per dot (d * 3 + colour).
        self.keys = bytearray(r.dots * 4)
        self.need = bytearray(r.dots * 3)
        # _threats: row bit masks (colour * size + row; colour 0 = empty), the flood's marks
        # (stamp in seen) and stack, the holes found.
        self.rows = array("H", bytes(2 * 3 * r.size))
        self.seen = bytearray(cells)
        self.stamp = 0
        self.stack = bytearray(cells)
        self.parent = bytearray(cells)  # _way_out: the hole each was reached from (< 256)
        self.path = bytearray(cells)
        self.on_path = bytearray(cells)  # _dot_threats: path_stamp on the holes of t.path
        self.path_stamp = 0
        self.found = bytearray(cells)
        self.cand = bytearray(cells)  # _dot_threats: the holes that cut a dot's open ray
        self.makers = bytearray(cells)  # _first_holes: holes to try, the open rays after
        self.after = bytearray(cells)  # each (255: to be found)
        self.pair_x = bytearray(cells)  # _threat_makers: pairs of holes that trap together,
        self.pair_y = bytearray(cells)
        self.partners = bytearray(cells)  # and each hole's number of partners (0 between calls)
        self.dot_rays = bytearray(r.dots)
        self.threat = bytearray(cells)  # order(): bit colour = that colour's ball here traps
        self.gain = array("i", bytes(4 * cells))  # order()'s value of each hole
        self.doubles = bytearray(cells)  # the holes of t.threat where a ball makes two threats
        self.double_count = 0
        self.marked_length = 0  # the game's length and its last moves (_TAIL of them, -1
        self.marked_tail = array("i", bytes(4 * _TAIL))  # before the first) when t.threat was filled
        # candidates(): the kept best holes, balls and moves, each with its score
        self.top_cells = bytearray(_MOST)
        self.top_scores = array("i", bytes(4 * _MOST))
        self.balls = bytearray(_MOST)
        self.ball_scores = array("i", bytes(4 * _MOST))
        self.moves = array("i", bytes(4 * _MOST))
        self.move_scores = array("i", bytes(4 * _MOST))
        self.used = bytearray(cells)  # order(): moves kept per hole (low 4 bits), per ball,
        self.taken = bytearray(_MOST)  # and which of the ranked ones
        self.zeros = bytes(cells)  # what clears a cell array at once (a slice assignment)

    def start(self):
        """A new search: its stamps start at 0 on cleared marks (a search cut short by an error
        may have left partners too), and no position's threats are marked yet."""
        zeros = self.zeros
        self.seen[:] = zeros
        self.on_path[:] = zeros
        self.partners[:] = zeros
        self.stamp = 0
        self.path_stamp = 0
        self.double_count = 0
        self.marked_length = 0
        tail = self.marked_tail
        for i in range(_TAIL):
            tail[i] = -1


def _work_for(game):
    """The _Work of `game`'s dots (made for a new game), started afresh."""
    global _work
    w = _work
    if w is None or w.dots_of is not game.dots:
        w = _work = None  # (the old one's heap is free before the new one is made)
        w = _work = _Work(Rings(game))
    w.start()
    return w


def win_candidates(game, moves):
    """The moves to a hole where a ball of the mover traps a dot (t.threat's colour bit): only
    those can win on the spot (phase 2's ~900 moves need no try otherwise)."""
    t = _work_for(game)
    me = game.to_move() + 1
    _mark_threats(game, t, game.board, me)
    threat = t.threat
    mask = TARGET_MASK
    out = []
    for m in moves:
        if threat[m & mask] & me:
            out.append(m)
    return out


# Trap's tuning for one search (ai.py): the game and its _Work, started afresh.
class Tuner:
    LEVELS = LEVELS
    win_candidates = staticmethod(win_candidates)  # (ai.py) asked before a Tuner is built

    def __init__(self, game, level):
        self.game = game
        self.work = _work_for(game)

    def evaluate(self, player):
        return _evaluate(self.work, self.game, player)

    def order(self, moves, count):
        return _order(self.work, self.game, moves, count)

    def candidates(self, count):
        return _candidates(self.work, self.game, count)



def _scan(t, board):
    """Fills t.keys and t.need (the ring model) for the current board."""
    ring, keys, need = t.ring, t.keys, t.need
    light, dark = COST[1], COST[2]
    off, off_state = OFF, OFF_STATE
    i = 0
    for d in range(t.dots):
        n1 = n2 = 0
        for k in range(d * 4, d * 4 + 4):
            a, b, c = ring[i], ring[i + 1], ring[i + 2]
            key = ((board[a] if a != off else off_state) << 4 | (board[b] if b != off else off_state) << 2
                   | (board[c] if c != off else off_state))
            keys[k] = key
            n1 += light[key]
            n2 += dark[key]
            i += 3
        need[d * 3 + 1] = n1
        need[d * 3 + 2] = n2


# --- exact threats ------------------------------------------------------------------------------
#
# The rules' trap test floods triangles; the same question is asked here through its dual:
# colour c traps a dot exactly when no chain of orthogonally adjacent holes free of c joins a
# corner of the dot's square to the board's edge (c's links are 8-connected: a way out must
# step between them).  A trap also cuts the dot's four straight rays (the rows and columns of
# unit-square sides and diagonals of the rules' pre-check), which row bit masks test at once.
# One ball cuts at most one ray of each axis, so only a dot with one open ray, or two at right
# angles, can be closed by one ball, and only on a hole that cuts them: only those are flooded.


def _fill_rows(t, board):
    """t.rows[colour * size + r]: bit x set where row r holds `colour` at column x (0 empty)."""
    rows = t.rows
    size = t.size
    two = size + size
    c = 0
    for r in range(size):
        e = 0
        a = 0
        b = 0
        bit = 1
        for _ in range(size):
            v = board[c]
            if v == 0:
                e |= bit
            elif v == 1:
                a |= bit
            else:
                b |= bit
            bit <<= 1
            c += 1
        rows[r] = e
        rows[size + r] = a
        rows[two + r] = b


def _open_rays(t, colour, d, both_rows_end=True):
    """The dot's rays that no link of `colour` cuts, a bit set: 1 left, 2 right, 4 down, 8 up
    (with `both_rows_end`, just 3 when both rows are open: one ball cannot close it then)."""
    rows = t.rows
    c = t.dot_col[d]
    r = t.dot_row[d]
    base = colour * t.size
    a = rows[base + r]
    b = rows[base + r + 1]
    left = (2 << c) - 1
    out = 0
    x = a & left
    y = b & left
    if not x & (y | y << 1 | y >> 1):
        out = 1
    x = a ^ x
    y = b ^ y
    if not x & (y | y << 1 | y >> 1):
        if out and both_rows_end:
            return 3
        out |= 2
    cut = CUT
    prev = 0
    for row in range(base + r, base - 1, -1):
        f = (rows[row] >> c) & 3
        if cut[f << 2 | prev]:
            break
        prev = f
    else:
        out |= 4
    prev = 0
    for row in range(base + r + 1, base + t.size):
        f = (rows[row] >> c) & 3
        if cut[f << 2 | prev]:
            break
        prev = f
    else:
        out |= 8
    return out


def _cutters(t, colour, d, ray, buf, n, under, half=False):
    """Appends to `buf` (from index n) the holes where a ball of `colour` cuts the open `ray` (1,
    2, 4 or 8) of dot d: empty ones, and with `under` those of that colour; with `half` also
    those that would cut it with a ball on another empty hole.  Returns the new n."""
    rows = t.rows
    size = t.size
    base = colour * size
    other = 0 if half else base  # the partner's row: with `half` the empty one, else `colour`'s
    c = t.dot_col[d]
    r = t.dot_row[d]
    if ray < 4:  # the left or the right ray: gates between rows r and r + 1
        band = (2 << c) - 1
        if ray == 2:
            band ^= t.full
        for row in range(r, r + 2):
            partner = (rows[base + r + r + 1 - row] | rows[other + r + r + 1 - row]) & band
            free = rows[row]
            if under:
                free |= rows[under * size + row]
            bits = free & band & (partner | partner << 1 | partner >> 1)
            hole = row * size
            while bits:
                if bits & 1:
                    buf[n] = hole
                    n += 1
                bits >>= 1
                hole += 1
        return n
    # the down or the up ray: gates between columns c and c + 1
    first = 0 if ray == 4 else r + 1
    last = r if ray == 4 else size - 1
    for row in range(first, last + 1):
        free = rows[row]
        if under:
            free |= rows[under * size + row]
        free = (free >> c) & 3
        if not free:
            continue
        mine = ((rows[base + row] | rows[other + row]) >> c) & 3
        if row > first:
            mine |= ((rows[base + row - 1] | rows[other + row - 1]) >> c) & 3
        if row < last:
            mine |= ((rows[base + row + 1] | rows[other + row + 1]) >> c) & 3
        if free & 1 and mine & 2:
            buf[n] = c + row * size
            n += 1
        if free & 2 and mine & 1:
            buf[n] = c + 1 + row * size
            n += 1
    return n


def _threats(t, board, colour, limit, under=0):
    """The holes where one ball of `colour` traps a dot, into t.found; returns how many (it stops
    at `limit`).  Empty holes, and with `under` also those held by that colour (they open the
    moment it leaves).  Needs _fill_rows(t, board)."""
    count = 0
    one_corner = ONE_CORNER
    for d in range(t.dots):
        rays = _open_rays(t, colour, d)
        if rays and one_corner[rays] == 255:  # (_dot_threats' first test, without a call)
            continue
        count = _dot_threats(t, board, colour, d, rays, count, under)
        if count >= limit:
            return count
    return count


def _dot_threats(t, board, colour, d, rays, count, under):
    """_threats for dot d with open `rays`: its holes are added to t.found[count:]."""
    if rays == 0:  # every ray cut, yet the dot gets out round a bend: a trapping hole is on
        path = t.path  # every way out, so on the shortest one (and has two own neighbours)
        for i in range(_way_out(t, board, colour, d)):
            hole = path[i]
            v = board[hole]
            if (v == 0 or (under and v == under)) and _own_neighbours(t, board, hole, colour) >= 2:
                count = _add_if_trapping(t, board, colour, d, hole, count)
        return count
    corner = ONE_CORNER[rays]
    if corner == 255:
        return count
    if corner < 4:  # two rays at right angles: only the corner between them cuts both
        hole = t.dot_col[d] + (corner & 1) + (t.dot_row[d] + (corner >> 1)) * t.size
        v = board[hole]
        if v == 0 or (under and v == under):
            count = _add_if_trapping(t, board, colour, d, hole, count)
        return count
    cand = t.cand
    n = _cutters(t, colour, d, rays, cand, 0, under)
    if n > 1:  # only those on the shortest way out can close every way out
        on_path = t.on_path
        stamp = t.path_stamp + 1
        if stamp > 255:
            on_path[:] = t.zeros
            stamp = 1
        t.path_stamp = stamp
        path = t.path
        for i in range(_way_out(t, board, colour, d)):
            on_path[path[i]] = stamp
        for i in range(n):
            if on_path[cand[i]] == stamp:
                count = _add_if_trapping(t, board, colour, d, cand[i], count)
    elif n:
        count = _add_if_trapping(t, board, colour, d, cand[0], count)
    return count


def _threat_makers(t, board, colour, under):
    """Marks in t.threat the holes where a ball of `colour` traps (bit colour; with `under` also
    those under that colour's balls), and the empty holes where it makes a threat (bit colour
    << 2) or two (colour << 4).  Needs _fill_rows(t, board); leaves t.found changed.

    A threat is one of two empty holes that trap a dot together.  Two balls cut the dot's open
    rays, so one of the pair is always in a small set tried first (_first_holes); the holes
    that then trap are its partners, and each hole makes as many threats as it has partners."""
    rows = t.rows
    size = t.size
    base = colour * size
    makers = t.makers
    after = t.after
    threat = t.threat
    found = t.found
    pair_x = t.pair_x
    pair_y = t.pair_y
    partners = t.partners
    dot_rays = t.dot_rays
    one_corner = ONE_CORNER
    for d in range(t.dots):
        rays = _open_rays(t, colour, d, False)
        dot_rays[d] = rays
        if rays and one_corner[rays] == 255:  # (_dot_threats' first test, without a call)
            continue
        for i in range(_dot_threats(t, board, colour, d, rays, 0, under)):
            threat[found[i]] |= colour
    pairs = 0
    for d in range(t.dots):
        rays = dot_rays[d]
        for i in range(_first_holes(t, board, colour, d, rays)):
            x = makers[i]
            if board[x] != 0 or threat[x] & colour:
                continue
            row = x // size
            bit = 1 << (x - row * size)
            board[x] = colour
            rows[row] ^= bit
            rows[base + row] |= bit
            count = _dot_threats(t, board, colour, d, after[i] if after[i] != 255 else _open_rays(t, colour, d), 0, 0)
            rows[base + row] ^= bit
            rows[row] |= bit
            board[x] = 0
            for k in range(count):
                y = found[k]
                if threat[y] & colour:  # a trap already
                    continue
                known = False
                for j in range(pairs):
                    if (pair_x[j] == y and pair_y[j] == x) or (pair_x[j] == x and pair_y[j] == y):
                        known = True
                        break
                if not known and pairs < len(pair_x):
                    pair_x[pairs] = x
                    pair_y[pairs] = y
                    pairs += 1
                    partners[x] += 1
                    partners[y] += 1
    one = colour << 2
    two = colour << 4
    for j in range(pairs + pairs):
        hole = pair_x[j >> 1] if j & 1 else pair_y[j >> 1]
        if partners[hole]:
            threat[hole] |= two if partners[hole] >= 2 else one
            partners[hole] = 0


def _first_holes(t, board, colour, d, rays):
    """Into t.makers: holes of which every pair of empty holes that traps dot d together (with
    its open `rays`) holds one, and into t.after the open rays left once a ball is there (255:
    to be found).  Two balls cut four, three open rays only when one is a corner of the dot's
    square cutting two; two rays when one ball cuts each (or a corner both); one ray when one
    cuts it (alone or linked to the other); none when one is on the shortest way out.  Returns
    how many."""
    makers = t.makers
    after = t.after
    size = t.size
    corner = t.dot_col[d] + t.dot_row[d] * size
    n = 0
    if rays == 0:
        path = t.path
        for i in range(_way_out(t, board, colour, d)):
            hole = path[i]
            if board[hole] == 0 and _own_neighbours(t, board, hole, colour):
                makers[n] = hole
                after[n] = 0
                n += 1
        return n
    kind = ONE_CORNER[rays]
    if kind == 4:  # one ray: a ball that cuts it, or with the other ball (a link of two new balls)
        n = _cutters(t, colour, d, rays, makers, 0, 0, True)
        for i in range(n):
            after[i] = 255
        return n
    if rays == 3 or rays == 12 or kind < 4:  # two parallel rays, or two at right angles
        ray = rays & -rays  # the lowest open ray
        if kind < 4:
            makers[0] = corner + (kind & 1) + (kind >> 1) * size
            after[0] = 255
            n = 1
        first = n
        n = _cutters(t, colour, d, ray, makers, n, 0)
        for i in range(first, n):
            k = makers[i] - corner  # only a corner of the dot's square can cut two rays
            after[i] = 255 if k == 0 or k == 1 or k == size or k == size + 1 else rays ^ ray
        return n
    # Three or four open rays: the corners that cut two of them, with a ball of their own for
    # each (four open: the other ball is the opposite corner, no link to it) or for one.
    least = 2 if rays == 15 else 1
    for k in range(4):
        both = CORNER_RAYS[k]
        hole = corner + (k & 1) + (k >> 1) * size
        if rays & both == both and board[hole] == 0 and _own_neighbours(t, board, hole, colour) >= least:
            makers[n] = hole
            after[n] = 255
            n += 1
    return n


def _own_neighbours(t, board, hole, colour):
    nb = t.nb
    k = 0
    for i in range(t.nb_start[hole], t.nb_start[hole + 1]):
        if board[nb[i]] == colour:
            k += 1
    return k


def _add_if_trapping(t, board, colour, d, hole, count):
    found = t.found
    for i in range(count):
        if found[i] == hole:
            return count
    held = board[hole]
    board[hole] = colour
    trapped = not _escapes(t, board, colour, d)
    board[hole] = held
    if trapped:
        found[count] = hole
        count += 1
    return count


def _escapes(t, board, colour, d):
    """Does dot d get out past `colour`'s links: a 4-connected chain of holes free of `colour`
    from a corner of its square to the board's edge (the dual of the rules' triangle flood)?"""
    seen = t.seen
    stack = t.stack
    edge = t.edge
    steps = t.steps
    stamp = _new_stamp(t)
    size = t.size
    corner = t.dot_col[d] + t.dot_row[d] * size
    sp = 0
    for k in range(4):  # the corners (no tuple: it would be built on the heap each time)
        cell = corner + (k & 1) + (k >> 1) * size
        if board[cell] != colour:
            if edge[cell]:
                return True
            seen[cell] = stamp
            stack[sp] = cell
            sp += 1
    while sp:  # (off the edge, so every cell has its four neighbours)
        sp -= 1
        cell = stack[sp]
        for i in range(4):
            n = cell + steps[i]
            if seen[n] != stamp and board[n] != colour:
                if edge[n]:
                    return True
                seen[n] = stamp
                stack[sp] = n
                sp += 1
    return False


def _way_out(t, board, colour, d):
    """A shortest way out for dot d past `colour`'s links (see _escapes), its holes into t.path;
    returns how many (0: trapped)."""
    seen = t.seen
    queue = t.stack
    parent = t.parent
    edge = t.edge
    steps = t.steps
    stamp = _new_stamp(t)
    size = t.size
    corner = t.dot_col[d] + t.dot_row[d] * size
    tail = 0
    for k in range(4):  # the corners (no tuple: it would be built on the heap each time)
        cell = corner + (k & 1) + (k >> 1) * size
        if board[cell] != colour:
            parent[cell] = cell
            if edge[cell]:
                return _path_to(t, cell)
            seen[cell] = stamp
            queue[tail] = cell
            tail += 1
    head = 0
    while head < tail:  # (off the edge, so every cell has its four neighbours)
        cell = queue[head]
        head += 1
        for i in range(4):
            n = cell + steps[i]
            if seen[n] != stamp and board[n] != colour:
                parent[n] = cell
                if edge[n]:
                    return _path_to(t, n)
                seen[n] = stamp
                queue[tail] = n
                tail += 1
    return 0


def _path_to(t, cell):
    parent = t.parent
    path = t.path
    n = 0
    while True:
        path[n] = cell
        n += 1
        if parent[cell] == cell:
            return n
        cell = parent[cell]


def _new_stamp(t):
    """A new mark for t.seen (cleared when the marks run out)."""
    stamp = t.stamp + 1
    if stamp > 255:
        t.seen[:] = t.zeros
        stamp = 1
    t.stamp = stamp
    return stamp


def _blockable(t, board, hole, colour):
    """Phase 2: may `colour` put a ball on `hole`?  Only next to a ball of its own (not single)."""
    return _own_neighbours(t, board, hole, colour) > 0


# --- evaluation and ordering ----------------------------------------------------------------------
def _evaluate(t, game, player):
    board = game.board
    _scan(t, board)
    _fill_rows(t, board)
    need = t.need
    me, you = player + 1, 2 - player
    score = 0
    for d in range(t.dots):
        score += _VALUE[need[d * 3 + me]] - _VALUE[need[d * 3 + you]]
    mover = game.to_move() + 1
    sign = 1 if mover == me else -1
    if _threats(t, board, mover, 1):
        return score + sign * _THREAT_TO_MOVE
    other = 3 - mover
    count = _threats(t, board, other, 2)
    if count >= 2 or (count == 1 and game.phase() == 2 and not _blockable(t, board, t.found[0], mover)):
        return score - sign * _DOUBLE_THREAT
    if count == 0 and t.double_count and _marked_parent(game, t):
        # The parent node's holes where a ball makes two threats (see _mark_threats): one of
        # the mover's that still does wins, as nothing forces the mover to do anything else;
        # of the other side's, the mover can fill one, hardly two.
        if _double_makers(t, board, mover, 1):
            return score + sign * _DOUBLE_MAKER
        count = _double_makers(t, board, other, 2)
        if count:
            return score - sign * (_TWO_DOUBLE_MAKERS if count == 2 else _ONE_DOUBLE_MAKER)
    return score


def _double_makers(t, board, colour, limit):
    """How many of t.doubles (up to `limit`) still make two threats for `colour`."""
    two = colour << 4
    doubles = t.doubles
    threat = t.threat
    count = 0
    for i in range(t.double_count):
        hole = doubles[i]
        if threat[hole] & two and board[hole] == 0 and _makes_two(t, board, colour, hole):
            count += 1
            if count == limit:
                break
    return count


def _makes_two(t, board, colour, hole):
    """Would a ball of `colour` on the empty `hole` give it two holes that trap?"""
    rows = t.rows
    size = t.size
    row = hole // size
    bit = 1 << (hole - row * size)
    board[hole] = colour
    rows[row] ^= bit
    rows[colour * size + row] |= bit
    count = _threats(t, board, colour, 2)
    rows[colour * size + row] ^= bit
    rows[row] |= bit
    board[hole] = 0
    return count >= 2


def _gain(t, cell, old, value, me):
    """Change of colour `me`'s dot values when `cell` goes from state `old` to `value` (after _scan)."""
    dots = t.touches[cell]
    keys, need, slots = t.keys, t.need, t.slot
    cost_me, cost_you = COST[me], COST[3 - me]
    values, weights, cells = _VALUE, _WEIGHT, t.cells
    you = 3 - me
    change = value - old
    gain = 0
    d = 0
    while dots:
        if dots & 1:
            slot = slots[d * cells + cell]
            key = keys[d * 4 + slot // 3]
            new = key + change * weights[slot % 3]
            mine = need[d * 3 + me]
            yours = need[d * 3 + you]
            gain += (values[mine - cost_me[key] + cost_me[new]] - values[mine] + values[yours]
                     - values[yours - cost_you[key] + cost_you[new]])
        dots >>= 1
        d += 1
    return gain


def _fill_gain(t, cell, me):
    """Value for colour `me` of a ball put on the empty `cell` (after _mark_threats)."""
    gain = t.near[cell]
    if t.touches[cell]:
        gain += _gain(t, cell, 0, me, me)
    threat = t.threat[cell]
    if threat:
        gain += _threat_gain(threat, me)
    return gain


def _threat_gain(threat, me):
    """_fill_gain's part from t.threat's bits `threat` of the hole."""
    gain = 0
    you = 3 - me
    if threat & me:
        gain += _TRAP_NOW
    if threat & you:
        gain += _THREAT_TO_MOVE
    if threat & me << 4:
        gain += _MAKE_TWO
    elif threat & me << 2:
        gain += _MAKE_ONE
    if threat & you << 4:
        gain += _STOP_TWO
    elif threat & you << 2:
        gain += _STOP_ONE
    return gain


def _leave_gain(t, cell, me):
    """Value for colour `me` of taking its ball off `cell` (after _mark_threats): a loss, or 0."""
    gain = _gain(t, cell, me, 0, me) if t.touches[cell] else 0
    if t.threat[cell] & (3 - me):  # the other side's trap is waiting under this ball
        gain -= _THREAT_TO_MOVE
    return gain


def _mark_threats(game, t, board, me):
    """_scan, and t.threat: the holes where either colour traps (the other colour's also under
    `me`'s balls), and where either makes threats; the holes where a ball makes two are also
    listed in t.doubles for evaluate() at the nodes just below."""
    _scan(t, board)
    _fill_rows(t, board)
    threat = t.threat
    threat[:] = t.zeros
    _threat_makers(t, board, me, 0)
    _threat_makers(t, board, 3 - me, me)
    doubles = t.doubles
    n = 0
    for cell in range(t.cells):
        if threat[cell] & 0x30:
            doubles[n] = cell
            n += 1
    t.double_count = n
    history = game.history
    length = len(history)
    t.marked_length = length
    for i in range(_TAIL):
        t.marked_tail[i] = history[length - 1 - i] if i < length else -1


def _marked_parent(game, t):
    """Was t.threat filled at the position just before the last move?  (A search's positions
    of one length differ in their last few moves; the bench's greedy player evaluates others.)"""
    history = game.history
    length = t.marked_length
    if len(history) != length + 1:
        return False
    for i in range(_TAIL):
        if t.marked_tail[i] != (history[length - 1 - i] if i < length else -1):
            return False
    return True


def _order(t, game, moves, count):
    """The search's root: at most `count` of `moves` (a shuffled list: equal scores keep its
    order), best first by the threats and the ring values, only the win or the blocks when
    there are; in phase 2 with at most _PER_HOLE moves to each hole and from each ball (a move
    scores its hole's and its ball's values: the best hole would otherwise come with every
    ball, or the best ball go everywhere).  Top-k buffers, no lists of all the moves' scores."""
    board = game.board
    me = game.to_move() + 1
    _mark_threats(game, t, board, me)
    forced = _forced(t, board, me)
    threat = t.threat
    kept = t.moves
    scores = t.move_scores
    n = 0
    if game.phase() == 1:
        limit = count if count < _MOST else _MOST
        for cell in moves:
            if not forced or threat[cell] & forced:
                if forced == me:
                    return [cell]
                score = _fill_gain(t, cell, me)
                if n < limit or score > scores[limit - 1]:  # (keep_best's own test, without a call)
                    n = keep_best(kept, scores, 0, n, limit, cell, score)
        return _listed(kept, n)
    shift, mask = SOURCE_SHIFT, TARGET_MASK
    if forced == me:
        for m in moves:  # a move that traps (some balls would open the trap they close)
            if m != PASS and threat[m & mask] & me and _moved_traps(t, board, (m >> shift) - 1, m & mask, me):
                return [m]
    gain = _hole_gains(t, board, me)
    blocks = forced if forced != me else 0  # (no block at all: any move then)
    while True:
        for m in moves:
            if m == PASS:
                continue
            to = m & mask
            if not blocks or threat[to] & blocks:
                n = keep_best(kept, scores, 0, n, _MOST, m, gain[to] + gain[(m >> shift) - 1])
        if n or not blocks:
            break
        blocks = 0
    if n <= count:
        return _listed(kept, n)
    used = t.used
    used[:] = t.zeros
    taken = t.taken
    out = [0] * count
    k = 0
    for i in range(n):  # the varied ones first,
        m = kept[i]
        to = m & mask
        ball = (m >> shift) - 1
        taken[i] = 0
        if k < count and (used[to] & 15) < _PER_HOLE and (used[ball] >> 4) < _PER_HOLE:
            used[to] += 1
            used[ball] += 16
            taken[i] = 1
            out[k] = m
            k += 1
    for i in range(n):  # then the others in order
        if k == count:
            break
        if not taken[i]:
            out[k] = kept[i]
            k += 1
    return out


def _forced(t, board, me):
    """After _mark_threats: `me` when colour `me` (to move) has a hole that traps, else the other
    colour when that one has (its ball must be blocked there), else 0."""
    threat = t.threat
    you = 3 - me
    forced = 0
    for cell in range(t.cells):
        if threat[cell] & me and board[cell] == 0:
            return me
        if threat[cell] & you and board[cell] == 0:
            forced = you
    return forced


def _hole_gains(t, board, me):
    """Phase 2: t.gain = the value of filling each empty hole and of leaving each own hole."""
    gain = t.gain
    for cell in range(len(board)):
        v = board[cell]
        if v == 0:
            gain[cell] = _fill_gain(t, cell, me)
        elif v == me:
            gain[cell] = _leave_gain(t, cell, me)
    return gain


def _candidates(t, game, count):
    """At most `count` moves, best first, without listing every legal move: the best holes to
    fill (phase 2: each with the two best of the balls that may legally go there); only the win
    when there is one, only blocks when the other side has a trap to close.  None (the search
    then lists all moves) when phase 2 offers fewer than half of `count` such moves."""
    if game.winner() != ONGOING:
        return None
    if count > _MOST - 2:
        count = _MOST - 2
    board = game.board
    me = game.to_move() + 1
    _mark_threats(game, t, board, me)
    forced = _forced(t, board, me)
    threat = t.threat
    gain = t.gain
    cells = t.top_cells
    scores = t.top_scores
    if game.phase() == 1:
        n = 0
        near, touches = t.near, t.touches
        for cell in range(t.cells):
            if board[cell] == 0 and (not forced or threat[cell] & forced):
                if forced == me:
                    return [cell]
                score = near[cell]  # _fill_gain written out
                if touches[cell]:
                    score += _gain(t, cell, 0, me, me)
                if threat[cell]:
                    score += _threat_gain(threat[cell], me)
                if n < count or score > scores[count - 1]:  # (keep_best's own test, without a call)
                    n = keep_best(cells, scores, 0, n, count, cell, score)
        return _listed(cells, n)
    _hole_gains(t, board, me)
    balls = t.balls
    ball_scores = t.ball_scores
    nballs = 0
    keep_balls = _MOST if forced else _BALLS  # (a block may need any ball)
    for cell in range(t.cells):
        if board[cell] == me:
            nballs = keep_best(balls, ball_scores, 0, nballs, keep_balls, cell, gain[cell])
    if forced == me:
        for to in range(t.cells):
            if threat[to] & me and board[to] == 0:
                win = _winning_ball(game, t, nballs, to, me)
                if win >= 0:
                    return [Trap.move(win, to)]
    per_target = 2
    targets = 0
    if forced and forced != me:  # only a ball on the other side's trapping hole can save the game
        per_target = count
        for to in range(t.cells):
            if board[to] == 0 and threat[to] & forced:
                targets = keep_best(cells, scores, 0, targets, count, to, gain[to])
    else:
        for to in range(t.cells):
            if board[to] == 0:
                targets = keep_best(cells, scores, 0, targets, count + 2, to, gain[to])
    moves = t.moves
    move_scores = t.move_scores
    n = 0
    found_all = 0
    for i in range(targets):
        to = cells[i]
        found = 0
        for j in range(nballs):
            ball = balls[j]
            if game.movement_ok(ball, to, me):
                n = keep_best(moves, move_scores, 0, n, count, Trap.move(ball, to), gain[to] + gain[ball])
                found += 1
                if found == per_target:
                    break
        found_all += found
    if not n or (per_target == 2 and found_all * 2 < count):
        return None
    return _listed(moves, n)


def _listed(items, n):
    out = [0] * n
    for i in range(n):
        out[i] = items[i]
    return out


def _winning_ball(game, t, nballs, to, me):
    """One of the first `nballs` of t.balls that may go to `to` and trap a dot there, or -1
    (every one may hold the trap)."""
    board = game.board
    balls = t.balls
    for i in range(nballs):
        ball = balls[i]
        if game.movement_ok(ball, to, me) and _moved_traps(t, board, ball, to, me):
            return ball
    return -1


def _moved_traps(t, board, ball, to, me):
    """Does colour `me`'s ball moved from `ball` to `to` trap a dot?"""
    board[ball] = 0
    board[to] = me
    trapped = False
    for d in range(t.dots):
        if not _escapes(t, board, me, d):
            trapped = True
            break
    board[to] = 0
    board[ball] = me
    return trapped
