# Trap's AI (trap/ai.py): the tables it builds, in a module of their own so that trap/ai.py
# holds the search's logic only.  The builders of the tables built once are deleted once run
# (their code leaves the device's heap); Rings, the tables of one game's dots, stays: a new game
# may need them.
from array import array

from micropython import const

NEVER = const(9)  # cost of a hole held by the enemy (or beyond the edge)
OFF = const(255)  # a ring hole beyond the board edge
OFF_STATE = const(3)  # its state in a group key (0 empty, 1 Light, 2 Dark)


def _cost_table(colour):
    out = bytearray(64)
    for key in range(64):
        corner, b1, b2 = key >> 4, (key >> 2) & 3, key & 3
        if corner == colour:
            continue
        c = 1 if corner == 0 else NEVER
        side = 0
        for v in (b1, b2):
            side += 0 if v == colour else (1 if v == 0 else NEVER)
        out[key] = min(c, side)
    return bytes(out)


COST = (b"", _cost_table(1), _cost_table(2))  # by colour: group key -> balls needed
del _cost_table  # (run once: its code need not stay in the heap)


def _cut_table():
    """CUT[f << 2 | g]: do the two-bit fields (columns c, c + 1) of two adjacent rows f, g hold
    a link across the column pair: a side within row f, or a diagonal between the rows."""
    out = bytearray(16)
    for f in range(4):
        for g in range(4):
            out[f << 2 | g] = 1 if f == 3 or (f & 1 and g & 2) or (f & 2 and g & 1) else 0
    return bytes(out)


CUT = _cut_table()
del _cut_table


def _corner_table():
    """Open rays (1 left, 2 right, 4 down, 8 up) -> what one ball can do: 0..3 the one corner
    (+1 column, +2 row) that cuts two rays at right angles, 4 the holes of a single open ray,
    255 nothing (parallel or more than two open rays)."""
    out = bytearray(16)
    for rays in range(16):
        out[rays] = 255
    for rays in (1, 2, 4, 8):
        out[rays] = 4
    out[1 | 4] = 0
    out[2 | 4] = 1
    out[1 | 8] = 2
    out[2 | 8] = 3
    return bytes(out)


ONE_CORNER = _corner_table()
del _corner_table
CORNER_RAYS = (1 | 4, 2 | 4, 1 | 8, 2 | 8)  # the rays each corner (+1 column, +2 row) can cut


# The tables of one game's dots and board (read-only, shared by the searches of that game).
class Rings:
    def __init__(self, game):
        size = game.size
        self.dots_of = game.dots  # the game's own list: cheaper to compare than a key
        cells = size * size
        self.size = size
        self.cells = cells
        self.full = (1 << size) - 1
        self.dots = len(game.dots)
        self.dot_col = bytes(c for c, r in game.dots)
        self.dot_row = bytes(r for c, r in game.dots)
        # Per dot, four groups of three holes: a corner, then the two holes that bypass it.
        ring = bytearray()
        for c, r in game.dots:
            for x, y in ((c, r), (c - 1, r), (c, r - 1), (c + 1, r), (c + 2, r), (c + 1, r - 1),
                         (c, r + 1), (c - 1, r + 1), (c, r + 2), (c + 1, r + 1), (c + 2, r + 1), (c + 1, r + 2)):
                ring.append(x + y * size if 0 <= x < size and 0 <= y < size else OFF)
        self.ring = bytes(ring)
        # cell -> the dots whose ring holds it (a bit set), and its slot 0..11 in each of them.
        touches = array("H", [0] * cells)
        slot = bytearray(self.dots * cells)
        for d in range(self.dots):
            for k in range(12):
                cell = ring[d * 12 + k]
                if cell != OFF:
                    touches[cell] |= 1 << d
                    slot[d * cells + cell] = k
        self.touches = touches
        self.slot = slot
        # A mild preference for holes near the dots, for moves that touch no ring.
        near = bytearray(cells)
        for cell in range(cells):
            x, y = cell % size, cell // size
            best = 99
            for c, r in game.dots:
                best = min(best, max(abs(2 * x - 2 * c - 1), abs(2 * y - 2 * r - 1)))
            near[cell] = max(0, 8 - best)
        self.near = near
        self.nb = game.neighbours  # the 8-neighbour lists
        self.nb_start = game.neighbour_starts
        self.steps = array("h", [1, -1, size, -size])  # to the 4 neighbours (not from the edge)
        self.edge = bytes(1 if x in (0, size - 1) or y in (0, size - 1) else 0
                          for y in range(size) for x in range(size))
        # The 4 neighbours of every hole (right, left, up, down; 255 beyond the edge), for ai_cut.
        nb4 = bytearray(4 * cells)
        for cell in range(cells):
            x, y = cell % size, cell // size
            nb4[4 * cell] = cell + 1 if x < size - 1 else 255
            nb4[4 * cell + 1] = cell - 1 if x > 0 else 255
            nb4[4 * cell + 2] = cell + size if y < size - 1 else 255
            nb4[4 * cell + 3] = cell - size if y > 0 else 255
        self.nb4 = bytes(nb4)
