# Tholian Go's AI (tholian_go/ai.py): what order() scores without playing a move: the change
# of the evaluation's terms around the nodes a move changes.
from micropython import const

from shared_rules.ai import best_first
from shared_rules.tholian_go.rules import NEXT, PLACE, STEP, move_kind, move_node, step_move, step_slot
from shared_rules.tholian_go.geometry import SLOTS
from shared_rules.tholian_go.ai_terms import (ADVANCE, ATTRACT, CAPTURE_NOW, FAR, HUNT, NEED_PCT, PROTECTED,
    THREAT_NEXT, THREAT_SAVED, clip, closeness, dark_need, light_risk, move_near)

PUSH_SCORE = const(-10)  # order(): a push through enemy tokens, whose result only the search sees
_PATH_STEP = const(4)  # a path's value: per decision still needed to reach its end
_PATH_LAYERS = const(4)  # ends of a push through my own string looked for, in decisions
NO_END = const(-(1 << 29))  # order(): a push through my own tokens, against a plain step as good
A_DARK = const(0)  # order(): what the turn still holds after the move: this was the dark move,
A_LIGHT = const(1)  # a light move,


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


def token_term(t, board, node, me, after):
    """order(): the term (x100) of the token on `node` for `me`: its danger (enemy tokens'
    counts for me, mine against me) and for a dark token its advance; 0 if empty.  `after`:
    what the turn still holds once the move is made (A_DARK, A_LIGHT, _A_END; t.pct)."""
    v = board[node]
    if not v:
        return 0
    if node >= t.nd:
        risk = light_risk(t, board, node)
        return t.prey_light * risk if v != me else -t.own_light * risk
    need = dark_need(t, board, node, 3 - v)
    return dark_term(t, node, v, need, me, after)


def dark_term(t, node, v, need, me, after):
    """token_term of the dark token of colour v on `node` that its enemy needs `need` moves to cut
    off."""
    y = t.space.ys[node]
    advance = 100 * ADVANCE * (y if v == 1 else t.space.rows + 1 - y)
    risk = t.pct[after * 20 + (10 if v == me else 0) + need] if need < 10 else 0
    return advance - t.own_dark * risk if v == me else t.prey_dark * risk - advance


def _terms(t, board, count, me, after, cached):
    """The sum of token_term over t.affected[0:count] (`cached`: t.need and t.dark_terms hold this
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
            # token_term, inlined: this loop is most of order()'s time
            if k >= nd:
                risk = light_risk(t, board, k)
                total += t.prey_light * risk if v != me else -t.own_light * risk
            else:
                total += dark_term(t, k, v, dark_need(t, board, k, 3 - v), me, after)
                dark = True
    t.dark_among = dark
    return total


def step_gain(t, game, a, b, me):
    """order()'s value of my token moving from `a` to the empty `b` (t.n for a: from the hand
    or from afar; for b: off to afar): the change of the terms around both ends, and for a
    light token its approach to the enemy's unprotected dark tokens (set_values)."""
    if game.chain:
        return t.chain.step_gain(t, game, a, b, me)  # Chain's own (ai_tholian_go_finish)
    n = t.n
    board = game.board
    nd = t.nd
    if t.cached and (a >= nd or a == n) and (b >= nd or b == n) and not t.busy[a] and not t.busy[b]:
        gain = 0  # no dark token near either end: only the approach below changes
    else:
        gain = _near_gain(t, board, a, b, me, A_DARK if (a if a != n else b) < nd else A_LIGHT)
    # A light token's approach to the enemy's unprotected dark tokens, a dark token's to the
    # enemy's light tokens off their home lines (as evaluate() has them).
    node = b if b != n else a
    e = 3 - me
    hx, hy = t.hx, t.hy
    if node >= nd:
        weight, count, xs, ys = HUNT, t.n_hunt[e], t.hunt_x[e], t.hunt_y[e]
    else:
        weight, count, xs, ys = ATTRACT, t.n_prey[e], t.prey_x[e], t.prey_y[e]
    if count:
        if b != n:
            gain += weight * closeness(hx[b], hy[b], xs, ys, count, t.cols)
        if a != n:
            gain -= weight * closeness(hx[a], hy[a], xs, ys, count, t.cols)
    return gain


def _near_gain(t, board, a, b, me, after):
    """step_gain's change of the terms around both ends."""
    n = t.n
    count = _affected(t, a, b, n)
    before = _terms(t, board, count, me, after, t.cached)
    near = t.dark_among  # else no dark_need reads t.near
    if a != n:
        board[a] = 0
        if near:
            move_near(t, a, me, -1)
    if b != n:
        board[b] = me
        if near:
            move_near(t, b, me, 1)
    total = _terms(t, board, count, me, after, False)
    if b != n:
        board[b] = 0
        if near:
            move_near(t, b, me, -1)
    if a != n:
        board[a] = me
        if near:
            move_near(t, a, me, 1)
    return (total - before) // 100


def push_gain(t, game, a, b, me):
    """order()'s value of a push by my token on `a` through the enemy token on `b`: the best
    end one node on (my token onto b, the enemy's to an empty neighbour it may step to), or
    PUSH_SCORE when the push must go on through more tokens (left to the search)."""
    g = t.space
    board = game.board
    adj, edge, xu, xv = g.adj, g.edge, g.xu, g.xv
    best = PUSH_SCORE
    for s in range(b * SLOTS, b * SLOTS + g.deg[b]):
        c = adj[s]
        if c == a or board[c]:
            continue
        e = edge[s]
        if board[xu[e]] == me and board[xv[e]] == me:
            continue  # my barrier stops the pushed token
        gain = push_end(t, board, a, b, c, me)
        if gain > best:
            best = gain
    return best


def push_end(t, board, a, b, c, me):
    """The change of the terms when my token on `a` pushes the enemy's on `b` to the empty c."""
    you = board[b]
    after = A_DARK if a < t.nd else A_LIGHT
    count = _affected(t, a, b, c)
    before = _terms(t, board, count, me, after, t.cached)
    board[a] = 0
    board[b] = me
    board[c] = you
    move_near(t, a, me, -1)
    move_near(t, b, you, -1)
    move_near(t, b, me, 1)
    move_near(t, c, you, 1)
    total = _terms(t, board, count, me, after, False)
    board[c] = 0
    board[b] = you
    board[a] = me
    move_near(t, c, you, -1)
    move_near(t, b, me, -1)
    move_near(t, b, you, 1)
    move_near(t, a, me, 1)
    return (total - before) // 100 - _PATH_STEP


def set_values(t, game, me):
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
        if board[d] == e and dark_need(t, board, d, me) != PROTECTED:
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
    """set_values' token values and dangers by need."""
    i = (me - 1) * 2
    j = 2 - i
    top = t.top
    t.own_dark = t.dark_inc[clip(game.cnt[i] + game.hand[i] - t.dark_floor, top)]
    t.own_light = t.light_inc[clip(game.cnt[i + 1] + game.hand[i + 1] - t.light_floor, top)]
    t.prey_dark = t.dark_inc[clip(game.cnt[j] + game.hand[j] - t.dark_floor, top)]
    t.prey_light = t.light_inc[clip(game.cnt[j + 1] + game.hand[j + 1] - t.light_floor, top)]
    # The danger of a dark token by the light moves its enemy needs, once the move ordered is
    # made (as evaluate() has it): I cut off what my light moves left reach, the enemy will
    # cut off mine next turn unless I still have a move to save them.
    light = 2 - game.light_done
    dark = 0 if game.dark_done else 1
    pct = t.pct
    for after in range(3):
        lights = light if after == A_DARK else (light - 1 if after == A_LIGHT else 0)
        saves = lights + (dark if after == A_LIGHT else 0)
        for need in range(10):
            enemy = mine = NEED_PCT[need]
            if 0 < need <= 2:
                enemy = CAPTURE_NOW if lights >= need else THREAT_NEXT
                mine = THREAT_SAVED if saves > 0 else CAPTURE_NOW
            pct[after * 20 + need] = enemy
            pct[after * 20 + 10 + need] = mine



def best_jump(t, game, start, head, me):
    """A push through a string of my own tokens ends as if the token on `start` had jumped to
    the empty end node.  The best gain (step_gain) of such an end reachable from the occupied
    `head` (the route so far, start and head excluded), or None when the string holds an enemy
    token on every way on or has no end.  t.jump_first: the path's next node towards that end,
    t.jump_end: that end (t.n: none)."""
    g = t.space
    board = game.board
    adj, edge, xu, xv, deg = g.adj, g.edge, g.xu, g.xv, g.deg
    t.jump_end = t.n
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
                gain = step_gain(t, game, start, w, me) - cost
                if best is None or gain > best:
                    best = gain
                    t.jump_first = w if u == head else via[u]
                    t.jump_end = w
    return best


def route_is_mine(game, me):
    """Is the path under construction a push of my own tokens only (no free push)?"""
    if game.pending:
        return False
    board = game.board
    for i in range(game.rlen):
        if board[game.route[i]] != me:
            return False
    return True


def string_best(t, game, head, me):
    """The best gain of my token arriving on an empty node next to the string of my tokens
    that holds `head` (joined by edges my tokens may cross), where a push through that string
    can end; NO_END if none.  Memoised per order() call in t.string_of / t.string_best."""
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
    top = NO_END
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
                gain = step_gain(t, game, t.n, w, me)
                if gain > top:
                    top = gain
    t.string_best[label] = top
    return top




def step_back(game, adj):
    """The step that would take back the turn's last move, a -> ... -> y -> z (a step, or a
    path that pushed my own string): the step z -> y (a move and its reverse in one turn undo
    each other: never worth a move), or -1."""
    history = game.history
    if game.rlen or not (game.dark_done or game.light_done) or not history:
        return -1
    i = len(history) - 1
    last = history[i]
    kind = move_kind(last)
    if kind == STEP:
        z = adj[move_node(last) * SLOTS + step_slot(last)]
        y = move_node(last)
    elif kind == NEXT and i > 0:
        z = move_node(last)
        before = history[i - 1]
        if move_kind(before) == NEXT:
            y = move_node(before)
        elif move_kind(before) == STEP:
            y = adj[move_node(before) * SLOTS + step_slot(before)]
        else:
            return -1
    else:
        return -1
    for slot in range(SLOTS):
        if adj[z * SLOTS + slot] == y:
            return step_move(z, slot)
    return -1


def has_dark_move(t, moves):
    for m in moves:
        kind = move_kind(m)
        if (kind == STEP or kind == PLACE) and move_node(m) < t.nd:
            return True
    return False


def dark_or_push(t, board, adj, m, me):
    """The first decision of a turn: a dark move, or a light push through enemy tokens."""
    kind = move_kind(m)
    if kind == PLACE:
        return move_node(m) < t.nd
    if kind != STEP:
        return True
    a = move_node(m)
    if a < t.nd:
        return True
    b = adj[a * SLOTS + step_slot(m)]
    return board[b] and board[b] != me


def with_pushes(t, game, moves, scores, count, me, later, slots):
    """The root's `count` moves: the best by their scores, but up to `slots` of them pushes
    through enemy tokens (the best of those; what a push does only the search sees).  A later
    decision of the turn searches its best other move only against such pushes (with none, it
    is not searched)."""
    board, adj = game.board, t.space.adj
    pushes = []
    push_scores = []
    others = []
    other_scores = []
    for i in range(len(moves)):
        m = moves[i]
        push = False
        if move_kind(m) == STEP:
            a = move_node(m)
            b = adj[a * SLOTS + step_slot(m)]
            push = board[b] and board[b] != me
        if push:
            pushes.append(m)
            push_scores.append(scores[i])
        else:
            others.append(m)
            other_scores.append(scores[i])
    chosen = best_first(pushes, push_scores, min(slots, count - 1))
    if later:
        return best_first(others, other_scores, 1) + chosen
    if count > slots:  # slots no push takes stay empty: each costs its searched ends
        return best_first(others, other_scores, count - slots) + chosen
    return best_first(others, other_scores, count - len(chosen)) + chosen


