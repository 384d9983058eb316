"""Builds shared_rules/throngs/boards.py from docs/rules/throngs_boards.json (Ludii's boards),
the torus (docs/rules/throngs.md "Torus 81") and the perforated board ("Perforated 54"), which
Ludii lacks.

    python -m tools.checks.gen_throngs_boards [JSON] [OUT]

The device reads no JSON at run time, so the four boards (Ludii's site numbering) become
compact `bytes` tables in a Python module: per site the neighbour in each of six directions,
screen coordinates, and the start sites.  The JSON's tables are checked while converting: the
neighbour lists must equal the direction table and every direction must be one grid step.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_JSON = os.path.join(ROOT, "docs", "rules", "throngs_boards.json")
DEFAULT_OUT = os.path.join(ROOT, "shared_rules", "throngs/boards.py")

# Stored direction order: direction d and d + 3 (mod 6) are opposite.
DIRECTIONS = ("E", "NNE", "NNW", "W", "SSW", "SSE")
# Grid step (row, col) of each direction in the JSON's `rowcol` (rows count up from the bottom).
DELTAS = {"E": (0, 1), "NNE": (1, 1), "NNW": (1, 0), "W": (0, -1), "SSW": (-1, -1), "SSE": (-1, 0)}
NO_SITE = 255
TORUS = "torus81"  # option value of the torus board
TORUS_SIDE = 9
# The torus's grid step (row, col) of each direction: neighbours (r, c+-1), (r+-1, c),
# (r+1, c-1), (r-1, c+1), all mod 9.
TORUS_DELTAS = {"E": (0, 1), "NNE": (1, 0), "NNW": (1, -1), "W": (0, -1), "SSW": (-1, 0), "SSE": (-1, 1)}
PERFORATED = "perforated54"  # option value of the perforated board
PERFORATED_SIDE = 5  # a hexagon of 5 sites a side ...
PERFORATED_HOLES = 7  # ... less the points of every 7th, in the pattern (r + 2c - 3 * 4) % 7 == 0
# Black's start site (row, col); White's are its images under the board's 120 and 240 degree turns.
PERFORATED_BLACK = (1, 1)
# Option value -> the JSON's board name.
BOARDS = (
    ("63", "RaggedHex 63-Node (DEFAULT)"),
    ("93", "Throngs 93-Node (original)"),
    ("87", "Ragged Hex 87-Node"),
    ("153", "Ragged Hex 153-Node"),
)


def convert(board, label):
    """(steps, xs, ys, black_start, white_start) as bytes for one JSON board; ValueError if inconsistent."""
    n = board["num_sites"]
    rowcol = board["rowcol"]
    if len(rowcol) != n or n >= NO_SITE:
        raise ValueError("%s: %d sites but %d coordinates" % (label, n, len(rowcol)))
    steps = bytearray()
    for site in range(n):
        row, col = rowcol[site]
        table = board["step"][str(site)]
        seen = set()
        for name in DIRECTIONS:
            other = table[name]
            if other is None:
                steps.append(NO_SITE)
                continue
            drow, dcol = DELTAS[name]
            if rowcol[other] != [row + drow, col + dcol]:
                raise ValueError("%s: site %d's %s neighbour %d is not one grid step away" % (label, site, name, other))
            steps.append(other)
            seen.add(other)
        if seen != set(board["adj"][str(site)]):
            raise ValueError("%s: site %d's neighbour list differs from its direction table" % (label, site))
    # Screen position in half-steps across (neighbours in a row are 2 apart) and rows down.
    xs = [2 * col - row for row, col in rowcol]
    top = max(row for row, _ in rowcol)
    left = min(xs)
    xs = bytes(x - left for x in xs)
    ys = bytes(top - row for row, _ in rowcol)
    return (bytes(steps), xs, ys, bytes(board["start_p1_black"]), bytes(board["start_p2_white"]))


def torus():
    """(steps, xs, ys, black_start, white_start) of the torus: site (r, c) is 9r + c, rows from
    the bottom; every direction wraps.  Drawn as a rhombus leaning right (x = 2c + r half steps,
    y = rows from the top); no start stones (the 3-stone pie)."""
    side = TORUS_SIDE
    steps = bytearray()
    for site in range(side * side):
        row, col = divmod(site, side)
        for name in DIRECTIONS:
            drow, dcol = TORUS_DELTAS[name]
            steps.append((row + drow) % side * side + (col + dcol) % side)
    xs = bytes(2 * (s % side) + s // side for s in range(side * side))
    ys = bytes(side - 1 - s // side for s in range(side * side))
    return (bytes(steps), xs, ys, b"", b"")


def _perforated_points():
    """The perforated board's points (row, col), rows from the bottom, row by row, left to right:
    a hexagon of PERFORATED_SIDE a side (col - row within +-(side - 1)) without its holes."""
    m = PERFORATED_SIDE - 1
    return [(row, col) for row in range(2 * m + 1) for col in range(2 * m + 1)
            if row - m <= col <= row + m and (row + 2 * col - 3 * m) % PERFORATED_HOLES]


def _turn(point, times):
    """`point` turned by 60 degrees `times` times about the hexagon's centre (a hole)."""
    m = PERFORATED_SIDE - 1
    row, col = point[0] - m, point[1] - m
    for _ in range(times):
        row, col = col, col - row
    return (row + m, col + m)


def perforated():
    """(steps, xs, ys, black_start, white_start) of the perforated board (docs/rules/throngs.md
    "Perforated 54"): the grid's directions as on Ludii's boards (DELTAS); a hole is off the
    board for steps, jumps and neighbours."""
    points = _perforated_points()
    number = dict((p, i) for i, p in enumerate(points))
    steps = bytearray()
    for row, col in points:
        for name in DIRECTIONS:
            drow, dcol = DELTAS[name]
            steps.append(number.get((row + drow, col + dcol), NO_SITE))
    xs = [2 * col - row for row, col in points]
    left = min(xs)
    top = max(row for row, _ in points)
    black = bytes([number[PERFORATED_BLACK]])
    white = bytes([number[_turn(PERFORATED_BLACK, 2)], number[_turn(PERFORATED_BLACK, 4)]])
    return (bytes(steps), bytes(x - left for x in xs), bytes(top - row for row, _ in points), black, white)


def hex_bytes(data):
    return "b'" + "".join("\\x%02x" % v for v in data) + "'"


def literal(data, indent):
    """A bytes value as source lines of at most ~90 characters (adjacent literals concatenate)."""
    if len(data) <= 16:
        return hex_bytes(data)
    parts = []
    for start in range(0, len(data), 18):
        parts.append(" " * indent + hex_bytes(data[start:start + 18]))
    return "(\n" + "\n".join(parts) + "\n" + " " * (indent - 4) + ")"


def generate(boards_json):
    out = [
        "# Generated by tools/checks/gen_throngs_boards.py from docs/rules/throngs_boards.json: do not edit.",
        "#",
        "# The four Throngs boards in Ludii's site numbering (row by row from the bottom, left to",
        "# right), the torus (site 9r + c, every direction wrapping; no start stones: the pie) and the",
        "# perforated board (a hexagon of 5 a side with 7 holes, numbered as Ludii's boards).",
        "# Per board: STEPS holds 6 bytes per site, the neighbour in directions",
        "# %s (d and d+3 are opposite; %d = off the board);" % (", ".join(DIRECTIONS), NO_SITE),
        "# X, Y are screen positions (X in half grid steps from the left, so row neighbours are 2",
        "# apart; Y in rows from the top, rows are sqrt(3) half-steps apart); then the start sites.",
        "from micropython import const",
        "",
        "NO_SITE = const(%d)" % NO_SITE,
        "NAMES = (%s)" % ", ".join('"%s"' % name for name in [name for name, _ in BOARDS] + [TORUS, PERFORATED]),
        "",
        "",
        "def board(name):",
        '    """(sites, STEPS, X, Y, black start sites, white start sites) of board `name` (one of NAMES)."""',
    ]
    tables = [(name, boards_json[label]["num_sites"], convert(boards_json[label], label)) for name, label in BOARDS]
    tables.append((TORUS, TORUS_SIDE * TORUS_SIDE, torus()))
    tables.append((PERFORATED, len(_perforated_points()), perforated()))
    for i, (name, sites, data) in enumerate(tables):
        out.append('    %s name == "%s":' % ("if" if i == 0 else "elif", name))
        out.append("        return (")
        out.append("            %d," % sites)
        for part in data:
            out.append("            %s," % literal(part, 16))
        out.append("        )")
    out.append('    raise ValueError("no Throngs board %s" % name)')
    return "\n".join(out) + "\n"


def main(argv):
    src = argv[0] if argv else DEFAULT_JSON
    dst = argv[1] if len(argv) > 1 else DEFAULT_OUT
    with open(src) as f:
        text = generate(json.load(f))
    with open(dst, "w") as f:
        f.write(text)
    print("wrote %s (%d bytes)" % (os.path.relpath(dst), len(text)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
