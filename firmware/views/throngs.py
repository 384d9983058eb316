# Throngs' board: the sites of a triangular grid with their links.  Every decision is one step:
# a site (deploy on an empty one, capture an enemy stone, pick up your own), then, while a stone
# is in flight, its destination (its own site: it stays); "pass" and the pie choice are
# buttons.  The potentials of the selectable sites (or the route costs while a stone is in
# flight) are written on them where the screen has room.  The torus is drawn as its rhombus
# with a ring of faded sites around it: the opposite edge's sites and stones, where the wrap
# leads.  A board's holes (Perforated 54) are dark dots on colour screens, gaps on mono.
from array import array

from firmware.views.base import BUTTON, View as BaseView, table_points
from shared_rules.throngs.rules import (BLACK, CAPTURE, CHOOSE, DEPLOY, DEST, KIND_MASK, MOVE, PASS, PLACE_BLACK,
                                  PLACE_WHITE, SITE_MASK, choice)

_PASS = BUTTON
_BLACK = BUTTON + 1
_WHITE = BUTTON + 2


_TORUS_SIDE = 9


class View(BaseView):
    def __init__(self, ui, game):
        # The torus: one ring of faded sites around the rhombus (x = 2c + r, y from the top).
        self.torus = game.options["board"] == "torus81"
        self.dx = 3 if self.torus else 0
        self.dy = 1 if self.torus else 0
        ex, ey = game.extent()
        ex += 2 * self.dx
        ey += 2 * self.dy
        # Sites are `u` pixels per half step apart across, u * sqrt(3) between rows.
        self.ASPECT = max(1, ex * 1000 // max(1, ey * 1732 // 1000) // 10)
        BaseView.__init__(self, ui, game)
        bx, by, bw, bh = ui.board_rect
        u = min((bw - 4) * 1000 // (ex * 1000 + 2000), (bh - 4) * 1000 // (ey * 1732 + 2000))
        self.u = max(u, 2)
        u = self.u
        self.x0 = bx + (bw - ex * u) // 2
        self.y0 = by + (bh - ey * u * 1732 // 1000) // 2
        self.r = max(1, u - (1 if u > 3 else 0))
        self.cursor_r = self.r + 1
        # Every site's place on the screen, computed once.
        n = game.n
        self.xs = array("h", [0] * n)
        self.ys = array("h", [0] * n)
        for s in range(n):
            x, y = game.site_xy(s)
            self.xs[s], self.ys[s] = self.grid_xy(x + self.dx, y + self.dy)
        self.holes = [self.grid_xy(x + self.dx, y + self.dy) for x, y in game.holes()]
        if ui.color:
            from firmware import palette as p
            self.wood = p.BROWN
            self.line = p.GREY
            self.stone = (p.BLACK, p.WHITE)
            self.edge = (p.GREY, p.GREY)
            self.ink = (p.YELLOW, p.YELLOW, p.RED)    # digits on an empty site, Black, White
            self.faded = (p.DARK_GREY, p.LIGHT_GREY)  # the wrap ring's stones, and its links
            self.hole = p.DARK_RED
        else:
            self.wood = -1

    # --- steps ------------------------------------------------------------------------------
    def step_key(self, move, depth):
        if depth:
            return -1
        kind = move & KIND_MASK
        if kind == PASS:
            return _PASS
        if kind == CHOOSE:
            return _BLACK if move == choice(BLACK) else _WHITE
        return move & SITE_MASK

    def button_label(self, key):
        return ("Pass|P", "Black|B", "White|W")[key - BUTTON]

    def places_xy(self, depth, keys):
        return table_points(keys, self.xs, self.ys)

    def site_xy(self, site):
        return self.xs[site], self.ys[site]

    def grid_xy(self, x, y):
        return self.x0 + x * self.u, self.y0 + y * self.u * 1732 // 1000

    def torus_xy(self, row, col):
        """Screen point of torus row `row` (from the bottom), column `col`, either may be one
        past the rhombus (the wrap ring)."""
        return self.grid_xy(2 * col + row + self.dx, _TORUS_SIDE - 1 - row + self.dy)

    def cell_xy(self, depth, key):
        return self.site_xy(key)

    # --- drawing ----------------------------------------------------------------------------
    def token(self, x, y, r, player):
        colour = self.game.colour_of(player) - 1
        if self.wood < 0:
            self.ui.token(x, y, r, colour)
            return
        self.ui.fb.ellipse(x, y, r, r, self.stone[colour], True)
        self.ui.fb.ellipse(x, y, r, r, self.edge[colour], False)

    def draw_fixed(self, fb):
        game = self.game
        xs, ys = self.xs, self.ys
        if self.wood >= 0:
            ex, ey = game.extent()
            ex += 2 * self.dx
            ey += 2 * self.dy
            m = self.u + 2
            fb.fill_rect(self.x0 - m, self.y0 - m, ex * self.u + 2 * m,
                         ey * self.u * 1732 // 1000 + 2 * m, self.wood)
            line = self.line
        else:
            line = 1
        if self.torus:
            self.draw_wrap_links(fb, line)
            return
        lines = self.wood >= 0 or self.u >= 4
        for s in range(game.n):
            x, y = xs[s], ys[s]
            if lines:
                for t in game.neighbours(s):
                    if t > s:
                        fb.line(x, y, xs[t], ys[t], line)
            else:
                fb.pixel(x, y, 1)    # small mono boards: dots, lines would drown the stones
        if self.wood >= 0:
            r = max(1, self.r // 3)
            for x, y in self.holes:  # no site here: lines and jumps stop at it
                fb.ellipse(x, y, r, r, self.hole, True)

    def draw_board(self, builder, last):
        game = self.game
        ui = self.ui
        n = game.n
        board = game.board
        r = self.r
        if self.torus:
            self.draw_wrap_stones()
        for s in range(n):
            v = board[s]
            if v:
                x, y = self.site_xy(s)
                self.token(x, y, r, game.player_of(v))
        for move in last:
            kind = move & KIND_MASK
            if kind != PASS and kind != CHOOSE:
                x, y = self.site_xy(move & SITE_MASK)
                self.ring(x, y, r + 1, ui.last)
        self.ring_shape(self.site_xy, r + 1)
        flying = game.flight()
        if flying is not None:
            x, y = self.site_xy(flying[0])
            self.ring(x, y, r + 2, ui.cursor)
        if builder is not None:
            if ui.color and self.u >= 6 and flying is None:
                self.write_potentials(builder, flying)
            else:
                self.mark_targets(builder, max(1, r // 2))

    def draw_wrap_links(self, fb, line):
        """The torus: links inside the rhombus, then faded links out to a ring of sites one step
        beyond each edge, the sites of the opposite edge that they are."""
        side = _TORUS_SIDE
        lines = self.wood >= 0 or self.u >= 4
        faded_line = self.faded[1] if self.wood >= 0 else line
        for row in range(-1, side + 1):
            for col in range(-1, side + 1):
                inside = 0 <= row < side and 0 <= col < side
                x, y = self.torus_xy(row, col)
                if lines:
                    for dr, dc in ((0, 1), (1, 0), (1, -1)):
                        r2, c2 = row + dr, col + dc
                        inside2 = 0 <= r2 < side and 0 <= c2 < side
                        if (inside or inside2) and -1 <= r2 <= side and -1 <= c2 <= side:
                            tx, ty = self.torus_xy(r2, c2)
                            fb.line(x, y, tx, ty, line if inside and inside2 else faded_line)
                if inside and not lines:
                    fb.pixel(x, y, 1)    # small mono boards: dots, lines would drown the stones

    def draw_wrap_stones(self):
        """The torus: the stones of the opposite edge on the ring around the rhombus."""
        board = self.game.board
        side = _TORUS_SIDE
        for row in range(-1, side + 1):
            for col in range(-1, side + 1):
                if 0 <= row < side and 0 <= col < side:
                    continue
                v = board[row % side * side + col % side]
                if v:
                    x, y = self.torus_xy(row, col)
                    self.ghost(x, y, v)

    def ghost(self, x, y, colour):
        """A stone of the wrap ring: faded on colour screens, small on mono."""
        r = max(1, self.r // 2)
        if self.wood < 0:
            self.ui.token(x, y, r, self.game.player_of(colour))
        else:
            self.ui.fb.ellipse(x, y, self.r, self.r, self.faded[colour - 1], True)

    def write_potentials(self, builder, flying):
        """Each selectable site's action potential, written on it."""
        game = self.game
        fb = self.ui.fb
        if flying is not None:
            return
        board = game.board
        for key in builder.targets:
            if key >= BUTTON:
                continue
            x, y = self.site_xy(key)
            fb.text(str(game.potential(key)), x - 3, y - 3, self.ink[board[key]])
    def stones(self, player):
        colour = self.game.colour_of(player)
        count = 0
        for v in self.game.board:
            if v == colour:
                count += 1
        return count

    def info(self):
        game = self.game
        count = [0, 0, 0]
        for v in game.board:
            count[v] += 1
        b, w = game.player_of(1), game.player_of(2)
        flying = game.flight()
        moves = game.legal_moves()
        kind = moves[0] & KIND_MASK if moves else 0
        if kind == PLACE_BLACK or kind == PLACE_WHITE or kind == CHOOSE:
            # The pie start: stones to place, then the other player picks a colour.
            what = "place B" if kind == PLACE_BLACK else ("place W" if kind == PLACE_WHITE else "pick")
            return ["Pie: %s|%s" % (what, what), "B%d W%d" % (count[1], count[2])]
        if self.narrow:
            return ["B%d W%d" % (count[1], count[2]), "S%d:%d" % (game.score(b), game.score(w)),
                    ("P%d" % flying[1]) if flying is not None else ("M%d/2" % game.maneuver())]
        return ["B%d W%d" % (count[1], count[2]), "Sc %d:%d" % (game.score(b), game.score(w)),
                ("Power %d" % flying[1]) if flying is not None else ("Man %d/2" % game.maneuver())]

    def describe(self, builder):
        game = self.game
        if builder.cursor_count() != 1:
            return ""
        move = builder.cursor_move()
        kind = move & KIND_MASK
        text = game.move_to_text(move)
        if kind == DEPLOY or kind == CAPTURE or kind == MOVE:
            text += " p%d" % game.potential(move & SITE_MASK)
        elif kind == DEST and game.flight() is not None and (move & SITE_MASK) == game.flight()[0]:
            text += " stay"
        return text
