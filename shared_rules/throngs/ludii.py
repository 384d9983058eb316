# Throngs positions and decisions in the format of Ludii's reference vectors
# (tests/data/ludii/README.md), for the agreement check (tools/checks/ludii_check.py) and its tests.
# Not needed on the device.
from shared_rules.game import ONGOING, DRAW
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


def replay_game(game, record):
    """None when `game` (a fresh Throngs, ruleset=original, the record's board) replays a whole
    game recorded in Ludii (`decisions`, `ludii_winner`: 1, 2, null for a draw, -1 not over, and
    then `disagreement.ludii_mover` to move) to Ludii's end; else why not, in one line.  Ludii's
    engine passes for a player with no decision without recording it: a mover other than Ludii's
    must have only that forced pass left."""
    decisions = record["decisions"]
    for k in range(len(decisions)):
        if game.winner() != ONGOING:
            return "over after %d of %d decisions" % (k, len(decisions))
        moves = dict((decision_name(m), m) for m in game.legal_moves())
        if decisions[k] not in moves:
            return "decision %d (%s) not offered: %s" % (k, decisions[k], " ".join(sorted(moves)))
        game.play(moves[decisions[k]])
    scores = [game.colour_score(1), game.colour_score(2)]
    if scores != record["ludii_scores"]:
        return "scores %s, Ludii's %s" % (scores, record["ludii_scores"])
    if "".join("%d" % v for v in game.board) != record["ludii_board_final"]:
        return "the final board differs from Ludii's"
    want = record["ludii_winner"]
    if want == -1:
        mover = record["disagreement"]["ludii_mover"]
        if game.mover != mover and game.forced_pass():
            game.play(PASS)
        if game.winner() != ONGOING or game.mover != mover:
            return "Ludii plays on with player %d to move; here result %d, mover %d" % (
                mover, game.winner(), game.mover)
        return None
    expected = DRAW if want is None else game.player_of(want)
    if game.winner() != expected:
        return "result %d, Ludii's winner %s" % (game.winner(), want)
    return None
