# Tholian Go's board: the light web is the honeycomb (its nodes are the hexagon corners, on
# zigzag lines), the dark web the hexagon centres.  A player's two tokens on the ends of an edge
# make a barrier: the edge is drawn in their colour.  Decisions are the game's own: the first
# step of a move is two steps here (the token, then where it goes), each next node of a push
# one step, a placement one; "end", "pass", "accept", "decline" are buttons.  The path being
# pushed is drawn as it grows; B takes back its last decision.
from array import array

from firmware.drawlog import DrawLog  # noqa: F401  (the log's type, for the checker)
from firmware.ui import TOP
from firmware.views.base import BUTTON, View as BaseView, table_points
from shared_rules.tholian_go.rules import ACCEPT, DECLINE, END, OFFER, PASS, SPECIAL, STEP, special_move, step_slot
from shared_rules.tholian_go.geometry import SLOTS

_SPECIALS = {END: "End", PASS: "Pass", ACCEPT: "Accept", DECLINE: "Decline"}


class View(BaseView):
    def __init__(self, ui, game):
        g = game.space
        self.g = g
        # A regular honeycomb of circumradius R: columns R*sqrt(3)/2 apart, lines 3R/2 apart,
        # each corner R/4 above or below its line's middle (valleys and peaks).
        self.ASPECT = (g.cols - 1) * 866 // ((g.lines - 1) * 15 + 5)
        BaseView.__init__(self, ui, game)
        R = self.fit()
        if R < 8 and ui.mode != TOP:
            # Too small to read (128x64): the board across the whole width, two status lines
            # above it, and the view scrolls up and down to follow the cursor.
            from firmware import layout
            layout.use_layout(ui, 1000, 2)
            R = min(10, self.fit(False))
        self.R = max(R, 4)
        R = self.R
        bx, by, bw, bh = ui.board_rect
        self.dx = R * 866 // 1000
        self.ls = 3 * R // 2
        self.zig = max(1, R // 4)
        width = (g.cols - 1) * self.dx
        height = (g.lines - 1) * self.ls + 2 * self.zig
        margin = R * 2 // 5 + 1
        self.x0 = bx + (bw - width) // 2
        # Line 1's middle when the whole board fits; else the board's top starts at the top,
        # and `pan` (<= 0) moves it up to show the rest.
        if height + 2 * margin <= bh:
            self.ybase = by + (bh - height) // 2 + height - self.zig
            self.scroll = 0
        else:
            self.ybase = by + margin + height - self.zig
            self.scroll = height + 2 * margin - bh
        self.pan = -self.scroll     # start on Red's end, at the bottom
        self.followed = None        # the last turn follow() has scrolled to
        # Every node's place on the board (the screen's y is this + pan), computed once (with
        # locals: a new game's first screen waits for it).
        n = g.n
        nd = g.n_dark
        xs = self.xs = array("h", bytes(2 * n))
        ys = self.ys = array("h", bytes(2 * n))
        # Each node's kind: 0 dark, 1 and 2 light below and above its line's middle.
        kinds = self.kinds = bytearray(n)
        x0 = self.x0
        dx = self.dx
        ls = self.ls
        zig = self.zig
        top = self.ybase + ls    # y = top - line * ls, and a light node's zigzag
        for node in range(n):
            x = g.xs[node]
            y = g.ys[node]
            xs[node] = x0 + x * dx
            if node < nd:
                ys[node] = top - y * ls - ls // 2
            elif (x + y) & 1:
                ys[node] = top - y * ls + zig
                kinds[node] = 1
            else:
                ys[node] = top - y * ls - zig
                kinds[node] = 2
        self.r_light = max(1, R * 3 // 10)
        self.r_dark = max(2, R * 2 // 5)
        self.cursor_r = self.r_light + 2
        self.boxes = self.token_boxes()
        if ui.color:
            from firmware import palette as p
            self.web = p.DARK_GREY
            self.hub = p.GREY
            self.light = (p.RED, p.BLUE)
            self.dark = (p.DARK_RED, p.NAVY)
        else:
            self.web = -1
            # One colour: the cursor's corners clear of the largest token by a gap.
            self.cursor_r = self.r_dark + 2

    def small(self):
        """The code only a scrolling or a mono screen needs (firmware/views/tholian_go_small.py)."""
        from firmware.views import tholian_go_small
        return tholian_go_small

    def draw_cursor(self, builder):
        if self.web >= 0:
            BaseView.draw_cursor(self, builder)
        else:
            self.small().draw_cursor(self, builder)

    def mark_selected(self, node):
        """The token chosen as the move's first step: a ring round it (mono: its inside
        inverted, which keeps it inside its own shape, apart from its neighbours)."""
        if self.web >= 0:
            x, y = self.node_xy(node)
            self.ring(x, y, self.r_dark + 1, self.ui.cursor)
        else:
            self.small().mark_selected(self, node)

    def token_boxes(self):
        """Per node kind, the box round a node (left, top, width, height from the node) that
        holds its token and every barrier it can end (DrawLog.areas): a played move sends the
        boxes of the tokens it changed.  A dark node's barriers reach the next centre along
        its row and the four on the rows above and below; a light node's, the next corners
        along its line (2 zig lower or higher) and the one straight below or above it."""
        dx = self.dx
        ls = self.ls
        zig = self.zig
        thick = 1 if self.R >= 12 else 0       # (draw_lines: a second line one pixel right)
        rd = self.r_dark
        rl = self.r_light
        side = max(dx, rl)
        boxes = array("h", bytes(2 * 12))
        # (left, up, right, down) of each kind: dark, light below and above its line's middle
        for k, left, up, right, down in ((0, max(2 * dx, rd), max(ls, rd), max(2 * dx + thick, rd), max(ls, rd)),
                                         (4, side, max(2 * zig, rl), side + thick, max(ls - 2 * zig, rl)),
                                         (8, side, max(ls - 2 * zig, rl), side + thick, max(2 * zig, rl))):
            boxes[k] = -left
            boxes[k + 1] = -up
            boxes[k + 2] = left + right + 1
            boxes[k + 3] = up + down + 1
        return boxes

    def seam(self):
        """How far apart two ends of a drawn edge are at most across (an edge across the
        periodic space's seam is not drawn)."""
        return 2 * self.dx if self.g.periodic else 1 << 14

    def fit(self, both=True):
        """The largest circumradius that fits the board rect (its width only if not `both`)."""
        g = self.g
        bx, by, bw, bh = self.ui.board_rect
        # The margin holds half a dark token (2R/5) beyond the outer nodes.
        across = bw * 1000 // max(1, (g.cols - 1) * 866 + 800)
        if not both:
            return across
        return min(across, bh * 10 // ((g.lines - 1) * 15 + 5 + 8))

    # --- steps ------------------------------------------------------------------------------
    def step_key(self, move, depth):
        # move_kind() and move_node() inlined (the rules' encoding: the kind in the low 2 bits,
        # the node above them): the builder asks for every move of a decision, and a call each
        # would be most of its time.
        kind = move & 3
        if kind == STEP:
            # The token's node, then its neighbour's (move_nodes() would make a list per move).
            if depth == 0:
                return (move >> 2) & 511
            return self.g.adj[((move >> 2) & 511) * SLOTS + step_slot(move)] if depth == 1 else -1
        if kind == SPECIAL:
            if move == OFFER or depth:
                return -1    # draws are offered from the pause menu
            return BUTTON + ((move >> 2) & 511)
        return (move >> 2) & 511 if depth == 0 else -1      # next node of a path, or a placement

    def button_label(self, key):
        return _SPECIALS.get(special_move(key - BUTTON), "?")

    def node_xy(self, node):
        return self.xs[node], self.ys[node] + self.pan

    def cell_xy(self, depth, key):
        # For the cursor: board coordinates, which do not change as the view scrolls.
        x, y = self.node_xy(key)
        return x, y - self.pan

    def places_xy(self, depth, keys):
        return table_points(keys, self.xs, self.ys)     # cell_xy: the board's coordinates

    def pan_y(self):
        return self.pan

    def start_xy(self):
        bx, by, bw, bh = self.ui.board_rect
        return bx + bw // 2, by + bh // 2 - self.pan

    # --- drawing ----------------------------------------------------------------------------
    def token(self, x, y, r, player):
        """A light token (the status line's turn marker; the board's are draw_tokens')."""
        if self.web < 0:
            self.ui.token(x, y, r, player)
        else:
            self.ui.fb.ellipse(x, y, r, r, self.light[player], True)

    def look(self, dy):
        if not self.scroll:
            return False
        pan = min(0, max(-self.scroll, self.pan - dy * (self.ui.board_rect[3] // 3)))
        if pan == self.pan:
            return False
        self.pan = pan
        self.looking = True
        return True

    def can_move_cursor(self, builder):
        if not self.scroll:
            return True
        if builder.cursor < 0 or builder.cursor >= BUTTON:
            return False    # follow() would look at the path or the last move instead
        pan = self.pan
        self.small().follow(self, builder, ())
        return self.pan == pan

    def draw(self, builder, last):
        if self.scroll and not self.looking:
            self.small().follow(self, builder, last)      # first: the fixed drawing depends on the pan
        BaseView.draw(self, builder, last)

    def fixed_key(self):
        return self.pan

    def draw_lines(self, fb, first, end, colours, c=0):
        """The edges first..end-1 whose two nodes hold one player's tokens, in `colours`' of
        that player, or with `colours` None every one, in `c`; an edge across the periodic
        space's seam is not drawn.  Node places read from the tables, not through node_xy():
        a call per node was most of a new game's drawing on the device."""
        g = self.g
        board = self.game.board
        xs = self.xs
        ys = self.ys
        pan = self.pan
        eu = g.eu
        ev = g.ev
        line = fb.line
        every = colours is None
        seam = self.seam()
        thick = not every and self.R >= 12
        for e in range(first, end):
            a = eu[e]
            b = ev[e]
            if not every:
                owner = board[a]
                if not owner or owner != board[b]:
                    continue
                c = colours[owner - 1]
            ax = xs[a]
            bx = xs[b]
            if ax - bx > seam or bx - ax > seam:
                continue
            ay = ys[a] + pan
            by = ys[b] + pan
            line(ax, ay, bx, by, c)
            if thick:
                line(ax + 1, ay, bx + 1, by, c)

    def draw_fixed(self, fb):
        g = self.g
        colour = self.web >= 0
        xs = self.xs
        ys = self.ys
        pan = self.pan
        # The light web: every side of the honeycomb (barriers are drawn over it).
        if colour or self.R >= 8:
            self.draw_lines(fb, 0, g.n_light_edges, None, self.web if colour else 1)
        for node in range(g.n_dark):
            if colour:
                fb.ellipse(xs[node], ys[node] + pan, 1, 1, self.hub, True)
            else:
                fb.pixel(xs[node], ys[node] + pan, 1)
        if not colour and self.R < 8:
            for node in range(g.n_dark, g.n):
                fb.pixel(xs[node], ys[node] + pan, 1)
        # Double-circled nodes: a ring in the colour of the player who aims at it.
        for player in (0, 1):
            c = self.light[player] if colour else 1
            r = self.r_light + 2
            for node in g.targets[player]:
                x, y = self.node_xy(node)
                fb.ellipse(x, y, r, r, c, False)

    def draw_board(self, builder, last):
        game = self.game
        g = self.g
        ui = self.ui
        fb = ui.fb
        colour = self.web >= 0
        # Barriers: an edge whose two tokens are one player's, in their colour (light sides
        # over the web, dark edges as lines between two hexagon centres).  They and the tokens
        # go straight on the framebuffer, the log (View.draw) keeps an area per token instead.
        log = ui.fb     # type: DrawLog  # pyright: ignore[reportAssignmentType]
        self.draw_lines(log.fb, 0, g.n_light_edges, self.light if colour else (1, 1))
        self.draw_lines(log.fb, g.n_light_edges, g.n_edges, self.dark if colour else (1, 1))
        self.draw_tokens(log.fb)
        log.areas(game.board, self.xs, self.ys, self.pan, self.kinds, self.boxes)
        # The last turn's nodes ringed once each (a token stepped on and off again was ringed
        # twice: two equal calls in the log, which changes() tells apart the slow way).
        ringed = []
        for move in last:
            for node in game.move_nodes(move):
                if node not in ringed:
                    ringed.append(node)
                    x, y = self.node_xy(node)
                    self.ring(x, y, self.r_light + 1, ui.last)
        self.ring_shape(self.node_xy, self.r_light + 1)
        route = game.route_nodes()
        if route:
            self.draw_path(route)
        if builder is not None:
            if builder.prefix:
                self.mark_selected(builder.prefix[0])
            self.mark_targets(builder, max(1, self.r_light // 2))
        if self.scroll:
            # Where the screen is on the board: a bar at the right edge.
            bx, by, bw, bh = ui.board_rect
            full = bh + self.scroll
            fb.fill_rect(bx + bw - 2, by, 2, bh, ui.bg)
            fb.fill_rect(bx + bw - 2, by + (-self.pan) * bh // full, 2, bh * bh // full, ui.dim)

    def draw_tokens(self, fb):
        board = self.game.board
        xs = self.xs
        ys = self.ys
        pan = self.pan
        nd = self.g.n_dark
        if self.web < 0:    # mono: the shapes of ui.token
            for node in range(self.g.n):
                if board[node]:
                    dark = node < nd
                    self.ui.token(xs[node], ys[node] + pan, self.r_dark if dark else self.r_light, board[node] - 1, dark)
            return
        ellipse = fb.ellipse
        r = self.r_dark
        for node in range(nd):
            owner = board[node]
            if owner:
                y = ys[node] + pan
                ellipse(xs[node], y, r, r, self.dark[owner - 1], True)
                ellipse(xs[node], y, r, r, self.light[owner - 1], False)
        r = self.r_light
        light = self.light
        for node in range(nd, self.g.n):
            owner = board[node]
            if owner:
                ellipse(xs[node], ys[node] + pan, r, r, light[owner - 1], True)

    def draw_path(self, route):
        """The push under construction: its nodes joined in the cursor colour."""
        fb = self.ui.fb
        c = self.ui.cursor
        px, py = self.node_xy(route[0])
        self.ring(px, py, self.r_dark + 1, c)
        for node in route[1:]:
            x, y = self.node_xy(node)
            fb.line(px, py, x, y, c)
            self.ring(x, y, self.r_light + 2, c)
            px, py = x, y

    def stones(self, player):
        dark, light = self.game.counts(player)
        return dark + light

    def info(self):
        game = self.game
        rd, rl = game.counts(0)
        bd, bl = game.counts(1)
        player, dark_done, light_done, pushes = game.turn_state()
        hand = game.hand
        # The most important first (a short status line keeps them): Oracle's dice, the
        # free push, the hand, the turn's moves, the counts; each "long|short".
        lines = []
        dice = game.dice_text()
        if dice:
            lines.append("dice %s|%s" % (dice, dice))
        if pushes:
            lines.append("free push")
        if hand[0] or hand[1] or hand[2] or hand[3]:
            p = 2 * game.to_move()
            lines.append("Hand d%d l%d|H d%d l%d" % (hand[p], hand[p + 1], hand[p], hand[p + 1]))
        # (short: dark move made + or due -, light moves made)
        lines.append("D:%s L%d/2|D%s%d" % ("ok" if dark_done else "due", light_done,
                                           "+" if dark_done else "-", light_done))
        lines.append("Red %d/%d Blue %d/%d|R%d/%d B%d/%d" % (rd, rl, bd, bl, rd, rl, bd, bl))
        return lines
