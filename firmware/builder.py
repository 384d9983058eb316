# Building one decision with the d-pad: the cursor jumps between legal targets.
#
# A board view splits every legal move into steps (view.step_key(move, depth)): a placement is
# one step (the cell), a move two (from, to), a Tholian Go push the nodes of its path, a
# Thoughtwave placement (square, piece, rotation).  A step's key is a place on the board
# (view.cell_xy gives its screen point) or, from BUTTON up, a button ("pass", "end", a piece)
# that the app lays out in the status area.  Either way it has a screen point, so one rule,
# "the nearest target in the pressed direction", moves the cursor everywhere.  Views keep the
# step sequences prefix-free (no move's steps begin another's), so a move is complete the
# moment its last step is chosen.
from array import array

from firmware.views.base import BUTTON


def compact(moves, shift, keys):
    """`moves` two bytes each where they fit: the builder keeps them while the player chooses
    (Thoughtwave's ~1,500 opening moves: 3 KB of the device's heap instead of 6).  When each
    move's first step is move >> shift (`keys`: those steps), the steps bound the moves, and
    the moves need no scan of their own (min() and max() over them are slow)."""
    if not moves:
        return moves
    if shift >= 0:
        fits = min(keys) >= 0 and (max(keys) + 1) << shift <= 0x10000
    else:
        fits = min(moves) >= 0 and max(moves) < 0x10000
    return array("H", moves) if fits else moves


def key_runs(moves, shift, step_key, depth):
    """The runs of successive moves with one step key (step_key(move, depth), or move >> shift
    where shift >= 0): (the runs' keys, where each run begins in `moves`, then len(moves)).
    A move costs a key and a comparison (the runs are few: Thoughtwave's 1,500 first steps
    come in 100); no list of every move's key is made (a 6 KB block on a fragmented heap ran
    the device out of memory)."""
    keys = []
    starts = []
    last = -2
    i = 0
    if shift >= 0:      # (a loop of its own: a test per move of which key to take costs 30%)
        for move in moves:
            if move >> shift != last:
                last = move >> shift
                keys.append(last)
                starts.append(i)
            i += 1
    else:
        for move in moves:
            key = step_key(move, depth)
            if key != last:
                last = key
                keys.append(key)
                starts.append(i)
            i += 1
    starts.append(i)
    return keys, starts


def place_of(items, item):
    """Where `item` is in `items`, or -1 (MicroPython's arrays have no index() nor `in`)."""
    for i in range(len(items)):
        if items[i] == item:
            return i
    return -1


class MoveBuilder:
    def __init__(self, view, moves):
        self.view = view
        self.moves = moves         # the legal moves of the decision (ints)
        self.prefix = []           # step keys chosen so far
        self.candidates = moves    # the moves that start with the prefix
        self.targets = []          # keys selectable at this depth, sorted (buttons last)
        self.buttons = []          # the targets that are buttons, in layout order
        self.xs = array("h")       # screen point of each target
        self.ys = array("h")
        self.counts = []           # how many candidate moves continue through each target
        self.firsts = []           # and the first of them (a view's preview and help text)
        self.cursor = -1           # key under the cursor
        x, y = view.start_xy()
        keys = self._refresh(-1, x, y)
        self.moves = self.candidates = compact(moves, view.step_shift(moves, 0), keys)

    def depth(self):
        return len(self.prefix)

    def _refresh(self, keep, near_x, near_y):
        """The targets at the current depth; the cursor stays on `keep` if it is one, else goes
        to the target nearest (near_x, near_y).  Returns the candidates' runs' keys (key_runs)."""
        depth = len(self.prefix)
        view = self.view
        candidates = self.candidates
        # Each target counted once per step, so a cursor move needs no scan of the candidates
        # (Thoughtwave has 1,500 at its first step), and without a call per move where the
        # view says a step's key is a shift of the move (view.step_shift).  The keys come
        # mostly in runs and in ascending order (moves listed by their first step): then a key
        # above every one met is new without a look-up, and the targets need no sort
        # (MicroPython's sort takes quadratic time on a sorted list).
        shift = view.step_shift(candidates, depth)
        run_keys, starts = key_runs(candidates, shift, view.step_key, depth)
        # Counted before they are kept, so that each of the three is made once at its size
        # (a list grown by appends holds up to twice its items; an array regrows every 8).
        n = 0
        top = -1           # the largest key met
        low = high = 0     # the runs' first moves' bounds
        at = None          # key -> its place in targets, made once a key comes out of order
        for r in range(len(run_keys)):
            key = run_keys[r]
            if key < 0:
                continue
            move = candidates[starts[r]]
            if n == 0 or move < low:
                low = move
            if move > high:
                high = move
            if key > top and at is None:
                top = key
                n += 1
                continue
            if at is None:
                at = {}
                for q in range(r):
                    if run_keys[q] >= 0:
                        at[run_keys[q]] = 0
            at[key] = 0
        if at is not None:
            n = len(at)
        targets = array("H", bytes(2 * n))
        counts = array("H", bytes(2 * n))
        firsts = array("H", bytes(2 * n)) if low >= 0 and high < 0x10000 else [-1] * n
        if at is not None:      # out of order: the targets sorted, each key's place looked up
            j = 0
            for key in sorted(at):
                targets[j] = key
                at[key] = j
                j += 1
        j = 0
        for r in range(len(run_keys)):
            key = run_keys[r]
            if key < 0:
                continue
            if at is not None:
                j = at[key]
                if counts[j]:
                    counts[j] += starts[r + 1] - starts[r]
                    continue
            targets[j] = key
            counts[j] = starts[r + 1] - starts[r]
            firsts[j] = candidates[starts[r]]
            j += 1
        buttons = [k for k in targets if k >= BUTTON]
        n = len(targets)
        places = n - len(buttons)       # the buttons sort last
        xs, ys = view.places_xy(depth, targets[:places])
        for i in range(len(buttons)):
            bx, by, bw, bh = view.ui.button_rect(i, len(buttons))
            xs.append(bx + bw // 2)
            ys.append(by + bh // 2)
        self.targets, self.buttons, self.xs, self.ys = targets, buttons, xs, ys
        self.counts = counts
        self.firsts = firsts
        if keep >= 0 and place_of(targets, keep) >= 0:
            self.cursor = keep
            return run_keys
        self.cursor = -1
        best_d = -1
        for i in range(n):
            dx = xs[i] - near_x
            dy = ys[i] - near_y
            d = dx * dx + dy * dy
            if best_d < 0 or d < best_d:
                self.cursor, best_d = targets[i], d
        return run_keys

    def cursor_xy(self):
        i = place_of(self.targets, self.cursor)
        return self.xs[i], self.ys[i]

    def go(self, dx, dy):
        """Moves the cursor to the nearest target in direction (dx, dy); False when there is none."""
        if self.cursor < 0:
            return False
        cx, cy = self.cursor_xy()
        xs, ys, targets = self.xs, self.ys, self.targets
        best = -1
        best_score = 0
        for i in range(len(targets)):
            ox = xs[i] - cx
            oy = ys[i] - cy
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = ox * dy - oy * dx
            if across < 0:
                across = -across
            score = along + 2 * across    # prefer straight ahead, then near
            if best < 0 or score < best_score:
                best, best_score = i, score
        if best < 0:
            return False
        self.cursor = targets[best]
        return True

    def choose(self):
        """Takes the key under the cursor as the next step; returns the move once complete, else -1."""
        if self.cursor < 0:
            return -1
        depth = len(self.prefix)
        key = self.cursor
        view = self.view
        narrowed = []
        done = -1
        for move in self.candidates:
            if view.step_key(move, depth) == key:
                narrowed.append(move)
                if view.step_key(move, depth + 1) < 0:
                    done = move
        if done >= 0:
            return done
        x, y = self.cursor_xy()
        self.prefix.append(key)
        self.candidates = narrowed
        self._refresh(-1, x, y)
        return -1

    def back(self):
        """Takes back the last chosen step; False when nothing was chosen."""
        if not self.prefix:
            return False
        key = self.prefix.pop()
        depth = len(self.prefix)
        if depth == 0:
            self.candidates = self.moves
        else:
            prefix = self.prefix
            view = self.view
            narrowed = []
            for move in self.moves:
                i = 0
                while i < depth and view.step_key(move, i) == prefix[i]:
                    i += 1
                if i == depth:
                    narrowed.append(move)
            self.candidates = narrowed
        self._refresh(key, 0, 0)
        return True

    def select_move(self, move):
        """Puts the cursor on the path to `move` (a hint): chooses its steps but the last."""
        while self.back():
            pass
        depth = 0
        while self.view.step_key(move, depth + 1) >= 0:
            self.cursor = self.view.step_key(move, depth)
            self.choose()
            depth += 1
        self.cursor = self.view.step_key(move, depth)

    def cursor_count(self):
        """How many candidate moves take the key under the cursor as their next step."""
        if self.cursor < 0:
            return 0
        return self.counts[place_of(self.targets, self.cursor)]

    def cursor_move(self):
        """The first candidate move whose next step is the key under the cursor (for previews
        and the help line), or -1."""
        if self.cursor < 0:
            return -1
        return self.firsts[place_of(self.targets, self.cursor)]
