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
