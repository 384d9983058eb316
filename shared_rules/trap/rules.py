"""Trap (Prof. Sam S. Rakover): place, then move, your balls to enclose a red dot.

Rules as implemented, with the rulings: docs/rules/trap.md.

Options
  size   holes per side, "8" by default; any integer 7..16 (40 balls need room to move).
  dots   "five" (default: the middle square plus one near each corner, d4 b2 f2 b6 f6 on 8x8),
         "center" (the middle square only), or an explicit list of squares like "d4,b2,f6";
         a dot is named by the hole at the lower-left corner of its unit square, so "d4" is the
         dot at the centre of d4-e5.  Validated against the board size.
  first  "light" (default) or "dark": who places first (the seed: "Players decide who goes
         first"); the players then alternate.

Moves (ints)
  placement (phase 1)   the hole's cell number: col + row * size
  move (phase 2)        (from_cell + 1) * 256 + to_cell
  PASS                  the only legal move of a phase-2 player who has no move
Notation: a placement "d4", a move "d4-f6", "pass".

For the app and the AI (all read-only):
  game.size, game.board (bytearray: cell -> 0 empty, 1 Light, 2 Dark), game.hand[player]
  game.dots              list of (col, row): the lower-left hole of each dot's unit square
  game.phase()           1 (placing) or 2 (moving)
  game.cell_xy(cell)     -> (col, row), col 0 = a, row 0 = 1
  game.cell_at(col, row) -> cell
  game.move_cells(move)  -> (from_cell, to_cell); from_cell is -1 for a placement,
                            both are -1 for PASS
  Trap.move(from_cell, to_cell) -> the phase-2 move; Trap.move_source(move), Trap.move_target(move)
                            -> its from_cell (-1 for a placement) and to_cell, without a tuple
                            (not for PASS)
  SOURCE_SHIFT, TARGET_MASK the move's layout, for loops over many moves (no call per move):
                            from_cell = (move >> SOURCE_SHIFT) - 1, to_cell = move & TARGET_MASK
  game.neighbours, game.neighbour_starts: the 8-neighbour lists, cell c's in
                            neighbours[neighbour_starts[c]:neighbour_starts[c + 1]]
  game.trapped_dots(player) -> indexes into game.dots that the player's chains enclose
With a colour (the board's value, 1 Light, 2 Dark):
  game.dot_trapped(colour, dot)     -> does colour trap game.dots[dot]
  game.movement_ok(from_cell, to_cell, colour) -> may that ball go there (phase 2: it leaves no
                            ball of the colour single; `from_cell` holds one, `to_cell` is empty)
"""
from array import array

from micropython import const

from shared_rules.game import DRAW, ONGOING, Game, GameError, clip, number_of

BALLS_EACH = const(20)
PASS = const(0x20000)
MAX_PHASE2_MOVES = const(100)  # Ruling: 100 phase-2 decisions without a trap is a draw
REPEATS_FOR_DRAW = const(3)  # Ruling: a phase-2 position seen three times is a draw
MIN_SIZE = const(7)
MAX_SIZE = const(16)

# A move: (from_cell + 1) << SOURCE_SHIFT | to_cell (a placement: from_cell -1); PASS apart.
SOURCE_SHIFT = const(8)
TARGET_MASK = const(0xFF)

_EMPTY = const(0)
_OUTSIDE = const(0xFFFF)  # "triangle" beyond the board outline
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_PIECE_CHARS = ".LD"


# Hot paths assign several locals one per line: MicroPython builds a heap tuple for a
# multiple assignment of more than three names.
def _zeros(count):
    """array('H') of `count` zeros, made from raw bytes (2 a value: the same count on CPython
    and MicroPython) without a loop, which is slow on the device."""
    return array("H", bytes(2 * count))


class _Geometry:
    """Tables for one board size, shared by every game of that size."""

    def __init__(self, size):
        self.size = size
        cells = size * size
        self.cells = cells
        self.col = bytes(c % size for c in range(cells))
        self.row = bytes(c // size for c in range(cells))
        # 8-neighbour lists, cell c's in nb[nb_start[c]:nb_start[c + 1]]: the row below, its own
        # row, the row above, each from the left (neither a loop over the nine offsets nor a
        # tuple of the three rows per cell: both are slow on the device).
        starts = _zeros(cells + 1)
        nbs = bytearray(8 * cells)
        k = 0
        last = size - 1
        for c in range(cells):
            x = c % size
            left = c - 1 if x > 0 else c        # the span of columns, in the cell's own row
            end = c + 2 if x < last else c + 1
            if c >= size:
                for v in range(left - size, end - size):
                    nbs[k] = v
                    k += 1
            for v in range(left, end):
                if v != c:
                    nbs[k] = v
                    k += 1
            if c < cells - size:
                for v in range(left + size, end + size):
                    nbs[k] = v
                    k += 1
            starts[c + 1] = k
        self.nb_start = starts
        self.nb = bytes(nbs[:k])
        # The triangles' passages, for the trap test's flood fill: filled by the first test
        # that needs them (a dot whose four rays are all cut, some moves into a game), not in
        # the new game's first screen; allocated here, while the
        # heap has room for the block.
        self.triangles = 4 * (size - 1) * (size - 1)
        self.passages = _zeros(9 * self.triangles)
        # Scratch space for the flood fill and the repetition check (never allocated in play).
        self.seen = bytearray(self.triangles)
        self.stamp = 0      # the flood fill's last mark (0: no flood fill yet, passages unfilled)
        self.stack = _zeros(self.triangles)
        self.scratch = bytearray(cells)
        # Zobrist keys for the repetition rule: 30 bits from a 16-bit generator, so that every
        # value and every step stays a small int on MicroPython (no heap use).
        keys = []
        x = size
        for _ in range(2 * cells + 1):
            x = (x * 75 + 74) % 65537
            high = x & 0x7FFF
            x = (x * 75 + 74) % 65537
            keys.append(high << 15 | (x & 0x7FFF))
        self.keys = keys


def _fill_passages(out, size):
    """For every triangle, its three passages as (neighbour triangle, hole, hole), into `out`.

    The unit square with lower-left hole (c, r) is split by its diagonals into triangles
    N, E, S, W (index 4 * square + 0..3).  A passage is shut when both holes hold the player's
    pieces: those pieces are connected, and their link lies on the shared edge.  Triangles on
    the outline lead to _OUTSIDE through the board's edge (open unless a link lies on it).
    """
    n = size - 1  # unit squares per side
    i = 0
    # A square's 36 values at once (a call per passage is slow on the device).  Its
    # neighbours' triangles: S of the square above, W of the one on the
    # right, N of the one below, E of the one on the left.
    for r in range(n):
        for c in range(n):
            ll = c + r * size
            lr = ll + 1
            ul = ll + size
            ur = ul + 1
            first = (c + r * n) * 4
            above = first + 4 * n + 2 if r + 1 < n else _OUTSIDE
            right = first + 7 if c + 1 < n else _OUTSIDE
            below = first - 4 * n if r > 0 else _OUTSIDE
            left = first - 3 if c > 0 else _OUTSIDE
            # N: across the top side; to E across the '/' half; to W across '\'.
            # E: across the right side; to N across '/'; to S across '\'.
            # S: across the bottom side; to W across '/'; to E across '\'.
            # W: across the left side; to S across '/'; to N across '\'.
            out[i:i + 36] = array("H", (above, ul, ur, first + 1, ll, ur, first + 3, ul, lr,
                                        right, lr, ur, first, ll, ur, first + 2, ul, lr,
                                        below, ll, lr, first + 3, ll, ur, first + 1, ul, lr,
                                        left, ll, ul, first + 2, ll, ur, first, ul, lr))
            i += 36


def _dot_rays(dots, size):
    """Four straight rays from each dot to the outline, as the links that would cut them.

    A ray along the dot's row (or column) crosses the unit-square sides on its way and the
    squares' diagonals.  When none of those is a link, the dot's triangle on that side walks
    straight out (side, then around the square's centre, then the next side): the dot is not
    trapped.  Returns (holes, starts): ray k = 4 * dot + direction has the hole pairs
    holes[2 * starts[k]:2 * starts[k + 1]].
    """
    n = size - 1
    holes = bytearray()
    starts = _zeros(4 * len(dots) + 1)
    k = 0
    for c, r in dots:
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            x, y = c, r
            while True:
                # The side of square (x, y) the ray leaves by.
                if dx:
                    side = x + (1 if dx > 0 else 0)
                    holes.append(side + y * size)
                    holes.append(side + (y + 1) * size)
                else:
                    side = y + (1 if dy > 0 else 0)
                    holes.append(x + side * size)
                    holes.append(x + 1 + side * size)
                x += dx
                y += dy
                if not (0 <= x < n and 0 <= y < n):
                    break
                # Both diagonals of the next square.
                holes.append(x + y * size)
                holes.append(x + 1 + (y + 1) * size)
                holes.append(x + (y + 1) * size)
                holes.append(x + 1 + y * size)
            k += 1
            starts[k] = len(holes) // 2
    return bytes(holes), starts


_cached_geometry = None


def _geometry(size):
    # Only the last size is kept: the device plays one game at a time.
    global _cached_geometry
    g = _cached_geometry
    if g is None or g.size != size:
        g = _Geometry(size)
        _cached_geometry = g
    return g


def _dot_squares(text, size):
    """The dots option -> list of (col, row) of each dot square's lower-left hole."""
    n = size - 1
    if text == "five":
        mid = (n - 1) // 2
        return [(mid, mid), (1, 1), (n - 2, 1), (1, n - 2), (n - 2, n - 2)]
    if text == "center":
        mid = (n - 1) // 2
        return [(mid, mid)]
    dots = []
    for word in text.split(","):
        sq = _parse_square(word, size)
        if sq < 0:
            raise GameError("dots: '%s' is not a square; give 'five', 'center' or squares like d4,b2" % word)
        col, row = sq % size, sq // size
        if col >= n or row >= n:
            raise GameError("dots: %s has no unit square above-right of it on a %dx%d board" % (word, size, size))
        if (col, row) in dots:
            raise GameError("dots: %s is listed twice" % word)
        dots.append((col, row))
    return dots


def _square_name(cell, size):
    return "%s%d" % (_LETTERS[cell % size], cell // size + 1)


def _parse_square(text, size):
    """'d4' -> cell, or -1 when it is not a square of the board."""
    if len(text) < 2 or text[0] not in _LETTERS[:size]:
        return -1
    digits = text[1:]
    if digits[0] == "0" or number_of(digits) < 0:
        return -1
    row = number_of(digits) - 1
    if row >= size:
        return -1
    return _LETTERS.index(text[0]) + row * size


class Trap(Game):
    NAME = "trap"
    PLAYERS = ("Light", "Dark")
    OPTIONS = {"size": ("8", "7", "9", "10", "12", "*int"), "dots": ("five", "center"), "first": ("light", "dark")}
    INT_RANGES = {"size": (MIN_SIZE, MAX_SIZE)}

    def __init__(self, options=None):
        # The dots option also takes an explicit square list, which parse_options cannot check.
        given = {}
        dots_text = "five"
        if options:
            for key in options:
                if key == "dots":
                    dots_text = str(options[key])
                else:
                    given[key] = options[key]
        Game.__init__(self, given)
        size = int(self.options["size"])
        self.dots = _dot_squares(dots_text, size)
        # Each dot's first triangle (its square's N), and its four rays, for the trap test.
        self._dot_triangles = _zeros(len(self.dots))
        for i in range(len(self.dots)):
            self._dot_triangles[i] = (self.dots[i][0] + self.dots[i][1] * (size - 1)) * 4
        self._ray_gates, self._ray_starts = _dot_rays(self.dots, size)
        self.options["dots"] = dots_text
        self.size = size
        self._geo = _geometry(size)
        self.neighbours = self._geo.nb
        self.neighbour_starts = self._geo.nb_start
        self.board = bytearray(size * size)
        self._first = 1 if self.options["first"] == "dark" else 0
        self._reset(self._first, BALLS_EACH, BALLS_EACH, 0)

    def _reset(self, to_move, light_hand, dark_hand, phase2_moves):
        self.history = []
        self.hand = [light_hand, dark_hand]
        self._to_move = to_move
        self._phase2_moves = phase2_moves
        self._winner = ONGOING
        self._removed = []  # cells * 4 + colour of the single pieces taken off after phase 1
        self._removal_at = -1  # len(history) when that happened
        keys = self._geo.keys
        h = 0
        for c in range(self._geo.cells):
            if self.board[c]:
                h ^= keys[2 * c + self.board[c] - 1]
        self._hash = h
        self._seen_positions = [self._position_key()] if self.phase() == 2 else []

    # --- geometry for callers ---------------------------------------------------------------
    def phase(self):
        return 1 if self.hand[0] or self.hand[1] else 2

    def cell_xy(self, cell):
        return cell % self.size, cell // self.size

    def cell_at(self, col, row):
        return col + row * self.size

    def move_cells(self, move):
        if move == PASS:
            return -1, -1
        return (move >> SOURCE_SHIFT) - 1, move & TARGET_MASK

    @staticmethod
    def move(source, target):
        return (source + 1) << SOURCE_SHIFT | target

    @staticmethod
    def move_source(move):
        return (move >> SOURCE_SHIFT) - 1

    @staticmethod
    def move_target(move):
        return move & TARGET_MASK

    # --- protocol -----------------------------------------------------------------------------
    def to_move(self):
        return self._to_move

    def winner(self):
        return self._winner

    def legal_moves(self):
        if self._winner != ONGOING:
            return []
        board = self.board
        if self.phase() == 1:
            return [c for c in range(self._geo.cells) if board[c] == _EMPTY]
        moves = self._movements(self._to_move + 1)
        return moves if moves else [PASS]

    def _movements(self, me):
        """Every phase-2 move of colour `me` that leaves none of its pieces single."""
        geo = self._geo
        board = self.board
        nb = geo.nb
        starts = geo.nb_start
        col = geo.col
        row = geo.row
        cells = geo.cells
        own = geo.scratch  # own-neighbour count of every cell
        for c in range(cells):
            k = 0
            for i in range(starts[c], starts[c + 1]):
                if board[nb[i]] == me:
                    k += 1
            own[c] = k
        targets = [c for c in range(cells) if board[c] == _EMPTY and own[c]]
        moves = []
        for a in range(cells):
            if board[a] != me:
                continue
            base = (a + 1) << SOURCE_SHIFT
            # Neighbours whose only own neighbour is `a`: the target must touch each of them.
            needy = -1
            needy2 = -1
            many = False
            for i in range(starts[a], starts[a + 1]):
                q = nb[i]
                if board[q] == me and own[q] == 1:
                    if needy < 0:
                        needy = q
                    elif needy2 < 0:
                        needy2 = q
                    else:
                        many = True
            if needy < 0:
                ax, ay = col[a], row[a]
                for t in targets:
                    # A target whose only own neighbour is `a` itself would leave the ball single.
                    if own[t] == 1 and -1 <= col[t] - ax <= 1 and -1 <= row[t] - ay <= 1:
                        continue
                    moves.append(base | t)
            elif not many:
                # Targets touching the needy neighbour(s) (they then touch an own piece too).
                for i in range(starts[needy], starts[needy + 1]):
                    t = nb[i]
                    if board[t] != _EMPTY:
                        continue
                    if needy2 >= 0 and not (-1 <= col[t] - col[needy2] <= 1 and -1 <= row[t] - row[needy2] <= 1):
                        continue
                    moves.append(base | t)
            else:  # three or more: rare, so the exact test decides
                for i in range(starts[needy], starts[needy + 1]):
                    t = nb[i]
                    if board[t] == _EMPTY and self.movement_ok(a, t, me):
                        moves.append(base | t)
        return moves

    def movement_ok(self, a, t, me):
        """Exact phase-2 test: after a -> t no piece of colour `me` is single."""
        geo = self._geo
        board = self.board
        nb = geo.nb
        starts = geo.nb_start
        col = geo.col
        row = geo.row
        if board[a] != me or board[t] != _EMPTY:
            return False
        ok = False
        for i in range(starts[t], starts[t + 1]):
            q = nb[i]
            if q != a and board[q] == me:
                ok = True
                break
        if not ok:
            return False
        tx, ty = col[t], row[t]
        for i in range(starts[a], starts[a + 1]):
            q = nb[i]
            if board[q] != me or (-1 <= col[q] - tx <= 1 and -1 <= row[q] - ty <= 1):
                continue
            ok = False
            for j in range(starts[q], starts[q + 1]):
                r = nb[j]
                if r != a and board[r] == me:
                    ok = True
                    break
            if not ok:
                return False
        return True

    def _check_legal(self, move):
        if self._winner != ONGOING:
            raise GameError("the game is over")
        cells = self._geo.cells
        if self.phase() == 1:
            if not isinstance(move, int) or move < 0 or move >= cells:
                raise GameError("phase 1: a move is a placement on an empty hole")
            if self.board[move] != _EMPTY:
                raise GameError("%s is not empty" % _square_name(move, self.size))
            return
        me = self._to_move + 1
        if move == PASS:
            if self._movements(me):
                raise GameError("pass: %s has a move" % self.PLAYERS[self._to_move])
            return
        if not isinstance(move, int) or move < 256:
            raise GameError("phase 2: a move takes one of your balls to an empty hole")
        a, t = (move >> SOURCE_SHIFT) - 1, move & TARGET_MASK
        if a >= cells or t >= cells:
            raise GameError("no such hole")
        if self.board[a] != me:
            raise GameError("%s holds no %s ball" % (_square_name(a, self.size), self.PLAYERS[me - 1]))
        if self.board[t] != _EMPTY:
            raise GameError("%s is not empty" % _square_name(t, self.size))
        if not self.movement_ok(a, t, me):
            raise GameError("%s would leave a single %s ball" % (self.move_to_text(move), self.PLAYERS[me - 1]))

    def play(self, move):
        self._check_legal(move)
        me = self._to_move + 1
        board, keys = self.board, self._geo.keys
        if self.phase() == 1:
            board[move] = me
            self._hash ^= keys[2 * move + me - 1]
            self.hand[me - 1] -= 1
            self.history.append(move)
            self._to_move ^= 1
            if self.phase() == 2:
                # Singles have no links, so taking them off cannot make or break a trap.
                self._remove_single_pieces()
                self._seen_positions.append(self._position_key())
            if self._traps(me, move):
                self._winner = me - 1
            return
        if move != PASS:
            a, t = (move >> SOURCE_SHIFT) - 1, move & TARGET_MASK
            board[a] = _EMPTY
            board[t] = me
            self._hash ^= keys[2 * a + me - 1] ^ keys[2 * t + me - 1]
        self.history.append(move)
        self._to_move ^= 1
        self._phase2_moves += 1
        self._seen_positions.append(self._position_key())
        if move != PASS and self._traps(me, move & TARGET_MASK):
            self._winner = me - 1
        elif self._repetitions() >= REPEATS_FOR_DRAW or self._phase2_moves >= MAX_PHASE2_MOVES:
            self._winner = DRAW

    def undo(self):
        if not self.history:
            raise GameError("nothing to undo")
        board, keys = self.board, self._geo.keys
        if len(self.history) == self._removal_at:  # the last placement also removed singles
            for item in self._removed:
                board[item >> 2] = item & 3
                self._hash ^= keys[2 * (item >> 2) + (item & 3) - 1]
            self._removed = []
            self._removal_at = -1
            self._seen_positions.pop()
        move = self.history.pop()
        self._winner = ONGOING
        self._to_move ^= 1
        me = self._to_move + 1
        if move >= 256:  # a phase-2 move or PASS
            self._phase2_moves -= 1
            self._seen_positions.pop()
            if move != PASS:
                a, t = (move >> SOURCE_SHIFT) - 1, move & TARGET_MASK
                board[t] = _EMPTY
                board[a] = me
                self._hash ^= keys[2 * a + me - 1] ^ keys[2 * t + me - 1]
        else:
            board[move] = _EMPTY
            self._hash ^= keys[2 * move + me - 1]
            self.hand[me - 1] += 1

    def _remove_single_pieces(self):
        # Seed: "Once all of the pieces are placed on the board, any single pieces are removed."
        geo = self._geo
        board = self.board
        nb = geo.nb
        starts = geo.nb_start
        keys = geo.keys
        removed = []
        for c in range(geo.cells):
            colour = board[c]
            if not colour:
                continue
            single = True
            for i in range(starts[c], starts[c + 1]):
                if board[nb[i]] == colour:
                    single = False
                    break
            if single:
                removed.append(c * 4 + colour)
        for item in removed:
            board[item >> 2] = _EMPTY
            self._hash ^= keys[2 * (item >> 2) + (item & 3) - 1]
        self._removed = removed
        self._removal_at = len(self.history)

    # --- the trap test ------------------------------------------------------------------------
    def _traps(self, me, cell):
        """Did colour `me`'s ball just put on `cell` close a trap?

        A new enclosure needs a closed curve through a new link: either two links at `cell`, or
        a new diagonal crossing an old one, whose ends are then also `cell`'s own neighbours.
        So a ball with fewer than two own neighbours cannot have trapped anything.
        """
        geo = self._geo
        board, nb = self.board, geo.nb
        k = 0
        for i in range(geo.nb_start[cell], geo.nb_start[cell + 1]):
            if board[nb[i]] == me:
                k += 1
        if k < 2:
            return False
        for i in range(len(self._dot_triangles)):
            if self.dot_trapped(me, i):
                return True
        return False

    def trapped_dots(self, player):
        """Indexes (into self.dots) of the dots that `player`'s chains enclose."""
        return [i for i in range(len(self.dots)) if self.dot_trapped(player + 1, i)]

    def dot_trapped(self, me, dot):
        """Spec "Trap", exact test: does colour `me` (the board's value: 1 Light, 2 Dark) trap
        self.dots[dot]?  True when no triangle of the dot's square reaches the outside."""
        board = self.board
        gates = self._ray_gates
        starts = self._ray_starts
        for k in range(4 * dot, 4 * dot + 4):  # a ray no link cuts: out at once (the usual case)
            cut = False
            for g in range(2 * starts[k], 2 * starts[k + 1], 2):
                if board[gates[g]] == me and board[gates[g + 1]] == me:
                    cut = True
                    break
            if not cut:
                return False
        first = self._dot_triangles[dot]
        geo = self._geo
        if not geo.stamp:
            _fill_passages(geo.passages, self.size)
        passages = geo.passages
        seen = geo.seen
        stack = geo.stack
        stamp = geo.stamp + 1
        if stamp > 255:
            for i in range(geo.triangles):
                seen[i] = 0
            stamp = 1
        geo.stamp = stamp
        for k in range(4):
            stack[k] = first + k
            seen[first + k] = stamp
        sp = 4
        while sp:
            sp -= 1
            base = stack[sp] * 9
            # Three passages per triangle, unrolled: (neighbour, hole, hole).
            if board[passages[base + 1]] != me or board[passages[base + 2]] != me:
                t = passages[base]
                if t == _OUTSIDE:
                    return False
                if seen[t] != stamp:
                    seen[t] = stamp
                    stack[sp] = t
                    sp += 1
            if board[passages[base + 4]] != me or board[passages[base + 5]] != me:
                t = passages[base + 3]
                if seen[t] != stamp:
                    seen[t] = stamp
                    stack[sp] = t
                    sp += 1
            if board[passages[base + 7]] != me or board[passages[base + 8]] != me:
                t = passages[base + 6]
                if seen[t] != stamp:
                    seen[t] = stamp
                    stack[sp] = t
                    sp += 1
        return True

    def enclosing_balls(self, me, dot):
        """The cells of colour `me`'s balls whose links close the region around self.dots[dot]
        ([] when it is not trapped): the shut passages out of the region dot_trapped() floods."""
        if not self.dot_trapped(me, dot):
            return []
        geo = self._geo
        seen, stamp, passages = geo.seen, geo.stamp, geo.passages
        out = []
        for t in range(geo.triangles):
            if seen[t] != stamp:
                continue
            for p in range(9 * t, 9 * t + 9, 3):
                if passages[p] == _OUTSIDE or seen[passages[p]] != stamp:
                    for hole in (passages[p + 1], passages[p + 2]):
                        if hole not in out:
                            out.append(hole)
        return out

    def phase2_moves(self):
        """The phase-2 decisions played (the draw's limit counts them)."""
        return self._phase2_moves

    # --- draw by repetition -------------------------------------------------------------------
    def _position_key(self):
        return self._hash ^ (self._geo.keys[-1] if self._to_move else 0)

    def repeated(self):
        """Has the current position (the same player to move) occurred before in phase 2?"""
        return bool(self._seen_positions) and self._repetitions() > 1

    def _repetitions(self):
        """How often the current phase-2 position has occurred (hash match, then checked exactly)."""
        seen = self._seen_positions
        key = seen[-1]
        count = 1
        for back in range(2, len(seen), 2):  # same player to move: an even number ago
            if seen[-1 - back] == key and self._same_board_as(back):
                count += 1
        return count

    def _same_board_as(self, back):
        """Is the board `back` phase-2 decisions ago the current one?  Replays them backwards."""
        scratch = self._geo.scratch
        board = self.board
        for c in range(len(board)):
            scratch[c] = board[c]
        colour = 2 - self._to_move  # the colour of the last mover is (1 - to_move) + 1
        for i in range(1, back + 1):
            move = self.history[-i]
            if move != PASS:
                a, t = (move >> SOURCE_SHIFT) - 1, move & TARGET_MASK
                scratch[t] = _EMPTY
                scratch[a] = colour
            colour = 3 - colour
        for c in range(len(board)):
            if scratch[c] != board[c]:
                return False
        return True

    # --- text ---------------------------------------------------------------------------------
    def move_to_text(self, move):
        if move == PASS:
            return "pass"
        if move < 256:
            return _square_name(move, self.size)
        return "%s-%s" % (_square_name((move >> SOURCE_SHIFT) - 1, self.size), _square_name(move & TARGET_MASK, self.size))

    def move_from_text(self, text):
        text = text.strip().lower()
        if text == "pass":
            return PASS
        parts = text.split("-")
        cells = []
        for part in parts:
            c = _parse_square(part, self.size)
            if c < 0:
                raise GameError("'%s' is not a square of the %dx%d board (a1..%s)" % (
                    clip(part), self.size, self.size, _square_name(self.size * self.size - 1, self.size)))
            cells.append(c)
        if len(cells) == 1:
            if self.phase() != 1:
                raise GameError("phase 2: move a ball, e.g. d4-f6")
            return cells[0]
        if len(cells) != 2:
            raise GameError("a move is a square (d4) or two squares (d4-f6), not '%s'" % clip(text))
        if self.phase() == 1:
            raise GameError("phase 1: place a ball on a square, e.g. d4")
        return (cells[0] + 1) << SOURCE_SHIFT | cells[1]

    def encode(self):
        """Rows from the top ('.' empty, L, D) joined by '/', side to move, balls in hand, phase-2 moves."""
        size = self.size
        rows = []
        for r in range(size - 1, -1, -1):
            rows.append("".join(_PIECE_CHARS[self.board[c]] for c in range(r * size, r * size + size)))
        return "%s %s %d %d %d" % ("/".join(rows), "LD"[self._to_move], self.hand[0], self.hand[1],
                                   self._phase2_moves)

    def decode(self, text):
        words = text.split()
        if len(words) != 5:
            raise GameError("a trap position is: ROWS TO_MOVE LIGHT_IN_HAND DARK_IN_HAND PHASE2_MOVES")
        rows = words[0].split("/")
        size = self.size
        if len(rows) != size or any(len(r) != size for r in rows):
            raise GameError("the board must be %d rows of %d holes" % (size, size))
        board = bytearray(size * size)
        for i in range(size):
            for x in range(size):
                ch = rows[i][x]
                if ch not in _PIECE_CHARS:
                    raise GameError("'%s' is not a hole (use . L D)" % ch)
                board[x + (size - 1 - i) * size] = _PIECE_CHARS.index(ch)
        if words[1] not in ("L", "D"):
            raise GameError("side to move must be L or D")
        to_move = "LD".index(words[1])
        numbers = []
        for w in words[2:]:
            if not all("0" <= ch <= "9" for ch in w) or not w or len(w) > 6:   # (no count is that long)
                raise GameError("'%s' is not a count" % w[:20])
            numbers.append(int(w))
        hands, phase2_moves = numbers[:2], numbers[2]
        on_board = [0, 0]
        for c in range(len(board)):
            if board[c]:
                on_board[board[c] - 1] += 1
        for p in (0, 1):
            if hands[p] > BALLS_EACH or on_board[p] + hands[p] > BALLS_EACH:
                raise GameError("%s has more than %d balls" % (self.PLAYERS[p], BALLS_EACH))
        if hands[0] or hands[1]:
            if on_board[0] + hands[0] != BALLS_EACH or on_board[1] + hands[1] != BALLS_EACH:
                raise GameError("phase 1: balls on the board plus in hand must be %d each" % BALLS_EACH)
            first = self._first
            if to_move != first ^ (on_board[first] - on_board[1 - first]) or phase2_moves:
                raise GameError("phase 1: %s places first and the players alternate" % self.PLAYERS[first])
        if phase2_moves > MAX_PHASE2_MOVES:
            raise GameError("at most %d phase-2 moves" % MAX_PHASE2_MOVES)
        if not (hands[0] or hands[1]):
            single = self._first_single(board)
            if single >= 0:
                raise GameError("phase 2 has no single pieces, but %s is one" % _square_name(single, size))
        self.board[:] = board
        self._reset(to_move, hands[0], hands[1], phase2_moves)
        # The last mover is the likelier trapper; check them first.
        for p in (1 - to_move, to_move):
            if self.trapped_dots(p):
                self._winner = p
                return
        if phase2_moves >= MAX_PHASE2_MOVES:
            self._winner = DRAW

    def _first_single(self, board):
        """The first cell of `board` holding a ball with no neighbour of its colour, or -1."""
        geo = self._geo
        for c in range(geo.cells):
            if not board[c]:
                continue
            for i in range(geo.nb_start[c], geo.nb_start[c + 1]):
                if board[geo.nb[i]] == board[c]:
                    break
            else:
                return c
        return -1

    def render(self):
        size = self.size
        dots = self.dots
        lines = []
        for r in range(size - 1, -1, -1):
            cells = " ".join(_PIECE_CHARS[self.board[c]] for c in range(r * size, r * size + size))
            lines.append("%2d %s" % (r + 1, cells))
            if r > 0:  # dots sit between this row and the one below
                between = [" "] * (2 * size - 1)
                for col, row in dots:
                    if row == r - 1:
                        between[2 * col + 1] = "*"
                lines.append(("   " + "".join(between)).rstrip())
        lines.append("   " + " ".join(_LETTERS[:size]))
        if self._winner == ONGOING:
            state = "%s to move" % self.PLAYERS[self._to_move]
        elif self._winner == DRAW:
            state = "draw"
        else:
            state = "%s wins" % self.PLAYERS[self._winner]
        lines.append("phase %d, %s; in hand: Light %d, Dark %d; phase-2 moves %d" % (
            self.phase(), state, self.hand[0], self.hand[1], self._phase2_moves))
        return "\n".join(lines)
