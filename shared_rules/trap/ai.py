# Trap's AI tuning for shared_rules/ai.py.
#
# Threats, exactly: the holes where one more ball of a colour traps a dot (threat_holes), and the
# holes where a ball makes one threat or two (threat_makers).  Evaluation: the side to move
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

from shared_rules.ai import Level, Tuner as SearchTuner, keep_best, tuned_levels
from shared_rules.trap.ai_cut import anchors, balls_needed, cut_hole, guards, zero
from shared_rules.trap.ai_tables import COST, Rings
from shared_rules.trap.ai_threats import blockable, escapes, fill_rows, scan, threat_holes, threat_makers
from shared_rules.game import ONGOING
from shared_rules.trap.rules import PASS, SOURCE_SHIFT, TARGET_MASK, Trap


class TrapLevel(Level):
    """A level's search settings, whether its phase-2 root presses and whether it also blocks
    the other colour's press (_mark_presses)."""

    def __init__(self, device_seconds, max_nodes, widths, noise=0, presses=False, blocks=False):
        Level.__init__(self, device_seconds, max_nodes, widths, noise)
        self.presses = presses
        self.blocks = blocks


LEVELS = tuned_levels(
    easy=TrapLevel(device_seconds=1.0, max_nodes=12, widths=(12,), noise=200),
    normal=TrapLevel(device_seconds=2.6, max_nodes=120, widths=(7, 4), presses=True),
    hard=TrapLevel(device_seconds=9.0, max_nodes=1000, widths=(6, 3, 3, 3), presses=True, blocks=True),
)

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
# The root's press, phase 2: the value of a colour's fewest balls to trap a dot (ai_cut), by that
# count; counts from _CUT_CAP on are out of reach.
_PRESS = (6561, 2187, 729, 243, 81, 27, 9, 3, 0, 0)
_CUT_CAP = const(8)


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
        # Refilled by scan: group keys and each colour's need per dot (d * 3 + colour).
        self.keys = bytearray(r.dots * 4)
        self.need = bytearray(r.dots * 3)
        # threat_holes: row bit masks (colour * size + row; colour 0 = empty), the flood's marks
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
        self.pair_x = bytearray(cells)  # threat_makers: pairs of holes that trap together,
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
        # ai_cut's max flow: each hole's in and out node, the flow through each hole and along
        # each of its 4 links (t.nb4's order), the flood's marks, queue and way back.
        self.nb4 = r.nb4
        self.through = bytearray(cells)
        self.flow = bytearray(4 * cells)
        self.node_seen = bytearray(2 * cells)
        self.node_stamp = 0
        self.queue = array("H", bytes(4 * cells))
        self.came = array("H", bytes(4 * cells))
        self.press = array("i", bytes(4 * cells))  # _mark_presses: a root move's part of each hole

    def start(self):
        """A new search: its stamps start at 0 on cleared marks (a search cut short by an error
        may have left partners too), and no position's threats are marked yet."""
        zeros = self.zeros
        self.seen[:] = zeros
        zero(self.node_seen, zeros)
        self.node_stamp = 0
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
class Tuner(SearchTuner):
    LEVELS = LEVELS
    win_candidates = staticmethod(win_candidates)  # (ai.py) asked before a Tuner is built
    # (ai.py) A draw, or a repetition on the way to one, costs the side not behind this much.
    CONTEMPT = 50

    def __init__(self, game, level):
        self.game = game
        self.work = _work_for(game)
        self.presses = LEVELS[level].presses
        self.blocks = LEVELS[level].blocks
        self.root_length = len(game.history)  # order() at this length is the root's

    def order(self, moves, count):
        game = self.game
        at_root = self.presses and len(game.history) == self.root_length and game.phase() == 2
        return _order(self.work, game, moves, count, at_root, self.blocks)

    def evaluate(self, player):
        return _evaluate(self.work, self.game, player)

    def candidates(self, count):
        return _candidates(self.work, self.game, count)



def _evaluate(t, game, player):
    board = game.board
    scan(t, board)
    fill_rows(t, board)
    need = t.need
    me, you = player + 1, 2 - player
    score = 0
    for d in range(t.dots):
        score += _VALUE[need[d * 3 + me]] - _VALUE[need[d * 3 + you]]
    mover = game.to_move() + 1
    sign = 1 if mover == me else -1
    if threat_holes(t, board, mover, 1):
        return score + sign * _THREAT_TO_MOVE
    other = 3 - mover
    count = threat_holes(t, board, other, 2)
    if count >= 2 or (count == 1 and game.phase() == 2 and not blockable(t, board, t.found[0], mover)):
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
    count = threat_holes(t, board, colour, 2)
    rows[colour * size + row] ^= bit
    rows[row] |= bit
    board[hole] = 0
    return count >= 2


def _gain(t, cell, old, value, me):
    """Change of colour `me`'s dot values when `cell` goes from state `old` to `value` (after scan)."""
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
    """scan, and t.threat: the holes where either colour traps (the other colour's also under
    `me`'s balls), and where either makes threats; the holes where a ball makes two are also
    listed in t.doubles for evaluate() at the nodes just below."""
    scan(t, board)
    fill_rows(t, board)
    threat = t.threat
    threat[:] = t.zeros
    threat_makers(t, board, me, 0)
    threat_makers(t, board, 3 - me, me)
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


def _order(t, game, moves, count, presses=False, press_blocks=False):
    """The search's root: at most `count` of `moves` (a shuffled list: equal scores keep its
    order), best first by the threats and the ring values, only the win or the blocks when
    there are; in phase 2 with at most _PER_HOLE moves to each hole and from each ball (a move
    scores its hole's and its ball's values: the best hole would otherwise come with every
    ball, or the best ball go everywhere), and with `presses` also by the fewest balls to
    trap (_mark_presses): the search keeps the first of the moves it values equally, so of
    those the one that presses.  Top-k buffers, no lists of all the moves' scores."""
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
    if presses and not forced:
        press = _mark_presses(t, board, me, press_blocks)
        for cell in range(t.cells):
            gain[cell] += press[cell]
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


def _mark_presses(t, board, me, blocks):
    """t.press: for each empty hole, what a ball of `me` there is worth by the fewest balls
    `me` needs to trap each dot (one fewer on a hole of the cut found), and with `blocks` the
    other colour's too (one more on a hole of theirs); for each ball of `me`, what its leaving
    costs (a way out it opens for the dot; with `blocks`, a hole the other colour can fill
    once it is gone)."""
    press = t.press
    cells = t.cells
    for cell in range(cells):
        press[cell] = 0
    values = _PRESS
    you = 3 - me
    for d in range(t.dots):
        need = balls_needed(t, board, me, d, _CUT_CAP)
        if need < _CUT_CAP:
            closer = values[need - 1] - values[need]
            _weigh(t, board, press, closer, values[need] - values[need + 1], me, d, True)
        need = balls_needed(t, board, you, d, _CUT_CAP) if blocks else _CUT_CAP
        if need < _CUT_CAP:
            closer = values[need - 1] - values[need]
            _weigh(t, board, press, values[need] - values[need + 1], closer, me, d, False)
    return press


def _weigh(t, board, press, hole, leave, me, d, own):
    """Adds `hole` to each hole of the cut just found and takes `leave` off each ball of `me`
    that guards dot `d` (`own`: the cut is `me`'s) or that the other colour's cut runs past."""
    for cell in range(t.cells):
        v = board[cell]
        if v == 0:
            if cut_hole(t, board, cell):
                press[cell] += hole
        elif v == me and (guards(t, board, cell, me, d) if own else anchors(t, cell)):
            press[cell] -= leave


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
        if not escapes(t, board, me, d):
            trapped = True
            break
    board[to] = 0
    board[ball] = me
    return trapped
