# Why a game of Throngs ended (docs/rules/throngs.md, "End and score"), asked once it is over:
# imported with the end screen, not while the game is played.
from shared_rules.game import ONGOING

# reason -> (a few words for the status line, a sentence for the end screen)
WORDS = {
    "score": ("Top score", "A turn began with the winning score."),
    "majority": ("More stones", "No actions were left: more stones on the board wins."),
    "passes": ("No moves", "No one could act any more: the higher score wins."),
}
DRAW_RULES = {}  # no reason of Throngs' is a draw rule (Game.draw_rule)


def reason(game):
    """"score": the winning score as a turn starts (seed) or after a maneuver (original);
    "majority": no actions possible, more stones (seed); "passes": all passed or nobody has a
    decision, the higher score (original)."""
    if game.original:
        return "score" if 2 * game.colour_score(game.mover) > game.n + 6 else "passes"
    if 2 * game.colour_score(game.mover) >= game.n + 4 and game.result == game.player_of(game.mover):
        return "score"
    return "majority"


def score(game):
    """Each player's stones when the majority decided, else each player's score."""
    if reason(game) == "majority":
        stones = [0, 0, 0]
        for v in game.board:
            stones[v] += 1
        return stones[game.colour_of(0)], stones[game.colour_of(1)]
    return game.score(0), game.score(1)


def cells(game):
    """The winner's stones (majority) or the sites its score counts; [] for a draw."""
    if game.result == ONGOING or game.result > 1:
        return []
    mine = game.colour_of(game.result)
    if reason(game) == "majority":
        return [i for i in range(game.n) if game.board[i] == mine]
    marks = bytearray(game.n)
    game.colour_score(mine, marks)
    return [i for i in range(game.n) if marks[i]]



def facts(game):
    return ""
