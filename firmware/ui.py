# Screen and buttons for the app: colours by role, text, the layout of the play screen, and the
# blocking widgets (menu, option form, pager, yes/no) every menu screen is built from, whose
# code firmware/widgets.py holds.
#
# Everything draws into hw.fb with the built-in 8x8 font; coordinates are ints (framebuf
# refuses floats).  On a mono screen every role is 0 or 1 and pieces differ by shape.
import framebuf
from array import array
from micropython import const

from firmware.hw_base import EV_PRESS, EV_REPEAT, framebuffer
from firmware.drawlog import DrawLog, changes

# Buttons as the app sees them: the d-pad, A (choose), B (back), MENU (any of the spare keys),
# Y (hint).  Boards with only six buttons reach the pause menu with B (nothing left to cancel).
_ALIASES = {"x": "menu", "start": "menu", "select": "menu"}

# Waiting for a button, the buttons are read this often: a press waits half of it on average
# before anything is drawn.
_IDLE_MS = const(4)
# The play screen's parts whose drawing is logged (ui.log_drawing).
BOARD = const(0)
STATUS = const(1)
# What sending one more rectangle costs, in pixels sent (its window commands and calls).
# Rectangles are stacked where the pixels that adds cost less.
_RECT_PX = const(1024)
# On a mono panel rectangles to send on one band of rows are joined across gaps of up to this
# many pixels.
_JOIN = const(32)
PANEL = const(0)
TOP = const(1)
STRIP = const(2)


class UI:
    # Set by firmware/layout.py: the colours by role, and the play screen's layout.
    bg: int
    fg: int
    dim: int
    sel_bg: int
    sel_fg: int
    board: int
    grid: int
    players: tuple
    alt: tuple
    last: int
    cursor: int
    target: int
    warn: int
    accent: int
    mode: int
    strip_lines: int
    legend_y: int
    board_rect: tuple
    panel_rect: tuple
    footer_y: int

    def __init__(self, hw):
        self.hw = hw
        self.fb = hw.fb  # type: framebuf.FrameBuffer
        self.w = hw.width
        self.h = hw.height
        self.color = hw.color
        self.cols = self.w // 8
        self.line_h = 10 if self.h >= 120 else 8
        self.kept = []
        self.show_targets = True
        # False: every change redraws and sends the whole screen (what tests compare the
        # partial updates with).
        self.partial_updates = True
        self.list_shape = None      # (top, first row shown, rows) of the list last sent
        self.list_rows = None       # and the item of each of its rows (ui.menu, ui.form)
        self.form_first = 0         # the form's first row shown (it scrolls only when needed)
        # The play screen on the panel: (its key, [the DrawLogs of its BOARD and STATUS]), or
        # None when the panel shows another screen; the drawings just logged; the rectangles of
        # the play screen sent unlogged since it was shown.
        self.shown = None
        self.drawn = [DrawLog(hw.fb), DrawLog(hw.fb)]
        self.unlogged = []
        # send_bands' changes in each band of 8 rows: the first x (self.w: none) and the end x.
        bands = (self.h + 7) // 8 if self.color else 0
        self.band_x0 = array("h", [self.w] * bands)
        self.band_x1 = array("h", bytes(2 * bands))
        from firmware import layout     # let go once read (firmware/residency.py)
        layout.set_colours(self)
        layout.use_layout(self, 100)
        # Boards with the RAM keep the board's rows of the screen in a second buffer, the
        # layer: a board's fixed drawing (lines, holes, wood), drawn once per game and copied
        # under each whole redraw.  Taken here, at start-up, while the heap is in one piece;
        # sized for the layout the screen starts with (the board's rows only: on the reference
        # board 24,960 of 28,800 bytes).
        self.buffer = hw.buffer
        self.layer = None
        self.layer_key = None       # (view serial, view.fixed_key(), first byte) it holds
        self.take_layer()

    def button_rect(self, index, count):
        """Where the play screen draws the index-th of `count` buttons ("pass", "end", a piece
        to pick): stacked under the status column (two per row when there are many), or at the
        right end of the help line (status line in STRIP)."""
        lh = self.line_h
        if self.mode == PANEL:
            px, _, pw, _ = self.panel_rect
            per_row = 1 if count <= 3 else 2
            rows = (count + per_row - 1) // per_row
            bw = pw // per_row
            return (px + (index % per_row) * bw, self.h - (rows - index // per_row) * (lh + 2),
                    bw - 1, lh + 1)
        bw = self.button_width()
        return self.w - (count - index) * bw, max(0, self.footer_y - 1), bw - 2, lh

    # --- the play screen's status, in each layout ------------------------------------------
    def clear_status(self):
        """Clears the status areas (a board may spill over its rect: framebuf does not clip)."""
        px, py, pw, ph = self.panel_rect
        self.fb.fill_rect(px, py, pw, ph, self.bg)
        if self.mode == TOP:
            self.fb.fill_rect(0, self.footer_y - 1, self.w, self.h - self.footer_y + 1, self.bg)
        if self.legend_y:
            self.fb.fill_rect(0, self.legend_y, self.w, self.h - self.legend_y, self.bg)

    def draw_status(self, who, moves, info, note, buttons, building):
        """The status right of the turn marker: `who` (the player to move, or the result), the
        move number `moves`, the view's `info` lines and a `note` (a hint), around the `buttons`
        of the move being built (-1: none) and its text `building`.  Returns where the PANEL
        column's text ends (0 in the other layouts)."""
        fb = self.fb
        px, py, pw, ph = self.panel_rect
        lh = self.line_h
        text_y = py + (lh - 8) // 2
        if self.mode == PANEL:
            cols = pw // 8
            y = py
            for part in self.wrap(who, cols - 1):
                self.text(part, px + 8, y + (lh - 8) // 2)    # right of the turn marker
                y += lh
            notes = self.column_lines([note], cols) if note else []
            # A note (a hint) goes above the column's buttons whole: the counts give way to it.
            bottom = self.button_top(buttons) if buttons >= 0 else ph
            room = (bottom - y) // lh - len(notes)
            for line in self.column_lines(info, cols)[:max(0, room)]:
                self.text(line, px, y)
                y += lh
            for part in notes:
                self.text(part, px, y, self.accent)
                y += lh
            return y
        if self.mode == TOP:
            self.text(who, px + 9, text_y)
            self.text(moves, pw - 8 * len(moves), text_y, self.dim)
            self.text(self.one_line(info, self.cols), px, py + lh)
            fb.hline(0, py + 2 * lh, self.w, self.grid)
            if note:
                self.text(self.pick(note, self.cols), 0, self.footer_y, self.accent)
            return 0
        # STRIP: one line for everything: who, then a note or the counts, left of the move
        # being built and the buttons at its right end.
        # With a second line, the counts go there.
        two = self.strip_lines > 1
        right = self.w
        if buttons >= 0:
            right = self.button_left(buttons)
            if not note:     # the move being built, at the line's right end
                right -= 8 * (len(building) + 1)
        room = max(0, (right - px - 9) // 8)
        if note:
            line = who + " " + note.split("|")[0]
            if len(line) > room:
                line = self.pick(note, room)    # the note whole rather than the player's name
        else:
            rest = "" if two else self.one_line(info, room - len(who) - 1)
            line = who + " " + rest if rest else who
            if len(line) > room:
                line = ""        # the turn marker left of it says whose turn it is
        self.text(self.fit(line, room), px + 9, text_y, self.accent if note else self.fg)
        if two:
            self.text(self.one_line(info, self.cols), px, text_y + lh)
        fb.hline(0, py + ph, self.w, self.grid)
        return 0

    def one_line(self, info, room):
        """The status lines `info` in one line of at most `room` characters: each line "long|short"
        (or one form) in its short form, the most important (first) ones in their long form
        where the line has the room, and lines dropped from the end where even that is too long."""
        line = "  ".join([part.split("|")[0] for part in info])
        if len(line) <= room:
            return line
        forms = [part.split("|") for part in info]
        chosen = [form[-1] for form in forms]
        while len(" ".join(chosen)) > room and chosen:
            chosen.pop()
        for i in range(len(chosen)):
            longer = chosen[:i] + [forms[i][0]] + chosen[i + 1:]
            if len(" ".join(longer)) <= room:
                chosen = longer
        return " ".join(chosen)

    def column_lines(self, info, cols):
        """The status lines `info` in a column of `cols` characters: a line "long|short" (or of
        one form) whole, else its words on lines of their own where each fits, else its short
        form (its words on lines of their own if it is still too long)."""
        out = []
        for part in info:
            forms = part.split("|")
            text = forms[0]
            if len(text) > cols:
                for word in text.split(" "):
                    if len(word) > cols:
                        text = forms[-1]
                        break
            out += self.wrap(text, cols) if len(text) > cols else [text]
        return out

    def pick(self, text, room):
        """A label "long|short" (or of one form) in the form that fits `room` characters."""
        forms = text.split("|")
        return self.fit(forms[0] if len(forms[0]) <= room else forms[-1], room)

    def draw_buttons(self, view, builder, note, text, legend, free_y):
        """The move builder's buttons (labelled by `view`), then, unless there is a `note`, the
        move being built (`text`) and the button `legend` (parts) in the room left (PANEL: the
        column below `free_y`, where draw_status's text ended)."""
        buttons = len(builder.buttons)
        for i in range(buttons):
            key = builder.buttons[i]
            x, y, w, h = self.button_rect(i, buttons)
            selected = key == builder.cursor
            if selected:
                self.fb.fill_rect(x, y, w, h, self.sel_bg)
            else:
                self.fb.rect(x, y, w, h, self.grid)
            label = self.pick(view.button_label(key), w // 8)
            self.text(label, x + (w - 8 * len(label)) // 2, y + (h - 8) // 2,
                    self.sel_fg if selected else self.fg)
        if note:
            return
        # The move being built, then the button legend in the room left (TOP: the help line's
        # right part; PANEL: the column above the move's lines).
        right = self.button_left(buttons) - 1
        if self.mode == PANEL:
            x, y, w, h = self.panel_rect
            bottom = self.button_top(buttons) - 1
            lines = self.wrap(text, w // 8) if text else []
            room = (bottom - free_y) // self.line_h
            lines = lines[:max(0, min(3, room))]
            y0 = bottom - len(lines) * self.line_h
            for i in range(len(lines)):
                self.text(lines[i], x, y0 + i * self.line_h, self.accent)
            parts = legend or []
            if (y0 - free_y) // self.line_h >= len(parts) and parts \
                    and len(parts[0]) <= w // 8:
                y0 -= len(parts) * self.line_h
                for i in range(len(parts)):
                    self.text(self.fit(parts[i], w // 8), x, y0 + i * self.line_h, self.dim)
        elif self.mode == TOP and len(text) > right // 8:
            # The buttons take the help line: the move goes on the status line, left of "#n".
            text = self.fit(text, self.cols - 16)      # clear of the player's name and "#n"
            self.text(text, self.w - 8 * (len(text) + 5), self.panel_rect[1] + (self.line_h - 8) // 2, self.accent)
        else:
            text = self.fit(text, right // 8)
            x = 0 if self.mode == TOP else right - 8 * len(text)
            self.text(text, x, max(0, self.footer_y), self.accent)
            if self.legend_y and legend:
                line = self.one_line(legend, self.cols)
                self.text(line, (self.w - 8 * len(line)) // 2, self.legend_y, self.dim)
            if self.mode == TOP and legend:
                room = right // 8 - len(text) - 2
                line = ""
                for part in legend:
                    if len(line) + len(part) + (1 if line else 0) <= room:
                        line = line + " " + part if line else part
                self.text(line, right - 8 * len(line), self.footer_y, self.dim)

    def button_width(self):
        return self.w // 6 if self.mode == TOP else min(self.w // 4, 44)

    def button_top(self, count):
        """The y above the column's buttons (PANEL), for text that must not cover them."""
        rows = count if count <= 3 else (count + 1) // 2
        return self.h - rows * (self.line_h + 2)

    def button_left(self, count):
        """The x left of the buttons on the help (or status) line."""
        return self.w - count * self.button_width()

    def spinner_rect(self):
        """The AI-thinking indicator's place: the bottom of the column, or the line's right end."""
        px, py, pw, _ = self.panel_rect
        lh = self.line_h
        if self.mode == PANEL:
            return px, self.h - lh - 2, pw, lh + 2
        width = min(80, self.w // 3)
        return self.w - width, max(0, self.footer_y - 1), width, lh

    # --- drawing ----------------------------------------------------------------------------
    def clear(self, c=-1):
        self.fb.fill(self.bg if c < 0 else c)

    def text(self, s, x, y, c=-1):
        if c < 0:       # (a frame within 11 words, off the heap: see tools/vm/mpy_frames.py)
            c = self.fg
        self.fb.text(drawable(s), x, y, c)

    def fit(self, s, room):
        """`s` cut to `room` characters, the box it is drawn in (a test's hw.clipped hears of it)."""
        if len(s) <= room:
            return s
        if self.hw.clipped is not None:
            self.hw.clipped.append((s, room))
        return s[:max(0, room)]

    def show(self):
        self.shown = None
        self.hw.show()

    def log_drawing(self, part=-1):
        """Until log_drawing() with no part, what is drawn on self.fb goes through a new DrawLog
        of `part` of the play screen (BOARD: the position, STATUS: the status areas)."""
        if part < 0:
            self.fb = self.hw.fb
            return
        log = DrawLog(self.hw.fb)
        self.drawn[part] = log
        self.fb = log  # pyright: ignore[reportAttributeAccessIssue]  (it draws like a FrameBuffer)

    def show_play(self, key, rects):
        """Sends the play screen just drawn, its parts logged (`key`: its view and fixed
        drawing).  When the panel shows the same view's play screen, only what can differ:
        where the logged drawings differ, the rectangles `rects` (the cursor's, old and new) and
        what was sent unlogged since (the AI's indicator); else the whole screen."""
        shown = self.shown
        if self.partial_updates and shown is not None and shown[0] == key:
            for part in (BOARD, STATUS):
                changes(shown[1][part], self.drawn[part], rects)
            self.send_rects(rects + self.unlogged)
        else:
            self.show()
        self.shown = (key, list(self.drawn))
        self.unlogged = []

    def show_status_change(self, rects):
        """After a cursor move, the status drawn again (logged): sends `rects` (the cursor's)
        and where the status differs from the one on the panel.  False when the panel shows
        no play screen."""
        if self.shown is None:
            return False
        changes(self.shown[1][STATUS], self.drawn[STATUS], rects)
        self.send_rects(rects + self.unlogged)
        self.shown[1][STATUS] = self.drawn[STATUS]
        self.unlogged = []
        return True

    def show_unlogged(self, x, y, w, h):
        """Sends a rectangle of the play screen drawn without a log (the AI's indicator): the
        next update of the play screen sends it again."""
        self.hw.show(x, y, w, h)
        if self.shown is not None:
            self.unlogged.append((x, y, w, h))

    def send_rects(self, rects):
        """Sends the rectangles on the screen, a band of 8 rows at a time, in whole 8-pixel
        columns (the colour driver expands those a word at a time, any other a pixel at a time),
        joined where more pixels cost less than another
        rectangle: how much depends on the panel (send_bands, send_spans)."""
        w, h = self.w, self.h
        x0s = self.band_x0
        x1s = self.band_x1
        spans = None if self.color else []     # mono: band << 20 | first x << 10 | end x
        for x, y, rw, rh in rects:
            end = (x + rw + 7) & ~7
            if end > w:
                end = w
            x = x & ~7 if x > 0 else 0
            bottom = y + rh
            if bottom > h:
                bottom = h
            if y < 0:
                y = 0
            if x < end and y < bottom:
                for band in range(y >> 3, ((bottom - 1) >> 3) + 1):
                    if spans is not None:
                        spans.append(band << 20 | x << 10 | end)
                        continue
                    if x < x0s[band]:
                        x0s[band] = x
                    if end > x1s[band]:
                        x1s[band] = end
        if spans is None:
            self.send_bands()
        else:
            self.send_spans(spans)

    def send_bands(self):
        """send_rects on a colour panel (SPI: a rectangle's commands cost as much as ~1,000
        pixels), from each band's span from its leftmost change to its rightmost (band_x0,
        band_x1; emptied): the spans of successive bands are stacked into one rectangle where
        the pixels that adds cost less than another rectangle (_RECT_PX), and over a band
        without changes between two that do where the same holds.  (No sort, dict or tuple:
        they would slow every played move.)"""
        w, h = self.w, self.h
        x0s = self.band_x0
        x1s = self.band_x1
        first = -1      # the rectangle being stacked: bands first..last, columns x0..x1
        last = x0 = x1 = 0
        for band in range(len(x0s)):
            a = x0s[band]
            if a >= w:
                continue
            z = x1s[band]
            x0s[band] = w
            x1s[band] = 0
            if first >= 0:
                left = a if a < x0 else x0
                right = z if z > x1 else x1
                if (right - left) * (band - first + 1) - (x1 - x0) * (last - first + 1) - (z - a) <= _RECT_PX // 8:
                    x0, x1, last = left, right, band
                    continue
                self.hw.show(x0, first * 8, x1 - x0, min(h, last * 8 + 8) - first * 8)
            first, last, x0, x1 = band, band, a, z
        if first >= 0:
            self.hw.show(x0, first * 8, x1 - x0, min(h, last * 8 + 8) - first * 8)

    def send_spans(self, keys):
        """send_rects on a mono panel (I2C: a pixel costs as much as 1/160 of a rectangle's
        commands there), from the spans of each band (`keys`): joined across gaps of up to
        _JOIN pixels; equal spans of successive bands make one rectangle."""
        h = self.h
        keys.sort()
        out = []        # [x0, first band, x1, last band]
        above = {}      # (x0, x1) -> its rectangle in `out`, open from the band above
        here = {}
        band = -1
        x0 = x1 = 0
        for key in keys + [1 << 30]:     # (a last key closes the last span)
            b, a, z = key >> 20, (key >> 10) & 1023, key & 1023
            if b == band and a - x1 <= _JOIN:
                if z > x1:
                    x1 = z
                continue
            if band >= 0:
                span = (x0, x1)
                i = above.get(span)
                if i is None:
                    i = len(out)
                    out.append([x0, band, x1, band])
                else:
                    out[i][3] = band
                here[span] = i
            if b != band:
                if b != band + 1:
                    here = {}       # a band without changes between: nothing to stack on
                above, here = here, {}
            band, x0, x1 = b, a, z
        for x0, b0, x1, b1 in out:
            self.hw.show(x0, b0 * 8, x1 - x0, min(h, b1 * 8 + 8) - b0 * 8)

    def board_bytes(self):
        """The span of the framebuffer's bytes that holds the board's rows (whole pages on mono)."""
        _, y, _, h = self.board_rect
        if self.color:
            stride = (self.w + 1) // 2
            return y * stride, (y + h) * stride
        return (y // 8) * self.w, ((y + h + 7) // 8) * self.w

    def take_layer(self):
        """The layer, if the board has the RAM for it and it is not held already (a game
        starts: drop_layer may have given it back); without it the board's fixed drawing is
        drawn at every whole redraw."""
        if self.hw.layer and self.layer is None:
            start, end = self.board_bytes()
            try:
                self.layer = bytearray(end - start)
            except MemoryError:
                pass

    def drop_layer(self):
        """Gives the layer's block (25 KB on the reference board) back to a heap that a game
        has fragmented too much for a module's code to load (app.screens)."""
        self.layer = self.layer_key = None

    def draw_fixed(self, view):
        """The board's fixed drawing (view.draw_fixed), over a cleared screen: its rows copied
        from the layer, or drawn (and kept in the layer if it has room for them).  What the
        drawing spills beyond the board's rows is covered by the status, drawn after it."""
        start, end = self.board_bytes()
        layer = self.layer
        if layer is None or end - start > len(layer):
            view.draw_fixed(self.fb)
            return
        key = (view.serial, view.fixed_key(), start)
        # Through memoryviews: a slice of a bytearray would be a copy (a 25 KB allocation).
        if key == self.layer_key:
            memoryview(self.buffer)[start:end] = memoryview(layer)[:end - start]
            return
        view.draw_fixed(self.fb)
        memoryview(layer)[:end - start] = memoryview(self.buffer)[start:end]
        self.layer_key = key

    def keep_under(self, x, y, w, h):
        """A copy of the screen's pixels in a rectangle (what a cursor is drawn over), to put
        back with put_back(): (x, y, w, h, copy)."""
        copy = framebuffer(w, h, self.color)[1]     # (its frame then fits 11 words, off the heap)
        copy.blit(self.fb, -x, -y)
        return x, y, w, h, copy

    def put_back(self, kept):
        x, y, _, _, copy = kept
        self.fb.blit(copy, x, y)

    def token(self, x, y, r, player, second=False):
        """A player's piece centred on (x, y): filled in the player's colour; on mono the first
        player's is filled, the second's a ring with a dot, so they stay apart in one colour."""
        fb = self.fb
        if r < 1:
            r = 1
        if self.color:
            c = self.alt[player] if second else self.players[player]
            fb.ellipse(x, y, r, r, c, True)
            if r >= 3:
                fb.ellipse(x, y, r, r, self.bg, False)
            return
        if second:
            # Mono second kind: a square (filled for the first player, open for the second).
            fb.rect(x - r, y - r, 2 * r + 1, 2 * r + 1, 1, player == 0)
            if player == 1 and r >= 2:
                fb.pixel(x, y, 1)
            return
        fb.ellipse(x, y, r, r, 1, player == 0)
        if player == 1 and r >= 3:
            fb.pixel(x, y, 1)

    def wrap(self, text, cols=0):
        """Text broken into lines of at most `cols` characters (words kept whole if possible)."""
        cols = cols or self.cols
        out = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                while len(word) > cols:
                    if line:
                        out.append(line)
                        line = ""
                    cut = word.rfind("-", 0, cols) + 1      # a move's text breaks after its "-"
                    out.append(word[:cut] if cut > 0 else self.fit(word, cols))
                    word = word[cut or cols:]
                if not line:
                    line = word
                elif len(line) + 1 + len(word) <= cols:
                    line += " " + word
                else:
                    out.append(line)
                    line = word
            out.append(line)
        return out

    # --- buttons ----------------------------------------------------------------------------
    def keys(self):
        """The buttons pressed since the last call (repeats of held keys included), as names;
        keys set aside with keep() come first."""
        out = self.kept
        self.kept = []
        for ev, button in self.hw.poll():
            if ev == EV_PRESS or ev == EV_REPEAT:
                out.append(_ALIASES.get(button, button))
        return out

    def keep(self, keys):
        """Keys read while busy (the AI thinking) that the next wait_key() should still see."""
        self.kept = keys + self.kept

    def wait_key(self, idle=None):
        """The next key.  While none is waiting, `idle()` is called (work the screen shown lets
        the player read while it is done), again each time it returns True: a part at a time,
        so that a key is not kept waiting for the whole."""
        while True:
            keys = self.keys()
            if keys:
                self.kept = keys[1:] + self.kept
                return keys[0]
            if idle is not None:
                if not idle():
                    idle = None
                continue
            self.hw.sleep_ms(_IDLE_MS)

    # --- widgets: their code is in firmware/widgets.py, loaded while a menu screen is shown -----
    def menu(self, *args):
        return _widgets().menu(self, *args)

    def form(self, *args):
        return _widgets().form(self, *args)

    def pager(self, title, text):
        _widgets().pager(self, title, text)

    def message(self, title, text):
        _widgets().message(self, title, text)

    def ask(self, *args):
        return _widgets().ask(self, *args)


def _widgets():
    return __import__("firmware.widgets", None, None, ["menu"])


def drawable(s):
    """`s` with each character the 8x8 font lacks (control characters, beyond ASCII) as "?":
    framebuf would draw a control character, and every byte of a UTF-8 one, as a block, and the
    layout counts characters."""
    b = s.encode()
    if not b or min(b) > 31 and max(b) < 127:     # in C on both VMs (UTF-8's bytes are > 127)
        return s
    return "".join(ch if " " <= ch <= "~" else "?" for ch in s)
