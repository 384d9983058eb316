"""Thoughtwave (Dr Eric Solomon, 1998): lay wave tiles until a wave links your two sides.

Rules as implemented, with the rulings: docs/rules/thoughtwave.md.

Option
  red_links   "left-right" (default: Red links the left and right sides, Black top and bottom)
              or "top-bottom" (swapped).

A tile is its set of wave edges, a 4-bit mask: N = 1, E = 2, S = 4, W = 8.  Every non-empty
mask is exactly one piece in one distinct rotation (Terminator: 1 edge, Bend: 2 adjacent,
Straight: 2 opposite, Junction: 3, Cross: 4), so the board stores masks (0 = empty square).

Moves (ints)
  placement   cell * 16 + mask, cell = col + row * 10 (col 0 = a, row 0 = 1)
  PASS        the only legal move of a player who can place nothing
Notation: piece letter + rotation digit + "@" + square, e.g. "B2@e5"; "pass".

For the app and the AI (all read-only):
  game.board (bytearray: cell -> mask), game.hand[player * 5 + piece] (pieces left)
  game.edges (bytearray: per empty cell, care << 4 | wave: the edges that touch a placed tile,
                and those of them that meet a wave)
  FIT[care << 4 | wave] -> the masks that match those edges, as bits 1..15 of a 16-bit set
  PIECE_BITS[piece] -> the masks of the piece's rotations, a set like FIT's
  NEIGHBOURS[4 * cell + d] -> the neighbour in direction d (0 N, 1 E, 2 S, 3 W), or NO_CELL
  placement(cell, mask) -> move; placed_cell(move), placed_mask(move) (not for PASS);
                CELL_SHIFT: placed_cell(move) == move >> CELL_SHIFT, for loops over many moves
  PIECES = "CJSBT"; piece index 0..4 in that order; COUNTS the pieces each player starts with
  game.cell_xy(cell) -> (col, row); game.cell_at(col, row) -> cell
  game.move_cell(move) -> cell (-1 for PASS); game.move_piece(move) -> (piece, rotation)
  piece_of(mask), rotation_of(mask), mask_of(piece, rotation) (module functions)
  game.sides(player) -> the player's two sides as "left"/"right"/"bottom"/"top"
  game.winning_cells() -> the cells of the wave that links the winner's sides ([] if none)
"""
from array import array

from micropython import const

from shared_rules.game import DRAW, ONGOING, Game, GameError, clip, number_of

SIZE = const(10)
CELLS = const(100)
PASS = const(0xFFF)
CELL_SHIFT = const(4)      # a placement is cell << CELL_SHIFT | mask
N = const(1)
E = const(2)
S = const(4)
W = const(8)

PIECES = "CJSBT"
NAMES = ("Cross", "Junction", "Straight", "Bend", "Terminator")
COUNTS = (2, 6, 5, 10, 1)
_BASE = (N | E | S | W, N | E | S, N | S, N | E, N)  # rotation 0 of each piece
_ROTATIONS = (1, 4, 2, 4, 4)  # distinct rotations

# The sides of the board as bits of a wave component's "touches" set.  (Not union-find nodes:
# two waves that touch the same side are not joined by it.)
_LEFT = const(1)
_RIGHT = const(2)
_BOTTOM = const(4)
_TOP = const(8)
_SIDE_NAMES = ("left", "right", "bottom", "top")
NO_CELL = const(255)
_MAX_DECISIONS = const(256)  # 48 placements, and a pass needs a placement in between


def _rotate(mask):
    """One quarter turn clockwise: N -> E -> S -> W -> N."""
    return ((mask << 1) | (mask >> 3)) & 15


def _tables():
    piece = bytearray(16)
    rotation = bytearray(16)
    for p in range(5):
        m = _BASE[p]
        for r in range(_ROTATIONS[p]):
            piece[m] = p
            rotation[m] = r
            m = _rotate(m)
    # FIT[care << 4 | wave]: the masks whose edges match, as bits 1..15 of a 16-bit set.  `care`
    # are the edges that touch a placed tile, `wave` those of them that meet a wave.
    fit = []
    for key in range(256):
        care, wave = key >> 4, key & 15
        bits = 0
        for m in range(1, 16):
            if m & care == wave:
                bits |= 1 << m
        fit.append(bits)
    # The masks of each piece's distinct rotations, as a bit set like FIT's.
    piece_bits = []
    for p in range(5):
        bits = 0
        m = _BASE[p]
        for _ in range(_ROTATIONS[p]):
            bits |= 1 << m
            m = _rotate(m)
        piece_bits.append(bits)
    return bytes(piece), bytes(rotation), tuple(fit), tuple(piece_bits)


_PIECE_OF, _ROTATION_OF, FIT, PIECE_BITS = _tables()
# The set bits of each byte: legal_moves counts a cell's moves in two lookups, not a bit loop.
_BITS_IN = bytes(bin(b).count("1") for b in range(256))


def placement(cell, mask):
    """The move that places the tile `mask` on `cell`."""
    return cell << CELL_SHIFT | mask


def placed_cell(move):
    return move >> CELL_SHIFT


def placed_mask(move):
    return move & 15


def piece_of(mask):
    """Piece index (0..4, see PIECES) of a tile mask 1..15."""
    return _PIECE_OF[mask]


def rotation_of(mask):
    return _ROTATION_OF[mask]


def mask_of(piece, rotation):
    m = _BASE[piece]
    for _ in range(rotation):
        m = _rotate(m)
    return m


def _neighbours():
    """For cell c and direction d (0 N, 1 E, 2 S, 3 W): the neighbour cell, or NO_CELL."""
    out = bytearray(CELLS * 4)
    for c in range(CELLS):
        x, y = c % SIZE, c // SIZE
        out[4 * c] = c + SIZE if y < SIZE - 1 else NO_CELL
        out[4 * c + 1] = c + 1 if x < SIZE - 1 else NO_CELL
        out[4 * c + 2] = c - SIZE if y > 0 else NO_CELL
        out[4 * c + 3] = c - 1 if x > 0 else NO_CELL
    return bytes(out)


def _side_of_edge():
    """For cell c and direction d: the side bit of the border that edge lies on, or 0."""
    out = bytearray(CELLS * 4)
    for c in range(CELLS):
        x, y = c % SIZE, c // SIZE
        out[4 * c] = _TOP if y == SIZE - 1 else 0
        out[4 * c + 1] = _RIGHT if x == SIZE - 1 else 0
        out[4 * c + 2] = _BOTTOM if y == 0 else 0
        out[4 * c + 3] = _LEFT if x == 0 else 0
    return bytes(out)


NEIGHBOURS = _neighbours()
_SIDE = _side_of_edge()
_LETTERS = "abcdefghij"


def _square_name(cell):
    return "%s%d" % (_LETTERS[cell % SIZE], cell // SIZE + 1)


def _parse_square(text):
    if len(text) < 2 or text[0] not in _LETTERS:
        return -1
    digits = text[1:]
    if digits[0] == "0" or number_of(digits) < 0:
        return -1
    row = number_of(digits) - 1
    return -1 if row >= SIZE else _LETTERS.index(text[0]) + row * SIZE


class Thoughtwave(Game):
    NAME = "thoughtwave"
    PLAYERS = ("Red", "Black")
    OPTIONS = {"red_links": ("left-right", "top-bottom")}

    def __init__(self, options=None):
        Game.__init__(self, options)
        across = _LEFT | _RIGHT
        up = _BOTTOM | _TOP
        self._goals = (across, up) if self.options["red_links"] == "left-right" else (up, across)
        self.board = bytearray(CELLS)
        # Per empty cell: care << 4 | wave (see FIT), kept up to date by play/undo.
        self.edges = bytearray(CELLS)
        self.hand = bytearray(10)  # pieces left: hand[player * 5 + piece]
        for k in range(10):
            self.hand[k] = COUNTS[k % 5]
        # Union-find over the tiles' wave components, each root knowing the sides its component
        # touches; a log of the unions lets undo roll them back.
        self._parent = bytearray(CELLS)
        self._rank = bytearray(CELLS)
        self._touches = bytearray(CELLS)
        # Per union: the root attached | 128 if the new root's rank grew | its old touches << 8.
        # (array("H", range(n)): n slots on CPython and MicroPython alike; written before read.)
        self._log = array("H", range(CELLS))
        self._log_len = 0
        self._marks = bytearray(_MAX_DECISIONS)  # _log_len before each decision
        self._around = bytearray(4)  # linking(): the sides a square's neighbours' waves touch
        self._reset(0)

    def _reset(self, to_move):
        """Fresh derived state for the current board and hands (history cleared)."""
        self.history = []
        self._to_move = to_move
        # Slices, and a call for the tiles only: a loop over every cell per array is slow.
        self._parent[:] = bytes(range(CELLS))
        self._rank[:] = bytes(CELLS)
        self._log_len = 0
        self.edges[:] = bytes(CELLS)
        self._touches[:] = bytes(CELLS)
        board = self.board
        for c in range(CELLS):  # every tile's own sides first: unions merge them
            if board[c]:
                self._touches[c] = self._sides_touched(c, board[c])
        for c in range(CELLS):
            if board[c]:
                self._connect(c, board[c])
        self._winner = ONGOING
        self._winner = self._outcome(1 - to_move, -1)

    # --- geometry for callers ---------------------------------------------------------------
    def cell_xy(self, cell):
        return cell % SIZE, cell // SIZE

    def cell_at(self, col, row):
        return col + row * SIZE

    def move_cell(self, move):
        return -1 if move == PASS else placed_cell(move)

    def move_piece(self, move):
        """(piece index, rotation) of a placement."""
        return _PIECE_OF[move & 15], _ROTATION_OF[move & 15]

    def sides(self, player):
        goal = self._goals[player]
        return tuple(_SIDE_NAMES[i] for i in range(4) if goal >> i & 1)

    def winning_cells(self):
        if self._winner not in (0, 1):
            return []
        goal = self._goals[self._winner]
        return [c for c in range(CELLS) if self.board[c] and self._touches[self._find(c)] & goal == goal]

    def linking(self, moves):
        """The legal `moves` that link the mover's sides, which wins on the spot ("Winning").  As
        play() finds it, without playing: the tile's own sides and those of the waves it joins
        (its neighbours' components across its wave edges, found once per square: the moves
        come square by square).  For the AI's win check."""
        goal = self._goals[self._to_move]
        board, touches = self.board, self._touches
        around = self._around
        out = []
        last = -1
        for move in moves:
            if move == PASS:
                continue
            c, m = move >> 4, move & 15
            if c != last:
                last = c
                for d in range(4):
                    n = NEIGHBOURS[4 * c + d]
                    around[d] = touches[self._find(n)] if n != NO_CELL and board[n] else 0
            linked = self._sides_touched(c, m)
            for d in range(4):
                if m >> d & 1:
                    linked |= around[d]
            if linked & goal == goal:
                out.append(move)
        return out

    # --- protocol -----------------------------------------------------------------------------
    def to_move(self):
        return self._to_move

    def winner(self):
        return self._winner

    def legal_moves(self):
        if self._winner != ONGOING:
            return []
        avail = self._available(self._to_move)
        board, edges = self.board, self.edges
        # Counted first, so that the list is allocated once at its size: appended, ~1,500
        # opening moves grow it by doublings to 2,048 slots, the last copy holding 12 KB of
        # the device's heap at once.
        count = 0
        if avail:
            bits_in = _BITS_IN
            for c in range(CELLS):
                if not board[c]:
                    fits = FIT[edges[c]] & avail
                    count += bits_in[fits & 255] + bits_in[fits >> 8]
        if not count:
            return [PASS]
        moves = [0] * count
        i = 0
        for c in range(CELLS):
            if board[c]:
                continue
            fits = FIT[edges[c]] & avail
            if fits:
                base = c << 4
                for m in range(1, 16):
                    if fits >> m & 1:
                        moves[i] = base | m
                        i += 1
        return moves

    def _available(self, player):
        """The masks `player` still holds a piece for, as bits 1..15."""
        hand = self.hand
        bits = 0
        for p in range(5):
            if hand[player * 5 + p]:
                bits |= PIECE_BITS[p]
        return bits

    def _can_place(self, player):
        avail = self._available(player)
        if not avail:
            return False
        board, edges = self.board, self.edges
        for c in range(CELLS):
            if not board[c] and FIT[edges[c]] & avail:
                return True
        return False

    def _check_legal(self, move):
        if self._winner != ONGOING:
            raise GameError("the game is over")
        if move == PASS:
            if self._can_place(self._to_move):
                raise GameError("pass: %s can place a piece" % self.PLAYERS[self._to_move])
            return
        if not isinstance(move, int) or move < 0 or (move >> 4) >= CELLS or not move & 15:
            raise GameError("not a placement")
        c, m = move >> 4, move & 15
        if self.board[c]:
            raise GameError("%s is taken" % _square_name(c))
        piece = _PIECE_OF[m]
        if not self.hand[self._to_move * 5 + piece]:
            raise GameError("%s has no %s left" % (self.PLAYERS[self._to_move], NAMES[piece]))
        if not FIT[self.edges[c]] >> m & 1:
            raise GameError("%s: an edge does not match its neighbour (wave against wave, blank "
                            "against blank)" % self.move_to_text(move))

    def play(self, move):
        self._check_legal(move)
        mover = self._to_move
        self._marks[len(self.history)] = self._log_len
        self.history.append(move)
        self._to_move = 1 - mover
        if move == PASS:
            return  # the game goes on only while someone can place, so the other player can
        c, m = move >> 4, move & 15
        self.board[c] = m
        self.hand[mover * 5 + _PIECE_OF[m]] -= 1
        self._touches[c] = self._sides_touched(c, m)  # c is a root of its own (undo left it one)
        self._connect(c, m)
        self._winner = self._outcome(mover, c)

    def undo(self):
        if not self.history:
            raise GameError("nothing to undo")
        move = self.history.pop()
        self._winner = ONGOING
        self._to_move = 1 - self._to_move
        if move == PASS:
            return
        c, m = move >> 4, move & 15
        self.board[c] = 0
        self.hand[self._to_move * 5 + _PIECE_OF[m]] += 1
        # The edges this tile imposed on its empty neighbours go away with it.
        edges = self.edges
        for d in range(4):
            n = NEIGHBOURS[4 * c + d]
            if n != NO_CELL and not self.board[n]:
                edges[n] &= ~(0x11 << ((d + 2) & 3)) & 0xFF
        # Roll back the unions this placement made.
        parent = self._parent
        log = self._log
        mark = self._marks[len(self.history)]
        while self._log_len > mark:
            self._log_len -= 1
            entry = log[self._log_len]
            child = entry & 127
            root = parent[child]
            if entry & 128:
                self._rank[root] -= 1
            self._touches[root] = entry >> 8
            parent[child] = child

    def _sides_touched(self, c, m):
        touches = 0
        for d in range(4):
            if m >> d & 1:
                touches |= _SIDE[4 * c + d]
        return touches

    def _connect(self, c, m):
        """Tile mask m is now on cell c: impose its edges on the empty neighbours, join the waves."""
        board, edges = self.board, self.edges
        for d in range(4):
            bit = 1 << d
            n = NEIGHBOURS[4 * c + d]
            if n == NO_CELL:
                continue
            back = (d + 2) & 3  # n's edge facing c
            if board[n]:
                if m & bit:
                    self._union(c, n)  # the match rule: n has a wave there too
            else:
                edges[n] |= (16 | (1 if m & bit else 0)) << back

    def _find(self, x):
        parent = self._parent
        while parent[x] != x:
            x = parent[x]
        return x

    def _union(self, a, b):
        # Union by rank without path compression, so each union is undone by one log entry.
        a = self._find(a)
        b = self._find(b)
        if a == b:
            return
        rank = self._rank
        touches = self._touches
        if rank[a] < rank[b]:
            a, b = b, a
        self._parent[b] = a
        entry = b | touches[a] << 8
        if rank[a] == rank[b]:
            rank[a] += 1
            entry |= 128
        touches[a] |= touches[b]
        self._log[self._log_len] = entry
        self._log_len += 1

    def _outcome(self, mover, cell):
        """Winner after `mover` placed on `cell` (-1: look at every component, after decode).

        Only the placed tile's component changed, so only it can hold a new link.  A link of both
        players' pairs of sides counts for the mover."""
        mine = self._goals[mover]
        theirs = self._goals[1 - mover]
        touches = self._touches
        mine_linked = theirs_linked = False
        if cell >= 0:
            root = self._find(cell)
            mine_linked = touches[root] & mine == mine
            theirs_linked = touches[root] & theirs == theirs
        else:
            for c in range(CELLS):
                if self.board[c] and self._parent[c] == c:
                    mine_linked = mine_linked or touches[c] & mine == mine
                    theirs_linked = theirs_linked or touches[c] & theirs == theirs
        if mine_linked:
            return mover
        if theirs_linked:
            return 1 - mover
        if not self._can_place(1 - mover) and not self._can_place(mover):
            return DRAW
        return ONGOING

    # --- text ---------------------------------------------------------------------------------
    def move_to_text(self, move):
        if move == PASS:
            return "pass"
        m = move & 15
        return "%s%d@%s" % (PIECES[_PIECE_OF[m]], _ROTATION_OF[m], _square_name(move >> 4))

    def move_from_text(self, text):
        text = text.strip()
        if text.lower() == "pass":
            return PASS
        if len(text) < 5 or text[2] != "@":
            raise GameError("a move is piece + rotation + @ + square, e.g. B2@e5, or pass")
        piece = PIECES.find(text[0].upper())
        if piece < 0:
            raise GameError("'%s' is not a piece: C (cross), J (junction), S (straight), B (bend), "
                            "T (terminator)" % text[0])
        if not "0" <= text[1] <= "9" or int(text[1]) >= _ROTATIONS[piece]:
            raise GameError("%s has rotations 0..%d, not '%s'" % (NAMES[piece], _ROTATIONS[piece] - 1, text[1]))
        cell = _parse_square(text[3:].lower())
        if cell < 0:
            raise GameError("'%s' is not a square (a1..j10)" % clip(text[3:]))
        return cell << CELL_SHIFT | mask_of(piece, int(text[1]))

    def encode(self):
        """Rows from the top (one hex mask per square, '.' empty) joined by '/', side to move,
        then Red's and Black's pieces left (C,J,S,B,T)."""
        rows = []
        for r in range(SIZE - 1, -1, -1):
            rows.append("".join(".123456789abcdef"[self.board[c]] for c in range(r * SIZE, r * SIZE + SIZE)))
        hands = []
        for p in (0, 1):
            hands.append(",".join(str(self.hand[p * 5 + k]) for k in range(5)))
        return "%s %s %s %s" % ("/".join(rows), "RB"[self._to_move], hands[0], hands[1])

    def decode(self, text):
        words = text.split()
        if len(words) != 4:
            raise GameError("a thoughtwave position is: ROWS TO_MOVE RED_HAND BLACK_HAND")
        rows = words[0].split("/")
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise GameError("the board must be %d rows of %d squares" % (SIZE, SIZE))
        board = bytearray(CELLS)
        for i in range(SIZE):
            for x in range(SIZE):
                ch = rows[i][x]
                k = ".123456789abcdef".find(ch)
                if k < 0:
                    raise GameError("'%s' is not a square (. or a hex edge mask 1..f)" % ch)
                board[x + (SIZE - 1 - i) * SIZE] = k
        if words[1] not in ("R", "B"):
            raise GameError("side to move must be R or B")
        hand = bytearray(10)
        for p in (0, 1):
            counts = words[2 + p].split(",")
            if len(counts) != 5 or not all(w and len(w) <= 3 and all("0" <= ch <= "9" for ch in w) for w in counts):
                raise GameError("pieces left are five counts C,J,S,B,T like 2,6,5,10,1")
            for k in range(5):
                hand[p * 5 + k] = min(int(counts[k]), 255)
        used = [0] * 5
        for c in range(CELLS):
            if board[c]:
                used[_PIECE_OF[board[c]]] += 1
                for d in (0, 1):  # each shared edge once: N and E
                    n = NEIGHBOURS[4 * c + d]
                    if n != NO_CELL and board[n] and (board[c] >> d & 1) != (board[n] >> (d + 2) & 1):
                        raise GameError("%s and %s do not match" % (_square_name(c), _square_name(n)))
        for k in range(5):
            if used[k] + hand[k] + hand[5 + k] != 2 * COUNTS[k] or hand[k] > COUNTS[k] or hand[5 + k] > COUNTS[k]:
                raise GameError("%ss: %d placed + %d + %d left must make %d, at most %d each" % (
                    NAMES[k], used[k], hand[k], hand[5 + k], 2 * COUNTS[k], COUNTS[k]))
        self.board[:] = board
        self.hand[:] = hand
        self._reset("RB".index(words[1]))

    def render(self):
        """Each square as 3x3 characters: its waves from the centre to the edges."""
        lines = []
        for r in range(SIZE - 1, -1, -1):
            top, mid, bottom = [], [], []
            for c in range(r * SIZE, r * SIZE + SIZE):
                m = self.board[c]
                if not m:
                    top.append("   ")
                    mid.append(" . ")
                    bottom.append("   ")
                    continue
                centre = "o" if m in (N, E, S, W) else ("|" if m == N | S else ("-" if m == E | W else "+"))
                top.append(" | " if m & N else "   ")
                mid.append(("-" if m & W else " ") + centre + ("-" if m & E else " "))
                bottom.append(" | " if m & S else "   ")
            lines.append(("   " + "".join(top)).rstrip())
            lines.append(("%2d %s" % (r + 1, "".join(mid))).rstrip())
            lines.append(("   " + "".join(bottom)).rstrip())
        lines.append("    " + "  ".join(_LETTERS))
        for p in (0, 1):
            lines.append("%s (%s-%s): %s" % (self.PLAYERS[p], self.sides(p)[0], self.sides(p)[1], " ".join(
                "%s%d" % (PIECES[k], self.hand[p * 5 + k]) for k in range(5))))
        if self._winner == ONGOING:
            lines.append("%s to move" % self.PLAYERS[self._to_move])
        elif self._winner == DRAW:
            lines.append("draw")
        else:
            lines.append("%s wins" % self.PLAYERS[self._winner])
        return "\n".join(lines)
