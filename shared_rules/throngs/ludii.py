# Throngs positions and decisions in the format of Ludii's reference vectors
# (tests/data/ludii/README.md), for the agreement check (tools/ludii_check.py) and its tests.
# Not needed on the device.
from shared_rules.throngs.rules import DEPLOY, CAPTURE, MOVE, DEST, PASS, KIND_MASK, SITE_MASK

_LETTERS = {DEPLOY: "A", CAPTURE: "C", MOVE: "M", DEST: "S"}


def decision_name(move):
    """A decision as Ludii writes it: A<s>, C<s>, M<s>, S<d> or P."""
    if move == PASS:
        return "P"
    return "%s%d" % (_LETTERS[move & KIND_MASK], move & SITE_MASK)


def position_text(case):
    """Throngs.encode() text of a vector case (a dict): original rules, forcing and flight as given.

    Ludii's counter is only ever compared with 4, so a binding rule is written as 4 and a free
    one as -1; the maneuver number does not matter under the original rules."""
    mover = case["mover"]
    counters = [-1, -1]
    if not case["may_move_or_pass"]:
        counters[mover - 1] = 4
    flight = "-"
    if case["in_flight"]:
        site, power, kind = case["in_flight"]
        flight = "%s%d:%d" % (kind, site, power)
    return ("stones=%s mover=%d maneuver=1 flight=%s passed=000 deployed=0 must_deploy=00 "
            "counters=%d,%d setup=4 swapped=0 result=none") % (
        case["board"], mover, flight, counters[0], counters[1])


def offered(game, case):
    """Sorted Ludii names of the decisions `game` (ruleset=original, the case's board) offers in `case`."""
    game.decode(position_text(case))
    return sorted(decision_name(m) for m in game.legal_moves())
