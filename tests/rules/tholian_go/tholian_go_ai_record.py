# The Tholian Go AI's choices for fixed seeds (its moves and node counts), recorded so that a
# change of the code's shape can show it changed nothing (test_ai_tholian_go_recorded.py).
from shared_rules import ai
from shared_rules.game import ONGOING
from shared_rules.rng import Rng
from shared_rules.tholian_go.rules import ACCEPT, OFFER, TholianGo

# The eight variants, the String Push Limit, the periodic and the wide space, Lucky without
# transformation.
CONFIGS = ({"variant": "standard"}, {"variant": "ultimate"}, {"variant": "chain"}, {"variant": "football"},
           {"variant": "lucky"}, {"variant": "oracle"}, {"variant": "scrimmage"},
           {"variant": "lucky_scrimmage"}, {"push_limit": "on"}, {"space": "periodic"}, {"space": "wide"},
           {"variant": "lucky", "transform": "off"})
STOPS = (0, 17, 40, 75)  # random decisions played before a recorded position
SELF_PLAY = 12  # decisions of a game the AI plays with itself


def random_position(index, stop):
    """Config `index`'s game after `stop` seeded random decisions (no draw offers), or None if it
    ended before."""
    g = TholianGo(CONFIGS[index])
    rng = Rng(index + 11)
    for _ in range(stop):
        moves = [m for m in g.legal_moves() if m != OFFER and m != ACCEPT]
        g.play(moves[rng.below(len(moves))])
        if g.winner() != ONGOING:
            return None
    return g


def positions_record(index):
    """[(stop, level, move, nodes)]: each level's search of each position, a fresh game each."""
    out = []
    for stop in STOPS:
        for level in ai.LEVELS:
            g = random_position(index, stop)
            if g is None:
                return out
            search = ai.Search(g, level, seed=stop + 3)
            out.append((stop, level, search.run(), search.nodes))
    return out


def self_play_record(index, level):
    """[(move, nodes)] of SELF_PLAY decisions the AI at `level` plays for both sides from the
    position after 17 random decisions."""
    g = random_position(index, 17)
    out = []
    while g is not None and g.winner() == ONGOING and len(out) < SELF_PLAY:
        search = ai.Search(g, level, seed=len(g.history))
        move = search.run()
        out.append((move, search.nodes))
        g.play(move)
    return out
