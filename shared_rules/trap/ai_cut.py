# Trap's AI (ai.py), at a phase-2 search's root: the exact fewest balls a colour must add to
# trap a dot, the other colour's balls where they are.  By the rules' dual (ai_threats) the dot
# is trapped when no 4-connected chain of holes free of the colour joins a corner of its square
# to the board's edge, so the answer is a minimum vertex cut: empty holes cost one ball, the
# other colour's cannot be filled.  Max flow by breadth-first augmenting paths on each hole's
# in and out node (node 2 * hole, 2 * hole + 1), in the _Work's arrays: nothing allocated.
from micropython import const

_NONE = const(255)  # t.nb4: no neighbour (beyond the edge)


def zero(marks, zeros):
    """Clears `marks`, a bytearray of a whole number of len(zeros) bytes, a run at a time: the
    work keeps one run of zeros, not one of every size."""
    n = len(zeros)
    for k in range(0, len(marks), n):
        marks[k:k + n] = zeros


def balls_needed(t, board, colour, d, cap):
    """The fewest balls `colour` must add to trap dot d (`cap` when it is `cap` or more).  Leaves
    the last flood's marks: cut_holes() then finds a cut of that size, guards() and
    anchors() read the flow."""
    t.through[:] = t.zeros
    zero(t.flow, t.zeros)
    n = 0
    while n < cap and _augment(t, board, colour, d):
        n += 1
    return n


def cut_hole(t, board, hole):
    """After balls_needed (below its cap): is the empty `hole` in the cut found, the holes whose
    in node the last flood reached and whose out node it did not?"""
    seen = t.node_seen
    stamp = t.node_stamp
    return board[hole] == 0 and seen[hole + hole] == stamp and seen[hole + hole + 1] != stamp


def guards(t, board, ball, colour, d):
    """After balls_needed for `colour` (below its cap): would a way out open through its `ball`
    once it leaves?  The last flood reaches the hole (a corner of the dot's square, or next to
    an out node it reached) and the hole has a way on: the edge, or a neighbour free of
    `colour` the flood did not reach."""
    seen = t.node_seen
    stamp = t.node_stamp
    nb4 = t.nb4
    corner = t.dot_col[d] + t.dot_row[d] * t.size
    k = ball - corner
    inside = k == 0 or k == 1 or k == t.size or k == t.size + 1
    onward = t.edge[ball]
    for i in range(ball * 4, ball * 4 + 4):
        w = nb4[i]
        if w != _NONE:
            if seen[w + w + 1] == stamp:
                inside = True
            elif board[w] != colour and seen[w + w] != stamp:
                onward = True
    return inside and onward


def anchors(t, ball):
    """After balls_needed for the other colour: does more than one of its ways out run through
    `ball` (a hole it cannot fill now, one ball's worth once emptied)?"""
    return t.through[ball] >= 2


def _augment(t, board, colour, d):
    """One breadth-first flood of the residual graph from the dot's corners; on reaching the
    edge, the flow along the path found is raised by one.  Returns whether it reached it."""
    seen = t.node_seen
    queue = t.queue
    came = t.came
    nb4 = t.nb4
    through = t.through
    flow = t.flow
    edge = t.edge
    stamp = t.node_stamp + 1
    if stamp > 255:
        zero(seen, t.zeros)
        stamp = 1
    t.node_stamp = stamp
    other = 3 - colour
    size = t.size
    corner = t.dot_col[d] + t.dot_row[d] * size
    tail = 0
    for k in range(4):  # the corners (no tuple: it would be built on the heap each time)
        cell = corner + (k & 1) + (k >> 1) * size
        if board[cell] != colour:
            node = cell + cell
            seen[node] = stamp
            came[node] = node  # (from the source)
            queue[tail] = node
            tail += 1
    head = 0
    while head < tail:
        node = queue[head]
        head += 1
        cell = node >> 1
        if node & 1:  # out: to the edge, on to a neighbour's in, or back through its own hole
            if edge[cell]:
                _raise_flow(t, node)
                return True
            for i in range(cell * 4, cell * 4 + 4):
                w = nb4[i]  # (off the edge, so every neighbour is there)
                if board[w] != colour:
                    nxt = w + w
                    if seen[nxt] != stamp:
                        seen[nxt] = stamp
                        came[nxt] = node
                        queue[tail] = nxt
                        tail += 1
            if through[cell]:
                nxt = node - 1
                if seen[nxt] != stamp:
                    seen[nxt] = stamp
                    came[nxt] = node
                    queue[tail] = nxt
                    tail += 1
        else:  # in: through the hole if it has room, or back along a flow that came in
            nxt = node + 1
            if seen[nxt] != stamp and (through[cell] == 0 or board[cell] == other):
                seen[nxt] = stamp
                came[nxt] = node
                queue[tail] = nxt
                tail += 1
            for i in range(cell * 4, cell * 4 + 4):
                w = nb4[i]
                if w != _NONE and flow[w * 4 + ((i & 3) ^ 1)]:
                    nxt = w + w + 1
                    if seen[nxt] != stamp:
                        seen[nxt] = stamp
                        came[nxt] = node
                        queue[tail] = nxt
                        tail += 1
    return False


def _raise_flow(t, node):
    """One more unit along the flood's path that ends at `node` (an out node on the edge)."""
    came = t.came
    through = t.through
    flow = t.flow
    size = t.size
    while True:
        prev = came[node]
        if prev == node:
            return
        cell = node >> 1
        from_cell = prev >> 1
        if cell == from_cell:
            if node & 1:
                through[cell] += 1
            else:
                through[cell] -= 1
        elif node & 1:  # back along a flow from out `cell` into in `from_cell`
            flow[cell * 4 + _direction(from_cell - cell, size)] -= 1
        else:
            flow[from_cell * 4 + _direction(cell - from_cell, size)] += 1
        node = prev


def _direction(step, size):
    """t.nb4's index (0 right, 1 left, 2 up, 3 down) of a step between neighbours."""
    if step == 1:
        return 0
    if step == -1:
        return 1
    return 2 if step == size else 3
