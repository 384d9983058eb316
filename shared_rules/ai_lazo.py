# Lazo's AI tuning for shared_rules/ai.py.
#
# Only a tile above the board can close a loop (spec §3), and the game's own local loop test
# (Lazo._makes_loop) is cheap enough to run, once per search, on every space where either
# colour could put a tile next: the spaces that would win now.  The side to move with one of
# those wins; the other side with two cannot be stopped by one tile.  Otherwise tiles above
# the board count, more when they rest on the opponent's tiles (arches, which is what loops
# are made of), and moves are ordered by the same measure, wins and blocks first.
from array import array

from micropython import const

from shared_rules.ai import best_first
from shared_rules.lazo import N_SPACES, neighbour

# level: (device seconds cap, node budget, moves searched per ply, evaluation noise)
LEVELS = {
    "easy": (1.0, 40, (40,), 40),
    "normal": (2.7, 100, (24, 3), 0),
    "hard": (9.0, 400, (24, 3, 4), 0),
}

_LEVEL1 = const(145)  # spaces 0..144 are on the board
_WIN_NOW = const(100000)
_BLOCK = const(20000)
_THREAT_TO_MOVE = const(5000)  # the side to move has a winning space
_DOUBLE_THREAT = const(3000)  # the other side has two: one tile cannot block both
_UPPER = const(4)  # a tile above the board
_ARCH = const(3)  # ... per opponent tile it rests on

_wins = bytearray(N_SPACES)  # prepare(): bit colour = that colour wins by a tile there now
_win_spaces = []  # the spaces with a bit set
# prepare(): the tiles' value (below) per colour, and how many tiles were down then; a tile's
# value never changes (tiles never move), so evaluate() adds only the tiles placed since.
_root_value = [0, 0, 0]
_root = [None, 0]  # the game prepare() saw and its number of tiles
# The strongest level also looks, at every leaf, for wins the tiles placed in the search made
# possible next to them (a few loop tests per tile), so it can see threats it creates.
_deep = [False]
_TOP = const(16)  # candidates(): the most moves it returns
_top_scores = array("i", [0] * _TOP)
_top_moves = array("H", [0] * _TOP)
_seen = bytearray(N_SPACES)  # marks of that scan (a new mark value per scan)
_found = bytearray(N_SPACES)  # ... and where it found a win: bit colour (valid where marked)
_mark = [0]


def prepare(game, level=""):
    """Before a search: every space where a tile of either colour would make a loop now."""
    global _win_spaces
    _deep[0] = level == "hard"
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    _root_value[1] = _root_value[2] = 0
    for s in game.history:
        if s >= _LEVEL1:
            _root_value[cells[s]] += _tile_value(cells, s)
    _root[0] = game
    _root[1] = len(game.history)
    for s in _win_spaces:
        _wins[s] = 0
    _win_spaces = []
    for s in range(_LEVEL1, N_SPACES):
        if supported[s] != 3 or cells[s]:
            continue
        for colour in (1, 2):
            if adjacent[(colour - 1) * N_SPACES + s] >= 2:  # a loop needs two own neighbours
                game._put(s, colour)
                loop = game._makes_loop(s, colour)
                game._take(s)
                if loop:
                    if not _wins[s]:
                        _win_spaces.append(s)
                    _wins[s] |= colour


def evaluate(game, player):
    cells = game.cells
    me, you = player + 1, 2 - player
    history = game.history
    if _root[0] is not game or _root[1] > len(history):  # not below the prepared position
        prepare(game)
    mine = yours = 0
    if _deep[0] and len(history) > _root[1]:
        news = _new_wins(game)
        if me == 1:
            mine = news & 0xFF
            yours = news >> 8
        else:
            mine = news >> 8
            yours = news & 0xFF
    for s in _win_spaces:
        if not cells[s]:
            if _wins[s] & me:
                mine += 1
            if _wins[s] & you:
                yours += 1
    score = 0
    if game.to_move() == player:
        if mine:
            score += _THREAT_TO_MOVE
        elif yours > 1:
            score -= _DOUBLE_THREAT
    elif yours:
        score -= _THREAT_TO_MOVE
    elif mine > 1:
        score += _DOUBLE_THREAT
    score += _root_value[me] - _root_value[you]
    for i in range(_root[1], len(history)):
        s = history[i]
        if s >= _LEVEL1:
            v = _tile_value(cells, s)
            score += v if cells[s] == me else -v
    return score


def _new_wins(game):
    """Winning spaces next to the tiles placed since prepare() that it did not know: Black's
    count + 256 * White's."""
    cells, supported, adjacent, history = game.cells, game._supported, game._adjacent, game.history
    mark = _mark[0] + 1
    if mark > 255:
        for s in range(N_SPACES):
            _seen[s] = 0
        mark = 1
    _mark[0] = mark
    found = 0
    for i in range(_root[1], len(history)):
        t = history[i]
        for slot in range(12):
            s = neighbour(t, slot)
            if s < _LEVEL1 or cells[s] or supported[s] != 3 or _seen[s] == mark:
                continue
            _seen[s] = mark
            _found[s] = 0
            for colour in (1, 2):
                if not _wins[s] & colour and adjacent[(colour - 1) * N_SPACES + s] >= 2:
                    game._put(s, colour)
                    loop = game._makes_loop(s, colour)
                    game._take(s)
                    if loop:
                        found += 1 if colour == 1 else 256
                        _found[s] |= colour
    return found


def _tile_value(cells, s):
    colour = cells[s]
    value = _UPPER
    for slot in (6, 7, 8):  # the three spaces it rests on
        under = cells[neighbour(s, slot)]
        if under and under != colour:
            value += _ARCH
    return value


def order(game, moves, count):
    """The moves best first: wins, blocks, then tiles above the board on the opponent's."""
    fresh = _fresh_threats(game)
    scores = [0] * len(moves)
    for i in range(len(moves)):
        scores[i] = _move_score(game, moves[i], fresh)
    return best_first(moves, scores, count)


def candidates(game, count):
    """The `count` best moves (as order() ranks them) in one pass over the spaces, keeping only
    the best so far in two small arrays, instead of listing every legal move."""
    if count > _TOP:
        return None
    fresh = _fresh_threats(game)
    cells, supported, adjacent = game.cells, game._supported, game._adjacent
    mine = (game.to_move()) * N_SPACES
    kept = 0
    for s in range(N_SPACES):
        if cells[s] or (s >= _LEVEL1 and (supported[s] != 3 or not adjacent[mine + s])):
            continue
        score = _move_score(game, s, fresh)
        if kept == count and score <= _top_scores[count - 1]:
            continue
        i = kept if kept < count else count - 1
        while i > 0 and _top_scores[i - 1] < score:  # ties keep the earlier space first
            _top_scores[i] = _top_scores[i - 1]
            _top_moves[i] = _top_moves[i - 1]
            i -= 1
        _top_scores[i] = score
        _top_moves[i] = s
        if kept < count:
            kept += 1
    if not kept:
        return None
    out = [0] * kept
    for i in range(kept):
        out[i] = _top_moves[i]
    return out


def _fresh_threats(game):
    """At the strongest level, below the root: look for the wins the search's tiles made."""
    fresh = _deep[0] and _root[0] is game and len(game.history) > _root[1]
    if fresh:
        _new_wins(game)
    return fresh


def _move_score(game, s, fresh):
    cells, adjacent = game.cells, game._adjacent
    me = game.to_move() + 1
    you = 3 - me
    score = 2 * adjacent[(me - 1) * N_SPACES + s] + adjacent[(you - 1) * N_SPACES + s]
    if s >= _LEVEL1:
        score += 4 * _UPPER
        for slot in (6, 7, 8):
            if cells[neighbour(s, slot)] == you:
                score += 4 * _ARCH
    w = _wins[s]
    if fresh and _seen[s] == _mark[0]:
        w |= _found[s]
    if w & me:
        score += _WIN_NOW
    if w & you:
        score += _BLOCK
    return score
