# Trap's AI (ai.py): the threats, exactly, and the ring model's scan of the board: the holes
# where one more ball of a colour traps a dot (threat_holes), the holes where a ball makes one
# threat or two (threat_makers), a trapped dot's ways out (escapes).
from shared_rules.trap.ai_tables import COST, CORNER_RAYS, CUT, OFF, OFF_STATE, ONE_CORNER


def scan(t, board):
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


def fill_rows(t, board):
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


def threat_holes(t, board, colour, limit, under=0):
    """The holes where one ball of `colour` traps a dot, into t.found; returns how many (it stops
    at `limit`).  Empty holes, and with `under` also those held by that colour (they open the
    moment it leaves).  Needs fill_rows(t, board)."""
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
    """threat_holes for dot d with open `rays`: its holes are added to t.found[count:]."""
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


def threat_makers(t, board, colour, under):
    """Marks in t.threat the holes where a ball of `colour` traps (bit colour; with `under` also
    those under that colour's balls), and the empty holes where it makes a threat (bit colour
    << 2) or two (colour << 4).  Needs fill_rows(t, board); leaves t.found changed.

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
    trapped = not escapes(t, board, colour, d)
    board[hole] = held
    if trapped:
        found[count] = hole
        count += 1
    return count


def escapes(t, board, colour, d):
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
    """A shortest way out for dot d past `colour`'s links (see escapes), its holes into t.path;
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


def blockable(t, board, hole, colour):
    """Phase 2: may `colour` put a ball on `hole`?  Only next to a ball of its own (not single)."""
    return _own_neighbours(t, board, hole, colour) > 0


# --- evaluation and ordering ----------------------------------------------------------------------
