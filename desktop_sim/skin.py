"""The simulator's picture of each board: where the screen and the buttons sit, drawn with
pygame from the board profile's SKIN_* constants (boards/__init__.py says what they mean).
A button lights up while it is pressed (keyboard, gamepad, mouse or script)."""
import pygame

BEZEL = (12, 12, 14)
KEY_IDLE = (58, 60, 68)
KEY_LIT = (255, 196, 40)
LABEL = (235, 235, 235)
LABEL_LIT = (20, 20, 20)
STATUS_BG = (18, 18, 22)
STATUS_FG = (200, 204, 210)
STATUS_LINE_H = 18
AB_KEYS = (("a", 1, -0.6), ("b", -1, 0.6))   # a board's keys unless its SKIN_KEYS says otherwise


class Control:
    """One button of the skin: a circle (round=True) or rounded rectangle."""

    def __init__(self, name, rect, round_=True, label=None):
        self.name = name
        self.rect = pygame.Rect(rect)
        self.round = round_
        self.label = label if label is not None else name.upper()


class Skin:
    def __init__(self, board, scale, status_lines):
        self.board = board
        self.scale = scale
        sw = board.WIDTH * scale
        sh = board.HEIGHT * scale
        self.controls = []
        pad = 26
        bezel = max(6, 3 * scale)
        if getattr(board, "SKIN_LAYOUT", "below") == "beside":
            body_w, body_h = self._beside(sw, sh, bezel, pad)
        else:
            body_w, body_h = self._below(sw, sh, bezel, pad)
        self.body_rect = pygame.Rect(0, 0, body_w, body_h)
        self.status_top = body_h
        self.size = (body_w, body_h + STATUS_LINE_H * status_lines + 8)
        self.controls = [c for c in self.controls if c.name in board.BUTTONS]
        pygame.font.init()
        self.font = pygame.font.Font(None, 20)
        self.small = pygame.font.Font(None, 18)
        self._body = self._render_body()

    def _beside(self, sw, sh, bezel, pad):
        """The d-pad left of the screen, the keys right of it (a landscape handheld)."""
        board = self.board
        side = max(150, sh // 2)
        body_w = side * 2 + sw + 2 * bezel
        body_h = sh + 2 * bezel + 2 * pad
        self.screen_rect = pygame.Rect(side + bezel, pad + bezel, sw, sh)
        self._dpad(side // 2, body_h // 2, side // 4, getattr(board, "SKIN_DPAD_CENTRE", None))
        self._diamond(body_w - side // 2, body_h // 2, side // 4, getattr(board, "SKIN_KEYS", AB_KEYS))
        return body_w, body_h

    def _below(self, sw, sh, bezel, pad):
        """The screen on top, a row of pill keys (SKIN_PILLS) under it, then the d-pad left and
        the keys right (a portrait handheld, a bare module)."""
        board = self.board
        body_w = max(sw + 2 * bezel + 2 * pad, getattr(board, "SKIN_MIN_WIDTH", 0))
        self.screen_rect = pygame.Rect((body_w - sw) // 2, pad + bezel, sw, sh)
        top = self.screen_rect.bottom + bezel + pad
        pills = [n for n in getattr(board, "SKIN_PILLS", ()) if n in board.BUTTONS]
        if pills:
            pill_w = max(56, sw // 6)
            for i, name in enumerate(pills):
                x = body_w * (i + 1) // (len(pills) + 1) - pill_w // 2
                self.controls.append(Control(name, (x, top, pill_w, 20), False))
            top += 40
        size = getattr(board, "SKIN_CONTROLS", 0) or max(150, sw // 3)
        inset = getattr(board, "SKIN_INSET", 0)
        self._dpad(pad + size // 2 + inset, top + size // 2, size // 4,
                   getattr(board, "SKIN_DPAD_CENTRE", None))
        self._diamond(body_w - pad - size // 2 - inset, top + size // 2, size // 4,
                      getattr(board, "SKIN_KEYS", AB_KEYS))
        return body_w, top + size + pad

    def _dpad(self, cx, cy, step, centre=None):
        size = int(step * 0.9)
        for name, dx, dy, label in (("up", 0, -1, "^"), ("down", 0, 1, "v"),
                                    ("left", -1, 0, "<"), ("right", 1, 0, ">")):
            self.controls.append(Control(name, (cx + dx * step - size // 2,
                                                cy + dy * step - size // 2, size, size),
                                         False, label))
        if centre:
            self.controls.append(Control(centre, (cx - size // 3, cy - size // 3,
                                                  2 * size // 3, 2 * size // 3), True, "o"))

    def _diamond(self, cx, cy, step, keys):
        size = int(step * 0.95)
        for name, dx, dy in keys:
            x = int(cx + dx * step)
            y = int(cy + dy * step)
            self.controls.append(Control(name, (x - size // 2, y - size // 2, size, size)))

    def _render_body(self):
        body = pygame.Surface(self.body_rect.size)
        body.fill((40, 40, 44))
        pygame.draw.rect(body, getattr(self.board, "SKIN_COLOUR", (60, 60, 60)), self.body_rect,
                         border_radius=22)
        bezel = self.screen_rect.inflate(2 * max(6, 3 * self.scale), 2 * max(6, 3 * self.scale))
        pygame.draw.rect(body, BEZEL, bezel, border_radius=6)
        title = self.small.render("%s  %dx%d%s" % (self.board.NAME, self.board.WIDTH,
                                                     self.board.HEIGHT,
                                                     "" if self.board.COLOR else "  mono"),
                                  True, (230, 230, 230))
        body.blit(title, (bezel.left, max(2, bezel.top - 17)))
        return body

    def control_at(self, pos):
        for control in self.controls:
            if control.rect.collidepoint(pos):
                return control.name
        return None

    def draw(self, surface, screen, pressed, status):
        """The body, the scaled screen image `screen`, lit buttons and the status lines."""
        surface.blit(self._body, (0, 0))
        surface.blit(screen, self.screen_rect.topleft)
        for control in self.controls:
            lit = control.name in pressed
            colour = KEY_LIT if lit else KEY_IDLE
            if control.round:
                pygame.draw.ellipse(surface, colour, control.rect)
            else:
                pygame.draw.rect(surface, colour, control.rect, border_radius=6)
            text = self.font.render(control.label, True, LABEL_LIT if lit else LABEL)
            surface.blit(text, text.get_rect(center=control.rect.center))
        area = pygame.Rect(0, self.status_top, self.size[0], self.size[1] - self.status_top)
        surface.fill(STATUS_BG, area)
        for i, line in enumerate(status):
            surface.blit(self.small.render(line, True, STATUS_FG),
                         (8, self.status_top + 4 + i * STATUS_LINE_H))
