# What every board view shares.  A view draws one game's board into ui.board_rect and splits
# each legal move into steps for the cursor (see firmware/builder.py):
#
#   step_key(move, depth) -> key of the move's depth-th step, or -1 when it has no such step
#   cell_xy(depth, key)   -> screen centre of a step's place on the board (ints)
#   draw(builder, last)   -> the board; `builder` is None while nobody is choosing (AI, game
#                            over); `last` lists the decisions of the latest turn to highlight
#   info()                -> short status lines: counts, scores, dice
#
# Steps that are not places on the board ("pass", "end turn", a piece to pick) are buttons:
# keys from BUTTON up, laid out in the status area (ui.button_rect); button_label(key) names them.
from micropython import const

from firmware.ui import PANEL

BUTTON = const(30000)


class View:
    ASPECT = 100    # the board's width / height * 100: the app picks the layout that fits it
    looking = False  # the player scrolled the board away from the cursor (look())

    def __init__(self, ui, game):
        self.ui = ui
        self.game = game
        ui.use_layout(self.ASPECT)
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

    def screen_xy(self, depth, key):
        """Where a step's place is drawn now (differs from cell_xy in a view that scrolls)."""
        return self.cell_xy(depth, key)

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
    def draw(self, builder, last):
        raise NotImplementedError

    def info(self):
        return []

    def describe(self, builder):
        """The move being built, in words, for the help line."""
        moves = builder.cursor_moves()
        if len(moves) == 1:
            return self.game.move_to_text(moves[0])
        return ""

    def token(self, x, y, r, player):
        """A player's piece (also the status line's turn marker)."""
        self.ui.token(x, y, r, player)

    def mark_targets(self, builder, r):
        """Small dots on the places the cursor can go (buttons are drawn by the app)."""
        if builder is None or not self.ui.show_targets:
            return
        depth = builder.depth()
        fb = self.ui.fb
        c = self.ui.target
        for key in builder.targets:
            if key < BUTTON:
                x, y = self.screen_xy(depth, key)
                if r >= 2:
                    h = r // 2
                    fb.fill_rect(x - h, y - h, 2 * h + 1, 2 * h + 1, c)
                else:
                    fb.pixel(x, y, c)

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
