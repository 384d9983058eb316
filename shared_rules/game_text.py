# What no game being played needs of the protocol's shared code: the options checked when a
# game is made, the status and record lines of the referee and the tests.  Imported when asked
# and let go with the menus (firmware/residency.py), so that play holds none of it.
from shared_rules.game import DRAW, INT_RANGE, ONGOING, GameError


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
                number = int_within(value, low, high) if "*int" in choices else None
                if number is None:
                    raise GameError("option %s=%s is not valid for %s; %s" % (
                        name, value if len(value) <= 20 else value[:20] + "...", game_name,
                        allowed_text(choices, (low, high))))
                value = str(number)
            out[name] = value
    return out


def int_within(text, low, high):
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


def allowed_text(choices, bounds=INT_RANGE):
    """What an option admits, in words: "choose one of: a|b" or "choose an integer 7..16"."""
    if "*int" in choices:
        return "choose an integer %d..%d" % bounds
    return "choose one of: " + "|".join(choices)


def status_text(game, names):
    """The status line: who moves or who won (`names[player]`), and the end's words."""
    w = game.winner()
    if w == ONGOING:
        return "to_move=%s winner=none" % names[game.to_move()]
    return "to_move=none winner=%s" % ("draw" if w == DRAW else names[w]) + end_text(game)


def end_text(game):
    """The status's end words: " reason=loop", and " score=18:33" where there is a score."""
    text = " reason=" + game.end_reason()
    score = game.end_score()
    return text if score is None else text + " score=%d:%d" % score


def record(game):
    """The game so far as one line of notation (moves separated by spaces); a move's text can
    depend on the position it was played in, so a fresh copy replays them."""
    fresh = game.__class__(game.options)
    out = []
    for move in game.history:
        out.append(fresh.move_to_text(move))
        fresh.play(move)
    return " ".join(out)


def options_text(game):
    return " ".join("%s=%s" % (k, game.options[k]) for k in sorted(game.options))
