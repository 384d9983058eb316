# Tholian Go (JDB Games) and its ten variants: two woven webs, pushing strings, capture by
# enclosure.  Rules as implemented: docs/rules/tholian_go.md; board
# tables in tholian_go/geometry.py; position text and ASCII board in tholian_go/text.py; the
# whole-move listing of §4 in tholian_go/moves.py (both imported only when used); captures,
# transformation and the end in tholian_go/captures.py.
#
# Options (the first value is the default)
#   variant     standard | ultimate | chain | football | lucky | oracle | scrimmage | lucky_scrimmage
#   push_limit  off | on        String Push Limit, combinable with every variant
#   space       standard | periodic | wide | long | square   (wide = 2 boards side by side,
#               long = end to end, square = 2 x 2)
#   transform   on | off        Tholi Go Lucky's choice; off is refused for the other variants
#   seed        integer         the dice (Lucky placement, Oracle movement dice)
#
# A move (§4) is the whole path n0-n1-..-nk+1: the mover's token on n0 and the string n1..nk
# (either colour) each step one node on; nk+1 is empty.  It is played as DECISIONS, one step at
# a time, because the set of whole paths explodes in dense mixed strings (one random-play position
# has 3,194 different results) while the steps of a path stay few:
#   step       `L3.1-L3.2`  the first step of a move: own token n0 to its neighbour n1.  If n1 is
#              empty the move is complete (a plain step); otherwise the path goes on:
#   next node  `-L4.2`      the next node of the path under construction; an empty node ends it.
#              Only steps from which the path can still reach an empty node are legal (a step is
#              legal or not by the token that takes it, so this is a reachability search).
#   free push  after a transformation with an occupied entry node the path starts at the entry
#              node: its first decision reads `D4.1-D4.2`, then `-D5.2`, ...
#   placement  `L3.1` (Ultimate, Scrimmage)
#   end        ends the turn after the first light move once the dark move is made or impossible
#   pass       the only move (with `offer`) of a player who has no move at all
#   offer / accept / decline   draw by agreement: `offer` at the start of a turn (once); the
#              opponent then decides; `decline` gives the turn back.
# Moves are ints: step (n0 << 2) | (slot + 1) << 11 (slot: n1's place in the adjacency table);
# next node (node << 2) | 3; placement (node << 2) | 1; the specials below.
# Nodes are written `D<i>.<r>` / `L<i>.<l>` (the seed's D(i, r), L(i, l)).  play_text() also
# accepts a whole path and plays its decisions; tholian_go_moves.whole_moves(game) lists the whole
# moves of a position, one per resulting position (§4's listing rule).
#
# For the app and the AI
#   game.space                 geometry (tholian_go_geometry.Space): name(node), node_xy(node),
#                              neighbours(node), targets, entry, start
#   game.board                 bytearray node -> 0 empty, 1 Red, 2 Blue (plus one dummy cell)
#   game.node_xy(node)         (column, height in half lines) for drawing
#   game.route_nodes()         the path under construction ([] when none)
#   game.move_nodes(move)      the nodes a decision names (step: 2, next node / placement: 1)
#   game.counts(player)        (dark, light) tokens of `player` on the board
#   game.hand                  bytearray [Red dark, Red light, Blue dark, Blue light] not placed
#   game.dice_text()           the rolled axes still to use, e.g. "b x z" (Oracle), "" otherwise
#   game.zobrist               30-bit hash of the board, kept by play/undo
#   game.turn_state()          (player, dark moves made, light moves made, free pushes waiting)
#   game.repeated()            this turn's start was seen before (the AI scores it as a draw)
#   move_kind(move) ...        the moves' encoding: STEP, PLACE, SPECIAL, NEXT = move_kind(move);
#                              move_node(move), step_slot(move); step_move(node, slot),
#                              next_move(node), special_move(number)
#   read by the AI (never written): game.player, dark_done, light_done, cnt, offer, route[:rlen]
#   and pending (the path under construction), rep and rep_base (the turn starts since the last
#   capture), history, placing_phase(), and the variant's rules: captures, touchdown, chain,
#   transform, placement
#
# Rulings (where the seed and spec are silent; the on-device help states them too): the order
# after a move, repetition, the variants' goals, Oracle's dice, Ultimate on expanded spaces, Lucky's
# placement, Expanded Space's sets and draw by agreement are in docs/rules/tholian_go.md, §9.
from array import array

from micropython import const

from shared_rules.game import DRAW, ONGOING, Game, GameError
from shared_rules.rng import Rng
from shared_rules.tholian_go.captures import Captures
from shared_rules.tholian_go.geometry import SLOTS, SPECIAL_NAMES, Space, run_once

DARK = const(0)
LIGHT = const(1)
RED = const(0)
BLUE = const(1)

# Move kinds (low 2 bits: move_kind) and the special moves.
_STEP = const(0)
_PLACE = const(1)
_SPECIAL = const(2)
_NEXT = const(3)
STEP = const(0)
PLACE = const(1)
SPECIAL = const(2)
NEXT = const(3)
END = const(2)  # (0 << 2) | _SPECIAL
PASS = const(6)
OFFER = const(10)
ACCEPT = const(14)
DECLINE = const(18)

_SLOT_SHIFT = const(11)
_NO_KEYS = array("i")  # undo shortens the repetition keys by assigning this to a slice
_ALL_AXES = const(7)
# Undo log (see play): per decision its board changes, what else it changed, then a count of
# changes and a flags byte; bits of the flags byte besides the turn state:
_F_TURN = const(0x40)  # a turn began (one repetition key appended)
_F_EXTRAS = const(0x80)  # an extras byte precedes the count; its bits say what the log holds:
_X_ROUTE = const(1)  # the completed path's nodes and length
_X_PENDING = const(2)  # the targets waiting for a free push and their count
_X_REP_BASE = const(4)  # rep_base
_X_VARIANT = const(24)  # dice and hand (8), the dice generator (16): tholian_go_variants
# Beyond _LOG_CAP bytes the log keeps only its newest _LOG_KEEP records (more than a search
# plays ahead), so it stops growing; older decisions are undone by replaying the game.
_LOG_CAP = const(768)
_LOG_KEEP = const(64)



# ---- moves: constructors and queries (the encoding above, for the app and the AI) ----------
def step_move(node, slot):
    """The first step of a move: the token on `node` to its neighbour space.adj[node * SLOTS +
    slot]."""
    return node << 2 | _STEP | (slot + 1) << _SLOT_SHIFT


def next_move(node):
    """The next node of the path under construction."""
    return node << 2 | _NEXT


def special_move(number):
    """The special move of that number: END, PASS, OFFER, ACCEPT, DECLINE are 0..4."""
    return number << 2 | _SPECIAL


def move_kind(move):
    """STEP, PLACE, SPECIAL or NEXT."""
    return move & 3


def move_node(move):
    """The node a decision starts from (a step) or names (a next node, a placement); a special
    move's number."""
    return (move >> 2) & 511


def step_slot(move):
    """A step's adjacency slot: it goes to space.adj[move_node(move) * SLOTS + step_slot(move)]."""
    return (move >> _SLOT_SHIFT) - 1


def _variants():
    # What only some variants need (tholian_go/variants.py): imported when first used.
    from shared_rules.tholian_go import variants as tholian_go_variants
    return tholian_go_variants


class TholianGo(Game, Captures):
    NAME = "tholian_go"
    PLAYERS = ("Red", "Blue")
    OPTIONS = {
        "variant": ("standard", "ultimate", "chain", "football", "lucky", "oracle", "scrimmage",
                    "lucky_scrimmage"),
        "push_limit": ("off", "on"),
        "space": ("standard", "periodic", "wide", "long", "square"),
        "transform": ("on", "off"),
        "seed": ("1", "*int"),
    }
    SETUP_MODULE = "shared_rules.tholian_go.setup"

    # The state, set up by tholian_go/setup.py (these annotations compile to nothing).
    # Rules of the variant (tholian_go_setup.VARIANTS) and the space:
    captures: int
    transform: int
    count_loss: int
    touchdown: int
    chain: int
    dice_on: int
    placement: int  # 0 none, 1 Ultimate turns, 2 Scrimmage (alternately on own dots), 3 random
    exact_light: bool
    push_limit: bool
    space: Space
    sets: int  # token sets per player
    # The position:
    board: bytearray
    cnt: bytearray  # [Red dark, Red light, Blue dark, Blue light] on the board
    hand: bytearray  # the same, not placed yet
    zobrist: int
    player: int
    dark_done: int
    light_done: int
    offer: int  # a draw offer waits for the answer
    offered: int  # the player to move offered a draw this turn
    result: int
    dice: bytearray  # Oracle: the dark axis and two light axes still to use (3: none)
    rng: Rng
    route: array  # the path under construction ...
    rlen: int  # ... is route[0:rlen]
    pending: list  # targets whose transformation waits for its free push
    rep: array  # position keys ("i") at the start of each turn (threefold repetition)
    rep_base: int  # first key that can still repeat (nothing repeats across a capture)
    _log: bytearray  # the undo log (see play)
    _log_from: int  # decisions at the start of history without a record (-1: never cut the log)
    # Scratch (never allocated while playing) and caches:
    _scratch: array
    _it: bytearray
    _queue: array
    _mark: bytearray
    _was: array
    _was_rng: int
    _stamp: int
    _labels: list
    _sizes: list
    _ncomp: bytearray
    _largest: array
    _dirty: bytearray
    _legal: list
    _legal_ver: int
    _ver: int

    def __init__(self, options=None):
        Game.__init__(self, options)
        run_once("setup", "setup", self)

    def set_position(self, red, blue, player=RED):
        # A position for puzzles, tutorials and tests: Red's tokens on the nodes `red`, Blue's
        # on `blue` (names like "L3.1" or node numbers), the rest empty, nothing in hand, and a
        # fresh turn of `player`.  The history starts here.
        run_once("setup", "set_position", self, red, blue, player)

    def to_move(self):
        return 1 - self.player if self.offer else self.player

    def winner(self):
        return self.result

    def counts(self, player):
        # (dark, light) tokens of `player` on the board.
        return self.cnt[player * 2], self.cnt[player * 2 + 1]

    def turn_state(self):
        return self.player, self.dark_done, self.light_done, len(self.pending)

    def route_nodes(self):
        return [self.route[i] for i in range(self.rlen)]

    def placing_phase(self):
        # True while Scrimmage tokens are still being placed one at a time.
        h = self.hand
        return self.placement == 2 and (h[0] or h[1] or h[2] or h[3])

    def _put(self, k, v):
        # Sets node k to v (0, 1 Red, 2 Blue), keeping counts, hash and caches; no undo record.
        b = self.board
        old = b[k]
        web = 0 if k < self.space.n_dark else 1
        zk = self.space.zkeys
        if old:
            self.cnt[(old - 1) * 2 + web] -= 1
            self.zobrist ^= zk[k * 2 + old - 1]
            self._dirty[(old - 1) * 2 + 1 - web] = 1
        if v:
            self.cnt[(v - 1) * 2 + web] += 1
            self.zobrist ^= zk[k * 2 + v - 1]
            self._dirty[(v - 1) * 2 + 1 - web] = 1
        b[k] = v

    def _set(self, k, v):
        # _put with an undo record.
        old = self.board[k]
        if old != v:
            log = self._log
            log.append(k & 255)  # two bytes: the node (< 512) and its old value
            log.append(k >> 8 | old << 1)
            self._put(k, v)

    # ==== legal decisions ========================================================================
    def _axes(self, web):
        # Axes the first step of a `web` move may take (bit mask); Oracle's dice restrict it.
        if not self.dice_on or self.placing_phase():
            return _ALL_AXES
        return _variants().dice_axes(self, web)

    def _new_stamp(self):
        self._stamp += 1
        if self._stamp == 256:
            mark = self._mark
            for i in range(len(mark)):
                mark[i] = 0
            self._stamp = 1
        return self._stamp

    def _beside_empty(self, v):
        # Can v's token step to an empty neighbour?  (Most strings end so; _can_finish's frame is on the heap.)
        board = self.board
        s = v * SLOTS
        while s < v * SLOTS + self.space.deg[v]:    # (no range(): one slot less, the frame fits)
            if not board[self.space.adj[s]]:
                e = self.space.edge[s]
                b = board[self.space.xu[e]]
                if not b or b == board[v] or b != board[self.space.xv[e]]:
                    return True
            s += 1
        return False

    def _can_finish(self, path, d, v):
        # Can the path path[0..d] + occupied v go on to an empty node (simple, unblocked)?
        # A step is allowed or not by the token that takes it, i.e. by the node it leaves, so a
        # walk to an empty node can always be shortened to a simple path: reachability suffices.
        if self.push_limit:
            return _variants().can_finish_limited(self, path, d, v)
        if self._beside_empty(v):
            return True
        g = self.space
        board = self.board
        adj = g.adj
        edge = g.edge
        xu = g.xu
        xv = g.xv
        deg = g.deg
        mark = self._mark
        stamp = self._new_stamp()
        for i in range(d + 1):
            mark[path[i]] = stamp
        mark[v] = stamp
        queue = self._queue
        queue[0] = v
        head = 0
        tail = 1
        while head < tail:
            u = queue[head]
            head += 1
            c = board[u]
            for s in range(u * SLOTS, u * SLOTS + deg[u]):
                w = adj[s]
                if mark[w] == stamp:
                    continue
                e = edge[s]
                b = board[xu[e]]
                if b and b != c and b == board[xv[e]]:
                    continue  # the token on u may not cross this barrier
                if not board[w]:
                    return True
                mark[w] = stamp
                queue[tail] = w
                tail += 1
        return False

    def _first_steps(self, web, axes, out):
        # The first steps of the mover's `web` moves; with `out` None, whether there is one.
        g = self.space
        board = self.board
        adj = g.adj
        edge = g.edge
        xu = g.xu
        xv = g.xv
        axis = g.axis
        deg = g.deg
        me = self.player + 1
        path = self._scratch
        lo = 0 if web == DARK else self.space.n_dark
        hi = self.space.n_dark if web == DARK else self.space.n
        for n0 in range(lo, hi):
            if board[n0] != me:
                continue
            for k in range(deg[n0]):
                s = n0 * SLOTS + k
                if axes != _ALL_AXES and not (axes >> axis[s]) & 1:
                    continue
                e = edge[s]
                b = board[xu[e]]
                if b and b != me and b == board[xv[e]]:
                    continue
                v = adj[s]
                if board[v] and (self.push_limit or not self._beside_empty(v)):
                    path[0] = n0
                    if not self._can_finish(path, 0, v):
                        continue
                if out is None:
                    return True
                out.append(n0 << 2 | (k + 1) << _SLOT_SHIFT)
        return False

    def _next_nodes(self, out):
        # The nodes the path under construction can go on to; with `out` None, whether any.
        g = self.space
        board = self.board
        route = self.route
        d = self.rlen - 1
        u = route[d]
        c = board[u]
        mark = self._mark
        stamp = self._new_stamp()
        for i in range(d + 1):
            mark[route[i]] = stamp
        for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
            v = g.adj[s]
            if mark[v] == stamp:
                continue
            e = g.edge[s]
            b = board[g.xu[e]]
            if b and b != c and b == board[g.xv[e]]:
                continue
            if board[v]:
                ok = self._can_finish(route, d, v)
                stamp = self._new_stamp()  # _can_finish used the marks: mark the route again
                for i in range(d + 1):
                    mark[route[i]] = stamp
                if not ok:
                    continue
            elif self.push_limit and not _variants().limit_ok(self, route, d):
                continue
            if out is None:
                return True
            out.append(v << 2 | _NEXT)
        return False

    def _web_open(self, web):
        # Whether the player to move still has a move in `web` this turn.
        p = self.player
        if self.dark_done if web == DARK else self.light_done >= 2:
            return False
        if self.hand[p * 2 + web]:
            return _variants().placements(self, web, None)
        axes = self._axes(web)
        return axes != 0 and self._first_steps(web, axes, None)

    def legal_moves(self):
        # A copy: callers may reorder it (the AI shuffles its root), the cache must stay.
        return list(self._listing())

    def _listing(self):
        # The legal decisions, cached until the position changes (undo gives it back).
        if self._legal_ver == self._ver:
            return self._legal
        moves = []
        p = self.player
        g = self.space
        if self.result != ONGOING:
            pass
        elif self.offer:
            moves = [ACCEPT, DECLINE]
        elif self.rlen:
            self._next_nodes(moves)
        elif self.placing_phase():
            _variants().scrimmage_placements(self, moves)
        else:
            dark_moves = 0
            for web in (DARK, LIGHT):
                if self.dark_done if web == DARK else self.light_done >= 2:
                    continue
                if self.hand[p * 2 + web]:
                    _variants().placements(self, web, moves)
                else:
                    axes = self._axes(web)
                    if axes:
                        self._first_steps(web, axes, moves)
                if web == DARK:
                    dark_moves = len(moves)
            if self.light_done == 1 and not self.exact_light and not dark_moves and moves:
                moves.append(END)
            if not moves:
                moves.append(PASS)
            if not self.dark_done and not self.light_done and not self.offered:
                moves.append(OFFER)
        self._legal = moves
        self._legal_ver = self._ver
        return moves

    # ==== playing ===============================================================================
    def play(self, move):
        if move not in self._listing():
            from shared_rules.tholian_go import text as tholian_go_text
            raise GameError("illegal move %s" % tholian_go_text.text_or_int(self, move))
        self._apply(move)

    def _apply(self, move):
        log = self._log
        start = len(log)
        # What the decision may change besides the board; the log keeps only what it changed,
        # so most decisions cost 2 bytes per changed node + 2 (the device keeps every one).
        rlen = self.rlen
        npend = len(self.pending)
        nrep = len(self.rep)
        rep_base = self.rep_base
        flags = self.player | self.dark_done << 1 | self.light_done << 2 | self.offer << 4 | self.offered << 5
        was = self._was
        kind = move & 3
        variant_state = self.dice_on or kind == _PLACE  # may change dice, hand, dice generator
        if variant_state:
            _variants().remember(self)
        for i in range(rlen):
            was[7 + i] = self.route[i]
        for i in range(npend):
            was[7 + rlen + i] = self.pending[i]
        p = self.player
        if kind == _SPECIAL:
            if move == END or move == PASS:
                self._begin_turn(1 - p)
            elif move == OFFER:
                self.offer = 1
                self.offered = 1
            elif move == ACCEPT:
                self.offer = 0
                self.result = DRAW
            else:  # DECLINE
                self.offer = 0
        elif kind == _PLACE:
            _variants().place(self, move >> 2)
        else:
            if kind == _STEP:
                n0 = (move >> 2) & 511
                v = self.space.adj[n0 * SLOTS + (move >> _SLOT_SHIFT) - 1]
                self.route[0] = n0
                self.rlen = 1
                if self.dice_on:
                    _variants().use_die(self, n0, (move >> _SLOT_SHIFT) - 1)
            else:
                v = move >> 2
            if self.board[v]:
                self.route[self.rlen] = v
                self.rlen += 1
            else:
                self._complete(v)
        changes = (len(log) - start) >> 1
        extras = 0
        # A path only grows by one node per decision (route[0:rlen] stays) unless it was
        # completed; then its nodes go to the log (< 256: a path holds tokens and one empty node).
        if rlen and self.rlen != rlen + 1:
            for i in range(rlen):
                log.append(was[7 + i] & 255)
                log.append(was[7 + i] >> 8)
            log.append(rlen)
            extras = _X_ROUTE
        if npend:
            for i in range(npend):
                log.append(was[7 + rlen + i] & 255)
                log.append(was[7 + rlen + i] >> 8)
            log.append(npend)
            extras |= _X_PENDING
        if self.rep_base != rep_base:
            log.append(rep_base & 255)
            log.append(rep_base >> 8)
            extras |= _X_REP_BASE
        if variant_state:
            extras |= _variants().log_changes(self)
        if extras:
            log.append(extras)
            flags |= _F_EXTRAS
        if len(self.rep) != nrep:
            flags |= _F_TURN  # _begin_turn runs at most once per decision
        if changes < 255:
            log.append(changes)
        else:
            log.append(changes & 255)
            log.append(changes >> 8)
            log.append(255)
        log.append(flags)
        self.history.append(move)
        if len(log) > _LOG_CAP and 0 <= self._log_from < len(self.history) - _LOG_KEEP:
            i = len(log)
            for _ in range(_LOG_KEEP):
                i = self._record_start(i)
            log[:i] = b""
            self._log_from = len(self.history) - _LOG_KEEP
        self._ver += 1

    def _record_start(self, i):
        # Where the record that ends at log[i - 1] starts.
        log = self._log
        flags = log[i - 1]
        i -= 2
        changes = log[i]
        if changes == 255:
            i -= 2
            changes = log[i] | log[i + 1] << 8
        if flags & _F_EXTRAS:
            i -= 1
            extras = log[i]
            if extras & _X_VARIANT:
                i -= _variants().logged_bytes(extras)
            if extras & _X_REP_BASE:
                i -= 2
            if extras & _X_PENDING:
                i -= 1 + 2 * log[i - 1]
            if extras & _X_ROUTE:
                i -= 1 + 2 * log[i - 1]
        return i - 2 * changes

    def _complete(self, end):
        # The path route[0:rlen] + end is complete: every token on it steps one node on.
        p = self.player
        route = self.route
        n = self.rlen
        free = len(self.pending) > 0
        if free:
            self._set(self.pending.pop(0), 0)  # the light token leaves the light web
        self._set(end, self.board[route[n - 1]])
        for i in range(n - 1, 0, -1):
            self._set(route[i], self.board[route[i - 1]])
        self._set(route[0], p + 1 if free else 0)  # a free push's new token lands on the entry
        self.rlen = 0
        if free:
            self.rep_base = len(self.rep)
        elif route[0] < self.space.n_dark:
            self.dark_done = 1
        else:
            self.light_done += 1
        self._after_move()

    def _after_move(self):
        p = self.player
        if self.captures:
            self._capture(p)
        if self.transform:
            del self.pending[:]  # after a free push the other targets are looked at again
            for t in self.space.targets[p]:
                self._transform_one(p, t)
        self._check_end(p)
        if self.result != ONGOING:
            return
        if self.pending:
            self.route[0] = self.space.entry[self.pending[0]]
            self.rlen = 1
            return
        # The turn ends when the player has nothing left to do in it.
        if (self.dark_done and self.light_done >= 2) or not (self._web_open(DARK) or self._web_open(LIGHT)):
            self._begin_turn(1 - p)

    def repeated(self):
        """Has the position at the start of this turn, before any of its moves, been seen
        before (since the last capture)?"""
        rep = self.rep
        last = len(rep) - 1
        if last <= self.rep_base or self.dark_done or self.light_done or self.rlen:
            return False
        key = rep[last]
        for i in range(self.rep_base, last):
            if rep[i] == key:
                return True
        return False

    def _begin_turn(self, player):
        self.player = player
        self.dark_done = 0
        self.light_done = 0
        self.offered = 0
        if self.dice_on:
            _variants().roll_dice(self)
        key = self.zobrist ^ (0x2AAAAAAA if player else 0x15555555)
        seen = 0
        rep = self.rep
        for i in range(self.rep_base, len(rep)):
            if rep[i] == key:
                seen += 1
        rep.append(key)
        if seen >= 2:
            self.result = DRAW  # the third time this position starts this player's turn

    # ==== undo ==================================================================================
    def undo(self):
        # Reads the decision's record of play() back to front.
        if not self.history:
            raise GameError("nothing to undo")
        if len(self.history) <= self._log_from:
            # Its record was dropped: the game is set up again and replayed up to the decision
            # before (the records are kept anew, the newest _LOG_KEEP of them).
            moves = self.history
            moves.pop()
            run_once("setup", "setup", self)
            for move in moves:
                self._apply(move)
            return
        log = self._log
        i = len(log) - 1
        flags = log[i]
        i -= 1
        changes = log[i]
        if changes == 255:
            i -= 2
            changes = log[i] | log[i + 1] << 8
        extras = 0
        if flags & _F_EXTRAS:
            i -= 1
            extras = log[i]
        if extras & _X_VARIANT:
            i = _variants().restore(self, log, i, extras)
        if extras & _X_REP_BASE:
            i -= 2
            self.rep_base = log[i] | log[i + 1] << 8
        pending = self.pending
        del pending[:]
        if extras & _X_PENDING:
            npend = log[i - 1]
            i -= 1 + 2 * npend
            for j in range(npend):
                pending.append(log[i + 2 * j] | log[i + 2 * j + 1] << 8)
        move = self.history.pop()
        if extras & _X_ROUTE:
            rlen = log[i - 1]
            i -= 1 + 2 * rlen
            for j in range(rlen):
                self.route[j] = log[i + 2 * j] | log[i + 2 * j + 1] << 8
        elif move & 3 == _NEXT:
            rlen = self.rlen - 1  # the path grew by this node
        else:
            rlen = 0  # only a next node continues a path
        self.rlen = rlen
        i -= 2 * changes
        for j in range(i + 2 * changes - 2, i - 2, -2):
            hi = log[j + 1]
            self._put(log[j] | (hi & 1) << 8, hi >> 1)
        log[i:] = b""
        self.player = flags & 1
        self.dark_done = (flags >> 1) & 1
        self.light_done = (flags >> 2) & 3
        self.offer = (flags >> 4) & 1
        self.offered = (flags >> 5) & 1
        if flags & _F_TURN:
            rep = self.rep
            rep[len(rep) - 1:] = _NO_KEYS
        self.result = ONGOING  # play() refuses every move once the game is over
        # Versions count decisions, so undo returns to the version of the position it restores
        # (a search's siblings reuse their parent's listing).  A listing of the position taken
        # back must never serve another position of its depth (play lists the parent first, so
        # this only keeps that true for any other way back in).
        if self._legal_ver >= self._ver:
            self._legal_ver = -1
        self._ver -= 1

    # ==== notation ==============================================================================
    def move_nodes(self, move):
        # The nodes a decision names: a first step's two nodes, a next node or a placement's
        # one node, [] for the special moves.
        kind = move & 3
        if kind == _STEP:
            n0 = (move >> 2) & 511
            return [n0, self.space.adj[n0 * SLOTS + (move >> _SLOT_SHIFT) - 1]]
        if kind == _SPECIAL:
            return []
        return [move >> 2]

    def move_to_text(self, move):
        g = self.space
        kind = move & 3
        k = move >> 2
        if kind == _SPECIAL:
            if 0 <= k < len(SPECIAL_NAMES):
                return SPECIAL_NAMES[k]
        elif kind == _STEP:
            k &= 511
            slot = (move >> _SLOT_SHIFT) - 1
            if k < g.n and 0 <= slot < g.deg[k] and move >> (_SLOT_SHIFT + 3) == 0:
                return g.name(k) + "-" + g.name(g.adj[k * SLOTS + slot])
        elif 0 <= k < g.n:
            if kind == _PLACE:
                return g.name(k)
            if self.rlen == 1:  # the free push's first decision names its start too: `D4.1-D4.2`
                return g.name(self.route[0]) + "-" + g.name(k)
            return "-" + g.name(k)
        raise GameError("not a Tholian Go move: %d" % move)

    def move_from_text(self, text):
        # The texts move_to_text() writes are read here; anything else (a whole path so far plus
        # its next node, and every refusal with its reason) by tholian_go_text.move_from_text.
        t = text.strip()
        low = t.lower()
        parts = t.split("-")
        g = self.space
        move = -1
        if low in SPECIAL_NAMES:
            move = SPECIAL_NAMES.index(low) << 2 | _SPECIAL
        elif len(parts) <= 2:
            first = g.node_named(parts[0])
            last = g.node_named(parts[-1])
            if self.rlen:
                if len(parts) == 1 or not parts[0] or (self.rlen == 1 and first == self.route[0]):
                    move = last << 2 | _NEXT
            elif len(parts) == 1:
                move = last << 2 | _PLACE
            elif first >= 0:
                for k in range(g.deg[first]):
                    if g.adj[first * SLOTS + k] == last:
                        move = first << 2 | (k + 1) << _SLOT_SHIFT
        if move >= 0 and move in self._listing():
            return move
        from shared_rules.tholian_go import text as tholian_go_text
        return tholian_go_text.move_from_text(self, t)

    def play_text(self, text):
        # Plays one decision, or a whole path `n0-n1-..` as its decisions; returns the last.
        parts = text.strip().split("-")
        if self.rlen or len(parts) <= 2 or not parts[0]:
            return Game.play_text(self, text)
        from shared_rules.tholian_go import text as tholian_go_text
        return tholian_go_text.play_path(self, parts)

    def dice_text(self):
        # The rolled axes still to use, e.g. "b x z" (Oracle), "" otherwise.
        if not self.dice_on or self.placing_phase():
            return ""
        return _variants().dice_text(self)

    # ==== text of the position (tholian_go/text.py, imported only when used) ==================
    def encode(self):
        from shared_rules.tholian_go import text as tholian_go_text
        return tholian_go_text.encode(self)

    def decode(self, text):
        from shared_rules.tholian_go import text as tholian_go_text
        tholian_go_text.decode(self, text)
        self._log = bytearray()
        self._log_from = -1  # no replay from a position
        self.history = []
        self.rep = array("i")
        self.rep_base = 0
        self._legal_ver = -1

    def render(self):
        from shared_rules.tholian_go import text as tholian_go_text
        return tholian_go_text.render(self)
