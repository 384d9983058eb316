# Why a game of Trap ended (docs/rules/trap.md: the trap, "Draws"), asked once it is over:
# imported with the end screen, not while the game is played.
from shared_rules.game import DRAW
from shared_rules.trap.rules import MAX_PHASE2_MOVES

# reason -> (a few words for the status line, a sentence for the end screen)
WORDS = {
    "trap": ("Trap", "The winner's balls enclose a red dot."),
    "moves": ("%d moves" % MAX_PHASE2_MOVES, "%d moves without a trap: a draw." % MAX_PHASE2_MOVES),
    "repetition": ("Repeat x3", "The same position came a third time: a draw."),
}
# reason -> the draw rule it is (Game.draw_rule)
DRAW_RULES = {"moves": "move limit", "repetition": "repetition"}


def reason(game):
    """"trap": a dot enclosed; "moves": the phase-2 move limit; "repetition": the third time."""
    if game.winner() != DRAW:
        return "trap"
    return "moves" if game.phase2_moves() >= MAX_PHASE2_MOVES else "repetition"


def cells(game):
    """The winner's balls around each trapped dot (the balls of the links that close it)."""
    winner = game.winner()
    if winner == DRAW:
        return []
    out = []
    for dot in game.trapped_dots(winner):
        for cell in game.enclosing_balls(winner + 1, dot):
            if cell not in out:
                out.append(cell)
    return out


def score(game):
    return None


def facts(game):
    return ""
