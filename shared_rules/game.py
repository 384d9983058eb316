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
        self.options = parse_options(self.NAME, self.OPTIONS, options, self.INT_RANGES)
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
        return " ".join(self._replayed_texts())

    def _replayed_texts(self):
        # A move's text can depend on the position it was played in: replay a fresh copy.
        fresh = self.__class__(self.options)
        out = []
        for move in self.history:
            out.append(fresh.move_to_text(move))
            fresh.play(move)
        return out

    def status_text(self):
        w = self.winner()
        if w == ONGOING:
            return "to_move=%s winner=none" % self.PLAYERS[self.to_move()]
        return "to_move=none winner=%s" % ("draw" if w == DRAW else self.PLAYERS[w]) + self.end_text()

    def end_text(self):
        """The status's end words: " reason=loop", and " score=18:33" where there is a score."""
        text = " reason=" + self.end_reason()
        score = self.end_score()
        return text if score is None else text + " score=%d:%d" % score

    def options_text(self):
        return " ".join("%s=%s" % (k, self.options[k]) for k in sorted(self.options))


INT_RANGE = (-999999999, 999999999)   # an "*int" option without its own range (a small int on the device)


def parse_options(game_name, allowed, given, ranges=None):
    """Checks `given` (dict of str -> str) against `allowed` and the ranges of its "*int"
    options (`ranges`: {option: (low, high)}); returns the full option dict, integers written
    plainly ("08" -> "8")."""
    out = {}
    for name in allowed:
        out[name] = allowed[name][0]
    if given:
        for name in given:
            value = str(given[name])
            if name not in allowed:
                raise GameError("%s has no option '%s'; options: %s" % (
                    game_name, name, ", ".join(sorted(allowed)) or "none"))
            choices = allowed[name]
            if value not in choices:
                low, high = (ranges or {}).get(name, INT_RANGE)
                number = _int_within(value, low, high) if "*int" in choices else None
                if number is None:
                    raise GameError("option %s=%s is not valid for %s; %s" % (
                        name, value if len(value) <= 20 else value[:20] + "...", game_name,
                        allowed_text(choices, (low, high))))
                value = str(number)
            out[name] = value
    return out


def _int_within(text, low, high):
    """The integer `text` writes in ASCII decimal (an optional minus, leading zeros allowed) when
    it lies in low..high, else None; a long text is refused before int() (CPython refuses over
    4,300 digits)."""
    digits = text[1:] if text.startswith("-") else text
    if not digits or not all("0" <= c <= "9" for c in digits):
        return None
    digits = digits.lstrip("0") or "0"
    if len(digits) > 10:
        return None
    number = int(digits)
    number = -number if text.startswith("-") else number
    return number if low <= number <= high else None


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


def allowed_text(choices, bounds=INT_RANGE):
    """What an option admits, in words: "choose one of: a|b" or "choose an integer 7..16"."""
    if "*int" in choices:
        return "choose an integer %d..%d" % bounds
    return "choose one of: " + "|".join(choices)
