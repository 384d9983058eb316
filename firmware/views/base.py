# What every board view shares.  A view draws one game's board into ui.board_rect and splits
# each legal move into steps for the cursor (see firmware/builder.py):
#
#   step_key(move, depth) -> key of the move's depth-th step, or -1 when it has no such step
#   cell_xy(depth, key)   -> screen centre of a step's place on the board (ints)
#   step_shift, places_xy -> the same for many moves / places at once (a view may do them
#                            without a call per move: the builder's hot loop)
#   draw_fixed(fb)        -> what never changes in a game (lines, holes): kept in a layer
#   draw_board(builder, last) -> the rest of the board without the cursor; `builder` is None while nobody
#                            is choosing (AI, game over); `last` lists the latest turn's decisions
#   cursor_r, or cursor_rects(builder) and draw_cursor(builder) -> what the cursor adds on top
#   info()                -> short status lines: counts, scores, dice
#   end_shape()           -> the cells that decided a finished game, for draw_board to mark
#
# Steps that are not places on the board ("pass", "end turn", a piece to pick) are buttons:
# keys from BUTTON up, laid out in the status area (ui.button_rect); button_label(key) names them.
from array import array
from micropython import const

from firmware.drawlog import DrawLog
from firmware.ui import BOARD, PANEL

BUTTON = const(30000)
_serial = [0]     # views made so far: a view's number tells the layer which board it holds


def merged(rects):
    """The rectangles, each pair whose bounding box is not much larger than the two joined
    into it: sending a rectangle has a cost of its own (the window commands, a band)."""
    out = list(rects)
    i = 0
    while i < len(out):
        x, y, w, h = out[i]
        j = i + 1
        while j < len(out):
            a, b, c, d = out[j]
            left, top = min(x, a), min(y, b)
            right, bottom = max(x + w, a + c), max(y + h, b + d)
            if (right - left) * (bottom - top) <= (w * h + c * d) * 3 // 2:
                x, y, w, h = left, top, right - left, bottom - top
                out[i] = (x, y, w, h)
                del out[j]
                j = i + 1
            else:
                j += 1
        i += 1
    return out


def table_points(keys, xs, ys):
    """The points of `keys` in a view's tables of x and y per place (places_xy)."""
    return array("h", [xs[k] for k in keys]), array("h", [ys[k] for k in keys])


class View:
    ASPECT = 100    # the board's width / height * 100: the app picks the layout that fits it
    looking = False  # the player scrolled the board away from the cursor (look())

    def __init__(self, ui, game):
        self.ui = ui
        self.game = game
        self.cursor_r = 2     # half the cursor frame's side (set by each view)
        self.kept = []        # the pixels the cursor's marks cover, as ui.keep_under() kept them
        self.shape = []       # end_shape()'s cells, of the position with shape_at decisions
        self.shape_at = -1
        _serial[0] += 1
        self.serial = _serial[0]
        from firmware import layout     # let go once the view is made (firmware/residency.py)
        layout.use_layout(ui, self.ASPECT)
        self.set_narrow()

    def set_narrow(self):
        ui = self.ui
        # A status column of a few characters, or a small screen: info() keeps its lines short.
        self.narrow = (ui.mode == PANEL and ui.panel_rect[2] < 72) or ui.cols < 24

    # --- steps ------------------------------------------------------------------------------
    def step_key(self, move, depth):
        raise NotImplementedError

    def cell_xy(self, depth, key):
        raise NotImplementedError

    def step_shift(self, moves, depth):
        """A shift s such that step_key(move, depth) == move >> s for every one of `moves`, or
        -1 (the builder then asks step_key for each)."""
        return -1

    def places_xy(self, depth, keys):
        """cell_xy(depth, key) of every key (places, not buttons), as two arrays('h') of x and y."""
        n = len(keys)
        xs = array("h", bytes(2 * n))
        ys = array("h", bytes(2 * n))
        for i in range(n):
            xs[i], ys[i] = self.cell_xy(depth, keys[i])
        return xs, ys

    def pan_y(self):
        """How far below its place (cell_xy) the board is drawn now (a view that scrolls)."""
        return 0

    def screen_xy(self, depth, key):
        """Where a step's place is drawn now."""
        x, y = self.cell_xy(depth, key)
        return x, y + self.pan_y()

    def start_xy(self):
        """The cursor starts a decision on the target nearest this point."""
        x, y, w, h = self.ui.board_rect
        return x + w // 2, y + h // 2

    def button_label(self, key):
        return "?"

    def look(self, dy):
        """Free look, for a board taller than the screen: scrolls the view one way (dy -1 up,
        1 down) when the cursor has no target further that way.  False when nothing moved."""
        return False

    # --- drawing ----------------------------------------------------------------------------
    # Everything that depends on the cursor alone is drawn last, by draw_cursor(), within
    # cursor_rects(): a cursor move then puts those pixels back and draws the new cursor, and the
    # screen is the same as after a whole redraw (tests/host/test_partial_redraw.py).
    def draw(self, builder, last):
        ui = self.ui
        ui.draw_fixed(self)
        ui.log_drawing(BOARD)    # what a played move changed is found from the calls kept
        try:
            self.draw_board(builder, last)
        finally:
            ui.log_drawing()
        self.kept = []
        self.keep_and_draw_cursor(builder)

    def draw_board(self, builder, last):
        raise NotImplementedError

    def draw_fixed(self, fb):
        """What the board looks like whatever the position (on `fb`, cleared): the same until
        fixed_key() changes, so it can be drawn once into the layer (ui.draw_fixed)."""

    def fixed_key(self):
        return 0

    def keep_and_draw_cursor(self, builder):
        if builder is None:
            return
        ui = self.ui
        for x, y, w, h in self.cursor_rects(builder):
            self.kept.append(ui.keep_under(x, y, w, h))
        self.draw_cursor(builder)

    def can_move_cursor(self, builder):
        """Whether move_cursor() can show the builder's new cursor (not if the view scrolls)."""
        return True

    def move_cursor(self, builder):
        """The cursor moved: the old cursor's pixels are put back and the new cursor drawn.
        Returns the rectangles that changed."""
        ui = self.ui
        old = self.kept
        for i in range(len(old) - 1, -1, -1):
            ui.put_back(old[i])
        self.kept = []
        self.keep_and_draw_cursor(builder)
        return merged([k[:4] for k in old] + [k[:4] for k in self.kept])

    def cursor_rects(self, builder):
        """Rectangles that hold every pixel draw_cursor() draws."""
        if builder.cursor < 0 or builder.cursor >= BUTTON:
            return []
        x, y = self.screen_xy(builder.depth(), builder.cursor)
        r = self.cursor_r
        return [(x - r, y - r, 2 * r + 1, 2 * r + 1)]

    def draw_cursor(self, builder):
        """What the cursor adds over the board: a frame round its place."""
        self.mark_cursor(builder, self.cursor_r)

    def info(self):
        return []

    def stones(self, player):
        """How many pieces `player` has on the board, where a move can take some off (a
        capture: its sound cue); -1 in a game without captures."""
        return -1

    def describe(self, builder):
        """The move being built, in words, for the help line."""
        if builder.cursor_count() == 1:
            return self.game.move_to_text(builder.cursor_move())
        return ""

    def token(self, x, y, r, player):
        """A player's piece (also the status line's turn marker)."""
        self.ui.token(x, y, r, player)

    def mark_targets(self, builder, r):
        """Small dots on the places the cursor can go (buttons are drawn by the app), where
        the builder placed them, in one call (a call per target to place it and one to draw
        it is slow on the device).  Drawn by draw_board, whose
        drawing is logged (View.draw)."""
        if builder is None or not self.ui.show_targets:
            return
        log = self.ui.fb    # type: DrawLog  # pyright: ignore[reportAssignmentType]
        h = r // 2 if r >= 2 else 0
        places = len(builder.targets) - len(builder.buttons)     # the buttons come last
        log.fill_rects(builder.xs, builder.ys, places, -h, self.pan_y() - h, 2 * h + 1, 2 * h + 1, self.ui.target)

    def mark_cursor(self, builder, r):
        if builder is None or builder.cursor < 0 or builder.cursor >= BUTTON:
            return
        x, y = self.screen_xy(builder.depth(), builder.cursor)
        c = self.ui.cursor
        self.ui.fb.rect(x - r, y - r, 2 * r + 1, 2 * r + 1, c)
        if r >= 4:
            self.ui.fb.rect(x - r + 1, y - r + 1, 2 * r - 1, 2 * r - 1, c)

    def ring(self, x, y, r, c):
        """A highlight ring (last move, chosen step)."""
        self.ui.fb.ellipse(x, y, r, r, c, False)

    def end_shape(self):
        """The cells (the rules' numbers) of the shape that decided the finished game: the rules
        compute them once per end position, not at every drawing; [] while the game goes on."""
        game = self.game
        if game.winner() < 0:
            self.shape_at = -1
            return []
        if self.shape_at != len(game.history):
            self.shape = game.end_cells()
            self.shape_at = len(game.history)
        return self.shape

    def ring_shape(self, xy, r):
        """The deciding shape, each cell (screen centre `xy(cell)`) in a double ring of radius r;
        on one colour a dark square with a lit middle (a mark on a lit or an unlit token alike), as
        rings there merge with the tokens'."""
        ui = self.ui
        fb = ui.fb
        for cell in self.end_shape():
            x, y = xy(cell)
            if ui.color:
                self.ring(x, y, r, ui.last)
                self.ring(x, y, r + 1, ui.last)
            else:
                fb.fill_rect(x - 1, y - 1, 3, 3, 0)
                fb.pixel(x, y, 1)
