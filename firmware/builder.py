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


def compact(moves):
    """`moves` two bytes each where they fit: the builder keeps them while the player chooses
    (Thoughtwave's ~1,500 opening moves: 3 KB of the device's heap instead of 6)."""
    if moves and min(moves) >= 0 and max(moves) < 0x10000:
        return array("H", moves)
    return moves


class MoveBuilder:
    def __init__(self, view, moves):
        self.view = view
        moves = compact(moves)
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
        self._refresh(-1, x, y)

    def depth(self):
        return len(self.prefix)

    def _refresh(self, keep, near_x, near_y):
        """The targets at the current depth; the cursor stays on `keep` if it is one, else goes
        to the target nearest (near_x, near_y)."""
        depth = len(self.prefix)
        view = self.view
        # key -> [moves through it, the first of them]: counted once per step, so a cursor
        # move needs no scan of the candidates (Thoughtwave has ~545 at its first step).
        keys = {}
        for move in self.candidates:
            key = view.step_key(move, depth)
            if key >= 0:
                seen = keys.get(key)
                if seen is None:
                    keys[key] = [1, move]
                else:
                    seen[0] += 1
        targets = sorted(keys)
        buttons = [k for k in targets if k >= BUTTON]
        n = len(targets)
        xs = array("h", [0] * n)
        ys = array("h", [0] * n)
        for i in range(n):
            key = targets[i]
            if key >= BUTTON:
                bx, by, bw, bh = view.ui.button_rect(buttons.index(key), len(buttons))
                xs[i] = bx + bw // 2
                ys[i] = by + bh // 2
            else:
                xs[i], ys[i] = view.cell_xy(depth, key)
        self.targets, self.buttons, self.xs, self.ys = targets, buttons, xs, ys
        self.counts = [keys[k][0] for k in targets]
        self.firsts = [keys[k][1] for k in targets]
        if keep in keys:
            self.cursor = keep
            return
        self.cursor = -1
        best_d = -1
        for i in range(n):
            dx = xs[i] - near_x
            dy = ys[i] - near_y
            d = dx * dx + dy * dy
            if best_d < 0 or d < best_d:
                self.cursor, best_d = targets[i], d

    def cursor_xy(self):
        i = self.targets.index(self.cursor)
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
        return self.counts[self.targets.index(self.cursor)]

    def cursor_move(self):
        """The first candidate move whose next step is the key under the cursor (for previews
        and the help line), or -1."""
        if self.cursor < 0:
            return -1
        return self.firsts[self.targets.index(self.cursor)]
