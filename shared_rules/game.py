# The one protocol every game implements (see docs/architecture.md).
#
# A game object is the whole mutable state of one match.  Moves are ints (cheap to store in
# lists and arrays on the device); each game turns them to and from its text notation.
# A turn of several decisions (Tholian Go's three moves, Throngs' two maneuvers) is a run of
# decisions by the same player: `to_move()` simply stays the same.
from micropython import const

ONGOING = const(-1)
DRAW = const(2)


class GameError(ValueError):
    """A bad request from outside: unknown option, unparsable or illegal move, bad save."""


class Game:
    # Overridden by each game.
    NAME = ""
    PLAYERS = ("First", "Second")
    # Option name -> tuple of allowed values (strings); the first one is the default.
    # An allowed value of "*int" accepts an integer written in decimal (put a real default
    # first) within INT_RANGES[option], else within INT_RANGE.
    OPTIONS = {}
    INT_RANGES = {}
    # A module that a new game imports, runs and forgets (Tholian Go's set-up), or "": the app
    # loads it with the new game's form, so that the game's first screen does not wait for its
    # import (a module's import is mostly the file system's time).
    SETUP_MODULE = ""

    def __init__(self, options=None):
        self.options = _text().parse_options(self.NAME, self.OPTIONS, options, self.INT_RANGES)
        self.history = []  # moves played, in order (ints)

    # --- the state -----------------------------------------------------------------------
    def to_move(self):
        """Player (0 or 1) who makes the current decision."""
        raise NotImplementedError

    def legal_moves(self):
        """List of the legal moves (ints) of the current decision; empty when the game is over."""
        raise NotImplementedError

    def play(self, move):
        """Plays a legal move; raises GameError for an illegal one and leaves the state as it was."""
        raise NotImplementedError

    def undo(self):
        """Takes back the last move exactly.  Raises GameError when there is none."""
        raise NotImplementedError

    def winner(self):
        """ONGOING, DRAW, or the winning player (0 or 1)."""
        raise NotImplementedError

    def player_name(self, player):
        """The name of the side `player` plays (PLAYERS[player] unless a pie choice swapped them)."""
        return self.PLAYERS[player]

    def draw_rule(self):
        """The rule that made the game a draw: "repetition", "move limit", or "" (none, or a
        draw of another kind: a full board, an agreement), from its ending.py's reason."""
        return self.ending().DRAW_RULES.get(self.end_reason(), "") if self.winner() == DRAW else ""

    # --- text -----------------------------------------------------------------------------
    def move_to_text(self, move):
        raise NotImplementedError

    def move_from_text(self, text):
        """Parses one move of the current decision; raises GameError with the reason."""
        raise NotImplementedError

    def encode(self):
        """The position (not the history) as one line of printable text."""
        raise NotImplementedError

    def decode(self, text):
        """Sets the position from `encode()`'s text; the history becomes empty."""
        raise NotImplementedError

    def render(self):
        """The board as ASCII lines (for the referee and for bug reports)."""
        raise NotImplementedError

    # --- the end, asked once it is over (never in a search) ---------------------------------
    # Each game's shared_rules/<name>/ending.py answers them: imported only when asked.
    def ending(self):
        return __import__("shared_rules.%s.ending" % self.NAME, None, None, ["reason"])

    def end_reason(self):
        """Why the game ended, a short word of its ending.py's WORDS ("" while it goes on)."""
        return self.ending().reason(self) if self.is_over() else ""

    def end_cells(self):
        """The cells (as the board view numbers them) of the shape that decided the game, or []."""
        return self.ending().cells(self) if self.is_over() else []

    def end_score(self):
        """(player 0's, player 1's) final score where the game has one, else None."""
        return self.ending().score(self) if self.is_over() else None

    def end_facts(self):
        """What else decided the game, as a short text (Tholian Go's token counts), or ""."""
        return self.ending().facts(self) if self.is_over() else ""

    # --- shared helpers, built on the above ---------------------------------------------------
    def is_over(self):
        return self.winner() != ONGOING

    def play_text(self, text):
        """Parses and plays one decision; play() refuses an illegal one with the reason."""
        move = self.move_from_text(text)
        self.play(move)
        return move

    def is_legal(self, move):
        return move in self.legal_moves()

    def record(self):
        """The game so far as one line of notation (moves separated by spaces)."""
        return _text().record(self)

    def status_text(self):
        return _text().status_text(self, self.PLAYERS)

    def options_text(self):
        return _text().options_text(self)


INT_RANGE = (-999999999, 999999999)   # an "*int" option without its own range (a small int on the device)


def _text():
    # The protocol's text (options, status, record) is imported when asked (game_text.py).
    return __import__("shared_rules.game_text", None, None, ["record"])


TOO_LONG = 1000000000  # what number_of() reads a number of more than 9 digits as: past every bound


def number_of(digits):
    """The number the ASCII decimal `digits` write (leading zeros allowed); -1 when empty or not
    all digits, TOO_LONG past 9 digits: CPython's int() refuses a text of over 4,300 digits."""
    if not digits or not all("0" <= c <= "9" for c in digits):
        return -1
    digits = digits.lstrip("0") or "0"
    return TOO_LONG if len(digits) > 9 else int(digits)


def clip(text, most=24):
    """`text` as a message quotes it: a move's text can be of any length."""
    return text if len(text) <= most else text[:most] + "..."
