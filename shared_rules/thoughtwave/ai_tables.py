# Thoughtwave's AI (thoughtwave/ai.py, thoughtwave/ai_links.py): the tables both modules read,
# built once at import; their builders are deleted then (their code leaves the device's heap).
from micropython import const

from shared_rules.thoughtwave.rules import CELLS, NEIGHBOURS, NO_CELL, PIECE_BITS, SIZE

LEFT = const(0)  # the sides of the board, as indices into BORDER and SIDE_CELLS
RIGHT = const(1)
BOTTOM = const(2)
TOP = const(3)
SIDES = ((LEFT, RIGHT), (BOTTOM, TOP))


def _side_tables():
    """Per side: the border edge bit of each square on it (0 elsewhere), and its squares."""
    borders, cells = [], []
    for side, bit in ((LEFT, 8), (RIGHT, 2), (BOTTOM, 4), (TOP, 1)):
        border = bytearray(CELLS)
        on = bytearray()
        for c in range(CELLS):
            x, y = c % SIZE, c // SIZE
            if (side == LEFT and x == 0) or (side == RIGHT and x == SIZE - 1) or (
                    side == BOTTOM and y == 0) or (side == TOP and y == SIZE - 1):
                border[c] = bit
                on.append(c)
        borders.append(bytes(border))
        cells.append(bytes(on))
    return tuple(borders), tuple(cells)


def _union_table(shift):
    """8 bits of a set of masks (bit i: mask i + shift) -> the OR of those masks."""
    out = bytearray(256)
    for bits in range(256):
        u = 0
        for i in range(8):
            if bits >> i & 1:
                u |= i + shift
        out[bits] = u
    return bytes(out)


def _inner_table():
    """Square -> the edges that have a neighbour."""
    inner = bytearray(CELLS)
    for c in range(CELLS):
        for k in range(4):
            if NEIGHBOURS[4 * c + k] != NO_CELL:
                inner[c] |= 1 << k
    return bytes(inner)


def _kinds_table(shift):
    """8 bits of a set of masks (bit i: mask i + shift) -> the kinds of pieces (bits 0..4)."""
    out = bytearray(256)
    for bits in range(256):
        for i in range(8):
            if bits >> i & 1 and i + shift:
                for k in range(5):
                    if PIECE_BITS[k] >> (i + shift) & 1:
                        out[bits] |= 1 << k
    return bytes(out)


BORDER, SIDE_CELLS = _side_tables()
INNER = _inner_table()
PAIR_EDGES = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))  # two different edges
# A mask -> the indices in PAIR_EDGES of its pairs of wave edges.
MASK_PAIRS = tuple(tuple(p for p in range(6) if mask >> PAIR_EDGES[p][0] & 1 and
                         mask >> PAIR_EDGES[p][1] & 1) for mask in range(16))
UNION_LO = _union_table(0)
UNION_HI = _union_table(8)
# A set of edges -> the masks (bits 1..15, like FIT) with no wave on any of them.
AVOIDING = tuple(sum(1 << m for m in range(1, 16) if not m & bad) for bad in range(16))
# A set of edges -> the masks (bits 1..15, like FIT) that carry them all.
CONTAINING = tuple(sum(1 << m for m in range(1, 16) if m & need == need) for need in range(16))
KINDS_LO = _kinds_table(0)
KINDS_HI = _kinds_table(8)
del _side_tables, _union_table, _inner_table, _kinds_table  # (run once)
MULTI = 0xFFFF & ~(1 | 2 | 4 | 16 | 256)  # masks of two waves or more, as a set like FIT
BACK = (4, 8, 1, 2)  # direction (N E S W) -> the bit of the neighbour's edge facing back
BIT_DIR = (0, 0, 1, 0, 2, 0, 0, 0, 3)  # a border edge bit -> its direction
# Offset to a neighbour (+ SIZE) -> the edge bit towards it (N +10, E +1, S -10, W -1).
TOWARDS = bytes(1 if i == 2 * SIZE else 2 if i == SIZE + 1 else 4 if i == 0 else
                8 if i == SIZE - 1 else 0 for i in range(2 * SIZE + 1))
POPCOUNT = bytes(bin(i).count("1") for i in range(32))
LOWEST = bytes(min([k for k in range(5) if i >> k & 1] or [255]) for i in range(32))  # lowest bit
ZERO_CELLS = bytes(CELLS)
