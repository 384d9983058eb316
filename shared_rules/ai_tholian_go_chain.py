# Tholian Go's AI in the Chain variant (ai_tholian_go.py): the evaluation's chain term and what
# order() scores by the chains, on the tables of ai_tholian_go_terms.  A module of its own,
# imported in a Chain game only (ai_tholian_go_terms.chain_code): the other variants do without its
# code in the device's heap.
from micropython import const

from shared_rules.tholian_go_geometry import SLOTS, run_once
from shared_rules.ai_tholian_go_terms import FAR

CHAIN = const(80)  # Chain: per light move the cheapest chain needs less
_CHAIN_ENEMY = const(3)  # Chain: an enemy token on the way costs as many empty nodes
_CHAIN_UNFILLED = const(12)  # Chain: light moves counted for a node no spare token can fill
CHAIN_NEAR = const(12)  # Chain, order(): an enemy chain lacking <= 2 nodes threatens up to these moves
CHAIN_THREAT = const(700)  # Chain, order(): per node or link of a threatening enemy chain taken


def chain_cost(t, game, colour, start, finish, cost):
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

def light_distance(t, a, b):
    """Steps between light nodes a and b on the light web, about (along the lines, plus one per
    line crossed; parity detours left out)."""
    dx = t.hx[a] - t.hx[b]
    if dx < 0:
        dx = -dx
    if t.cols and dx > t.cols - dx:
        dx = t.cols - dx
    dy = t.hy[a] - t.hy[b]
    return dx + (dy if dy >= 0 else -dy) // 2

def chain_moves(t, game, colour):
    """Chain: the light moves the cheapest chain of `colour` still needs.  A winning chain takes
    all of a player's light tokens on the standard board, so what counts is their travel: each
    node of the chain not held gets the nearest spare light token (greedily, along the chain),
    its distance in moves (an enemy token there must be pushed off too); a node no spare token
    is left for counts _CHAIN_UNFILLED.  Marks the chain in t.on_chain (stamp t.chain_stamp)
    and lists the nodes it lacks in t.missing[:t.n_missing]."""
    if not t.chain_ready:
        run_once("ai_tholian_go_build", "chain_scratch", t)
    ends = t.space.chain_ends
    board = game.board
    n = t.n
    node = chain_cost(t, game, colour, ends[0], ends[1], t.cost)
    on_chain = t.on_chain
    if t.chain_stamp == 255:  # marks of 255 chains ago would read as this chain's
        on_chain[:] = t.zeros
        t.chain_stamp = 0
    t.chain_stamp += 1
    stamp = t.chain_stamp
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
        return FAR * _CHAIN_UNFILLED  # no chain possible at all
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
        best_d = FAR
        for j in range(spares):
            d = light_distance(t, spare[j], m)
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

def chain_value(t, game, player):
    me, you = player + 1, 2 - player
    mine = chain_moves(t, game, me)
    mine_missing = t.n_missing
    yours = chain_moves(t, game, you)
    score = (yours - mine) * CHAIN
    owner = game.player + 1
    if owner == you and t.n_missing <= 2 and yours <= 2:
        score -= 2000
    elif owner == me and mine_missing <= 2 - game.light_done and mine <= 2 - game.light_done:
        score += 1000
    return score

def chain_maps(t, game, me):
    """Chain, for order(): the enemy's cheapest chain (t.enemy_chain, stamp t.enemy_stamp) and
    what taking one of its nodes or barring one of its links is worth (t.chain_block), then mine
    and the nodes it lacks (chain_moves).  An enemy chain lacking two nodes at most, not far off,
    may be done in the enemy's next turn though counted as more moves (a light move fills one
    node, but a push moves a whole string): breaking it comes first."""
    near = chain_moves(t, game, 3 - me) <= CHAIN_NEAR and t.n_missing <= 2
    t.chain_block = CHAIN_THREAT if near else CHAIN
    t.enemy_chain[:] = t.on_chain
    t.enemy_stamp = t.chain_stamp
    chain_moves(t, game, me)

def barriers_across(t, board, d, other, me):
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

def chain_end(t, node, delta):
    """Chain, order(): a light token of mine arriving on (delta 1) or leaving (-1) `node`: onto
    a node my cheapest chain lacks is best, off one of its nodes worst; elsewhere what counts is
    how near the node is to the nearest node the chain lacks (after chain_maps)."""
    if t.on_chain[node] == t.chain_stamp:
        return 2 * CHAIN * delta
    near = FAR
    missing = t.missing
    for i in range(t.n_missing):
        d = light_distance(t, node, missing[i])
        if d < near:
            near = d
    if near == FAR:
        return 0
    return -near * CHAIN * delta

def step_gain(t, game, a, b, me):
    """order()'s value in Chain of my token moving from `a` to the empty `b` (ai_tholian_go_order
    .step_gain, whose Chain branch this is)."""
    n = t.n
    # My chain's progress, and what the move does to the enemy's cheapest chain: a light
    # token on it must be pushed off, a barrier of my dark tokens breaks its link.
    gain = 0
    board = game.board
    enemy_chain = t.enemy_chain
    stamp = t.enemy_stamp
    block = t.chain_block
    if b != n:
        if b >= t.nd:
            gain += chain_end(t, b, 1)
            if enemy_chain[b] == stamp:
                gain += 2 * block
        else:
            gain += 3 * block * barriers_across(t, board, b, a, me)
    if a != n:
        if a >= t.nd:
            gain += chain_end(t, a, -1)
            if enemy_chain[a] == stamp:
                gain -= 2 * block
        else:
            gain -= 3 * block * barriers_across(t, board, a, b, me)
    return gain
