# Lazo's board seen from above (spec section 4): the trapezoid of 145 holes with the long edge
# at the bottom; tiles are drawn level by level, so each place shows its topmost tile, with its
# level written on it where the screen is big enough.  A move is one step: the space, and at
# most one space of each place can be legal (a tile needs the three under it), so the cursor
# visits places.
from array import array

from firmware.views.base import BUTTON, View as BaseView, table_points
from shared_rules.lazo.rules import N_LEVELS, N_SPACES, space_index, space_kij, supports

_LEVEL1 = 145
_PX_SPAN = 36     # level-1 places span px = 0..36 (half tile widths)
_PY_SPAN = 27     # and py = 0..27 (sqrt(3)/6 tile widths)


class View(BaseView):
    ASPECT = 216      # (36/2 + 1) tile widths by (27 * 0.2887 + 1)

    def __init__(self, ui, game):
        BaseView.__init__(self, ui, game)
        bx, by, bw, bh = ui.board_rect
        # Tile width t: 19 tiles across, 27 * t * sqrt(3)/6 + t high.
        t = min(bw // 19, bh * 1000 // 8794)
        if t % 2:
            t -= 1
        self.t = max(t, 2)
        t = self.t
        self.r = t // 2
        # The width bounds the tiles on most screens: rows then spread to fill the height
        # (up to half as far again), tiles and holes becoming ellipses that still touch.
        level = t * 2887
        self.pitch = min(level * 3 // 2, max(level, (bh - 2) * 32826 // 100))
        self.ry = self.r * self.pitch // level
        width = _PX_SPAN * t // 2 + t
        height = _PY_SPAN * self.pitch // 10000 + 2 * self.ry
        self.x0 = bx + (bw - width) // 2 + t // 2
        self.y0 = by + (bh - height) // 2 + height - self.ry      # py = 0 (the long edge) here
        self.hole_rx = self.r * 2 // 3
        self.hole_ry = self.ry * 2 // 3
        self.cursor_r = self.r + 1
        # Every space's place on the screen, computed once, a row at a time: space k.i.j is at
        # px = 2i + j + k - 1, py = 3j + k - 1 (shared_rules.lazo.rules.space_xy, without its call
        # or a loop per space, both slow on the device); t is even.
        xs = self.xs = array("h", bytes(2 * N_SPACES))
        ys = self.ys = array("h", bytes(2 * N_SPACES))
        for k in range(1, N_LEVELS + 1):
            for j in range(11 - k):
                first = space_index(k, 0, j)
                count = 20 - k - j
                x = self.x0 + (j + k - 1) * t // 2
                xs[first:first + count] = array("h", range(x, x + count * t, t))
                ys[first:first + count] = array("h", (self.y0 - (3 * j + k - 1) * self.pitch // 10000,) * count)
        if ui.color:
            from firmware import palette as p
            self.wood = p.BROWN
            self.hole = p.DARK_GREY
            self.tile = (p.BLACK, p.WHITE)
            self.edge = p.GREY
            self.ink = (p.WHITE, p.BLACK)
            self.target_r = self.hole_rx      # a light dot inside the dark hole
        else:
            self.wood = -1
            self.target_r = max(1, self.r // 2)     # one pixel: the holes' own

    # --- steps ------------------------------------------------------------------------------
    def step_key(self, move, depth):
        return move if depth == 0 else -1

    def step_shift(self, moves, depth):
        return 0 if depth == 0 else -1

    def places_xy(self, depth, keys):
        return table_points(keys, self.xs, self.ys)

    def place_xy(self, space):
        return self.xs[space], self.ys[space]

    def cell_xy(self, depth, key):
        return self.place_xy(key)

    # --- drawing ----------------------------------------------------------------------------
    def token(self, x, y, r, player):
        self.disc(x, y, r, r, player)

    def tile_at(self, x, y, player):
        """A tile on the board: as tall as the rows' spread makes room for."""
        self.disc(x, y, self.r, self.ry, player)

    def disc(self, x, y, rx, ry, player):
        if self.wood < 0:
            self.ui.token(x, y, rx, player)
            return
        self.ui.fb.ellipse(x, y, rx, ry, self.tile[player], True)
        self.ui.fb.ellipse(x, y, rx, ry, self.edge, False)

    def ring(self, x, y, r, c):
        self.ui.fb.ellipse(x, y, r, r + self.ry - self.r, c, False)

    def cursor_rects(self, builder):
        if builder.cursor < 0 or builder.cursor >= BUTTON:
            return []
        x, y = self.place_xy(builder.cursor)
        rx, ry = self.cursor_r, self.cursor_r + self.ry - self.r
        return [(x - rx, y - ry, 2 * rx + 1, 2 * ry + 1)]

    def draw_cursor(self, builder):
        for x, y, w, h in self.cursor_rects(builder):
            self.ui.fb.rect(x, y, w, h, self.ui.cursor)
            if w >= 9:
                self.ui.fb.rect(x + 1, y + 1, w - 2, h - 2, self.ui.cursor)

    def draw_fixed(self, fb):
        r = self.r
        if self.wood >= 0:
            # The wooden trapezoid under the holes.
            x_left, y_bottom = self.place_xy(0)
            x_right, _ = self.place_xy(18)
            x_tl, y_top = self.place_xy(135)        # row 9 of level 1: spaces 135..144
            x_tr, _ = self.place_xy(144)
            m = r + 1
            my = self.ry + 1
            for y in range(y_top - my, y_bottom + my + 1):
                # Linear interpolation of the slanted sides.
                f = (y_bottom + my - y) * 1000 // (y_bottom - y_top + 2 * my)
                left = x_left - m + (x_tl - x_left) * f // 1000
                right = x_right + m - (x_right - x_tr) * f // 1000
                fb.hline(left, y, right - left + 1, self.wood)
        # Every hole of level 1 (tiles cover those that are taken).
        for s in range(_LEVEL1):
            x, y = self.place_xy(s)
            if self.wood >= 0:
                fb.ellipse(x, y, self.hole_rx, self.hole_ry, self.hole, True)
            else:
                fb.pixel(x, y, 1)

    def draw_board(self, builder, last):
        game = self.game
        ui = self.ui
        fb = ui.fb
        cells = game.cells
        r = self.r
        big = self.t >= 12
        for s in range(N_SPACES):
            c = cells[s]
            if not c:
                continue
            x, y = self.place_xy(s)
            self.tile_at(x, y, c - 1)
        for move in last:
            x, y = self.place_xy(move)
            self.ring(x, y, r + 1, ui.last)
        self.ring_shape(self.place_xy, r + 1)
        if big:
            # The level on each tile above level 1 that no tile rests on (a tile above covers
            # part of the number, which would show beside its own), on a patch of the tile's
            # colour over the rings, which cross the numbers of a loop's overlapping tiles.
            covered = bytearray(N_SPACES)
            for s in range(_LEVEL1, N_SPACES):
                if cells[s]:
                    for u in supports(s):
                        covered[u] = 1
            for s in range(_LEVEL1, N_SPACES):
                c = cells[s]
                if c and not covered[s]:
                    x, y = self.place_xy(s)
                    if self.wood >= 0:
                        fb.fill_rect(x - 3, y - 3, 8, 8, self.tile[c - 1])
                    fb.text(str(space_kij(s)[0]), x - 3, y - 3, self.ink[c - 1] if self.wood >= 0 else 0)
        self.mark_targets(builder, self.target_r)

    def info(self):
        placed = self.game.placed
        black = (placed + 1) // 2
        return ["B%d W%d" % (95 - black, 95 - (placed - black))]

    def describe(self, builder):
        """The space under the cursor, and above level 1 the colours of the three tiles it
        would rest on (what the view from above hides)."""
        if builder.cursor < 0:
            return ""
        k, i, j = space_kij(builder.cursor)
        text = "%d.%d.%d" % (k, i, j)
        if k > 1:
            cells = self.game.cells
            text += " on " + "".join(".BW"[cells[s]] for s in supports(builder.cursor))
        return text
