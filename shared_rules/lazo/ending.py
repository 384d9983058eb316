# Why a game of Lazo ended (docs/rules/lazo.md §2-3), asked once it is over: imported with the
# end screen, not while the game is played.
from shared_rules.game import DRAW
from shared_rules.lazo.rules import LEVEL1, N_SPACES, TILES, neighbours

# reason -> (a few words for the status line, a sentence for the end screen)
WORDS = {
    "loop": ("Loop", "The winner's loop links through a hole."),
    "nomove": ("No legal move", "The loser had tiles left but no legal move."),
    "full": ("All placed", "All %d tiles placed without a loop: a draw." % TILES),
}
DRAW_RULES = {}  # a full board is no draw rule (Game.draw_rule)
_BOARD = N_SPACES       # the board as one more vertex of Own, next to every own level-1 tile


def reason(game):
    """"loop": the winner's loop (spec §3); "nomove": the loser could not move; "full": a draw."""
    if game.winner() == DRAW:
        return "full"
    return "loop" if game.has_loop(game.winner()) else "nomove"


def score(game):
    return None


def cells(game):
    """The winner's loop: the last tile (or, after a decoded position, the tile above the board
    that closes the shortest cycle) and the shortest own path between two pieces of its own
    neighbours' link, which with it makes the cycle."""
    if reason(game) != "loop":
        return []
    colour = game.winner() + 1
    own = game.cells
    if game.history and own[game.history[-1]] == colour:
        tiles = [game.history[-1]]
    else:
        tiles = [s for s in range(LEVEL1, N_SPACES) if own[s] == colour]
    best = []
    for t in tiles:
        cycle = _cycle_through(own, t, colour)
        if cycle and (not best or len(cycle) < len(best)):
            best = cycle
    return best


def _cycle_through(own, t, colour):
    """t and the shortest own path (avoiding t) joining two pieces of the link of t, or []."""
    around = [n for n in neighbours(t) if own[n] == colour]
    piece = {}
    for start in around:
        if start in piece:
            continue
        piece[start] = start
        pending = [start]
        while pending:
            u = pending.pop()
            for n in neighbours(u):
                if n in around and n not in piece:
                    piece[n] = start
                    pending.append(n)
    if t < LEVEL1 or len(set(piece.values())) < 2:
        return []
    best = []
    for first in set(piece.values()):
        path = _shortest_path(own, t, colour, [s for s in around if piece[s] == first],
                              [s for s in around if piece[s] != first])
        if path and (not best or len(path) < len(best)):
            best = path
    return [t] + best if best else []


def _shortest_path(own, t, colour, sources, targets):
    """The own tiles of a shortest path from `sources` to `targets` avoiding t (the board joins
    every own level-1 tile), or []."""
    came = {}
    for s in sources:
        came[s] = -1
    frontier = list(sources)
    while frontier:
        following = []
        for u in frontier:
            if u in targets:
                path = []
                while u != -1:
                    if u != _BOARD:
                        path.append(u)
                    u = came[u]
                return path
            if u == _BOARD:
                steps = [s for s in range(LEVEL1) if own[s] == colour]
            else:
                steps = [n for n in neighbours(u) if own[n] == colour]
                if u < LEVEL1:
                    steps.append(_BOARD)
            for n in steps:
                if n != t and n not in came:
                    came[n] = u
                    following.append(n)
        frontier = following
    return []


def facts(game):
    return ""
