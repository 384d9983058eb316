# Tholian Go's AI tuning for shared_rules/ai.py (spec ../shared/rules/tholian_go.md).
#
# A node costs ~25 ms on the RP2040 (play + undo + the legal listing that play() checks), so a
# search sees a few dozen decisions per turn: the own turn (1 dark + 1-2 light moves, each a
# path of step decisions, then `end`) is searched as a sequence with narrow widths, and the
# evaluation reads what the search cannot see: the threats of the next turn.
#
# Sequestration (§5) of small groups is what captures in practice.  A light node, or a pair
# joined by an edge on the board's outline (never blocked), is cut off by enemy dark tokens on
# the three dark nodes whose edges cross its edges out ("three dark take one light, or two on
# an edge"); the two long outline groups (the home lines) can only be cut off by a wall across
# the board.  A dark node is cut off by light tokens on the ends of the light edges its dark
# edges cross (6 inside, 3-5 at the sides).
#
# Evaluation, from one board scan:
#   material   tokens above the loss floors (§7: <= 5 light or <= 2 dark per set, hand
#              included); a token is worth more the closer its owner is to a floor
#   threats    a token with all but one of its cutting nodes held by the enemy: worth most of
#              the token if the enemy owns the turn, still has the move that fills the gap and
#              has a token next to it; little if the victim moves first
#   pressure   two cutting nodes short, a little; dark tokens near capturable enemy light ones
#   variants   Football / Scrimmage: the race of the best light token to its target (distances
#              on the empty light web); Chain: the cheapest chain still possible (0-1 BFS: own
#              light tokens 0, empty nodes 1; enemy tokens and barriers block)
# Ordering (without playing): the change of the same terms for a plain step or a placement; a
# push is left to the search; `offer` is never made, an offer is declined unless far behind.
from array import array

from micropython import const

from shared_rules.ai import best_first
from shared_rules.tholian_go import ACCEPT, DECLINE, END, LOSE_AT, OFFER
from shared_rules.tholian_go_geometry import NO_EDGE, SLOTS

# level: (device seconds cap per decision, node budget per decision, widths, evaluation noise)
LEVELS = {
    "easy": (1.0, 6, (6,), 120),
    "normal": (0.8, 10, (8, 2), 0),
    "hard": (3.0, 60, (12, 4, 2), 0),
}

_STEP = const(0)
_PLACE = const(1)
_NEXT = const(3)
_SLOT_SHIFT = const(11)

# A threat (one cutting node short) in % of the token (halved when no enemy token stands next
# to the gap, doubled when the victim cannot step away; see _threats_value):
_THREAT_NOW = const(70)  # the enemy owns the turn and has a move left to fill the gap
_THREAT_FORCED = const(45)  # more threats than moves to save them (or to fill them)
_THREAT_LATER = const(10)  # the victim owns the turn and saves it
# Pressure in % of a token by its cutting nodes NOT yet held by the enemy (index: missing);
# order() values a threat (missing 1) at 40%, evaluate() by who moves next.
_LIGHT_PCT = bytes((100, 40, 8, 0))
_DARK_PCT = bytes((100, 40, 10, 4, 1, 0, 0))
_ADVANCE = const(2)  # per row a dark token stands towards the enemy's home
_ATTRACT = const(3)  # per unit of closeness of a dark token to a capturable enemy light token
_REACH = const(7)  # closeness = _REACH - distance (in half columns + half lines, halved)
_PUSH_SCORE = const(-10)  # order(): a push, whose result only the search sees
_PATH_OPEN = const(-20)  # evaluate(): a path under construction must still be completed
_ACCEPT_BELOW = const(-600)  # accept a draw offer only this far behind
_RACE = const(60)  # Football / Scrimmage: per step the best runner is ahead
_CHAIN = const(80)  # Chain: per empty node the cheapest chain needs less
_FAR = const(99)


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
        # Reverse: light nodes whose cut holds dark node D (6 slots), dark nodes whose cut holds
        # light node L (3 slots); the dummy node n fills unused slots.
        self.light_watch = array("H", bytes(2 * 6 * nd))
        self.dark_watch = array("H", bytes(2 * 3 * nl))
        for a in (self.light_cut, self.dark_cut, self.light_watch, self.dark_watch):
            for i in range(len(a)):
                a[i] = n
        n_light_watch = bytearray(nd)
        n_dark_watch = bytearray(nl)
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
                self.dark_watch[(k - nd) * 3 + n_dark_watch[k - nd]] = d
                n_dark_watch[k - nd] += 1
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
        # Scratch: capturable light tokens of each colour (evaluate), held cutting nodes (order),
        # Chain's 0-1 BFS (a ring deque and costs).
        self.prey = (None, array("H", bytes(2 * nl)), array("H", bytes(2 * nl)))
        self.threats = array("i", [0] * 18)  # see _threats_value
        self.held_light = bytearray(nl)
        self.held_dark = bytearray(nd)
        self.queue = array("H", bytes(2 * 4 * n))
        self.cost = bytearray(n + 1)

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
def _margins(t, game, colour):
    """(dark, light) tokens of `colour` (1 Red, 2 Blue) above the loss floors, hand included."""
    i = (colour - 1) * 2
    dark = game.cnt[i] + game.hand[i] - t.dark_floor
    light = game.cnt[i + 1] + game.hand[i + 1] - t.light_floor
    top = t.top
    return (0 if dark < 0 else (top if dark > top else dark)), (0 if light < 0 else (top if light > top else light))


def _material(t, game, colour):
    dark, light = _margins(t, game, colour)
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


def _closeness(t, k, prey, count):
    """Sum over the light nodes prey[0:count] of how close they are to dark node k."""
    hx, hy = t.hx, t.hy
    x, y = hx[k], hy[k]
    cols = t.cols
    total = 0
    for i in range(count):
        p = prey[i]
        dx = hx[p] - x
        if dx < 0:
            dx = -dx
        if cols and dx > cols - dx:
            dx = cols - dx
        dy = hy[p] - y
        if dy < 0:
            dy = -dy
        c = _REACH - ((dx + dy) >> 1)
        if c > 0:
            total += c
    return total


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


def _threats_value(t, game, player, threats):
    """Value for `player` of the threats gathered by _pressure: threats[v * 6 + web * 3 + i] =
    (sum, largest, second largest) of the threat values against colour v's tokens of `web`.
    The side that owns the turn executes as many as it has moves for (one light capture per
    dark move, one dark capture per light move); the victim, if it owns the turn, saves as
    many as it has moves for, the rest stay threatened."""
    owner = game.player + 1
    dark_moves = 0 if game.dark_done else 1
    light_moves = 2 - game.light_done
    score = 0
    for victim in (1, 2):
        for web in (0, 1):
            i = victim * 6 + web * 3
            total, first, second = threats[i], threats[i + 1], threats[i + 2]
            if not total:
                continue
            # Light tokens fall to dark moves, dark tokens to light moves.
            moves = dark_moves if web == 1 else light_moves
            top = first + (second if moves > 1 else 0) if moves else 0
            if victim == owner:
                value = top * _THREAT_LATER + (total - top) * _THREAT_FORCED
            else:
                value = top * _THREAT_NOW + (total - top) * _THREAT_FORCED
            value //= 100
            score += value if victim != player + 1 else -value
    return score


def _add_threat(threats, i, value):
    threats[i] += value
    if value > threats[i + 1]:
        threats[i + 2] = threats[i + 1]
        threats[i + 1] = value
    elif value > threats[i + 2]:
        threats[i + 2] = value


def _pressure(t, game, player):
    """Threat, pressure and closeness terms for `player` (0/1) minus the opponent's."""
    board = game.board
    nd, n = t.nd, t.n
    me = player + 1
    md1, ml1 = _margins(t, game, 1)
    md2, ml2 = _margins(t, game, 2)
    light_val = (0, t.light_inc[ml1], t.light_inc[ml2])
    dark_val = (0, t.dark_inc[md1], t.dark_inc[md2])
    threats = t.threats
    for i in range(len(threats)):
        threats[i] = 0
    cut, n_cut = t.light_cut, t.n_light_cut
    prey = t.prey
    n_prey = [0, 0, 0]
    score = 0
    for k in range(nd, n):
        c = board[k]
        if not c:
            continue
        j = k - nd
        if not n_cut[j]:
            continue
        p = prey[c]
        p[n_prey[c]] = k
        n_prey[c] += 1
        e = 3 - c
        j *= 3
        held = (board[cut[j]] == e) + (board[cut[j + 1]] == e) + (board[cut[j + 2]] == e)
        if held == 2:
            gap = cut[j + 2] if board[cut[j + 2]] != e else (cut[j + 1] if board[cut[j + 1]] != e else cut[j])
            value = light_val[c]
            if board[gap] or not _next_to(t, board, gap, e, cut, j, 3):
                value >>= 1
            elif _stuck(t, board, k):
                value <<= 1  # no escape: counts twice, so it is not among those saved
            _add_threat(threats, c * 6 + 3, value)
        elif held == 1:
            value = light_val[c] * _LIGHT_PCT[2] // 100
            score += -value if c == me else value
    cut, n_cut = t.dark_cut, t.n_dark_cut
    rows = t.space.rows + 1
    ys = t.space.ys
    for k in range(nd):
        c = board[k]
        if not c:
            continue
        e = 3 - c
        j = k * 6
        r = n_cut[k]
        held = 0
        gap = n
        for i in range(j, j + r):
            if board[cut[i]] == e:
                held += 1
            else:
                gap = cut[i]
        missing = r - held
        value = _ADVANCE * (ys[k] if c == 1 else rows - ys[k]) + _ATTRACT * _closeness(t, k, prey[e], n_prey[e])
        if missing == 1:
            danger = dark_val[c]
            if board[gap] or not _next_to(t, board, gap, e, cut, j, r):
                danger >>= 1
            elif _stuck(t, board, k):
                danger <<= 1
            _add_threat(threats, c * 6, danger)
        else:
            value -= dark_val[c] * _DARK_PCT[missing] // 100
        score += value if c == me else -value
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


def _chain_cost(t, game, colour):
    """Chain: empty nodes a chain of `colour` still needs, from a bottom endpoint to a top one."""
    g = t.space
    board = game.board
    cost = t.cost
    queue = t.queue
    size = len(queue)
    enemy = 3 - colour
    for k in range(len(cost)):
        cost[k] = 255
    head = size // 2
    tail = head
    for k in g.chain_ends[0]:
        v = board[k]
        if v == enemy:
            continue
        if v == colour:
            cost[k] = 0
            head -= 1
            queue[head % size] = k
        else:
            cost[k] = 1
            queue[tail % size] = k
            tail += 1
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    while head < tail:
        u = queue[head % size]
        head += 1
        cu = cost[u]
        for s in range(u * SLOTS, u * SLOTS + deg[u]):
            w = adj[s]
            v = board[w]
            if v == enemy:
                continue
            e = edge[s]
            if board[xu[e]] == enemy and board[xv[e]] == enemy:
                continue  # a link across an enemy barrier is broken
            c = cu if v == colour else cu + 1
            if c < cost[w]:
                cost[w] = c
                if v == colour:
                    head -= 1
                    queue[head % size] = w
                else:
                    queue[tail % size] = w
                    tail += 1
    best = _FAR
    for k in g.chain_ends[1]:
        if cost[k] < best:
            best = cost[k]
    return best


def _chain(t, game, player):
    me, you = player + 1, 2 - player
    mine, yours = _chain_cost(t, game, me), _chain_cost(t, game, you)
    score = (yours - mine) * _CHAIN
    owner = game.player + 1
    if owner == you and yours <= 2:
        score -= 2000
    elif owner == me and mine <= 2 - game.light_done:
        score += 1000
    return score


# ---- the tuning interface ------------------------------------------------------------------
def evaluate(game, player):
    t = _tables_for(game)
    if game.chain:
        score = _chain(t, game, player)
    else:
        score = _material(t, game, player + 1) - _material(t, game, 2 - player)
        if game.captures:
            score += _pressure(t, game, player)
        if game.touchdown:
            score += _race(t, game, player)
    if game.rlen and game.player == player:
        score += _PATH_OPEN
    return score


def _count_held(t, board, me):
    """t.held_light[L]: my dark tokens on each light group's cut; t.held_dark[D]: my light
    tokens on each dark node's cut."""
    nd = t.nd
    cut, held = t.light_cut, t.held_light
    for j in range(t.n - nd):
        i = j * 3
        held[j] = (board[cut[i]] == me) + (board[cut[i + 1]] == me) + (board[cut[i + 2]] == me)
    cut, n_cut, held = t.dark_cut, t.n_dark_cut, t.held_dark
    for d in range(nd):
        h = 0
        for i in range(d * 6, d * 6 + n_cut[d]):
            if board[cut[i]] == me:
                h += 1
        held[d] = h


def _pct_change(table, missing, delta):
    """Pressure change (in % of a token) when `delta` (+1/-1) cutting nodes are taken."""
    after = missing - delta
    if after < 0 or after >= len(table) or missing >= len(table):
        return 0
    return table[after] - table[missing]


def _step_gain(t, game, a, b, me, md, ml, yd, yl):
    """order()'s value of moving my token from `a` (t.n: from the hand) to the empty `b`: the
    change of pressure on the enemy tokens whose cut holds a or b, on the token itself, and for
    a dark token its advance.  Reads t.held_light / t.held_dark (_count_held)."""
    board = game.board
    nd, n = t.nd, t.n
    you = 3 - me
    dark = b < nd
    gain = 0
    for node, delta in ((b, 1), (a, -1)):
        if node == n:
            continue
        if dark:
            # Enemy light groups around `node` gain or lose a cutting node.
            for i in range(node * 6, node * 6 + 6):
                k = t.light_watch[i]
                if k == n or board[k] != you:
                    continue
                j = (k - nd) * 3
                cut = t.light_cut
                if a != n and b != n and (cut[j] == a or cut[j + 1] == a or cut[j + 2] == a) and (
                        cut[j] == b or cut[j + 1] == b or cut[j + 2] == b):
                    continue  # both ends of the step cut this group: no change
                gain += delta * t.light_inc[yl] * _pct_change(_LIGHT_PCT, 3 - t.held_light[k - nd], delta) // 100
            # The token itself: enemy light tokens on its cut.
            held = 0
            r = t.n_dark_cut[node]
            for i in range(node * 6, node * 6 + r):
                if board[t.dark_cut[i]] == you:
                    held += 1
            gain -= delta * t.dark_inc[md] * _DARK_PCT[r - held] // 100
            rows = t.space.rows + 1
            gain += delta * _ADVANCE * (t.space.ys[node] if me == 1 else rows - t.space.ys[node])
        else:
            j = (node - nd) * 3
            for i in range(j, j + 3):
                d = t.dark_watch[i]
                if d == n or board[d] != you:
                    continue
                gain += delta * t.dark_inc[yd] * _pct_change(_DARK_PCT, t.n_dark_cut[d] - t.held_dark[d], delta) // 100
            r = t.n_light_cut[node - nd]
            if r:
                cut = t.light_cut
                held = (board[cut[j]] == you) + (board[cut[j + 1]] == you) + (board[cut[j + 2]] == you)
                gain -= delta * t.light_inc[ml] * _LIGHT_PCT[3 - held] // 100
    return gain


def order(game, moves, count):
    t = _tables_for(game)
    me = game.to_move() + 1
    if game.offer:
        # Answer a draw offer: accept only when clearly lost.
        return [ACCEPT] if evaluate(game, me - 1) < _ACCEPT_BELOW else [DECLINE]
    board = game.board
    adj = t.space.adj
    n = t.n
    md, ml = _margins(t, game, me)
    yd, yl = _margins(t, game, 3 - me)
    counted = False
    kept = []
    for m in moves:
        if m != OFFER:
            kept.append(m)
    scores = [0] * len(kept)
    for i in range(len(kept)):
        m = kept[i]
        kind = m & 3
        if kind == _STEP or kind == _PLACE:
            if kind == _STEP:
                a = (m >> 2) & 511
                b = adj[a * SLOTS + (m >> _SLOT_SHIFT) - 1]
                if board[b]:
                    scores[i] = _PUSH_SCORE
                    continue
            else:
                a, b = n, m >> 2
            if not counted:
                _count_held(t, board, me)
                counted = True
            score = _step_gain(t, game, a, b, me, md, ml, yd, yl)
            if b >= t.nd:
                if game.touchdown:
                    dist = t.to_target[me - 1]
                    if dist[b] == 0:
                        score += 5000
                    elif a != n:
                        score += (dist[a] - dist[b]) * _RACE
                if game.chain:
                    score += _CHAIN // 4  # Chain: light moves first; the search sees the rest
            scores[i] = score
        elif kind == _NEXT:
            scores[i] = 0 if not board[m >> 2] else _PUSH_SCORE
        elif m == END:
            scores[i] = 0
    return best_first(kept, scores, count)
