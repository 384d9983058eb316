# Building one decision with the d-pad: the cursor jumps between legal targets.
#
# A board view splits every legal move into steps (view.step_key(move, depth)): a placement is
# one step (the cell), a move two (from, to), a Tholian Go push the nodes of its path, a
# Thoughtwave placement (square, piece, rotation).  Each step's key has a screen position
# (view.key_xy), buttons like "pass" included, so the one rule "nearest target in the pressed
# direction" moves the cursor everywhere.  Views keep the step sequences prefix-free: no move's
# steps are the beginning of another's, so a move is complete the moment its last step is chosen.


class MoveBuilder:
    def __init__(self, view, moves):
        self.view = view
        self.moves = moves         # the legal moves of the decision (ints)
        self.prefix = []           # step keys chosen so far
        self.candidates = moves    # the moves that start with the prefix
        self.targets = []          # keys selectable at this depth, sorted
        self.cursor = -1           # key under the cursor
        self._refresh(-1)

    def depth(self):
        return len(self.prefix)

    def _refresh(self, keep):
        depth = len(self.prefix)
        view = self.view
        keys = set()
        for move in self.candidates:
            key = view.step_key(move, depth)
            if key >= 0:
                keys.add(key)
        self.targets = sorted(keys)
        if keep in keys:
            self.cursor = keep
        elif self.targets:
            self.cursor = self._closest_to(keep)
        else:
            self.cursor = -1

    def _closest_to(self, old):
        # Start near where the cursor was, or for a new decision near the view's start point
        # (the board's middle), rather than in a corner.
        depth = len(self.prefix)
        if old < 0:
            ox, oy = self.view.start_xy()
        else:
            ox, oy = self.view.key_xy(max(0, depth - 1), old)
        best = self.targets[0]
        best_d = -1
        for key in self.targets:
            x, y = self.view.key_xy(depth, key)
            d = (x - ox) * (x - ox) + (y - oy) * (y - oy)
            if best_d < 0 or d < best_d:
                best, best_d = key, d
        return best

    def go(self, dx, dy):
        """Moves the cursor to the nearest target in direction (dx, dy); False when there is none."""
        if self.cursor < 0:
            return False
        depth = len(self.prefix)
        view = self.view
        cx, cy = view.key_xy(depth, self.cursor)
        best = -1
        best_score = 0
        for key in self.targets:
            if key == self.cursor:
                continue
            x, y = view.key_xy(depth, key)
            along = (x - cx) * dx + (y - cy) * dy
            if along <= 0:
                continue
            across = (x - cx) * dy - (y - cy) * dx
            if across < 0:
                across = -across
            score = along + 2 * across    # prefer straight ahead, then near
            if best < 0 or score < best_score:
                best, best_score = key, score
        if best < 0:
            return False
        self.cursor = best
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
        self.prefix.append(key)
        self.candidates = narrowed
        self._refresh(key)
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
        self._refresh(key)
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

    def cursor_moves(self):
        """The candidate moves whose next step is the key under the cursor (for previews)."""
        depth = len(self.prefix)
        out = []
        for move in self.candidates:
            if self.view.step_key(move, depth) == self.cursor:
                out.append(move)
        return out
