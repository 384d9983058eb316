# Tholian Go: a new game's state and start position (spec §2, §8's variants), and
# set_position().  Run through tholian_go_geometry.run_once(): needed once per game, this code
# then leaves the device's heap.  tholian_go.py's class lists the state it sets.
from array import array

from shared_rules.game import ONGOING, GameError
from shared_rules.rng import Rng
from shared_rules.tholian_go_geometry import filled, space

# variant -> (captures, transformation, loss by counts, touchdown win, chain win, dice,
#             placement: 0 none / 1 Ultimate turns / 2 alternately on own dots / 3 random)
VARIANTS = {
    "standard": (1, 1, 1, 0, 0, 0, 0),
    "ultimate": (1, 0, 1, 0, 0, 0, 1),
    "chain": (0, 0, 0, 0, 1, 0, 0),
    "football": (1, 0, 0, 1, 0, 0, 0),
    "lucky": (1, 1, 1, 0, 0, 0, 3),
    "oracle": (1, 1, 1, 0, 0, 1, 0),
    "scrimmage": (0, 0, 0, 1, 0, 0, 2),
    "lucky_scrimmage": (0, 0, 0, 1, 0, 1, 2),
}
FULL_SET = (6, 14)  # (dark, light) tokens per set
SCRIMMAGE_SET = (2, 5)


def setup(game):
    o = game.options
    if o["transform"] == "off" and o["variant"] != "lucky":
        raise GameError("transform=off is only for variant=lucky (Tholi Go Lucky); variant=%s "
                        "follows its own rules: use transform=on" % o["variant"])
    flags = VARIANTS[o["variant"]]
    game.captures = flags[0]
    game.transform = flags[1] and o["transform"] == "on"
    game.count_loss = flags[2]
    game.touchdown = flags[3]
    game.chain = flags[4]
    game.dice_on = flags[5]
    game.placement = flags[6]
    game.exact_light = game.placement == 1  # Ultimate: exactly 1 dark + 2 light per turn
    game.push_limit = o["push_limit"] == "on"
    g = game.space = space(o["space"], game.dice_on == 1)
    game.sets = g.boards_across
    n = g.n
    # Scratch for the searches and the flood fill (never allocated while playing); node
    # numbers, labels and component sizes fit in bytes unless the space has 256 nodes or more.
    code = "B" if n < 256 else "H"
    game._scratch = filled(1, 0, code)  # the one-node path before a first step
    game._it = bytearray(n + 2 if game.push_limit else 0)  # String Push Limit's search
    game._queue = filled(n + 2, 0, code)
    game._mark = bytearray(n + 1)
    game._was = filled(n + 17, 0, code)  # play(): dice, hand, route, pending before a decision
    game._was_rng = 0
    game._stamp = 0
    # Per (barrier colour, web), index ci = colour * 2 + web: the web's node labels, component
    # sizes by label (1..), their count and largest.
    game._labels = [filled(g.n_light if ci & 1 else g.n_dark, 0, code) for ci in range(4)]
    game._sizes = [filled((g.n_light if ci & 1 else g.n_dark) + 1, 0, code) for ci in range(4)]
    game._ncomp = bytearray(4)
    game._largest = filled(4, 0)
    game._dirty = bytearray(4)
    game._legal = []
    game._legal_ver = -1
    game._ver = 0

    game.board = bytearray(n + 1)  # the last cell is the dummy "no node": always empty
    game.cnt = bytearray(4)
    game.hand = bytearray(4)
    game.zobrist = 0
    game.player = 0
    game.dark_done = 0
    game.light_done = 0
    game.offer = 0
    game.offered = 0
    game.result = ONGOING
    game.dice = bytearray(b"\x03\x03\x03")
    game.rng = Rng(int(o["seed"]))
    game.route = filled(n + 2, 0, code)
    game.rlen = 0
    game.pending = []
    game.rep = array("i")
    game.rep_base = 0
    game.history = []
    game._log = bytearray()
    game._log_from = 0
    for i in range(4):
        game._dirty[i] = 1
    sets = game.sets
    if game.placement == 1:  # Ultimate: empty board, everything in hand
        for p in (0, 1):
            game.hand[p * 2] = FULL_SET[0] * sets
            game.hand[p * 2 + 1] = FULL_SET[1] * sets
    elif game.placement == 2:  # Scrimmage: 2 dark + 5 light per set, placed on own dots
        for p in (0, 1):
            game.hand[p * 2] = SCRIMMAGE_SET[0] * sets
            game.hand[p * 2 + 1] = SCRIMMAGE_SET[1] * sets
    elif game.placement == 3:
        _random_setup(game)
    else:
        for p in (0, 1):
            for k in g.start[p]:
                game._put(k, p + 1)
    if game.placement != 2:
        game._begin_turn(0)
    game._ver += 1


def _random_setup(game):
    # Tholi Go Lucky: the placement dice put each token on a random empty node of its web.
    g = game.space
    for web in (0, 1):
        lo = 0 if web == 0 else g.n_dark
        hi = g.n_dark if web == 0 else g.n
        for _ in range(FULL_SET[web] * game.sets):
            for p in (0, 1):
                pick = game.rng.below(hi - lo - game.cnt[web] - game.cnt[2 + web])
                for k in range(lo, hi):
                    if not game.board[k]:
                        if pick == 0:
                            game._put(k, p + 1)
                            break
                        pick -= 1


def set_position(game, red, blue, player):
    from shared_rules.tholian_go_text import parse_node
    g = game.space
    for k in range(g.n):
        game._put(k, 0)
    for colour, nodes in ((1, red), (2, blue)):
        for x in nodes:
            k = parse_node(game, x) if isinstance(x, str) else x
            if game.board[k]:
                raise GameError("%s is given twice" % g.name(k))
            game._put(k, colour)
    for i in range(4):
        game.hand[i] = 0
    game.offer = 0
    game.result = ONGOING
    game.rlen = 0
    game.pending = []
    game.rep = array("i")
    game.rep_base = 0
    game.history = []
    game._log = bytearray()
    game._log_from = -1  # no replay from a position
    game._begin_turn(player)
    game._legal_ver = -1
