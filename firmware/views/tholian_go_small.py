# Tholian Go's board on the screens that need more than the colour one does: a small screen
# scrolls the board to follow the play, a mono one marks the cursor and the chosen token its own
# way.  Imported by the view on such a screen only; a game's module (firmware/residency.py).
from firmware.views.base import BUTTON


def draw_cursor(view, builder):
    """Mono: corner marks round a cleared frame, apart from the token they are round (a
    whole frame merged with a dark token's square)."""
    if builder.cursor < 0 or builder.cursor >= BUTTON:
        return
    x, y = view.screen_xy(builder.depth(), builder.cursor)
    r = view.cursor_r
    fb = view.ui.fb
    fb.rect(x - r + 1, y - r + 1, 2 * r - 1, 2 * r - 1, 0)
    fb.rect(x - r, y - r, 2 * r + 1, 2 * r + 1, 1)
    side = 2 * r - 5
    fb.hline(x - r + 3, y - r, side, 0)
    fb.hline(x - r + 3, y + r, side, 0)
    fb.vline(x - r, y - r + 3, side, 0)
    fb.vline(x + r, y - r + 3, side, 0)


def mark_selected(view, node):
    """Mono: the chosen token's inside inverted, which keeps the mark inside its own shape,
    apart from its neighbours."""
    x, y = view.node_xy(node)
    ui = view.ui
    r = (view.r_dark if node < view.g.n_dark else view.r_light) - 1
    shown = ui.hw.fb        # (ui.fb logs the drawing and cannot be read)
    for py in range(y - r, y + r + 1):
        for px in range(x - r, x + r + 1):
            ui.fb.pixel(px, py, 0 if shown.pixel(px, py) else 1)     # (None off the screen)


def follow(view, builder, last):
    """Scrolls (small screens) so a turn just played (`last`: its moves) is seen where it
    happened, the first time it is drawn; else the cursor, or else the path or the last
    move."""
    if last and last != view.followed:
        view.followed = list(last)
        if show_turn(view, last):
            return
    node = -1
    if builder is not None and 0 <= builder.cursor < BUTTON:
        node = builder.cursor
    else:
        route = view.game.route_nodes()
        if route:
            node = route[-1]
        elif last and view.game.move_nodes(last[-1]):
            node = view.game.move_nodes(last[-1])[-1]
    if node < 0:
        return
    _, by, _, bh = view.ui.board_rect
    _, y = view.node_xy(node)
    room = view.R + 2
    if y < by + room:
        view.pan += by + room - y
    elif y > by + bh - room:
        view.pan -= y - (by + bh - room)
    view.pan = min(0, max(-view.scroll, view.pan))


def show_turn(view, last):
    """Pans so that the nodes of the turn `last` (its moves) are in view, or those of its
    last move where the whole turn is taller than the view: False if it has no nodes."""
    _, by, _, bh = view.ui.board_rect
    room = view.R + 2
    for moves in (last, last[-1:]):
        extent = span(view, moves)
        if extent is None:
            return False
        lo, hi = extent
        if hi - lo <= bh - 2 * room or len(moves) == 1:
            view.pan = min(0, max(-view.scroll, by + bh // 2 - (lo + hi) // 2))
            return True
    return False


def span(view, moves):
    """(top, bottom) of the board y of the nodes of `moves`, None if they have none."""
    game = view.game
    ys = view.ys
    span = None
    for move in moves:
        for node in game.move_nodes(move):
            y = ys[node]
            if span is None:
                span = (y, y)
            elif y < span[0] or y > span[1]:
                span = (min(y, span[0]), max(y, span[1]))
    return span
