# Tholian Go's AI tuning for shared_rules/ai.py (rules: docs/rules/tholian_go.md).
# This module holds the Tuner (one per search: the level's settings and the search state); the
# evaluation's terms and the tables they read are in tholian_go/ai_terms.py (the tables built by
# tholian_go/ai_build.py), what the ordering scores without playing in tholian_go/ai_order.py.
#
# A turn is ~5 decisions (a dark move and one or two light moves, each a path of steps, maybe
# `end`), each its own search.  What wins is the push through enemy tokens (§4): a dark token
# that shoves an enemy dark token aside and takes its hexagon, a light token that pushes the
# guard off a corner.  Its result shows only once the path is complete, so the search plays
# such pushes to their end (below the root nothing else goes on but, with plan, the rest of
# the mover's turn: a complete move, or a push of my own string worth its best end, is a leaf),
# and the root keeps slots for them (pushes) beside the best moves by the ordering.  A turn
# begins with its dark move (or a push through an enemy token); its later decisions search
# their best move only against such pushes (later); a turn's work is bounded (turn_work);
# evaluations are kept for a turn (memo).
#
# Sequestration (§5) of small groups is what captures in practice.  A light node, or a pair
# joined by an edge on the board's outline (never blocked), is cut off by enemy dark tokens on
# the three dark nodes whose edges cross its edges out ("three dark take one light, or two on
# an edge"); the two long outline groups (the home lines) only by a wall across the board
# (7 dark tokens on the standard board).  A dark node is cut off by light tokens on its
# hexagon's corners (6 inside, 3-5 at the sides); a corner held by its owner protects it.
#
# Evaluation, from one board scan:
#   material   tokens above the loss floors (§7: <= 5 light or <= 2 dark per set, hand
#              included); a token is worth more the closer its owner is to a floor
#   threats    a dark token the enemy cuts off with the light moves of one turn (dark_need
#              <= 2), a light token one dark move short of being cut off: worth most of the
#              token if the enemy owns the turn and has those moves left; if the victim owns
#              the turn, it saves as many as it has moves for, the rest still count
#   pressure   dark tokens by the light moves the enemy still needs; light tokens by enemy
#              dark tokens on their cut; dark tokens advanced and drawn to the nearest enemy
#              light token off the home lines, light tokens to the nearest unprotected enemy
#              dark token
#   pushes     a push through a string of my own tokens ends as if the pushing token had
#              jumped to the end node: a path under construction is worth its best end, less
#              a little per decision still needed (no wandering paths)
#   repetition a turn's start seen before (since the last capture) halves the value (§7 draw)
#   variants   Football / Scrimmage: the race of the best light token to its target (distances
#              on the empty light web); Chain: the light moves the cheapest chain still needs
#              (the shortest chains first, then own light tokens 0, empty nodes 1, enemy
#              tokens 3, enemy barriers breaking links; each node not held filled by the
#              nearest spare light token: a winning chain takes all fourteen, so their travel
#              is what counts)
# A search's leaf (leaf_value; greedy one-ply players keep evaluate()): in Chain also what the
# next turns finish, counted in pushes rather than travel (a push moves a whole string, so a
# spare token anywhere along my own string fills a gap in one light move): my chain with my
# light moves left (a win), the enemy's with its next turn (a loss unless the rest of my turn
# prevents it), mine with my next turn, the enemy's with its next two.  A push of my own string
# under way counts as ended at its best end there (its barriers left and made).
# Ordering (without playing): the same terms, summed over the board once and changed only
# around a move's nodes (steps, jumps through an own string to its best end, pushes through
# an enemy token to their best end one node on), by what the turn still holds after the move;
# in Chain barring the links of an enemy chain that is near (by travel or by pushes) first,
# and pushing off an enemy dark token whose barrier breaks a link of mine by what it costs.
# `offer` is never made; an offer is declined unless far behind.
from micropython import const

from shared_rules.ai import Level, Tuner as SearchTuner, best_first, tuned_levels
from shared_rules.tholian_go.rules import (ACCEPT, DECLINE, END, NEXT, OFFER, PLACE, SPECIAL, STEP, move_kind, move_node,
    next_move, step_slot)
from shared_rules.tholian_go.geometry import SLOTS, run_once
from shared_rules.tholian_go.ai_order import (A_DARK, A_LIGHT, NO_END, PUSH_SCORE,
    best_jump, dark_or_push, dark_term, has_dark_move, push_end, push_gain, route_is_mine,
    set_values, step_back, step_gain, string_best, token_term, with_pushes)
from shared_rules.tholian_go.ai_terms import (MEMO, RACE, TURNS_KEPT, count_near, dark_need, material, pressure,
    race_value, tables_for)



class TholianGoLevel(Level):
    """A level's search settings (per decision) and the turn's."""

    def __init__(self, device_seconds, max_nodes, widths, pushes, later, plan, turn_work, noise=0,
                 weigh=False):
        Level.__init__(self, device_seconds, max_nodes, widths, noise)
        # weigh: the root searches every move (as greedy weighs them all, the ordering's first),
        # none left out; else the ordering's widths[0].
        self.weigh = weigh
        # Root moves kept for pushes through enemy tokens (their searched ends win games).
        self.pushes = pushes
        # Moves searched at the later decisions of a turn (the best other move and such pushes).
        self.later = later
        # Below the root, the search goes on with the rest of the root player's turn (a move
        # chosen with the best next ones of the turn in view).
        self.plan = plan
        # Work a turn may take (evaluations, _ORDER_WORK per root ordering); beyond it the
        # turn's decisions play the ordering's best move unsearched (a bound on the slowest
        # turns, the same on every machine).
        self.turn_work = turn_work


# Easy and normal search the ordering's best moves (easy fewer, with noise); hard weighs every
# root move, as greedy does, and searches pushes through enemy tokens one step on.
LEVELS = tuned_levels(
    easy=TholianGoLevel(device_seconds=1.5, max_nodes=30, widths=(4, 2), pushes=2, later=2,
                        plan=False, turn_work=50, noise=250),
    normal=TholianGoLevel(device_seconds=1.5, max_nodes=60, widths=(4, 2), pushes=2, later=2,
                          plan=False, turn_work=80),
    hard=TholianGoLevel(device_seconds=2.0, max_nodes=60, widths=(99, 2), pushes=0, later=4,
                        plan=False, turn_work=80, weigh=True),
)
# Chain is a race of light moves, not of captures: every level searches the rest of the mover's
# turn below the root (plan); what tells them apart is the root's second move (easy plays the
# ordering's first) and hard's depth (a wider root than normal's does not play better).
CHAIN_LEVELS = tuned_levels(
    easy=TholianGoLevel(device_seconds=1.5, max_nodes=30, widths=(1, 2), pushes=0, later=1,
                        plan=True, turn_work=50),
    normal=TholianGoLevel(device_seconds=1.5, max_nodes=60, widths=(4, 2), pushes=0, later=2,
                          plan=True, turn_work=80),
    hard=TholianGoLevel(device_seconds=3.0, max_nodes=250, widths=(2, 2, 2, 2), pushes=0, later=2,
                        plan=True, turn_work=300),
)

_ORDER_WORK = const(10)
_JUMP_COST = const(-1)
_PATH_OPEN = const(-20)  # evaluate(): a path under construction must still be completed
_ACCEPT_BELOW = const(-600)  # accept a draw offer only this far behind
_GO_ON = const(2)  # a push through enemy tokens under way: its next nodes searched at the root
_A_END = const(2)  # or the turn is over


def win_candidates(game, moves):
    """The decisions that may win on the spot: a step into an occupied node only starts or
    continues a push (nothing is captured before it ends), so those need no try.  Where
    only captures win (no touchdown, no chain), a move of my own tokens that leaves the
    parts my barriers cut the other web into as they were (TholianGo.changes_parts) cuts
    nothing off either, unless a transformation may follow: the last move's captures took
    what my barriers cut off (in a position reached by play); nor does a special decision
    (end, pass, a draw offer or its answer), which moves nothing."""
    board = game.board
    g = game.space
    adj = g.adj
    me = game.player + 1
    # (Placing variants left out: Lucky's dice may place a token inside an enclosure, which
    # the first move's captures take.)
    by_barriers = not game.touchdown and not game.chain and not game.pending and not game.placement
    if by_barriers and game.transform:
        for k in g.targets[game.player]:
            if board[k] == me:
                by_barriers = False  # it may transform once its entry node is free
    out = []
    for m in moves:
        kind = move_kind(m)
        start = end = -1
        if kind == STEP:
            a = move_node(m)
            b = adj[a * SLOTS + step_slot(m)]
            if board[b]:
                continue
            start, end = a, b
        elif kind == NEXT:
            v = move_node(m)
            if board[v]:
                continue
            if route_is_mine(game, me):
                start, end = game.route[0], v
        elif kind == SPECIAL and by_barriers:
            continue
        if by_barriers and start >= 0 and not (game.transform and end in g.targets[game.player]):
            if not game.changes_parts(start, end):
                continue
        out.append(m)
    return out


class Tuner(SearchTuner):
    """One search's tuning (ai.py): the level's settings and the decisions played at the root
    (its search state), over the space's tables (tables_for), which also keep a turn's
    evaluations and work for the searches of that turn."""
    LEVELS = LEVELS
    win_candidates = staticmethod(win_candidates)  # (ai.py) asked before a Tuner is built
    # The search starts at its full depth: below the root only the mover's own decisions go on
    # (no alpha-beta cut-off to prepare), so a one-ply iteration would only repeat the next one's.
    DEEPEN_FROM = 2
    # (ai.py) A draw, or a repetition on the way to one, costs the side not behind this much.
    CONTEMPT = 100

    @classmethod
    def level_settings(cls, game, level):
        return CHAIN_LEVELS[level] if game.chain else LEVELS[level]

    def __init__(self, game, level):
        self.game = game
        self.root_length = len(game.history)  # decisions played at the root of this search
        settings = self.level_settings(game, level)
        self.pushes = settings.pushes  # root moves kept for pushes through enemy tokens
        self.later = settings.later  # moves the later decisions of a turn search
        self.budget = settings.turn_work  # the work the turn may take
        self.weigh = settings.weigh
        self.plan = game.to_move() + 1 if settings.plan else 0  # the root player (1, 2) or 0: no plan
        t = self.tables = tables_for(game)
        # Chain's own code (ai_tholian_go_finish), imported for Chain games alone (None: none).
        self.chain = None
        if game.chain:
            self.chain = __import__("shared_rules.tholian_go.ai_finish", None, None, ["prepare"])
            self.chain.prepare(t)
        t.chain = self.chain  # (for the evaluation's and the ordering's Chain terms)
        if game.touchdown and t.to_target is None:
            run_once("ai_build", "race_tables", t)
        if game is not t.memo_game:
            t.turns_seen = 0
            t.turn_rep = -1
        self._remember_turn(t)
        # The evaluations kept serve the searches of one turn (the next decision's moves were
        # often seen by the last search).
        turn = len(game.rep) * 2 + game.player
        if game is not t.memo_game or turn != t.memo_turn or len(game.history) < t.memo_length:
            t.memo_state[:] = t.no_memo
            t.base_state[:] = t.no_memo
            t.memo_game = game
            t.memo_turn = turn
            t.work = 0
        t.memo_length = len(game.history)

    def _remember_turn(self, t):
        """Keeps, for the AI's last turns, each start's repetition key and the decisions the turn
        played from it (those before each of its searches)."""
        game = self.game
        length = len(game.history)
        if t.turn_rep == len(game.rep) and t.turn_from[t.turn_slot] < length:
            t.turn_upto[t.turn_slot] = length  # a later decision of the turn under way
        elif game.rep and not (game.rlen or game.dark_done or game.light_done):
            i = t.turn_slot = t.turns_seen % TURNS_KEPT
            t.turns_seen += 1
            t.turn_keys[i] = game.rep[len(game.rep) - 1]
            t.turn_from[i] = t.turn_upto[i] = length
            t.turn_rep = len(game.rep)

    def _leaving_repetition(self, moves, me):
        """The root moves of a turn whose start was seen before: unless I am behind, none that
        names a node the turns from it named before (the tokens moved, the nodes they went
        into: the way round the cycle again, pushes the enemy pushes back; its third time is a
        draw)."""
        t = self.tables
        game = self.game
        rep = game.rep
        key = rep[len(rep) - 1]
        for i in range(game.rep_base, len(rep) - 1):
            if rep[i] == key:
                break
        else:
            return moves  # a start not seen before
        if self.evaluate(me - 1) < 0:
            return moves
        nodes = []
        history = game.history
        for i in range(min(t.turns_seen, TURNS_KEPT)):
            if t.turn_keys[i] == key and t.turn_upto[i] <= len(history):
                for h in range(t.turn_from[i], t.turn_upto[i]):
                    nodes += game.move_nodes(history[h])
        kept = []
        for m in moves:
            for v in game.move_nodes(m):
                if v in nodes:
                    break
            else:
                kept.append(m)
        return kept if kept else moves

    def evaluate(self, player):
        return self._value(player, False)

    def leaf_value(self, player):
        """(ai.py) The value of a search's leaf: evaluate() and, in Chain, what the next turns
        finish (chain_value's lookahead)."""
        return self._value(player, self.chain is not None)

    def _value(self, player, lookahead):
        game = self.game
        t = self.tables
        t.cached = False
        t.work += 1
        if game.pending or game.offer:
            value = _base(t, game, player, self.chain if lookahead else None)
            return value + _path_value(t, game, player, self.chain)
        # A search's iterations meet the same positions again: the last values are kept
        # (a new turn forgets them; the key is the board's hash, the turn's state and the path
        # under construction: its length, start and head).  The position's own value is kept
        # apart too: paths just begun share their board.
        rlen = game.rlen
        # A push of my own string under way: its lookahead is the board once it has ended.
        jump = lookahead and rlen > 1 and route_is_mine(game, game.player + 1)
        state = 1 + ((lookahead and not jump) << 6 | game.repeated() << 5 | player << 4 | game.player << 3
                     | game.dark_done << 2 | game.light_done)
        route = (rlen << 18 | game.route[0] << 9 | game.route[rlen - 1]) if rlen else 0
        zobrist = game.zobrist
        i = (zobrist ^ route) & (MEMO - 1)
        if t.memo_state[i] == state + (jump << 7) and t.memo_key[i] == zobrist and t.memo_route[i] == route:
            return t.memo_value[i]
        spent = 0 if not rlen else (1 if game.route[0] < t.nd else 2)  # see threats_value
        j = (zobrist ^ spent) & (MEMO - 1)
        if t.base_state[j] == state and t.base_key[j] == zobrist and t.base_spent[j] == spent:
            value = t.base_value[j]
        else:
            value = _base(t, game, player, None if jump or not lookahead else self.chain)
            t.base_state[j] = state
            t.base_key[j] = zobrist
            t.base_spent[j] = spent
            t.base_value[j] = value
        if rlen:
            value += _path_value(t, game, player, self.chain)
        if jump:
            value += self.chain.lookahead_after_jump(t, game, player)
        state += jump << 7
        t.memo_state[i] = state
        t.memo_key[i] = zobrist
        t.memo_route[i] = route
        t.memo_value[i] = value
        return value

    def _is_leaf(self, me):
        # Below the root only pushes through enemy tokens go on (their result needs the search),
        # and with the level's plan the root player's turn; a push of my own string (worth its
        # best end) is a leaf.
        game = self.game
        if len(game.history) == self.root_length:
            return False
        if game.rlen:
            return route_is_mine(game, me)
        return me != self.plan

    def candidates(self, count):
        """No moves at a leaf, found before the rules list them; elsewhere order() picks."""
        return [] if self._is_leaf(self.game.to_move() + 1) else None

    def order(self, moves, count):
        game = self.game
        me = game.to_move() + 1
        if self._is_leaf(me):
            return []
        if game.offer:
            # Answer a draw offer: accept only when clearly lost.
            return [ACCEPT] if self.evaluate(me - 1) < _ACCEPT_BELOW else [DECLINE]
        at_root = len(game.history) == self.root_length
        if at_root and not game.rlen and game.rep:
            moves = self._leaving_repetition(moves, me)
        if self.weigh and at_root:
            return self._weighed(moves, count, me)
        return self._ordered(moves, count, me)

    def _weighed(self, moves, count, me):
        """order() at a weighing root: the ordering's moves first (a search stopped by time has
        weighed those), then the rest, never taking back the turn's last step.  One list made at
        its size: the root holds up to ~100 moves, and appends would double it."""
        first = self._ordered(moves, len(moves), me)
        if self.tables.work > self.budget:
            return first  # the turn took its share: the ordering's best alone
        back = step_back(self.game, self.tables.space.adj)
        size = len(first)
        for m in moves:
            if m != OFFER and m != back and m not in first:
                size += 1
        if size > count:
            size = count
        if size == len(first):
            return first
        out = [0] * size
        i = 0
        for m in first:
            if i < size:
                out[i] = m
                i += 1
        for m in moves:
            if i < size and m != OFFER and m != back and m not in first:
                out[i] = m
                i += 1
        return out

    def _ordered(self, moves, count, me):
        """order() by the ordering's scores."""
        game = self.game
        t = self.tables
        own_route = game.rlen > 0 and route_is_mine(game, me)
        if game.rlen and not own_route:
            return self._push_goes_on(moves, count, me)
        if self.chain is not None:
            self.chain.chain_maps(t, game, me)
        else:
            count_near(t, game)
        set_values(t, game, me)
        if own_route:
            # A push of my own tokens goes on towards the best end of the string.
            if best_jump(t, game, game.route[0], game.route[game.rlen - 1], me) is not None:
                step = next_move(t.jump_first)
                if step in moves:
                    return [step]
        totals = _board_totals(t, game, me)
        kept = self._worth_trying(moves, me)
        scores = _scores(t, game, kept, me, totals)
        t.cached = False
        if own_route:
            count = 1  # a push of my own tokens goes on to the best end found when it began
        if not game.rlen and len(game.history) == self.root_length:
            t.work += _ORDER_WORK
            if t.work > self.budget:
                return best_first(kept, scores, 1)  # the turn took its share: no search
            later = game.dark_done or game.light_done
            if later and count > self.later:
                count = self.later
            if self.pushes and not game.chain:  # Chain: no captures, pushes ordered as the rest
                return with_pushes(t, game, kept, scores, count, me, later, self.pushes)
        return best_first(kept, scores, count)

    def _push_goes_on(self, moves, count, me):
        """order() of a push through enemy tokens (or a free push) under way: ending it one node
        on is valued as order() values a push's first step, ending it later is left to the
        search."""
        game = self.game
        t = self.tables
        board = game.board
        single = game.rlen == 2 and not game.pending and not game.chain
        if single:
            count_near(t, game)
            set_values(t, game, me)
        if len(game.history) == self.root_length and count > _GO_ON:
            count = _GO_ON if t.work <= self.budget else 1  # its first step was searched with these ends
        kept = []
        scores = []
        for m in moves:
            kept.append(m)
            c = move_node(m)
            if board[c]:
                scores.append(PUSH_SCORE)
            elif single:
                scores.append(push_end(t, board, game.route[0], game.route[1], c, me))
            else:
                scores.append(0)
        return best_first(kept, scores, count)

    def _worth_trying(self, moves, me):
        """order(): the moves to score.  A turn begins with its dark move (the light moves are
        ordered after it, knowing it) or with a light push through enemy tokens; if it has no
        dark move, or a light token may win the race (Football, Scrimmage), with any.  Never an
        offer, nor the step taking back the turn's last move unless it is the only one."""
        game = self.game
        t = self.tables
        board = game.board
        adj = t.space.adj
        dark_first = (not game.rlen and len(game.history) == self.root_length and not game.dark_done
                      and not game.light_done and not game.chain and not game.touchdown
                      and not game.placing_phase() and has_dark_move(t, moves))
        back = step_back(game, adj)
        kept = []
        for m in moves:
            if m != OFFER and m != back and (not dark_first or dark_or_push(t, board, adj, m, me)):
                kept.append(m)
        if not kept and back in moves:
            kept.append(back)    # the only move left
        return kept


def _base(t, game, player, lookahead):
    """The position's value for `player`, a path under construction left aside (its move
    counted as spent); `lookahead`: see chain_value (None: none)."""
    if game.chain:
        score = t.chain.chain_value(t, game, player, lookahead)
    else:
        score = material(t, game, player + 1) - material(t, game, 2 - player)
        if game.captures:
            score += pressure(t, game, player)
        if game.touchdown:
            score += race_value(t, game, player)
    if game.repeated():
        score //= 2  # on the way to a draw by repetition (§7)
    return score


def _path_value(t, game, player, chain):
    """A path under construction: a push of my own tokens is worth its best end (see
    best_jump); other pushes are valued when complete, less a little."""
    if not game.rlen:
        return 0
    jump = None
    me = game.player + 1
    if route_is_mine(game, me) and game.rlen > 1:
        if chain is not None:
            chain.chain_maps(t, game, me)
        else:
            count_near(t, game)
        set_values(t, game, me)
        jump = best_jump(t, game, game.route[0], game.route[game.rlen - 1], me)
    value = _PATH_OPEN if jump is None else jump
    return value if me == player + 1 else -value


def _board_totals(t, game, me):
    """order(): every score is the sum of the terms once the move is made: the whole board's
    now (t.totals, by what the turn still holds after that kind of move: A_DARK, A_LIGHT,
    _A_END), plus the change around the move.  Also keeps each token's term (t.cached)."""
    board = game.board
    n = t.n
    totals = t.totals
    totals[0] = totals[1] = totals[2] = 0
    if not game.chain and not game.rlen:
        need = t.need
        busy = t.busy
        busy[:] = t.zeros
        around = t.around_rev
        nd = t.nd
        for k in range(n):
            v = board[k]
            if not v:
                continue
            if k >= nd:
                need[k] = token_term(t, board, k, me, _A_END)
                for after in range(3):
                    totals[after] += need[k]
                continue
            need[k] = dark_need(t, board, k, 3 - v)
            for after in range(3):
                term = dark_term(t, k, v, need[k], me, after)
                totals[after] += term
                if after != _A_END:
                    t.dark_terms[after * nd + k] = term
            for i in range(k * 12, k * 12 + 12):
                busy[around[i]] += 1
        busy[n] = 0
        for after in range(3):
            totals[after] //= 100
        t.cached = True
    return totals


def _scores(t, game, kept, me, totals):
    """order()'s score of each move kept: the board's terms after it (totals) and their change
    around its nodes."""
    board = game.board
    adj = t.space.adj
    n = t.n
    labelled = False
    scores = [0] * len(kept)
    for i in range(len(kept)):
        m = kept[i]
        kind = move_kind(m)
        if kind == STEP or kind == PLACE:
            if kind == STEP:
                a = move_node(m)
                b = adj[a * SLOTS + step_slot(m)]
                if board[b]:
                    # A push: through my own string, as good as a jump to its best end;
                    # through an enemy token, its best end one node on.
                    scores[i] = totals[A_DARK if a < t.nd else A_LIGHT] + PUSH_SCORE
                    if board[b] != me:
                        if game.chain:  # my token takes the enemy's node: as a step there
                            scores[i] += step_gain(t, game, a, b, me)
                        else:
                            scores[i] += push_gain(t, game, a, b, me) - PUSH_SCORE
                    else:
                        if not labelled:
                            t.string_of[:] = t.no_strings
                            t.strings = 0
                            t.left[:] = t.zeros
                            labelled = True
                        top = string_best(t, game, b, me)
                        if top != NO_END:
                            if not t.left[a]:  # the same token may start several pushes
                                t.left[a] = 1
                                t.left_gain[a] = step_gain(t, game, a, t.n, me)
                            scores[i] += top + t.left_gain[a] + _JUMP_COST - PUSH_SCORE
                    continue
            else:
                a, b = n, move_node(m)
            score = totals[A_DARK if b < t.nd else A_LIGHT] + step_gain(t, game, a, b, me)
            if b >= t.nd:
                if game.touchdown:
                    dist = t.to_target[me - 1]
                    if dist[b] == 0:
                        score += 5000
                    elif a != n:
                        score += (dist[a] - dist[b]) * RACE
            scores[i] = score
        elif kind == NEXT:
            v = move_node(m)
            if not board[v]:
                scores[i] = step_gain(t, game, game.route[0], v, me)
            else:
                jump = best_jump(t, game, game.route[0], v, me)
                scores[i] = PUSH_SCORE if jump is None else jump + _JUMP_COST
        elif m == END:
            scores[i] = totals[_A_END]
    return scores
