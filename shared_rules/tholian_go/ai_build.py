# Builds the tables of Tholian Go's AI for a space (ai_tholian_go_terms.Tables): the cutting
# nodes of every light group and dark node, who watches whom, material values, drawing
# coordinates, light distances to the targets, and the scratch arrays of the evaluation and the
# ordering.  Tables() imports this module, runs build() and forgets the module again (run_once),
# so its code leaves the device's heap.
from array import array

from shared_rules.tholian_go.captures import LOSE_AT
from shared_rules.tholian_go.geometry import NO_EDGE, SLOTS
from shared_rules.tholian_go.ai_terms import FAR, MEMO, T_SLOTS, TURNS_KEPT


def build(t, game):
    g = game.space
    t.space = g
    t.n = g.n
    t.nd = g.n_dark
    _cut_tables(t)
    _corner_tables(t)
    _value_tables(t)
    _scratch(t)


def _cut_tables(t):
    """Who cuts off whom: the dark nodes around each small light group, the light corners of
    each dark node, and back."""
    g = t.space
    n, nd = t.n, t.nd
    nl = n - nd
    # light_cut[(L - nd) * 3 + i]: the 3 dark nodes that cut off L's group (none: 0 count).
    t.light_cut = _nodes(t, 3 * nl)
    t.n_light_cut = bytearray(nl)
    # dark_cut[D * 6 + i]: the light nodes that cut off dark node D.
    t.dark_cut = _nodes(t, 6 * nd)
    t.n_dark_cut = bytearray(nd)
    # Reverse: light nodes whose cut holds dark node D (6 slots); the dummy node n fills
    # unused slots.
    t.light_watch = _nodes(t, 6 * nd)
    for a in (t.light_cut, t.dark_cut, t.light_watch):
        for i in range(len(a)):
            a[i] = n
    n_light_watch = bytearray(nd)
    seen = bytearray(n)
    for start in range(nd, n):
        if seen[start]:
            continue
        group = _outline_group(t, start, seen)
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
            t.n_light_cut[j] = len(cut)
            for i in range(len(cut)):
                d = cut[i]
                t.light_cut[j * 3 + i] = d
                t.light_watch[d * 6 + n_light_watch[d]] = u
                n_light_watch[d] += 1
    for d in range(nd):
        cut = []
        for s in range(d * SLOTS, d * SLOTS + g.deg[d]):
            e = g.edge[s]
            for k in (g.xu[e], g.xv[e]):
                if k not in cut:
                    cut.append(k)
        t.n_dark_cut[d] = len(cut)
        for i in range(len(cut)):
            k = cut[i]
            t.dark_cut[d * 6 + i] = k


def _corner_tables(t):
    """Where an attacker fills a dark node's corners from, and which dark nodes a light token
    changes."""
    g = t.space
    n, nd = t.n, t.nd
    nl = n - nd
    # corner_out[(D * 6 + i) * 2 + j]: the (up to two) light neighbours of D's i-th cutting
    # node outside D's hexagon, where an attacker's token fills that corner from; and back,
    # around[(L - nd) * 6 + j]: the dark nodes L is a corner of or stands next to a corner
    # of (what a light token arriving on or leaving L changes; at most 6 in every space).
    t.corner_out = _nodes(t, 12 * nd)
    t.around = _nodes(t, 6 * nl)
    t.around_rev = _nodes(t, 12 * nd)  # and back: the light nodes of D
    for a in (t.corner_out, t.around, t.around_rev):
        for i in range(len(a)):
            a[i] = n
    n_around = bytearray(nl)
    n_rev = bytearray(nd)
    for d in range(nd):
        base = d * 6
        corners = [t.dark_cut[i] for i in range(base, base + t.n_dark_cut[d])]
        for i in range(len(corners)):
            k = corners[i]
            j = 0
            for s in range(k * SLOTS, k * SLOTS + g.deg[k]):
                w = g.adj[s]
                if w not in corners:
                    t.corner_out[(base + i) * 2 + j] = w
                    j += 1
            for w in [k] + [g.adj[s] for s in range(k * SLOTS, k * SLOTS + g.deg[k])]:
                slots = range((w - nd) * 6, (w - nd) * 6 + n_around[w - nd])
                if d not in [t.around[x] for x in slots]:
                    if n_around[w - nd] == 6 or n_rev[d] == 12:
                        raise ValueError("more light nodes around a dark node than planned")
                    t.around[(w - nd) * 6 + n_around[w - nd]] = d
                    n_around[w - nd] += 1
                    t.around_rev[d * 12 + n_rev[d]] = w
                    n_rev[d] += 1


def _value_tables(t):
    """Coordinates, material values by tokens above the loss floors, distances to the targets."""
    g = t.space
    n = t.n
    # Drawing coordinates (half columns, half lines) for the closeness of tokens.
    t.hx = bytearray(n)
    t.hy = bytearray(n)
    for k in range(n):
        x, y = g.node_xy(k)
        t.hx[k] = x
        t.hy[k] = y
    t.cols = g.cols if g.periodic else 0
    sets = g.boards_across
    t.light_floor = LOSE_AT[1] * sets
    t.dark_floor = LOSE_AT[0] * sets
    top = 20 * sets + 2
    # Value of the m-th token above the floor (losing it leaves m - 1), and of m tokens.
    # Two bytes each: at most 850 a token, 12,830 for 41 dark tokens (two sets).
    t.light_inc = array("h", bytes(2 * top))
    t.dark_inc = array("h", bytes(2 * top))
    t.light_sum = array("h", bytes(2 * top))
    t.dark_sum = array("h", bytes(2 * top))
    for m in range(1, top):
        t.light_inc[m] = 100 + 300 // m
        t.dark_inc[m] = 250 + 600 // m
        t.light_sum[m] = t.light_sum[m - 1] + t.light_inc[m]
        t.dark_sum[m] = t.dark_sum[m - 1] + t.dark_inc[m]
    t.top = top - 1
    t.to_target = None  # race_tables, at a Football or Scrimmage game's first search


def _scratch(t):
    """The arrays the evaluation and the ordering work in (allocated once: nothing while they
    run)."""
    n, nd = t.n, t.nd
    nl = n - nd
    # Scratch: where the capturable light tokens of each colour stand (evaluate), threats,
    # the strings of my tokens (order), Chain's 0-1 BFS (a ring deque and costs).
    t.prey_x = (None, bytearray(nl), bytearray(nl))
    t.prey_y = (None, bytearray(nl), bytearray(nl))
    t.n_prey = bytearray(3)
    t.value_dark = array("i", [0] * 3)  # by colour: its next token's value (material)
    t.value_light = array("i", [0] * 3)
    t.threats = array("i", [0] * (3 * T_SLOTS))  # see threats_value
    t.no_threats = array("i", [0] * (3 * T_SLOTS))
    t.hunters = _nodes(t, nl)  # pressure: the light tokens
    t.hunt_x = (None, bytearray(nd), bytearray(nd))  # unprotected dark tokens by colour
    t.hunt_y = (None, bytearray(nd), bytearray(nd))
    t.n_hunt = bytearray(3)
    t.near = (None, bytearray(n + 1), bytearray(n + 1))  # count_near
    t.near_key = -1
    t.zeros = bytes(n + 1)
    # order(): t.need valid (t.cached); the nodes a move affects (_affected)
    t.cached = False
    t.dark_among = False  # _terms: a dark token among the nodes summed
    t.affected = _nodes(t, 32)
    t.amark = bytearray(n + 1)  # _affected's marks (stamps), apart from best_jump's
    t.astamp = 0
    t.via = _nodes(t, n + 1)  # best_jump: first node after the head
    t.jump_first = 0
    t.jump_end = 0  # best_jump: the best end found (t.n: none)
    t.busy = bytearray(n + 1)  # order(): dark tokens around each light node
    # order(): dark tokens' needs (dark_need), light tokens' terms, in the position
    # ordered; the sums of the terms by what a move leaves of the turn; the dangers by need
    # (set_values: [after * 20 + 10 * mine + need])
    t.need = array("i", [0] * (n + 1))
    t.dark_terms = array("i", [0] * (2 * nd))  # [after * nd + node]: after a dark/light move
    t.totals = array("i", [0] * 3)
    t.pct = bytearray(60)
    t.left = bytearray(n + 1)  # order(): the gain of my token leaving a node, known
    t.left_gain = array("i", [0] * (n + 1))
    # evaluate()'s memo of complete moves: state 0 = empty slot
    t.memo_key = array("i", [0] * MEMO)
    t.memo_value = array("i", [0] * MEMO)
    t.memo_route = array("i", [0] * MEMO)
    # and of positions without their path (spent: the web of the move under way, 1 + web)
    t.base_key = array("i", [0] * MEMO)
    t.base_value = array("i", [0] * MEMO)
    t.base_state = bytearray(MEMO)
    t.base_spent = bytearray(MEMO)
    t.memo_state = bytearray(MEMO)
    t.no_memo = bytes(MEMO)
    t.memo_game = None  # the game and turn the memo serves (Tuner)
    t.memo_turn = -1
    t.memo_length = 0
    t.work = 0  # evaluations and orderings in this turn (Tuner, its budget)
    # The AI's last TURNS_KEPT turns in this game: each start's repetition key and the history's
    # slice the turn played from it (Tuner: a repeated start is left by other tokens).
    t.turn_keys = array("i", [0] * TURNS_KEPT)
    t.turn_from = array("i", [0] * TURNS_KEPT)
    t.turn_upto = array("i", [0] * TURNS_KEPT)
    t.turns_seen = 0
    t.turn_slot = 0  # the turn under way's entry
    t.turn_rep = -1  # the repetition keys' count as the turn under way began (-1: none)
    t.values_key = -1  # the position set_values last served: hash and turn state
    t.values_state = 0
    t.mark = bytearray(n + 1)  # best_jump's visited nodes (stamps)
    t.stamp = 0
    t.jump_queue = _nodes(t, n)
    # order(): my tokens' strings (label per node, 0 none) and each string's best end.
    t.string_of = _nodes(t, n + 1)
    t.no_strings = _nodes(t, n + 1)
    t.string_best = array("i", [0] * (n // 2 + 2))
    t.strings = 0
    t.own_dark = t.own_light = t.prey_dark = t.prey_light = 0  # set_values
    t.chain_stamp = 0
    t.enemy_stamp = 0
    t.chain_block = 0  # order(): what breaking a link of the enemy's chain is worth (chain_maps)
    t.n_missing = 0
    t.chain_ready = False  # Chain's arrays: chain_scratch, at the first chain_moves of a Chain game


def chain_scratch(t):
    """Chain's arrays (~1.4 KB of the device's heap that the other variants do without): its
    0-1 BFS (a ring deque and costs), the cheapest chain's links (previous node), its nodes
    (stamps), the nodes it lacks, and the spare light tokens that fill them (chain_moves)."""
    n = t.n
    nl = n - t.nd
    t.queue = _nodes(t, 4 * n)
    t.cost = bytearray(n + 1)
    t.unreached = b"\xff" * (n + 1)
    t.pred = _nodes(t, n + 1)
    t.on_chain = bytearray(n + 1)
    t.enemy_chain = bytearray(n + 1)  # order(): the enemy's cheapest chain (stamps)
    t.missing = _nodes(t, nl)
    t.spare = _nodes(t, nl)
    t.chain_ready = True


def race_tables(t):
    """Football and Scrimmage: each light node's steps to either player's targets (race_value,
    the ordering's runs), built for a race game only (~0.3 KB of the device's heap the other
    variants do without)."""
    g = t.space
    t.to_target = (_distances(t, g.targets[0]), _distances(t, g.targets[1]))


def _nodes(t, count):
    """An array of `count` node numbers (0..n, n the dummy node): a byte each on a space of
    under 256 nodes (every space but the square one: less of the device's heap), two otherwise."""
    if t.n < 256:
        return array("B", bytes(count))
    return array("H", bytes(2 * count))


def _outline_group(t, start, seen):
    """The light nodes joined to `start` by outline edges (edges no dark edge crosses)."""
    g = t.space
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


def _distances(t, targets):
    """Steps on the empty light web from every light node to the nearest of `targets`."""
    g = t.space
    dist = bytearray(t.n + 1)
    for k in range(len(dist)):
        dist[k] = FAR
    queue = list(targets)
    for k in queue:
        dist[k] = 0
    i = 0
    while i < len(queue):
        u = queue[i]
        i += 1
        for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
            v = g.adj[s]
            if dist[v] == FAR:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist
