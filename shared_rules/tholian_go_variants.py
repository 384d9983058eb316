# Tholian Go: what only some variants need (spec §8), imported by tholian_go.py when first
# used, so a standard game does not hold this code: String Push Limit, Oracle's dice, placing
# tokens (Ultimate, Scrimmage), Chain's win.
from micropython import const

from shared_rules.tholian_go_geometry import SLOTS

_NO_DIE = const(3)  # as in tholian_go.py


def can_finish_limited(game, path, d, v):
    # tholian_go's _can_finish with String Push Limit: the final string's colour counts matter,
    # so search simple paths depth first.
    g = game.space
    board = game.board
    me = game.player + 1
    stack = game._queue
    it = game._it
    mark = game._mark
    stamp = game._new_stamp()
    own = 1 if game.pending else 0  # a free push's new token belongs to the string
    enemy = 0
    for i in range(d + 1):
        mark[path[i]] = stamp
        if board[path[i]] == me:
            own += 1
        else:
            enemy += 1
    top = 0
    stack[0] = v
    it[0] = 0
    mark[v] = stamp
    if board[v] == me:
        own += 1
    else:
        enemy += 1
    while top >= 0:
        u = stack[top]
        k = it[top]
        if k >= g.deg[u]:
            mark[u] = 0
            if board[u] == me:
                own -= 1
            else:
                enemy -= 1
            top -= 1
            continue
        it[top] = k + 1
        s = u * SLOTS + k
        w = g.adj[s]
        if mark[w] == stamp:
            continue
        e = g.edge[s]
        b = board[g.xu[e]]
        if b and b != board[u] and b == board[g.xv[e]]:
            continue
        if not board[w]:
            if enemy < 2 or own >= enemy:
                return True
            continue
        top += 1
        stack[top] = w
        it[top] = 0
        mark[w] = stamp
        if board[w] == me:
            own += 1
        else:
            enemy += 1
    return False


def limit_ok(game, path, d):
    # String Push Limit: m >= 2 enemy tokens in the string need at least m own tokens.
    board = game.board
    me = game.player + 1
    own = 1 if game.pending else 0
    enemy = 0
    for i in range(d + 1):
        if board[path[i]] == me:
            own += 1
        else:
            enemy += 1
    return enemy < 2 or own >= enemy


def use_die(game, n0, slot):
    # Oracle: the first step of a move uses up the die of its axis.
    ax = game.space.axis[n0 * SLOTS + slot]
    d = game.dice
    if n0 < game.space.n_dark:
        d[0] = _NO_DIE
    elif d[1] == ax:
        d[1] = _NO_DIE
    elif d[2] == ax:
        d[2] = _NO_DIE


def dice_axes(game, web):
    # Oracle: the axes the first step of a `web` move may take (bit mask), by the dice left.
    d = game.dice
    if web == 0:
        return 0 if d[0] == _NO_DIE else 1 << d[0]
    m = 0
    if d[1] != _NO_DIE:
        m |= 1 << d[1]
    if d[2] != _NO_DIE:
        m |= 1 << d[2]
    return m


def roll_dice(game):
    # Oracle movement dice: one dark axis (a/b/c) and two light axes (x/y/z).
    for i in range(3):
        game.dice[i] = game.rng.below(3)


def dice_text(game):
    out = []
    if game.dice[0] != _NO_DIE:
        out.append("abc"[game.dice[0]])
    for i in (1, 2):
        if game.dice[i] != _NO_DIE:
            out.append("xyz"[game.dice[i]])
    return " ".join(out)


def place(game, k):
    # Ultimate and Scrimmage: a token from the hand onto node k.
    p = game.player
    web = 0 if k < game.space.n_dark else 1
    game._set(k, p + 1)
    game.hand[p * 2 + web] -= 1
    game.rep_base = len(game.rep)
    if game.placement == 2:  # Scrimmage: one token at a time, alternately
        h = game.hand
        if not (h[0] or h[1] or h[2] or h[3]):
            game._begin_turn(0)  # all placed: Red makes the first move
        elif h[(1 - p) * 2] or h[(1 - p) * 2 + 1]:
            game.player = 1 - p
        return
    if web == 0:
        game.dark_done = 1
    else:
        game.light_done += 1
    game._after_move()


def has_chain(game, player):
    # Chain: own light tokens joined through the light web from a bottom endpoint to a top
    # endpoint; a link crossed by an enemy barrier is broken.
    g = game.space
    board = game.board
    me = player + 1
    enemy = 2 - player
    mark = game._mark
    stamp = game._new_stamp()
    queue = game._queue
    tail = 0
    for k in g.chain_ends[0]:
        if board[k] == me:
            queue[tail] = k
            tail += 1
            mark[k] = stamp
    head = 0
    while head < tail:
        u = queue[head]
        head += 1
        for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
            v = g.adj[s]
            if mark[v] == stamp or board[v] != me:
                continue
            e = g.edge[s]
            if board[g.xu[e]] == enemy and board[g.xv[e]] == enemy:
                continue
            mark[v] = stamp
            queue[tail] = v
            tail += 1
    for k in g.chain_ends[1]:
        if mark[k] == stamp:
            return True
    return False
