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
    TITLE = ""
    PLAYERS = ("First", "Second")
    # Option name -> tuple of allowed values (strings); the first one is the default.
    # An allowed value of "*int" accepts any integer written in decimal (put a real default first).
    OPTIONS = {}
    OPTION_RANGES = {}    # option -> (lowest, highest): the integers an "*int" option admits

    def __init__(self, options=None):
        self.options = parse_options(self.NAME, self.OPTIONS, options, self.OPTION_RANGES)
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
        return "to_move=none winner=%s" % ("draw" if w == DRAW else self.PLAYERS[w])

    def options_text(self):
        return " ".join("%s=%s" % (k, self.options[k]) for k in sorted(self.options))


def parse_options(game_name, allowed, given, ranges=None):
    """Checks `given` (dict of str -> str) against `allowed` (and the integer `ranges` of its
    "*int" options); returns the full option dict."""
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
            bounds = ranges.get(name) if ranges else None
            if value not in choices and not ("*int" in choices and _is_int(value)
                                             and (bounds is None or bounds[0] <= int(value) <= bounds[1])):
                raise GameError("option %s=%s is not valid for %s; %s" % (
                    name, value, game_name, allowed_text(choices, bounds)))
            out[name] = value
    return out


def allowed_text(choices, bounds=None):
    """What an option admits, in words: "choose one of: a|b" or "choose an integer 7..16"."""
    if "*int" in choices:
        if bounds is not None:
            return "choose an integer %d..%d" % (bounds[0], bounds[1])
        return "choose an integer"
    return "choose one of: " + "|".join(choices)


def _is_int(text):
    if text.startswith("-"):
        text = text[1:]
    return len(text) > 0 and all("0" <= c <= "9" for c in text)
