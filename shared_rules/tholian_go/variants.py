# Tholian Go: what only some variants need (spec §8), imported by tholian_go/rules.py when first
# used, so a standard game does not hold this code: String Push Limit, Oracle's dice, placing
# tokens (Ultimate, Scrimmage), Chain's win.
from micropython import const

from shared_rules.tholian_go.geometry import SLOTS

_NO_DIE = const(3)  # as in tholian_go/rules.py
_PLACE = const(1)
# Undo log extras bits (tholian_go/rules.py's play() and undo() describe the log):
_X_DICE_HAND = const(8)  # dice and hand (7 bytes)
_X_RNG = const(16)  # the dice generator's state (4 bytes)


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


def placements(game, web, out):
    # Placing from the hand (Ultimate): any empty node of `web`; with `out` None, whether any.
    g = game.space
    lo = 0 if web == 0 else g.n_dark
    hi = g.n_dark if web == 0 else g.n
    for k in range(lo, hi):
        if not game.board[k]:
            if out is None:
                return True
            out.append(k << 2 | _PLACE)
    return False


def scrimmage_placements(game, out):
    # Scrimmage: the mover's own empty dots, of a web with tokens left in hand.
    p = game.player
    g = game.space
    for k in g.start[p]:
        web = 0 if k < g.n_dark else 1
        if game.hand[p * 2 + web] and not game.board[k]:
            out.append(k << 2 | _PLACE)


def remember(game):
    # play(): the dice, hand and dice generator before a decision.
    was = game._was
    for i in range(3):
        was[i] = game.dice[i]
    for i in range(4):
        was[3 + i] = game.hand[i]
    game._was_rng = game.rng.state


def log_changes(game):
    # play(): those of them the decision changed, into the undo log; returns the extras bits.
    log = game._log
    was = game._was
    d = game.dice
    h = game.hand
    extras = 0
    if was[0] != d[0] or was[1] != d[1] or was[2] != d[2] or was[3] != h[0] or was[4] != h[1] \
            or was[5] != h[2] or was[6] != h[3]:
        for i in range(7):
            log.append(was[i])
        extras = _X_DICE_HAND
    rng = game._was_rng
    if game.rng.state != rng:
        log.append(rng & 255)
        log.append((rng >> 8) & 255)
        log.append((rng >> 16) & 255)
        log.append((rng >> 24) & 255)
        extras |= _X_RNG
    return extras


def logged_bytes(extras):
    return (7 if extras & _X_DICE_HAND else 0) + (4 if extras & _X_RNG else 0)


def restore(game, log, i, extras):
    # undo(): reads them back; log[i - 1] is the last byte of them.  Returns where they start.
    if extras & _X_RNG:
        i -= 4
        game.rng.state = log[i] | log[i + 1] << 8 | log[i + 2] << 16 | log[i + 3] << 24
    if extras & _X_DICE_HAND:
        i -= 7
        for j in range(3):
            game.dice[j] = log[i + j]
        for j in range(4):
            game.hand[j] = log[i + 3 + j]
    return i


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
