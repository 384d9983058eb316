# Thoughtwave's AI tuning for shared_rules/ai.py.
#
# Evaluation: each player's connection distance (thoughtwave/ai_links.py), the opponent's less
# the player's; a side to move one tile short of its link has won.
#
# Ordering (at the root and at every node deeper in the tree, where a reply that the ordering
# misses is a refutation the search never sees): both players' distance maps from both of their
# sides give each square's best link through it; squares on or near either player's best links
# come first, and each tile that fits there is scored by the estimated change of both distances
# (the link through the tile, towards the two sides along its waves; a detour when it turns a
# best link away on a square that no other best link can replace).
from array import array

from micropython import const

from shared_rules.ai import Level, Tuner as SearchTuner, keep_best, tuned_levels
from shared_rules.thoughtwave.ai_links import INF, LINK_NOW, Links, sides
from shared_rules.thoughtwave.ai_tables import BACK, BORDER, MASK_PAIRS, PAIR_EDGES, ZERO_CELLS
from shared_rules.game import ONGOING
from shared_rules.thoughtwave.rules import CELLS, FIT, NEIGHBOURS, PASS, placed_cell, placed_mask, placement



class ThoughtwaveLevel(Level):
    """A level's search settings and its attack: how many times the player's own distance
    counts against the opponent's in the evaluation."""

    def __init__(self, device_seconds, max_nodes, widths, attack, noise=0):
        Level.__init__(self, device_seconds, max_nodes, widths, noise)
        self.attack = attack


# At 5:1 (easy) the AI builds links that are hard to block and sees blocks only through its
# search; a two-ply search needs 1:1 (normal, and so the greedy benchmark player, and hard), as
# at 5:1 or 3:1 its root moves are mostly self-building ones that the replies looked at do not
# refute.  Normal searches 6 root moves: 10 left hard less of a margin over it.  Easy's second
# of device time holds one ply of 8 moves, without noise (noise made it no stronger than
# greedy).  The matches: docs/bench_notes.md.
LEVELS = tuned_levels(
    easy=ThoughtwaveLevel(device_seconds=1.0, max_nodes=8, widths=(8,), attack=5),
    normal=ThoughtwaveLevel(device_seconds=2.4, max_nodes=40, widths=(6, 6), attack=1),
    hard=ThoughtwaveLevel(device_seconds=8.5, max_nodes=120, widths=(16, 6), attack=1),
)

_NO_CELL = const(255)  # (thoughtwave.NO_CELL)
_SQUARES_PER_MOVE = const(2)  # squares ranked per move wanted, whose tiles are then scored
_KEEP = const(32)  # longest ranking kept (squares or moves)
_SCORED = const(512)  # most tiles scored at one node
_SCORE_LIMIT = const(16000)  # tile scores are clamped to +-this in the packed keys
_FAR_OFF = const(6)  # slack of a square well off a player's best links
_MAP_SLACK = const(6)  # ranking maps: squares this far off the best links are not needed exactly
_URGENT = const(10000)  # ordering: a move that completes a link, or fails to stop one
_REPLY_GAIN = const(100)  # most a reply can add to a root move's one-ply value (the tempo)
_OPENING = const(1)  # decisions before any reply is searched
_CACHED = const(4)  # root moves' squares whose replies' maps are kept (see _map_reply)
_ZERO_COUNT = bytes(256)


# --- move ordering ------------------------------------------------------------------------------
# A ranking view: both players' distance maps and distances of one position.  The root's view
# serves the replies to every root move too (one tile changes little of it, and the search plays
# the replies out anyway); positions deeper than that get a view of their own.  What a ranking
# makes of a view (the squares' values, the narrow squares, the best squares) is the Tuner's
# scratch, used up before the next ranking.  Rankings are kept as packed keys (value, a
# tie-break from the seed, index) in a small top-k buffer: no lists or sorts per node.
def _view():
    return ((bytearray(CELLS), bytearray(CELLS), bytearray(CELLS), bytearray(CELLS)),
            [0, 0, 0])  # the owner's distance, the opponent's, the owner (mover of the position)


def _edge_values(first, second, side_pair, opened, cell, out):
    """For each direction from `cell`: the cost to reach the first side and the second side
    through that edge's neighbour, entered by a wave of a tile on `cell` (so leaving it towards
    the tile costs nothing more; 0 across the side's own border), into out[0..3], out[4..7]."""
    base = cell * 4
    for k in range(4):
        n = NEIGHBOURS[base + k]
        if n == _NO_CELL:
            bit = 1 << k
            out[k] = 0 if BORDER[side_pair[0]][cell] & bit else INF
            out[4 + k] = 0 if BORDER[side_pair[1]][cell] & bit else INF
        elif opened[n] & BACK[k]:
            out[k] = first[n]
            out[4 + k] = second[n]
        else:
            out[k] = out[4 + k] = INF


# The distance model the win check (asked before a Tuner is built) made, which the search's
# Tuner then takes: its mirror of the board is up to date.
_checked_links = None


def win_candidates(game, moves):
    """A placement wins on the spot only one tile from a link, whose distance is then at most
    4 (a tile costs 2 to 4): otherwise none of the ~800 moves needs a try; then the moves that
    link the mover's sides (the rules' linking), not every move played."""
    global _checked_links
    if _checked_links is None:
        _checked_links = Links()
    if _checked_links.distances(game)[game.to_move()] > 4:
        return []
    return game.linking(moves)


# Thoughtwave's tuning for one search (ai.py): the distance model (its own mirror of the board),
# the level's settings, the rankings' scratch and what the search found so far.
#
# A two-ply search (the normal level) examines every root move against the replies; most root
# moves after the first are refuted by a reply that refuted an earlier one.  Such a reply is
# evaluated first and, if it refutes (its value is no better than the best root move's so far),
# returned alone, so that the costly ranking of the replies is left out; a root move whose
# one-ply value is already too low gets no replies (the search takes that value).
class Tuner(SearchTuner):
    LEVELS = LEVELS
    # (ai.py) A race won (LINK_NOW) is played without looking further: the first root move
    # found to win one (no evaluation without a race comes near: |distances x 25| < 21000).
    SURE_WIN = 50000
    SALT_FROM_FIRST = True  # (ai.py) order() takes its tie-break salt from moves[0]
    ORDER_READS_FIRST = True  # (ai.py) and reads no more than moves[:count]
    win_candidates = staticmethod(win_candidates)  # (ai.py) asked before a Tuner is built

    def __init__(self, game, level):
        self.game = game
        global _checked_links
        self._links = _checked_links or Links()
        _checked_links = None  # the Tuner's own now: two searches share no state
        settings = LEVELS[level]
        self._plies = len(settings.widths)  # the level's depth (see _refuted)
        self._attack = settings.attack  # the evaluation's weight of the player's own distance
        self._root_view = _view()
        self._node_view = _view()
        self._cached_cells = bytearray(_CACHED)
        # The 4 maps of each, one block (a bytearray each took 16 bytes of header and 12 of padding).
        self._cached_maps = memoryview(bytearray(4 * CELLS * _CACHED))
        self._cached_links = bytearray(2 * _CACHED)
        self._squares = bytearray(CELLS)  # the squares whose tiles are scored, the best ranked first
        self._narrow = bytearray(CELLS)  # of the view ranked: bit 1 the owner's, 2 the opponent's (_rank)
        self._values = array("h", range(CELLS))  # of the view ranked: each square's value (both players')
        self._best_links = bytearray(CELLS)  # squares on a best link of either player
        self._count_mine = bytearray(256)  # squares of a best link by distance from the first side
        self._count_theirs = bytearray(256)
        self._mine_edges = bytearray(8)  # per direction: cost to the first side, then to the second
        self._theirs_edges = bytearray(8)
        self._pair_mine = [0] * 6  # per pair of edges (PAIR_EDGES): the best link through both, each way
        self._pair_theirs = [0] * 6
        self._root = [None, 0]  # the search's root (order()): game, history length
        self._salt = 0  # from the root's first move, which the seed picks: its say among equal moves
        self._best_keys = [0] * _KEEP  # packed keys, best first (ai.keep_best)
        # _best_moves: the index of the first tile scored on each square listed (then the end); a
        # key's index is found again from these (a move per index took 1 KB of the device's heap)
        self._firsts = array("H", range(CELLS + 1))
        self._root_moves = array("H", range(_KEEP))  # root moves with their one-ply values
        self._root_values = [0] * _KEEP
        self._root_count = 0
        self._current = [PASS, 0, PASS]  # the root move under examination, its lowest reply value, reply
        self._best_root = [0, False]  # the best value of a root move examined (as the search sees it), known
        self._refutations = array("H", (PASS, PASS))  # replies that refuted root moves, latest first
        self._tried = 0  # the replies _refuted evaluated for the current root move, and their values
        self._tried_moves = array("H", (PASS, PASS))
        self._tried_values = [0, 0]
        self._pruned = [0, PASS, 0]  # a root move _refuted left without replies (pending), its value

    def evaluate(self, player):
        """Links.evaluate with the level's weight of the player's own distance, or a value the
        search found before (a pruned root move's, a reply's that _refuted tried)."""
        game = self.game
        history = game.history
        n = len(history) - self._root[1] if self._root[0] is game else 0
        # The search evaluates the root player's positions, with that player to move after a reply
        # (n = 2), not after a root move (n = 1).  Another caller (the greedy benchmark player, after
        # the AI's move and its own) may evaluate the same positions for the other player.
        ours = n and (game.to_move() == player) == (n == 2)
        if ours and n == 1 and self._pruned[0] and history[-1] == self._pruned[1]:  # values found before
            self._pruned[0] = 0
            return self._pruned[2]
        if ours and n == 2 and history[-2] == self._current[0]:
            for i in range(self._tried):
                if history[-1] == self._tried_moves[i]:
                    return self._tried_values[i]
        value = self._links.evaluate(game, player, self._attack)
        if ours and n == 1:
            self._note_root_move(history[-1], value)
        elif ours and n == 2 and self._plies == 2 and value < self._current[1]:
            self._current[1], self._current[2] = value, history[-1]
        return value

    def _best_reset(self, count):
        """Empties the ranking for the `count` best keys (at most _KEEP; -1 is below every key,
        so a key need not go to keep_best unless it beats top[count - 1]); returns that count."""
        if count > _KEEP:
            count = _KEEP
        top = self._best_keys
        for i in range(count):
            top[i] = -1
        return count

    def _map(self, game, view, reuse=False):
        """The maps of `view` for the position (0, 1: the mover's from their first and second side;
        2, 3: the opponent's) and its distances.  `reuse`: the mover's maps are still those of the
        root's view (see candidates)."""
        self._links.sync(game)
        maps, links = view[0], view[1]
        mover = game.to_move()
        m0, m1, t0, t1 = maps
        a, b = sides(game, mover)
        if reuse:
            m0[:] = self._root_view[0][2]
            m1[:] = self._root_view[0][3]
            mine = self._root_view[1][1]
        else:
            mine = self._links.distance(mover, a, b, m0, _MAP_SLACK)
            self._links.distance(mover, b, a, m1, _MAP_SLACK)
        a, b = sides(game, 1 - mover)
        links[1] = self._links.distance(1 - mover, a, b, t0, _MAP_SLACK)
        self._links.distance(1 - mover, b, a, t1, _MAP_SLACK)
        links[0], links[2] = mine, mover

    def _rank(self, game, count, view):
        """Ranks the best `count` squares of the position by `view`'s maps (after _map) into
        _squares and fills _values and _narrow; returns how many it ranked."""
        maps, links = view
        narrow, values, ranked = self._narrow, self._values, self._squares
        m0, m1, t0, t1 = maps
        mine, theirs, mover = links
        board, best_links = game.board, self._best_links
        o_mine, o_theirs = self._links.open[mover], self._links.open[1 - mover]
        count_mine, count_theirs = self._count_mine, self._count_theirs
        count_mine[:] = _ZERO_COUNT
        count_theirs[:] = _ZERO_COUNT
        urgent = mine <= 4 or theirs <= 4
        inf = INF
        on_best = 0
        count = self._best_reset(count)
        top, worst, salt = self._best_keys, count - 1, self._salt
        kept = 0
        for c in range(CELLS):
            if board[c] or not (o_mine[c] or o_theirs[c]):
                continue
            # Slack: how much longer than the best link a link through this square is.
            slack_mine = m0[c] + m1[c] - 2 - mine if o_mine[c] else inf
            slack_theirs = t0[c] + t1[c] - 2 - theirs if o_theirs[c] else inf
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
                kept = keep_best(top, top, 0, kept, count, key, key)
        # Narrow: a square of a best link that no other square of a best link matches in distance
        # from the first side; one tile there lengthens every best link.
        narrow[:] = ZERO_CELLS
        for i in range(on_best):
            c = best_links[i]
            if o_mine[c] and m0[c] + m1[c] - 2 == mine and count_mine[m0[c]] == 1:
                narrow[c] = 1
            if o_theirs[c] and t0[c] + t1[c] - 2 == theirs and count_theirs[t0[c]] == 1:
                narrow[c] |= 2
        for i in range(kept):
            ranked[i] = top[i] & 255
        return kept

    def _best_moves(self, game, view, squares, count):
        """The mover's best `count` tiles on the first `squares` of _squares, by the estimated
        change of both players' distances in `view` (equally weighted: a tile that mostly blocks
        can be a reply that refutes a move), then by the square values (after _rank of `view`)."""
        mover = game.to_move()
        board, edges, held = game.board, game.edges, self._links.held[mover]
        maps, links, narrow, values = view[0], view[1], self._narrow, self._values
        if links[2] == mover:
            m0, m1, t0, t1 = maps
            mine, theirs, bit_mine, bit_theirs = links[0], links[1], 1, 2
        else:
            t0, t1, m0, m1 = maps
            mine, theirs, bit_mine, bit_theirs = links[1], links[0], 2, 1
        sides_mine, sides_theirs = sides(game, mover), sides(game, 1 - mover)
        open_mine, open_theirs = self._links.open[mover], self._links.open[1 - mover]
        ours, other, firsts = self._mine_edges, self._theirs_edges, self._firsts
        pair_mine, pair_theirs = self._pair_mine, self._pair_theirs
        listed, place, far = self._squares, placement, 2 * INF
        count = self._best_reset(count)
        top, worst, salt = self._best_keys, count - 1, self._salt
        index = kept = 0
        for i in range(squares):
            firsts[i] = index
            cell = listed[i]
            fits = 0 if board[cell] else FIT[edges[cell]] & held  # (a root square since taken)
            if not fits:
                continue
            _edge_values(m0, m1, sides_mine, open_mine, cell, ours)
            _edge_values(t0, t1, sides_theirs, open_theirs, cell, other)
            for p in range(6):  # per pair of edges, the better way round for each player
                a, b = PAIR_EDGES[p]
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
                via_mine = via_theirs = far
                for p in MASK_PAIRS[mask]:
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
                move = place(cell, mask)
                key = (score + _SCORE_LIMIT) << 11 | ((move * 73 + salt) >> 4 & 3) << 9 | index
                if key > top[worst]:
                    kept = keep_best(top, top, 0, kept, count, key, key)
                index += 1
        firsts[squares] = index
        out = [0] * kept
        for j in range(kept):  # each key's move: its square, then its tile among those that fit
            index = top[j] & 511
            i = 0
            while firsts[i + 1] <= index:
                i += 1
            cell, rank = listed[i], index - firsts[i]
            fits = FIT[edges[cell]] & held
            for mask in range(1, 16):
                if fits >> mask & 1:
                    if not rank:
                        out[j] = place(cell, mask)
                        break
                    rank -= 1
        return out

    def _listed(self, cell, squares):
        for i in range(squares):
            if self._squares[i] == cell:
                return True
        return False

    def _note_root_move(self, move, value):
        count = self._root_count
        for i in range(count):
            if self._root_moves[i] == move:
                return
        if count < _KEEP:
            self._root_moves[count] = move
            self._root_values[count] = value
            self._root_count = count + 1

    def _one_ply(self, move):
        for i in range(self._root_count):
            if self._root_moves[i] == move:
                return self._root_values[i]
        return LINK_NOW  # (not seen: nothing known, so nothing is ruled out)

    def _refuted(self, game, move):
        """For a reply to root move `move` in a two-ply search: [] if its one-ply value cannot beat
        the best root move's, [reply] for a reply that refutes it, None to rank the replies."""
        if self._current[0] != move:
            if self._current[0] != PASS:  # the previous root move is done
                value = self._current[1]
                bound = self._one_ply(self._current[0]) + _REPLY_GAIN
                if bound < value:
                    value = bound  # (a reply that wins is not evaluated)
                if not self._best_root[1] or value > self._best_root[0]:
                    self._best_root[0], self._best_root[1] = value, True
                if self._current[2] != PASS and self._current[2] != self._refutations[0]:
                    self._refutations[1] = self._refutations[0]
                    self._refutations[0] = self._current[2]
            self._current[0], self._current[1], self._current[2] = move, LINK_NOW * 2, PASS
        self._tried = self._pruned[0] = 0
        if not self._best_root[1]:
            return None
        alpha = self._best_root[0]
        value = self._one_ply(move)
        if value + _REPLY_GAIN < alpha:
            self._pruned[0], self._pruned[1], self._pruned[2] = 1, move, value
            return []
        self._links.sync(game)
        replier = game.to_move()
        board, edges, held = game.board, game.edges, self._links.held[replier]
        player = 1 - replier
        for i in range(2):
            reply = self._refutations[i]
            if reply == PASS:
                continue
            cell = placed_cell(reply)
            if board[cell] or not (FIT[edges[cell]] & held) >> placed_mask(reply) & 1:
                continue
            game.play(reply)
            winner = game.winner()
            if winner != ONGOING:
                game.undo()
                if winner == replier:
                    return [reply]  # (the opponent links: the search sees the loss)
                continue  # (a reply that links the root player's sides, or draws, refutes nothing)
            value = self._links.evaluate(game, player, self._attack)
            game.undo()
            self._tried_moves[self._tried] = reply
            self._tried_values[self._tried] = value
            self._tried += 1
            if value < self._current[1]:
                self._current[1], self._current[2] = value, reply
            if value <= alpha:
                return [reply]
        return None

    def order(self, moves, count):
        """The root: the tiles on the best squares, scored (the same moves as the listed ones)."""
        game = self.game
        self._salt = moves[0] & 255
        self._root[0], self._root[1] = game, len(game.history)
        self._root_count = 0
        self._current[0] = self._refutations[0] = self._refutations[1] = PASS
        self._best_root[1] = False
        self._tried = self._pruned[0] = 0
        for i in range(_CACHED):
            self._cached_cells[i] = _NO_CELL
        self._map(game, self._root_view)
        squares = self._rank(game, count * _SQUARES_PER_MOVE, self._root_view)
        out = self._best_moves(game, self._root_view, squares, count)
        return out if out else moves[:count]

    def _map_reply(self, game, square):
        """_map for a reply to a root move on `square`.  Replies to root moves on the same square
        share the maps (the tiles differ in their waves only; the search plays the replies out),
        kept for the first _CACHED squares.  The replier's maps stay those of the root when the
        square is well off the replier's best links: a tile there can neither lengthen nor
        shorten them."""
        maps, links = self._node_view[0], self._node_view[1]
        cached = self._cached_links
        free = -1
        for i in range(_CACHED):
            if self._cached_cells[i] == square:
                for k in range(4):
                    at = (4 * i + k) * CELLS
                    maps[k][:] = self._cached_maps[at:at + CELLS]
                links[0], links[1], links[2] = cached[2 * i], cached[2 * i + 1], game.to_move()
                self._links.sync(game)
                return
            if free < 0 and self._cached_cells[i] == _NO_CELL:
                free = i
        root_maps, root_links = self._root_view[0], self._root_view[1]
        self._map(game, self._node_view, root_maps[2][square] + root_maps[3][square] - 2 - root_links[1] > _FAR_OFF)
        if free >= 0:
            self._cached_cells[free] = square
            for k in range(4):
                at = (4 * free + k) * CELLS
                self._cached_maps[at:at + CELLS] = maps[k]
            cached[2 * free], cached[2 * free + 1] = links[0], links[1]

    def candidates(self, count):
        """Deeper in the tree: the mover's tiles that fit on the best squares of the position (for
        a reply to the root's move, those of the root) and around the tile just placed."""
        game = self.game
        history = game.history
        if game.winner() != ONGOING or self._root[0] is not game or len(history) <= self._root[1]:
            return None  # not inside a search from order(): list and order all moves
        last = history[-1]
        view = self._node_view
        if self._root[1] < _OPENING:  # no threats yet: the first moves are judged at one ply
            value = self._one_ply(last)
            if len(history) == self._root[1] + 1 and value != LINK_NOW:
                self._pruned[0], self._pruned[1], self._pruned[2] = 1, last, value
            return []
        if len(history) == self._root[1] + 1 and last != PASS:
            if self._plies == 2:
                out = self._refuted(game, last)
                if out is not None:
                    return out
            self._map_reply(game, placed_cell(last))
        else:
            self._map(game, view)
        squares = self._rank(game, count * _SQUARES_PER_MOVE, view)
        if last != PASS:  # the squares around the tile just placed, too
            board, base = game.board, placed_cell(last) * 4
            for k in range(4):
                n = NEIGHBOURS[base + k]
                if n != _NO_CELL and not board[n] and not self._listed(n, squares):
                    self._squares[squares] = n
                    squares += 1
        out = self._best_moves(game, view, squares, count)
        if not out:  # nothing fits there: the tiles on every square (not order(): the root's)
            board, squares = game.board, 0
            for c in range(CELLS):
                if not board[c]:
                    self._squares[squares] = c
                    squares += 1
            out = self._best_moves(game, view, squares, count)
        return out if out else [PASS]
