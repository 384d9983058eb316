# The blocking widgets the menu screens are built from: a menu, an option form, a pager for
# long text, a message, a yes/no question (firmware/ui.py's UI hands its calls on to them).
# Loaded while a menu screen needs them: the app drops the module with the screen's, so the
# play screen's heap does not hold their code.
from firmware.ui import drawable


def text_center(ui, s, y, c=-1, x=0, w=0):
    w = w or ui.w
    ui.fb.text(drawable(s), x + (w - 8 * len(s)) // 2, y, ui.fg if c < 0 else c)


def heading(ui, s):
    """A screen title on the first line, underlined; returns the y where content starts."""
    s = ui.fit(s, ui.cols)
    ui.fb.fill_rect(0, 0, ui.w, ui.line_h, ui.sel_bg)
    text_center(ui, s, (ui.line_h - 8) // 2, ui.sel_fg)
    return ui.line_h + 2


def menu(ui, title, items, index=0, footer="", intro=None, idle=None):
    """A list to choose from (below the lines of `intro`, if any): returns the chosen index,
    or -1 for back (B).  `idle` is the work done while it waits for a key (UI.wait_key)."""
    if not items:
        return -1
    index = min(max(index, 0), len(items) - 1)
    changed = ()
    while True:
        _draw_list(ui, title, items, index, footer, intro, changed)
        key = ui.wait_key(idle)
        changed = (index,)
        if key == "up":
            index = (index - 1) % len(items)
        elif key == "down":
            index = (index + 1) % len(items)
        elif key == "a":
            return index
        elif key == "b":
            return -1
        changed = (changed[0], index)


def _draw_list(ui, title, items, index, footer, intro=None, changed=()):
    ui.clear()
    top = heading(ui, title)
    lh = ui.line_h
    if intro:
        for line in intro:
            ui.text(line, 0, top)
            top += lh
        top += lh // 2
    # The last line holds the footer; the "more below" mark ends the last row, so that the
    # footer keeps the whole line.
    bottom = ui.h - (lh if footer else 0)
    rows = (bottom - top) // lh
    first = 0
    if index >= rows:
        first = index - rows + 1
    below = first + rows < len(items)
    cols = ui.cols - (2 if below else 1)
    shown = min(rows, len(items) - first)
    for row in range(shown):
        i = first + row
        y = top + row * lh
        label = ui.fit(items[i], cols)
        c = ui.fg
        if i == index:
            ui.fb.fill_rect(0, y, ui.w, lh, ui.sel_bg)
            c = ui.sel_fg
        ui.text(label, 4, y + (lh - 8) // 2, c)
        if below and row == shown - 1:
            _down_mark(ui, ui.w - 8, y + (lh - 8) // 2, c if i == index else ui.dim)
    _scroll_marks(ui, first > 0, False, footer)
    _send_rows(ui, top, first, list(range(len(items))), changed, False)


def _down_mark(ui, x, y, c):
    """A small triangle pointing down in the 8x8 cell at (x, y): more rows below this one
    (drawn, not a letter, so it never reads as part of the row's text)."""
    for r in range(4):
        ui.fb.fill_rect(x + r, y + 2 + r, 7 - 2 * r, 1, c)


def _send_rows(ui, top, first, row_items, changed, footer):
    """Sends the list drawn whole: only the rows of the items `changed` (a highlight moved,
    a value changed) and the footer line when `footer`, if the list has the same rows as
    the one on the screen (`row_items`: the item of each row, from the top, `first` the
    first shown); else the whole screen."""
    shape = (top, first, len(row_items))
    same = shape == ui.list_shape and row_items == ui.list_rows
    ui.list_shape, ui.list_rows = shape, row_items
    if not changed or not same or not ui.partial_updates:
        ui.show()
        return
    lh = ui.line_h
    for r in range(first, len(row_items)):
        y = top + (r - first) * lh
        if row_items[r] in changed and y + lh <= ui.h:
            ui.hw.show(0, y, ui.w, lh)
    if footer:
        ui.hw.show(0, ui.h - 8, ui.w, 8)


def move_list(ui, game, title):
    """The move of the current decision of `game` (whose title is `title`) chosen from its
    legal moves in notation, or -1 when the player asks for the pause menu (B)."""
    moves = game.legal_moves()
    texts = [game.move_to_text(m) for m in moves]
    heading = "%s: %s" % (game.player_name(game.to_move()), title)
    choice = menu(ui, ui.fit(heading, ui.cols), texts, 0, "B: pause menu")
    return moves[choice] if choice >= 0 else -1


def form(ui, title, labels, choices, picked, action, words=None, idle=None, explain=None):
    """Rows of `label: value` (a label "long|short" shows the form that fits), LEFT/RIGHT change `picked[i]` (index into `choices[i]`, a
    tuple of values or Numbers), the last row is `action` (e.g. "Start").  `words[i]`, if
    given, maps a value to what the screen shows.  A row whose label and value do not fit
    on one line shows the value on a second line; the selected row's value is framed by
    < > and the footer explains it (`explain[i]`: lines, longest first, the longest that fits is
    shown) or lists the allowed values (or says which of how many it is).  True on the action
    row, False for back (B).  `idle` is the work done while it waits for a key (UI.wait_key)."""
    index = len(labels)
    changed = ()
    ui.form_first = 0
    while True:
        _draw_form(ui, title, labels, choices, picked, action, words, index, changed, explain)
        key = ui.wait_key(idle)
        changed = (index,)
        if key == "up":
            index = (index - 1) % (len(labels) + 1)
        elif key == "down":
            index = (index + 1) % (len(labels) + 1)
        elif key in ("left", "right") and index < len(labels):
            step = 1 if key == "right" else -1
            picked[index] = (picked[index] + step) % len(choices[index])
        elif key == "a":
            if index == len(labels):
                return True
            picked[index] = (picked[index] + 1) % len(choices[index])
        elif key == "b":
            return False
        changed = (changed[0], index)


def _draw_form(ui, title, labels, choices, picked, action, words, index, changed=(), explain=None):
    cols = ui.cols - 1
    labels = [ui.pick(label, cols) for label in labels]     # each "long|short" or of one form
    rows = []    # (item, text, value): one or two lines per item
    for i in range(len(labels)):
        value = choices[i][picked[i]]
        if words is not None and words[i] is not None:
            value = words[i].get(value, value)
        if i == index and len(choices[i]) > 1 and len(value) + 2 <= cols:
            value = "<" + value + ">"     # (a value as wide as the line goes unframed)
        # Wrapped or not by the widest value the row can show, so that moving the highlight
        # or changing a value keeps every row in its place (two rows are sent, not all).
        if len(labels[i]) + 1 + _widest(choices[i], words[i] if words is not None else None) <= cols:
            rows.append((i, labels[i], value))
        else:
            rows.append((i, labels[i], ""))
            rows.append((i, "", value))
    rows.append((len(labels), action, ""))
    footer = ""
    if index < len(labels) and explain is not None and explain[index]:
        footer = fitted(explain[index], ui.cols - 2)     # clear of the "more below" mark
    elif index < len(labels):
        count = len(choices[index])
        if isinstance(choices[index], Numbers):
            footer = "%s..%s" % (choices[index][0], choices[index][count - 1])
        else:
            # The allowed values when they fit the line, else which of how many this is.
            shown = words[index] if words is not None else None
            footer = "/".join(shown.get(v, v) if shown else v for v in choices[index])
            if len(footer) > ui.cols - 2:
                footer = "%d of %d" % (picked[index] + 1, count)
    ui.clear()
    top = heading(ui, title)
    lh = ui.line_h
    bottom = ui.h - lh
    room = (bottom - top) // lh
    # Scrolls only when the highlighted item's lines leave the window.
    top_row = last_row = -1
    for r in range(len(rows)):
        if rows[r][0] == index:
            if top_row < 0:
                top_row = r
            last_row = r
    first = ui.form_first
    if last_row >= first + room:
        first = last_row - room + 1
    if top_row < first:
        first = top_row
    first = max(0, min(first, len(rows) - room))
    while first > 0 and rows[first][0] == rows[first - 1][0] and rows[first][0] != index:
        first += 1    # never start on an item's second line
    for r in range(first, min(len(rows), first + room)):
        item, label, value = rows[r]
        y = top + (r - first) * lh
        c = ui.fg
        if item == index:
            ui.fb.fill_rect(0, y, ui.w, lh, ui.sel_bg)
            c = ui.sel_fg
        yt = y + (lh - 8) // 2
        ui.text(ui.fit(label, cols), 4, yt, c)
        if value:
            value = ui.fit(value, cols)
            ui.text(value, ui.w - 4 - 8 * len(value), yt, c)
    ui.form_first = first
    _scroll_marks(ui, first > 0, first + room < len(rows), footer)
    _send_rows(ui, top, first, [row[0] for row in rows], changed, True)


def fitted(lines, cols):
    """The first of `lines` (longest first) of at most `cols` characters, else the last."""
    for line in lines:
        if len(line) <= cols:
            return line
    return lines[-1]


def _scroll_marks(ui, above, below, footer):
    """A list's footer, and marks for more rows above or below at the right ends of the
    title and footer lines (clear of the rows)."""
    if above:
        ui.text("^", ui.w - 8, (ui.line_h - 8) // 2, ui.sel_fg)
    if below:
        ui.text("v", ui.w - 8, ui.h - 8, ui.dim)
    if footer:
        ui.text(ui.fit(footer, ui.cols - 2 if below else ui.cols), 0, ui.h - 8, ui.dim)


def pager(ui, title, text):
    """Long text, wrapped; UP/DOWN scroll a line, LEFT/RIGHT a page, A or B close.  Wide
    screens leave a margin on each side."""
    margin = 4 if ui.w >= 200 else 0
    lines = ui.wrap(text, ui.cols - 1 if margin else ui.cols)
    top = ui.line_h + 2
    rows = (ui.h - top - 8) // ui.line_h
    first = 0
    last_first = max(0, len(lines) - rows)
    while True:
        # A heading is never left alone at the foot of a page: it opens the next one.
        shown = rows
        if rows > 1 and first + rows < len(lines) and _is_heading(lines, first + rows - 1):
            shown = rows - 1
        ui.clear()
        heading(ui, title)
        for row in range(min(shown, len(lines) - first)):
            ui.text(lines[first + row], margin, top + row * ui.line_h)
        page = ""
        if last_first:  # pages of `rows` lines; the last one is shown once scrolled to its end
            pages = (len(lines) + rows - 1) // rows
            page = "%d/%d" % (pages if first == last_first else first // rows + 1, pages)
        ui.text(page, ui.w - 8 * len(page), ui.h - 8, ui.dim)
        ui.show()
        key = ui.wait_key()
        if key == "down":
            first = min(first + 1, last_first)
        elif key == "up":
            first = max(first - 1, 0)
        elif key == "right":
            first = min(first + shown, last_first)
        elif key == "left":
            first = max(first - rows, 0)
        elif key in ("a", "b", "menu"):
            return


def message(ui, title, text):
    pager(ui, title, text)


def ask(ui, title, question, yes="Yes", no="No"):
    """A yes/no question: True for yes."""
    return menu(ui, title, [no, yes], 0, "", ui.wrap(question)) == 1


class Numbers:
    """The integers lo..hi as a form row's values (strings), without a list of them."""

    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    def __len__(self):
        return self.hi - self.lo + 1

    def __getitem__(self, i):
        return str(self.lo + i)

    def index(self, value):
        return int(value) - self.lo


def _widest(values, shown):
    """The most characters a form row's value can take on the screen, framed by < > when there
    is a choice (the ends of a Numbers range, the longest of a tuple's words)."""
    if isinstance(values, Numbers):
        width = max(len(values[0]), len(values[len(values) - 1]))
    else:
        width = 0
        for value in values:
            width = max(width, len(shown.get(value, value) if shown else value))
    return width + 2 if len(values) > 1 else width


def _is_heading(lines, i):
    """Whether lines[i] is a section heading of a text ("A TURN", "RULINGS (the seed...)"):
    capitals, after an empty line."""
    head = lines[i].split("(")[0].strip()
    return i > 0 and not lines[i - 1] and len(head) > 1 and head.isupper()
