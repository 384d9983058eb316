# Why a game of Thoughtwave ended (docs/rules/thoughtwave.md, "Winning", "No placement"), asked
# once it is over: imported with the end screen, not while the game is played.
from shared_rules.game import DRAW

# reason -> (a few words for the status line, a sentence for the end screen)
WORDS = {
    "link": ("Linked", "The waves link the winner's two sides."),
    "blocked": ("No room", "Neither player could place a piece: a draw."),
}
DRAW_RULES = {}  # a blocked board is no draw rule (Game.draw_rule)


def reason(game):
    """"link": the winner's waves join its two sides; "blocked": neither can place (a draw)."""
    return "blocked" if game.winner() == DRAW else "link"


def cells(game):
    """The squares of the winning path's tiles."""
    return game.winning_cells()


def score(game):
    return None


def facts(game):
    return ""
