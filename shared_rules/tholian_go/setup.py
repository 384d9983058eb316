# Tholian Go: a new game's state and start position (spec §2, §8's variants), set_position(),
# and a space's tables read from data.  Run through geometry.run_once(): needed once
# per game, this code then leaves the device's heap.  tholian_go/rules.py's class lists the state it
# sets.
#
# The tables as data: tools/device/build.py writes every space's tables (what tholian_go_build makes)
# into the board's filesystem, in the folder SPACES_FOLDER beside this module, and Space() reads
# them (load_space) instead of building them, which would delay a new game's first screen.
# From source (CPython, the MicroPython VM, tests run on a board) there is no such file and the
# space is built.  A file: a header of HEAD unsigned 16-bit words (FORMAT, n_dark, n,
# n_light_edges, n_edges, the lengths of the six node lists), then the tables of
# space_parts() in that order, each its array's bytes (little-endian, as on the boards:
# tools/device/build.py refuses a big-endian host).
from array import array

from shared_rules.game import ONGOING, GameError
from shared_rules.rng import Rng
from shared_rules.tholian_go.geometry import BOARD_COLS, SLOTS, SPACES, filled, space

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
        # The start position: _put's counts and hash without a call per token (the dirty flags
        # are set above).
        board = game.board
        zk = g.zkeys
        z = 0
        for p in (0, 1):
            for k in g.start[p]:
                board[k] = p + 1
                game.cnt[p * 2 + (k >= g.n_dark)] += 1
                z ^= zk[k * 2 + p]
        game.zobrist = z
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
    from shared_rules.tholian_go.text import parse_node
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


SPACES_FOLDER = "spaces"
FORMAT = 1  # a file of another format is not read: the space is built
HEAD = 11


def space_path(folder, name):
    # Space `name`'s file in `folder` (the board's: SPACES_FOLDER beside this module).
    return "%s/%s.tables" % (folder, name)


def load_space(sp, name, axes):
    # Reads space `name`'s tables from the build's data into sp; False if there is none.
    try:
        f = open(space_path((__file__.rpartition("/")[0] or ".") + "/" + SPACES_FOLDER, name), "rb")
    except OSError:
        return False
    # The sizes, as tholian_go_build sets them.
    sp.space_name = name
    sp.cols, sp.lines, sp.periodic = SPACES[name]
    sp.rows = sp.lines - 1
    sp.boards_across = sp.cols // BOARD_COLS
    with f:
        head = array("H", f.read(2 * HEAD))
        if len(head) != HEAD or head[0] != FORMAT:
            return False
        sp.n_dark, n, sp.n_light_edges, ne = head[1], head[2], head[3], head[4]
        sp.n = n
        sp.n_light = n - sp.n_dark
        sp.n_edges = ne
        sp.n_dark_edges = ne - sp.n_light_edges
        w = 1 if n < 256 else 2
        node_code = "B" if w == 1 else "H"
        size = sp.cols * (sp.lines + 1) * w
        # In space_parts' order, each array made from its bytes as read (an empty array filled
        # by readinto takes twice the calls).
        sp.grid = (array(node_code, f.read(size)), array(node_code, f.read(size)))
        sp.xs = bytearray(f.read(n))
        sp.ys = bytearray(f.read(n))
        sp.deg = bytearray(f.read(n))
        sp.adj = array(node_code, f.read(n * SLOTS * w))
        sp.edge = array("B", f.read(n * SLOTS)) if ne < 256 else array("H", f.read(n * SLOTS * 2))
        sp.eu = array(node_code, f.read(ne * w))
        sp.ev = array(node_code, f.read(ne * w))
        sp.cross = array("H", f.read(ne * 2))
        sp.xu = array(node_code, f.read(ne * w))
        sp.xv = array(node_code, f.read(ne * w))
        sp.zkeys = array("i", f.read(8 * n))
        lists = [array(node_code, f.read(head[i] * w)) for i in range(5, HEAD)]
        lists.append(array(node_code, f.read((head[7] + head[8]) * w)))  # the targets' entry nodes
        sp.axis = bytearray(f.read(n * SLOTS) if axes else 0)
    sp.start = (tuple(lists[0]), tuple(lists[1]))
    sp.targets = (tuple(lists[2]), tuple(lists[3]))
    sp.chain_ends = (tuple(lists[4]), tuple(lists[5]))
    sp.entry = {}
    targets = sp.targets[0] + sp.targets[1]
    for i in range(len(targets)):
        sp.entry[targets[i]] = lists[6][i]
    return True


def space_parts(sp, lists):
    # The tables in the file's order: the axes last (read only when asked for).
    return [sp.grid[0], sp.grid[1], sp.xs, sp.ys, sp.deg, sp.adj, sp.edge, sp.eu, sp.ev, sp.cross, sp.xu,
            sp.xv, sp.zkeys] + lists + [sp.axis]


def write_space(sp, file_path):
    # sp built with its axes (tools/device/build.py, on the host).
    node_code = "B" if sp.n < 256 else "H"
    nodes = sp.start + sp.targets + sp.chain_ends
    lists = [array(node_code, x) for x in nodes]
    lists.append(array(node_code, [sp.entry[t] for t in sp.targets[0] + sp.targets[1]]))
    head = array("H", [FORMAT, sp.n_dark, sp.n, sp.n_light_edges, sp.n_edges] + [len(x) for x in nodes])
    with open(file_path, "wb") as f:
        for table in [head] + space_parts(sp, lists):
            f.write(bytes(table))
