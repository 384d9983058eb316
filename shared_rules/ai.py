# The AI opponent: one search for every game (docs/architecture.md, "AI").
#
# Selective alpha-beta over decisions with iterative deepening.  A node is a decision, so a turn
# of several decisions by the same player (to_move() unchanged) is searched as a sequence: the
# side to move, not the ply parity, says whether a node maximises or minimises.  Each game's
# module `shared_rules/<game>/ai.py` gives a class `Tuner`, a subclass of this module's Tuner
# (the contract and its defaults), built once per search (as OpenSpiel's evaluators are
# objects), so that two searches (the AI's and a hint's) share no state.  Its LEVELS name one
# Level per level of levels.py (tuned_levels checks that at import).
#
# Memory: nothing per node but the game's own legal_moves() list and the ordering lists, all
# garbage on return; recursion depth is at most len(widths) (< MAX_PLY); no tree, no tables.
# The hot path allocates no floats on the device (time is compared in integer ticks there).
from micropython import const
import time

from shared_rules.game import ONGOING, DRAW, GameError
from shared_rules import levels
from shared_rules.levels import DEFAULT_LEVEL, LEVELS  # ai.LEVELS; the app reads levels.py
from shared_rules.registry import ai_module
from shared_rules.rng import Rng

WIN = const(1000000)  # value of a won position, less the plies it takes: quick wins first
MAX_PLY = const(12)
_INF = const(1 << 29)
_RANDOM_MODULUS = const(32749)  # a prime; state * multiplier stays a small int (< 2**30)
_RANDOM_MULTIPLIER = const(3000)  # a primitive root: the full period

# Device milliseconds per measured millisecond: 1 on the device, host pystones / 1490 on a host
# (shared_rules/host.py's set_host_speed), so a level thinks as long, in RP2040 terms, wherever
# it runs.
device_ms_per_ms = 1.0


def _subtract(now, start):
    return now - start


if hasattr(time, "ticks_ms"):  # MicroPython (device and VM)
    _clock = time.ticks_ms
    _ticks_since = time.ticks_diff
    _ms_per_tick = 1.0
    _int_ticks = True
else:  # CPython: CPU time (other processes share the host), finer than ms ticks, as one
    # device second is ~3 host milliseconds
    _clock = getattr(time, "process_time")
    _ticks_since = _subtract
    _ms_per_tick = 1000.0
    _int_ticks = False


def _elapsed_ms(start):
    return _ticks_since(_clock(), start) * _ms_per_tick


def tuner_class(game):
    """The game's Tuner class, its module imported only now (the device holds one game's code)."""
    try:
        tuning = __import__(ai_module(game.NAME), None, None, ["Tuner"])
    except ImportError:
        tuning = None
    if tuning is None or not hasattr(tuning, "Tuner"):
        raise GameError("no AI for %s yet" % game.NAME)
    return tuning.Tuner


def level_name(level):
    """Accepts a level name or its number 1..len(LEVELS); GameError names the choices."""
    if level is None:
        return DEFAULT_LEVEL
    text = str(level)
    if text in LEVELS:
        return text
    if len(text) == 1 and "1" <= text <= str(len(LEVELS)):
        return LEVELS[int(text) - 1]
    raise GameError("unknown AI level '%s'; levels: %s (or 1-%d)" % (text, " ".join(LEVELS), len(LEVELS)))


class Level:
    """One level's settings for the search; a game whose levels differ in more subclasses it
    with its own fields (TholianGoLevel...), set from keywords, one line per level."""

    def __init__(self, device_seconds, max_nodes, widths, noise=0):
        self.device_seconds = device_seconds  # time cap in RP2040 seconds (the safety net)
        # Positions visited (calls of play()); normally binds first, which keeps a move the
        # same for the same seed on every machine.
        self.max_nodes = max_nodes
        self.widths = widths  # moves searched per ply, best first (also the depth: len(widths))
        self.noise = noise  # 0, or random evaluation noise in [0, noise) that weakens a level


def tuned_levels(**settings):
    """A game's Level per level name, checked against levels.LEVELS: a level the game does
    not tune, or one that levels.py does not name, is a GameError when its module loads."""
    for name in levels.LEVELS:
        if name not in settings:
            raise GameError("no settings for AI level '%s'" % name)
    if len(settings) > len(levels.LEVELS):
        raise GameError("settings for an AI level levels.py does not name")
    return settings


class Tuner:
    """What the search asks of a game, with the defaults a game may keep.  Tuner(game, level)
    is the tuning for one search of `game` from its current position (it may find there what
    is too costly to look for at every node).  A game defines LEVELS, evaluate and order(moves,
    count): at most `count` of `moves`, best first for the side to move (best_first and
    keep_best help; the search may reorder the list), left out here, where it would only hold
    its bytecode in the device's heap."""
    LEVELS = {}  # level name -> Level (tuned_levels)
    DEEPEN_FROM = 1  # the depth iterative deepening starts at
    # A value at least this high is a win the evaluation is sure of: the search plays the
    # first root move found with it (WIN - 1: only a win on the spot).
    SURE_WIN = WIN - 1
    # What a draw costs the root player who is not behind by the evaluation at the root: a game
    # with a repeated() method (a position seen before) then scores a repetition as a draw in
    # the search, so the side ahead presses on.
    CONTEMPT = 0
    # True if order() breaks ties by a salt taken from the first root move, which is then all
    # the seed picks (no shuffle of the root moves).
    SALT_FROM_FIRST = False
    # True (with SALT_FROM_FIRST) if order() at the root reads only the first `count` moves it
    # gets: the root keeps only those of its list before the Tuner is built (sure_win sees them
    # too), so the whole list is not held beside the Tuner (the device's heap).
    ORDER_READS_FIRST = False

    def __init__(self, game, level):
        self.game = game

    @classmethod
    def level_settings(cls, game, level):
        """The Level a search of `game` at `level` takes (a game whose variants need a ladder
        of their own picks it here)."""
        return cls.LEVELS[level]

    @staticmethod
    def win_candidates(game, moves):
        """Asked before the Tuner is built: the moves that may win on the spot (a superset of
        the wins, found cheaply); the root plays each and a win at once is played unsearched."""
        return moves

    def evaluate(self, player):
        """Static value of the game's position for `player` (an int, > 0: `player` is ahead)."""
        raise NotImplementedError

    def leaf_value(self, player):
        """The value of a search's leaf; a game may look further than the static value (what
        the opponent's next turn can do), which one-ply players do not see."""
        return self.evaluate(player)

    def candidates(self, count):
        """At most `count` legal moves, best first, found without listing them all, or None:
        the search lists them and asks order()."""
        return None

    def sure_win(self, moves):
        """A move that starts (or goes on with) a turn of several decisions whose win is
        certain, or None; asked after the wins on the spot, before any search."""
        return None


def choose_move(game, level=DEFAULT_LEVEL, progress=None, seed=0):
    """The AI's move (an int) for the current decision of `game`, which is left unchanged.

    `progress(fraction)` is called now and then with the share of the budget used (0..1); if it
    returns True the search stops and the best move found so far is returned (cancel)."""
    return Search(game, level, progress, seed).run()


def best_first(moves, scores, count):
    """The `count` best of `moves` by descending `scores` (a parallel list of ints, which this
    overwrites), ties kept in list order.

    Sorting packed ints (score, position) gives the same order on CPython and MicroPython, whose
    sort is not stable, without a key function or tuples."""
    n = len(moves)
    for i in range(n):
        scores[i] = scores[i] * n + (n - 1 - i)
    scores.sort()
    if count > n:
        count = n
    out = [0] * count
    for j in range(count):
        out[j] = moves[n - 1 - (scores[n - 1 - j] % n)]
    return out


def keep_best(items, scores, base, kept, limit, item, score):
    """Inserts `item` with `score` into the ranking items/scores[base:base + kept] of at most
    `limit`, best first, equal scores in the order they came; returns the new length."""
    if kept == limit and score <= scores[base + limit - 1]:
        return kept
    i = base + (kept if kept < limit else limit - 1)
    while i > base and scores[i - 1] < score:
        scores[i] = scores[i - 1]
        items[i] = items[i - 1]
        i -= 1
    scores[i] = score
    items[i] = item
    return kept + 1 if kept < limit else kept


def win_on_the_spot(game, moves, player):
    """The first of `moves` that wins at once for `player` (each played and taken back), or
    None."""
    for move in moves:
        game.play(move)
        won = game.winner() == player
        game.undo()
        if won:
            return move
    return None


class Search:
    """One search.  Its counters stay readable afterwards (tests and benchmarks read them):
    nodes, depth (deepest finished iteration), elapsed_ms (device ms), stopped_by."""

    def __init__(self, game, level=DEFAULT_LEVEL, progress=None, seed=0, tuner=None,
                 max_nodes=None, device_seconds=None):
        self.game = game
        self.tuner_class = tuner if tuner is not None else tuner_class(game)
        self.tuner = None  # built by run(), which times it
        self.level = level_name(level)
        settings = self.tuner_class.level_settings(game, self.level)
        seconds = settings.device_seconds
        self.max_nodes = settings.max_nodes if max_nodes is None else max_nodes
        if device_seconds is not None:
            seconds = device_seconds
        elif not levels.time_caps:
            seconds = 1000000
        self.limit_ms = 1000 * seconds
        # The cap in clock ticks, so that the hot path compares ints on the device.
        self._limit_ticks = self.limit_ms / (device_ms_per_ms * _ms_per_tick)
        if _int_ticks:
            self._limit_ticks = int(self._limit_ticks)
        self.widths = settings.widths[:MAX_PLY - 1]
        self.noise = settings.noise
        self.progress = progress
        self.progress_every = 16  # nodes between calls of progress() (1 to measure the heap)
        # The seed (through rng.py, the same on every VM) starts a small-int generator for the
        # shuffle of the root moves and the noise: 32-bit Rng steps are heap ints on the device.
        self._random_state = Rng(seed).below(_RANDOM_MODULUS - 1) + 1
        self.player = 0
        self.nodes = 0
        self.depth = 0
        self.elapsed_ms = 0.0
        self.stopped_by = ""  # "", "nodes", "time" or "cancel"
        self.killers = [None] * MAX_PLY  # last move that cut off at each ply, tried first there
        # Whether the Tuner lists candidates: a game that keeps the default is not asked at
        # every node.
        self._has_candidates = self.tuner_class.candidates is not Tuner.candidates
        # A game whose shallower iterations only repeat work starts deeper (DEEPEN_FROM).
        self._first_depth = min(self.tuner_class.DEEPEN_FROM, len(self.widths))
        self._start = 0
        self._check_ticks = 0      # the win-on-the-spot check's time, outside the time cap
        self._sure_win = self.tuner_class.SURE_WIN
        # Picking the first root move costs nothing; a shuffle of hundreds of moves does.
        self._salt_from_first = self.tuner_class.SALT_FROM_FIRST
        self._order_reads_first = self._salt_from_first and self.tuner_class.ORDER_READS_FIRST
        self._contempt = self.tuner_class.CONTEMPT
        self._checks_repeats = self._contempt > 0 and hasattr(game, "repeated")
        self._draw_value = 0  # a draw's value for the root player (run() sets the contempt)

    # --- root -----------------------------------------------------------------------------
    def run(self):
        game = self.game
        self._start = _clock()    # the whole decision counts, from the request: the listing too
        moves = game.legal_moves()
        if not moves or game.winner() != ONGOING:
            raise GameError("the game is over")
        if len(moves) == 1:
            self.elapsed_ms = _elapsed_ms(self._start) * device_ms_per_ms
            return moves[0]
        self.player = game.to_move()
        # A win on the spot is played at every level, whatever the budget and the ordering, and
        # before the Tuner is built (a win needs none).  The checks count in elapsed_ms but not
        # against the level's time cap, which would otherwise cut searches on a slow device that
        # a fast host finishes (other moves).
        check_from = _clock()
        move = win_on_the_spot(game, self.tuner_class.win_candidates(game, moves), self.player)
        if move is not None:
            self.elapsed_ms = _elapsed_ms(self._start) * device_ms_per_ms
            return move
        self._check_ticks = _ticks_since(_clock(), check_from)
        if self._order_reads_first:  # the seed's pick, then the list goes before the Tuner comes
            self._to_front(moves)
            head = moves[:self.widths[0]]
            # Emptied, not only let go: MicroPython's collector may find a stale pointer to the
            # list in this frame and keep it; clear() gives its items' block back at once.
            moves.clear()
            moves = head
        tuner = self.tuner = self.tuner_class(game, self.level)
        # What _evaluate asks: evaluate itself where the game keeps the default (a call less
        # per leaf).
        keeps_leaf = self.tuner_class.leaf_value is Tuner.leaf_value
        self._leaf_value = tuner.evaluate if keeps_leaf else tuner.leaf_value
        if self.tuner_class.sure_win is not Tuner.sure_win:
            check_from = _clock()
            move = tuner.sure_win(moves)
            if move is not None:
                self.elapsed_ms = _elapsed_ms(self._start) * device_ms_per_ms
                return move
            self._check_ticks += _ticks_since(_clock(), check_from)
        if self._contempt and tuner.evaluate(self.player) >= 0:
            self._draw_value = -self._contempt
        # The seed picks among equally good moves (and breaks move cycles).
        if not self._salt_from_first:
            self._shuffle(moves)
        elif not self._order_reads_first:
            self._to_front(moves)
        moves = self._killer_first(tuner.order(moves, self.widths[0]), 0)
        undo_to = len(game.history)
        best_move = moves[0]
        scores = [0] * len(moves)
        # The ordering may leave one move: then there is nothing to search.
        last_depth = len(self.widths) if len(moves) > 1 else 0
        try:
            for depth in range(self._first_depth, last_depth + 1):
                iter_best, iter_move = -_INF, None
                for i in range(len(moves)):
                    if self._out_of_budget():
                        break
                    game.play(moves[i])
                    self.nodes += 1
                    value = self._value(depth - 1, 1, iter_best, _INF)
                    game.undo()
                    if self.stopped_by:
                        break
                    scores[i] = value
                    if value > iter_best:
                        iter_best, iter_move = value, moves[i]
                        if value >= self._sure_win:  # nothing else needs a look
                            break
                # The previous best is searched first, so a partial iteration is still usable.
                if iter_move is not None:
                    best_move = iter_move
                if self.stopped_by:
                    break
                self.depth = depth
                if iter_best >= self._sure_win:  # a win: nothing deeper can beat it
                    break
                moves = best_first(moves, scores, len(moves))
                scores = [0] * len(moves)
        finally:
            while len(game.history) > undo_to:  # only if a game raised mid-search
                game.undo()
            self.elapsed_ms = _elapsed_ms(self._start) * device_ms_per_ms
        if self.progress is not None and not self.stopped_by:
            self.progress(1.0)
        return best_move

    def _random_below(self, n):
        self._random_state = self._random_state * _RANDOM_MULTIPLIER % _RANDOM_MODULUS
        return self._random_state % n

    def _to_front(self, moves):
        j = self._random_below(len(moves))
        m = moves[0]
        moves[0] = moves[j]
        moves[j] = m

    def _shuffle(self, moves):
        # _random_below written out: a root may have hundreds of moves.
        state = self._random_state
        for i in range(len(moves) - 1, 0, -1):
            state = state * _RANDOM_MULTIPLIER % _RANDOM_MODULUS
            j = state % (i + 1)
            m = moves[i]
            moves[i] = moves[j]
            moves[j] = m
        self._random_state = state

    # --- tree -----------------------------------------------------------------------------
    def _value(self, depth, ply, alpha, beta):
        """Minimax value for the root player of the current position, searched `depth` plies."""
        game = self.game
        w = game.winner()
        if w != ONGOING:
            if w == DRAW:
                return self._draw_value
            return WIN - ply if w == self.player else ply - WIN
        if self._checks_repeats and game.repeated():
            return self._draw_value  # on the way to a draw by repetition
        if depth == 0:
            return self._evaluate()
        moves = None
        if self._has_candidates:
            moves = self.tuner.candidates(self.widths[ply] if ply < len(self.widths) else 1)
        if moves is None:
            moves = self.tuner.order(game.legal_moves(), self.widths[ply] if ply < len(self.widths) else 1)
        moves = self._killer_first(moves, ply)
        if not moves:
            return self._evaluate()
        maximizing = game.to_move() == self.player
        best = -_INF if maximizing else _INF
        for move in moves:
            if self._out_of_budget():
                return best
            game.play(move)
            self.nodes += 1
            value = self._value(depth - 1, ply + 1, alpha, beta)
            game.undo()
            if self.stopped_by:
                return best
            if maximizing:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                self.killers[ply] = move
                break
        return best

    def _killer_first(self, moves, ply):
        killer = self.killers[ply]
        if killer is not None and len(moves) > 1 and moves[0] != killer:
            for i in range(1, len(moves)):
                if moves[i] == killer:
                    moves[i] = moves[0]
                    moves[0] = killer
                    break
        return moves

    def _evaluate(self):
        value = self._leaf_value(self.player)
        if self.noise:
            value += self._random_below(self.noise)
        return value

    def _out_of_budget(self):
        if self.nodes >= self.max_nodes:
            self.stopped_by = "nodes"
            return True
        ticks = _ticks_since(_clock(), self._start) - self._check_ticks
        if ticks >= self._limit_ticks:
            self.stopped_by = "time"
            return True
        if self.progress is not None and self.nodes % self.progress_every == 0 and self.nodes:
            done = ticks / self._limit_ticks if self._limit_ticks else 1.0
            share = self.nodes / self.max_nodes
            if self.progress(done if done > share else share):
                self.stopped_by = "cancel"
                return True
        return False
