# Tholian Go's AI, Chain only (tholian_go/ai.py imports it for Chain games alone: the device's
# heap holds no more code than the game played needs): the cheapest chains (chain_moves) and
# their value (chain_value), what the next turns finish counted in pushes (finish_moves), the
# search leaf's lookahead (finish_value), the ordering's chain maps and its step_gain.  The
# Tuner hands this module to the other AI modules as Tables.chain.
from array import array

from micropython import const

from shared_rules.tholian_go.geometry import SLOTS, run_once
from shared_rules.tholian_go.ai_terms import CHAIN, CHAIN_NEAR, CHAIN_THREAT, FAR

_CHAIN_ENEMY = const(3)  # Chain: an enemy token on the way costs as many empty nodes
_CHAIN_UNFILLED = const(12)  # Chain: light moves counted for a node no spare token can fill
_CHAIN_NODE = const(4)  # Chain: each node of a chain in _chain_cost (shortest chains first; the costs stay bytes)
FINISH = const(3000)  # a search's leaf: a chain finished in the next turn (finish_value)
FINISH_SEEN = const(4)  # finish_moves: the light moves of two turns


def prepare(t):
    """The tables' Chain scratch (chain_maps' copy of my chain), once per tables."""
    if getattr(t, "my_chain", None) is None:
        t.my_chain = bytearray(t.n + 1)  # order(): my cheapest chain (stamps) and the nodes it lacks
        t.my_stamp = 0
        t.my_missing = array("H", bytes(2 * (t.n - t.nd)))
        t.n_my_missing = 0
        t.maps_key = -1  # the board (hash) and player chain_maps last served
        t.maps_me = 0
        t.barrier_cost = bytearray(t.nd)  # chain_maps: per enemy dark token, my chain's moves it costs


def chain_maps(t, game, me):
    """Chain, for order(): the enemy's cheapest chain (t.enemy_chain, stamp t.enemy_stamp) and
    what taking one of its nodes or barring one of its links is worth (t.chain_block), then mine
    and the nodes it lacks (chain_moves, copied to t.my_chain, t.my_stamp, t.my_missing[:
    t.n_my_missing]: the evaluation's chain_moves reuse t.on_chain).  An enemy chain lacking
    two nodes at most, not far off, may be done in the enemy's next turn though counted as more
    moves (a light move fills one node, but a push moves a whole string): breaking it comes
    first, as does breaking one that its pushes finish in its next two turns (finish_moves)
    while mine needs more than my next.  Also what each enemy dark token barring my links costs
    my chain (t.barrier_cost).  Kept for the board (its hash) and `me` they were made for: a
    search meets the board of a push under way at every node of it."""
    if game.zobrist == t.maps_key and me == t.maps_me:
        return
    t.maps_key = game.zobrist
    t.maps_me = me
    you = 3 - me
    near = chain_moves(t, game, you) <= CHAIN_NEAR and t.n_missing <= 2
    t.enemy_chain[:] = t.on_chain
    t.enemy_stamp = t.chain_stamp
    yours = finish_moves(t, game, you) if t.n_missing <= FINISH_SEEN else FINISH_SEEN + 1
    mine = chain_moves(t, game, me)
    t.my_chain[:] = t.on_chain
    t.my_stamp = t.chain_stamp
    count = t.n_missing
    for i in range(count):
        t.my_missing[i] = t.missing[i]
    t.n_my_missing = count
    if not near and yours <= FINISH_SEEN:
        near = yours <= 2 or (count > 2 or finish_moves(t, game, me) > 2)
    t.chain_block = CHAIN_THREAT if near else CHAIN
    _barrier_costs(t, game, me, mine)


def _barrier_costs(t, game, me, mine):
    """chain_maps: per enemy dark token, the light moves my cheapest chain (`mine` now) would
    need less without it (t.barrier_cost), for those barring a link between two light tokens
    of mine with another enemy dark token: a push that moves it off frees the link, and my
    cheapest chain, which goes round it, cannot show that."""
    g = t.space
    board = game.board
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    costs = t.barrier_cost
    you = 3 - me
    for d in range(t.nd):
        costs[d] = 0
        if board[d] != you:
            continue
        for s in range(d * SLOTS, d * SLOTS + deg[d]):
            e = edge[s]
            if board[adj[s]] == you and board[xu[e]] == me and board[xv[e]] == me:
                board[d] = 0
                saved = mine - chain_moves(t, game, me)
                board[d] = you
                costs[d] = 0 if saved < 0 else (saved if saved < 255 else 255)
                break


def chain_lookahead(t, game, player):
    """chain_value's lookahead alone (finish_value)."""
    chain_moves(t, game, player + 1)
    finish = finish_moves(t, game, player + 1) if t.n_missing <= FINISH_SEEN else FINISH_SEEN + 1
    chain_moves(t, game, 2 - player)
    return finish_value(t, game, player, finish)


def finish_value(t, game, player, finish):
    """Chain, after chain_moves for the enemy of `player`: the chains the light moves of the
    next turns finish (finish_moves; `finish`: mine), which the travel of chain_moves misses (a
    push moves a whole string).  Mine with the light moves left in my turn: a win; the enemy's
    with its next turn: a loss unless my moves left prevent it; mine with my next turn, the
    enemy's not: a threat it must answer; the enemy's with its next two turns, mine not with
    my next: a race it wins unless I bar its way."""
    lights = 2 - game.light_done
    if game.rlen and not game.pending and game.route[0] >= t.nd:
        lights -= 1  # the light move under way is spent
    if game.player == player and finish <= lights:
        return FINISH
    yours = finish_moves(t, game, 2 - player) if t.n_missing <= FINISH_SEEN else FINISH_SEEN + 1
    if yours <= 2:
        return -FINISH
    if finish <= 2:
        return FINISH // 2
    if yours <= FINISH_SEEN:
        return -FINISH // 3
    return 0


def finish_moves(t, game, colour):
    """Chain, after chain_moves(t, game, colour): the light moves `colour` needs to fill the nodes
    its cheapest chain lacks, at most FINISH_SEEN + 1 (more than two turns hold).  A push
    through a string of its own tokens fills the empty node at its end and empties only its
    start, so a spare token (one off the chain) anywhere along such a string fills a node in one
    move; each empty node between costs a move more.  A node the enemy holds is filled so too,
    the enemy token pushed on to an empty node off the chain.  Each node lacked takes the
    nearest spare token not taken by the one before."""
    total = 0
    for i in range(t.n_missing):
        total += _fill_moves(t, game, colour, t.missing[i], FINISH_SEEN - total)
        if total > FINISH_SEEN:
            return FINISH_SEEN + 1
    return total


def _fill_moves(t, game, colour, node, limit):
    """finish_moves: the light moves that fill `node` with a token of `colour` (limit + 1: more
    than `limit`), by a 0-1 breadth-first search from `node` back along tokens of `colour`
    (cost 0) and empty nodes (cost 1) to a spare token, which is then marked taken
    (t.on_chain)."""
    g = t.space
    board = game.board
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    enemy = 3 - colour
    on_chain, stamp = t.on_chain, t.chain_stamp
    if limit < 1:
        return limit + 1
    if board[node] == enemy:
        # The enemy token must go on to an empty node off the chain, across no barrier of mine.
        free = False
        for s in range(node * SLOTS, node * SLOTS + deg[node]):
            w = adj[s]
            e = edge[s]
            if not board[w] and on_chain[w] != stamp and not (board[xu[e]] == colour and board[xv[e]] == colour):
                free = True
                break
        if not free:
            return limit + 1
    cost = t.cost
    cost[:] = t.unreached
    queue = t.queue
    size = len(queue)
    # A ring deque: cost-0 steps go in at the head, cost-1 steps at the tail.
    head = 0
    tail = 1
    queue[0] = node
    cost[node] = 0
    while head != tail:
        u = queue[head]
        head = (head + 1) % size
        cu = cost[u]
        if cu >= limit:
            break  # a spare token found now would take more than `limit` moves
        for s in range(u * SLOTS, u * SLOTS + deg[u]):
            w = adj[s]
            e = edge[s]
            if board[xu[e]] == enemy and board[xv[e]] == enemy:
                continue  # the enemy's barrier: my tokens cannot cross
            v = board[w]
            if v == colour:
                if on_chain[w] != stamp:
                    on_chain[w] = stamp  # taken: the next node lacked needs another
                    return cu + 1
                if cu < cost[w]:
                    cost[w] = cu
                    head = (head - 1) % size
                    queue[head] = w
            elif not v and cu + 1 < cost[w]:
                cost[w] = cu + 1
                queue[tail] = w
                tail = (tail + 1) % size
    return limit + 1


def lookahead_after_jump(t, game, player):
    """The lookahead (chain_lookahead) of a push of my own string under way: my token jumps from
    the path's start to the best end best_jump found for the Tuner (t.jump_end; none: where it
    stands), so the barriers it leaves or makes count."""
    board = game.board
    start, end = game.route[0], t.jump_end
    mover = board[start]
    if end != t.n:
        board[start] = 0
        board[end] = mover
    value = chain_lookahead(t, game, player)
    if end != t.n:
        board[end] = 0
        board[start] = mover
    return value


# ---- the evaluation's and the ordering's Chain terms -----------------------------------------

def _chain_cost(t, game, colour, start, finish, cost):
    """Chain: what a chain of `colour` still needs from an endpoint of `start` to one of
    `finish` (the cheapest): every node _CHAIN_NODE, and an empty node 1 more, an enemy token
    _CHAIN_ENEMY more (it must be pushed away); a link across an enemy barrier is broken.  The
    node's own cost puts the shortest chains first: on the standard board a chain of fourteen
    nodes is the only one fourteen tokens can make, and a detour around an enemy token that
    costs less than pushing it off would be a chain never finished.  cost[node]: the
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
        cost[k] = _CHAIN_NODE + (0 if v == colour else (1 if not v else _CHAIN_ENEMY))
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
            c = cu + _CHAIN_NODE + (0 if v == colour else (1 if not v else _CHAIN_ENEMY))
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
        run_once("ai_build", "chain_scratch", t)
    ends = t.space.chain_ends
    board = game.board
    n = t.n
    node = _chain_cost(t, game, colour, ends[0], ends[1], t.cost)
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


def chain_value(t, game, player, lookahead=None):
    """Chain: the value for `player` of both cheapest chains; with `lookahead` (a search's leaf:
    anything but None) also what the next turns finish (finish_value)."""
    me, you = player + 1, 2 - player
    mine = chain_moves(t, game, me)
    mine_missing = t.n_missing
    finish = 0
    if lookahead is not None:
        finish = finish_moves(t, game, me) if mine_missing <= FINISH_SEEN else FINISH_SEEN + 1
    yours = chain_moves(t, game, you)
    score = (yours - mine) * CHAIN
    owner = game.player + 1
    if owner == you and t.n_missing <= 2 and yours <= 2:
        score -= 2000
    elif owner == me and mine_missing <= 2 - game.light_done and mine <= 2 - game.light_done:
        score += 1000
    if lookahead is not None:
        score += finish_value(t, game, player, finish)
    return score


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
    how near the node is to the nearest node the chain lacks (after chain_maps)."""
    if t.my_chain[node] == t.my_stamp:
        return 2 * CHAIN * delta
    near = FAR
    missing = t.my_missing
    for i in range(t.n_my_missing):
        d = light_distance(t, node, missing[i])
        if d < near:
            near = d
    if near == FAR:
        return 0
    return -near * CHAIN * delta


def step_gain(t, game, a, b, me):
    """order()'s step_gain in Chain: my chain's progress, and what the move does to the enemy's
    cheapest chain (a light token on it must be pushed off, a barrier of my dark tokens breaks
    its link); after chain_maps."""
    n = t.n
    gain = 0
    board = game.board
    enemy_chain = t.enemy_chain
    stamp = t.enemy_stamp
    block = t.chain_block
    if b != n:
        if b >= t.nd:
            gain += _chain_end(t, b, 1)
            if enemy_chain[b] == stamp:
                gain += 2 * block
        else:
            gain += 3 * block * _barriers_across(t, board, b, a, me)
            if board[b] == 3 - me:  # a push: the enemy's dark token leaves b, its barriers go
                gain += CHAIN * t.barrier_cost[b]
    if a != n:
        if a >= t.nd:
            gain += _chain_end(t, a, -1)
            if enemy_chain[a] == stamp:
                gain -= 2 * block
        else:
            gain -= 3 * block * _barriers_across(t, board, a, b, me)
    return gain
