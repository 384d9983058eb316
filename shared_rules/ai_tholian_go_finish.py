# Tholian Go's AI, Chain only (ai_tholian_go.py imports it for Chain games alone: the device's
# heap holds no more code than the game played needs): what the next turns finish counted in
# pushes (finish_moves), the search leaf's lookahead (finish_value), the ordering's chain maps.
from array import array

from micropython import const

from shared_rules.tholian_go_geometry import SLOTS
from shared_rules.ai_tholian_go_terms import CHAIN, CHAIN_NEAR, CHAIN_THREAT, chain_moves

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
