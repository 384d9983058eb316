# Tholian Go's AI tuning for shared_rules/ai.py (rules: docs/rules/tholian_go.md).
#
# A turn is ~5 decisions (a dark move and one or two light moves, each a path of steps, maybe
# `end`), each its own search.  What wins is the push through enemy tokens (§4): a dark token
# that shoves an enemy dark token aside and takes its hexagon, a light token that pushes the
# guard off a corner.  Its result shows only once the path is complete, so the search plays
# such pushes to their end (below the root nothing else goes on but, with _PLAN, the rest of
# the mover's turn: a complete move, or a push of my own string worth its best end, is a leaf),
# and the root keeps slots for them (_PUSHES) beside the best moves by the ordering.  A turn
# begins with its dark move (or a push through an enemy token); its later decisions search
# their best move only against such pushes (_LATER); a turn's work is bounded (_TURN_WORK);
# evaluations are kept for a turn (memo).
#
# Sequestration (§5) of small groups is what captures in practice.  A light node, or a pair
# joined by an edge on the board's outline (never blocked), is cut off by enemy dark tokens on
# the three dark nodes whose edges cross its edges out ("three dark take one light, or two on
# an edge"); the two long outline groups (the home lines) only by a wall across the board
# (7 dark tokens on the standard board).  A dark node is cut off by light tokens on its
# hexagon's corners (6 inside, 3-5 at the sides); a corner held by its owner protects it.
#
# Evaluation, from one board scan:
#   material   tokens above the loss floors (§7: <= 5 light or <= 2 dark per set, hand
#              included); a token is worth more the closer its owner is to a floor
#   threats    a dark token the enemy cuts off with the light moves of one turn (_dark_need
#              <= 2), a light token one dark move short of being cut off: worth most of the
#              token if the enemy owns the turn and has those moves left; if the victim owns
#              the turn, it saves as many as it has moves for, the rest still count
#   pressure   dark tokens by the light moves the enemy still needs; light tokens by enemy
#              dark tokens on their cut; dark tokens advanced and drawn to the nearest enemy
#              light token off the home lines, light tokens to the nearest unprotected enemy
#              dark token
#   pushes     a push through a string of my own tokens ends as if the pushing token had
#              jumped to the end node: a path under construction is worth its best end, less
#              a little per decision still needed (no wandering paths)
#   repetition a turn's start seen before (since the last capture) halves the value (§7 draw)
#   variants   Football / Scrimmage: the race of the best light token to its target (distances
#              on the empty light web); Chain: the light moves the cheapest chain still needs
#              (found with own light tokens 0, empty nodes 1, enemy tokens 3, enemy barriers
#              breaking links; each node not held filled by the nearest spare light token:
#              a winning chain takes all fourteen, so their travel is what counts)
# Ordering (without playing): the same terms, summed over the board once and changed only
# around a move's nodes (steps, jumps through an own string to its best end, pushes through
# an enemy token to their best end one node on), by what the turn still holds after the move.
# `offer` is never made; an offer is declined unless far behind.
from array import array

from micropython import const

from shared_rules.ai import best_first
from shared_rules.tholian_go import ACCEPT, DECLINE, END, LOSE_AT, OFFER
from shared_rules.tholian_go_geometry import NO_EDGE, SLOTS

# level: (device seconds cap per decision, node budget per decision, widths, evaluation noise)
LEVELS = {
    "easy": (0.4, 4, (4,), 150),
    "normal": (1.5, 60, (4, 2), 0),
    "hard": (3.5, 300, (8, 3), 0),
}

# level: root moves kept for pushes through enemy tokens (their searched ends win games), and
# moves searched at the later decisions of a turn (the best other move and such pushes)
_PUSHES = {"easy": 0, "normal": 2, "hard": 5}
_LATER = {"easy": 4, "normal": 2, "hard": 4}
# level: below the root, does the search go on with the rest of the root player's turn (a
# move chosen with the best next ones of the turn in view)?
_PLAN = {"easy": False, "normal": False, "hard": True}
# level: work a turn may take (evaluations, _ORDER_WORK per root ordering); beyond it the
# turn's decisions search their best move alone (a bound on the slowest turns, the same on
# every machine)
_TURN_WORK = {"easy": 1000, "normal": 80, "hard": 600}
_ORDER_WORK = const(10)

_STEP = const(0)
_PLACE = const(1)
_NEXT = const(3)
_SLOT_SHIFT = const(11)

# Threats (a token its enemy can cut off with the moves of one turn) in % of the token; see
# _threats_value:
_CAPTURE_NOW = const(85)  # the enemy owns the turn and has the moves left to do it
_THREAT_NEXT = const(30)  # the enemy owns the turn but lacks the moves for this one
_THREAT_FORCED = const(60)  # the victim owns the turn but lacks the moves to save this one
_THREAT_SAVED = const(10)  # the victim owns the turn and saves it
# Pressure in % of a token: light by its cutting nodes NOT yet held by the enemy (index:
# missing; 1 is a threat only where an enemy dark token can fill the gap); dark by the light
# moves its enemy still needs (_dark_need; 1 and 2 are threats, order() uses these values).
_LIGHT_PCT = bytes((100, 40, 8, 0))
_NEED_PCT = bytes((100, 50, 30, 12, 7, 4, 3, 2, 1, 1))
_PROTECTED = const(99)
_HUNT = const(2)  # per unit of closeness of a light token to an unprotected enemy dark token
# Threat slots per victim colour v (threats[v * _SLOTS_PER + slot]): dark tokens one light
# move short (sum, two largest), two light moves short (sum, two largest), the two largest
# the victim can save (step away or protect); light tokens one dark move short (sum, two
# largest), the two largest the victim can save.
_T_D1 = const(0)
_T_D2 = const(3)
_T_DSAVE = const(6)
_T_L1 = const(8)
_T_LSAVE = const(11)
_T_SLOTS = const(13)
_ADVANCE = const(6)  # per row a dark token stands towards the enemy's home
_ATTRACT = const(3)  # per unit of closeness of a dark token to a capturable enemy light token
_REACH = const(7)  # closeness = _REACH - distance (in half columns + half lines, halved)
_PUSH_SCORE = const(-10)  # order(): a push through enemy tokens, whose result only the search sees
_JUMP_COST = const(-1)
_PATH_STEP = const(4)  # a path's value: per decision still needed to reach its end
_PATH_LAYERS = const(4)  # ends of a push through my own string looked for, in decisions
_NO_END = const(-(1 << 29))  # order(): a push through my own tokens, against a plain step as good
_PATH_OPEN = const(-20)  # evaluate(): a path under construction must still be completed
_ACCEPT_BELOW = const(-600)  # accept a draw offer only this far behind
_RACE = const(60)  # Football / Scrimmage: per step the best runner is ahead
_CHAIN = const(80)  # Chain: per light move the cheapest chain needs less
_CHAIN_ENEMY = const(3)  # Chain: an enemy token on the way costs as many empty nodes
_CHAIN_UNFILLED = const(12)  # Chain: light moves counted for a node no spare token can fill
_FAR = const(99)
_MEMO = const(32)  # evaluations kept (a power of two)
_GO_ON = const(2)  # a push through enemy tokens under way: its next nodes searched at the root
_A_DARK = const(0)  # order(): what the turn still holds after the move: this was the dark move,
_A_LIGHT = const(1)  # a light move,
_A_END = const(2)  # or the turn is over


class _Tables:
    """Per space: the cutting nodes of every light group and dark node, who watches whom,
    material values, drawing coordinates, light distances to the targets."""

    def __init__(self, game):
        g = game.space
        self.space = g
        n, nd = g.n, g.n_dark
        nl = n - nd
        self.n = n
        self.nd = nd
        # light_cut[(L - nd) * 3 + i]: the 3 dark nodes that cut off L's group (none: 0 count).
        self.light_cut = array("H", bytes(2 * 3 * nl))
        self.n_light_cut = bytearray(nl)
        # dark_cut[D * 6 + i]: the light nodes that cut off dark node D.
        self.dark_cut = array("H", bytes(2 * 6 * nd))
        self.n_dark_cut = bytearray(nd)
        # Reverse: light nodes whose cut holds dark node D (6 slots); the dummy node n fills
        # unused slots.
        self.light_watch = array("H", bytes(2 * 6 * nd))
        for a in (self.light_cut, self.dark_cut, self.light_watch):
            for i in range(len(a)):
                a[i] = n
        n_light_watch = bytearray(nd)
        seen = bytearray(n)
        for start in range(nd, n):
            if seen[start]:
                continue
            group = self._outline_group(start, seen)
            if len(group) > 2:
                continue  # a home line: only a wall across the board cuts it off
            cut = []
            for u in group:
                for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
                    e = g.edge[s]
                    if g.adj[s] in group or g.cross[e] == NO_EDGE:
                        continue
                    for d in (g.xu[e], g.xv[e]):
                        if d not in cut:
                            cut.append(d)
            for u in group:
                j = u - nd
                self.n_light_cut[j] = len(cut)
                for i in range(len(cut)):
                    d = cut[i]
                    self.light_cut[j * 3 + i] = d
                    self.light_watch[d * 6 + n_light_watch[d]] = u
                    n_light_watch[d] += 1
        for d in range(nd):
            cut = []
            for s in range(d * SLOTS, d * SLOTS + g.deg[d]):
                e = g.edge[s]
                for k in (g.xu[e], g.xv[e]):
                    if k not in cut:
                        cut.append(k)
            self.n_dark_cut[d] = len(cut)
            for i in range(len(cut)):
                k = cut[i]
                self.dark_cut[d * 6 + i] = k
        # corner_out[(D * 6 + i) * 2 + j]: the (up to two) light neighbours of D's i-th cutting
        # node outside D's hexagon, where an attacker's token fills that corner from; and back,
        # around[(L - nd) * 6 + j]: the dark nodes L is a corner of or stands next to a corner
        # of (what a light token arriving on or leaving L changes; at most 6 in every space).
        self.corner_out = array("H", bytes(2 * 12 * nd))
        self.around = array("H", bytes(2 * 6 * nl))
        self.around_rev = array("H", bytes(2 * 12 * nd))  # and back: the light nodes of D
        for a in (self.corner_out, self.around, self.around_rev):
            for i in range(len(a)):
                a[i] = n
        n_around = bytearray(nl)
        n_rev = bytearray(nd)
        for d in range(nd):
            base = d * 6
            corners = [self.dark_cut[i] for i in range(base, base + self.n_dark_cut[d])]
            for i in range(len(corners)):
                k = corners[i]
                j = 0
                for s in range(k * SLOTS, k * SLOTS + g.deg[k]):
                    w = g.adj[s]
                    if w not in corners:
                        self.corner_out[(base + i) * 2 + j] = w
                        j += 1
                for w in [k] + [g.adj[s] for s in range(k * SLOTS, k * SLOTS + g.deg[k])]:
                    slots = range((w - nd) * 6, (w - nd) * 6 + n_around[w - nd])
                    if d not in [self.around[x] for x in slots]:
                        if n_around[w - nd] == 6 or n_rev[d] == 12:
                            raise ValueError("more light nodes around a dark node than planned")
                        self.around[(w - nd) * 6 + n_around[w - nd]] = d
                        n_around[w - nd] += 1
                        self.around_rev[d * 12 + n_rev[d]] = w
                        n_rev[d] += 1
        # Drawing coordinates (half columns, half lines) for the closeness of tokens.
        self.hx = bytearray(n)
        self.hy = bytearray(n)
        for k in range(n):
            x, y = g.node_xy(k)
            self.hx[k] = x
            self.hy[k] = y
        self.cols = g.cols if g.periodic else 0
        sets = g.boards_across
        self.light_floor = LOSE_AT[1] * sets
        self.dark_floor = LOSE_AT[0] * sets
        top = 20 * sets + 2
        # Value of the m-th token above the floor (losing it leaves m - 1), and of m tokens.
        self.light_inc = array("i", [0] * top)
        self.dark_inc = array("i", [0] * top)
        self.light_sum = array("i", [0] * top)
        self.dark_sum = array("i", [0] * top)
        for m in range(1, top):
            self.light_inc[m] = 100 + 300 // m
            self.dark_inc[m] = 250 + 600 // m
            self.light_sum[m] = self.light_sum[m - 1] + self.light_inc[m]
            self.dark_sum[m] = self.dark_sum[m - 1] + self.dark_inc[m]
        self.top = top - 1
        self.to_target = (self._distances(g.targets[0]), self._distances(g.targets[1]))
        # Scratch: where the capturable light tokens of each colour stand (evaluate), threats,
        # the strings of my tokens (order), Chain's 0-1 BFS (a ring deque and costs).
        self.prey_x = (None, bytearray(nl), bytearray(nl))
        self.prey_y = (None, bytearray(nl), bytearray(nl))
        self.n_prey = bytearray(3)
        self.value_dark = array("i", [0] * 3)  # by colour: its next token's value (_material)
        self.value_light = array("i", [0] * 3)
        self.threats = array("i", [0] * (3 * _T_SLOTS))  # see _threats_value
        self.no_threats = array("i", [0] * (3 * _T_SLOTS))
        self.hunters = array("H", bytes(2 * nl))  # _pressure: the light tokens
        self.hunt_x = (None, bytearray(nd), bytearray(nd))  # unprotected dark tokens by colour
        self.hunt_y = (None, bytearray(nd), bytearray(nd))
        self.n_hunt = bytearray(3)
        self.near = (None, bytearray(n + 1), bytearray(n + 1))  # _count_near
        self.near_key = -1
        self.zeros = bytes(n + 1)
        # order(): t.need valid (t.cached); the nodes a move affects (_affected)
        self.cached = False
        self.dark_among = False  # _terms: a dark token among the nodes summed
        self.affected = array("H", bytes(2 * 32))
        self.amark = bytearray(n + 1)  # _affected's marks (stamps), apart from _best_jump's
        self.astamp = 0
        self.via = array("H", bytes(2 * (n + 1)))  # _best_jump: first node after the head
        self.jump_first = 0
        self.busy = bytearray(n + 1)  # order(): dark tokens around each light node
        # order(): dark tokens' needs (_dark_need), light tokens' terms, in the position
        # ordered; the sums of the terms by what a move leaves of the turn; the dangers by need
        # (_set_values: [after * 20 + 10 * mine + need])
        self.need = array("i", [0] * (n + 1))
        self.dark_terms = array("i", [0] * (2 * nd))  # [after * nd + node]: after a dark/light move
        self.totals = array("i", [0] * 3)
        self.pct = bytearray(60)
        self.left = bytearray(n + 1)  # order(): the gain of my token leaving a node, known
        self.left_gain = array("i", [0] * (n + 1))
        # evaluate()'s memo of complete moves: state 0 = empty slot
        self.memo_key = array("i", [0] * _MEMO)
        self.memo_value = array("i", [0] * _MEMO)
        self.memo_route = array("i", [0] * _MEMO)
        # and of positions without their path (spent: the web of the move under way, 1 + web)
        self.base_key = array("i", [0] * _MEMO)
        self.base_value = array("i", [0] * _MEMO)
        self.base_state = bytearray(_MEMO)
        self.base_spent = bytearray(_MEMO)
        self.memo_state = bytearray(_MEMO)
        self.no_memo = bytes(_MEMO)
        self.memo_game = None  # the game and turn the memo serves (prepare)
        self.memo_turn = -1
        self.memo_length = 0
        self.work = 0  # evaluations and orderings in this turn (prepare, _budget)
        self.values_key = -1  # the position _set_values last served: hash and turn state
        self.values_state = 0
        self.mark = bytearray(n + 1)  # _best_jump's visited nodes (stamps)
        self.stamp = 0
        self.jump_queue = array("H", bytes(2 * n))
        # order(): my tokens' strings (label per node, 0 none) and each string's best end.
        self.string_of = array("H", bytes(2 * (n + 1)))
        self.no_strings = array("H", bytes(2 * (n + 1)))
        self.string_best = array("i", [0] * (n // 2 + 2))
        self.strings = 0
        self.own_dark = self.own_light = self.prey_dark = self.prey_light = 0  # _set_values
        self.queue = array("H", bytes(2 * 4 * n))
        self.cost = bytearray(n + 1)
        self.unreached = b"\xff" * (n + 1)
        # Chain: the cheapest chain's links (previous node), its nodes (stamps), the nodes it
        # lacks, and the spare light tokens that fill them (_chain_moves)
        self.pred = array("H", bytes(2 * (n + 1)))
        self.on_chain = bytearray(n + 1)
        self.chain_stamp = 0
        self.enemy_chain = bytearray(n + 1)  # order(): the enemy's cheapest chain (stamps)
        self.enemy_stamp = 0
        self.missing = array("H", bytes(2 * nl))
        self.n_missing = 0
        self.spare = array("H", bytes(2 * nl))

    def _outline_group(self, start, seen):
        """The light nodes joined to `start` by outline edges (edges no dark edge crosses)."""
        g = self.space
        group = [start]
        seen[start] = 1
        i = 0
        while i < len(group):
            u = group[i]
            i += 1
            for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
                w = g.adj[s]
                if g.cross[g.edge[s]] == NO_EDGE and not seen[w]:
                    seen[w] = 1
                    group.append(w)
        return group

    def _distances(self, targets):
        """Steps on the empty light web from every light node to the nearest of `targets`."""
        g = self.space
        dist = bytearray(self.n + 1)
        for k in range(len(dist)):
            dist[k] = _FAR
        queue = list(targets)
        for k in queue:
            dist[k] = 0
        i = 0
        while i < len(queue):
            u = queue[i]
            i += 1
            for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
                v = g.adj[s]
                if dist[v] == _FAR:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return dist


_tables = None


def _tables_for(game):
    global _tables
    t = _tables
    if t is None or t.space is not game.space:
        t = None
        _tables = None  # the old tables go before the new ones are built (one game at a time)
        t = _Tables(game)
        _tables = t
    return t


# ---- material ------------------------------------------------------------------------------
def _material(t, game, colour):
    """Value of the tokens of `colour` (1 Red, 2 Blue) above the loss floors, hand included;
    also leaves the value of its next dark and light token in t.value_dark/light[colour]."""
    i = (colour - 1) * 2
    dark = _clip(game.cnt[i] + game.hand[i] - t.dark_floor, t.top)
    light = _clip(game.cnt[i + 1] + game.hand[i + 1] - t.light_floor, t.top)
    t.value_dark[colour] = t.dark_inc[dark]
    t.value_light[colour] = t.light_inc[light]
    return t.dark_sum[dark] + t.light_sum[light]


# ---- threats and pressure ------------------------------------------------------------------
def _next_to(t, board, gap, colour, cut, first, count):
    """Does a token of `colour` stand next to `gap` that is not one of cut[first:first + count]
    (those must stay where they are)?"""
    g = t.space
    adj = g.adj
    for s in range(gap * SLOTS, gap * SLOTS + g.deg[gap]):
        w = adj[s]
        if board[w] == colour:
            other = True
            for i in range(first, first + count):
                if cut[i] == w:
                    other = False
                    break
            if other:
                return True
    return False


def _touches(t, board, node, colour, skip):
    """Does a token of `colour` stand next to `node`, other than on `skip`?"""
    g = t.space
    adj = g.adj
    for s in range(node * SLOTS, node * SLOTS + g.deg[node]):
        w = adj[s]
        if w != skip and board[w] == colour:
            return True
    return False


def _dark_need(t, board, d, attacker):
    """Light moves `attacker` still needs to cut off the dark token on `d`: per corner not yet
    held, 1 if an attacker token stands on its outside neighbour, 2 if one stands next to that
    (empty) neighbour, 3 otherwise; _PROTECTED when the owner holds a corner (it must be pushed
    off first).  Reads t.near (_count_near)."""
    near = t.near[attacker]
    cut, out = t.dark_cut, t.corner_out
    need = 0
    for i in range(d * 6, d * 6 + t.n_dark_cut[d]):
        v = board[cut[i]]
        if v == attacker:
            continue
        if v:
            return _PROTECTED
        o = out[2 * i]
        p = out[2 * i + 1]
        v = board[o]
        w = board[p]
        if v == attacker or w == attacker:
            need += 1
        elif (not v and near[o]) or (not w and near[p]):
            need += 2
        else:
            need += 3
    return need


def _count_near(t, game):
    """t.near[colour][node]: how many light tokens of colour stand next to the light node
    (kept for the board whose hash is t.near_key)."""
    if t.near_key == game.zobrist:
        return
    t.near_key = game.zobrist
    board = game.board
    g = t.space
    adj, deg = g.adj, g.deg
    red, blue = t.near[1], t.near[2]
    red[:] = t.zeros
    blue[:] = t.zeros
    for k in range(t.nd, t.n):
        c = board[k]
        if c:
            near = red if c == 1 else blue
            for s in range(k * SLOTS, k * SLOTS + deg[k]):
                near[adj[s]] += 1


def _move_near(t, node, colour, delta):
    """Keeps t.near right while order() moves a light token of colour on or off `node`."""
    if node < t.nd or node == t.n:
        return
    g = t.space
    adj = g.adj
    near = t.near[colour]
    for s in range(node * SLOTS, node * SLOTS + g.deg[node]):
        near[adj[s]] += delta


def _light_risk(t, board, k):
    """Danger of the light token on `k` in % (its cut's enemy dark tokens; an own dark token
    on the cut protects it)."""
    j = k - t.nd
    if not t.n_light_cut[j]:
        return 0
    e = 3 - board[k]
    cut = t.light_cut
    held = 0
    for i in range(j * 3, j * 3 + 3):
        v = board[cut[i]]
        if v == e:
            held += 1
        elif v:
            return 0
    return _LIGHT_PCT[3 - held]


def _closeness(x, y, xs, ys, count, cols):
    """How close the point (x, y) is to the nearest of the points (xs[i], ys[i]), i < count
    (0 if none is within _REACH): the nearest, not a sum, so that a capture costs the hunters
    little.  `cols`: the width of a periodic space, 0 otherwise."""
    best = 0
    for i in range(count):
        dx = xs[i] - x
        if dx < 0:
            dx = -dx
        if cols and dx > cols - dx:
            dx = cols - dx
        dy = ys[i] - y
        if dy < 0:
            dy = -dy
        c = _REACH - ((dx + dy) >> 1)
        if c > best:
            best = c
            if c >= _REACH - 1:
                break
    return best


def _stuck(t, board, k):
    """Can the token on `k` not step anywhere (every neighbour taken or behind a barrier)?"""
    g = t.space
    c = board[k]
    adj, edge, xu, xv = g.adj, g.edge, g.xu, g.xv
    for s in range(k * SLOTS, k * SLOTS + g.deg[k]):
        if not board[adj[s]]:
            e = edge[s]
            b = board[xu[e]]
            if not b or b == c or b != board[xv[e]]:
                return False
    return True


def _can_protect(t, board, d, owner):
    """Can a light token of `owner` step onto an empty corner of the dark token on `d`?"""
    n = t.n
    cut, out = t.dark_cut, t.corner_out
    for i in range(d * 6, d * 6 + t.n_dark_cut[d]):
        if not board[cut[i]] and (board[out[2 * i]] == owner or board[out[2 * i + 1]] == owner):
            return True
    return False


def _add_top(threats, i, value):
    """threats[i], threats[i + 1]: the two largest values so far."""
    if value > threats[i]:
        threats[i + 1] = threats[i]
        threats[i] = value
    elif value > threats[i + 1]:
        threats[i + 1] = value


def _threats_value(t, game, player, threats):
    """Value for `player` of the threats gathered by _pressure.  The side that owns the turn
    executes what its moves left allow (a light move fills a corner, a dark move a cut node);
    the victim, if it owns the turn, saves as many as it has moves left for (a dark step
    away or a light token onto a corner), the rest stay threatened."""
    owner = game.player + 1
    dark_moves = 0 if game.dark_done else 1
    light_moves = 2 - game.light_done
    if game.rlen and not game.pending:  # the move under construction is spent
        if game.route[0] < t.nd:
            dark_moves = 0
        else:
            light_moves -= 1
    score = 0
    for victim in (1, 2):
        i = victim * _T_SLOTS
        value = 0
        total = threats[i + _T_D1] + threats[i + _T_D2]
        if total:
            if victim != owner:
                top = 0
                if light_moves >= 2:
                    top = threats[i + _T_D1 + 1] + threats[i + _T_D1 + 2]
                    if threats[i + _T_D2 + 1] > top:
                        top = threats[i + _T_D2 + 1]
                elif light_moves:
                    top = threats[i + _T_D1 + 1]
                value += top * _CAPTURE_NOW + (total - top) * _THREAT_NEXT
            else:
                moves = dark_moves + light_moves
                saved = threats[i + _T_DSAVE] + (threats[i + _T_DSAVE + 1] if moves > 1 else 0) if moves else 0
                value += saved * _THREAT_SAVED + (total - saved) * _THREAT_FORCED
        total = threats[i + _T_L1]
        if total:
            if victim != owner:
                top = threats[i + _T_L1 + 1] if dark_moves else 0
                value += top * _CAPTURE_NOW + (total - top) * _THREAT_NEXT
            else:
                moves = dark_moves + light_moves
                saved = threats[i + _T_LSAVE] + (threats[i + _T_LSAVE + 1] if moves > 1 else 0) if moves else 0
                value += saved * _THREAT_SAVED + (total - saved) * _THREAT_FORCED
        value //= 100
        score += value if victim != player + 1 else -value
    return score


def _pressure(t, game, player):
    """Threat, pressure and closeness terms for `player` (0/1) minus the opponent's (after
    _material of both colours); also counts t.near (_count_near)."""
    board = game.board
    g = t.space
    adj, deg = g.adj, g.deg
    nd, n = t.nd, t.n
    me = player + 1
    light_val, dark_val = t.value_light, t.value_dark  # filled by _material
    threats = t.threats
    threats[:] = t.no_threats
    prey_x, prey_y, hx, hy = t.prey_x, t.prey_y, t.hx, t.hy
    n_prey = t.n_prey
    n_prey[1] = n_prey[2] = 0
    hunt_x, hunt_y, n_hunt = t.hunt_x, t.hunt_y, t.n_hunt
    n_hunt[1] = n_hunt[2] = 0
    hunters = t.hunters
    n_hunters = 0
    near = t.near
    near[1][:] = t.zeros
    near[2][:] = t.zeros
    t.near_key = game.zobrist
    score = 0
    cut, n_cut = t.light_cut, t.n_light_cut
    for k in range(nd, n):
        c = board[k]
        if not c:
            continue
        hunters[n_hunters] = k
        n_hunters += 1
        counts = near[c]
        for s in range(k * SLOTS, k * SLOTS + deg[k]):
            counts[adj[s]] += 1
        j = k - nd
        if not n_cut[j]:
            continue
        i = n_prey[c]
        prey_x[c][i] = hx[k]
        prey_y[c][i] = hy[k]
        n_prey[c] = i + 1
        e = 3 - c
        j *= 3
        held = 0
        gap = n
        for i in range(j, j + 3):
            v = board[cut[i]]
            if v == e:
                held += 1
            elif v:
                held = -1  # an own dark token on the cut protects it
                break
            else:
                gap = cut[i]
        if held == 2:
            value = light_val[c]
            if not _next_to(t, board, gap, e, cut, j, 3):
                value = value * _LIGHT_PCT[1] // 100  # no enemy dark token can fill it now
                score += -value if c == me else value
                continue
            slot = c * _T_SLOTS
            threats[slot + _T_L1] += value
            _add_top(threats, slot + _T_L1 + 1, value)
            if not _stuck(t, board, k) or _touches(t, board, gap, c, n):
                _add_top(threats, slot + _T_LSAVE, value)
        elif held == 1:
            value = light_val[c] * _LIGHT_PCT[2] // 100
            score += -value if c == me else value
    rows = g.rows + 1
    ys = g.ys
    cols = t.cols
    for k in range(nd):
        c = board[k]
        if not c:
            continue
        e = 3 - c
        need = _dark_need(t, board, k, e)
        value = _ADVANCE * (ys[k] if c == 1 else rows - ys[k])
        if n_prey[e]:
            value += _ATTRACT * _closeness(hx[k], hy[k], prey_x[e], prey_y[e], n_prey[e], cols)
        if need != _PROTECTED:
            i = n_hunt[c]
            hunt_x[c][i] = hx[k]
            hunt_y[c][i] = hy[k]
            n_hunt[c] = i + 1
        if need <= 2:
            danger = dark_val[c]
            slot = c * _T_SLOTS + (_T_D1 if need == 1 else _T_D2)
            threats[slot] += danger
            _add_top(threats, slot + 1, danger)
            if not _stuck(t, board, k) or _can_protect(t, board, k, c):
                _add_top(threats, c * _T_SLOTS + _T_DSAVE, danger)
        elif need < len(_NEED_PCT):
            value -= dark_val[c] * _NEED_PCT[need] // 100
        score += value if c == me else -value
    # Light tokens drawn to the nearest enemy dark token that is not protected (_closeness,
    # inlined: the hottest loop of the evaluation).
    for i in range(n_hunters):
        k = hunters[i]
        c = board[k]
        e = 3 - c
        count = n_hunt[e]
        if not count:
            continue
        x, y, tx, ty = hx[k], hy[k], hunt_x[e], hunt_y[e]
        best = 0
        for j in range(count):
            dx = tx[j] - x
            if dx < 0:
                dx = -dx
            if cols and dx > cols - dx:
                dx = cols - dx
            dy = ty[j] - y
            if dy < 0:
                dy = -dy
            dx = _REACH - ((dx + dy) >> 1)
            if dx > best:
                best = dx
        score += _HUNT * best if c == me else -_HUNT * best
    return score + _threats_value(t, game, player, threats)


# ---- variants ------------------------------------------------------------------------------
def _race(t, game, player):
    """Football / Scrimmage: the best light token's distance to its target, against the other's."""
    board = game.board
    best = [_FAR, _FAR, _FAR]
    spread = 0
    me = player + 1
    for k in range(t.nd, t.n):
        c = board[k]
        if c:
            d = t.to_target[c - 1][k]
            if d < best[c]:
                best[c] = d
            spread += (_FAR - d) if c == me else (d - _FAR)
    you = 3 - me
    score = (best[you] - best[me]) * _RACE + spread
    owner = game.player + 1
    if owner == you and best[you] <= 2:
        score -= 2000  # they have a whole turn to run in
    elif owner == me and best[me] <= 2 - game.light_done:
        score += 1000
    return score


def _chain_cost(t, game, colour, start, finish, cost):
    """Chain: what a chain of `colour` still needs from an endpoint of `start` to one of
    `finish` (the cheapest): an empty node costs 1, an enemy token _CHAIN_ENEMY (it must be
    pushed away), an own token 0; a link across an enemy barrier is broken.  cost[node]: the
    cheapest from `start` to node, node included (255: none); t.pred[node] the node before it.
    Returns the cheapest end node (t.n: none).  A queue of improvements (label-correcting; small
    weights, a few passes)."""
    g = t.space
    board = game.board
    queue = t.queue
    pred = t.pred
    size = len(queue)
    enemy = 3 - colour
    n = t.n
    cost[:] = t.unreached
    head = tail = 0
    for k in start:
        v = board[k]
        cost[k] = 0 if v == colour else (1 if not v else _CHAIN_ENEMY)
        pred[k] = n
        queue[tail % size] = k
        tail += 1
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    while head < tail:
        u = queue[head % size]
        head += 1
        cu = cost[u]
        for s in range(u * SLOTS, u * SLOTS + deg[u]):
            w = adj[s]
            e = edge[s]
            if board[xu[e]] == enemy and board[xv[e]] == enemy:
                continue
            v = board[w]
            c = cu + (0 if v == colour else (1 if not v else _CHAIN_ENEMY))
            if c < cost[w]:
                cost[w] = c
                pred[w] = u
                if tail - head < size:
                    queue[tail % size] = w
                    tail += 1
    best = n
    for k in finish:
        if cost[k] != 255 and (best == n or cost[k] < cost[best]):
            best = k
    return best


def _light_distance(t, a, b):
    """Steps between light nodes a and b on the light web, about (along the lines, plus one per
    line crossed; parity detours left out)."""
    dx = t.hx[a] - t.hx[b]
    if dx < 0:
        dx = -dx
    if t.cols and dx > t.cols - dx:
        dx = t.cols - dx
    dy = t.hy[a] - t.hy[b]
    return dx + (dy if dy >= 0 else -dy) // 2


def _chain_moves(t, game, colour):
    """Chain: the light moves the cheapest chain of `colour` still needs.  A winning chain takes
    all of a player's light tokens on the standard board, so what counts is their travel: each
    node of the chain not held gets the nearest spare light token (greedily, along the chain),
    its distance in moves (an enemy token there must be pushed off too); a node no spare token
    is left for counts _CHAIN_UNFILLED.  Marks the chain in t.on_chain (stamp t.chain_stamp)
    and lists the nodes it lacks in t.missing[:t.n_missing]."""
    ends = t.space.chain_ends
    board = game.board
    n = t.n
    node = _chain_cost(t, game, colour, ends[0], ends[1], t.cost)
    t.chain_stamp = t.chain_stamp % 255 + 1
    stamp = t.chain_stamp
    on_chain = t.on_chain
    missing = t.missing
    count = 0
    while node != n:
        on_chain[node] = stamp
        if board[node] != colour:
            missing[count] = node
            count += 1
        node = t.pred[node]
    t.n_missing = count
    if not count:
        return 0
    if t.cost[missing[0]] == 255:
        return _FAR * _CHAIN_UNFILLED  # no chain possible at all
    spare = t.spare
    spares = 0
    for k in range(t.nd, n):
        if board[k] == colour and on_chain[k] != stamp:
            spare[spares] = k
            spares += 1
    total = 0
    for i in range(count):
        m = missing[i]
        if board[m]:
            total += _CHAIN_ENEMY - 1
        best = -1
        best_d = _FAR
        for j in range(spares):
            d = _light_distance(t, spare[j], m)
            if d < best_d:
                best_d = d
                best = j
        if best < 0:
            total += _CHAIN_UNFILLED
        else:
            total += best_d if best_d else 1
            spares -= 1
            spare[best] = spare[spares]
    return total


def _chain(t, game, player):
    me, you = player + 1, 2 - player
    mine = _chain_moves(t, game, me)
    mine_missing = t.n_missing
    yours = _chain_moves(t, game, you)
    score = (yours - mine) * _CHAIN
    owner = game.player + 1
    if owner == you and t.n_missing <= 2 and yours <= 2:
        score -= 2000
    elif owner == me and mine_missing <= 2 - game.light_done and mine <= 2 - game.light_done:
        score += 1000
    return score


# ---- the tuning interface ------------------------------------------------------------------
def evaluate(game, player):
    t = _tables_for(game)
    t.cached = False
    t.work += 1
    if game.pending or game.offer:
        return _base(t, game, player) + _path_value(t, game, player)
    # A search's iterations meet the same positions again: the last values are kept
    # (prepare() forgets them; the key is the board's hash, the turn's state and the path
    # under construction: its length, start and head).  The position's own value is kept
    # apart too: paths just begun share their board.
    rlen = game.rlen
    state = 1 + (_repeated(game) << 5 | player << 4 | game.player << 3 | game.dark_done << 2 | game.light_done)
    route = (rlen << 18 | game.route[0] << 9 | game.route[rlen - 1]) if rlen else 0
    zobrist = game.zobrist
    i = (zobrist ^ route) & (_MEMO - 1)
    if t.memo_state[i] == state and t.memo_key[i] == zobrist and t.memo_route[i] == route:
        return t.memo_value[i]
    spent = 0 if not rlen else (1 if game.route[0] < t.nd else 2)  # see _threats_value
    j = (zobrist ^ spent) & (_MEMO - 1)
    if t.base_state[j] == state and t.base_key[j] == zobrist and t.base_spent[j] == spent:
        value = t.base_value[j]
    else:
        value = _base(t, game, player)
        t.base_state[j] = state
        t.base_key[j] = zobrist
        t.base_spent[j] = spent
        t.base_value[j] = value
    if rlen:
        value += _path_value(t, game, player)
    t.memo_state[i] = state
    t.memo_key[i] = zobrist
    t.memo_route[i] = route
    t.memo_value[i] = value
    return value


def _base(t, game, player):
    """The position's value for `player`, a path under construction left aside (its move
    counted as spent)."""
    if game.chain:
        score = _chain(t, game, player)
    else:
        score = _material(t, game, player + 1) - _material(t, game, 2 - player)
        if game.captures:
            score += _pressure(t, game, player)
        if game.touchdown:
            score += _race(t, game, player)
    if not game.rlen and _repeated(game):
        score //= 2  # on the way to a draw by repetition (§7)
    return score


def _path_value(t, game, player):
    """A path under construction: a push of my own tokens is worth its best end (see
    _best_jump); other pushes are valued when complete, less a little."""
    if not game.rlen:
        return 0
    jump = None
    me = game.player + 1
    if _route_is_mine(game, me) and game.rlen > 1:
        if game.chain:
            _chain_maps(t, game, me)
        else:
            _count_near(t, game)
        _set_values(t, game, me)
        jump = _best_jump(t, game, game.route[0], game.route[game.rlen - 1], me)
    value = _PATH_OPEN if jump is None else jump
    return value if me == player + 1 else -value


def _repeated(game):
    """Has the position at the start of this turn been seen before (since the last capture)?"""
    rep = game.rep
    last = len(rep) - 1
    if last <= game.rep_base or game.dark_done or game.light_done:
        return False
    key = rep[last]
    for i in range(game.rep_base, last):
        if rep[i] == key:
            return True
    return False


def _affected(t, a, b, c):
    """order(): the nodes whose tokens' terms a move changing the nodes a, b and c can change
    (any may be t.n: none, from the hand or to afar): the nodes themselves, and for a light
    node the dark nodes it is a corner of or next to a corner of, for a dark node the light
    nodes on whose cut it is.  Into t.affected[0:count]; returns count."""
    t.astamp += 1
    if t.astamp == 256:
        for i in range(len(t.amark)):
            t.amark[i] = 0
        t.astamp = 1
    count = _affect(t, a, 0)
    count = _affect(t, b, count)
    return _affect(t, c, count)


def _affect(t, node, count):
    """_affected's part for one node: appends to t.affected[0:count], returns the count."""
    nd, n = t.nd, t.n
    if node == n:
        return count
    stamp, mark, out = t.astamp, t.amark, t.affected
    if mark[node] != stamp:
        mark[node] = stamp
        out[count] = node
        count += 1
    if node >= nd:
        watch = t.around
        j = (node - nd) * 6
        for i in range(j, j + 6):
            d = watch[i]
            if mark[d] != stamp:
                mark[d] = stamp
                out[count] = d
                count += 1
    else:
        watch = t.light_watch
        for i in range(node * 6, node * 6 + 6):
            k = watch[i]
            if mark[k] != stamp:
                mark[k] = stamp
                out[count] = k
                count += 1
    return count


def _term(t, board, node, me, after):
    """order(): the term (x100) of the token on `node` for `me`: its danger (enemy tokens'
    counts for me, mine against me) and for a dark token its advance; 0 if empty.  `after`:
    what the turn still holds once the move is made (_A_DARK, _A_LIGHT, _A_END; t.pct)."""
    v = board[node]
    if not v:
        return 0
    if node >= t.nd:
        risk = _light_risk(t, board, node)
        return t.prey_light * risk if v != me else -t.own_light * risk
    need = _dark_need(t, board, node, 3 - v)
    return _dark_term(t, node, v, need, me, after)


def _dark_term(t, node, v, need, me, after):
    """_term of the dark token of colour v on `node` that its enemy needs `need` moves to cut
    off."""
    y = t.space.ys[node]
    advance = 100 * _ADVANCE * (y if v == 1 else t.space.rows + 1 - y)
    risk = t.pct[after * 20 + (10 if v == me else 0) + need] if need < 10 else 0
    return advance - t.own_dark * risk if v == me else t.prey_dark * risk - advance


def _terms(t, board, count, me, after, cached):
    """The sum of _term over t.affected[0:count] (`cached`: t.need and t.dark_terms hold this
    board's terms).  Also sets t.dark_among: whether a dark token stands on one of them."""
    out = t.affected
    total = 0
    nd = t.nd
    dark = False
    if cached:
        need, dark_terms = t.need, t.dark_terms
        first = after * nd
        for i in range(count):
            k = out[i]
            if board[k]:
                if k >= nd:
                    total += need[k]
                else:
                    total += dark_terms[first + k]
                    dark = True
        t.dark_among = dark
        return total
    for i in range(count):
        k = out[i]
        v = board[k]
        if v:
            # _term, inlined: this loop is most of order()'s time
            if k >= nd:
                risk = _light_risk(t, board, k)
                total += t.prey_light * risk if v != me else -t.own_light * risk
            else:
                total += _dark_term(t, k, v, _dark_need(t, board, k, 3 - v), me, after)
                dark = True
    t.dark_among = dark
    return total


def _step_gain(t, game, a, b, me):
    """order()'s value of my token moving from `a` to the empty `b` (t.n for a: from the hand
    or from afar; for b: off to afar): the change of the terms around both ends, and for a
    light token its approach to the enemy's unprotected dark tokens (_set_values)."""
    n = t.n
    if game.chain:
        # My chain's progress, and what the move does to the enemy's cheapest chain: a light
        # token on it must be pushed off, a barrier of my dark tokens breaks its link.
        gain = 0
        board = game.board
        enemy_chain = t.enemy_chain
        stamp = t.enemy_stamp
        if b != n:
            if b >= t.nd:
                gain += _chain_end(t, b, 1)
                if enemy_chain[b] == stamp:
                    gain += 2 * _CHAIN
            else:
                gain += 3 * _CHAIN * _barriers_across(t, board, b, a, me)
        if a != n:
            if a >= t.nd:
                gain += _chain_end(t, a, -1)
                if enemy_chain[a] == stamp:
                    gain -= 2 * _CHAIN
            else:
                gain -= 3 * _CHAIN * _barriers_across(t, board, a, b, me)
        return gain
    board = game.board
    nd = t.nd
    if t.cached and (a >= nd or a == n) and (b >= nd or b == n) and not t.busy[a] and not t.busy[b]:
        gain = 0  # no dark token near either end: only the approach below changes
    else:
        gain = _near_gain(t, board, a, b, me, _A_DARK if (a if a != n else b) < nd else _A_LIGHT)
    # A light token's approach to the enemy's unprotected dark tokens, a dark token's to the
    # enemy's light tokens off their home lines (as evaluate() has them).
    node = b if b != n else a
    e = 3 - me
    hx, hy = t.hx, t.hy
    if node >= nd:
        weight, count, xs, ys = _HUNT, t.n_hunt[e], t.hunt_x[e], t.hunt_y[e]
    else:
        weight, count, xs, ys = _ATTRACT, t.n_prey[e], t.prey_x[e], t.prey_y[e]
    if count:
        if b != n:
            gain += weight * _closeness(hx[b], hy[b], xs, ys, count, t.cols)
        if a != n:
            gain -= weight * _closeness(hx[a], hy[a], xs, ys, count, t.cols)
    return gain


def _near_gain(t, board, a, b, me, after):
    """_step_gain's change of the terms around both ends."""
    n = t.n
    count = _affected(t, a, b, n)
    before = _terms(t, board, count, me, after, t.cached)
    near = t.dark_among  # else no _dark_need reads t.near
    if a != n:
        board[a] = 0
        if near:
            _move_near(t, a, me, -1)
    if b != n:
        board[b] = me
        if near:
            _move_near(t, b, me, 1)
    total = _terms(t, board, count, me, after, False)
    if b != n:
        board[b] = 0
        if near:
            _move_near(t, b, me, -1)
    if a != n:
        board[a] = me
        if near:
            _move_near(t, a, me, 1)
    return (total - before) // 100


def _push_gain(t, game, a, b, me):
    """order()'s value of a push by my token on `a` through the enemy token on `b`: the best
    end one node on (my token onto b, the enemy's to an empty neighbour it may step to), or
    _PUSH_SCORE when the push must go on through more tokens (left to the search)."""
    g = t.space
    board = game.board
    adj, edge, xu, xv = g.adj, g.edge, g.xu, g.xv
    best = _PUSH_SCORE
    for s in range(b * SLOTS, b * SLOTS + g.deg[b]):
        c = adj[s]
        if c == a or board[c]:
            continue
        e = edge[s]
        if board[xu[e]] == me and board[xv[e]] == me:
            continue  # my barrier stops the pushed token
        gain = _push_end(t, board, a, b, c, me)
        if gain > best:
            best = gain
    return best


def _push_end(t, board, a, b, c, me):
    """The change of the terms when my token on `a` pushes the enemy's on `b` to the empty c."""
    you = board[b]
    after = _A_DARK if a < t.nd else _A_LIGHT
    count = _affected(t, a, b, c)
    before = _terms(t, board, count, me, after, t.cached)
    board[a] = 0
    board[b] = me
    board[c] = you
    _move_near(t, a, me, -1)
    _move_near(t, b, you, -1)
    _move_near(t, b, me, 1)
    _move_near(t, c, you, 1)
    total = _terms(t, board, count, me, after, False)
    board[c] = 0
    board[b] = you
    board[a] = me
    _move_near(t, c, you, -1)
    _move_near(t, b, me, -1)
    _move_near(t, b, you, 1)
    _move_near(t, a, me, 1)
    return (total - before) // 100 - _PATH_STEP


def _set_values(t, game, me):
    """The values order() uses: one token of mine and one of the enemy's, by web; the dangers
    by need (t.pct); where the enemy's unprotected dark tokens stand (what my light tokens
    hunt) and its light tokens off the home lines (what my dark tokens are drawn to).  Kept
    while the board and the turn's state stay (a path under way moves nothing)."""
    state = me << 3 | game.dark_done << 2 | game.light_done
    if game.zobrist == t.values_key and state == t.values_state:
        return
    t.values_key = game.zobrist
    t.values_state = state
    _set_token_values(t, game, me)
    e = 3 - me
    board = game.board
    count = 0
    for d in range(t.nd):
        if board[d] == e and _dark_need(t, board, d, me) != _PROTECTED:
            t.hunt_x[e][count] = t.hx[d]
            t.hunt_y[e][count] = t.hy[d]
            count += 1
    t.n_hunt[e] = count
    count = 0
    for k in range(t.nd, t.n):
        if board[k] == e and t.n_light_cut[k - t.nd]:
            t.prey_x[e][count] = t.hx[k]
            t.prey_y[e][count] = t.hy[k]
            count += 1
    t.n_prey[e] = count


def _set_token_values(t, game, me):
    """_set_values' token values and dangers by need."""
    i = (me - 1) * 2
    j = 2 - i
    top = t.top
    t.own_dark = t.dark_inc[_clip(game.cnt[i] + game.hand[i] - t.dark_floor, top)]
    t.own_light = t.light_inc[_clip(game.cnt[i + 1] + game.hand[i + 1] - t.light_floor, top)]
    t.prey_dark = t.dark_inc[_clip(game.cnt[j] + game.hand[j] - t.dark_floor, top)]
    t.prey_light = t.light_inc[_clip(game.cnt[j + 1] + game.hand[j + 1] - t.light_floor, top)]
    # The danger of a dark token by the light moves its enemy needs, once the move ordered is
    # made (as evaluate() has it): I cut off what my light moves left reach, the enemy will
    # cut off mine next turn unless I still have a move to save them.
    light = 2 - game.light_done
    dark = 0 if game.dark_done else 1
    pct = t.pct
    for after in range(3):
        lights = light if after == _A_DARK else (light - 1 if after == _A_LIGHT else 0)
        saves = lights + (dark if after == _A_LIGHT else 0)
        for need in range(10):
            enemy = mine = _NEED_PCT[need]
            if 0 < need <= 2:
                enemy = _CAPTURE_NOW if lights >= need else _THREAT_NEXT
                mine = _THREAT_SAVED if saves > 0 else _CAPTURE_NOW
            pct[after * 20 + need] = enemy
            pct[after * 20 + 10 + need] = mine


def _clip(m, top):
    return 0 if m < 0 else (top if m > top else m)


def _best_jump(t, game, start, head, me):
    """A push through a string of my own tokens ends as if the token on `start` had jumped to
    the empty end node.  The best gain (_step_gain) of such an end reachable from the occupied
    `head` (the route so far, start and head excluded), or None when the string holds an enemy
    token on every way on or has no end.  t.jump_first: the path's next node towards that end."""
    g = t.space
    board = game.board
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    if board[head] != me:
        return None
    via = t.via
    t.stamp += 1
    if t.stamp == 256:
        for i in range(len(t.mark)):
            t.mark[i] = 0
        t.stamp = 1
    stamp, mark, queue = t.stamp, t.mark, t.jump_queue
    you = 3 - me
    for i in range(game.rlen):
        mark[game.route[i]] = stamp
    mark[start] = stamp
    mark[head] = stamp
    queue[0] = head
    tail = 1
    i = 0
    best = None
    # Breadth first, one layer of the string per further decision: a farther end costs
    # _PATH_STEP per decision more, so the path goes straight to its best end.
    layer_end = 1
    cost = _PATH_STEP
    while i < tail:
        if i == layer_end:
            layer_end = tail
            cost += _PATH_STEP
            if cost > _PATH_STEP * _PATH_LAYERS:
                break  # farther ends: rarely worth as many decisions
        u = queue[i]
        i += 1
        for s in range(u * SLOTS, u * SLOTS + deg[u]):
            w = adj[s]
            if mark[w] == stamp:
                continue
            e = edge[s]
            if board[xu[e]] == you and board[xv[e]] == you:
                continue  # my token on u may not cross the enemy's barrier
            v = board[w]
            if v == me:
                mark[w] = stamp
                via[w] = w if u == head else via[u]
                queue[tail] = w
                tail += 1
            elif not v:
                mark[w] = stamp
                gain = _step_gain(t, game, start, w, me) - cost
                if best is None or gain > best:
                    best = gain
                    t.jump_first = w if u == head else via[u]
    return best


def _chain_maps(t, game, me):
    """Chain, for order(): the enemy's cheapest chain (t.enemy_chain, stamp t.enemy_stamp), then
    mine and the nodes it lacks (_chain_moves)."""
    _chain_moves(t, game, 3 - me)
    t.enemy_chain[:] = t.on_chain
    t.enemy_stamp = t.chain_stamp
    _chain_moves(t, game, me)


def _barriers_across(t, board, d, other, me):
    """Chain, order(): links of the enemy's cheapest chain that my dark token on `d` bars with
    another dark token of mine (not on `other`)."""
    g = t.space
    chain = t.enemy_chain
    stamp = t.enemy_stamp
    count = 0
    for s in range(d * SLOTS, d * SLOTS + g.deg[d]):
        w = g.adj[s]
        if w != other and board[w] == me:
            e = g.edge[s]
            if chain[g.xu[e]] == stamp and chain[g.xv[e]] == stamp:
                count += 1
    return count


def _chain_end(t, node, delta):
    """Chain, order(): a light token of mine arriving on (delta 1) or leaving (-1) `node`: onto
    a node my cheapest chain lacks is best, off one of its nodes worst; elsewhere what counts is
    how near the node is to the nearest node the chain lacks (after _chain_maps)."""
    if t.on_chain[node] == t.chain_stamp:
        return 2 * _CHAIN * delta
    near = _FAR
    missing = t.missing
    for i in range(t.n_missing):
        d = _light_distance(t, node, missing[i])
        if d < near:
            near = d
    if near == _FAR:
        return 0
    return -near * _CHAIN * delta


def _route_is_mine(game, me):
    """Is the path under construction a push of my own tokens only (no free push)?"""
    if game.pending:
        return False
    board = game.board
    for i in range(game.rlen):
        if board[game.route[i]] != me:
            return False
    return True


def _string_best(t, game, head, me):
    """The best gain of my token arriving on an empty node next to the string of my tokens
    that holds `head` (joined by edges my tokens may cross), where a push through that string
    can end; _NO_END if none.  Memoised per order() call in t.string_of / t.string_best."""
    label = t.string_of[head]
    if label:
        return t.string_best[label]
    g = t.space
    board = game.board
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    label_of, queue = t.string_of, t.jump_queue
    you = 3 - me
    t.strings += 1
    label = t.strings
    label_of[head] = label
    queue[0] = head
    tail = 1
    i = 0
    top = _NO_END
    while i < tail:
        u = queue[i]
        i += 1
        for s in range(u * SLOTS, u * SLOTS + deg[u]):
            w = adj[s]
            e = edge[s]
            if board[xu[e]] == you and board[xv[e]] == you:
                continue
            v = board[w]
            if v == me:
                if label_of[w] != label:
                    label_of[w] = label
                    queue[tail] = w
                    tail += 1
            elif not v:
                gain = _step_gain(t, game, t.n, w, me)
                if gain > top:
                    top = gain
    t.string_best[label] = top
    return top


_root_length = [0]  # decisions played at the root of the current search (prepare)
_pushes = [0]  # how many of the root's moves are kept for pushes through enemy tokens
_later = [2]  # how many moves the later decisions of a turn search
_budget = [0]  # the work the current turn may still take (_TURN_WORK)
_plan = [0]  # _PLAN of the level searched: the root player (1, 2), or 0


def prepare(game, level):
    _root_length[0] = len(game.history)
    _pushes[0] = _PUSHES.get(level, 0)
    _later[0] = _LATER.get(level, 2)
    # Chain is a race of light moves: every level but easy plans the rest of its turn.
    plan = _PLAN.get(level, False) or (game.chain and level != "easy")
    _plan[0] = game.to_move() + 1 if plan else 0
    t = _tables_for(game)
    # The evaluations kept serve the searches of one turn (the next decision's moves were
    # often seen by the last search).
    turn = len(game.rep) * 2 + game.player
    if game is not t.memo_game or turn != t.memo_turn or len(game.history) < t.memo_length:
        t.memo_state[:] = t.no_memo
        t.base_state[:] = t.no_memo
        t.memo_game = game
        t.memo_turn = turn
        t.work = 0
        _budget[0] = _TURN_WORK.get(level, 1000)
    t.memo_length = len(game.history)


def _is_leaf(game, me):
    # Below the root only pushes through enemy tokens go on (their result needs the search),
    # and with _PLAN the root player's turn; a push of my own string (worth its best end) is a
    # leaf.
    if len(game.history) == _root_length[0]:
        return False
    if game.rlen:
        return _route_is_mine(game, me)
    return me != _plan[0]


def win_candidates(game, moves):
    """The decisions that may win on the spot: a step into an occupied node only starts or
    continues a push (nothing is captured before it ends), so those need no try."""
    board = game.board
    adj = game.space.adj
    out = []
    for m in moves:
        kind = m & 3
        if kind == _STEP:
            a = (m >> 2) & 511
            if board[adj[a * SLOTS + (m >> _SLOT_SHIFT) - 1]]:
                continue
        elif kind == _NEXT and board[m >> 2]:
            continue
        out.append(m)
    return out


def _step_back(game, adj):
    """The step that would take back the turn's last move, a single step a -> b (a move and
    its reverse in one turn undo each other: never worth a move), or -1."""
    if game.rlen or not (game.dark_done or game.light_done) or not game.history:
        return -1
    last = game.history[len(game.history) - 1]
    if last & 3 != _STEP:
        return -1
    a = (last >> 2) & 511
    b = adj[a * SLOTS + (last >> _SLOT_SHIFT) - 1]
    for slot in range(SLOTS):
        if adj[b * SLOTS + slot] == a:
            return b << 2 | _STEP | (slot + 1) << _SLOT_SHIFT
    return -1


def candidates(game, count):
    """No moves at a leaf, found before the rules list them; elsewhere order() picks."""
    return [] if _is_leaf(game, game.to_move() + 1) else None


def order(game, moves, count):
    t = _tables_for(game)
    me = game.to_move() + 1
    if _is_leaf(game, me):
        return []
    if game.offer:
        # Answer a draw offer: accept only when clearly lost.
        return [ACCEPT] if evaluate(game, me - 1) < _ACCEPT_BELOW else [DECLINE]
    board = game.board
    adj = t.space.adj
    n = t.n
    own_route = game.rlen > 0 and _route_is_mine(game, me)
    if game.rlen and not own_route:
        # A push through enemy tokens (or a free push) goes on: ending it one node on is
        # valued as order() values a push's first step, ending it later is left to the search.
        single = game.rlen == 2 and not game.pending and not game.chain
        if single:
            _count_near(t, game)
            _set_values(t, game, me)
        if len(game.history) == _root_length[0] and count > _GO_ON:
            count = _GO_ON if t.work <= _budget[0] else 1  # its first step was searched with these ends
        kept = []
        scores = []
        for m in moves:
            kept.append(m)
            c = m >> 2
            if board[c]:
                scores.append(_PUSH_SCORE)
            elif single:
                scores.append(_push_end(t, board, game.route[0], game.route[1], c, me))
            else:
                scores.append(0)
        return best_first(kept, scores, count)
    if game.chain:
        _chain_maps(t, game, me)
    else:
        _count_near(t, game)
    _set_values(t, game, me)
    if own_route:
        # A push of my own tokens goes on towards the best end of the string.
        if _best_jump(t, game, game.route[0], game.route[game.rlen - 1], me) is not None:
            step = t.jump_first << 2 | _NEXT
            if step in moves:
                return [step]
    # Every score is the sum of the terms once the move is made: the whole board's now (by
    # what the turn still holds after that kind of move), plus the change around the move.
    totals = t.totals
    totals[0] = totals[1] = totals[2] = 0
    if not game.chain and not game.rlen:
        need = t.need
        busy = t.busy
        busy[:] = t.zeros
        around = t.around_rev
        nd = t.nd
        for k in range(n):
            v = board[k]
            if not v:
                continue
            if k >= nd:
                need[k] = _term(t, board, k, me, _A_END)
                for after in range(3):
                    totals[after] += need[k]
                continue
            need[k] = _dark_need(t, board, k, 3 - v)
            for after in range(3):
                term = _dark_term(t, k, v, need[k], me, after)
                totals[after] += term
                if after != _A_END:
                    t.dark_terms[after * nd + k] = term
            for i in range(k * 12, k * 12 + 12):
                busy[around[i]] += 1
        busy[n] = 0
        for after in range(3):
            totals[after] //= 100
        t.cached = True
    labelled = False
    # A turn begins with its dark move (the light moves are ordered after it, knowing it) or
    # with a light push through enemy tokens; if it has no dark move, or a light token may
    # win the race (Football, Scrimmage), with any.
    dark_first = (not game.rlen and len(game.history) == _root_length[0] and not game.dark_done
                  and not game.light_done and not game.chain and not game.touchdown
                  and not game.placing_phase() and _has_dark_move(t, moves))
    back = _step_back(game, adj)
    kept = []
    for m in moves:
        if m != OFFER and m != back and (not dark_first or _dark_or_push(t, board, adj, m, me)):
            kept.append(m)
    if not kept and back in moves:
        kept.append(back)    # the only move left
    scores = [0] * len(kept)
    for i in range(len(kept)):
        m = kept[i]
        kind = m & 3
        if kind == _STEP or kind == _PLACE:
            if kind == _STEP:
                a = (m >> 2) & 511
                b = adj[a * SLOTS + (m >> _SLOT_SHIFT) - 1]
                if board[b]:
                    # A push: through my own string, as good as a jump to its best end;
                    # through an enemy token, its best end one node on.
                    scores[i] = totals[_A_DARK if a < t.nd else _A_LIGHT] + _PUSH_SCORE
                    if board[b] != me:
                        if game.chain:  # my token takes the enemy's node: as a step there
                            scores[i] += _step_gain(t, game, a, b, me)
                        else:
                            scores[i] += _push_gain(t, game, a, b, me) - _PUSH_SCORE
                    else:
                        if not labelled:
                            t.string_of[:] = t.no_strings
                            t.strings = 0
                            t.left[:] = t.zeros
                            labelled = True
                        top = _string_best(t, game, b, me)
                        if top != _NO_END:
                            if not t.left[a]:  # the same token may start several pushes
                                t.left[a] = 1
                                t.left_gain[a] = _step_gain(t, game, a, t.n, me)
                            scores[i] += top + t.left_gain[a] + _JUMP_COST - _PUSH_SCORE
                    continue
            else:
                a, b = n, m >> 2
            score = totals[_A_DARK if b < t.nd else _A_LIGHT] + _step_gain(t, game, a, b, me)
            if b >= t.nd:
                if game.touchdown:
                    dist = t.to_target[me - 1]
                    if dist[b] == 0:
                        score += 5000
                    elif a != n:
                        score += (dist[a] - dist[b]) * _RACE
            scores[i] = score
        elif kind == _NEXT:
            v = m >> 2
            if not board[v]:
                scores[i] = _step_gain(t, game, game.route[0], v, me)
            else:
                jump = _best_jump(t, game, game.route[0], v, me)
                scores[i] = _PUSH_SCORE if jump is None else jump + _JUMP_COST
        elif m == END:
            scores[i] = totals[_A_END]
    t.cached = False
    if own_route:
        count = 1  # a push of my own tokens goes on to the best end found when it began
    if not game.rlen and len(game.history) == _root_length[0]:
        t.work += _ORDER_WORK
        if t.work > _budget[0]:
            return best_first(kept, scores, 1)  # the turn took its share: no search
        later = game.dark_done or game.light_done
        if later and count > _later[0]:
            count = _later[0]
        if _pushes[0] and not game.chain:  # Chain: no captures, pushes ordered as the rest
            return _with_pushes(game, kept, scores, count, me, later)
    return best_first(kept, scores, count)


def _has_dark_move(t, moves):
    for m in moves:
        if (m & 3 == _STEP and (m >> 2) & 511 < t.nd) or (m & 3 == _PLACE and m >> 2 < t.nd):
            return True
    return False


def _dark_or_push(t, board, adj, m, me):
    """The first decision of a turn: a dark move, or a light push through enemy tokens."""
    kind = m & 3
    if kind == _PLACE:
        return m >> 2 < t.nd
    if kind != _STEP:
        return True
    a = (m >> 2) & 511
    if a < t.nd:
        return True
    b = adj[a * SLOTS + (m >> _SLOT_SHIFT) - 1]
    return board[b] and board[b] != me


def _with_pushes(game, moves, scores, count, me, later):
    """The root's `count` moves: the best by their scores, but up to _pushes[0] of them pushes
    through enemy tokens (the best of those; what a push does only the search sees).  A later
    decision of the turn searches its best other move only against such pushes (with none, it
    is not searched)."""
    t = _tables_for(game)
    board, adj = game.board, t.space.adj
    pushes = []
    push_scores = []
    others = []
    other_scores = []
    for i in range(len(moves)):
        m = moves[i]
        push = False
        if m & 3 == _STEP:
            a = (m >> 2) & 511
            b = adj[a * SLOTS + (m >> _SLOT_SHIFT) - 1]
            push = board[b] and board[b] != me
        if push:
            pushes.append(m)
            push_scores.append(scores[i])
        else:
            others.append(m)
            other_scores.append(scores[i])
    chosen = best_first(pushes, push_scores, min(_pushes[0], count - 1))
    if later:
        return best_first(others, other_scores, 1) + chosen
    if count > _pushes[0]:  # slots no push takes stay empty: each costs its searched ends
        return best_first(others, other_scores, count - _pushes[0]) + chosen
    return best_first(others, other_scores, count - len(chosen)) + chosen


class Tuner:
    """One search's tuning (ai.py); its functions above still keep their state in this
    module (one search at a time)."""
    LEVELS = LEVELS
    # The search starts at its full depth: below the root only the mover's own decisions go on
    # (no alpha-beta cut-off to prepare), so a one-ply iteration would only repeat the next one's.
    DEEPEN_FROM = 2

    def __init__(self, game, level):
        self.game = game
        prepare(game, level)

    def evaluate(self, player):
        return evaluate(self.game, player)

    def order(self, moves, count):
        return order(self.game, moves, count)

    def candidates(self, count):
        return candidates(self.game, count)

    def win_candidates(self, moves):
        return win_candidates(self.game, moves)
