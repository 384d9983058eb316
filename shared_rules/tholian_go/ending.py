# Why a game of Tholian Go ended (docs/rules/tholian_go.md §7, §8, §9), asked once it is over:
# imported with the end screen, not while the game is played.
from shared_rules.game import DRAW
from shared_rules.tholian_go.captures import LOSE_AT
from shared_rules.tholian_go.geometry import SLOTS
from shared_rules.tholian_go.rules import ACCEPT

# reason -> (a few words for the status line, a sentence for the end screen)
WORDS = {
    "touchdown": ("Goal", "A light token reached its target node."),
    "chain": ("Chain", "An unbroken chain of light tokens joins the two ends."),
    "tokens": ("Few tokens", "The loser fell to %d light or %d dark tokens (counts: dark/light)." % (
        LOSE_AT[1], LOSE_AT[0])),
    "repetition": ("Repeat x3", "The same position began a turn a third time: a draw."),
    "agreed": ("Draw agreed", "The players agreed to a draw."),
}
# reason -> the draw rule it is (Game.draw_rule); an agreement is none
DRAW_RULES = {"repetition": "repetition"}


def reason(game):
    """"touchdown", "chain" (the variants' goals), "tokens" (§7's loss by counts), "repetition"
    (the third time) or "agreed" (a draw offer accepted)."""
    winner = game.winner()
    if winner == DRAW:
        return "agreed" if game.history and game.history[-1] == ACCEPT else "repetition"
    if game.touchdown and _touchdown(game, winner) >= 0:
        return "touchdown"
    if game.chain and _chain(game, winner):
        return "chain"
    return "tokens"


def _touchdown(game, player):
    """The target node holding `player`'s token, or -1."""
    for t in game.space.targets[player]:
        if game.board[t] == player + 1:
            return t
    return -1


def _chain(game, player):
    """The nodes of a shortest unbroken chain of `player`'s light tokens from one end's
    endpoints to the other's (a link crossed by an enemy barrier is broken), or []."""
    g = game.space
    board = game.board
    me, enemy = player + 1, 2 - player
    came = {}
    frontier = []
    for k in g.chain_ends[0]:
        if board[k] == me:
            came[k] = -1
            frontier.append(k)
    ends = g.chain_ends[1]
    while frontier:
        following = []
        for u in frontier:
            if u in ends:
                path = []
                while u != -1:
                    path.append(u)
                    u = came[u]
                return path
            for s in range(u * SLOTS, u * SLOTS + g.deg[u]):
                v = g.adj[s]
                e = g.edge[s]
                if v in came or board[v] != me or (board[g.xu[e]] == enemy and board[g.xv[e]] == enemy):
                    continue
                came[v] = u
                following.append(v)
        frontier = following
    return []


def cells(game):
    """The touchdown's target node, or the winning chain's nodes."""
    why = reason(game)
    if why == "touchdown":
        return [_touchdown(game, game.winner())]
    if why == "chain":
        return _chain(game, game.winner())
    return []


def score(game):
    return None


def facts(game):
    """The token counts when they decided: "Red 3/7, Blue 2/5" (dark/light, with the hand's)."""
    if reason(game) != "tokens":
        return ""
    hand = game.hand
    counts = []
    for p in (0, 1):
        dark, light = game.counts(p)
        counts.append("%s %d/%d" % (game.PLAYERS[p], dark + hand[2 * p], light + hand[2 * p + 1]))
    return ", ".join(counts)
