# Throngs (Dale W. Walton, 2019).  Rules as implemented, with rulings: docs/rules/throngs.md.
#
# Decisions follow Ludii's granularity, so positions compare with Ludii's reference vectors:
# a maneuver is one decision (deploy with nothing left to dispatch, capture, pass) or two: a
# selection (deploy / capture / pick up own stone) that leaves a stone "in flight" with some
# power, then its destination.  A turn is two maneuvers by the same player.
#
# State: the board (0 empty, 1 Black, 2 White per site), per-site counts kept up to date on every
# stone change (`near`: 8 + Black - White stones in the vicinity, so a potential costs one read;
# Black and White neighbours, for the score and "has an empty neighbour"), and a handful of small
# ints.  Undo pushes those ints packed into two words per decision; the stone changes are implied
# by the decision itself.
#
# Beyond the Game protocol, for the app and the AI: potential(site), flight() (the stone in flight
# and its power left), maneuver(), score(player, marks), colour_score(colour, marks) (the same by
# colour), colour_of(player), player_of(colour), site_xy(site), extent(), neighbours(site),
# illegal_reason(move), enemy_next_to_empty(...), forced_pass(); the
# state read directly (read-only): n, board, near, black_nbrs, white_nbrs, nbrs, degree, mover,
# phase, fly_site, fly_power, fly_kind, setup, original, idle, deployed, first_passed,
# must_deploy, trail; moves are built by destination(site) and choice(colour), read with KIND_MASK and
# SITE_MASK.
from micropython import const

from shared_rules.game import Game, GameError, ONGOING, DRAW, clip, number_of
from shared_rules.throngs.boards import board as board_tables, NO_SITE

EMPTY = const(0)
BLACK = const(1)
WHITE = const(2)

# Decisions are ints: kind | site.
DEPLOY = const(0x100)  # P@s   place a stone on empty site s
CAPTURE = const(0x200)  # x@s   replace the enemy stone on s
MOVE = const(0x300)  # s     pick up own stone s to dispatch it
DEST = const(0x400)  # -d    the stone in flight ends on d (its own site: it stays)
PASS = const(0x500)  # pass  the whole maneuver
PLACE_BLACK = const(0x600)  # B@s   pie setup: a Black stone on s
PLACE_WHITE = const(0x700)  # W@s   pie setup: a White stone on s
CHOOSE = const(0x800)  # black / white: pie choice, CHOOSE | colour
KIND_MASK = const(0xF00)
SITE_MASK = const(0xFF)



def destination(site):
    """The decision that ends the flight of the stone in flight on `site`."""
    return DEST | site


def choice(colour):
    """The pie start's choice of `colour` (BLACK or WHITE) by the second player."""
    return CHOOSE | colour


# Setup steps of the pie start; standard games start at PLAYING.
_PLACE_WHITE_STEP = const(2)
_CHOOSE_STEP = const(3)
PLAYING = const(4)

NEAR_ZERO = const(8)  # `near` holds 8 + Black - White so it stays a positive byte
_FORCE_AT = const(4)  # original rules: no move or pass once the counter reaches this
_DIRECTIONS = const(6)
_MAX_POWER = const(7)
# Per direction (E, NNE, NNW, W, SSW, SSE) its grid step in site_xy's units, plus (2, 1).
_GRID_STEP = b"\x04\x01\x03\x00\x01\x00\x00\x01\x01\x02\x03\x02"
# Original rules: the last decisions, newest first, 2 bits each (mover - 1, pass), above a count.
_TRAIL_KEPT = const(5)  # Ludii's "all passed" test reads at most this far back
_TRAIL_COUNT = const(7)
_TRAIL_SHIFT = const(3)
_TRAIL_MASK = const(0x3FF)


class Throngs(Game):
    NAME = "throngs"
    PLAYERS = ("Black", "White")
    OPTIONS = {
        "board": ("63", "93", "87", "153", "torus81", "perforated54"),
        "ruleset": ("seed", "original"),
        "start": ("standard", "pie"),
    }

    def __init__(self, options=None):
        Game.__init__(self, options)
        n, steps, xs, ys, black, white = board_tables(self.options["board"])
        self.n = n
        self.steps = steps
        self.xs = xs
        self.ys = ys
        self.original = self.options["ruleset"] == "original"
        # The torus has no fixed start (it would favour whoever the wrap favours): always the pie.
        self.pie = self.options["start"] == "pie" or not black
        # Neighbour lists: site i's neighbours are nbrs[6 * i : 6 * i + degree[i]].
        degree = bytearray(n)
        nbrs = bytearray(_DIRECTIONS * n)
        for i in range(n):
            for d in range(_DIRECTIONS):
                j = steps[i * _DIRECTIONS + d]
                if j != NO_SITE:
                    nbrs[i * _DIRECTIONS + degree[i]] = j
                    degree[i] += 1
        self.degree = bytes(degree)
        self.nbrs = bytes(nbrs)
        self.board = bytearray(n)
        self.near = bytearray(n)
        self.black_nbrs = bytearray(n)  # per site: its Black neighbours (the score and empty
        self.white_nbrs = bytearray(n)  # neighbours = degree - Black - White, without a scan)
        self._dist = bytearray(n)  # scratch: cheapest route cost of each site (dispatch)
        self._bucket = bytearray((_MAX_POWER + 1) * n)  # scratch: sites by route cost
        self._bucket_len = bytearray(_MAX_POWER + 1)
        self._unreached = bytes([NO_SITE]) * n
        self._reach_valid = False  # _dist describes the current stone in flight
        self.must_deploy = bytearray(3)  # seed rules, by colour: passed its whole last turn
        self.counter = bytearray(3)  # original rules, by colour: Ludii's counter + 1
        self._undo_stack = []
        self._black_start = black
        self._white_start = white
        self._reset()

    def _reset(self):
        board = self.board
        near = self.near
        for i in range(self.n):
            board[i] = EMPTY
            near[i] = NEAR_ZERO
            self.black_nbrs[i] = 0
            self.white_nbrs[i] = 0
        self.mover = BLACK
        self.phase = 0  # 0: first maneuver of the turn, 1: second
        self.fly_site = NO_SITE
        self.fly_power = 0
        self.fly_kind = 0  # DEPLOY, CAPTURE or MOVE >> 8 while a stone is in flight
        self.first_passed = 0  # this turn's first maneuver was a pass
        self.deployed = 0  # this turn has deployed (seed forcing)
        self.last_full_pass = 0  # the previous turn was passed whole
        self.idle = 0  # seed rules: the turn under way began with no deploy, capture or move
        # Original rules: the last decisions (_TRAIL_*), for Ludii's "all passed"; Ludii's trial
        # begins with its start moves, by the first player.
        self.trail = _TRAIL_KEPT if self.original else 0
        for c in (BLACK, WHITE):
            self.must_deploy[c] = 0
            self.counter[c] = 0  # Ludii's counter starts at -1
        self.result = ONGOING
        self.swapped = 0  # 1 when the pie choice gave seat 0 White
        self._reach_valid = False
        self.history = []
        self._undo_stack = []
        if self.pie:
            self.setup = 0
        else:
            self.setup = PLAYING
            for s in self._black_start:
                self._put(s, BLACK)
            for s in self._white_start:
                self._put(s, WHITE)

    # --- stones and potentials -------------------------------------------------------------
    def _put(self, site, colour):
        self.board[site] = colour
        self._count(site, colour, 1)

    def _take(self, site):
        colour = self.board[site]
        self.board[site] = EMPTY
        self._count(site, colour, -1)

    def _count(self, site, colour, delta):
        """A `colour` stone arrives on (delta 1) or leaves (-1) `site`: update the counts around it."""
        near = self.near
        nbrs = self.nbrs
        if colour == BLACK:
            counts = self.black_nbrs
            signed = delta
        else:
            counts = self.white_nbrs
            signed = -delta
        near[site] += signed
        base = site * _DIRECTIONS
        for k in range(base, base + self.degree[site]):
            j = nbrs[k]
            near[j] += signed
            counts[j] += delta

    def potential(self, site, colour=0):
        """Action potential of `site` for `colour` (default: the player to move): own stones in
        its vicinity (the site and its neighbours) minus enemy stones there."""
        if colour == 0:
            colour = self.mover
        p = self.near[site] - NEAR_ZERO
        return p if colour == BLACK else -p

    def _has_empty_neighbour(self, site):
        return self.degree[site] > self.black_nbrs[site] + self.white_nbrs[site]

    def _deploy_power(self, site):
        """Power left after deploying on empty `site`, or -1 when deploying there is illegal."""
        p = self.potential(site)
        if p >= 1:
            return p - 1
        # Original rules: the cost is waived on a neutral site with no empty neighbour.
        if self.original and p == 0 and not self._has_empty_neighbour(site):
            return 0
        return -1

    # --- dispatch: steps and jumps ---------------------------------------------------------------
    def _can_leave(self, site, power):
        """True when the stone on `site` has some destination within `power` (power >= 1)."""
        if self._has_empty_neighbour(site):
            return True
        steps = self.steps
        board = self.board
        for d in range(_DIRECTIONS):
            j = steps[site * _DIRECTIONS + d]
            if j == NO_SITE:
                continue
            cost = 1
            while board[j] != EMPTY:  # a jump: one action per site crossed or reached
                cost += 1
                if cost > power:
                    break
                j = steps[j * _DIRECTIONS + d]
                if j == NO_SITE:
                    break
            else:
                return True
        return False

    def _reach(self, start, power):
        """Fills _dist with each site's cheapest route cost from `start` (NO_SITE: none within
        `power`).  Routes are steps to an adjacent empty site (cost 1) and straight jumps over k
        occupied sites to the empty site beyond (cost k + 1); direction changes only on the
        empty sites where steps and jumps end.  `start` stays occupied while routes are found."""
        n = self.n
        steps = self.steps
        board = self.board
        dist = self._dist
        bucket = self._bucket
        size = self._bucket_len
        dist[:] = self._unreached
        for level in range(power + 1):
            size[level] = 0
        dist[start] = 0
        bucket[0] = start
        size[0] = 1
        for level in range(power):  # Dijkstra with one bucket per route cost
            base = level * n
            k = 0
            while k < size[level]:
                s = bucket[base + k]
                k += 1
                if dist[s] != level:  # reached more cheaply since it was queued
                    continue
                for d in range(_DIRECTIONS):
                    j = steps[s * _DIRECTIONS + d]
                    if j == NO_SITE:
                        continue
                    cost = level + 1
                    while board[j] != EMPTY:
                        cost += 1
                        if cost > power:
                            break
                        j = steps[j * _DIRECTIONS + d]
                        if j == NO_SITE:
                            break
                    else:
                        if cost < dist[j]:
                            dist[j] = cost
                            if cost < power:
                                bucket[cost * n + size[cost]] = j
                                size[cost] += 1
        self._reach_valid = True

    # --- the protocol --------------------------------------------------------------------------------
    def to_move(self):
        if self.setup < _CHOOSE_STEP:
            return 0
        if self.setup == _CHOOSE_STEP:
            return 1
        return (self.mover - 1) ^ self.swapped

    def colour_of(self, player):
        """BLACK or WHITE: the colour seat `player` plays (the pie choice may swap them)."""
        return (player ^ self.swapped) + 1

    def player_name(self, player):
        return self.PLAYERS[self.colour_of(player) - 1]

    def player_of(self, colour):
        return (colour - 1) ^ self.swapped

    def winner(self):
        return self.result

    def flight(self):
        """(site, power left, kind DEPLOY/CAPTURE/MOVE) of the stone in flight, or None."""
        if self.fly_site == NO_SITE:
            return None
        return (self.fly_site, self.fly_power, self.fly_kind << 8)

    def maneuver(self):
        """1 or 2: which maneuver of the turn the player to move is making."""
        return self.phase + 1

    def _restriction(self):
        """At the start of a maneuver: 0 anything goes, 1 no move or pass (Ludii's counter),
        2 deploy only (seed rules: the turn after a fully passed one must deploy)."""
        c = self.mover
        if self.original:
            return 1 if self.counter[c] > _FORCE_AT else 0
        if self.phase == 1 and self.must_deploy[c] and not self.deployed and self._any_deployment():
            return 2
        return 0

    def _any_deployment(self):
        """True when the mover can deploy or capture (a capture places a stone: the seed's
        "Capture + Deployment")."""
        board = self.board
        enemy = 3 - self.mover
        for i in range(self.n):
            v = board[i]
            if v == EMPTY:
                if self._deploy_power(i) >= 0:
                    return True
            elif v == enemy and self.potential(i) >= 2:
                return True
        return False

    def _any_action(self):
        """True when the mover has a deploy, capture or move (anything but a pass)."""
        if self._any_deployment():
            return True
        board = self.board
        mover = self.mover
        for i in range(self.n):
            if board[i] == mover:
                p = self.potential(i)
                if p >= 1 and self._can_leave(i, p):
                    return True
        return False

    def legal_moves(self):
        if self.result != ONGOING:
            return []
        out = []
        board = self.board
        n = self.n
        if self.setup < PLAYING:
            if self.setup == _CHOOSE_STEP:
                return [CHOOSE | BLACK, CHOOSE | WHITE]
            kind = PLACE_WHITE if self.setup == _PLACE_WHITE_STEP else PLACE_BLACK
            for i in range(n):
                if board[i] == EMPTY:
                    out.append(kind | i)
            return out
        if self.fly_site != NO_SITE:
            start = self.fly_site
            power = self.fly_power
            if not self._reach_valid:
                self._reach(start, power)
            dist = self._dist
            for i in range(n):
                if dist[i] <= power and (i != start or self.fly_kind != MOVE >> 8):
                    out.append(DEST | i)
            return out
        c = self.mover
        near = self.near
        sign = 1 if c == BLACK else -1
        restriction = self._restriction()
        may_move = restriction == 0
        waiver = self.original
        degree = self.degree
        black_nbrs = self.black_nbrs
        white_nbrs = self.white_nbrs
        for i in range(n):
            v = board[i]
            p = (near[i] - NEAR_ZERO) * sign
            if v == EMPTY:
                if p >= 1 or (waiver and p == 0 and degree[i] == black_nbrs[i] + white_nbrs[i]):
                    out.append(DEPLOY | i)
            elif v == c:
                # A stone with an empty neighbour can always step; otherwise look for a jump.
                if may_move and p >= 1 and (degree[i] > black_nbrs[i] + white_nbrs[i] or self._can_leave(i, p)):
                    out.append(MOVE | i)
            elif p >= 2:
                out.append(CAPTURE | i)
        if may_move or (waiver and not out):
            out.append(PASS)  # original rules: Ludii's engine passes for a player with no decision
        return out

    def illegal_reason(self, move):
        """None when `move` is legal now, else why not (one short sentence)."""
        if self.result != ONGOING:
            return "the game is over"
        kind = move & KIND_MASK
        site = move & SITE_MASK
        board = self.board
        if (move < 0 or kind == 0 or move > (CHOOSE | WHITE) or (kind <= PLACE_WHITE and site >= self.n)
                or (kind == PASS and site != 0)):
            return "no such move"
        if self.setup < PLAYING:
            if self.setup == _CHOOSE_STEP:
                if move == CHOOSE | BLACK or move == CHOOSE | WHITE:
                    return None
                return "choose the colour to play: black or white"
            want = PLACE_WHITE if self.setup == _PLACE_WHITE_STEP else PLACE_BLACK
            if kind != want:
                return "pie setup: place a %s stone next (%s@site)" % (
                    "White" if want == PLACE_WHITE else "Black", "W" if want == PLACE_WHITE else "B")
            return None if board[site] == EMPTY else "site %d is not empty" % site
        if kind >= PLACE_BLACK:
            return "the pie setup is over"
        if self.fly_site != NO_SITE:
            if kind != DEST:
                return "the stone on %d is in flight: choose its destination" % self.fly_site
            if site == self.fly_site:
                return "a moved stone must end on another site" if self.fly_kind == MOVE >> 8 else None
            if board[site] != EMPTY:
                return "site %d is occupied" % site
            if not self._reach_valid:
                self._reach(self.fly_site, self.fly_power)
            if self._dist[site] > self.fly_power:
                return "no route of at most %d actions reaches %d" % (self.fly_power, site)
            return None
        if kind == DEST:
            return "no stone is in flight"
        restriction = self._restriction()
        if kind == PASS:
            if restriction == 1 and self._any_deployment():
                return "a deployment or capture is due (no deployment for too long)"
            return "a deployment or capture is due (the last turn was passed)" if restriction == 2 else None
        p = self.potential(site)
        v = board[site]
        if kind == DEPLOY:
            if v != EMPTY:
                return "site %d is not empty" % site
            return None if self._deploy_power(site) >= 0 else "potential %d at %d: deploying needs 1" % (p, site)
        if kind == CAPTURE:
            if v != 3 - self.mover:
                return "no enemy stone on %d" % site
            return None if p >= 2 else "potential %d at %d: capturing needs 2" % (p, site)
        # MOVE
        if v != self.mover:
            return "no stone of yours on %d" % site
        if restriction:
            return "a deployment or capture is due before moving again"
        if p < 1:
            return "potential %d at %d: moving needs 1" % (p, site)
        return None if self._can_leave(site, p) else "the stone on %d cannot reach any site" % site

    def play(self, move):
        reason = self.illegal_reason(move)
        if reason is not None:
            raise GameError("illegal move %s: %s" % (self._safe_text(move), reason))
        self._undo_stack.append(self.mover - 1 | self.phase << 1 | self.fly_site << 2 | self.fly_power << 10
                                | self.fly_kind << 13 | self.first_passed << 15 | self.deployed << 16)
        self._undo_stack.append(self.last_full_pass | self.must_deploy[BLACK] << 1 | self.must_deploy[WHITE] << 2
                                | self.counter[BLACK] << 3 | self.counter[WHITE] << 6 | (self.result + 1) << 9
                                | self.setup << 11 | self.swapped << 14 | self.idle << 15 | self.trail << 16)
        self.history.append(move)
        self._reach_valid = False
        kind = move & KIND_MASK
        site = move & SITE_MASK
        c = self.mover
        if self.original and self.setup == PLAYING:
            count = self.trail & _TRAIL_COUNT
            entries = ((self.trail >> _TRAIL_SHIFT) << 2 | (c - 1) | (2 if kind == PASS else 0)) & _TRAIL_MASK
            self.trail = entries << _TRAIL_SHIFT | (count + 1 if count < _TRAIL_KEPT else count)
        if kind == DEPLOY:
            power = self._deploy_power(site)
            self._put(site, c)
            self.deployed = 1
            if self.original:
                self.counter[c] = 1  # Ludii's counter: a deploy sets it to 0 (stored + 1)
            self._after_selection(site, power, kind)
        elif kind == CAPTURE:
            power = self.potential(site) - 2 if self.original else 0  # seed: a capture ends the maneuver
            self.deployed = 1  # seed forcing: "Capture + Deployment" places a stone
            self._take(site)
            self._put(site, c)
            self._after_selection(site, power, kind)
        elif kind == MOVE:
            self._after_selection(site, self.potential(site), kind)
        elif kind == DEST:
            if site != self.fly_site:
                self._take(self.fly_site)
                self._put(site, c)
            selected = self.fly_kind << 8
            self.fly_site = NO_SITE
            self.fly_power = 0
            self.fly_kind = 0
            self._finish_maneuver(selected)
        elif kind == PASS:
            if self.original and self.counter[c] > _FORCE_AT:
                self._forced_pass()
            else:
                self._finish_maneuver(PASS)
        elif kind == PLACE_BLACK or kind == PLACE_WHITE:
            self._put(site, BLACK if kind == PLACE_BLACK else WHITE)
            self.setup += 1
        else:  # CHOOSE: the chooser (seat 1) takes a colour; the side with one stone, White, starts
            self.swapped = 1 if move == CHOOSE | BLACK else 0
            self.setup = PLAYING
            self.mover = WHITE
            self._start_turn()

    def _after_selection(self, site, power, kind):
        # A deployed or capturing stone that could only stay ends the maneuver at once (as in Ludii).
        if power >= 1 and (kind == MOVE or self._can_leave(site, power)):
            self.fly_site = site
            self.fly_power = power
            self.fly_kind = kind >> 8
        else:
            self._finish_maneuver(kind)

    def _finish_maneuver(self, kind):
        c = self.mover
        if self.original and self.counter[c] <= _FORCE_AT:  # Ludii's counter: a maneuver adds 1
            self.counter[c] += 1  # (capped: past the limit only "at or over it" matters)
        passed = 1 if kind == PASS else 0
        if self.phase == 0:
            self.phase = 1
            self.first_passed = passed
        else:
            full_pass = self.first_passed & passed
            if not self.original:
                self.must_deploy[c] = full_pass
            self.last_full_pass = full_pass
            self.mover = 3 - c
            self._start_turn()
            return
        if self.original:
            self._check_end_original()

    def _start_turn(self):
        self.phase = 0
        self.first_passed = 0
        self.deployed = 0
        if self.original:
            self._check_end_original()
            return
        # Seed: "one player starts a turn with a score at least 2 more than half the size of the
        # board" wins; "Play continues until no actions are possible": the mover has no deploy,
        # capture or move, and neither had the opponent when its turn began (it could only pass).
        if 2 * self.colour_score(self.mover) >= self.n + 4:
            self.result = self.player_of(self.mover)
            return
        idle = 0 if self._any_action() else 1
        if idle and self.idle:
            self.result = self._majority()
        self.idle = idle

    def forced_pass(self):
        """True when the only decision of the player to move is Ludii's forced pass (original
        rules: the counter binds and no deployment or capture is possible)."""
        return (self.original and self.result == ONGOING and self.setup == PLAYING and self.fly_site == NO_SITE
                and self.counter[self.mover] > _FORCE_AT and not self._any_deployment())

    def _forced_pass(self):
        """Original rules: Ludii's engine passes for a player left no decision by the counter.  The
        pass is no maneuver (no counter, no phase): the other player moves, in the same phase, so
        a forced second maneuver leaves it one.  When that player has no decision either, nothing
        can change any more (Ludii would pass for ever): the game ends by the score."""
        self.mover = 3 - self.mover
        self._check_end_original()
        if self.result == ONGOING and self.counter[self.mover] > _FORCE_AT and not self._any_deployment():
            self.result = self._by_score()

    def _check_end_original(self):
        """Ludii 1.3.12's end, tested after each maneuver (and forced pass): all players passed
        (_all_passed), or the player about to move has a score of more than half the sites plus
        3; either way the higher score wins."""
        if self._all_passed() or 2 * self.colour_score(self.mover) > self.n + 6:
            self.result = self._by_score()

    def _all_passed(self):
        """Ludii's "all passed" (Context.allPass), read over the trail of decisions: going back
        from the newest, each of the last two turns (a turn: decisions by one player; the newest
        must be the next mover's) must have at most two decisions and begin with a pass."""
        count = self.trail & _TRAIL_COUNT
        if count < 2:
            return False
        entries = self.trail >> _TRAIL_SHIFT
        last = self.mover
        passed = 0
        k = 0
        for _ in range(2):
            in_turn = 0
            while True:
                if k >= count:
                    return passed == 1
                if in_turn > 1:
                    return False
                e = entries >> (2 * k) & 3
                k += 1
                if (e & 1) + 1 != last:
                    if not passed:
                        return False
                    last = (e & 1) + 1
                    passed = e >> 1
                    break
                in_turn += 1
                passed = e >> 1
        return True

    def _by_score(self):
        """Ludii's byScore: the higher score wins, equal scores draw."""
        black = self.colour_score(BLACK)
        white = self.colour_score(WHITE)
        if black == white:
            return DRAW
        return self.player_of(BLACK if black > white else WHITE)

    def _majority(self):
        black = 0
        white = 0
        for v in self.board:
            if v == BLACK:
                black += 1
            elif v == WHITE:
                white += 1
        if black == white:
            return DRAW
        return self.player_of(BLACK if black > white else WHITE)

    def undo(self):
        if not self.history:
            raise GameError("nothing to undo")
        move = self.history.pop()
        cross_turn = self._undo_stack.pop()
        turn = self._undo_stack.pop()
        self.mover = (turn & 1) + 1
        self.phase = turn >> 1 & 1
        self.fly_site = turn >> 2 & 0xFF
        self.fly_power = turn >> 10 & 7
        self.fly_kind = turn >> 13 & 3
        self.first_passed = turn >> 15 & 1
        self.deployed = turn >> 16 & 1
        self.last_full_pass = cross_turn & 1
        self.must_deploy[BLACK] = cross_turn >> 1 & 1
        self.must_deploy[WHITE] = cross_turn >> 2 & 1
        self.counter[BLACK] = cross_turn >> 3 & 7
        self.counter[WHITE] = cross_turn >> 6 & 7
        self.result = (cross_turn >> 9 & 3) - 1
        self.setup = cross_turn >> 11 & 7
        self.swapped = cross_turn >> 14 & 1
        self.idle = cross_turn >> 15 & 1
        self.trail = cross_turn >> 16
        self._reach_valid = False
        kind = move & KIND_MASK
        site = move & SITE_MASK
        if kind == DEPLOY or kind == PLACE_BLACK or kind == PLACE_WHITE:
            self._take(site)
        elif kind == CAPTURE:
            self._take(site)
            self._put(site, 3 - self.mover)
        elif kind == DEST and site != self.fly_site:
            self._take(site)
            self._put(self.fly_site, self.mover)

    # --- score -----------------------------------------------------------------------------------------
    def score(self, player, marks=None):
        """The seed's score of seat `player`: stones and sites it can expect to defend.  With a
        `marks` bytearray (one byte per site), the sites that count are set to 1 there, the
        others to 0."""
        return self.colour_score(self.colour_of(player), marks)

    def colour_score(self, mine, marks=None):
        """score() by colour (BLACK or WHITE): the seed's score of the player who has `mine`."""
        if mine == BLACK:
            own_nbrs = self.black_nbrs
            enemy_nbrs = self.white_nbrs
        else:
            own_nbrs = self.white_nbrs
            enemy_nbrs = self.black_nbrs
        theirs = 3 - mine
        board = self.board
        degrees = self.degree
        total = 0
        for i in range(self.n):
            own = own_nbrs[i]
            v = board[i]
            degree = degrees[i]
            before = total
            if v == mine:  # a safe stone
                enemy = enemy_nbrs[i]
                if degree < 5:
                    if own >= 1 or degree - own - enemy > 2:
                        total += 1
                elif own > 1 or enemy - own < 2:
                    total += 1
            elif v == EMPTY:  # a site that is ours
                if own > 2:
                    if degree < 5:
                        if not self.enemy_next_to_empty(i, theirs, True):
                            total += 1
                    elif enemy_nbrs[i] == 0 or (own > 3 and not self.enemy_next_to_empty(i, theirs, False)):
                        total += 1
            elif 2 * own > 2 + degree:  # an enemy stone we outnumber
                total += 1
            if marks is not None:
                marks[i] = total - before
        return total

    def enemy_next_to_empty(self, site, theirs, edge_counts):
        """True when an enemy stone touches one of `site`'s empty neighbours (or, with
        `edge_counts`, when one of those empty neighbours is an edge site)."""
        board = self.board
        degree = self.degree
        nbrs = self.nbrs
        base = site * _DIRECTIONS
        for k in range(base, base + degree[site]):
            e = nbrs[k]
            if board[e] != EMPTY:
                continue
            if edge_counts and degree[e] < 5:
                return True
            for m in range(e * _DIRECTIONS, e * _DIRECTIONS + degree[e]):
                if board[nbrs[m]] == theirs:
                    return True
        return False

    # --- geometry for the screen ------------------------------------------------------------------
    def site_xy(self, site):
        """(x, y) of `site`: x in half grid steps from the left edge (row neighbours are 2 apart),
        y in rows from the top (rows are sqrt(3) half steps apart on a true triangular grid)."""
        return (self.xs[site], self.ys[site])

    def extent(self):
        """(largest x, largest y) of site_xy over the board."""
        return (max(self.xs), max(self.ys))

    def holes(self):
        """(x, y) in site_xy's units of the board's holes: grid points that are no site, between
        two sites of one line (Perforated 54's; the other boards have none)."""
        where = set()
        for i in range(self.n):
            where.add(self.xs[i] << 8 | self.ys[i])
        out = []
        for i in range(self.n):
            for d in range(_DIRECTIONS):
                if self.steps[i * _DIRECTIONS + d] == NO_SITE:
                    dx, dy = _GRID_STEP[2 * d] - 2, _GRID_STEP[2 * d + 1] - 1
                    x, y = self.xs[i] + dx, self.ys[i] + dy
                    if 0 <= x + dx and 0 <= y + dy and ((x + dx) << 8 | (y + dy)) in where and (x, y) not in out:
                        out.append((x, y))
        return out

    def neighbours(self, site):
        return self.nbrs[site * _DIRECTIONS:site * _DIRECTIONS + self.degree[site]]

    # --- text ------------------------------------------------------------------------------------------
    def move_to_text(self, move):
        kind = move & KIND_MASK
        site = move & SITE_MASK
        if kind == DEPLOY:
            return "P@%d" % site
        if kind == CAPTURE:
            return "x@%d" % site
        if kind == MOVE:
            return "%d" % site
        if kind == DEST:
            return "-%d" % site
        if kind == PASS:
            return "pass"
        if kind == PLACE_BLACK:
            return "B@%d" % site
        if kind == PLACE_WHITE:
            return "W@%d" % site
        if move == CHOOSE | BLACK:
            return "black"
        if move == CHOOSE | WHITE:
            return "white"
        raise GameError("no such move: %d" % move)

    def _safe_text(self, move):
        try:
            return self.move_to_text(move)
        except GameError:
            return str(move)

    def move_from_text(self, text):
        t = text.strip()
        low = t.lower()
        if low == "pass":
            return PASS
        if low == "black" or low == "white":
            return CHOOSE | (BLACK if low == "black" else WHITE)
        if self.fly_site != NO_SITE:
            # The destination: "-d", or the whole maneuver "P@s-d" / "x@s-d" / "s-d" of this flight.
            dash = t.rfind("-")
            if dash > 0:
                head = t[:dash]
                named = head[2:] if head[:2] in ("P@", "p@", "x@", "X@") else head
                if named != str(self.fly_site):
                    raise GameError("the stone in flight is on %d, not %s" % (self.fly_site, clip(head)))
            if dash >= 0:
                return DEST | self._site(t[dash + 1:], text)
            raise GameError("'%s': the stone on %d is in flight, write its destination as -site" % (clip(text), self.fly_site))
        if "-" in t[1:]:
            first = t[:t.index("-", 1)]
            raise GameError("'%s' is two decisions: play '%s' first, then '-%s'" % (
                clip(text), clip(first), clip(t[len(first) + 1:])))
        prefix = t[:2].upper()
        if prefix == "P@":
            return DEPLOY | self._site(t[2:], text)
        if prefix == "X@":
            return CAPTURE | self._site(t[2:], text)
        if prefix == "B@":
            return PLACE_BLACK | self._site(t[2:], text)
        if prefix == "W@":
            return PLACE_WHITE | self._site(t[2:], text)
        if t[:1] == "-":
            raise GameError("'%s': no stone is in flight" % clip(text))
        return MOVE | self._site(t, text)

    def _site(self, digits, text):
        site = number_of(digits)
        if site < 0:
            raise GameError("cannot read '%s': write P@site, x@site, site, -site, pass, B@site, W@site, "
                            "black or white" % clip(text))
        if site >= self.n:
            raise GameError("no site %s: sites are 0-%d" % (clip(digits.lstrip("0")), self.n - 1))
        return site

    # Position text: key=value words in a fixed order.
    def encode(self):
        flight = "-"
        if self.fly_site != NO_SITE:
            flight = "%s%d:%d" % ("_ACM"[self.fly_kind], self.fly_site, self.fly_power)
        result = "none"
        if self.result == DRAW:
            result = "draw"
        elif self.result != ONGOING:
            result = str(self.result)
        return ("stones=%s mover=%d maneuver=%d flight=%s passed=%d%d%d deployed=%d must_deploy=%d%d "
                "counters=%d,%d setup=%d swapped=%d result=%s") % (
            "".join("%d" % v for v in self.board), self.mover, self.phase + 1, flight,
            self.first_passed, self.last_full_pass, self.idle, self.deployed, self.must_deploy[BLACK],
            self.must_deploy[WHITE], self.counter[BLACK] - 1, self.counter[WHITE] - 1, self.setup,
            self.swapped, result) + (" trail=%d" % self.trail if self.trail else "")

    def decode(self, text):
        fields = {}
        for word in text.split():
            key, eq, value = word.partition("=")
            if not eq:
                raise GameError("position: expected key=value, got '%s'" % word)
            fields[key] = value
        want = ("stones", "mover", "maneuver", "flight", "passed", "deployed", "must_deploy", "counters",
                "setup", "swapped", "result")
        for key in fields:
            if key not in want and key != "trail":  # the trail of decisions is optional (0)
                raise GameError("position: unknown field '%s'" % key)
        for key in want:
            if key not in fields:
                raise GameError("position: missing field '%s'" % key)
        stones = fields["stones"]
        if len(stones) != self.n or not all(ch in "012" for ch in stones):
            raise GameError("position: stones must be %d digits 0/1/2 (board=%s)" % (self.n, self.options["board"]))
        for key in ("mover", "maneuver", "passed", "deployed", "must_deploy", "counters", "setup", "swapped",
                    "result", "flight"):
            # Plain digits (int() reads "+1" on both VMs and "1_0" on CPython alone).
            value = fields[key]
            if key == "flight" and value != "-" or key == "result" and value in ("none", "draw"):
                value = value[1:] if key == "flight" else ""     # (the kind of flight: a letter)
            for ch in value:
                if not ("0" <= ch <= "9" or ch in "-,:"):
                    raise GameError("position: %s= is not written in digits" % key)
        try:
            mover = int(fields["mover"])
            phase = int(fields["maneuver"]) - 1
            passed = fields["passed"]
            if len(passed) != 3:
                raise ValueError
            first_passed, last_full_pass, idle = int(passed[0]), int(passed[1]), int(passed[2])
            deployed = int(fields["deployed"])
            must = fields["must_deploy"]
            must_black, must_white = int(must[0]), int(must[1])
            counters = fields["counters"].split(",")
            count_black, count_white = int(counters[0]), int(counters[1])
            setup = int(fields["setup"])
            swapped = int(fields["swapped"])
            trail = int(fields.get("trail", "0"))
            result = fields["result"]
            result = ONGOING if result == "none" else DRAW if result == "draw" else int(result)
            flight = fields["flight"]
            fly_site, fly_power, fly_kind = NO_SITE, 0, 0
            if flight != "-":
                fly_kind = "_ACM".index(flight[0])
                where, power = flight[1:].split(":")
                fly_site, fly_power = int(where), int(power)
        except (ValueError, IndexError):
            raise GameError("position: cannot read '%s'" % text)
        flags = (first_passed, last_full_pass, idle, deployed, must_black, must_white, swapped)
        if (mover not in (BLACK, WHITE) or phase not in (0, 1) or not all(f in (0, 1) for f in flags)
                or not -1 <= count_black <= _FORCE_AT or not -1 <= count_white <= _FORCE_AT
                or not 0 <= setup <= PLAYING or result not in (ONGOING, 0, 1, DRAW)
                or not 0 <= trail <= (_TRAIL_MASK << _TRAIL_SHIFT | _TRAIL_KEPT) or trail & _TRAIL_COUNT > _TRAIL_KEPT):
            raise GameError("position: a field is out of range in '%s'" % text)
        if fly_site != NO_SITE and (fly_kind < 1 or not 0 <= fly_site < self.n or not 1 <= fly_power <= _MAX_POWER
                                    or stones[fly_site] != str(mover)):
            raise GameError("position: the stone in flight must be a %s stone with power 1-7" % self.PLAYERS[mover - 1])
        self._reset()
        board = self.board
        for i in range(self.n):
            if board[i] != EMPTY:
                self._take(i)
        for i in range(self.n):
            if stones[i] != "0":
                self._put(i, int(stones[i]))
        self.mover = mover
        self.phase = phase
        self.fly_site, self.fly_power, self.fly_kind = fly_site, fly_power, fly_kind
        self.first_passed, self.last_full_pass, self.deployed = first_passed, last_full_pass, deployed
        self.idle = idle
        self.must_deploy[BLACK], self.must_deploy[WHITE] = must_black, must_white
        self.counter[BLACK], self.counter[WHITE] = count_black + 1, count_white + 1
        self.setup = setup
        self.swapped = swapped
        self.result = result
        self.trail = trail

    def render(self):
        width, height = self.extent()
        stones = [[" "] * (2 * width + 3) for _ in range(height + 1)]
        numbers = [[" "] * (2 * width + 3) for _ in range(height + 1)]
        for i in range(self.n):
            x, y = self.site_xy(i)
            stones[y][2 * x + 1] = ".BW"[self.board[i]]
            label = "%d" % i
            for k in range(len(label)):
                numbers[y][2 * x + 2 - len(label) + k] = label[k]
        lines = []
        for y in range(height + 1):
            lines.append("".join(stones[y]) + "    " + "".join(numbers[y]))
        lines.append(self._status_line())
        return "\n".join(lines)

    def _status_line(self):
        if self.setup < _CHOOSE_STEP:
            return "pie setup: the first player places a %s stone" % (
                "White" if self.setup == _PLACE_WHITE_STEP else "Black")
        if self.setup == _CHOOSE_STEP:
            return "pie setup: the second player chooses black or white (White moves first)"
        text = "%s to move, maneuver %d of 2; score Black %d, White %d" % (
            self.PLAYERS[self.mover - 1], self.phase + 1, self.colour_score(BLACK), self.colour_score(WHITE))
        if self.fly_site != NO_SITE:
            text += "; stone on %d in flight with %d action%s" % (
                self.fly_site, self.fly_power, "" if self.fly_power == 1 else "s")
        return text

    def status_text(self):
        # Seats are named by the colour they play (the pie choice can give seat 0 White).
        if self.setup < PLAYING:
            names = ("first", "second")
        else:
            names = (self.PLAYERS[self.colour_of(0) - 1], self.PLAYERS[self.colour_of(1) - 1])
        from shared_rules import game_text
        return game_text.status_text(self, names)
