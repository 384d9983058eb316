# Tholian Go whole moves (spec §4): every path a move can take, one per resulting position.
#
# The game plays a move as decisions, one step at a time (tholian_go/rules.py explains why); this
# module lists the whole moves of a position the way §4 describes a listing: one path per
# resulting position, the shortest, ties to the smaller notation text.  It searches every simple
# path through the strings, so its cost grows with the number of such paths (thousands in dense
# mixed strings): a tool for tests, analysis and the host, imported only when used.
#
#     whole_moves(game)            [(path nodes, result key)] for the decision the game is at
#     whole_moves_by_start(game)   the same, a list per start node (a generator)
#     path_result(game, nodes)     the board (bytes) the path leaves, before captures
#     component_sizes(game, web, player)  the parts of a web cut apart by player's barriers
from shared_rules.tholian_go.geometry import SLOTS


def path_result(game, nodes):
    # Board after the path `nodes` (start .. empty end) is played, before captures (bytes).
    b = bytearray(game.board)
    free = game.rlen == 1 and len(game.pending) > 0
    for i in range(len(nodes) - 1, 0, -1):
        b[nodes[i]] = game.board[nodes[i - 1]]
    b[nodes[0]] = game.player + 1 if free else 0
    if free:
        b[game.pending[0]] = 0
    return bytes(b)


def whole_moves(game):
    # The whole moves of the current decision: with no path under construction, the mover's
    # moves in each web still open this turn (Oracle's dice respected); during a free push, the
    # pushes from the entry node.  One (nodes, key) per resulting position, the shortest path,
    # ties to the smaller notation text.
    out = []
    for moves in whole_moves_by_start(game):
        out += moves
    return out


def whole_moves_by_start(game):
    # whole_moves(game) a start node at a time, one list per start (two starts never share a
    # result: the key holds the start), for a caller that cannot hold a position's whole list
    # (hundreds of moves: the device's heap).  The game may be played on between two lists if
    # it is back in its position when the next is asked for.
    g = game.space
    me = game.player + 1
    if game.rlen == 1 and game.pending:
        yield _search(game, [game.route[0]], me, 7, True)
        return
    if game.rlen or game.offer or game.placing_phase() or game.result != -1:
        return
    for web in (0, 1):
        if (game.dark_done if web == 0 else game.light_done >= 2) or game.hand[game.player * 2 + web]:
            continue
        axes = game._axes(web)
        lo, hi = (0, g.n_dark) if web == 0 else (g.n_dark, g.n)
        for n0 in range(lo, hi):
            if game.board[n0] == me:
                yield _search(game, [n0], me, axes, False)


def _search(game, start, me, axes, free):
    g = game.space
    board = game.board
    out = []
    seen = {}  # result key -> index in out
    path = list(start)

    def blocked(u, s):
        e = g.edge[s]
        b = board[g.xu[e]]
        return b and b != board[u] and b == board[g.xv[e]]

    def limit_ok(nodes):
        if not game.push_limit:
            return True
        own = 1 if free else 0
        enemy = 0
        for k in nodes:
            if board[k] == me:
                own += 1
            else:
                enemy += 1
        return enemy < 2 or own >= enemy

    def visit():
        u = path[-1]
        for k in range(g.deg[u]):
            s = u * SLOTS + k
            v = g.adj[s]
            if v in path:
                continue
            if len(path) == 1 and not free and axes != 7 and not (axes >> g.axis[s]) & 1:
                continue
            if blocked(u, s):
                continue
            if board[v]:
                path.append(v)
                visit()
                path.pop()
                continue
            if not limit_ok(path):
                continue
            nodes = path + [v]
            key = result_key(game, nodes, me)
            if key not in seen:
                seen[key] = len(out)
                out.append((nodes, key))
            elif _better(g, nodes, out[seen[key]][0]):
                out[seen[key]] = (nodes, key)

    visit()
    return out


def _better(g, a, b):
    # Path a is listed instead of b: shorter, or as long with the smaller notation text.
    if len(a) != len(b):
        return len(a) < len(b)
    return "-".join(g.name(k) for k in a) < "-".join(g.name(k) for k in b)


def result_key(game, nodes, me):
    # What the path changes: its start, its end and the first node of each run of one colour
    # after the first (those change colour; the rest of each run keeps its colour).
    board = game.board
    heads = []
    prev = me
    for k in nodes[:-1]:
        if board[k] != prev:
            heads.append(k)
        prev = board[k]
    heads.sort()
    return (nodes[0], nodes[-1], tuple(heads))


def component_sizes(game, web, player):
    # Sizes of the components of `web` (0 dark, 1 light) cut apart by `player`'s barriers (§5).
    ci = game._components(web, player + 1)
    return [game._sizes[ci][i] for i in range(1, game._ncomp[ci] + 1)]
