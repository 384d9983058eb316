# Lazo's AI tuning for shared_rules/ai.py.
#
# Winning spaces.  Only a tile above the board can close a loop (spec §3).  Once per search
# the game's local loop test (Lazo.would_loop) is asked on every space above the board where
# either colour has two tiles around: where a tile of that colour would make a loop.  Such a
# space is a threat when it is supported, else a latent win: empty or opposing, a missing
# support is Free either way, so whoever fills the last one opens the space to its owner.  In
# the search a tile of colour c changes only c's winning spaces (an empty space and a c tile are
# both Free for the other colour), and in practice only next to it: each node asks the loop
# test for the mover's colour on the spaces around its tile, and keeps the answers on a stack
# (its ply's segment) for the nodes below it.
#
# Evaluation: the side to move with a threat wins; the other side with two threats cannot stop
# both.  A threat counts twice when the opponent may not block it (no tile of his touches the
# space, or his tile there would complete the supports of another winning space of the owner's),
# and so does a space that opens two latent wins at once.  A single threat forces a reply.
# Otherwise latent wins count, and tiles above the board, more when they rest on opposing tiles
# (arches, which loops are made of).
#
# Moves are ordered by the same measure: wins, blocks, moves that make threats (found from the
# other side: the moves around a space that would make it a winning space), threats opened,
# arches; a tile that opens an opposing latent win comes last.  The candidates of a node come
# from two rankings made once per search (each colour's best moves in the root position) in
# which only the spaces next to the search's tiles are rescored: no scan of all 715 spaces per
# node.  Where the play is forced the search gets only the win, or the block.
from array import array

from micropython import const

from shared_rules.ai import MAX_PLY, best_first
from shared_rules.lazo import N_SPACES, ROW_OF, SLOT_MASK, SLOT_OFFSET, SPLIT_LINK

# level: (device seconds cap, node budget, moves searched per ply, evaluation noise)
# Normal looks three plies deep, narrowly: its own next tile answers the reply that blocks (192
# games with the same seeds against greedy: 16 x 3 won 78.6%, drawing 39 of the 190-tile games;
# 6 x 3 x 3 85.9%, 8 x 3 x 3 90.1% but a median turn of 0.92 s).
LEVELS = {
    "easy": (1.0, 40, (40,), 40),
    "normal": (2.4, 80, (6, 3, 3), 0),
    "hard": (9.0, 800, (16, 8, 8), 0),
}

_LEVEL1 = const(145)  # spaces 0..144 are on the board
# Move ordering
_WIN_NOW = const(100000)
_BLOCK = const(20000)
_MAKES_TWO = const(10000)  # a tile that makes two threats (a block comes first)
_MAKES_ONE = const(500)  # ... one threat
_MAKES_LATENT = const(100)  # ... a latent win
_OPEN_THREAT = const(300)  # completes the supports of an own latent win
_GIFT = const(-50000)  # ... of an opposing one: the opponent wins next
# Evaluation
_THREAT_TO_MOVE = const(5000)  # the side to move has a winning space
_DOUBLE_THREAT = const(3000)  # the other side has two: one tile cannot block both
_SINGLE_THREAT = const(40)  # the other side has one: it must answer
_OPENER = const(2000)  # a space that opens two latent wins of one colour
_LATENT = const(25)  # per latent win
_UPPER = const(4)  # a tile above the board
_ARCH = const(3)  # ... per opponent tile it rests on

_RANK = const(48)  # per colour: the root's best moves kept for the search's candidates
_TOP = const(16)  # candidates(): the most moves it returns
_OPENERS = const(32)

# The search line's winning spaces: bit colour = a tile of that colour there would make a loop.
_bits = bytearray(N_SPACES)
_win_spaces = []  # prepare(): the spaces with bits in the root position
_root = [None, 0, -1]  # the game prepare() saw, its number of tiles and its last move
# prepare(): the tiles' value (below) per colour; a tile's value never changes (tiles never
# move), so evaluate() adds only the tiles placed since.
_root_value = [0, 0, 0]
# prepare(): per player p at p * _RANK, the best moves in the root position, best first.
_rank_moves = array("H", bytes(4 * _RANK))
_rank_scores = array("i", bytes(8 * _RANK))
_rank_len = bytearray(2)
_rank_all = bytearray(2)  # 1 when the ranking holds every legal move of that player
# Per ply of the search line: the tile placed, its value for Black, and the empty spaces around
# it (12 at most) with their bits before the segment changed them.
_seg_tile = array("H", bytes(2 * MAX_PLY))
_seg_value = array("h", bytes(2 * MAX_PLY))
_seg_spaces = array("H", bytes(24 * MAX_PLY))
_seg_old = bytearray(12 * MAX_PLY)
_seg_len = bytearray(MAX_PLY)
_seg_count = [0]  # segments on the stack
# _scan(): the empty spaces next to the search's tiles, marked with the scan's stamp.
_near = bytearray(N_SPACES)
_near_list = array("H", bytes(24 * MAX_PLY))
_near_len = [0]
_stamp = [0]
# evaluate(): threats, latent wins and openers of Black, White; the latent wins' missing
# supports seen so far (space * 2 + player).
_counts = array("H", bytes(12))
_openers = array("H", bytes(2 * _OPENERS))
_openers_len = [0]
_THREATS = const(4)
_threats = array("H", bytes(4 * _THREATS))  # _tally(): per player, his first threats
_threats_len = bytearray(2)

# What a move would make: threats (low 2 bits), latent wins (next 2 bits), each at most 3; per
# player p at p * N_SPACES in the root position (entries set listed in _made_list), and for the
# mover next to the search's tiles (_fresh_made, valid where _fresh holds the scan's stamp).
_MADE = const(128)
_makes = bytearray(2 * N_SPACES)
_made_list = array("H", bytes(2 * _MADE))
_made_len = [0]
_fresh = bytearray(N_SPACES)
_fresh_made = bytearray(N_SPACES)
_touched = array("H", bytes(2 * (N_SPACES - _LEVEL1)))  # prepare(): upper spaces touching a tile
_top_scores = array("i", bytes(4 * _TOP))
_top_moves = array("H", bytes(2 * _TOP))


def prepare(game, level=""):
    """Before a search: every space where a tile of either colour would make a loop now, and
    each player's ranking of his moves."""
    global _win_spaces
    cells, adjacent = game.cells, game._adjacent
    history = game.history
    _pop_segments(0)
    for s in _win_spaces:
        _bits[s] = 0
    _win_spaces = []
    _root_value[1] = _root_value[2] = 0
    for s in history:
        if s >= _LEVEL1:
            _root_value[cells[s]] += _tile_value(cells, s)
    _root[0] = game
    _root[1] = len(history)
    _root[2] = history[-1] if history else -1
    stamp = _new_stamp()  # no space is next to a search tile yet
    for i in range(_made_len[0]):
        _makes[_made_list[i]] = 0
    _made_len[0] = 0
    n = 0  # the empty upper spaces touching a tile: the only ones that matter
    for s in range(_LEVEL1, N_SPACES):
        if cells[s] or not (adjacent[s] or adjacent[N_SPACES + s]):
            continue
        _touched[n] = s
        n += 1
        for player in (0, 1):
            if adjacent[player * N_SPACES + s] and _look_at(game, s, player, stamp, True):
                if not _bits[s]:
                    _win_spaces.append(s)
                _bits[s] |= player + 1
    _rank_root(game, n)


def _look_at(game, s, player, stamp, root):
    """Whether a tile of `player` on the empty upper space s would make a loop now (asked at the
    root only; the search keeps its own answers); and which moves next to s would make s win
    for him (a threat, or a latent win while s lacks a support): those whose tile splits the own
    link of s (the loop test's first question, SPLIT_LINK) are asked the whole question.  What
    they make goes to _makes (root) or _fresh_made."""
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    colour = player + 1
    mask = SLOT_MASK[s]
    row = ROW_OF[s] * 12
    own = free = 0
    for d in range(9):  # nothing rests on an empty space
        if mask >> d & 1:
            c = cells[s + SLOT_OFFSET[row + d]]
            if c == colour:
                own |= 1 << d
            elif not c:
                free |= 1 << d
    if root and SPLIT_LINK[own >> 3] >> (own & 7) & 1 and game.would_loop(s, player):
        return True  # already a winning space: nothing to make here
    mine = player * N_SPACES
    for d in range(9):
        if not free >> d & 1:
            continue
        both = own | 1 << d
        if not SPLIT_LINK[both >> 3] >> (both & 7) & 1:
            continue
        u = s + SLOT_OFFSET[row + d]
        if u >= _LEVEL1 and (supported[u] != 3 or not adjacent[mine + u]):
            continue  # not a legal move
        cells[u] = colour
        loop = game.would_loop(s, player)
        cells[u] = 0
        if not loop:
            continue
        made = 1 if supported[s] + (1 if d >= 6 else 0) == 3 else 4
        if root:
            key = mine + u
            old = _makes[key]
            if not old:
                if _made_len[0] == _MADE:
                    continue  # no room to list it for the next clean-up: not kept
                _made_list[_made_len[0]] = key
                _made_len[0] += 1
            _makes[key] = _more(old, made)
        else:
            if _fresh[u] != stamp:
                _fresh[u] = stamp
                _fresh_made[u] = 0
            _fresh_made[u] = _more(_fresh_made[u], made)
    return False


def _more(made, add):
    """Adds a threat (1) or a latent win (4) to a count of both (two bits each, at most 3)."""
    if add == 1:
        return made + 1 if made & 3 < 3 else made
    return made + 4 if made < 12 else made


def _rank_root(game, touched):
    """Both players' rankings of their moves in the root position: the board holes, then the
    first `touched` upper spaces of _touched (those touching a tile, in index order)."""
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    last0, last1 = _RANK - 1, 2 * _RANK - 1
    kept0 = kept1 = legal0 = legal1 = 0
    for i in range(_LEVEL1 + touched):
        s = i if i < _LEVEL1 else _touched[i - _LEVEL1]
        if cells[s]:
            continue
        touch0, touch1 = adjacent[s], adjacent[N_SPACES + s]
        if s >= _LEVEL1:
            if supported[s] != 3:
                continue
        elif not (touch0 or touch1):
            # A board hole touching no tile: score 0 for both (nothing around it to make)
            legal0 += 1
            legal1 += 1
            if kept0 < _RANK:
                kept0 = _keep(_rank_moves, _rank_scores, 0, kept0, _RANK, s, 0)
            if kept1 < _RANK:
                kept1 = _keep(_rank_moves, _rank_scores, _RANK, kept1, _RANK, s, 0)
            continue
        if s < _LEVEL1 or touch0:
            legal0 += 1
            score = _move_score(game, s, 0)
            if kept0 < _RANK or score > _rank_scores[last0]:
                kept0 = _keep(_rank_moves, _rank_scores, 0, kept0, _RANK, s, score)
        if s < _LEVEL1 or touch1:
            legal1 += 1
            score = _move_score(game, s, 1)
            if kept1 < _RANK or score > _rank_scores[last1]:
                kept1 = _keep(_rank_moves, _rank_scores, _RANK, kept1, _RANK, s, score)
    _rank_len[0], _rank_len[1] = kept0, kept1
    _rank_all[0] = 1 if legal0 == kept0 else 0
    _rank_all[1] = 1 if legal1 == kept1 else 0


def _keep(moves, scores, base, kept, size, s, score):
    """Inserts (score, s) into the ranking moves/scores[base:base + kept] of at most `size`,
    best first, ties in insertion order; returns the new length."""
    if kept == size and score <= scores[base + size - 1]:
        return kept
    i = base + (kept if kept < size else size - 1)
    while i > base and scores[i - 1] < score:
        scores[i] = scores[i - 1]
        moves[i] = moves[i - 1]
        i -= 1
    scores[i] = score
    moves[i] = s
    return kept + 1 if kept < size else kept


def _below_root(game):
    """Whether `game` is the prepared position or one a search reached from it (at most
    MAX_PLY - 1 tiles further: the segments' room)."""
    history = game.history
    n = _root[1]
    return (_root[0] is game and n <= len(history) < n + MAX_PLY and
            (n == 0 or history[n - 1] == _root[2]))


# --- the search line's segments ------------------------------------------------------------------
def _scan(game):
    """Brings the segments in line with the game's tiles since prepare() and marks the empty
    spaces next to those tiles (_near, _near_list); returns the mark."""
    cells, history = game.cells, game.history
    root = _root[1]
    depth = len(history) - root
    same = 0
    while same < _seg_count[0] and same < depth and _seg_tile[same] == history[root + same]:
        same += 1
    _pop_segments(same)
    for ply in range(same, depth):
        _push_segment(game, ply, history[root + ply])
    stamp = _new_stamp()
    n = 0
    for ply in range(depth):
        for q in range(ply * 12, ply * 12 + _seg_len[ply]):
            s = _seg_spaces[q]
            if not cells[s] and _near[s] != stamp:
                _near[s] = stamp
                _near_list[n] = s
                n += 1
    _near_len[0] = n
    return stamp


def _push_segment(game, ply, t):
    """The tile t (ply `ply` of the line): its empty neighbours, and its colour's bits there."""
    cells, adjacent = game.cells, game._adjacent
    colour = cells[t]
    player = colour - 1
    q = ply * 12
    mask = SLOT_MASK[t]
    row = ROW_OF[t] * 12
    for slot in range(12):
        if not mask >> slot & 1:
            continue
        s = t + SLOT_OFFSET[row + slot]
        if cells[s]:
            continue
        old = _bits[s]
        _seg_spaces[q] = s
        _seg_old[q] = old
        q += 1
        if s < _LEVEL1:
            continue  # no loop closes on the board
        loop = False
        if adjacent[player * N_SPACES + s] >= 2:
            # The loop test's first question here, before asking the whole test.
            own = 0
            smask = SLOT_MASK[s]
            srow = ROW_OF[s] * 12
            for d in range(9):
                if smask >> d & 1 and cells[s + SLOT_OFFSET[srow + d]] == colour:
                    own |= 1 << d
            loop = SPLIT_LINK[own >> 3] >> (own & 7) & 1 and game.would_loop(s, player)
        _bits[s] = old | colour if loop else old & ~colour
    _seg_len[ply] = q - ply * 12
    _seg_tile[ply] = t
    value = _tile_value(cells, t) if t >= _LEVEL1 else 0
    _seg_value[ply] = value if colour == 1 else -value
    _seg_count[0] = ply + 1


def _pop_segments(keep):
    """Takes the segments from ply `keep` on off the stack, restoring the bits they changed."""
    for ply in range(_seg_count[0] - 1, keep - 1, -1):
        for q in range(ply * 12 + _seg_len[ply] - 1, ply * 12 - 1, -1):
            _bits[_seg_spaces[q]] = _seg_old[q]
    if _seg_count[0] > keep:
        _seg_count[0] = keep


def _new_stamp():
    stamp = _stamp[0] + 1
    if stamp > 255:
        for s in range(N_SPACES):
            _near[s] = 0
            _fresh[s] = 0
        stamp = 1
    _stamp[0] = stamp
    _near_len[0] = 0
    return stamp


# --- evaluation ----------------------------------------------------------------------------------
def evaluate(game, player):
    if not _below_root(game):
        prepare(game)
    _tally(game, _scan(game))
    mine, yours = _counts[player], _counts[1 - player]
    score = (_LATENT * (_counts[2 + player] - _counts[3 - player]) +
             _OPENER * (_counts[4 + player] - _counts[5 - player]))
    if game.to_move() == player:
        if mine:
            score += _THREAT_TO_MOVE
        elif yours > 1:
            score -= _DOUBLE_THREAT
        elif yours:
            score -= _SINGLE_THREAT
    elif yours:
        score -= _THREAT_TO_MOVE
    elif mine > 1:
        score += _DOUBLE_THREAT
    elif mine:
        score += _SINGLE_THREAT
    value = _root_value[1] - _root_value[2]
    for ply in range(len(game.history) - _root[1]):
        value += _seg_value[ply]
    return score + value if player == 0 else score - value


def _tally(game, stamp):
    """Counts the winning spaces of the search line's position in _counts (see _count_win) and
    lists each player's first threats (_threats)."""
    cells = game.cells
    for i in range(6):
        _counts[i] = 0
    _openers_len[0] = 0
    _threats_len[0] = _threats_len[1] = 0
    for i in range(_near_len[0]):
        s = _near_list[i]
        if _bits[s]:
            _count_win(game, s)
    for s in _win_spaces:
        if _bits[s] and not cells[s] and _near[s] != stamp:
            _count_win(game, s)


def _count_win(game, s):
    """Counts the winning space s in _counts: a threat when it is supported (two when the
    opponent may not block it), else a latent win, and an opener when its one missing support
    also opens another latent win of the same colour (one tile there makes two threats)."""
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    bits = _bits[s]
    missing = 3 - supported[s]
    if not missing:
        # Unblockable: no tile of the opponent's touches the space, or his tile there would
        # complete the supports of another winning space of the owner's.
        opens = 0
        mask = SLOT_MASK[s]
        row = ROW_OF[s] * 12
        for slot in (9, 10, 11):
            if mask >> slot & 1:
                above = s + SLOT_OFFSET[row + slot]
                if supported[above] == 2 and not cells[above]:
                    opens |= _bits[above]
        if bits & 1:
            _counts[0] += 2 if opens & 1 or not adjacent[N_SPACES + s] else 1
        if bits & 2:
            _counts[1] += 2 if opens & 2 or not adjacent[s] else 1
        for player in (0, 1):
            n = _threats_len[player]
            if bits >> player & 1 and n < _THREATS:
                _threats[player * _THREATS + n] = s
                _threats_len[player] = n + 1
        return
    _counts[2] += bits & 1
    _counts[3] += bits >> 1
    if missing > 1:
        return
    m = 0
    row = ROW_OF[s] * 12
    for slot in (6, 7, 8):  # an upper space has all three
        m = s + SLOT_OFFSET[row + slot]
        if not cells[m]:
            break
    n = _openers_len[0]
    for player in (0, 1):
        if bits >> player & 1:
            key = m * 2 + player
            for i in range(n):
                if _openers[i] == key:
                    _counts[4 + player] += 1
                    break
            else:
                if n < _OPENERS:
                    _openers[n] = key
                    n += 1
    _openers_len[0] = n


def _tile_value(cells, s):
    colour = cells[s]
    value = _UPPER
    row = ROW_OF[s] * 12
    for slot in (6, 7, 8):  # the three spaces it rests on
        under = cells[s + SLOT_OFFSET[row + slot]]
        if under and under != colour:
            value += _ARCH
    return value


# --- move ordering -------------------------------------------------------------------------------
def order(game, moves, count):
    """The moves best first: wins, blocks, threats opened, then tiles above the board on the
    opponent's; tiles that open an opposing latent win last."""
    if not _below_root(game):
        prepare(game)
    _scan(game)
    player = game.to_move()
    scores = [0] * len(moves)
    for i in range(len(moves)):
        scores[i] = _move_score(game, moves[i], player)
    return best_first(moves, scores, count)


def candidates(game, count):
    """The `count` best moves (as order() ranks them) from the root's ranking of the side to move,
    with only the spaces next to the search's tiles rescored; None when the ranking is too short
    (then the search lists and orders every move)."""
    if count > _TOP or not _below_root(game):
        return None
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    player = game.to_move()
    stamp = _scan(game)
    _tally(game, stamp)
    if _threats_len[player]:
        return [_threats[player * _THREATS]]  # a win now
    n = _threats_len[1 - player]
    if n:  # forced: a block (with two threats any block loses as well as another)
        for i in range(n):
            s = _threats[(1 - player) * _THREATS + i]
            if adjacent[player * N_SPACES + s]:
                return [s]
        return []  # no block is legal: lost
    kept = 0
    base = player * _RANK
    end = base + _rank_len[player]
    q = base
    while q < end and kept < count:
        s = _rank_moves[q]
        if not cells[s] and _near[s] != stamp:  # unchanged since the root
            kept = _keep(_top_moves, _top_scores, 0, kept, count, s, _rank_scores[q])
        q += 1
    if kept < count and not _rank_all[player]:
        return None  # the moves below the ranking are unknown
    mine = player * N_SPACES
    for i in range(_near_len[0]):
        s = _near_list[i]
        if s >= _LEVEL1 and adjacent[mine + s] and not _bits[s] & (player + 1):
            _look_at(game, s, player, stamp, False)
    for i in range(_near_len[0]):
        s = _near_list[i]
        if s < _LEVEL1 or (supported[s] == 3 and adjacent[mine + s]):
            kept = _keep(_top_moves, _top_scores, 0, kept, count, s, _move_score(game, s, player))
    if not kept:
        return None
    out = [0] * kept
    for i in range(kept):
        out[i] = _top_moves[i]
    return out


def _move_score(game, s, player):
    """How good a tile of `player` on s looks in the search line's position."""
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    me = player + 1
    you = 3 - me
    score = 2 * adjacent[player * N_SPACES + s] + adjacent[(1 - player) * N_SPACES + s]
    mask = SLOT_MASK[s]
    row = ROW_OF[s] * 12
    if s >= _LEVEL1:
        score += 4 * _UPPER
        for slot in (6, 7, 8):
            if cells[s + SLOT_OFFSET[row + slot]] == you:
                score += 4 * _ARCH
    bits = _bits[s]
    if bits & me:
        score += _WIN_NOW
    if bits & you:
        score += _BLOCK
    made = _fresh_made[s] if _fresh[s] == _stamp[0] else _makes[player * N_SPACES + s]
    if made:
        threats = made & 3
        score += (_MAKES_TWO if threats > 1 else _MAKES_ONE * threats) + _MAKES_LATENT * (made >> 2)
    for slot in (9, 10, 11):  # the spaces s supports: does s complete one of them?
        if not mask >> slot & 1:
            continue
        above = s + SLOT_OFFSET[row + slot]
        if supported[above] == 2 and not cells[above]:
            bits = _bits[above]
            if bits & you:
                score += _GIFT
            elif bits & me:
                score += _OPEN_THREAT
    return score


class Tuner:
    """One search's tuning (ai.py); its functions above still keep their state in this
    module (one search at a time)."""
    LEVELS = LEVELS

    def __init__(self, game, level):
        self.game = game
        prepare(game, level)

    def evaluate(self, player):
        return evaluate(self.game, player)

    def order(self, moves, count):
        return order(self.game, moves, count)

    def candidates(self, count):
        return candidates(self.game, count)
