# Board coordinates for the Tholian Go tests (spec §1): light (x, line), dark (cx, row).


def lt(g, x, l):
    k = g.space.node_at(1, x, l)
    assert k >= 0, (x, l)
    return k


def dk(g, cx, r):
    k = g.space.node_at(0, cx, r)
    assert k >= 0, (cx, r)
    return k


def nm(g, k):
    return g.space.name(k)


def step(g, a, b):
    return "%s-%s" % (nm(g, a), nm(g, b))


def shuffled_nodes(g, rng):
    """The board's dark and light nodes, each list in a random order of `rng`'s."""
    nodes = list(range(g.space.n))
    for i in range(len(nodes) - 1, 0, -1):
        j = rng.below(i + 1)
        nodes[i], nodes[j] = nodes[j], nodes[i]
    return [k for k in nodes if k < g.space.n_dark], [k for k in nodes if k >= g.space.n_dark]


def parts(g, web, colour):
    """§5's components of `web` (0 dark, 1 light) once the edges that tokens of `colour` block
    are taken away, found afresh from the board: each node's smallest node joined to it."""
    s = g.space
    lo, hi = (0, s.n_dark) if web == 0 else (s.n_dark, s.n)
    first = {}
    for k in range(lo, hi):
        if k in first:
            continue
        first[k] = k
        todo = [k]
        while todo:
            u = todo.pop()
            for v in s.neighbours(u):
                e = s.edge_between(u, v)
                if v not in first and not (g.board[s.xu[e]] == colour and g.board[s.xv[e]] == colour):
                    first[v] = k
                    todo.append(v)
    return [first[k] for k in range(lo, hi)]
