# Tholian Go's AI (tholian_go/ai.py): the evaluation's terms, each from one scan of the board,
# and the tables they read (built once per space by tholian_go/ai_build.py).
from array import array

from micropython import const

from shared_rules.ai import keep_best
from shared_rules.tholian_go.geometry import SLOTS, Space, run_once

# Threats (a token its enemy can cut off with the moves of one turn) in % of the token; see
# threats_value:
CAPTURE_NOW = const(85)  # the enemy owns the turn and has the moves left to do it
THREAT_NEXT = const(30)  # the enemy owns the turn but lacks the moves for this one
_THREAT_FORCED = const(60)  # the victim owns the turn but lacks the moves to save this one
THREAT_SAVED = const(10)  # the victim owns the turn and saves it
# Pressure in % of a token: light by its cutting nodes NOT yet held by the enemy (index:
# missing; 1 is a threat only where an enemy dark token can fill the gap); dark by the light
# moves its enemy still needs (dark_need; 1 and 2 are threats, order() uses these values).
_LIGHT_PCT = bytes((100, 40, 8, 0))
NEED_PCT = bytes((100, 50, 30, 12, 7, 4, 3, 2, 1, 1))
PROTECTED = const(99)
HUNT = const(2)  # per unit of closeness of a light token to an unprotected enemy dark token
# Threat slots per victim colour v (threats[v * T_SLOTS + slot]): dark tokens one light
# move short (sum, two largest), two light moves short (sum, two largest), the two largest
# the victim can save (step away or protect); light tokens one dark move short (sum, two
# largest), the two largest the victim can save.
_T_D1 = const(0)
_T_D2 = const(3)
_T_DSAVE = const(6)
_T_L1 = const(8)
_T_LSAVE = const(11)
T_SLOTS = const(13)
ADVANCE = const(6)  # per row a dark token stands towards the enemy's home
ATTRACT = const(3)  # per unit of closeness of a dark token to a capturable enemy light token
_REACH = const(7)  # closeness = _REACH - distance (in half columns + half lines, halved)
RACE = const(60)  # Football / Scrimmage: per step the best runner is ahead
CHAIN = const(80)  # Chain: per light move the cheapest chain needs less
CHAIN_NEAR = const(12)  # Chain, order(): an enemy chain lacking <= 2 nodes threatens up to these moves
CHAIN_THREAT = const(700)  # Chain, order(): per node or link of a threatening enemy chain taken
FAR = const(99)
MEMO = const(32)  # evaluations kept (a power of two)
TURNS_KEPT = const(8)  # the AI's last turns remembered (their starts and decisions)


class Tables:
    """Per space: the cutting nodes of every light group and dark node, who watches whom,
    material values, drawing coordinates, light distances to the targets; scratch arrays of the
    evaluation and the ordering; a turn's evaluations kept and its work (ai_tholian_go.Tuner).
    Built by tholian_go/ai_build.py, which says what each holds (these annotations compile to
    nothing)."""
    space: Space
    n: int
    nd: int
    light_cut: array
    n_light_cut: bytearray
    dark_cut: array
    n_dark_cut: bytearray
    light_watch: array
    corner_out: array
    around: array
    around_rev: array
    hx: bytearray
    hy: bytearray
    cols: int
    light_floor: int
    dark_floor: int
    light_inc: array
    dark_inc: array
    light_sum: array
    dark_sum: array
    top: int
    to_target: tuple
    prey_x: tuple
    prey_y: tuple
    n_prey: bytearray
    value_dark: array
    value_light: array
    threats: array
    no_threats: array
    hunters: array
    n_hunters: int
    hunt_x: tuple
    hunt_y: tuple
    n_hunt: bytearray
    near: tuple
    near_key: int
    zeros: bytes
    cached: bool
    dark_among: int
    affected: array
    amark: bytearray
    astamp: int
    via: array
    jump_first: int
    jump_end: int
    busy: bytearray
    need: array
    dark_terms: array
    totals: array
    pct: bytearray
    left: bytearray
    left_gain: array
    memo_key: array
    memo_value: array
    memo_route: array
    base_key: array
    base_value: array
    base_state: bytearray
    base_spent: bytearray
    memo_state: bytearray
    no_memo: bytes
    memo_game: object
    memo_turn: int
    memo_length: int
    work: int
    turn_keys: array
    turn_from: array
    turn_upto: array
    turns_seen: int
    turn_slot: int
    turn_rep: int
    values_key: int
    values_state: int
    mark: bytearray
    stamp: int
    jump_queue: array
    string_of: array
    no_strings: array
    string_best: array
    strings: int
    own_dark: int
    own_light: int
    prey_dark: int
    prey_light: int
    queue: array
    cost: bytearray
    unreached: bytes
    pred: array
    on_chain: bytearray
    chain_stamp: int
    enemy_chain: bytearray
    enemy_stamp: int
    my_chain: bytearray
    my_stamp: int
    my_missing: array
    n_my_missing: int
    maps_key: int
    maps_me: int
    missing: array
    n_missing: int
    chain_block: int
    chain_ready: bool
    spare: array
    chain: object

    def __init__(self, game):
        run_once("ai_build", "build", self, game)


_tables = None


def tables_for(game):
    global _tables
    t = _tables
    if t is None or t.space is not game.space:
        t = None
        drop_tables()  # the old tables go before the new ones are built (one game at a time)
        t = Tables(game)
        _tables = t
    return t


def drop_tables():
    """The tables kept for the last space go, and that space with them (they hold it): a game
    of another space then sets up without them beside it in the heap."""
    global _tables
    _tables = None



# ---- material ------------------------------------------------------------------------------
def material(t, game, colour):
    """Value of the tokens of `colour` (1 Red, 2 Blue) above the loss floors, hand included;
    also leaves the value of its next dark and light token in t.value_dark/light[colour]."""
    i = (colour - 1) * 2
    dark = clip(game.cnt[i] + game.hand[i] - t.dark_floor, t.top)
    light = clip(game.cnt[i + 1] + game.hand[i + 1] - t.light_floor, t.top)
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


def dark_need(t, board, d, attacker):
    """Light moves `attacker` still needs to cut off the dark token on `d`: per corner not yet
    held, 1 if an attacker token stands on its outside neighbour, 2 if one stands next to that
    (empty) neighbour, 3 otherwise; PROTECTED when the owner holds a corner (it must be pushed
    off first).  Reads t.near (count_near)."""
    near = t.near[attacker]
    cut, out = t.dark_cut, t.corner_out
    need = 0
    for i in range(d * 6, d * 6 + t.n_dark_cut[d]):
        v = board[cut[i]]
        if v == attacker:
            continue
        if v:
            return PROTECTED
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


def count_near(t, game):
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


def move_near(t, node, colour, delta):
    """Keeps t.near right while order() moves a light token of colour on or off `node`."""
    if node < t.nd or node == t.n:
        return
    g = t.space
    adj = g.adj
    near = t.near[colour]
    for s in range(node * SLOTS, node * SLOTS + g.deg[node]):
        near[adj[s]] += delta


def light_risk(t, board, k):
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


def closeness(x, y, xs, ys, count, cols):
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


def _threats_value(t, game, player, threats):
    """Value for `player` of the threats gathered by pressure.  The side that owns the turn
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
        i = victim * T_SLOTS
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
                value += top * CAPTURE_NOW + (total - top) * THREAT_NEXT
            else:
                moves = dark_moves + light_moves
                saved = threats[i + _T_DSAVE] + (threats[i + _T_DSAVE + 1] if moves > 1 else 0) if moves else 0
                value += saved * THREAT_SAVED + (total - saved) * _THREAT_FORCED
        total = threats[i + _T_L1]
        if total:
            if victim != owner:
                top = threats[i + _T_L1 + 1] if dark_moves else 0
                value += top * CAPTURE_NOW + (total - top) * THREAT_NEXT
            else:
                moves = dark_moves + light_moves
                saved = threats[i + _T_LSAVE] + (threats[i + _T_LSAVE + 1] if moves > 1 else 0) if moves else 0
                value += saved * THREAT_SAVED + (total - saved) * _THREAT_FORCED
        value //= 100
        score += value if victim != player + 1 else -value
    return score


def pressure(t, game, player):
    """Threat, pressure and closeness terms for `player` (0/1) minus the opponent's (after
    material of both colours); also counts t.near (count_near)."""
    me = player + 1
    threats = t.threats
    threats[:] = t.no_threats
    score = _light_pressure(t, game, me) + _dark_pressure(t, game, me) + _hunt(t, game, me)
    return score + _threats_value(t, game, player, threats)


def _light_pressure(t, game, me):
    """pressure()'s light tokens: their danger (threats into t.threats); also counts t.near,
    lists the light tokens (t.hunters) and those that can be cut off (t.prey_x/y)."""
    board = game.board
    g = t.space
    adj, deg = g.adj, g.deg
    nd, n = t.nd, t.n
    light_val = t.value_light  # filled by material
    threats = t.threats
    prey_x, prey_y, hx, hy = t.prey_x, t.prey_y, t.hx, t.hy
    n_prey = t.n_prey
    n_prey[1] = n_prey[2] = 0
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
            slot = c * T_SLOTS
            threats[slot + _T_L1] += value
            keep_best(threats, threats, slot + _T_L1 + 1, 2, 2, value, value)
            if not _stuck(t, board, k) or _touches(t, board, gap, c, n):
                keep_best(threats, threats, slot + _T_LSAVE, 2, 2, value, value)
        elif held == 1:
            value = light_val[c] * _LIGHT_PCT[2] // 100
            score += -value if c == me else value
    t.n_hunters = n_hunters
    return score


def _dark_pressure(t, game, me):
    """pressure()'s dark tokens: their advance, their pull towards the enemy's light tokens that
    can be cut off, their danger (threats into t.threats); lists the unprotected ones
    (t.hunt_x/y)."""
    board = game.board
    g = t.space
    nd = t.nd
    dark_val = t.value_dark  # filled by material
    threats = t.threats
    prey_x, prey_y, hx, hy = t.prey_x, t.prey_y, t.hx, t.hy
    n_prey = t.n_prey
    hunt_x, hunt_y, n_hunt = t.hunt_x, t.hunt_y, t.n_hunt
    n_hunt[1] = n_hunt[2] = 0
    score = 0
    rows = g.rows + 1
    ys = g.ys
    cols = t.cols
    for k in range(nd):
        c = board[k]
        if not c:
            continue
        e = 3 - c
        need = dark_need(t, board, k, e)
        value = ADVANCE * (ys[k] if c == 1 else rows - ys[k])
        if n_prey[e]:
            value += ATTRACT * closeness(hx[k], hy[k], prey_x[e], prey_y[e], n_prey[e], cols)
        if need != PROTECTED:
            i = n_hunt[c]
            hunt_x[c][i] = hx[k]
            hunt_y[c][i] = hy[k]
            n_hunt[c] = i + 1
        if need <= 2:
            danger = dark_val[c]
            slot = c * T_SLOTS + (_T_D1 if need == 1 else _T_D2)
            threats[slot] += danger
            keep_best(threats, threats, slot + 1, 2, 2, danger, danger)
            if not _stuck(t, board, k) or _can_protect(t, board, k, c):
                keep_best(threats, threats, c * T_SLOTS + _T_DSAVE, 2, 2, danger, danger)
        elif need < len(NEED_PCT):
            value -= dark_val[c] * NEED_PCT[need] // 100
        score += value if c == me else -value
    return score


def _hunt(t, game, me):
    """pressure()'s light tokens drawn to the nearest enemy dark token that is not protected
    (closeness, inlined: the hottest loop of the evaluation)."""
    board = game.board
    hx, hy = t.hx, t.hy
    hunt_x, hunt_y, n_hunt = t.hunt_x, t.hunt_y, t.n_hunt
    hunters = t.hunters
    cols = t.cols
    score = 0
    for i in range(t.n_hunters):
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
        score += HUNT * best if c == me else -HUNT * best
    return score


# ---- variants ------------------------------------------------------------------------------
def race_value(t, game, player):
    """Football / Scrimmage: the best light token's distance to its target, against the other's."""
    board = game.board
    best = [FAR, FAR, FAR]
    spread = 0
    me = player + 1
    for k in range(t.nd, t.n):
        c = board[k]
        if c:
            d = t.to_target[c - 1][k]
            if d < best[c]:
                best[c] = d
            spread += (FAR - d) if c == me else (d - FAR)
    you = 3 - me
    score = (best[you] - best[me]) * RACE + spread
    owner = game.player + 1
    if owner == you and best[you] <= 2:
        score -= 2000  # they have a whole turn to run in
    elif owner == me and best[me] <= 2 - game.light_done:
        score += 1000
    return score


def clip(m, top):
    return 0 if m < 0 else (top if m > top else m)

