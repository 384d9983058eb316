# Tholian Go position text and ASCII board, decisions given as text in every form and the
# reasons a decision is refused (imported only when used: referee, tests, errors).
#
# Position line (encode/decode), fields separated by spaces:
#   board=<dark rows, bottom first>|<light lines, bottom first>   '.' empty, 'R' Red, 'B' Blue,
#          rows and lines separated by '/'
#   turn=R|B  done=<dark moves made>,<light moves made>  hand=<Rd>,<Rl>,<Bd>,<Bl>
#   dice=<dark axis>,<light axis>,<light axis> ('-' = used or none)  rng=<dice generator state>
#   push=<targets waiting for a free push, comma separated, or ->  offer=<pending>,<made this turn>
#   path=<the path under construction, nodes joined by '-', or ->
#   result=-|R|B|draw
from micropython import const

from shared_rules.game import DRAW, ONGOING, GameError, clip
from shared_rules.tholian_go.geometry import SLOTS, SPECIAL_NAMES

# Move kinds and the slot field, as in tholian_go/rules.py (its private consts are not attributes).
_PLACE = const(1)
_SPECIAL = const(2)
_NEXT = const(3)
_SLOT_SHIFT = const(11)

_CELL = ".RB"


def encode(game):
    g = game.space
    b = game.board
    parts = []
    for web, lo, hi in ((0, 0, g.n_dark), (1, g.n_dark, g.n)):
        rows = []
        cur = ""
        last_y = -1
        for k in range(lo, hi):
            if g.ys[k] != last_y and cur:
                rows.append(cur)
                cur = ""
            last_y = g.ys[k]
            cur += _CELL[b[k]]
        rows.append(cur)
        parts.append("/".join(rows))
    d = game.dice
    dice = ",".join("-" if d[i] == 3 else ("abc" if i == 0 else "xyz")[d[i]] for i in range(3))
    res = game.result
    return "board=%s|%s turn=%s done=%d,%d hand=%d,%d,%d,%d dice=%s rng=%d push=%s offer=%d,%d path=%s result=%s" % (
        parts[0], parts[1], "RB"[game.player], game.dark_done, game.light_done,
        game.hand[0], game.hand[1], game.hand[2], game.hand[3], dice, game.rng.state,
        ",".join(g.name(t) for t in game.pending) or "-", game.offer, game.offered,
        "-".join(g.name(k) for k in game.route_nodes()) or "-",
        "-" if res == ONGOING else ("draw" if res == DRAW else "RB"[res]))


def _ints(text, count, field):
    parts = text.split(",")
    if len(parts) != count:
        raise GameError("%s needs %d comma-separated numbers" % (field, count))
    out = []
    for p in parts:
        if not p or not all("0" <= c <= "9" for c in p):
            raise GameError("%s: '%s' is not a number" % (field, p[:20]))
        if len(p) > 10:     # beyond every field's range (and int()'s limit on CPython)
            raise GameError("%s: %s... is out of range" % (field, p[:10]))
        out.append(int(p))
    return out


def decode(game, text):
    g = game.space
    fields = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq:
            raise GameError("position field '%s' is not key=value" % word)
        fields[key] = value
    need = ("board", "turn", "done", "hand", "dice", "rng", "push", "offer", "path", "result")
    for key in need:
        if key not in fields:
            raise GameError("position lacks '%s='; fields: %s" % (key, " ".join(need)))
    cells = fields["board"].replace("/", "").replace("|", "")
    if len(cells) != g.n or any(c not in _CELL for c in cells):
        raise GameError("board= needs %d cells of . R B for space=%s" % (g.n, g.space_name))
    if fields["turn"] not in ("R", "B"):
        raise GameError("turn= is R or B")
    done = _ints(fields["done"], 2, "done")
    if done[0] > 1 or done[1] > 2:
        raise GameError("done= is <0-1>,<0-2>")
    hand = _ints(fields["hand"], 4, "hand")
    from shared_rules.tholian_go.setup import FULL_SET
    for i in range(4):      # a hand is at most the player's sets of that web (it only shrinks)
        if hand[i] > FULL_SET[i & 1] * game.sets:
            raise GameError("hand=: at most %d %s tokens in a hand" % (FULL_SET[i & 1] * game.sets, ("dark", "light")[i & 1]))
    offer = _ints(fields["offer"], 2, "offer")
    if offer[0] > 1 or offer[1] > 1:
        raise GameError("offer= is <0-1>,<0-1>")
    dice = fields["dice"].split(",")
    if len(dice) != 3:
        raise GameError("dice= has three entries")
    dvals = []
    for i in range(3):
        axes = "abc" if i == 0 else "xyz"
        if dice[i] == "-":
            dvals.append(3)
        elif len(dice[i]) == 1 and dice[i] in axes:
            dvals.append(axes.index(dice[i]))
        else:
            raise GameError("dice= entry %d is one of %s or -" % (i + 1, axes))
    rng = _ints(fields["rng"], 1, "rng")[0]
    if not 0 < rng <= 0xFFFFFFFF:   # the dice generator's state: 32 bits, never 0
        raise GameError("rng= is 1..4294967295")
    pending = []
    if fields["push"] != "-":
        for name in fields["push"].split(","):
            t = parse_node(game, name)
            if t not in g.entry:
                raise GameError("push=: %s is not a target node" % name)
            if t in pending:
                raise GameError("push=: %s is given twice" % name)
            pending.append(t)
    route = [] if fields["path"] == "-" else fields["path"].split("-")
    if len(route) > g.n:
        raise GameError("path= has more nodes than the space (%d)" % g.n)
    route = [parse_node(game, x) for x in route]
    res = fields["result"]
    if res not in ("-", "R", "B", "draw"):
        raise GameError("result= is - R B or draw")
    for k in range(g.n):
        game._put(k, _CELL.index(cells[k]))
    game.player = 0 if fields["turn"] == "R" else 1
    game.dark_done, game.light_done = done
    for i in range(4):
        game.hand[i] = hand[i]
    for i in range(3):
        game.dice[i] = dvals[i]
    game.rng.state = rng
    game.pending = pending
    game.offer, game.offered = offer
    for i in range(len(route)):
        game.route[i] = route[i]
    game.rlen = len(route)
    game.result = ONGOING if res == "-" else (DRAW if res == "draw" else "RB".index(res))


def render(game):
    # Light nodes: '.' empty, 'r'/'b' tokens, '@' an empty double-circled node; dark nodes:
    # 'o' empty, 'R'/'B' tokens.  '---' and '|' are the light web's edges.
    g = game.space
    b = game.board
    cols = g.cols
    targets = g.targets[0] + g.targets[1]
    out = []
    header = "     " + "".join("%-4d" % (x + 1) for x in range(cols))
    out.append(header + "  (i of L<i>.<l> for lines 2-%d; line 1 below)" % g.lines)
    for l in range(g.lines, 0, -1):
        text = "L%-3d " % l
        for x in range(cols):
            k = g.node_at(1, x, l)
            if k < 0:
                text += "    "
                continue
            ch = " rb"[b[k]] if b[k] else ("@" if k in targets else ".")
            right = g.node_at(1, x + 1, l)
            edge = "---" if right >= 0 and g.edge_between(k, right) != 0xFFFF else "   "
            text += ch + edge
        out.append(text.rstrip())
        if l == 1:
            break
        r = l - 1
        text = "D%-3d " % r
        for x in range(cols):
            k = g.node_at(0, x, r)
            if k >= 0:
                text += " RB"[b[k]] if b[k] else "o"
            else:
                up = g.node_at(1, x, r + 1)
                down = g.node_at(1, x, r)
                vertical = up >= 0 and down >= 0 and g.edge_between(up, down) != 0xFFFF
                text += "|" if vertical else " "
            text += "   "
        out.append(text.rstrip())
    first = g.node_at(1, 0, 1) >= 0
    out.append("     " + "".join("%-4s" % (str(x + (1 if first else 0)) if (x or first) else "") for x in range(cols)))
    out.append("D<i>.<r>: the i-th 'o' of row r from the left.")
    p = game.PLAYERS
    line = "%s to move" % p[game.to_move()]
    if game.result != ONGOING:
        line = "game over: " + ("draw" if game.result == DRAW else "%s wins" % p[game.result])
    elif game.offer:
        line += " (draw offered by %s: accept or decline)" % p[game.player]
    elif game.pending:
        line += " (free push from %s)" % g.name(g.entry[game.pending[0]])
    elif game.placing_phase():
        line += " (placing tokens)"
    else:
        line += " (dark moves made %d, light moves made %d)" % (game.dark_done, game.light_done)
    dice = game.dice_text()
    if dice:
        line += "; dice: " + dice
    out.append(line)
    rd, rl = game.counts(0)
    bd, bl = game.counts(1)
    tail = "Red %d dark %d light, Blue %d dark %d light" % (rd, rl, bd, bl)
    h = game.hand
    if h[0] or h[1] or h[2] or h[3]:
        tail += "; in hand: Red %d+%d, Blue %d+%d" % (h[0], h[1], h[2], h[3])
    out.append(tail)
    return "\n".join(out)


# ---- decisions as text: what move_from_text()'s quick reading leaves, and the reasons ---------


def text_or_int(game, move):
    try:
        return game.move_to_text(move)
    except (GameError, IndexError):
        return str(move)


def parse_node(game, text):
    # `D2.6` / `L3.1` (also `D(2,6)`) -> node; GameError names what is wrong.
    g = game.space
    k = g.node_named(text)
    if k < 0:
        raise GameError("no node '%s' here: a node is D<i>.<row> (rows 1-%d) or L<i>.<line> "
                        "(lines 1-%d), i counted from the left" % (clip(text), g.rows, g.lines))
    return k


def move_from_text(game, t):
    # Every form of a decision's text; a GameError says why it is not a legal one.
    g = game.space
    low = t.lower()
    legal = game.legal_moves()
    if low in SPECIAL_NAMES:
        move = SPECIAL_NAMES.index(low) << 2 | _SPECIAL
        if move not in legal:
            raise GameError("'%s' is not possible now (%s)" % (low, decision_text(game)))
        return move
    if not t:
        raise GameError("empty move")
    parts = t.split("-")
    if game.rlen:
        # The path goes on: `-L4.2`, `L4.2`, or the whole path so far plus the next node.
        if len(parts) > 1 and parts[0]:
            nodes = [parse_node(game, x) for x in parts]
            if nodes[:-1] != game.route_nodes():
                raise GameError("%s does not continue the path %s (%s)" % (
                    clip(t), "-".join(g.name(k) for k in game.route_nodes()), decision_text(game)))
            node = nodes[-1]
        elif len(parts) <= 2 and parts[-1]:
            node = parse_node(game, parts[-1])
        else:
            raise GameError("'%s': give the next node of the path, e.g. -L4.2" % clip(t))
        move = node << 2 | _NEXT
        if move not in legal:
            raise GameError("the path cannot go to %s (%s)" % (g.name(node), decision_text(game)))
        return move
    nodes = [parse_node(game, x) for x in parts]
    if len(nodes) == 1:
        move = nodes[0] << 2 | _PLACE
        if move not in legal:
            raise GameError("cannot place on %s now (%s)" % (clip(t), decision_text(game)))
        return move
    if len(nodes) > 2:
        raise GameError("a move is played one step per decision: first %s-%s, then -%s ..." % (
            clip(parts[0]), clip(parts[1]), clip(parts[2])))
    n0, n1 = nodes
    s = _slot(g, n0, n1)
    if s < 0:
        raise GameError("%s and %s are not neighbours" % (g.name(n0), g.name(n1)))
    move = n0 << 2 | (s - n0 * SLOTS + 1) << _SLOT_SHIFT
    if move in legal:
        return move
    raise GameError("%s is not legal: %s" % (clip(t), _step_problem(game, n0, n1)))


def play_path(game, parts):
    # A whole path n0-n1-..: its first step, then each next node; a bad path changes nothing.
    move = game.play_text(parts[0] + "-" + parts[1])
    played = 1
    try:
        for part in parts[2:]:
            move = game.play_text("-" + part)
            played += 1
    except GameError:
        for _ in range(played):
            game.undo()
        raise
    return move


def _step_problem(game, n0, n1):
    g = game.space
    names = g.name
    me = game.player + 1
    web = 0 if n0 < g.n_dark else 1
    if game.result != ONGOING:
        return "the game is over"
    if game.offer:
        return "answer the draw offer first (accept or decline)"
    if game.placing_phase() or game.hand[game.player * 2 + web]:
        return "tokens of that web are placed now, not moved"
    if game.board[n0] != me:
        return "%s holds no %s token" % (names(n0), game.PLAYERS[game.player])
    if web == 0 and game.dark_done:
        return "the dark move of this turn is made"
    if web == 1 and game.light_done >= 2:
        return "both light moves of this turn are made"
    e = g.edge_between(n0, n1)
    b = game.board[g.xu[e]]
    if b and b != me and b == game.board[g.xv[e]]:
        return "%s's barrier blocks %s-%s" % (game.PLAYERS[b - 1], names(n0), names(n1))
    if game.dice_on and not (game._axes(web) >> g.axis[_slot(g, n0, n1)]) & 1:
        return "the first step must follow a rolled axis (%s)" % game.dice_text()
    return "the string on %s cannot be pushed on to an empty node" % names(n1)


def _slot(g, a, b):
    for k in range(g.deg[a]):
        if g.adj[a * SLOTS + k] == b:
            return a * SLOTS + k
    return -1


def decision_text(game):
    if game.result != ONGOING:
        return "the game is over"
    if game.offer:
        return "%s must accept or decline the draw offer" % game.PLAYERS[1 - game.player]
    legal = game.legal_moves()
    shown = " ".join(game.move_to_text(m) for m in legal[:12])
    return "legal: %s%s" % (shown, " ..." if len(legal) > 12 else "")
