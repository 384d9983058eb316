# Thoughtwave's AI tuning for shared_rules/ai.py.
#
# Evaluation: each player's connection distance, the cost of the tiles still to place for a wave
# linking their two sides (as in Hex programs), the opponent's less the player's; a side to move
# one tile short of its link has won.  Placed tiles belong to nobody, so both distances run over
# the same board: a placed tile costs nothing and is crossed only along its waves; an empty
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
#
# Ordering (at the root and at every node deeper in the tree, where a reply that the ordering
# misses is a refutation the search never sees): both players' distance maps from both of their
# sides give each square's best link through it; squares on or near either player's best links
# come first, and each tile that fits there is scored by the estimated change of both distances
# (the link through the tile, towards the two sides along its waves; a detour when it turns a
# best link away on a square that no other best link can replace).
from array import array

from micropython import const

from shared_rules.thoughtwave import CELLS, PASS, SIZE, _FIT, _NB, _PIECE_BITS

# level: (device seconds cap, node budget, moves searched per ply, evaluation noise)
# Normal searches 6 root moves: wider lost to greedy more often (192 games with the same seeds:
# 5 wide 68.8% wins, 6 x 4 76.6%, 6 x 6 78.1%, 7 x 4 73.4%, 8 x 4 74.5%; 96 games: 12 x 4 54%),
# as the extra root moves were mostly self-building ones that the replies looked at do not
# refute (see _ATTACKS).
LEVELS = {
    "easy": (1.0, 5, (5,), 100),
    "normal": (2.4, 40, (6, 6), 0),
    "hard": (8.5, 120, (16, 6), 0),
}
# level: how many times the player's own distance counts against the opponent's in the
# evaluation.  At 5:1 (normal, and so the greedy benchmark player) the AI builds links that are
# hard to block and sees blocks only through its search (at 1:1 normal drew 57 of 96 games
# against greedy, won 14); a search 16 wide needs 1:1, as its extra root moves were mostly
# self-building ones that the replies looked at did not refute (16 x 4 wide against normal in
# 96 games: 12 wins, 80 losses at 5:1; 62 wins, 23 losses at 1:1; 16 x 6 at 1:1: 70 to 17).
_ATTACKS = {"easy": 5, "normal": 5, "hard": 1}

_INF = const(255)
_FAR = const(160)  # distance of a player who cannot link any more
_STEP = const(25)  # evaluation units per unit of distance (a free square is 4)
_TEMPO = const(40)  # the side to move is that much closer
_LINK_NOW = const(100000)  # a race won: one tile short, or unblockable (below ai.WIN)
_WIDTH = const(10)  # squares per row (thoughtwave.SIZE)
_NO_CELL = const(255)
_LEFT = const(0)
_RIGHT = const(1)
_BOTTOM = const(2)
_TOP = const(3)
_SQUARES_PER_MOVE = const(2)  # squares ranked per move wanted, whose tiles are then scored
_KEEP = const(32)  # longest ranking kept (squares or moves)
_SCORED = const(512)  # most tiles scored at one node
_SCORE_LIMIT = const(16000)  # tile scores are clamped to +-this in the packed keys
_RACE_TILES = const(8)  # longest unblockable link the evaluation looks for
_PIECES_CHECK = const(20)  # links this short are checked for the pieces they need
_SHORT_COST = const(8)  # per square of such a link that the player's pieces cannot fill
_HISTORY = const(256)  # decisions the mirror follows (a game has at most 48 placements)
_FAR_OFF = const(6)  # slack of a square well off a player's best links
_MAP_SLACK = const(6)  # ranking maps: squares this far off the best links are not needed exactly
_URGENT = const(10000)  # ordering: a move that completes a link, or fails to stop one
_REPLY_GAIN = const(100)  # most a reply can add to a root move's one-ply value (the tempo)
_OPENING = const(1)  # decisions before any reply is searched
_attack = [5]  # the evaluation's weight of the player's own distance (prepare(): the level's)


def _side_tables():
    """Per side: the border edge bit of each square on it (0 elsewhere), and its squares."""
    borders, cells = [], []
    for side, bit in ((_LEFT, 8), (_RIGHT, 2), (_BOTTOM, 4), (_TOP, 1)):
        border = bytearray(CELLS)
        on = bytearray()
        for c in range(CELLS):
            x, y = c % SIZE, c // SIZE
            if (side == _LEFT and x == 0) or (side == _RIGHT and x == SIZE - 1) or (
                    side == _BOTTOM and y == 0) or (side == _TOP and y == SIZE - 1):
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
            if _NB[4 * c + k] != _NO_CELL:
                inner[c] |= 1 << k
    return bytes(inner)


_BORDER, _SIDE_CELLS = _side_tables()
_INNER = _inner_table()
_PAIR_EDGES = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))  # two different edges
# A mask -> the indices in _PAIR_EDGES of its pairs of wave edges.
_MASK_PAIRS = tuple(tuple(p for p in range(6) if mask >> _PAIR_EDGES[p][0] & 1 and
                          mask >> _PAIR_EDGES[p][1] & 1) for mask in range(16))
_UNION_LO = _union_table(0)
_UNION_HI = _union_table(8)
# A set of edges -> the masks (bits 1..15, like _FIT) with no wave on any of them.
_AVOIDING = tuple(sum(1 << m for m in range(1, 16) if not m & bad) for bad in range(16))
# A set of edges -> the masks (bits 1..15, like _FIT) that carry them all.
_CONTAINING = tuple(sum(1 << m for m in range(1, 16) if m & need == need) for need in range(16))
def _kinds_table(shift):
    """8 bits of a set of masks (bit i: mask i + shift) -> the kinds of pieces (bits 0..4)."""
    out = bytearray(256)
    for bits in range(256):
        for i in range(8):
            if bits >> i & 1 and i + shift:
                for k in range(5):
                    if _PIECE_BITS[k] >> (i + shift) & 1:
                        out[bits] |= 1 << k
    return bytes(out)


_KINDS_LO = _kinds_table(0)
_KINDS_HI = _kinds_table(8)
_MULTI = 0xFFFF & ~(1 | 2 | 4 | 16 | 256)  # masks of two waves or more, as a set like _FIT
_BACK = (4, 8, 1, 2)  # direction (N E S W) -> the bit of the neighbour's edge facing back
_BIT_DIR = (0, 0, 1, 0, 2, 0, 0, 0, 3)  # a border edge bit -> its direction
_BACK_DIR = (2, 3, 0, 1)  # direction -> the neighbour's edge facing back
# Offset to a neighbour (+ _WIDTH) -> the edge bit towards it (N +10, E +1, S -10, W -1).
_TOWARDS = bytes(1 if i == 2 * _WIDTH else 2 if i == _WIDTH + 1 else 4 if i == 0 else
                 8 if i == _WIDTH - 1 else 0 for i in range(2 * _WIDTH + 1))
_POPCOUNT = bytes(bin(i).count("1") for i in range(32))
_LOWEST = bytes(min([k for k in range(5) if i >> k & 1] or [255]) for i in range(32))  # lowest bit
_SIDES = ((_LEFT, _RIGHT), (_BOTTOM, _TOP))

# The mirror of the board's crossing state (one game at a time).
_open = (bytearray(CELLS), bytearray(CELLS))  # per player: edges a wave may cross (0: a wall)
_start = (bytearray(CELLS), bytearray(CELLS))  # per player: _INF, or 0 for a wall (never entered)
_pen = bytearray(CELLS)  # empty squares: the edges no placed wave enters (crossing them: +1)
_tiles = bytearray(CELLS)  # 0 for a placed tile, 1 for an empty square: tiles to place
_in_n = bytearray(CELLS)  # cost of entering a square through its N edge (2 + pen bit), E, S, W
_in_e = bytearray(CELLS)
_in_s = bytearray(CELLS)
_in_w = bytearray(CELLS)
_ENTRY = (_in_n, _in_e, _in_s, _in_w)
_board = bytearray(CELLS)  # the board the mirror shows
_moves = array("H", range(_HISTORY))  # the history it was brought up to date with
_mirror = [None, 0]  # the game and history length it shows
_held = [0, 0]  # the pieces each player holds, as sets of masks

# Scratch for the searches (one at a time).
_stack_a = bytearray(CELLS)  # Dial's stacks: a square enters each at most once per distance
_stack_b = bytearray(CELLS)
_stack_c = bytearray(CELLS)
_stack_d = bytearray(CELLS)
_stack_e = bytearray(CELLS)
_maps = (bytearray(CELLS), bytearray(CELLS), bytearray(CELLS), bytearray(CELLS))
_pred = bytearray(CELLS)  # _distance: the square each square was reached from
_last = bytearray(1)  # _distance: the square at the goal side of its best link
_kinds = bytearray(CELLS)  # the kinds of pieces (bits 0..4) that fit each square of a link
_left = bytearray(5)
_assigned = bytearray(CELLS)  # _unfilled: the kind given to each square
_given = bytearray(2 * _RACE_TILES)  # _starved (per level): the kinds given to a run's squares
_spare = bytearray(10)  # _starved (per level): the pieces of each kind not given to a square
_gap_keys = bytearray(_RACE_TILES)  # _starved: a run's squares' _FIT keys and edges to carry, as
_gap_wants = bytearray(_RACE_TILES)  # the opponent's tile tried first leaves them
_outer = bytearray(_RACE_TILES)  # _starved: 1 for a square that tile touches
_BESIDE = const(4 * _RACE_TILES)
_PATTERNS = const(96)
_beside = bytearray(_BESIDE)  # _starved: the empty squares beside a run and their first pattern
_beside_first = bytearray(_BESIDE + 1)
_pattern_first = array("H", range(_PATTERNS + 1))  # a pattern's first effect (next one's: end)
_effect_gap = bytearray(4 * _PATTERNS)  # per effect: the square of the run, the bits it adds to
_effect_edge = bytearray(4 * _PATTERNS)  # its _FIT key and to its edges to carry, the kinds that
_effect_wave = bytearray(4 * _PATTERNS)  # fit it then (alone)
_effect_kinds = bytearray(4 * _PATTERNS)
_took = bytearray(4)  # scratch of _pattern_fails
_kept = bytearray(12)  # _failing_after: the _FIT keys, edges to carry and kinds it changed
_facts = bytearray(2)  # _short_of_pieces: the link's empty squares, its shape
_gap_cells = bytearray(2 * CELLS)  # per player: its link's empty squares, their edges to carry
_gap_needs = bytearray(2 * CELLS)
_gap_marks = bytearray(CELLS)  # 1 + index of a link's empty square, 0 elsewhere
_run = bytearray(2)  # per player (see _link)
_run_shape = bytearray(2)
_zero_cells = bytes(CELLS)


def _sides(game, player):
    """The player's two sides (first, second)."""
    return _SIDES[(player == 0) != (game.options["red_links"] == "left-right")]


def _refresh(c, board, edges):
    m = board[c]
    _board[c] = m
    if m:
        _open[0][c] = _open[1][c] = m
        _start[0][c] = _start[1][c] = _INF
        _tiles[c] = _pen[c] = 0
        _in_n[c] = _in_e[c] = _in_s[c] = _in_w[c] = 0
        return
    e = edges[c]
    _tiles[c] = 1
    pen = 15 & ~e
    _pen[c] = pen
    _in_n[c] = 2 + (pen & 1)
    _in_e[c] = 2 + (pen >> 1 & 1)
    _in_s[c] = 2 + (pen >> 2 & 1)
    _in_w[c] = 2 + (pen >> 3)
    fit = _FIT[e] & _MULTI
    for p in (0, 1):
        fits = fit & _held[p]
        if fits:
            _open[p][c] = _UNION_LO[fits & 255] | _UNION_HI[fits >> 8]
            _start[p][c] = _INF
        else:
            _open[p][c] = 0
            _start[p][c] = 0


def _refresh_around(c, board, edges):
    _refresh(c, board, edges)
    base = c * 4
    for k in range(4):
        n = _NB[base + k]
        if n != _NO_CELL:
            _refresh(n, board, edges)


def _rehold(board, edges, player):
    """The player's crossings of every empty square again, for other pieces held."""
    held = _held[player] & _MULTI
    anything = _UNION_LO[held & 255] | _UNION_HI[held >> 8]  # on a square with no neighbours
    opened, start = _open[player], _start[player]
    for c in range(CELLS):
        if board[c]:
            continue
        e = edges[c]
        if e:
            fits = _FIT[e] & held
            o = _UNION_LO[fits & 255] | _UNION_HI[fits >> 8] if fits else 0
        else:
            o = anything
        opened[c] = o
        start[c] = _INF if o else 0


def _sync(game):
    """Brings the mirror up to date with `game`: the squares around the moves that differ from
    the history it last saw (and every empty square for a player whose kinds of pieces held
    changed), or every square (another game, a decoded position)."""
    board, edges, hand, history = game.board, game._edges, game.hand, game.history
    red = black = 0
    for p in range(5):
        if hand[p]:
            red |= _PIECE_BITS[p]
        if hand[5 + p]:
            black |= _PIECE_BITS[p]
    n = len(history)
    state = _mirror
    if state[0] is game and n <= _HISTORY:
        length = state[1]
        old_red, old_black = _held
        _held[0], _held[1] = red, black
        if length != n or (n and _moves[n - 1] != history[n - 1]) or _board != board:
            k = 0
            limit = n if n < length else length
            while k < limit and _moves[k] == history[k]:
                k += 1
            for i in range(k, length):
                m = _moves[i]
                if m != PASS:
                    _refresh_around(m >> 4, board, edges)
            for i in range(k, n):
                m = history[i]
                _moves[i] = m
                if m != PASS:
                    _refresh_around(m >> 4, board, edges)
            state[1] = n
        if _board == board:
            if red != old_red:
                _rehold(board, edges, 0)
            if black != old_black:
                _rehold(board, edges, 1)
            return
    _held[0], _held[1] = red, black
    for c in range(CELLS):
        _refresh(c, board, edges)
    state[0] = game
    state[1] = n if n <= _HISTORY else 0
    for i in range(state[1]):
        _moves[i] = history[i]


def _distance(player, start, goal, dist, extra):
    """Dial's algorithm from side `start` for `player` into `dist`: the cost to reach each
    square (its own tile and entry included; walls 0, never entered); returns the distance to
    side `goal` (_INF if it cannot be reached).  `extra`: map the squares up to that much
    beyond the goal's distance (0: stop once it is known; squares further off may keep higher
    costs, or _INF).  Crossing from a square into a neighbour costs the neighbour's tile (2, 0 if
    placed) and 1 for each empty square's edge on the way that no placed wave enters (entry,
    pen): 0 to 4, so five stacks hold the squares at d .. d + 4, rotated after each distance.
    A square found again at a lower distance is skipped when its old entry comes up.  Each
    square's predecessor goes into _pred and the best square at the goal into _last, so a best
    link can be walked back.  The four directions are written out: the hot loop of the AI."""
    dist[:] = _start[player]
    opened, inner, pred, pen = _open[player], _INNER, _pred, _pen
    goal_border = _BORDER[goal]
    bit = _BORDER[start][_SIDE_CELLS[start][0]]
    in_n, in_e, in_s, in_w = _ENTRY
    s0, s1, s2 = _stack_a, _stack_b, _stack_c
    s3, s4 = _stack_d, _stack_e
    n0 = n1 = n2 = n3 = n4 = 0
    through = _ENTRY[_BIT_DIR[bit]]
    for n in _SIDE_CELLS[start]:
        if opened[n] & bit:
            w = through[n]
            dist[n] = w
            pred[n] = _NO_CELL
            if w == 4:
                s4[n4] = n
                n4 += 1
            elif w == 3:
                s3[n3] = n
                n3 += 1
            elif w == 2:
                s2[n2] = n
                n2 += 1
            elif w:
                s1[n1] = n
                n1 += 1
            else:
                s0[n0] = n
                n0 += 1
    d = 0
    best = _INF
    while True:
        while n0:
            n0 -= 1
            c = s0[n0]
            if dist[c] != d:
                continue
            o = opened[c]
            gb = o & goal_border[c]
            if gb:
                v = d + 1 if pen[c] & gb else d
                if v < best:
                    _last[0] = c
                    if v == d and not extra:
                        return d
                    best = v
            o &= inner[c]
            exits = pen[c]
            if o & 1:
                n = c + _WIDTH
                w = in_s[n] + (exits & 1)
                if d + w < dist[n]:
                    dist[n] = d + w
                    pred[n] = c
                    if w == 4:
                        s4[n4] = n
                        n4 += 1
                    elif w == 3:
                        s3[n3] = n
                        n3 += 1
                    elif w == 2:
                        s2[n2] = n
                        n2 += 1
                    elif w:
                        s1[n1] = n
                        n1 += 1
                    else:
                        s0[n0] = n
                        n0 += 1
            if o & 2:
                n = c + 1
                w = in_w[n] + (exits >> 1 & 1)
                if d + w < dist[n]:
                    dist[n] = d + w
                    pred[n] = c
                    if w == 4:
                        s4[n4] = n
                        n4 += 1
                    elif w == 3:
                        s3[n3] = n
                        n3 += 1
                    elif w == 2:
                        s2[n2] = n
                        n2 += 1
                    elif w:
                        s1[n1] = n
                        n1 += 1
                    else:
                        s0[n0] = n
                        n0 += 1
            if o & 4:
                n = c - _WIDTH
                w = in_n[n] + (exits >> 2 & 1)
                if d + w < dist[n]:
                    dist[n] = d + w
                    pred[n] = c
                    if w == 4:
                        s4[n4] = n
                        n4 += 1
                    elif w == 3:
                        s3[n3] = n
                        n3 += 1
                    elif w == 2:
                        s2[n2] = n
                        n2 += 1
                    elif w:
                        s1[n1] = n
                        n1 += 1
                    else:
                        s0[n0] = n
                        n0 += 1
            if o & 8:
                n = c - 1
                w = in_e[n] + (exits >> 3)
                if d + w < dist[n]:
                    dist[n] = d + w
                    pred[n] = c
                    if w == 4:
                        s4[n4] = n
                        n4 += 1
                    elif w == 3:
                        s3[n3] = n
                        n3 += 1
                    elif w == 2:
                        s2[n2] = n
                        n2 += 1
                    elif w:
                        s1[n1] = n
                        n1 += 1
                    else:
                        s0[n0] = n
                        n0 += 1
        d += 1
        if best + extra <= d:
            return best
        if not (n1 or n2 or n3 or n4):
            return best
        t = s0
        s0 = s1
        s1 = s2
        s2 = s3
        s3 = s4
        s4 = t
        n0 = n1
        n1 = n2
        n2 = n3
        n3 = n4
        n4 = 0


def _short_of_pieces(game, player, start, goal):
    """Squares of the best link that _distance (from `start`) has just found that the player's
    pieces cannot all fill: each needs a piece carrying the link's two edges and the waves
    already entering it, and a piece fills one square (say two gaps that only straights fit,
    one straight left).  Also its shape and starving squares, into _facts (see below)."""
    pred, goal_border, last = _pred, _BORDER[goal], _last[0]
    bit = _BORDER[start][_SIDE_CELLS[start][0]]
    facts = _facts
    facts[0] = facts[1] = 0
    board, edges, held = game.board, game._edges, _held[player]
    cells, needs, kinds = _gap_cells, _gap_needs, _kinds
    count, base = 0, player * CELLS
    pairs = ends = 0
    leave = goal_border[last]
    after = _NO_CELL  # the square walked before c (towards the goal), if empty
    end_blockable = False
    c = last
    while c != _NO_CELL:
        p = pred[c]
        enter = bit if p == _NO_CELL else _TOWARDS[p - c + _WIDTH]
        if board[c]:
            after = _NO_CELL
        else:
            e = edges[c]
            need = enter | leave | (e & 15)
            cells[base + count] = c
            needs[base + count] = need
            kinds[count] = _kinds_fitting(_FIT[e], need)
            count += 1
            if need != e & 15 and (c == last or p == _NO_CELL):
                # An empty square at a side: its border edge is open.  The opponent blocks it
                # with a tile that carries the waves entering it but neither that edge nor a
                # wave into an empty square on the same side (a new end of the link there).
                ends += 1
                side_bits = _BORDER[goal if c == last else start]
                bad = side_bits[c]
                for k in range(4):
                    n = _NB[c * 4 + k]
                    if n != _NO_CELL and side_bits[n] and not board[n]:
                        bad |= 1 << k
                end_blockable = _FIT[e] & _held[1 - player] & _AVOIDING[bad]
            if after != _NO_CELL:
                pairs += 1  # two empty squares in a row: a tile on either enters the other
            after = c
        if p != _NO_CELL:
            leave = _TOWARDS[c - p + _WIDTH]
        c = p
    facts[0] = count
    short = _unfilled(game.hand, player, count)
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


def _kinds_fitting(fits, need):
    """The kinds of pieces (bits 0..4) with a mask among `fits` that carries the edges `need`."""
    fits &= _CONTAINING[need]
    return _KINDS_LO[fits & 255] | _KINDS_HI[fits >> 8]


def _unfilled(hand, player, count):
    """How many of the first `count` squares in _kinds the player's pieces cannot fill, one
    piece each: squares with the fewest kinds that fit first, each from the kind with the most
    left.  The kind given to each square goes into _assigned (_NO_CELL: none), the pieces
    then left into _left."""
    kinds, left, assigned = _kinds, _left, _assigned
    rich = 0  # kinds enough for every square: those alone fill them all
    for k in range(5):
        left[k] = hand[player * 5 + k]
        if left[k] >= count:
            rich |= 1 << k
    i = 0
    while i < count and kinds[i] & rich:
        k = _LOWEST[kinds[i] & rich]
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
            if _POPCOUNT[allowed] != choices:
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


def _starved(game, player, limit, deep=False):
    """How many squares (up to `limit`) the opponent has for a tile beside the player's run
    (see _link) that leaves the player's pieces unable to fill all its empty squares: such a
    tile forces a wave or a blank on each free edge it shares with them (one tile may hit two).
    `deep`: a tile that leaves two such squares counts too (the player can answer one)."""
    board, edges, hand = game.board, game._edges, game.hand
    cells, needs, marks = _gap_cells, _gap_needs, _gap_marks
    count, base = _run[player], player * CELLS
    theirs = _held[1 - player]
    for i in range(count):
        c = cells[base + i]
        marks[c] = i + 1
        _gap_keys[i] = edges[c]
        _gap_wants[i] = needs[base + i]
        _kinds[i] = _kinds_fitting(_FIT[edges[c]], needs[base + i])
        _outer[i] = 0
    # The opponent's ways to tile each empty square beside the run (which waves or blanks its
    # tiles there put on the edges towards the run), as patterns of their effects on it.
    squares = patterns = effects = 0
    for i in range(count):
        c = cells[base + i]
        for k in range(4):
            n = _NB[c * 4 + k]
            if n == _NO_CELL or board[n] or marks[n] or _listed_beside(n, squares):
                continue
            towards = 0
            for j in range(4):
                m = _NB[n * 4 + j]
                if m != _NO_CELL and marks[m]:
                    towards |= 1 << j
            fits = _FIT[edges[n]] & theirs
            ways = 0
            for mask in range(1, 16):
                if fits >> mask & 1:
                    ways |= 1 << (mask & towards)
            if not ways or squares == _BESIDE:
                continue
            _beside[squares] = n
            _beside_first[squares] = patterns
            for way in range(16):
                if not ways >> way & 1 or patterns == _PATTERNS:
                    continue
                _pattern_first[patterns] = effects
                for j in range(4):
                    if towards >> j & 1:
                        g = marks[_NB[n * 4 + j]] - 1
                        back = _BACK[j]
                        wave = back if way >> j & 1 else 0
                        _effect_gap[effects] = g
                        _effect_edge[effects] = back << 4 | wave
                        _effect_wave[effects] = wave
                        _effect_kinds[effects] = _kinds_fitting(_FIT[_gap_keys[g] | back << 4 | wave],
                                                                _gap_wants[g] | wave)
                        effects += 1
                patterns += 1
            squares += 1
    _beside_first[squares] = patterns
    _pattern_first[patterns] = effects
    _unfilled(hand, player, count)  # (the run is filled: every square has a kind given)
    for i in range(count):
        _given[i] = _assigned[i]
    for k in range(5):
        _spare[k] = _left[k]
    result = 0
    for b in range(squares):
        for e in range(_beside_first[b], _beside_first[b + 1]):
            if _pattern_fails(e, 0, hand, player, count) or (
                    deep and _failing_after(e, b, squares, hand, player, count) > 1):
                result += 1
                break
        if result >= limit:
            break
    for i in range(count):
        marks[cells[base + i]] = 0
    return result


def _listed_beside(cell, squares):
    for i in range(squares):
        if _beside[i] == cell:
            return True
    return False


def _pattern_kinds(x):
    """The kinds that fit the square of effect x now (with the tile tried first, if any)."""
    g = _effect_gap[x]
    if _outer[g]:
        return _kinds_fitting(_FIT[_gap_keys[g] | _effect_edge[x]], _gap_wants[g] | _effect_wave[x])
    return _effect_kinds[x]


def _pattern_fails(e, level, hand, player, count):
    """Whether the opponent's tile of pattern e leaves the run unfillable, from `level`'s
    assignment (_given, _spare): a square that keeps its kind, or takes one left over, is
    filled; otherwise every square is tried again."""
    given, spare = level * _RACE_TILES, level * 5
    first, last = _pattern_first[e], _pattern_first[e + 1]
    took = 0
    short = False
    for x in range(first, last):
        g = _effect_gap[x]
        kind = _pattern_kinds(x)
        if not kind >> _given[given + g] & 1:
            take = _NO_CELL
            for k in range(5):
                if kind >> k & 1 and _spare[spare + k]:
                    take = k
                    break
            if take == _NO_CELL:
                short = True
                break
            _spare[spare + take] -= 1
            _took[took] = take
            took += 1
    for i in range(took):
        _spare[spare + _took[i]] += 1
    if not short:
        return False
    kinds = _kinds
    for x in range(first, last):
        g = _effect_gap[x]
        _took[x - first] = kinds[g]
        kinds[g] = _pattern_kinds(x)
    short = _unfilled(hand, player, count) > 0
    for x in range(last - 1, first - 1, -1):
        kinds[_effect_gap[x]] = _took[x - first]
    return short


def _reassign(first, last, hand, player, count):
    """The assignment after the effects first..last (the run still filled), as level 1's: the
    squares whose kind no longer fits take one left over, or every square is tried again."""
    for i in range(count):
        _given[_RACE_TILES + i] = _given[i]
    for k in range(5):
        _spare[5 + k] = _spare[k]
    for x in range(first, last):
        g = _effect_gap[x]
        kind = _kinds[g]
        old = _given[_RACE_TILES + g]
        if kind >> old & 1:
            continue
        take = _NO_CELL
        for k in range(5):
            if kind >> k & 1 and _spare[5 + k]:
                take = k
                break
        if take == _NO_CELL:
            _unfilled(hand, player, count)
            for i in range(count):
                _given[_RACE_TILES + i] = _assigned[i]
            for k in range(5):
                _spare[5 + k] = _left[k]
            return
        _spare[5 + take] -= 1
        _spare[5 + old] += 1
        _given[_RACE_TILES + g] = take


def _failing_after(e, b, squares, hand, player, count):
    """After the opponent's tile of pattern e (on beside square b, the run still filled): how
    many other squares beside the run (up to 2) have a tile that leaves it unfillable."""
    kinds, keys, wants = _kinds, _gap_keys, _gap_wants
    first, last = _pattern_first[e], _pattern_first[e + 1]
    changed = False
    for x in range(first, last):
        g = _effect_gap[x]
        at = 3 * (x - first)
        _kept[at] = keys[g]
        _kept[at + 1] = wants[g]
        _kept[at + 2] = kinds[g]
        keys[g] |= _effect_edge[x]
        wants[g] |= _effect_wave[x]
        kind = _kinds_fitting(_FIT[keys[g]], wants[g])
        if kind != kinds[g]:
            changed = True
        kinds[g] = kind
        _outer[g] = 1
    found = 0
    if changed:  # (else nothing changed for the player)
        _reassign(first, last, hand, player, count)
        for b2 in range(squares):
            if b2 == b:
                continue
            for e2 in range(_beside_first[b2], _beside_first[b2 + 1]):
                if _pattern_fails(e2, 1, hand, player, count):
                    found += 1
                    break
            if found > 1:
                break
    for x in range(last - 1, first - 1, -1):
        g = _effect_gap[x]
        at = 3 * (x - first)
        keys[g] = _kept[at]
        wants[g] = _kept[at + 1]
        kinds[g] = _kept[at + 2]
        _outer[g] = 0
    return found


def _needs_tiles(game, player, k):
    """Whether every link of the player needs `k` tiles or more (a placed tile is free, an empty
    square one tile): breadth-first by tiles, with two stacks, up to k - 1 tiles."""
    start, goal = _sides(game, player)
    dist, opened, inner, tiles = _maps[1], _open[player], _INNER, _tiles
    goal_border = _BORDER[goal]
    dist[:] = _start[player]
    now, later = _stack_a, _stack_b
    n_now = n_later = 0
    bit = _BORDER[start][_SIDE_CELLS[start][0]]
    for c in _SIDE_CELLS[start]:
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
                    n = _NB[c * 4 + j]
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


def _link(game, player):
    """The player's connection distance (see evaluate).  For a short link that the player's
    pieces can fill: _run[player] its tiles (empty squares) and _run_shape[player] (see
    _short_of_pieces: 2 = a run the opponent cannot block, as a tile on each empty square must
    join the waves entering it, 1 = one tile makes it one); else _run[player] = 0."""
    a, b = _sides(game, player)
    d = _distance(player, a, b, _maps[0], 0)
    _run[player] = 0
    if d <= _PIECES_CHECK:  # (reached, so _last is this link's end)
        short = _short_of_pieces(game, player, a, b)
        if short:
            d += _SHORT_COST * short
        elif _facts[1]:
            _run[player] = _facts[0]
            _run_shape[player] = _facts[1]
    return d


def _race(game, mover, d_mover, d_other):
    """+1: the side to move wins (one tile short, or a run that one opponent's tile can starve
    at one square at most, filled there first, or one tile from a run it cannot starve, no
    longer than the other's fewest tiles); -1: the other side wins (a run the mover cannot
    starve, shorter than the mover's fewest tiles); 0: open.  Each tile costs 2 to 4, so distance / 4 (rounded up) is a lower bound of
    the tiles, counted only when it does not decide.  (_link has run for both players.)"""
    if d_mover < 4 or (d_mover == 4 and not _needs_tiles(game, mover, 2)):
        return 1
    tiles, shape = _run[mover], _run_shape[mover]
    if tiles and ((d_other + 3) >> 2 >= tiles or _needs_tiles(game, 1 - mover, tiles)) and (
            _starved(game, mover, shape) < shape):
        return 1
    tiles = _run[1 - mover]
    if tiles and _run_shape[1 - mover] == 2 and (
            (d_mover + 3) >> 2 > tiles or _needs_tiles(game, mover, tiles + 1)) and (
            not _starved(game, 1 - mover, 1, True)):
        return -1
    return 0


def link_distances(game):
    """(Red's, Black's) connection distances as the evaluation sees them (_INF: no link)."""
    _sync(game)
    a, b = _sides(game, 0)
    red = _distance(0, a, b, _maps[0], 0)
    a, b = _sides(game, 1)
    return red, _distance(1, a, b, _maps[0], 0)


def win_candidates(game, moves):
    """A placement wins on the spot only one tile from a link, whose distance is then at most
    4 (a tile costs 2 to 4): otherwise none of the ~800 moves needs a try."""
    return moves if link_distances(game)[game.to_move()] <= 4 else []


def evaluate(game, player):
    """The opponent's distance less _attack times the player's (the weight of the level prepared
    last, see _ATTACKS), in _STEP units, with a little for the side to move; +-_LINK_NOW more
    for a race won or lost (see _race: a lost race is still defended as well as the distances
    tell).  A short link costs more for each of its squares that the player's pieces cannot
    fill."""
    history = game.history
    n = len(history) - _root[1] if _root[0] is game else 0
    # The search evaluates the root player's positions, with that player to move after a reply
    # (n = 2), not after a root move (n = 1).  Another caller (the greedy benchmark player, after
    # the AI's move and its own) may evaluate the same positions for the other player.
    ours = n and (game.to_move() == player) == (n == 2)
    if ours and n == 1 and _pruned[0] and history[-1] == _pruned[1]:  # values found before
        _pruned[0] = 0
        return _pruned[2]
    if ours and n == 2 and history[-2] == _current[0]:
        for i in range(_tried[0]):
            if history[-1] == _tried_moves[i]:
                return _tried_values[i]
    value = _evaluate(game, player)
    if ours and n == 1:
        _note_root_move(history[-1], value)
    elif ours and n == 2 and _plies[0] == 2 and value < _current[1]:
        _current[1], _current[2] = value, history[-1]
    return value


def _evaluate(game, player):
    _sync(game)
    mine = _link(game, player)
    theirs = _link(game, 1 - player)
    to_move = game.to_move() == player
    race = _race(game, player, mine, theirs) if to_move else -_race(game, 1 - player, theirs, mine)
    if mine > _FAR:
        mine = _FAR
    if theirs > _FAR:
        theirs = _FAR
    score = (theirs - _attack[0] * mine) * _STEP + (_TEMPO if to_move else -_TEMPO)
    return score + race * _LINK_NOW


# --- move ordering ------------------------------------------------------------------------------
# A ranking view: both players' distance maps, distances and square values of one position.
# The root's view serves the replies to every root move too (one tile changes little of it, and
# the search plays the replies out anyway); positions deeper than that get a view of their own.
# Rankings are kept as packed keys (value, a tie-break from the seed, index) in a small top-k
# buffer: no lists or sorts per node.
def _view():
    return ((bytearray(CELLS), bytearray(CELLS), bytearray(CELLS), bytearray(CELLS)),
            [0, 0, 0],  # the owner's distance, the opponent's, the owner (mover of the position)
            bytearray(CELLS),  # narrow: bit 1 the owner's, 2 the opponent's (see _rank)
            array("h", range(CELLS)),  # each square's value (the same for both players)
            bytearray(CELLS))  # the best squares, best first


_ROOT_VIEW = _view()
_NODE_VIEW = _view()
_CACHED = const(4)  # root moves' squares whose replies' maps are kept (see _map_reply)
_cached_cells = bytearray(_CACHED)
_cached_maps = tuple((bytearray(CELLS), bytearray(CELLS), bytearray(CELLS), bytearray(CELLS))
                     for _ in range(_CACHED))
_cached_links = bytearray(2 * _CACHED)
_squares = bytearray(CELLS)  # the squares whose tiles are scored
_best_links = bytearray(CELLS)  # squares on a best link of either player
_count_mine = bytearray(256)  # squares of a best link by distance from the first side
_count_theirs = bytearray(256)
_zero_count = bytes(256)
_mine_edges = bytearray(8)  # per direction: cost to the first side, then to the second
_theirs_edges = bytearray(8)
_pair_mine = [0] * 6  # per pair of edges (_PAIR_EDGES): the best link through both, each way
_pair_theirs = [0] * 6
_root = [None, 0]  # the search's root (order()): game, history length
_salt = [0]  # from the root's first move, which the seed picks: its say among equal moves
_best_keys = [0] * _KEEP  # packed keys, best first
_best_count = [0]
_scored = array("H", range(_SCORED))  # the moves behind the indices in _best_moves' keys


def _best_reset(count):
    """Empties the ranking for the `count` best keys (at most _KEEP); returns that count."""
    if count > _KEEP:
        count = _KEEP
    top = _best_keys
    for i in range(count):
        top[i] = -1
    _best_count[0] = 0
    return count


def _best_add(key, count):
    """Inserts `key`, which the caller found larger than the worst kept (from the end)."""
    top = _best_keys
    i = count - 1
    while i and top[i - 1] < key:
        top[i] = top[i - 1]
        i -= 1
    top[i] = key
    if _best_count[0] < count:
        _best_count[0] += 1


def _map(game, view, reuse=False):
    """The maps of `view` for the position (0, 1: the mover's from their first and second side;
    2, 3: the opponent's) and its distances.  `reuse`: the mover's maps are still those of the
    root's view (see candidates)."""
    _sync(game)
    maps, links = view[0], view[1]
    mover = game.to_move()
    m0, m1, t0, t1 = maps
    a, b = _sides(game, mover)
    if reuse:
        m0[:] = _ROOT_VIEW[0][2]
        m1[:] = _ROOT_VIEW[0][3]
        mine = _ROOT_VIEW[1][1]
    else:
        mine = _distance(mover, a, b, m0, _MAP_SLACK)
        _distance(mover, b, a, m1, _MAP_SLACK)
    a, b = _sides(game, 1 - mover)
    links[1] = _distance(1 - mover, a, b, t0, _MAP_SLACK)
    _distance(1 - mover, b, a, t1, _MAP_SLACK)
    links[0], links[2] = mine, mover


def _rank(game, count, view):
    """Ranks the best `count` squares of the position by `view`'s maps (after _map) and fills
    its values and narrow squares; returns how many it ranked."""
    maps, links, narrow, values, ranked = view
    m0, m1, t0, t1 = maps
    mine, theirs, mover = links
    board, best_links = game.board, _best_links
    o_mine, o_theirs = _open[mover], _open[1 - mover]
    count_mine, count_theirs = _count_mine, _count_theirs
    count_mine[:] = _zero_count
    count_theirs[:] = _zero_count
    urgent = mine <= 4 or theirs <= 4
    on_best = 0
    count = _best_reset(count)
    top, worst, salt = _best_keys, count - 1, _salt[0]
    for c in range(CELLS):
        if board[c] or not (o_mine[c] or o_theirs[c]):
            continue
        # Slack: how much longer than the best link a link through this square is.
        slack_mine = m0[c] + m1[c] - 2 - mine if o_mine[c] else _INF
        slack_theirs = t0[c] + t1[c] - 2 - theirs if o_theirs[c] else _INF
        if slack_mine < slack_theirs:
            low, high = slack_mine, slack_theirs
        else:
            low, high = slack_theirs, slack_mine
        # On a best link of either player first, then of both; a link about to be completed
        # (one square, or two a wave enters) before anything else.
        value = -(low if low < 200 else 200) * 16 - (high if high < 8 else 8) * 4
        if low == 0:
            best_links[on_best] = c
            on_best += 1
            if slack_mine == 0:
                count_mine[m0[c]] += 1
            if slack_theirs == 0:
                count_theirs[t0[c]] += 1
            if urgent and ((slack_theirs == 0 and theirs <= 4) or (slack_mine == 0 and mine <= 4)):
                value += 64
        values[c] = value
        key = (value + 4096) << 10 | ((c * 73 + salt) >> 4 & 3) << 8 | c
        if key > top[worst]:
            _best_add(key, count)
    # Narrow: a square of a best link that no other square of a best link matches in distance
    # from the first side; one tile there lengthens every best link.
    narrow[:] = _zero_cells
    for i in range(on_best):
        c = best_links[i]
        if o_mine[c] and m0[c] + m1[c] - 2 == mine and count_mine[m0[c]] == 1:
            narrow[c] = 1
        if o_theirs[c] and t0[c] + t1[c] - 2 == theirs and count_theirs[t0[c]] == 1:
            narrow[c] |= 2
    for i in range(_best_count[0]):
        ranked[i] = _best_keys[i] & 255
    return _best_count[0]


def _edge_values(first, second, sides, opened, cell, out):
    """For each direction from `cell`: the cost to reach the first side and the second side
    through that edge's neighbour, entered by a wave of a tile on `cell` (so leaving it towards
    the tile costs nothing more; 0 across the side's own border), into out[0..3], out[4..7]."""
    base = cell * 4
    for k in range(4):
        n = _NB[base + k]
        if n == _NO_CELL:
            bit = 1 << k
            out[k] = 0 if _BORDER[sides[0]][cell] & bit else _INF
            out[4 + k] = 0 if _BORDER[sides[1]][cell] & bit else _INF
        elif opened[n] & _BACK[k]:
            out[k] = first[n]
            out[4 + k] = second[n]
        else:
            out[k] = out[4 + k] = _INF


def _best_moves(game, view, squares, count):
    """The mover's best `count` tiles on the first `squares` of _squares, by the estimated
    change of both players' distances in `view` (equally weighted: a tile that mostly blocks
    can be a reply that refutes a move), then by the square values."""
    mover = game.to_move()
    board, edges, held = game.board, game._edges, _held[mover]
    maps, links, narrow, values = view[0], view[1], view[2], view[3]
    if links[2] == mover:
        m0, m1, t0, t1 = maps
        mine, theirs, bit_mine, bit_theirs = links[0], links[1], 1, 2
    else:
        t0, t1, m0, m1 = maps
        mine, theirs, bit_mine, bit_theirs = links[1], links[0], 2, 1
    sides_mine, sides_theirs = _sides(game, mover), _sides(game, 1 - mover)
    open_mine, open_theirs = _open[mover], _open[1 - mover]
    ours, other, scored = _mine_edges, _theirs_edges, _scored
    pair_mine, pair_theirs = _pair_mine, _pair_theirs
    count = _best_reset(count)
    top, worst, salt = _best_keys, count - 1, _salt[0]
    index = 0
    for i in range(squares):
        cell = _squares[i]
        fits = 0 if board[cell] else _FIT[edges[cell]] & held  # (a root square since taken)
        if not fits:
            continue
        _edge_values(m0, m1, sides_mine, open_mine, cell, ours)
        _edge_values(t0, t1, sides_theirs, open_theirs, cell, other)
        for p in range(6):  # per pair of edges, the better way round for each player
            a, b = _PAIR_EDGES[p]
            v, w = ours[a] + ours[4 + b], ours[b] + ours[4 + a]
            pair_mine[p] = v if v < w else w
            v, w = other[a] + other[4 + b], other[b] + other[4 + a]
            pair_theirs[p] = v if v < w else w
        # A player's estimated distance after a tile here: the best link through the tile, at
        # most `cap`.  Off the best links (the best link through the square is longer) the
        # square changes nothing unless the tile makes a shorter link; on them a tile turning
        # the link away costs a detour on a narrow square, nothing elsewhere.
        cap_mine = mine
        if open_mine[cell] and m0[cell] + m1[cell] - 2 <= mine and narrow[cell] & bit_mine:
            cap_mine = mine + 4
        cap_theirs = theirs
        if open_theirs[cell] and t0[cell] + t1[cell] - 2 <= theirs and narrow[cell] & bit_theirs:
            cap_theirs = theirs + 4
        cell_value = values[cell]
        for mask in range(1, 16):
            if not fits >> mask & 1 or index == _SCORED:
                continue
            # The best link through the tile for each player: two different wave edges, one
            # towards each side (the tile itself free by then).
            via_mine = via_theirs = 2 * _INF
            for p in _MASK_PAIRS[mask]:
                v = pair_mine[p]
                if v < via_mine:
                    via_mine = v
                v = pair_theirs[p]
                if v < via_theirs:
                    via_theirs = v
            new_mine = via_mine if via_mine < cap_mine else cap_mine
            new_theirs = via_theirs if via_theirs < cap_theirs else cap_theirs
            score = ((new_theirs - theirs) - (new_mine - mine)) * 64 + cell_value
            if new_mine == 0:
                score += _URGENT  # completes the mover's link
            elif new_theirs < 4:
                score -= _URGENT  # leaves the opponent a link to complete
            if score < -_SCORE_LIMIT:
                score = -_SCORE_LIMIT
            elif score > _SCORE_LIMIT:
                score = _SCORE_LIMIT
            move = cell << 4 | mask
            scored[index] = move
            key = (score + _SCORE_LIMIT) << 11 | ((move * 73 + salt) >> 4 & 3) << 9 | index
            if key > top[worst]:
                _best_add(key, count)
            index += 1
    out = [0] * _best_count[0]
    for i in range(len(out)):
        out[i] = scored[_best_keys[i] & 511]
    return out


def _list_squares(view, squares):
    ranked = view[4]
    for i in range(squares):
        _squares[i] = ranked[i]


def _listed(cell, squares):
    for i in range(squares):
        if _squares[i] == cell:
            return True
    return False


# A two-ply search (the normal level) examines every root move against the replies; most root
# moves after the first are refuted by a reply that refuted an earlier one.  Such a reply is
# evaluated first and, if it refutes (its value is no better than the best root move's so far),
# returned alone, so that the costly ranking of the replies is left out; a root move whose
# one-ply value is already too low gets no replies (the search takes that value).
_plies = [0]  # plies of the level being searched (prepare())
_root_moves = array("H", range(_KEEP))  # root moves with their one-ply values
_root_values = [0] * _KEEP
_root_count = [0]
_current = [PASS, 0, PASS]  # the root move under examination, its lowest reply value, reply
_best_root = [0, False]  # the best value of a root move examined (as the search sees it), known
_refutations = array("H", (PASS, PASS))  # replies that refuted root moves, latest first
_tried = [0]  # the replies _refuted evaluated for the current root move, and their values
_tried_moves = array("H", (PASS, PASS))
_tried_values = [0, 0]
_pruned = [0, PASS, 0]  # a root move _refuted left without replies (pending), its value


def prepare(game, level):
    """The level's depth (see _refuted) and evaluation weight; nothing about the position."""
    _plies[0] = len(LEVELS[level][2])
    _attack[0] = _ATTACKS[level]


def _note_root_move(move, value):
    count = _root_count[0]
    for i in range(count):
        if _root_moves[i] == move:
            return
    if count < _KEEP:
        _root_moves[count] = move
        _root_values[count] = value
        _root_count[0] = count + 1


def _one_ply(move):
    for i in range(_root_count[0]):
        if _root_moves[i] == move:
            return _root_values[i]
    return _LINK_NOW  # (not seen: nothing known, so nothing is ruled out)


def _refuted(game, move):
    """For a reply to root move `move` in a two-ply search: [] if its one-ply value cannot beat
    the best root move's, [reply] for a reply that refutes it, None to rank the replies."""
    if _current[0] != move:
        if _current[0] != PASS:  # the previous root move is done
            value = _current[1]
            bound = _one_ply(_current[0]) + _REPLY_GAIN
            if bound < value:
                value = bound  # (a reply that wins is not evaluated)
            if not _best_root[1] or value > _best_root[0]:
                _best_root[0], _best_root[1] = value, True
            if _current[2] != PASS and _current[2] != _refutations[0]:
                _refutations[1] = _refutations[0]
                _refutations[0] = _current[2]
        _current[0], _current[1], _current[2] = move, _LINK_NOW * 2, PASS
    _tried[0] = _pruned[0] = 0
    if not _best_root[1]:
        return None
    alpha = _best_root[0]
    value = _one_ply(move)
    if value + _REPLY_GAIN < alpha:
        _pruned[0], _pruned[1], _pruned[2] = 1, move, value
        return []
    _sync(game)
    replier = game.to_move()
    board, edges, held = game.board, game._edges, _held[replier]
    player = 1 - replier
    for i in range(2):
        reply = _refutations[i]
        if reply == PASS or board[reply >> 4] or not (_FIT[edges[reply >> 4]] & held) >> (reply & 15) & 1:
            continue
        game.play(reply)
        winner = game.winner()
        if winner != -1:
            game.undo()
            if winner == replier:
                return [reply]  # (the opponent links: the search sees the loss)
            continue  # (a reply that links the root player's sides, or draws, refutes nothing)
        value = _evaluate(game, player)
        game.undo()
        _tried_moves[_tried[0]] = reply
        _tried_values[_tried[0]] = value
        _tried[0] += 1
        if value < _current[1]:
            _current[1], _current[2] = value, reply
        if value <= alpha:
            return [reply]
    return None


def order(game, moves, count):
    """The root: the tiles on the best squares, scored (the same moves as the listed ones)."""
    _salt[0] = moves[0] & 255
    _root[0], _root[1] = game, len(game.history)
    _root_count[0] = 0
    _current[0] = _refutations[0] = _refutations[1] = PASS
    _best_root[1] = False
    _tried[0] = _pruned[0] = 0
    for i in range(_CACHED):
        _cached_cells[i] = _NO_CELL
    _map(game, _ROOT_VIEW)
    squares = _rank(game, count * _SQUARES_PER_MOVE, _ROOT_VIEW)
    _list_squares(_ROOT_VIEW, squares)
    out = _best_moves(game, _ROOT_VIEW, squares, count)
    return out if out else moves[:count]


def _map_reply(game, square):
    """_map for a reply to a root move on `square`.  Replies to root moves on the same square
    share the maps (the tiles differ in their waves only; the search plays the replies out),
    kept for the first _CACHED squares.  The replier's maps stay those of the root when the
    square is well off the replier's best links: a tile there can neither lengthen nor
    shorten them."""
    maps, links = _NODE_VIEW[0], _NODE_VIEW[1]
    free = -1
    for i in range(_CACHED):
        if _cached_cells[i] == square:
            kept = _cached_maps[i]
            for k in range(4):
                maps[k][:] = kept[k]
            links[0], links[1], links[2] = _cached_links[2 * i], _cached_links[2 * i + 1], game.to_move()
            _sync(game)
            return
        if free < 0 and _cached_cells[i] == _NO_CELL:
            free = i
    root_maps = _ROOT_VIEW[0]
    _map(game, _NODE_VIEW, root_maps[2][square] + root_maps[3][square] - 2 - _ROOT_VIEW[1][1] > _FAR_OFF)
    if free >= 0:
        _cached_cells[free] = square
        kept = _cached_maps[free]
        for k in range(4):
            kept[k][:] = maps[k]
        _cached_links[2 * free], _cached_links[2 * free + 1] = links[0], links[1]


def candidates(game, count):
    """Deeper in the tree: the mover's tiles that fit on the best squares of the position (for
    a reply to the root's move, those of the root) and around the tile just placed."""
    history = game.history
    if game.winner() != -1 or _root[0] is not game or len(history) <= _root[1]:
        return None  # not inside a search from order(): list and order all moves
    last = history[-1]
    view = _NODE_VIEW
    if _root[1] < _OPENING:  # no threats yet: the first moves are judged at one ply
        value = _one_ply(last)
        if len(history) == _root[1] + 1 and value != _LINK_NOW:
            _pruned[0], _pruned[1], _pruned[2] = 1, last, value
        return []
    if len(history) == _root[1] + 1 and last != PASS:
        if _plies[0] == 2:
            out = _refuted(game, last)
            if out is not None:
                return out
        _map_reply(game, last >> 4)
    else:
        _map(game, view)
    squares = _rank(game, count * _SQUARES_PER_MOVE, view)
    _list_squares(view, squares)
    if last != PASS:  # the squares around the tile just placed, too
        board, base = game.board, (last >> 4) * 4
        for k in range(4):
            n = _NB[base + k]
            if n != _NO_CELL and not board[n] and not _listed(n, squares):
                _squares[squares] = n
                squares += 1
    out = _best_moves(game, view, squares, count)
    if not out:  # nothing fits there: the tiles on every square (not order(): the root's)
        board, squares = game.board, 0
        for c in range(CELLS):
            if not board[c]:
                _squares[squares] = c
                squares += 1
        out = _best_moves(game, view, squares, count)
    return out if out else [PASS]


class Tuner:
    """One search's tuning (ai.py); its functions above still keep their state in this
    module (one search at a time)."""
    LEVELS = LEVELS
    # A race won (_race, _LINK_NOW) is played without looking further: the first root move found
    # to win one (no evaluation without a race comes near: |distances x _STEP| < 21000).
    SURE_WIN = 50000
    SALT_FROM_FIRST = True  # order() takes its tie-break salt from moves[0]

    def __init__(self, game, level):
        self.game = game
        prepare(game, level)

    def evaluate(self, player):
        return evaluate(self.game, player)

    def order(self, moves, count):
        return order(self.game, moves, count)

    def candidates(self, count):
        return candidates(self.game, count)

    def win_candidates(self, moves):
        return win_candidates(self.game, moves)
