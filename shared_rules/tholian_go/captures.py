# Tholian Go: captures (§5), transformation (§6) and the end (§7), a part of the rules'
# class in a module of its own (rules.py's TholianGo inherits it) so that rules.py stays short.
# pyright: reportAttributeAccessIssue=false
# (the state and helpers it uses are TholianGo's, declared in rules.py, out of pyright's sight here)
from micropython import const

from shared_rules.tholian_go.geometry import SLOTS

_DARK = const(0)  # the webs, as in rules.py
_LIGHT = const(1)

LOSE_AT = (2, 5)  # a player with <= 2 dark or <= 5 light tokens (per set) loses


def _variants():
    # What only some variants need (variants.py): imported when first used.
    from shared_rules.tholian_go import variants
    return variants


class Captures:
    # ==== captures (§5), transformation (§6), the end (§7) ======================================
    def _components(self, web, barrier):
        # Labels the components of `web` with the edges blocked by colour `barrier` removed:
        # self._labels[ci], self._sizes[ci][label], self._ncomp[ci], self._largest[ci], where
        # ci = (barrier - 1) * 2 + web.  Cached: only that colour's tokens in the other web matter.
        ci = (barrier - 1) * 2 + web
        if not self._dirty[ci]:
            return ci
        g = self.space
        board = self.board
        adj = g.adj
        edge = g.edge
        xu = g.xu
        xv = g.xv
        deg = g.deg
        lab = self._labels[ci]
        sizes = self._sizes[ci]
        stack = self._queue
        lo = 0 if web == _DARK else self.space.n_dark
        hi = self.space.n_dark if web == _DARK else self.space.n
        for k in range(hi - lo):
            lab[k] = 0
        label = 0
        largest = 0
        for s0 in range(lo, hi):
            if lab[s0 - lo]:
                continue
            label += 1
            lab[s0 - lo] = label
            stack[0] = s0
            top = 0
            size = 0
            while top >= 0:
                u = stack[top]
                top -= 1
                size += 1
                for k in range(u * SLOTS, u * SLOTS + deg[u]):
                    v = adj[k]
                    if lab[v - lo]:
                        continue
                    e = edge[k]
                    if board[xu[e]] == barrier and board[xv[e]] == barrier:
                        continue
                    lab[v - lo] = label
                    top += 1
                    stack[top] = v
            sizes[label] = size
            if size > largest:
                largest = size
        self._ncomp[ci] = label if label < 255 else 255
        self._largest[ci] = largest
        self._dirty[ci] = 0
        return ci

    def changes_parts(self, a, b):
        # Would the token on `a`, moved to the empty `b` (a step, or a push of its own string:
        # the same tokens stand after it but on a and b), change how its colour's barriers part
        # the other web (§5)?  If not, the move captures nothing: the last move's captures took
        # what those barriers cut off then.  For the AI's win check.
        board = self.board
        colour = board[a]
        web = 1 if a < self.space.n_dark else 0  # the web the barriers part
        ci = self._components(web, colour)
        if self._barriers_at(a, colour, ci):
            return True
        board[a] = 0
        board[b] = colour
        changed = self._barriers_at(b, colour, -1)
        board[b] = 0
        board[a] = colour
        return changed

    def _barriers_at(self, k, colour, ci):
        # Do the barriers between the token of `colour` on k and its neighbours of that colour
        # change the components of the other web?  ci >= 0: they go, and join two components if
        # the edge they block has ends labelled apart (labels ci); ci < 0: they come (the token
        # is on k), and part the ends of that edge unless a way around is left (_joined_past).
        g = self.space
        board = self.board
        adj, edge, xu, xv, n = g.adj, g.edge, g.xu, g.xv, g.n
        lo = 0 if k >= g.n_dark else g.n_dark  # the other web's first node
        for s in range(k * SLOTS, k * SLOTS + g.deg[k]):
            if board[adj[s]] == colour:
                e = edge[s]
                u = xu[e]
                if u == n:
                    continue  # an outline edge: nothing crosses it
                if ci >= 0:
                    lab = self._labels[ci]
                    if lab[u - lo] != lab[xv[e] - lo]:
                        return True
                elif not self._joined_past(u, xv[e], colour):
                    return True
        return False

    def _joined_past(self, u, v, colour):
        # Are u and v joined past the edges that barriers of `colour` block?  Searched from both
        # ends in turn, so it ends once they meet or the smaller side is all seen (the way
        # around a new barrier is short, a part cut off small).  The two sides' queues share
        # _queue, one from each end (a node joins one side only).
        g = self.space
        board = self.board
        mark, queue = self._mark, self._queue
        mine = self._new_stamp()
        theirs = self._new_stamp()
        mark[u] = mine
        mark[v] = theirs
        last = len(queue) - 1
        queue[0] = u
        queue[last] = v
        head, tail, step = 0, 1, 1
        other_head, other_tail = last, last - 1
        while head != tail:
            x = queue[head]
            head += step
            for s in range(x * SLOTS, x * SLOTS + g.deg[x]):
                y = g.adj[s]
                if mark[y] == mine:
                    continue
                e = g.edge[s]
                if board[g.xu[e]] == colour and board[g.xv[e]] == colour:
                    continue
                if mark[y] == theirs:
                    return True
                mark[y] = mine
                queue[tail] = y
                tail += step
            # The other side's turn (swapped in pairs: no tuple is made on the device).
            head, other_head = other_head, head
            tail, other_tail = other_tail, tail
            mine, theirs = theirs, mine
            step = -step
        return False

    def _capture(self, mover):
        # §5: the mover's barriers sequester the opponent's tokens, then the other way round.
        board = self.board
        for i in range(2):
            barrier = mover + 1 if i == 0 else 2 - mover
            victim = 3 - barrier
            for web in (_DARK, _LIGHT):
                if not self.cnt[(victim - 1) * 2 + web] or self.cnt[(barrier - 1) * 2 + 1 - web] < 2:
                    continue
                ci = self._components(web, barrier)
                if self._ncomp[ci] <= 1:
                    continue  # one component: nothing is cut off
                largest = self._largest[ci]
                sizes = self._sizes[ci]
                lab = self._labels[ci]
                lo = 0 if web == _DARK else self.space.n_dark
                hi = self.space.n_dark if web == _DARK else self.space.n
                for k in range(lo, hi):
                    if board[k] == victim and sizes[lab[k - lo]] < largest:
                        self._set(k, 0)
                        self.rep_base = len(self.rep)

    def _transform_one(self, p, t):
        # §6: P's light token on P's target t becomes a dark token on t's entry node.
        if self.board[t] != p + 1:
            return
        entry = self.space.entry[t]
        if not self.board[entry]:
            self._set(t, 0)
            self._set(entry, p + 1)
            self.rep_base = len(self.rep)
            if self.captures:
                self._capture(p)
            return
        # A free push decides where the entry node's string goes, if it can go anywhere.
        self.route[0] = entry
        self.rlen = 1
        self.pending.append(t)  # _next_nodes counts the new token into the string
        ok = self._next_nodes(None)
        self.rlen = 0
        if not ok:
            self.pending.pop()  # no push is legal: the token stays where it is

    def _check_end(self, p):
        g = self.space
        q = 1 - p
        if self.touchdown:
            for who in (p, q):
                for t in g.targets[who]:
                    if self.board[t] == who + 1:
                        self.result = who
                        return
        if self.chain:
            for who in (p, q):
                if _variants().has_chain(self, who):
                    self.result = who
                    return
        if self.count_loss:
            if self._below_minimum(q):
                self.result = p  # also when both fall at once: the mover wins
            elif self._below_minimum(p):
                self.result = q

    def _below_minimum(self, player):
        c = self.cnt
        h = self.hand
        dark = c[player * 2] + h[player * 2]
        light = c[player * 2 + 1] + h[player * 2 + 1]
        return dark <= LOSE_AT[0] * self.sets or light <= LOSE_AT[1] * self.sets
