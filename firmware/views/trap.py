# Trap's board: holes on a square grid, red dots in the middle of unit squares.
# Steps: a placement is the hole; a phase-2 move is (ball, hole); a forced pass is a button.
from firmware.views.base import BUTTON, View as BaseView
from shared_rules.trap.rules import SOURCE_SHIFT


class View(BaseView):
    def __init__(self, ui, game):
        BaseView.__init__(self, ui, game)
        n = game.size
        bx, by, bw, bh = ui.board_rect
        sp = min(bw, bh) // n
        self.sp = sp
        self.x0 = bx + (bw - sp * (n - 1)) // 2
        self.y0 = by + (bh - sp * (n - 1)) // 2 + sp * (n - 1)   # row 0 is at the bottom
        self.r = max(1, sp * 2 // 5)
        self.cursor_r = self.r + 2
        if ui.color:
            from firmware import palette as p
            self.wood = p.BROWN
            self.dot = p.RED
            self.pieces = (p.WHITE, p.BLACK)
        else:
            self.wood = 0
            self.dot = 1
            self.pieces = None

    # --- steps ------------------------------------------------------------------------------
    def step_key(self, move, depth):
        src, dst = self.game.move_cells(move)
        if dst < 0:
            return BUTTON if depth == 0 else -1        # pass
        if src < 0:
            return dst if depth == 0 else -1           # placement
        if depth == 0:
            return src
        return dst if depth == 1 else -1

    def step_shift(self, moves, depth):
        # Phase 1's decisions are placements only, whose move is the hole (no source).
        if depth == 0 and moves and moves[0] >> SOURCE_SHIFT == 0:
            return 0
        return -1

    def button_label(self, key):
        return "Pass"

    def hole_xy(self, cell):
        n = self.game.size
        return self.x0 + (cell % n) * self.sp, self.y0 - (cell // n) * self.sp

    def cell_xy(self, depth, key):
        return self.hole_xy(key)

    # --- drawing ----------------------------------------------------------------------------
    def token(self, x, y, r, player):
        if self.pieces is None:
            self.ui.token(x, y, r, player)
            return
        fb = self.ui.fb
        fb.ellipse(x, y, r, r, self.pieces[player], True)
        fb.ellipse(x, y, r, r, self.ui.grid, False)

    def dot_xy(self, i):
        col, row = self.game.dots[i]
        return self.x0 + col * self.sp + self.sp // 2, self.y0 - row * self.sp - self.sp // 2

    def draw_fixed(self, fb):
        ui = self.ui
        n = self.game.size
        sp = self.sp
        span = sp * (n - 1)
        left, bottom = self.x0, self.y0
        top = bottom - span
        if ui.color:
            fb.fill_rect(left - sp // 2, top - sp // 2, span + sp, span + sp, self.wood)
            for i in range(n):
                fb.hline(left, top + i * sp, span, ui.grid)
                fb.vline(left + i * sp, top, span, ui.grid)
        else:
            # One colour: lines would drown the balls; the holes are dots in a frame.
            fb.rect(left - sp // 2, top - sp // 2, span + sp, span + sp, 1)
            for cell in range(n * n):
                x, y = self.hole_xy(cell)
                fb.pixel(x, y, 1)
        dot_r = max(1, sp // 6)
        for i in range(len(self.game.dots)):
            x, y = self.dot_xy(i)
            if ui.color:
                fb.ellipse(x, y, dot_r, dot_r, self.dot, True)
            else:
                fb.line(x - 1, y - 1, x + 1, y + 1, 1)
                fb.line(x - 1, y + 1, x + 1, y - 1, 1)

    def draw_board(self, builder, last):
        game = self.game
        ui = self.ui
        n = game.size
        winner = game.winner()
        if winner == 0 or winner == 1:
            for i in game.trapped_dots(winner):
                x, y = self.dot_xy(i)
                self.ring(x, y, self.sp // 2, ui.last)
        board = game.board
        r = self.r
        lifted = builder.prefix[0] if builder is not None and builder.prefix else -1
        for cell in range(n * n):
            if board[cell]:
                x, y = self.hole_xy(cell)
                self.token(x, y, r, board[cell] - 1)
        mark = r + 2 if ui.color else r + 1
        for move in last:
            src, dst = game.move_cells(move)
            for cell in (src, dst):
                if cell >= 0:
                    x, y = self.hole_xy(cell)
                    self.ring(x, y, mark, ui.last)
        if lifted >= 0:
            x, y = self.hole_xy(lifted)
            self.ring(x, y, r + 1, ui.cursor)
        self.ring_shape(self.hole_xy, mark)
        self.mark_targets(builder, max(1, self.sp // 8))

    def draw_cursor(self, builder):
        if builder.prefix and 0 <= builder.cursor < BUTTON:
            # Preview: the ball drawn faintly where it would land.
            x, y = self.hole_xy(builder.cursor)
            self.ui.fb.ellipse(x, y, self.r, self.r, self.ui.cursor, False)
        self.mark_cursor(builder, self.cursor_r)

    def info(self):
        game = self.game
        if game.phase() == 1:
            return ["Place", "L%d D%d" % (game.hand[0], game.hand[1])]
        count = [0, 0, 0]
        for v in game.board:
            count[v] += 1
        return ["Move", "L%d D%d" % (count[1], count[2])]

    def describe(self, builder):
        game = self.game
        if builder.prefix:
            here = builder.cursor if 0 <= builder.cursor < BUTTON else -1
            text = game.move_to_text(game.move(builder.prefix[0], here if here >= 0 else 0))
            return text if here >= 0 else text[:text.index("-") + 1]
        return BaseView.describe(self, builder)
