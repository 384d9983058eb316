# Thoughtwave's board: a 10x10 grid of wave tiles; each player's two sides are marked in their
# colour.  Steps: the square, then the piece (buttons with the pieces left), then its rotation
# (buttons; the board previews the tile under the cursor); a forced pass is a button.
from array import array

from firmware.views.base import BUTTON, View as BaseView
from shared_rules.thoughtwave.rules import CELL_SHIFT, PASS, PIECES, SIZE, piece_of, placed_cell, placed_mask, rotation_of

_PIECE = BUTTON            # + piece index: the piece step
_ROTATION = BUTTON + 8     # + rotation: the rotation step
_PASS = BUTTON + 16


class View(BaseView):
    def __init__(self, ui, game):
        BaseView.__init__(self, ui, game)
        bx, by, bw, bh = ui.board_rect
        sq = (min(bw, bh) - 4) // SIZE
        self.sq = sq
        self.x0 = bx + (bw - sq * SIZE) // 2
        self.y0 = by + (bh - sq * SIZE) // 2
        if ui.color:
            from firmware import palette as p
            self.tile = p.NAVY
            self.wave = p.YELLOW
            self.empty = p.DARK_GREY
            self.side = (p.RED, p.LIGHT_GREY)
            self.piece = (p.RED, p.BLACK)
        else:
            self.tile = 0
            self.wave = 1
            self.empty = 1
            self.side = (1, 1)
            self.piece = None

    # --- steps ------------------------------------------------------------------------------
    def step_key(self, move, depth):
        if move == PASS:
            return _PASS if depth == 0 else -1
        if depth == 0:
            return placed_cell(move)
        if depth == 1:
            return _PIECE + piece_of(placed_mask(move))
        if depth == 2:
            return _ROTATION + rotation_of(placed_mask(move))
        return -1

    def step_shift(self, moves, depth):
        if depth or (moves and moves[0] == PASS):      # a pass is the only move when it is legal
            return -1
        return CELL_SHIFT

    def places_xy(self, depth, keys):
        sq = self.sq
        left = self.x0 + sq // 2
        top = self.y0 + (SIZE - 1) * sq + sq // 2       # row 1 at the bottom (square_xy)
        return (array("h", [left + (k % SIZE) * sq for k in keys]),
                array("h", [top - (k // SIZE) * sq for k in keys]))

    def button_label(self, key):
        if key == _PASS:
            return "Pass"
        if key >= _ROTATION:
            return "R%d" % (key - _ROTATION)
        piece = key - _PIECE
        if self.narrow:
            return PIECES[piece]      # the counts are on the status lines, the buttons are small
        game = self.game
        return "%s%d" % (PIECES[piece], game.hand[game.to_move() * 5 + piece])

    def square_xy(self, cell):
        """Top-left corner of a square on the screen (row 1 at the bottom)."""
        return self.x0 + (cell % SIZE) * self.sq, self.y0 + (SIZE - 1 - cell // SIZE) * self.sq

    def cell_xy(self, depth, key):
        x, y = self.square_xy(key)
        return x + self.sq // 2, y + self.sq // 2

    # --- drawing ----------------------------------------------------------------------------
    def token(self, x, y, r, player):
        if self.piece is None:
            self.ui.token(x, y, r, player)
            return
        self.ui.fb.ellipse(x, y, r, r, self.piece[player], True)
        self.ui.fb.ellipse(x, y, r, r, self.ui.fg, False)

    def draw_tile(self, cell, mask, faint):
        fb = self.ui.fb
        sq = self.sq
        x, y = self.square_xy(cell)
        if not faint:
            fb.fill_rect(x, y, sq, sq, self.tile)
        c = self.ui.cursor if faint else self.wave
        h = sq // 2
        w = 1 if sq < 12 else 3
        cx, cy = x + h, y + h
        off = w // 2
        if mask & 1:    # N
            fb.fill_rect(cx - off, y, w, h + 1, c)
        if mask & 2:    # E
            fb.fill_rect(cx, cy - off, sq - h, w, c)
        if mask & 4:    # S
            fb.fill_rect(cx - off, cy, w, sq - h, c)
        if mask & 8:    # W
            fb.fill_rect(x, cy - off, h + 1, w, c)
        if mask in (1, 2, 4, 8):    # a terminator ends in a blob
            r = max(1, sq // 6)
            fb.ellipse(cx, cy, r, r, c, True)

    def draw_fixed(self, fb):
        game = self.game
        ui = self.ui
        sq = self.sq
        span = sq * SIZE
        x0, y0 = self.x0, self.y0
        # Each player's sides: a bar along the board's edge in their colour.
        for player in (0, 1):
            for side in game.sides(player):
                c = self.side[player]
                if side == "left":
                    fb.fill_rect(x0 - 2, y0, 2, span, c)
                elif side == "right":
                    fb.fill_rect(x0 + span, y0, 2, span, c)
                elif side == "top":
                    fb.fill_rect(x0, y0 - 2, span, 2, c)
                else:
                    fb.fill_rect(x0, y0 + span, span, 2, c)
        # Every square empty (tiles cover the ones played).
        if ui.color:
            # Each square's outline, as the lines along the rows and columns of squares: the
            # same pixels in 40 calls instead of 100.
            for i in range(SIZE):
                for edge in (i * sq, i * sq + sq - 1):
                    fb.hline(x0, y0 + edge, span, self.empty)
                    fb.vline(x0 + edge, y0, span, self.empty)
        else:
            for cell in range(SIZE * SIZE):
                x, y = self.square_xy(cell)
                fb.pixel(x, y, 1)
            fb.rect(x0 - 1, y0 - 1, span + 2, span + 2, 1)

    def draw_board(self, builder, last):
        game = self.game
        ui = self.ui
        fb = ui.fb
        sq = self.sq
        board = game.board
        for cell in range(SIZE * SIZE):
            if board[cell]:
                self.draw_tile(cell, board[cell], False)
        for cell in game.winning_cells():
            x, y = self.square_xy(cell)
            fb.rect(x, y, sq, sq, ui.last)
        for move in last:
            if move != PASS:
                x, y = self.square_xy(placed_cell(move))
                fb.rect(x, y, sq, sq, ui.last)
                if sq >= 12:
                    fb.rect(x + 1, y + 1, sq - 2, sq - 2, ui.last)
        if builder is not None and not builder.prefix:
            self.mark_targets(builder, max(1, sq // 6))

    def cursor_rects(self, builder):
        sq = self.sq
        if builder.prefix:
            x, y = self.square_xy(builder.prefix[0])
            return [(x, y, sq, sq)]
        if 0 <= builder.cursor < BUTTON:
            x, y = self.square_xy(builder.cursor)
            return [(x - 1, y - 1, sq + 2, sq + 2)]
        return []

    def draw_cursor(self, builder):
        """The square under the cursor; once chosen, the piece under the cursor previewed in it."""
        fb = self.ui.fb
        sq = self.sq
        if builder.prefix:
            cell = builder.prefix[0]
            move = builder.cursor_move()
            if move >= 0:
                self.draw_tile(cell, placed_mask(move), True)
            x, y = self.square_xy(cell)
            fb.rect(x, y, sq, sq, self.ui.cursor)
        elif 0 <= builder.cursor < BUTTON:
            x, y = self.square_xy(builder.cursor)
            fb.rect(x - 1, y - 1, sq + 2, sq + 2, self.ui.cursor)
            fb.rect(x, y, sq, sq, self.ui.cursor)

    def info(self):
        game = self.game
        hand = game.hand
        p = game.to_move() * 5
        if self.narrow:
            return ["C%d J%d" % (hand[p], hand[p + 1]), "S%d B%d" % (hand[p + 2], hand[p + 3]), "T%d" % hand[p + 4]]
        return ["C%d J%d S%d" % (hand[p], hand[p + 1], hand[p + 2]), "B%d T%d" % (hand[p + 3], hand[p + 4])]

    def describe(self, builder):
        if builder.prefix:
            move = builder.cursor_move()
            if move >= 0:
                text = self.game.move_to_text(move)
                return text if len(builder.prefix) == 2 else text[0] + "?" + text[2:]
        return BaseView.describe(self, builder)

