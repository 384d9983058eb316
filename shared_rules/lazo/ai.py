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

from shared_rules.ai import MAX_PLY, Level, Tuner as SearchTuner, best_first, keep_best, tuned_levels
from shared_rules.lazo.rules import LEVEL1, N_SPACES, ROW_OF, SLOT_MASK, SLOT_OFFSET, SPLIT_LINK

# Normal looks three plies deep, narrowly: its own next tile answers the reply that blocks; easy
# two, with a little noise (one ply is only as strong as a greedy player; the matches behind the
# widths: docs/bench_notes.md).
LEVELS = tuned_levels(
    easy=Level(device_seconds=1.0, max_nodes=40, widths=(6, 3), noise=10),
    normal=Level(device_seconds=2.4, max_nodes=80, widths=(6, 3, 3)),
    hard=Level(device_seconds=9.0, max_nodes=800, widths=(8, 5, 4, 3)),
)

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

_THREATS = const(4)  # _tally(): per player, his first threats kept
_MADE = const(128)  # the root's moves that make a threat or a latent win, at most, listed


def win_candidates(game, moves):
    """The moves that may win on the spot (ai.py plays them before any search): the tiles that
    may close a loop, and every move once at most one board hole is left (the opponent may then
    be left without a move)."""
    if game.holes_left() <= 1:
        return moves
    player = game.to_move()
    return [m for m in moves if game.may_loop(m, player)]


def _more(made, add):
    """Adds a threat (1) or a latent win (4) to a count of both (two bits each, at most 3)."""
    if add == 1:
        return made + 1 if made & 3 < 3 else made
    return made + 4 if made < 12 else made


def _tile_value(cells, s):
    colour = cells[s]
    value = _UPPER
    row = ROW_OF[s] * 12
    for slot in (6, 7, 8):  # the three spaces it rests on
        under = cells[s + SLOT_OFFSET[row + slot]]
        if under and under != colour:
            value += _ARCH
    return value


class _Work:
    """What a search works in (about 9 KB of arrays and its counters), allocated once: each
    Tuner takes it over from the previous one (one search at a time), clearing first what that
    one left there.  A Tuner holds only the game and this object, so that building one per
    search allocates next to nothing."""

    def __init__(self):
        # The search line's winning spaces: bit colour = a tile of that colour there would make
        # a loop; the spaces with bits in the root position.
        self.bits = bytearray(N_SPACES)
        # (A list that only grows: each search overwrites its first win_len entries, so that no
        # search allocates or frees it.)
        self.win_spaces = []
        self.win_len = 0
        self.root_length = 0  # the game's history at the root
        # The tiles' value (below) of Black less White's at the root; a tile's value never
        # changes (tiles never move), so evaluate() adds only the tiles placed since.
        self.root_value = 0
        # Per player p at p * _RANK, the best moves in the root position, best first.
        self.rank_moves = array("H", bytes(4 * _RANK))
        self.rank_scores = array("i", bytes(8 * _RANK))
        self.rank_len = bytearray(2)
        self.rank_all = bytearray(2)  # 1 when the ranking holds every legal move of that player
        # Per ply of the search line: the tile placed, its value for Black, and the empty spaces
        # around it (12 at most) with their bits before the segment changed them.
        self.seg_tile = array("H", bytes(2 * MAX_PLY))
        self.seg_value = array("h", bytes(2 * MAX_PLY))
        self.seg_spaces = array("H", bytes(24 * MAX_PLY))
        self.seg_old = bytearray(12 * MAX_PLY)
        self.seg_len = bytearray(MAX_PLY)
        self.seg_count = 0  # segments on the stack
        # scan(): the empty spaces next to the search's tiles, marked with the scan's stamp.
        # The stamps go on from search to search, so no mark of one is taken for another's.
        self.near = bytearray(N_SPACES)
        self.near_list = array("H", bytes(24 * MAX_PLY))
        self.near_len = 0
        self.stamp = 0
        # evaluate(): threats, latent wins and openers of Black, White; the latent wins' missing
        # supports seen so far (space * 2 + player); each player's first threats.
        self.counts = array("H", bytes(12))
        self.openers = array("H", bytes(2 * _OPENERS))
        self.openers_len = 0
        self.threats = array("H", bytes(4 * _THREATS))
        self.threats_len = bytearray(2)
        # What a move would make: threats (low 2 bits), latent wins (next 2 bits), each at most
        # 3; per player p at p * N_SPACES in the root position (the entries set listed), and for
        # the mover next to the search's tiles (fresh_made, valid where fresh holds the scan's
        # stamp).
        self.makes = bytearray(2 * N_SPACES)
        self.made_list = array("H", bytes(2 * _MADE))
        self.made_len = 0
        self.fresh = bytearray(N_SPACES)
        self.fresh_made = bytearray(N_SPACES)
        self.touched = array("H", bytes(2 * (N_SPACES - LEVEL1)))  # upper spaces touching a tile
        self.top_scores = array("i", bytes(4 * _TOP))
        self.top_moves = array("H", bytes(2 * _TOP))

    def clear(self):
        """Takes off what the last search left (the next one starts from zeros)."""
        self.pop_segments(0)
        bits, makes, made_list = self.bits, self.makes, self.made_list
        win_spaces = self.win_spaces
        for i in range(self.win_len):
            bits[win_spaces[i]] = 0
        self.win_len = 0
        for i in range(self.made_len):
            makes[made_list[i]] = 0
        self.made_len = 0

    def pop_segments(self, keep):
        """Takes the segments from ply `keep` on off the stack, restoring the bits they
        changed."""
        bits, seg_spaces = self.bits, self.seg_spaces
        seg_old, seg_len = self.seg_old, self.seg_len
        for ply in range(self.seg_count - 1, keep - 1, -1):
            for q in range(ply * 12 + seg_len[ply] - 1, ply * 12 - 1, -1):
                bits[seg_spaces[q]] = seg_old[q]
        if self.seg_count > keep:
            self.seg_count = keep

    def new_stamp(self):
        stamp = self.stamp + 1
        if stamp > 255:
            near, fresh = self.near, self.fresh
            for s in range(N_SPACES):
                near[s] = 0
                fresh[s] = 0
            stamp = 1
        self.stamp = stamp
        self.near_len = 0
        return stamp


_work = []  # the one _Work, made with the first Tuner


class Tuner(SearchTuner):
    """One search's tuning (ai.py): the winning spaces of its line and the root's rankings, kept
    in the module's one _Work (`work`)."""
    LEVELS = LEVELS
    win_candidates = staticmethod(win_candidates)  # (ai.py) asked before a Tuner is built

    def __init__(self, game, level):
        """Every space where a tile of either colour would make a loop now, and each player's
        ranking of his moves."""
        self.game = game
        if not _work:
            _work.append(_Work())
        work = self.work = _work[0]
        work.clear()
        cells, adjacent = game.cells, game.adjacent
        history = game.history
        work.root_length = len(history)
        value = 0
        for s in history:
            if s >= LEVEL1:
                tile = _tile_value(cells, s)
                value += tile if cells[s] == 1 else -tile
        work.root_value = value
        stamp = work.new_stamp()  # no space is next to a search tile yet
        bits, touched, win_spaces = work.bits, work.touched, work.win_spaces
        n = wins = 0  # the empty upper spaces touching a tile: the only ones that matter
        for s in range(LEVEL1, N_SPACES):
            if cells[s] or not (adjacent[s] or adjacent[N_SPACES + s]):
                continue
            touched[n] = s
            n += 1
            for player in (0, 1):
                if adjacent[player * N_SPACES + s] and self._look_at(s, player, stamp, True):
                    if not bits[s]:
                        if wins < len(win_spaces):
                            win_spaces[wins] = s
                        else:
                            win_spaces.append(s)
                        wins += 1
                    bits[s] |= player + 1
        work.win_len = wins
        self._rank_root(touched, n)

    def _look_at(self, s, player, stamp, root):
        """Whether a tile of `player` on the empty upper space s would make a loop now (asked at
        the root only; the search keeps its own answers); and which moves next to s would make
        s win for him (a threat, or a latent win while s lacks a support): those whose tile
        splits the own link of s (the loop test's first question, SPLIT_LINK) are asked the
        whole question.  What they make goes to the work's makes (root) or fresh_made."""
        game = self.game
        cells, supported, adjacent = game.cells, game.supported, game.adjacent
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
        work = self.work
        mine = player * N_SPACES
        for d in range(9):
            if not free >> d & 1:
                continue
            both = own | 1 << d
            if not SPLIT_LINK[both >> 3] >> (both & 7) & 1:
                continue
            u = s + SLOT_OFFSET[row + d]
            if u >= LEVEL1 and (supported[u] != 3 or not adjacent[mine + u]):
                continue  # not a legal move
            cells[u] = colour
            loop = game.would_loop(s, player)
            cells[u] = 0
            if not loop:
                continue
            made = 1 if supported[s] + (1 if d >= 6 else 0) == 3 else 4
            if root:
                makes = work.makes
                key = mine + u
                old = makes[key]
                if not old:
                    if work.made_len == _MADE:
                        continue  # no room to list it for the next clean-up: not kept
                    work.made_list[work.made_len] = key
                    work.made_len += 1
                makes[key] = _more(old, made)
            else:
                fresh, fresh_made = work.fresh, work.fresh_made
                if fresh[u] != stamp:
                    fresh[u] = stamp
                    fresh_made[u] = 0
                fresh_made[u] = _more(fresh_made[u], made)
        return False

    def _rank_root(self, touched, count):
        """Both players' rankings of their moves in the root position: the board holes, then
        the first `count` upper spaces of `touched` (those touching a tile, in index order)."""
        game, work = self.game, self.work
        cells, supported, adjacent = game.cells, game.supported, game.adjacent
        moves, scores = work.rank_moves, work.rank_scores
        last0, last1 = _RANK - 1, 2 * _RANK - 1
        kept0 = kept1 = legal0 = legal1 = 0
        for i in range(LEVEL1 + count):
            s = i if i < LEVEL1 else touched[i - LEVEL1]
            if cells[s]:
                continue
            touch0, touch1 = adjacent[s], adjacent[N_SPACES + s]
            if s >= LEVEL1:
                if supported[s] != 3:
                    continue
            elif not (touch0 or touch1):
                # A board hole touching no tile: score 0 for both (nothing around it to make)
                legal0 += 1
                legal1 += 1
                if kept0 < _RANK:
                    kept0 = keep_best(moves, scores, 0, kept0, _RANK, s, 0)
                if kept1 < _RANK:
                    kept1 = keep_best(moves, scores, _RANK, kept1, _RANK, s, 0)
                continue
            if s < LEVEL1 or touch0:
                legal0 += 1
                score = self._move_score(s, 0)
                if kept0 < _RANK or score > scores[last0]:
                    kept0 = keep_best(moves, scores, 0, kept0, _RANK, s, score)
            if s < LEVEL1 or touch1:
                legal1 += 1
                score = self._move_score(s, 1)
                if kept1 < _RANK or score > scores[last1]:
                    kept1 = keep_best(moves, scores, _RANK, kept1, _RANK, s, score)
        rank_len, rank_all = work.rank_len, work.rank_all
        rank_len[0], rank_len[1] = kept0, kept1
        rank_all[0] = 1 if legal0 == kept0 else 0
        rank_all[1] = 1 if legal1 == kept1 else 0

    # --- the search line's segments --------------------------------------------------------------
    def _scan(self):
        """Brings the segments in line with the game's tiles since the root and marks the empty
        spaces next to those tiles (the work's near, near_list); returns the mark."""
        game, work = self.game, self.work
        cells, history = game.cells, game.history
        root = work.root_length
        depth = len(history) - root
        seg_tile = work.seg_tile
        same = 0
        while same < work.seg_count and same < depth and seg_tile[same] == history[root + same]:
            same += 1
        work.pop_segments(same)
        for ply in range(same, depth):
            self._push_segment(ply, history[root + ply])
        stamp = work.new_stamp()
        near, near_list = work.near, work.near_list  # (pairs: a longer tuple is allocated)
        seg_len, seg_spaces = work.seg_len, work.seg_spaces
        n = 0
        for ply in range(depth):
            for q in range(ply * 12, ply * 12 + seg_len[ply]):
                s = seg_spaces[q]
                if not cells[s] and near[s] != stamp:
                    near[s] = stamp
                    near_list[n] = s
                    n += 1
        work.near_len = n
        return stamp

    def _push_segment(self, ply, t):
        """The tile t (ply `ply` of the line): its empty neighbours, and its colour's bits
        there."""
        game, work = self.game, self.work
        cells, adjacent = game.cells, game.adjacent
        bits, seg_spaces, seg_old = work.bits, work.seg_spaces, work.seg_old
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
            old = bits[s]
            seg_spaces[q] = s
            seg_old[q] = old
            q += 1
            if s < LEVEL1:
                continue  # no loop closes on the board
            # The loop test's first question here, before asking the whole test.
            loop = adjacent[player * N_SPACES + s] >= 2 and game.may_loop(s, player) and game.would_loop(s, player)
            bits[s] = old | colour if loop else old & ~colour
        work.seg_len[ply] = q - ply * 12
        work.seg_tile[ply] = t
        value = _tile_value(cells, t) if t >= LEVEL1 else 0
        work.seg_value[ply] = value if colour == 1 else -value
        work.seg_count = ply + 1

    # --- evaluation ------------------------------------------------------------------------------
    def evaluate(self, player):
        game, work = self.game, self.work
        self._tally(self._scan())
        counts = work.counts
        mine, yours = counts[player], counts[1 - player]
        score = (_LATENT * (counts[2 + player] - counts[3 - player]) +
                 _OPENER * (counts[4 + player] - counts[5 - player]))
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
        value = work.root_value
        seg_value = work.seg_value
        for ply in range(len(game.history) - work.root_length):
            value += seg_value[ply]
        return score + value if player == 0 else score - value

    def _tally(self, stamp):
        """Counts the winning spaces of the search line's position in the work's counts (see
        _count_win) and lists each player's first threats (threats)."""
        cells = self.game.cells
        work = self.work
        bits, near = work.bits, work.near
        near_list, counts = work.near_list, work.counts
        for i in range(6):
            counts[i] = 0
        work.openers_len = 0
        work.threats_len[0] = work.threats_len[1] = 0
        for i in range(work.near_len):
            s = near_list[i]
            if bits[s]:
                self._count_win(s)
        win_spaces = work.win_spaces
        for i in range(work.win_len):
            s = win_spaces[i]
            if bits[s] and not cells[s] and near[s] != stamp:
                self._count_win(s)

    def _count_win(self, s):
        """Counts the winning space s in the work's counts: a threat when it is supported (two
        when the opponent may not block it), else a latent win, and an opener when its one
        missing support also opens another latent win of the same colour (one tile there makes
        two threats)."""
        game, work = self.game, self.work
        cells, supported, adjacent = game.cells, game.supported, game.adjacent
        counts = work.counts
        bits = work.bits[s]
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
                        opens |= work.bits[above]
            if bits & 1:
                counts[0] += 2 if opens & 1 or not adjacent[N_SPACES + s] else 1
            if bits & 2:
                counts[1] += 2 if opens & 2 or not adjacent[s] else 1
            threats, threats_len = work.threats, work.threats_len
            for player in (0, 1):
                n = threats_len[player]
                if bits >> player & 1 and n < _THREATS:
                    threats[player * _THREATS + n] = s
                    threats_len[player] = n + 1
            return
        counts[2] += bits & 1
        counts[3] += bits >> 1
        if missing > 1:
            return
        m = 0
        row = ROW_OF[s] * 12
        for slot in (6, 7, 8):  # an upper space has all three
            m = s + SLOT_OFFSET[row + slot]
            if not cells[m]:
                break
        openers = work.openers
        n = work.openers_len
        for player in (0, 1):
            if bits >> player & 1:
                key = m * 2 + player
                for i in range(n):
                    if openers[i] == key:
                        counts[4 + player] += 1
                        break
                else:
                    if n < _OPENERS:
                        openers[n] = key
                        n += 1
        work.openers_len = n

    # --- move ordering ---------------------------------------------------------------------------
    def order(self, moves, count):
        """The moves best first: wins, blocks, threats opened, then tiles above the board on the
        opponent's; tiles that open an opposing latent win last."""
        self._scan()
        player = self.game.to_move()
        scores = [0] * len(moves)
        for i in range(len(moves)):
            scores[i] = self._move_score(moves[i], player)
        return best_first(moves, scores, count)

    def candidates(self, count):
        """The `count` best moves (as order() ranks them) from the root's ranking of the side to
        move, with only the spaces next to the search's tiles rescored; None when the ranking is
        too short (then the search lists and orders every move)."""
        if count > _TOP:
            return None
        game, work = self.game, self.work
        cells, supported, adjacent = game.cells, game.supported, game.adjacent
        player = game.to_move()
        stamp = self._scan()
        self._tally(stamp)
        threats, threats_len = work.threats, work.threats_len
        if threats_len[player]:
            return [threats[player * _THREATS]]  # a win now
        n = threats_len[1 - player]
        if n:  # forced: a block (with two threats any block loses as well as another)
            for i in range(n):
                s = threats[(1 - player) * _THREATS + i]
                if adjacent[player * N_SPACES + s]:
                    return [s]
            return []  # no block is legal: lost
        rank_moves, rank_scores = work.rank_moves, work.rank_scores
        top_moves, top_scores = work.top_moves, work.top_scores
        near, near_list, bits = work.near, work.near_list, work.bits
        kept = 0
        base = player * _RANK
        end = base + work.rank_len[player]
        q = base
        while q < end and kept < count:
            s = rank_moves[q]
            if not cells[s] and near[s] != stamp:  # unchanged since the root
                kept = keep_best(top_moves, top_scores, 0, kept, count, s, rank_scores[q])
            q += 1
        if kept < count and not work.rank_all[player]:
            return None  # the moves below the ranking are unknown
        mine = player * N_SPACES
        near_len = work.near_len
        for i in range(near_len):
            s = near_list[i]
            if s >= LEVEL1 and adjacent[mine + s] and not bits[s] & (player + 1):
                self._look_at(s, player, stamp, False)
        for i in range(near_len):
            s = near_list[i]
            if s < LEVEL1 or (supported[s] == 3 and adjacent[mine + s]):
                kept = keep_best(top_moves, top_scores, 0, kept, count, s, self._move_score(s, player))
        if not kept:
            return None
        out = [0] * kept
        for i in range(kept):
            out[i] = top_moves[i]
        return out

    def _move_score(self, s, player):
        """How good a tile of `player` on s looks in the search line's position."""
        game, work = self.game, self.work
        cells, supported, adjacent = game.cells, game.supported, game.adjacent
        bits = work.bits
        me = player + 1
        you = 3 - me
        score = 2 * adjacent[player * N_SPACES + s] + adjacent[(1 - player) * N_SPACES + s]
        mask = SLOT_MASK[s]
        row = ROW_OF[s] * 12
        if s >= LEVEL1:
            score += 4 * _UPPER
            for slot in (6, 7, 8):
                if cells[s + SLOT_OFFSET[row + slot]] == you:
                    score += 4 * _ARCH
        here = bits[s]
        if here & me:
            score += _WIN_NOW
        if here & you:
            score += _BLOCK
        made = work.fresh_made[s] if work.fresh[s] == work.stamp else work.makes[player * N_SPACES + s]
        if made:
            threats = made & 3
            score += (_MAKES_TWO if threats > 1 else _MAKES_ONE * threats) + _MAKES_LATENT * (made >> 2)
        for slot in (9, 10, 11):  # the spaces s supports: does s complete one of them?
            if not mask >> slot & 1:
                continue
            above = s + SLOT_OFFSET[row + slot]
            if supported[above] == 2 and not cells[above]:
                above_bits = bits[above]
                if above_bits & you:
                    score += _GIFT
                elif above_bits & me:
                    score += _OPEN_THREAT
        return score
