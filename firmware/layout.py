# The play screen's layout and the colours by role, set on the UI as it is made and again as a
# board view picks the layout that fits its board: read then, and let go (firmware/residency.py).
from firmware.ui import PANEL, STRIP, TOP


def set_colours(ui):
    """The colours by role: the palette's on a colour screen, lit or dark on a mono one."""
    if not ui.color:
        ui.bg = 0
        ui.fg = 1
        ui.dim = 1
        ui.sel_bg = 1
        ui.sel_fg = 0
        ui.board = 0
        ui.grid = 1
        ui.players = (1, 1)
        ui.alt = (1, 1)
        ui.last = 1
        ui.cursor = 1
        ui.target = 1
        ui.warn = 1
        ui.accent = 1
        return
    from firmware import palette as p
    ui.bg = p.BLACK
    ui.fg = p.WHITE
    ui.dim = p.GREY
    ui.sel_bg = p.BLUE
    ui.sel_fg = p.WHITE
    ui.board = p.DARK_GREY
    ui.grid = p.GREY
    ui.players = (p.RED, p.BLUE)
    ui.alt = (p.ORANGE, p.CYAN)      # a player's second kind of token (Tholian Go's dark web)
    ui.last = p.YELLOW
    ui.cursor = p.GREEN
    ui.target = p.LIGHT_GREY
    ui.warn = p.ORANGE
    ui.accent = p.YELLOW


# Three layouts: PANEL (wide screens: the board left, a status column right), TOP (square
# screens: two status lines, the board, a help line) and STRIP (wide screens, boards much
# wider than tall: one status line on top, the board under it across the whole width).
def use_layout(ui, aspect, strip_lines=1):
    """Picks the layout that shows a board `aspect`/100 times as wide as high the largest
    (STRIP with `strip_lines` status lines)."""
    lh = ui.line_h
    w, h = ui.w, ui.h
    ui.strip_lines = strip_lines
    ui.legend_y = 0       # STRIP: the line under the board that holds the legend (0: none)
    if w < h + 48:
        ui.mode = TOP
        ui.board_rect = (0, 2 * lh + 1, w, h - 3 * lh - 2)
        ui.panel_rect = (0, 0, w, 2 * lh)
        ui.footer_y = h - lh
        return
    pw = 48 if w < 200 else w - h
    panel_scale = min((w - pw) * 100 // aspect, h)
    top = strip_lines * lh + 1
    strip_scale = min(w * 100 // aspect, h - top)
    if strip_scale * 10 > panel_scale * 12:
        ui.mode = STRIP
        ui.board_rect = (0, top, w, h - top)
        ui.panel_rect = (0, 0, w, top - 1)
        ui.footer_y = 0
        if h >= 120 and h - top - strip_scale >= 3 * lh:
            # The board leaves rows free below it (not on a small screen): the legend's line.
            ui.legend_y = h - lh
            ui.board_rect = (0, top, w, h - top - lh)
    else:
        ui.mode = PANEL
        ui.board_rect = (0, 0, w - pw, h)
        ui.panel_rect = (w - pw, 0, pw, h)
        ui.footer_y = h - lh

