# Throngs' AI tuning for shared_rules/ai.py.
#
# Evaluation.  The game ends early when a player starts a turn with a score of at least half the
# sites plus 2 (docs/rules/throngs.md "End and score"); otherwise, when no actions are left, by
# the majority of stones, and once the board is shared out that is who can still deploy where: an
# empty site can take a stone only from the side with the greater action potential there.  So
# the value is the score difference (steeply more near the winning score), the stone difference,
# the "area" difference (stones plus the empty sites where only that side can deploy) and the
# captures each side has ready (an enemy stone where its potential is at least 2), counted for
# the maneuvers the side to move has left.  One pass over the sites reads the game's own counts.
#
# Ordering.  A deployment or destination is valued by the change it makes to those terms around
# the site, from the neighbour counts alone (no play); a selection by that and by its potential
# (what its stone can still travel); so two or three candidates per decision usually suffice.
#
# Search shape.  A maneuver is a selection and then, if its stone flies, a destination.  The search
# at a selection looks at the best candidate selections, each with its best destinations, and
# nothing beyond (the evaluation stands for the rest of the turn: measured, searching the next
# maneuver too, with the opponent's replies, played no better than this at 3x the time).  It
# notes the best destination under each selection, and the search at the destination decision
# that follows plays that one (a plan, checked against the board) instead of searching again.
# The easy level looks one decision ahead, with noise.
from micropython import const

from shared_rules.ai import best_first
from shared_rules.throngs import (EMPTY, BLACK, CAPTURE, DEPLOY, DEST, MOVE, PLACE_BLACK, PLACE_WHITE,
                                  KIND_MASK, SITE_MASK)

# level: (device seconds cap, node budget, moves searched per ply, evaluation noise)
LEVELS = {
    "easy": (1.0, 10, (10,), 400),
    "normal": (1.0, 30, (8, 3), 0),
    "hard": (3.0, 170, (24, 6), 0),
}
_PLANNED = ("normal", "hard")  # levels that search a maneuver at its selection and keep the plan

_NO_SITE = const(255)
_PLAYING = const(4)  # the game's setup step once the pie start is over
_NEAR_ZERO = const(8)  # the game's `near` holds 8 + Black - White stones in each vicinity
_SCORE = const(100)  # per point of score
_STONE = const(60)  # per stone on the board
_AREA = const(60)  # per stone or empty site only that side can deploy on
_CAPTURE_READY = const(300)  # per capture the side to move can still make this turn
_CAPTURE_LATER = const(100)  # per capture the other side has ready for its next turn
# Extra value of a score this many points short of the winning score (0: reached).
_CLOSE = (1500, 600, 250, 100, 40)
_POWER = const(160)  # ordering: per point of potential of a selected site (how far it can go)


def winning_score(game):
    """The least score that wins (docs/rules/throngs.md "End and score")."""
    if game.original:
        return (game.n + 6) // 2 + 1  # Ludii 1.3.12: more than half the sites plus 3
    return (game.n + 5) // 2  # seed: at least half the sites plus 2


def features(game):
    """(Black score, White score, Black - White stones, Black - White area, captures Black has
    ready, captures White has ready), in one pass over the sites."""
    board = game.board
    degrees = game.degree
    black_nbrs = game.black_nbrs
    white_nbrs = game.white_nbrs
    black_score = white_score = stones = area = black_caps = white_caps = 0
    for i in range(game.n):
        v = board[i]
        b = black_nbrs[i]
        w = white_nbrs[i]
        if v == EMPTY:
            # Only the side with more neighbours can deploy here, and only it can own the site
            # by the score's territory rule (more than 2 neighbours of its own; 3 against 3
            # owns it for neither).
            if b > w:
                area += 1
                if b > 2:
                    if degrees[i] < 5:
                        if not game._enemy_next_to_empty(i, 2, True):
                            black_score += 1
                    elif w == 0 or (b > 3 and not game._enemy_next_to_empty(i, 2, False)):
                        black_score += 1
            elif w > b:
                area -= 1
                if w > 2:
                    if degrees[i] < 5:
                        if not game._enemy_next_to_empty(i, 1, True):
                            white_score += 1
                    elif b == 0 or (w > 3 and not game._enemy_next_to_empty(i, 1, False)):
                        white_score += 1
        elif v == BLACK:
            stones += 1
            degree = degrees[i]
            if degree < 5:
                if b >= 1 or degree - b - w > 2:
                    black_score += 1
            elif b > 1 or w - b < 2:
                black_score += 1
            if 2 * w > 2 + degree:
                white_score += 1
            if w - b >= 3:  # White's potential here, w - b - 1, is at least 2
                white_caps += 1
        else:
            stones -= 1
            degree = degrees[i]
            if degree < 5:
                if w >= 1 or degree - b - w > 2:
                    white_score += 1
            elif w > 1 or b - w < 2:
                white_score += 1
            if 2 * b > 2 + degree:
                black_score += 1
            if b - w >= 3:
                black_caps += 1
    return black_score, white_score, stones, stones + area, black_caps, white_caps


def evaluate(game, player):
    black_score, white_score, stones, area, black_caps, white_caps = features(game)
    if game.colour_of(player) == BLACK:
        mine, yours, my_caps, your_caps = black_score, white_score, black_caps, white_caps
    else:
        mine, yours, my_caps, your_caps = white_score, black_score, white_caps, black_caps
        stones = -stones
        area = -area
    value = _SCORE * (mine - yours) + _STONE * stones + _AREA * area
    need = winning_score(game)
    short = need - mine
    if short < len(_CLOSE):
        value += _CLOSE[short if short > 0 else 0]
    short = need - yours
    if short < len(_CLOSE):
        value -= _CLOSE[short if short > 0 else 0]
    # The side to move makes its captures in the maneuvers it has left (a stone in flight ends
    # the current one); the other side's wait for its turn, and may be defended meanwhile.
    left = 2 - game.phase - (1 if game.fly_site != _NO_SITE else 0)
    if game.to_move() == player:
        value += (_CAPTURE_READY * (my_caps if my_caps < left else left)
                  - _CAPTURE_LATER * (your_caps if your_caps < 2 else 2))
    else:
        value -= (_CAPTURE_READY * (your_caps if your_caps < left else left)
                  - _CAPTURE_LATER * (my_caps if my_caps < 2 else 2))
    if _plan.recording:
        _note(game, value)
    return value


# --- ordering --------------------------------------------------------------------------------------
def _arrival(game, site, own_nbrs, sign):
    """The evaluation's change, estimated from the counts around it, when a stone of the side to
    move arrives on the empty `site`: area won there and next to it, the stone's safety, enemy
    stones it makes capturable or outnumbers, weak own stones it supports."""
    near = game.near
    board = game.board
    nbrs = game.nbrs
    degrees = game.degree
    own = own_nbrs[site]
    degree = degrees[site]
    potential = (near[site] - _NEAR_ZERO) * sign
    area = 1 if potential <= 0 else 0  # the site becomes ours (twice, if it was theirs)
    if potential < 0:
        area += 1
    score = 0
    enemy = game.black_nbrs[site] + game.white_nbrs[site] - own
    if degree < 5:
        if own >= 1 or degree - own - enemy > 2:
            score += 1
    elif own > 1 or enemy - own < 2:
        score += 1
    caps = -1 if potential <= -3 else 0  # the new stone could be captured at once
    me = game.mover
    for k in range(site * 6, site * 6 + degree):
        j = nbrs[k]
        v = board[j]
        p = (near[j] - _NEAR_ZERO) * sign
        if v == EMPTY:
            if p == 0 or p == -1:  # a neutral site becomes ours, one of theirs neutral
                area += 1
        elif v == me:
            # A weak stone of ours (their potential there 1 or 2: one more enemy stone, or
            # none, from a capture) gets support; measured, both count alike.
            if p == -2 or p == -1:
                caps += 1
        else:
            if p == 1:  # becomes capturable
                caps += 1
            if 2 * (own_nbrs[j] + 1) > 2 + degrees[j] >= 2 * own_nbrs[j]:  # becomes outnumbered
                score += 1
    return _AREA * area + _SCORE * score + _CAPTURE_LATER * caps


def _departure(game, site, own_nbrs, sign):
    """The evaluation's change, estimated likewise, when the mover's stone leaves `site`."""
    near = game.near
    board = game.board
    nbrs = game.nbrs
    after = (near[site] - _NEAR_ZERO) * sign - 1  # our potential there once the stone is gone
    area = -1
    if after > 0:
        area += 1
    elif after < 0:
        area -= 1
    caps = 0
    me = game.mover
    for k in range(site * 6, site * 6 + game.degree[site]):
        j = nbrs[k]
        v = board[j]
        p = (near[j] - _NEAR_ZERO) * sign
        if v == EMPTY:
            if p == 1 or p == 0:  # one of ours becomes neutral, a neutral one theirs
                area -= 1
        elif v == me:
            if p == -1 or p == 0:  # a stone of ours becomes weak (as in _arrival)
                caps -= 1
        elif p == 2:  # no longer capturable
            caps -= 1
    return _AREA * area - _SCORE + _CAPTURE_LATER * caps


def order(game, moves, count):
    """Moves best first by the estimated change of the evaluation, without playing them (at a
    destination with a plan: the planned one only; below a selection root: noted as searched)."""
    planned = _plan.move
    if planned and len(game.history) == _plan.root_length:
        for m in moves:
            if m == planned:
                return [m]
    if game.mover == BLACK:
        own_nbrs, sign = game.black_nbrs, 1
    else:
        own_nbrs, sign = game.white_nbrs, -1
    near = game.near
    departure = None
    scores = [0] * len(moves)
    for i in range(len(moves)):
        m = moves[i]
        kind = m & KIND_MASK
        site = m & SITE_MASK
        if kind == DEST:
            start = game.fly_site
            if site == start:
                value = 0
            else:
                if departure is None:
                    departure = _departure(game, start, own_nbrs, sign)
                value = _arrival(game, site, own_nbrs, sign) + departure
        elif kind == DEPLOY:
            value = _arrival(game, site, own_nbrs, sign) + _POWER * (near[site] - _NEAR_ZERO) * sign
        elif kind == CAPTURE:
            value = 3000
        elif kind == MOVE:
            value = _departure(game, site, own_nbrs, sign) + _POWER * (near[site] - _NEAR_ZERO) * sign
        elif kind == PLACE_BLACK or kind == PLACE_WHITE:  # the pie start: sites inside first
            value = game.degree[site]
        else:  # pass, the pie start's colour choice
            value = -1000
        scores[i] = value
    moves = best_first(moves, scores, count)
    plan = _plan
    if plan.recording and len(game.history) == plan.root_length + 1 and game.fly_site != _NO_SITE:
        plan.searched[game.history[-1]] = moves
    return moves


# --- the search's shape and the plan ---------------------------------------------------------------
class _Plan:
    """What prepare() learnt about the search starting now, and the destinations the last
    search at a selection found best under each of its candidate selections."""

    def __init__(self):
        self.root_length = 0  # decisions played before the root of this search
        self.shaped = False  # the level searches one maneuver at a time
        self.move = 0  # the planned destination for this root, or 0
        self.recording = False  # evaluate() is noting the best destination per selection
        # The last selection root that noted destinations: its decisions played, maneuver
        # phase and board (b"": none), then selection -> value * 256 + destination site.
        self.selection_length = -1
        self.phase = 0
        self.board = b""
        self.best = {}
        self.searched = {}  # selection -> the destinations searched under it


_plan = _Plan()


def prepare(game, level=None):
    plan = _plan
    length = len(game.history)
    plan.root_length = length
    plan.shaped = level in _PLANNED
    plan.move = 0
    plan.recording = False
    if plan.shaped and game.fly_site == _NO_SITE:  # a selection: note the destinations
        plan.recording = True
        plan.selection_length = length
        plan.phase = game.phase
        plan.board = bytes(game.board)
        plan.best = {}
        plan.searched = {}
        return
    if plan.shaped and plan.board and plan.selection_length == length - 1 and plan.phase == game.phase:
        # A destination right after a noted selection root: the plan holds if the selection
        # made there is this one (the same board but for the selected site).
        selection = game.history[length - 1]
        packed = plan.best.get(selection)
        if packed is not None and _board_after(plan.board, game, selection & SITE_MASK):
            plan.move = DEST | (packed & 0xFF)
            # Only positions that go on were noted: a searched destination that won at once
            # (the score is checked after a turn's first maneuver) has to be found again.
            if game.phase == 0:
                plan.move = _winning_destination(game, plan.searched.get(selection, ()), plan.move)
    plan.board = b""


def _winning_destination(game, searched, planned):
    """The destination among `searched` that wins the game now, else `planned`."""
    me = game.to_move()
    for move in searched:
        if move == planned:
            continue
        game.play(move)
        won = game.winner() == me
        game.undo()
        if won:
            return move
    return planned


def _board_after(board, game, site):
    """Is the board `board` with only the mover's stone on `site` added (or turned)?"""
    now = game.board
    if len(board) != len(now):
        return False
    for i in range(game.n):
        if now[i] != board[i] and i != site:
            return False
    return now[site] == game.mover


def candidates(game, count):
    plan = _plan
    if not plan.shaped or game.setup < _PLAYING:
        return None  # the usual search (in the pie start: down to the colour choice)
    # One maneuver: below a selection root, its destinations; nothing else.
    if plan.recording and game.fly_site != _NO_SITE and len(game.history) == plan.root_length + 1:
        return None
    return []


def _note(game, value):
    """At a leaf two decisions below a selection root (its stone has landed): keep the best
    destination seen under that selection."""
    history = game.history
    at = _plan.root_length
    if len(history) == at + 2 and history[at + 1] & KIND_MASK == DEST:
        selection = history[at]
        old = _plan.best.get(selection)
        if old is None or value > old >> 8:
            _plan.best[selection] = value * 256 + (history[at + 1] & 0xFF)


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
