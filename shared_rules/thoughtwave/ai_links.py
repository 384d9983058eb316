# Thoughtwave's AI (thoughtwave/ai.py): the evaluation's distance model.
#
# Each player's connection distance is the cost of the tiles still to place for a wave linking
# their two sides (as in Hex programs).  Placed tiles belong to nobody, so both distances run
# over the same board: a placed tile costs nothing and is crossed only along its waves; an empty
# square is crossed through the edges that the player's own remaining pieces (two waves or
# more, to go in and out) can carry there, given the waves and blanks its placed neighbours
# force; a square none of them fits is a wall for that player.  An empty square costs 2 (its
# tile) plus 1 for each of its two edges on the link that no placed wave enters: a link that
# goes on through an entering wave cannot be blocked there, only diverted (any tile on the
# square must carry that wave), and a square between two wave ends facing each other joins
# them whatever is put there; a link crossing such a square the other way gets no discount.
# That makes the AI prefer links that are hard to block, which is what decides this game: a
# careful blocker stops any fragile link, and most games between careful players end in a draw
# when the pieces run out.  Dial's algorithm (costs 0..4 per step, five stacks) gives the
# distances without allocating.  The crossing state of the squares is a mirror of the board,
# brought up to date from the moves that differ since the last call (a search changes a few
# squares between evaluations).
from array import array

from micropython import const

from shared_rules.thoughtwave.ai_tables import (AVOIDING, BACK, BIT_DIR, BORDER, CONTAINING, INNER, KINDS_HI,
                                                KINDS_LO, LOWEST, MULTI, POPCOUNT, SIDE_CELLS, SIDES, TOWARDS,
                                                UNION_HI, UNION_LO)
from shared_rules.thoughtwave.rules import CELLS, FIT, NEIGHBOURS, PASS, PIECE_BITS, placed_cell

INF = const(255)  # a distance: no link
LINK_NOW = const(100000)  # a race won: one tile short, or unblockable (below ai.WIN)
_FAR = const(160)  # distance of a player who cannot link any more
_STEP = const(25)  # evaluation units per unit of distance (a free square is 4)
_TEMPO = const(40)  # the side to move is that much closer
_WIDTH = const(10)  # squares per row (thoughtwave.SIZE)
_CELLS = const(100)  # squares (thoughtwave.CELLS, a constant here for dial's viper code)
_NO_CELL = const(255)  # no square (thoughtwave.NO_CELL: no neighbour there)
_RACE_TILES = const(8)  # longest unblockable link the evaluation looks for
_PIECES_CHECK = const(20)  # links this short are checked for the pieces they need
_SHORT_COST = const(8)  # per square of such a link that the player's pieces cannot fill
_HISTORY = const(128)  # decisions the mirror follows (a game has at most 48 placements, a pass
# needs one in between: 97 decisions)
_BESIDE = const(4 * _RACE_TILES)
_PATTERNS = const(96)
_ALL_CELLS = bytes(range(CELLS))


def sides(game, player):
    """The player's two sides (first, second)."""
    return SIDES[(player == 0) != (game.options["red_links"] == "left-right")]

def _kinds_fitting(fits, need):
    """The kinds of pieces (bits 0..4) with a mask among `fits` that carries the edges `need`."""
    fits &= CONTAINING[need]
    return KINDS_LO[fits & 255] | KINDS_HI[fits >> 8]


def ptr8(buffer):
    """A byte buffer as dial() reads it: in viper code a cast to a raw pointer, here the buffer."""
    return buffer


# The hot loop of the AI (Links.distance): Dial's algorithm from the squares already on the
# stacks (counts[k] squares at distance k, from stacks[k * CELLS]), into dist and pred; returns
# the distance to the goal (goal_border: the goal side's border edges) | the square reached there
# (last, unchanged if none) << 8.  A step costs 0 to 4, so five stacks hold the squares at d ..
# d + 4: the stack of distance d is slot d % 5.  A square found again at a lower distance is
# skipped when its old entry comes up.  Written for MicroPython's viper code emitter too (byte
# pointers, machine ints): tools/device/build.py turns the comment above it into the decorator for a
# chip with a native emitter, where it runs as machine code with the same results; CPython and a
# MicroPython without one run it as it is.  A step's cost is worked out where it is taken (a
# table of them, kept up to date with the mirror, cost more to refresh than it saved here).
# @micropython.viper
def dial(dist_buf, open_buf, goal_buf, inner_buf, pen_buf, tiles_buf, pred_buf, stack_buf, count_buf,
         extra: int, last: int) -> int:
    dist = ptr8(dist_buf)
    opened = ptr8(open_buf)
    goal_border = ptr8(goal_buf)
    inner = ptr8(inner_buf)
    pen = ptr8(pen_buf)
    tiles = ptr8(tiles_buf)
    pred = ptr8(pred_buf)
    stack = ptr8(stack_buf)
    counts = ptr8(count_buf)
    neighbours = ptr8(NEIGHBOURS)
    d = 0
    now = 0  # the slot of distance d
    best = INF
    while True:
        while counts[now] > 0:
            top = counts[now] - 1
            counts[now] = top
            c = stack[now * _CELLS + top]
            if dist[c] != d:
                continue
            o = opened[c]
            gb = o & goal_border[c]
            if gb:
                v = d
                if pen[c] & gb:
                    v = d + 1
                if v < best:
                    last = c
                    if v == d and extra == 0:
                        return d | last << 8
                    best = v
            o = o & inner[c]
            for k in range(4):  # N, E, S, W
                if o >> k & 1:
                    n = neighbours[4 * c + k]
                    # the neighbour's tile, the pen bits of the two edges on the way
                    w = 2 * tiles[n] + (pen[n] >> ((k + 2) & 3) & 1) + (pen[c] >> k & 1)
                    if d + w < dist[n]:
                        dist[n] = d + w
                        pred[n] = c
                        w += now  # the slot of distance d + w
                        if w >= 5:
                            w -= 5
                        j = counts[w]
                        stack[w * _CELLS + j] = n
                        counts[w] = j + 1
        d += 1
        now += 1
        if now == 5:
            now = 0
        if best + extra <= d or counts[0] + counts[1] + counts[2] + counts[3] + counts[4] == 0:
            return best | last << 8


# The distance model of one search: a mirror of the board's crossing state, brought up to date
# from the moves that differ since its last look, and the scratch of its searches.
class Links:
    def __init__(self):
        # The mirror of the board's crossing state.
        self.open = (bytearray(CELLS), bytearray(CELLS))  # per player: edges a wave may cross (0: a wall)
        # per player: INF, or 0 for a wall (never entered)
        self.initial = (bytearray(CELLS), bytearray(CELLS))
        self.pen = bytearray(CELLS)  # empty squares: the edges no placed wave enters (crossing them: +1)
        self.tiles = bytearray(CELLS)  # 0 for a placed tile, 1 for an empty square: tiles to place
        self.board = bytearray(CELLS)  # the board the mirror shows
        self.moves = array("H", range(_HISTORY))  # the history it was brought up to date with
        self.mirror = [None, 0]  # the game and history length it shows
        self.held = [0, 0]  # the pieces each player holds, as sets of masks
        self.around = bytearray(5)  # _refresh_around: a square and its neighbours
        # Scratch (written before it is read).
        # Dial's five stacks, one after the other (a square enters each at most once per
        # distance), and how many squares each holds; _needs_tiles uses the first two.
        self.stacks = bytearray(5 * CELLS)
        self.counts = bytearray(5)
        self.stack_a = memoryview(self.stacks)[0:CELLS]
        self.stack_b = memoryview(self.stacks)[CELLS:2 * CELLS]
        self.maps = (bytearray(CELLS), bytearray(CELLS))  # _link's distances, _needs_tiles's
        self.pred = bytearray(CELLS)  # distance(): the square each square was reached from
        self.last = 0  # distance(): the square at the goal side of its best link
        self.kinds = bytearray(CELLS)  # the kinds of pieces (bits 0..4) that fit each square of a link
        self.left = bytearray(5)
        self.assigned = bytearray(CELLS)  # _unfilled: the kind given to each square
        self.given = bytearray(2 * _RACE_TILES)  # _starved (per level): the kinds given to a run's squares
        self.spare = bytearray(10)  # _starved (per level): the pieces of each kind not given to a square
        self.gap_keys = bytearray(_RACE_TILES)  # _starved: a run's squares' FIT keys and edges to carry, as
        self.gap_wants = bytearray(_RACE_TILES)  # the opponent's tile tried first leaves them
        self.outer = bytearray(_RACE_TILES)  # _starved: 1 for a square that tile touches
        self.beside = bytearray(_BESIDE)  # _starved: the empty squares beside a run and their first pattern
        self.beside_first = bytearray(_BESIDE + 1)
        self.pattern_first = array("H", range(_PATTERNS + 1))  # a pattern's first effect (next one's: end)
        self.effect_gap = bytearray(4 * _PATTERNS)  # per effect: the square of the run, the bits it adds to
        self.effect_edge = bytearray(4 * _PATTERNS)  # its FIT key and to its edges to carry, the kinds that
        self.effect_wave = bytearray(4 * _PATTERNS)  # fit it then (alone)
        self.effect_kinds = bytearray(4 * _PATTERNS)
        self.took = bytearray(4)  # scratch of _pattern_fails
        self.kept = bytearray(12)  # _failing_after: the FIT keys, edges to carry and kinds it changed
        self.facts = bytearray(2)  # _short_of_pieces: the link's empty squares, its shape
        self.gap_cells = bytearray(2 * CELLS)  # per player: its link's empty squares, their edges to carry
        self.gap_needs = bytearray(2 * CELLS)
        self.gap_marks = bytearray(CELLS)  # 1 + index of a link's empty square, 0 elsewhere
        self.run = bytearray(2)  # per player (see _link)
        self.run_shape = bytearray(2)

    def _refresh(self, cells, count, board, edges):
        """The mirror of the squares cells[0:count] again (written out: a search refreshes the
        squares around each move, a new search every square)."""
        mirror, tiles, pens = self.board, self.tiles, self.pen
        open_red, open_black = self.open
        initial_red, initial_black = self.initial
        held_red, held_black = self.held
        for i in range(count):
            c = cells[i]
            m = board[c]
            mirror[c] = m
            if m:
                open_red[c] = open_black[c] = m
                initial_red[c] = initial_black[c] = INF
                tiles[c] = pens[c] = 0
                continue
            e = edges[c]
            tiles[c] = 1
            pens[c] = 15 & ~e
            fit = FIT[e] & MULTI
            fits = fit & held_red
            if fits:
                open_red[c] = UNION_LO[fits & 255] | UNION_HI[fits >> 8]
                initial_red[c] = INF
            else:
                open_red[c] = initial_red[c] = 0
            fits = fit & held_black
            if fits:
                open_black[c] = UNION_LO[fits & 255] | UNION_HI[fits >> 8]
                initial_black[c] = INF
            else:
                open_black[c] = initial_black[c] = 0

    def _refresh_around(self, c, board, edges):
        around = self.around
        around[0] = c
        count = 1
        base = c * 4
        for k in range(4):
            n = NEIGHBOURS[base + k]
            if n != _NO_CELL:
                around[count] = n
                count += 1
        self._refresh(around, count, board, edges)

    def _rehold(self, board, edges, player):
        """The player's crossings of every empty square again, for other pieces held."""
        held = self.held[player] & MULTI
        anything = UNION_LO[held & 255] | UNION_HI[held >> 8]  # on a square with no neighbours
        opened, start = self.open[player], self.initial[player]
        for c in range(CELLS):
            if board[c]:
                continue
            e = edges[c]
            if e:
                fits = FIT[e] & held
                o = UNION_LO[fits & 255] | UNION_HI[fits >> 8] if fits else 0
            else:
                o = anything
            opened[c] = o
            start[c] = INF if o else 0

    def sync(self, game):
        """Brings the mirror up to date with `game`: the squares around the moves that differ from
        the history it last saw (and every empty square for a player whose kinds of pieces held
        changed), or every square (another game, a decoded position)."""
        board, edges, hand, history = game.board, game.edges, game.hand, game.history
        red = black = 0
        for p in range(5):
            if hand[p]:
                red |= PIECE_BITS[p]
            if hand[5 + p]:
                black |= PIECE_BITS[p]
        n = len(history)
        state = self.mirror
        if state[0] is game and n <= _HISTORY:
            length = state[1]
            old_red, old_black = self.held
            self.held[0], self.held[1] = red, black
            if length != n or (n and self.moves[n - 1] != history[n - 1]) or self.board != board:
                k = 0
                limit = n if n < length else length
                while k < limit and self.moves[k] == history[k]:
                    k += 1
                for i in range(k, length):
                    m = self.moves[i]
                    if m != PASS:
                        self._refresh_around(placed_cell(m), board, edges)
                for i in range(k, n):
                    m = history[i]
                    self.moves[i] = m
                    if m != PASS:
                        self._refresh_around(placed_cell(m), board, edges)
                state[1] = n
            if self.board == board:
                if red != old_red:
                    self._rehold(board, edges, 0)
                if black != old_black:
                    self._rehold(board, edges, 1)
                return
        self.held[0], self.held[1] = red, black
        self._refresh(_ALL_CELLS, CELLS, board, edges)
        state[0] = game
        state[1] = n if n <= _HISTORY else 0
        for i in range(state[1]):
            self.moves[i] = history[i]

    def distance(self, player, start, goal, dist, extra):
        """Dial's algorithm from side `start` for `player` into `dist`: the cost to reach each
        square (its own tile and entry included; walls 0, never entered); returns the distance to
        side `goal` (INF if it cannot be reached).  `extra`: map the squares up to that much
        beyond the goal's distance (0: stop once it is known; squares further off may keep higher
        costs, or INF).  Crossing from a square into a neighbour costs the neighbour's tile (2, 0 if
        placed) and 1 for each empty square's edge on the way that no placed wave enters (pen;
        a side's square is entered through its border edge): 0 to 4, so five stacks hold the
        squares at d .. d + 4 (dial).  Each square's predecessor goes into pred and the best
        square at the goal into last, so a best link can be walked back."""
        dist[:] = self.initial[player]
        opened, pred, pen, tiles = self.open[player], self.pred, self.pen, self.tiles
        stacks, counts = self.stacks, self.counts
        bit = BORDER[start][SIDE_CELLS[start][0]]
        through = BIT_DIR[bit]
        for k in range(5):
            counts[k] = 0
        for n in SIDE_CELLS[start]:
            if opened[n] & bit:
                w = 2 * tiles[n] + (pen[n] >> through & 1)
                dist[n] = w
                pred[n] = _NO_CELL
                stacks[w * CELLS + counts[w]] = n
                counts[w] += 1
        found = dial(dist, opened, BORDER[goal], INNER, pen, tiles, pred, stacks, counts, extra, self.last)
        self.last = found >> 8
        return found & 255

    def _short_of_pieces(self, game, player, start, goal):
        """Squares of the best link that distance() (from `start`) has just found that the player's
        pieces cannot all fill: each needs a piece carrying the link's two edges and the waves
        already entering it, and a piece fills one square (say two gaps that only straights fit,
        one straight left).  Also its shape and starving squares, into facts (see below)."""
        pred, goal_border, last = self.pred, BORDER[goal], self.last
        bit = BORDER[start][SIDE_CELLS[start][0]]
        facts = self.facts
        facts[0] = facts[1] = 0
        board, edges, held = game.board, game.edges, self.held[player]
        cells, needs, kinds = self.gap_cells, self.gap_needs, self.kinds
        count, base = 0, player * CELLS
        pairs = ends = 0
        leave = goal_border[last]
        after = _NO_CELL  # the square walked before c (towards the goal), if empty
        end_blockable = False
        c = last
        while c != _NO_CELL:
            p = pred[c]
            enter = bit if p == _NO_CELL else TOWARDS[p - c + _WIDTH]
            if board[c]:
                after = _NO_CELL
            else:
                e = edges[c]
                need = enter | leave | (e & 15)
                cells[base + count] = c
                needs[base + count] = need
                kinds[count] = _kinds_fitting(FIT[e], need)
                count += 1
                if need != e & 15 and (c == last or p == _NO_CELL):
                    # An empty square at a side: its border edge is open.  The opponent blocks it
                    # with a tile that carries the waves entering it but neither that edge nor a
                    # wave into an empty square on the same side (a new end of the link there).
                    ends += 1
                    side_bits = BORDER[goal if c == last else start]
                    bad = side_bits[c]
                    for k in range(4):
                        n = NEIGHBOURS[c * 4 + k]
                        if n != _NO_CELL and side_bits[n] and not board[n]:
                            bad |= 1 << k
                    end_blockable = FIT[e] & self.held[1 - player] & AVOIDING[bad]
                if after != _NO_CELL:
                    pairs += 1  # two empty squares in a row: a tile on either enters the other
                after = c
            if p != _NO_CELL:
                leave = TOWARDS[c - p + _WIDTH]
            c = p
        facts[0] = count
        short = self._unfilled(game.hand, player, count)
        # The shape of the link: 2 = every empty square entered on both sides (a run), or all
        # but one at a side that the opponent cannot block; 1 = one tile makes it a run (an
        # empty square at a side, or two in a row); 0 = neither.
        if short or count > _RACE_TILES:
            return short
        if not pairs and (not ends or (ends == 1 and not end_blockable)):
            facts[1] = 2
        elif (pairs == 1 and not ends) or (ends == 1 and not pairs):
            facts[1] = 1
        return 0

    def _unfilled(self, hand, player, count):
        """How many of the first `count` squares in kinds the player's pieces cannot fill, one
        piece each: squares with the fewest kinds that fit first, each from the kind with the most
        left.  The kind given to each square goes into assigned (_NO_CELL: none), the pieces
        then left into left."""
        kinds, left, assigned = self.kinds, self.left, self.assigned
        rich = 0  # kinds enough for every square: those alone fill them all
        for k in range(5):
            left[k] = hand[player * 5 + k]
            if left[k] >= count:
                rich |= 1 << k
        i = 0
        while i < count and kinds[i] & rich:
            k = LOWEST[kinds[i] & rich]
            assigned[i] = k
            left[k] -= 1
            i += 1
        if i == count:
            return 0
        for k in range(5):
            left[k] = hand[player * 5 + k]
        short = 0
        for choices in range(6):
            for i in range(count):
                allowed = kinds[i]
                if POPCOUNT[allowed] != choices:
                    continue
                pick = -1
                for k in range(5):
                    if allowed >> k & 1 and left[k] and (pick < 0 or left[k] > left[pick]):
                        pick = k
                if pick < 0:
                    short += 1
                    assigned[i] = _NO_CELL
                else:
                    left[pick] -= 1
                    assigned[i] = pick
        return short

    def _starved(self, game, player, limit, deep=False):
        """How many squares (up to `limit`) the opponent has for a tile beside the player's run
        (see _link) that leaves the player's pieces unable to fill all its empty squares: such a
        tile forces a wave or a blank on each free edge it shares with them (one tile may hit two).
        `deep`: a tile that leaves two such squares counts too (the player can answer one)."""
        board, edges, hand = game.board, game.edges, game.hand
        cells, needs, marks = self.gap_cells, self.gap_needs, self.gap_marks
        count, base = self.run[player], player * CELLS
        theirs = self.held[1 - player]
        for i in range(count):
            c = cells[base + i]
            marks[c] = i + 1
            self.gap_keys[i] = edges[c]
            self.gap_wants[i] = needs[base + i]
            self.kinds[i] = _kinds_fitting(FIT[edges[c]], needs[base + i])
            self.outer[i] = 0
        # The opponent's ways to tile each empty square beside the run (which waves or blanks its
        # tiles there put on the edges towards the run), as patterns of their effects on it.
        squares = patterns = effects = 0
        for i in range(count):
            c = cells[base + i]
            for k in range(4):
                n = NEIGHBOURS[c * 4 + k]
                if n == _NO_CELL or board[n] or marks[n] or self._listed_beside(n, squares):
                    continue
                towards = 0
                for j in range(4):
                    m = NEIGHBOURS[n * 4 + j]
                    if m != _NO_CELL and marks[m]:
                        towards |= 1 << j
                fits = FIT[edges[n]] & theirs
                ways = 0
                for mask in range(1, 16):
                    if fits >> mask & 1:
                        ways |= 1 << (mask & towards)
                if not ways or squares == _BESIDE:
                    continue
                self.beside[squares] = n
                self.beside_first[squares] = patterns
                for way in range(16):
                    if not ways >> way & 1 or patterns == _PATTERNS:
                        continue
                    self.pattern_first[patterns] = effects
                    for j in range(4):
                        if towards >> j & 1:
                            g = marks[NEIGHBOURS[n * 4 + j]] - 1
                            back = BACK[j]
                            wave = back if way >> j & 1 else 0
                            self.effect_gap[effects] = g
                            self.effect_edge[effects] = back << 4 | wave
                            self.effect_wave[effects] = wave
                            self.effect_kinds[effects] = _kinds_fitting(FIT[self.gap_keys[g] | back << 4 | wave],
                                                                    self.gap_wants[g] | wave)
                            effects += 1
                    patterns += 1
                squares += 1
        self.beside_first[squares] = patterns
        self.pattern_first[patterns] = effects
        self._unfilled(hand, player, count)  # (the run is filled: every square has a kind given)
        for i in range(count):
            self.given[i] = self.assigned[i]
        for k in range(5):
            self.spare[k] = self.left[k]
        result = 0
        for b in range(squares):
            for e in range(self.beside_first[b], self.beside_first[b + 1]):
                if self._pattern_fails(e, 0, hand, player, count) or (
                        deep and self._failing_after(e, b, squares, hand, player, count) > 1):
                    result += 1
                    break
            if result >= limit:
                break
        for i in range(count):
            marks[cells[base + i]] = 0
        return result

    def _listed_beside(self, cell, squares):
        for i in range(squares):
            if self.beside[i] == cell:
                return True
        return False

    def _pattern_kinds(self, x):
        """The kinds that fit the square of effect x now (with the tile tried first, if any)."""
        g = self.effect_gap[x]
        if self.outer[g]:
            return _kinds_fitting(FIT[self.gap_keys[g] | self.effect_edge[x]], self.gap_wants[g] | self.effect_wave[x])
        return self.effect_kinds[x]

    def _pattern_fails(self, e, level, hand, player, count):
        """Whether the opponent's tile of pattern e leaves the run unfillable, from `level`'s
        assignment (self.given, self.spare): a square that keeps its kind, or takes one left over, is
        filled; otherwise every square is tried again."""
        given, spare = level * _RACE_TILES, level * 5
        first, last = self.pattern_first[e], self.pattern_first[e + 1]
        took = 0
        short = False
        for x in range(first, last):
            g = self.effect_gap[x]
            kind = self._pattern_kinds(x)
            if not kind >> self.given[given + g] & 1:
                take = _NO_CELL
                for k in range(5):
                    if kind >> k & 1 and self.spare[spare + k]:
                        take = k
                        break
                if take == _NO_CELL:
                    short = True
                    break
                self.spare[spare + take] -= 1
                self.took[took] = take
                took += 1
        for i in range(took):
            self.spare[spare + self.took[i]] += 1
        if not short:
            return False
        kinds = self.kinds
        for x in range(first, last):
            g = self.effect_gap[x]
            self.took[x - first] = kinds[g]
            kinds[g] = self._pattern_kinds(x)
        short = self._unfilled(hand, player, count) > 0
        for x in range(last - 1, first - 1, -1):
            kinds[self.effect_gap[x]] = self.took[x - first]
        return short

    def _reassign(self, first, last, hand, player, count):
        """The assignment after the effects first..last (the run still filled), as level 1's: the
        squares whose kind no longer fits take one left over, or every square is tried again."""
        for i in range(count):
            self.given[_RACE_TILES + i] = self.given[i]
        for k in range(5):
            self.spare[5 + k] = self.spare[k]
        for x in range(first, last):
            g = self.effect_gap[x]
            kind = self.kinds[g]
            old = self.given[_RACE_TILES + g]
            if kind >> old & 1:
                continue
            take = _NO_CELL
            for k in range(5):
                if kind >> k & 1 and self.spare[5 + k]:
                    take = k
                    break
            if take == _NO_CELL:
                self._unfilled(hand, player, count)
                for i in range(count):
                    self.given[_RACE_TILES + i] = self.assigned[i]
                for k in range(5):
                    self.spare[5 + k] = self.left[k]
                return
            self.spare[5 + take] -= 1
            self.spare[5 + old] += 1
            self.given[_RACE_TILES + g] = take

    def _failing_after(self, e, b, squares, hand, player, count):
        """After the opponent's tile of pattern e (on beside square b, the run still filled): how
        many other squares beside the run (up to 2) have a tile that leaves it unfillable."""
        kinds, keys, wants = self.kinds, self.gap_keys, self.gap_wants
        first, last = self.pattern_first[e], self.pattern_first[e + 1]
        changed = False
        for x in range(first, last):
            g = self.effect_gap[x]
            at = 3 * (x - first)
            self.kept[at] = keys[g]
            self.kept[at + 1] = wants[g]
            self.kept[at + 2] = kinds[g]
            keys[g] |= self.effect_edge[x]
            wants[g] |= self.effect_wave[x]
            kind = _kinds_fitting(FIT[keys[g]], wants[g])
            if kind != kinds[g]:
                changed = True
            kinds[g] = kind
            self.outer[g] = 1
        found = 0
        if changed:  # (else nothing changed for the player)
            self._reassign(first, last, hand, player, count)
            for b2 in range(squares):
                if b2 == b:
                    continue
                for e2 in range(self.beside_first[b2], self.beside_first[b2 + 1]):
                    if self._pattern_fails(e2, 1, hand, player, count):
                        found += 1
                        break
                if found > 1:
                    break
        for x in range(last - 1, first - 1, -1):
            g = self.effect_gap[x]
            at = 3 * (x - first)
            keys[g] = self.kept[at]
            wants[g] = self.kept[at + 1]
            kinds[g] = self.kept[at + 2]
            self.outer[g] = 0
        return found

    def _needs_tiles(self, game, player, k):
        """Whether every link of the player needs `k` tiles or more (a placed tile is free, an empty
        square one tile): breadth-first by tiles, with two stacks, up to k - 1 tiles."""
        start, goal = sides(game, player)
        dist, opened, inner, tiles = self.maps[1], self.open[player], INNER, self.tiles
        goal_border = BORDER[goal]
        dist[:] = self.initial[player]
        now, later = self.stack_a, self.stack_b
        n_now = n_later = 0
        bit = BORDER[start][SIDE_CELLS[start][0]]
        for c in SIDE_CELLS[start]:
            if opened[c] & bit:
                dist[c] = tiles[c]
                if tiles[c]:
                    later[n_later] = c
                    n_later += 1
                else:
                    now[n_now] = c
                    n_now += 1
        d = 0
        while d < k:
            while n_now:
                n_now -= 1
                c = now[n_now]
                if dist[c] != d:
                    continue
                if opened[c] & goal_border[c]:
                    return False
                o = opened[c] & inner[c]
                for j in range(4):
                    if o >> j & 1:
                        n = NEIGHBOURS[c * 4 + j]
                        w = tiles[n]
                        if d + w < dist[n]:
                            dist[n] = d + w
                            if w:
                                later[n_later] = n
                                n_later += 1
                            else:
                                now[n_now] = n
                                n_now += 1
            if not n_later:
                return True  # no link at all
            d += 1
            now, later = later, now
            n_now, n_later = n_later, 0
        return True

    def _link(self, game, player):
        """The player's connection distance (see evaluate).  For a short link that the player's
        pieces can fill: run[player] its tiles (empty squares) and run_shape[player] (see
        _short_of_pieces: 2 = a run the opponent cannot block, as a tile on each empty square must
        join the waves entering it, 1 = one tile makes it one); else self.run[player] = 0."""
        a, b = sides(game, player)
        d = self.distance(player, a, b, self.maps[0], 0)
        self.run[player] = 0
        if d <= _PIECES_CHECK:  # (reached, so last is this link's end)
            short = self._short_of_pieces(game, player, a, b)
            if short:
                d += _SHORT_COST * short
            elif self.facts[1]:
                self.run[player] = self.facts[0]
                self.run_shape[player] = self.facts[1]
        return d

    def _race(self, game, mover, d_mover, d_other):
        """+1: the side to move wins (one tile short, or a run that one opponent's tile can starve
        at one square at most, filled there first, or one tile from a run it cannot starve, no
        longer than the other's fewest tiles); -1: the other side wins (a run the mover cannot
        starve, shorter than the mover's fewest tiles); 0: open.  Each tile costs 2 to 4, so
        distance / 4 (rounded up) is a lower bound of the tiles, counted only when it does not
        decide.  (_link has run for both players.)"""
        if d_mover < 4 or (d_mover == 4 and not self._needs_tiles(game, mover, 2)):
            return 1
        tiles, shape = self.run[mover], self.run_shape[mover]
        if tiles and ((d_other + 3) >> 2 >= tiles or self._needs_tiles(game, 1 - mover, tiles)) and (
                self._starved(game, mover, shape) < shape):
            return 1
        tiles = self.run[1 - mover]
        if tiles and self.run_shape[1 - mover] == 2 and (
                (d_mover + 3) >> 2 > tiles or self._needs_tiles(game, mover, tiles + 1)) and (
                not self._starved(game, 1 - mover, 1, True)):
            return -1
        return 0

    def distances(self, game):
        """(Red's, Black's) connection distances as the evaluation sees them (INF: no link)."""
        self.sync(game)
        a, b = sides(game, 0)
        red = self.distance(0, a, b, self.maps[0], 0)
        a, b = sides(game, 1)
        return red, self.distance(1, a, b, self.maps[0], 0)

    def evaluate(self, game, player, attack):
        """The opponent's distance less `attack` times the player's, in _STEP units, with a little
        for the side to move; +-LINK_NOW more for a race won or lost (see _race: a lost race is
        still defended as well as the distances tell).  A short link costs more for each of its
        squares that the player's pieces cannot fill."""
        self.sync(game)
        mine = self._link(game, player)
        theirs = self._link(game, 1 - player)
        to_move = game.to_move() == player
        race = self._race(game, player, mine, theirs) if to_move else -self._race(game, 1 - player, theirs, mine)
        if mine > _FAR:
            mine = _FAR
        if theirs > _FAR:
            theirs = _FAR
        score = (theirs - attack * mine) * _STEP + (_TEMPO if to_move else -_TEMPO)
        return score + race * LINK_NOW
