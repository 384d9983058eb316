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
# The easy level plans too, narrower and with a little noise (one decision ahead it is no
# stronger than a greedy player).
from micropython import const

from shared_rules.ai import Level, Tuner as SearchTuner, best_first, tuned_levels, win_on_the_spot
from shared_rules.game import ONGOING
from shared_rules.throngs.rules import (EMPTY, BLACK, WHITE, CAPTURE, DEPLOY, DEST, MOVE, PLACE_BLACK, PLACE_WHITE,
                                  KIND_MASK, SITE_MASK, NEAR_ZERO, PLAYING, destination)
from shared_rules.throngs.boards import NO_SITE



class ThrongsLevel(Level):
    """A level's search settings and whether it plans: searches a maneuver at its selection
    and keeps the plan (else it looks one decision ahead)."""

    def __init__(self, device_seconds, max_nodes, widths, planned, noise=0):
        Level.__init__(self, device_seconds, max_nodes, widths, noise)
        self.planned = planned


LEVELS = tuned_levels(
    easy=ThrongsLevel(device_seconds=1.0, max_nodes=12, widths=(4, 2), noise=50, planned=True),
    normal=ThrongsLevel(device_seconds=1.0, max_nodes=30, widths=(8, 3), planned=True),
    hard=ThrongsLevel(device_seconds=3.0, max_nodes=170, widths=(24, 6), planned=True),
)

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
                        if not game.enemy_next_to_empty(i, 2, True):
                            black_score += 1
                    elif w == 0 or (b > 3 and not game.enemy_next_to_empty(i, 2, False)):
                        black_score += 1
            elif w > b:
                area -= 1
                if w > 2:
                    if degrees[i] < 5:
                        if not game.enemy_next_to_empty(i, 1, True):
                            white_score += 1
                    elif b == 0 or (w > 3 and not game.enemy_next_to_empty(i, 1, False)):
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
    left = 2 - game.phase - (1 if game.fly_site != NO_SITE else 0)
    if game.to_move() == player:
        value += (_CAPTURE_READY * (my_caps if my_caps < left else left)
                  - _CAPTURE_LATER * (your_caps if your_caps < 2 else 2))
    else:
        value -= (_CAPTURE_READY * (your_caps if your_caps < left else left)
                  - _CAPTURE_LATER * (my_caps if my_caps < 2 else 2))
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
    potential = (near[site] - NEAR_ZERO) * sign
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
        p = (near[j] - NEAR_ZERO) * sign
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
    after = (near[site] - NEAR_ZERO) * sign - 1  # our potential there once the stone is gone
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
        p = (near[j] - NEAR_ZERO) * sign
        if v == EMPTY:
            if p == 1 or p == 0:  # one of ours becomes neutral, a neutral one theirs
                area -= 1
        elif v == me:
            if p == -1 or p == 0:  # a stone of ours becomes weak (as in _arrival)
                caps -= 1
        elif p == 2:  # no longer capturable
            caps -= 1
    return _AREA * area - _SCORE + _CAPTURE_LATER * caps


def _ranked(game, moves, count):
    """The `count` best of `moves` by the estimated change of the evaluation, without playing
    them."""
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
            value = _arrival(game, site, own_nbrs, sign) + _POWER * (near[site] - NEAR_ZERO) * sign
        elif kind == CAPTURE:
            value = 3000
        elif kind == MOVE:
            value = _departure(game, site, own_nbrs, sign) + _POWER * (near[site] - NEAR_ZERO) * sign
        elif kind == PLACE_BLACK or kind == PLACE_WHITE:  # the pie start: sites inside first
            value = game.degree[site]
        else:  # pass, the pie start's colour choice
            value = -1000
        scores[i] = value
    return best_first(moves, scores, count)


def win_candidates(game, moves):
    """The decisions that may win on the spot (ai.py plays them before any search).  The seed's
    rules end a game only as a turn starts: by the score of the player starting it (the
    opponent, after this turn), or when no actions are possible by the majority, which needs
    this turn to have begun without an action (only passes left).  Ludii's rules test the
    mover's score after each maneuver too: any decision but a stone picked up (a move's
    selection ends no maneuver) may end one."""
    if game.setup < PLAYING:
        return []
    if not game.original:
        return moves if game.idle else []
    return [m for m in moves if m & KIND_MASK != MOVE]


# --- a turn that makes the win certain ---------------------------------------------------------------
# The seed's rules test the score when a player starts a turn, so a turn that reaches the winning
# score wins only if the opponent cannot take it below.  Certain means, as the rule reads: the
# opponent does not win as it starts its turn (its score, the end when no actions are possible:
# the game's own test, made as this turn ends), and whatever it plays in its turn, the player
# then starts its next turn with the winning score.  Trying the opponent's turns would take
# thousands of plays, so the AI proves it instead: a site stops counting for the player only if
# a site within two steps of it changes (its stone, its neighbours, the stones next to its empty
# neighbours; one step for a stone), and the opponent's turn changes only sites within its
# reach.  A route costs one action per grid step crossed, so a stone with power p ends within p
# steps, whatever the stones on the way; a maneuver raises the opponent's potentials by at most
# 2 (a capture turns a stone), so its second maneuver has at most 2 more than now everywhere,
# and a stone its first maneuver landed may fly again from there.  The turn is certain when the
# player's score less its counted sites near that reach is still the winning score.  Ludii's
# rules test the score before every maneuver: there a reached score wins on the spot.
_SURE_SELECTIONS = const(2)  # per selection, the maneuvers the ordering ranks first that are tried
_SURE_DESTINATIONS = const(1)  # ... per destination
# At most this many points a maneuver adds to its player's score, in practice: a turn is looked
# for only when the winning score is within reach of the maneuvers left.
_MANEUVER_GAIN = const(5)
_MAX_REACH = const(10)  # _opponent_reach(): power 7 + 2, plus 1


def sure_win(game, moves):
    """A decision of the player to move that starts (or goes on with) a turn whose win is
    certain (above), among the maneuvers the ordering ranks first; None if none is found."""
    if game.original or game.setup < PLAYING:
        return None
    key = _position_key(game)
    explored = _notes.explored
    if key in explored:  # a later decision of a turn the last look went through
        return explored[key] or None
    explored.clear()
    me = game.to_move()
    need = winning_score(game)
    if game.score(me) + _MANEUVER_GAIN * (2 - game.phase) < need:
        return None
    n = game.n
    return _sure_decision(game, moves, me, need, bytearray(n), bytearray(n), bytearray(n), key)


def _position_key(game):
    must = game.must_deploy
    return bytes(game.board) + bytes((game.mover, game.phase, game.fly_site, game.fly_power, game.fly_kind,
                                      game.deployed, game.first_passed, game.idle, must[BLACK], must[WHITE]))


def _sure_decision(game, moves, me, need, marks, reach, first, key):
    count = _SURE_DESTINATIONS if game.fly_site != NO_SITE else _SURE_SELECTIONS
    found = None
    for move in _ranked(game, moves, count):
        game.play(move)
        if game.winner() != ONGOING or game.to_move() != me:  # the turn is over
            sure = game.winner() == me or (game.winner() == ONGOING and _certain(game, me, need, marks, reach, first))
        elif game.fly_site == NO_SITE and game.score(me) + _MANEUVER_GAIN < need:
            sure = False  # the second maneuver cannot reach the winning score
        else:
            sure = _sure_decision(game, game.legal_moves(), me, need, marks, reach, first,
                                  _position_key(game)) is not None
        game.undo()
        if sure:
            found = move
            break
    _notes.explored[key] = found or 0
    return found


def _certain(game, me, need, marks, reach, first):
    """With the opponent to move: will `me` start its next turn with `need` whatever it plays?"""
    score = game.score(me, marks)
    if score < need:
        return False
    _opponent_reach(game, game.colour_of(1 - me), reach, first)
    board = game.board
    for i in range(game.n):  # reach: 3 reached, 2 next to it, 1 two steps away
        reach[i] = 3 if reach[i] else 0
    _spread(game, reach, 3)
    for i in range(game.n):
        if marks[i] and reach[i] and (board[i] == EMPTY or reach[i] == 3 or
                                      (reach[i] == 2 and not _stays(game, i, reach))):
            score -= 1
            if score < need:
                return False
    return True


def _stays(game, i, reach):
    """Whether the counted stone on i, next to the opponent's reach, still counts when every
    site of that reach around it holds an enemy stone (the worst the opponent can do there)."""
    mine = game.mover  # the opponent: the counted stones are of the other colour
    board = game.board
    degree = game.degree[i]
    if mine == BLACK:
        own, enemy = game.white_nbrs[i], game.black_nbrs[i]
    else:
        own, enemy = game.black_nbrs[i], game.white_nbrs[i]
    nbrs = game.nbrs
    for k in range(i * 6, i * 6 + degree):
        j = nbrs[k]
        if reach[j] == 3:
            v = board[j]
            if v == EMPTY:
                enemy += 1
            elif v != mine:  # a stone of the counted side, captured
                own -= 1
                enemy += 1
    if board[i] == mine:  # an enemy stone that counts as outnumbered
        return 2 * own > 2 + degree
    if degree < 5:
        return own >= 1 or degree - own - enemy > 2
    return own > 1 or enemy - own < 2


def _opponent_reach(game, theirs, reach, first):
    """Sets reach[i] non-zero where the opponent's next turn may change a stone (above); `first`
    is scratch (the reach of its first maneuver)."""
    n = game.n
    _sources(game, theirs, first, None)
    _spread(game, first, _MAX_REACH)
    # The first maneuver changes stones only where it reaches: the potentials of its second
    # maneuver are up to 2 higher there and next to it, and a stone it landed may fly again.
    for i in range(n):
        reach[i] = 2 if first[i] else 0
    _spread(game, reach, 2)
    _sources(game, theirs, reach, first)
    _spread(game, reach, _MAX_REACH)
    for i in range(n):
        if first[i]:
            reach[i] = 1


def _sources(game, theirs, reach, first):
    """reach[i] = 1 + the power of a maneuver of the opponent starting on i (0: none there);
    with `first` (its first maneuver's reach), the second maneuver's, where reach[i] > 0 marks
    the sites whose potential the first may have raised by 2."""
    near = game.near
    board = game.board
    sign = 1 if theirs == BLACK else -1
    for i in range(game.n):
        most = (near[i] - NEAR_ZERO) * sign
        if first is not None and reach[i]:
            most += 2
        v = board[i]
        if first is not None and first[i]:
            power = most  # a stone the first maneuver landed (or turned) here flies again
        elif v == EMPTY:
            power = most - 1  # deploy, then the dispatch's power
        elif v == theirs:
            power = most  # a move
        else:
            power = 0 if most >= 2 else -1  # a capture (the seed's ends the maneuver)
        reach[i] = power + 1 if power >= 0 else 0


def _spread(game, reach, top):
    """reach[j] = max(reach[j], reach[i] - steps from i to j) over the board, for values <= top."""
    nbrs = game.nbrs
    degrees = game.degree
    n = game.n
    highest = max(reach)
    for level in range(highest if highest < top else top, 1, -1):
        for i in range(n):
            if reach[i] == level:
                for k in range(i * 6, i * 6 + degrees[i]):
                    j = nbrs[k]
                    if reach[j] < level - 1:
                        reach[j] = level - 1


# --- the search's shape and the plan ---------------------------------------------------------------
class _Notes:
    """What a search leaves for the next decisions of the turn: the destinations the last search
    at a selection found best under each of its candidate selections (the plan of the search at
    the destination that follows, checked against the board, so a hint's search may use it as
    well as the AI's), and the positions the last look for a certain win went through."""

    def __init__(self):
        # The selection root: its decisions played, maneuver phase and board (b"": none).
        self.selection_length = -1
        self.phase = 0
        self.board = b""
        self.best = {}  # selection -> value * 256 + destination site
        self.searched = {}  # selection -> the destinations searched under it
        self.explored = {}  # sure_win(): position -> the decision found there, or 0


_notes = _Notes()


class Tuner(SearchTuner):
    """One search's tuning (ai.py): the search's shape at this root and its plan."""
    LEVELS = LEVELS
    win_candidates = staticmethod(win_candidates)  # (ai.py) asked before a Tuner is built

    def __init__(self, game, level):
        self.game = game
        length = len(game.history)
        self.root_length = length  # decisions played before the root of this search
        self.shaped = LEVELS[level].planned  # the level searches one maneuver at a time
        self.planned = 0  # the planned destination for this root, or 0
        self.recording = False  # evaluate() notes the best destination per selection
        notes = _notes
        if self.shaped and game.fly_site == NO_SITE:  # a selection: note the destinations
            self.recording = True
            notes.selection_length = length
            notes.phase = game.phase
            notes.board = bytes(game.board)
            notes.best = {}
            notes.searched = {}
        elif self.shaped and notes.board and notes.selection_length == length - 1 and notes.phase == game.phase:
            self.planned = _planned_destination(game, notes)
        # The notes stay: a destination asked again after an undo gets the same plan as forward play.

    def evaluate(self, player):
        value = evaluate(self.game, player)
        if self.recording:
            self._note(value)
        return value

    def order(self, moves, count):
        """Moves best first by the estimated change of the evaluation, without playing them (at
        a destination with a plan: the planned one only; below a selection root: noted as
        searched)."""
        game = self.game
        planned = self.planned
        if planned and len(game.history) == self.root_length:
            for m in moves:
                if m == planned:
                    return [m]
        moves = _ranked(game, moves, count)
        if self.recording and len(game.history) == self.root_length + 1 and game.fly_site != NO_SITE:
            _notes.searched[game.history[-1]] = moves
        return moves

    def candidates(self, count):
        game = self.game
        if not self.shaped or game.setup < PLAYING:
            return None  # the usual search (in the pie start: down to the colour choice)
        # One maneuver: below a selection root, its destinations; nothing else.
        if self.recording and game.fly_site != NO_SITE and len(game.history) == self.root_length + 1:
            return None
        return []

    def sure_win(self, moves):
        return sure_win(self.game, moves)

    def _note(self, value):
        """At a leaf two decisions below a selection root (its stone has landed): keep the best
        destination seen under that selection."""
        history = self.game.history
        at = self.root_length
        if len(history) == at + 2 and history[at + 1] & KIND_MASK == DEST:
            selection = history[at]
            best = _notes.best
            old = best.get(selection)
            if old is None or value > old >> 8:
                best[selection] = value * 256 + (history[at + 1] & SITE_MASK)


def _planned_destination(game, notes):
    """At a destination right after the noted selection root: the destination noted best under
    the selection made there, if that was this one (the same board but for the selected site);
    else 0."""
    selection = game.history[len(game.history) - 1]
    packed = notes.best.get(selection)
    if packed is None or not _board_after(notes.board, game, selection & SITE_MASK):
        return 0
    planned = destination(packed & SITE_MASK)
    # Only positions that go on were noted: a searched destination that won at once (Ludii's
    # rules check the score after a turn's first maneuver) has to be found again.
    if game.phase == 0:
        return _winning_destination(game, notes.searched.get(selection, ()), planned)
    return planned


def _winning_destination(game, searched, planned):
    """The destination among `searched` that wins the game now, else `planned`."""
    won = win_on_the_spot(game, [move for move in searched if move != planned], game.to_move())
    return planned if won is None else won


def _board_after(board, game, site):
    """Is the board `board` with only the mover's stone on `site` added (or turned)?"""
    now = game.board
    if len(board) != len(now):
        return False
    for i in range(game.n):
        if now[i] != board[i] and i != site:
            return False
    return now[site] == game.mover
