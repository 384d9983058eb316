# Trap's AI tuning for shared_rules/ai.py.
#
# Evaluation: for each red dot and each player, how many more balls the player needs to trap it
# with a ring through the dot's four corners in which any corner may be bypassed by the two
# holes diagonally beyond it (a ring of 4 to 8 balls; an enemy ball on the way: "cannot").
# Corners are bypassed independently, so the need is the sum over the four corner groups of
# min(corner, its two bypass holes).  A group's three holes form a key (4 states each) and a
# table gives both colours' cost: 12 board reads per dot.  A hole that completes a trap, for
# the side to move, or two such holes for the other side (one ball cannot block both), decides
# the game in practice.
from array import array

from micropython import const

from shared_rules.ai import best_first

# level: (device seconds cap, node budget, moves searched per ply, evaluation noise)
LEVELS = {
    "easy": (1.0, 12, (12,), 200),
    "normal": (2.6, 120, (12, 6), 0),
    "hard": (9.0, 400, (16, 10), 0),
}

# How many of its best first moves a level re-examines for the long-chain threats they make
# (see prepare()): the exact test costs ~0.1 s on the device each time.
_FOLLOW_UP = {"easy": 0, "normal": 12, "hard": 16}
_NEVER = const(9)  # cost of a hole held by the enemy (or beyond the edge)
_OFF = const(255)  # a ring hole beyond the board edge
_OFF_STATE = const(3)  # its state in a group key (0 empty, 1 Light, 2 Dark)
# Value of a dot by the balls still needed (index 0 is a trap: the game is won then anyway).
_VALUE = (2000, 400, 60, 15, 5, 2, 1, 0, 0, 0)
_THREAT_TO_MOVE = const(5000)  # the side to move can complete a trap
_DOUBLE_THREAT = const(3000)  # the other side has two completing holes: one ball cannot block both
_TRAP_NOW = const(100000)
_WEIGHT = (16, 4, 1)  # a group key is corner * 16 + bypass1 * 4 + bypass2


def _cost_table(colour):
    out = bytearray(64)
    for key in range(64):
        corner, b1, b2 = key >> 4, (key >> 2) & 3, key & 3
        if corner == colour:
            continue
        c = 1 if corner == 0 else _NEVER
        side = 0
        for v in (b1, b2):
            side += 0 if v == colour else (1 if v == 0 else _NEVER)
        out[key] = min(c, side)
    return bytes(out)


def _completions_table(colour):
    """Group key -> holes that would each complete a group now one ball short (0, 1 or 2)."""
    out = bytearray(64)
    cost = _cost_table(colour)
    for key in range(64):
        if cost[key] == 1:
            b1, b2 = (key >> 2) & 3, key & 3
            out[key] = (1 if key >> 4 == 0 else 0) + (1 if (b1 == colour and b2 == 0) or (b2 == colour and b1 == 0) else 0)
    return bytes(out)


_COST = (b"", _cost_table(1), _cost_table(2))  # by colour: group key -> balls needed
_COMPLETIONS = (b"", _completions_table(1), _completions_table(2))

_tables = None  # the tables of the last game seen (one game at a time)


class _Tables:
    def __init__(self, game):
        size = game.size
        self.dots_of = game.dots  # the game's own list: cheaper to compare than a key
        cells = size * size
        self.size = size
        self.cells = cells
        self.dots = len(game.dots)
        # Per dot, four groups of three holes: a corner, then the two holes that bypass it.
        ring = bytearray()
        for c, r in game.dots:
            for x, y in ((c, r), (c - 1, r), (c, r - 1), (c + 1, r), (c + 2, r), (c + 1, r - 1),
                         (c, r + 1), (c - 1, r + 1), (c, r + 2), (c + 1, r + 1), (c + 2, r + 1), (c + 1, r + 2)):
                ring.append(x + y * size if 0 <= x < size and 0 <= y < size else _OFF)
        self.ring = bytes(ring)
        # cell -> the dots whose ring holds it (a bit set), and its slot 0..11 in each of them.
        touches = array("H", [0] * cells)
        slot = bytearray(self.dots * cells)
        for d in range(self.dots):
            for k in range(12):
                cell = ring[d * 12 + k]
                if cell != _OFF:
                    touches[cell] |= 1 << d
                    slot[d * cells + cell] = k
        self.touches = touches
        self.slot = slot
        # A mild preference for holes near the dots, for moves that touch no ring.
        near = bytearray(cells)
        for cell in range(cells):
            x, y = cell % size, cell // size
            best = 99
            for c, r in game.dots:
                best = min(best, max(abs(2 * x - 2 * c - 1), abs(2 * y - 2 * r - 1)))
            near[cell] = max(0, 8 - best)
        self.near = near
        # Scratch, refilled by _scan: group keys, each colour's need per dot (d * 3 + colour),
        # and each colour's holes that would complete a trap right now (index colour).
        self.keys = bytearray(self.dots * 4)
        self.need = bytearray(self.dots * 3)
        self.completions = bytearray(3)
        # prepare(): holes where one more ball closes a trap only a larger ring sees (bit = colour),
        # and the list of them; plus scratch for labelling chains.
        self.closing = bytearray(cells)
        self.closing_holes = []
        self.in_closing_chain = bytearray(cells)  # balls of those chains (bit = colour)
        self.root_game = None  # prepare(): the search's game, its length then, the level's
        self.root_length = 0  # follow-ups left (see _FOLLOW_UP)
        self.follow_ups = 0
        self.chain = bytearray(cells)
        self.stack = bytearray(cells)
        self.scratch = bytearray(cells)
        self.nb = game._geo.nb
        self.nb_start = game._geo.nb_start
        self.box = bytearray(4 * (cells // 2 + 2))  # per chain label: min col, max col, min row, max row
        # Per hole, the pairs of its neighbours that are not neighbours of each other: a ball
        # on the hole joining two such balls of one chain closes a loop.
        pair_start = array("H", [0] * (cells + 1))
        pair_a = bytearray()
        pair_b = bytearray()
        for h in range(cells):
            around = [h + dx + dy * size for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                      if (dx or dy) and 0 <= h % size + dx < size and 0 <= h // size + dy < size]
            for i in range(len(around)):
                for j in range(i + 1, len(around)):
                    a, b = around[i], around[j]
                    if abs(a % size - b % size) > 1 or abs(a // size - b // size) > 1:
                        pair_a.append(a)
                        pair_b.append(b)
            pair_start[h + 1] = len(pair_a)
        self.pair_start = pair_start
        self.pair_a = bytes(pair_a)
        self.pair_b = bytes(pair_b)
        self.gain = array("i", [0] * cells)  # order()'s value of each hole


def _tables_for(game):
    global _tables
    t = _tables
    if t is None or t.dots_of is not game.dots:
        t = _Tables(game)
        _tables = t
    return t


def _scan(t, board):
    """Fills t.keys, t.need and t.completions for the current board."""
    ring, keys, need = t.ring, t.keys, t.need
    light, dark = _COST[1], _COST[2]
    i = 0
    c1 = c2 = 0
    for d in range(t.dots):
        n1 = n2 = 0
        for k in range(d * 4, d * 4 + 4):
            a, b, c = ring[i], ring[i + 1], ring[i + 2]
            key = ((board[a] if a != _OFF else _OFF_STATE) << 4 | (board[b] if b != _OFF else _OFF_STATE) << 2
                   | (board[c] if c != _OFF else _OFF_STATE))
            keys[k] = key
            n1 += light[key]
            n2 += dark[key]
            i += 3
        if n1 == 1 or n2 == 1:  # one group is one ball short: by how many different holes?
            for k in range(d * 4, d * 4 + 4):
                if n1 == 1:
                    c1 += _COMPLETIONS[1][keys[k]]
                if n2 == 1:
                    c2 += _COMPLETIONS[2][keys[k]]
        need[d * 3 + 1] = n1 if n1 < 9 else 9
        need[d * 3 + 2] = n2 if n2 < 9 else 9
    completions = t.completions
    completions[1] = c1 if c1 < 255 else 255
    completions[2] = c2 if c2 < 255 else 255


def evaluate(game, player):
    t = _tables_for(game)
    board = game.board
    _scan(t, board)
    need = t.need
    me, you = player + 1, 2 - player
    score = 0
    for d in range(t.dots):
        score += _VALUE[need[d * 3 + me]] - _VALUE[need[d * 3 + you]]
    mine, yours = t.completions[me], t.completions[you]
    for hole in t.closing_holes:
        if board[hole] == 0:
            if t.closing[hole] & me:
                mine += 1
            if t.closing[hole] & you:
                yours += 1
    if game.to_move() == player:
        if mine:
            score += _THREAT_TO_MOVE
        elif yours > 1:
            score -= _DOUBLE_THREAT
    elif yours:
        score -= _THREAT_TO_MOVE
    elif mine > 1:
        score += _DOUBLE_THREAT
    return score


def _gain(t, cell, old, value, me):
    """Change of colour `me`'s dot values when `cell` goes from state `old` to `value` (after _scan)."""
    dots = t.touches[cell]
    keys, need, slots = t.keys, t.need, t.slot
    cost_me, cost_you = _COST[me], _COST[3 - me]
    you = 3 - me
    gain = 0
    d = 0
    while dots:
        if dots & 1:
            slot = slots[d * t.cells + cell]
            k = d * 4 + slot // 3
            key = keys[k]
            new = key + (value - old) * _WEIGHT[slot % 3]
            mine = need[d * 3 + me]
            after = mine - cost_me[key] + cost_me[new]
            if after > 9:
                after = 9
            yours = need[d * 3 + you]
            yours_after = yours - cost_you[key] + cost_you[new]
            if yours_after > 9:
                yours_after = 9
            if after == 0:
                gain += _TRAP_NOW
            if yours == 1 and yours_after > 1:
                gain += _THREAT_TO_MOVE
            gain += _VALUE[after] - _VALUE[mine] + _VALUE[yours] - _VALUE[yours_after]
        dots >>= 1
        d += 1
    return gain


def _fill_gain(t, cell, me):
    """Value for colour `me` of a ball put on the empty `cell` (after _scan)."""
    gain = t.near[cell]
    if t.touches[cell]:
        gain += _gain(t, cell, 0, me, me)
    closing = t.closing[cell]
    if closing:
        if closing & me:
            gain += _TRAP_NOW
        if closing & (3 - me):
            gain += _THREAT_TO_MOVE
    return gain


def _leave_gain(t, cell, me):
    """Value for colour `me` of taking its ball off `cell` (after _scan): a loss, or 0."""
    gain = _gain(t, cell, me, 0, me) if t.touches[cell] else 0
    if t.in_closing_chain[cell] & me or t.closing[cell] & (3 - me):
        gain -= _THREAT_TO_MOVE
    return gain


def order(game, moves, count):
    """Moves best first by the change they make to the dot values, computed without playing."""
    t = _tables_for(game)
    if _at_first_ply(game, t):  # only the threats of the colour that just moved changed
        _find_closing(game, t, 2 - game.to_move(), _destination(game.history[-1]))
    board = game.board
    _scan(t, board)
    me = game.to_move() + 1
    scores = [0] * len(moves)
    if game.phase() == 1:
        for i in range(len(moves)):
            cell = moves[i]
            scores[i] = _fill_gain(t, cell, me)
        return best_first(moves, scores, count)
    gain = _hole_gains(t, board, me)
    for i in range(len(moves)):
        m = moves[i]
        if m < 0x10000:  # not the pass
            scores[i] = gain[m & 0xFF] + gain[(m >> 8) - 1]
    return best_first(moves, scores, count)


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


def candidates(game, count):
    """Phase 2: instead of listing all (some 300) moves, the best `count` holes to fill, each
    with the best of the balls that may legally go there; best first.  None in phase 1, or
    when fewer than half of `count` holes can be filled (then the search lists all moves)."""
    if game.phase() == 1 or game.winner() != -1:
        return None
    t = _tables_for(game)
    if _at_first_ply(game, t):  # only the threats of the colour that just moved changed
        _find_closing(game, t, 2 - game.to_move(), _destination(game.history[-1]))
    board = game.board
    _scan(t, board)
    me = game.to_move() + 1
    gain = _hole_gains(t, board, me)
    targets = []
    balls = []
    for cell in range(len(board)):
        if board[cell] == 0:
            targets.append(cell)
        elif board[cell] == me:
            balls.append(cell)
    targets = _best_cells(targets, gain, count + 2)
    balls = _best_cells(balls, gain, len(balls))
    moves = []
    scores = []
    for to in targets:
        for ball in balls:
            if game._movement_ok(ball, to, me):
                moves.append((ball + 1) << 8 | to)
                scores.append(gain[to] + gain[ball])
                break
    if len(moves) * 2 < count:
        return None
    return best_first(moves, scores, count)


def _best_cells(cells, gain, count):
    scores = [0] * len(cells)
    for i in range(len(cells)):
        scores[i] = gain[cells[i]]
    return best_first(cells, scores, count)


def prepare(game, level=""):
    """Before a search: finds the long-chain threats (_find_closing) of the position.  The AI's
    own are found again after its best first moves (_FOLLOW_UP), so that the leaves below know
    the threats such a move made.  (The other side's links did not change, so its threats can
    only have been filled.)"""
    t = _tables_for(game)
    t.root_game = game
    t.root_length = len(game.history)
    t.follow_ups = _FOLLOW_UP.get(level, 0)
    _find_closing(game, t)


def _destination(move):
    """The hole a move put a ball on, or -1 for the pass."""
    return -1 if move >= 0x10000 else move & 0xFF


def _at_first_ply(game, t):
    """Should order()/candidates() here look for long-chain threats again (see prepare)?  The
    search visits the root's moves best first, so the first calls are the best moves'.  Not
    needed when the ball just put down has no two own neighbours that are not neighbours of
    each other (it then closes no loop and joins no two chains) and none left a chain that
    had a threat."""
    if not t.follow_ups or t.root_game is not game or len(game.history) != t.root_length + 1:
        return False
    move = game.history[-1]
    if move >= 0x10000:  # the pass
        return False
    colour = 2 - game.to_move()
    if not (move >= 256 and t.in_closing_chain[(move >> 8) - 1] & colour):
        board, pair_a, pair_b, ball = game.board, t.pair_a, t.pair_b, move & 0xFF
        for i in range(t.pair_start[ball], t.pair_start[ball + 1]):
            if board[pair_a[i]] == colour and board[pair_b[i]] == colour:
                break
        else:
            return False
    t.follow_ups -= 1
    return True


def _find_closing(game, t, colours=3, new_ball=-1):
    """For each colour in the bit set `colours`: the holes where one more ball closes a trap
    that the rings above miss (a long chain), found exactly with the game's own trap test
    (Trap._dot_trapped, on the dots inside the chain's bounding box); also under the other colour's balls (it would
    close the moment such a ball moved away); and the balls of those chains (moving one away
    would open them again).  With `new_ball` (the one ball that came since the last call, of
    the one colour asked): only holes joining its chain can be new, the others are kept."""
    board, closing, in_chain, chain, box = game.board, t.closing, t.in_closing_chain, t.chain, t.box
    size = t.size
    dots = game.dots
    kept = []
    before = t.scratch  # new_ball: the holes found before
    for hole in t.closing_holes:
        before[hole] = closing[hole] & colours
        closing[hole] &= ~colours
        if closing[hole]:
            kept.append(hole)
    t.closing_holes = kept
    for cell in range(t.cells):
        in_chain[cell] &= ~colours
    for colour in (1, 2):
        if not colours & colour:
            continue
        _label_chains(t, board, colour)
        wanted = chain[new_ball] if new_ball >= 0 else 0
        for hole in range(t.cells):
            held = board[hole]
            label = _joins_a_chain_to_itself(t, board, hole, colour) if held != colour else 0
            if not label or (wanted and label != wanted and not before[hole]):
                continue
            x = hole % size
            y = hole // size
            b = 4 * label
            x0 = min(box[b], x)
            x1 = max(box[b + 1], x)
            y0 = min(box[b + 2], y)
            y1 = max(box[b + 3], y)
            board[hole] = colour
            trap = False
            for d in range(len(dots)):  # only dots within the chain's box can be enclosed
                c, r = dots[d]
                if x0 <= c and x1 > c and y0 <= r and y1 > r and game._dot_trapped(colour, d):
                    trap = not (held == 0 and _ring_closed(t, board, hole, colour))
                    break
            board[hole] = held
            if trap:
                if not closing[hole]:
                    t.closing_holes.append(hole)
                closing[hole] |= colour
                for cell in range(t.cells):
                    if chain[cell] == label:
                        in_chain[cell] |= colour
    for hole in range(t.cells):
        before[hole] = 0


def _label_chains(t, board, colour):
    """t.chain[cell] = a number per chain (8-connected group) of `colour`'s balls, 0 elsewhere;
    t.box[4 * number:] = the chain's bounding box."""
    chain, stack, nb, start, box, size = t.chain, t.stack, t.nb, t.nb_start, t.box, t.size
    for c in range(t.cells):
        chain[c] = 0
    label = 0
    for c in range(t.cells):
        if board[c] != colour or chain[c]:
            continue
        label += 1
        chain[c] = label
        b = 4 * label
        box[b] = box[b + 1] = c % size
        box[b + 2] = box[b + 3] = c // size
        stack[0] = c
        sp = 1
        while sp:
            sp -= 1
            a = stack[sp]
            x = a % size
            y = a // size
            if x < box[b]:
                box[b] = x
            elif x > box[b + 1]:
                box[b + 1] = x
            if y < box[b + 2]:
                box[b + 2] = y
            elif y > box[b + 3]:
                box[b + 3] = y
            for i in range(start[a], start[a + 1]):
                n = nb[i]
                if board[n] == colour and not chain[n]:
                    chain[n] = label
                    stack[sp] = n
                    sp += 1


def _joins_a_chain_to_itself(t, board, hole, colour):
    """Would a ball on `hole` close a loop: two of its own neighbours, not neighbours of each
    other, already in one chain?  Returns that chain's label, or 0."""
    chain, pair_a, pair_b = t.chain, t.pair_a, t.pair_b
    for i in range(t.pair_start[hole], t.pair_start[hole + 1]):
        a = pair_a[i]
        if board[a] == colour:
            b = pair_b[i]
            if board[b] == colour and chain[a] == chain[b]:
                return chain[a]
    return 0


def _ring_closed(t, board, hole, colour):
    """Does a ring of the evaluation close a trap with `hole` filled (then it is counted there)?"""
    dots = t.touches[hole]
    d = 0
    while dots:
        if dots & 1 and _need_of(t, board, d, colour) == 0:
            return True
        dots >>= 1
        d += 1
    return False


def _need_of(t, board, d, colour):
    ring, cost = t.ring, _COST[colour]
    total = 0
    for i in range(d * 12, d * 12 + 12, 3):
        a, b, c = ring[i], ring[i + 1], ring[i + 2]
        total += cost[(board[a] if a != _OFF else _OFF_STATE) << 4 | (board[b] if b != _OFF else _OFF_STATE) << 2
                      | (board[c] if c != _OFF else _OFF_STATE)]
    return total
