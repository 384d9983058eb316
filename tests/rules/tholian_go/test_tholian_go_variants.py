# Tholian Go variants and options: docs/rules/tholian_go.md §8, seed "More Games" and "Create Your
# Own Games".  Coordinates as in §1.
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.tholian_go.rules import END, OFFER, TholianGo
from shared_rules.tholian_go.geometry import SLOTS
from shared_rules.tholian_go.variants import has_chain
from rules_support import raises
from tholian_go_support import dk, lt, step


def texts(g):
    return [g.move_to_text(m) for m in g.legal_moves()]


def nexts(g):
    return [m >> 2 for m in g.legal_moves() if m & 3 == 3]


def far_tokens(g):
    """Tokens far from the middle that keep both players above the §7 thresholds."""
    red = [lt(g, x, 1) for x in range(5, 12)] + [dk(g, cx, 1) for cx in (6, 8, 10)]
    blue = [lt(g, x, 7) for x in (0, 1, 2, 3, 8, 9, 10)] + [dk(g, cx, 6) for cx in (1, 3, 11)]
    return red, blue


def with_dice(g, dice):
    """The same position with the Oracle dice set to `dice` (e.g. "c,x,y")."""
    text = g.encode()
    i = text.index("dice=")
    j = text.index(" ", i)
    g.decode(text[:i] + "dice=" + dice + text[j:])


def play_turn(g, pick_last=False):
    """Plays decisions of the player to move until the turn passes (first or last option)."""
    p = g.to_move()
    while g.to_move() == p and g.winner() == ONGOING:
        moves = [m for m in g.legal_moves() if m != OFFER]
        g.play(moves[-1] if pick_last else moves[0])


# ---- options ------------------------------------------------------------------------------------
def test_option_names_and_errors_name_the_choices():
    """The option names: variant=, push_limit=, space=, transform=, seed=; a bad value or an unknown
    option is a GameError naming the valid choices."""
    for v in ("standard", "ultimate", "chain", "football", "lucky", "oracle", "scrimmage", "lucky_scrimmage"):
        assert TholianGo({"variant": v}).options["variant"] == v
    for s in ("standard", "periodic", "wide", "long", "square"):
        assert TholianGo({"space": s}).space.cols in (12, 24)
    try:
        TholianGo({"variant": "go"})
        assert False
    except GameError as e:
        assert "standard|ultimate|chain|football|lucky|oracle|scrimmage|lucky_scrimmage" in str(e)
    try:
        TholianGo({"board": "big"})
        assert False
    except GameError as e:
        assert "push_limit" in str(e) and "space" in str(e)
    assert raises(GameError, TholianGo, {"space": "torus"})
    assert raises(GameError, TholianGo, {"seed": "x"})
    assert raises(GameError, TholianGo, {"push_limit": "yes"})


def test_transform_off_only_for_tholi_go_lucky():
    """Seed Tholi Go Lucky: "Decide whether or not to use the double-ringed nodes as token
    web-transformation nodes" - the option belongs to that variant; elsewhere it is refused."""
    assert TholianGo({"variant": "lucky", "transform": "off"}).transform == 0
    for v in ("standard", "oracle", "chain"):
        try:
            TholianGo({"variant": v, "transform": "off"})
            assert False
        except GameError as e:
            assert "variant=lucky" in str(e)


# ---- Ultimate Tholian Go --------------------------------------------------------------------
def test_ultimate_empty_board_placement_turns():
    """Seed Ultimate: "you alternate turns placing tokens on the game board for the first seven
    moves rather than using a starting configuration" / "Place one dark-web token and two
    light-web tokens per turn for the first six moves." """
    g = TholianGo({"variant": "ultimate"})
    assert g.counts(0) == (0, 0) and g.counts(1) == (0, 0) and list(g.hand) == [6, 14, 6, 14]
    assert g.winner() == ONGOING  # tokens in hand count (§8): nobody is below the minimum
    legal = g.legal_moves()
    assert len([m for m in legal if m & 3 == 1]) == 36 + 82
    for turn in range(12):
        p = g.to_move()
        assert p == turn % 2
        play_turn(g)
        assert g.counts(p) == (turn // 2 + 1, 2 * (turn // 2 + 1))
    assert list(g.hand) == [0, 2, 0, 2]


def test_ultimate_seventh_turn_places_two_light_and_moves_a_dark():
    """Seed: "On the seventh move you will place two light-web tokens and move a dark-web
    token." Then "Alternate turns moving one dark-web token and two light-web tokens per turn" -
    exactly, so no early `end`."""
    g = TholianGo({"variant": "ultimate"})
    for _ in range(12):
        play_turn(g)
    legal = g.legal_moves()
    assert any(m & 3 == 1 and (m >> 2) >= g.space.n_dark for m in legal)  # light placements
    assert not any(m & 3 == 1 and (m >> 2) < g.space.n_dark for m in legal)  # no dark ones
    assert any(m & 3 == 0 and (m >> 2) & 511 < g.space.n_dark for m in legal)  # dark moves
    play_turn(g)
    play_turn(g)
    assert list(g.hand) == [0, 0, 0, 0] and g.counts(0) == (6, 14)
    # Phase two: after one light move `end` is not offered (two light moves are due).
    p = g.to_move()
    light = [m for m in g.legal_moves() if m & 3 == 0 and (m >> 2) & 511 >= g.space.n_dark]
    g.play_text(g.move_to_text(light[0]))
    while g.route_nodes():
        g.play(g.legal_moves()[0])
    assert g.to_move() == p and END not in g.legal_moves()


def test_ultimate_captures_during_placement():
    """Seed: "If during this phase you form a barrier around your opponent's tokens, you may
    remove them and they do not return to play." Red's third dark placement closes a triangle
    around Blue's light token (5,4)."""
    g = TholianGo({"variant": "ultimate"})
    g.play_text(g.space.name(dk(g, 4, 3)))
    g.play_text(g.space.name(lt(g, 0, 2)))
    g.play_text(g.space.name(lt(g, 0, 3)))
    g.play_text(g.space.name(lt(g, 5, 4)))  # Blue
    g.play_text(g.space.name(dk(g, 1, 6)))
    g.play_text(g.space.name(lt(g, 0, 7)))
    g.play_text(g.space.name(dk(g, 6, 3)))  # Red
    g.play_text(g.space.name(lt(g, 2, 2)))
    g.play_text(g.space.name(lt(g, 3, 2)))
    assert g.board[lt(g, 5, 4)] == 2
    g.play_text(g.space.name(lt(g, 0, 6)))  # Blue
    g.play_text(g.space.name(dk(g, 3, 6)))
    g.play_text(g.space.name(lt(g, 1, 7)))
    g.play_text(g.space.name(dk(g, 5, 4)))  # Red closes the triangle
    assert g.board[lt(g, 5, 4)] == 0
    assert g.hand[3] == 14 - 4 and g.counts(1)[1] == 3  # the token does not return to play


def test_ultimate_no_transformation_node():
    """Seed: "Mechanics of play are just like Tholian Go from this point on except you do not
    use the double-ringed transformation node."  Red light on its target stays light."""
    g = TholianGo({"variant": "ultimate"})
    red, blue = far_tokens(g)
    g.set_position(red + [lt(g, 4, 7)], blue)
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.board[lt(g, 5, 7)] == 1 and g.board[dk(g, 5, 6)] == 0


def test_ultimate_counts_tokens_in_hand():
    """§8 Ultimate: "Token counts for the loss test include tokens still in hand" - seed goal:
    "Leave your opponent with five or fewer white-web tokens or two or fewer dark-web tokens"."""
    g = TholianGo({"variant": "ultimate"})
    assert not g._below_minimum(0)
    g.hand[1] = 5  # five light tokens left in all
    assert g._below_minimum(0)


# ---- Chain ------------------------------------------------------------------------------------
# A shortest chain: fourteen light tokens from the endpoint L2.1 to the endpoint L2.7.
CHAIN = ("L2.1", "L1.1", "L2.2", "L1.2", "L1.3", "L2.3", "L2.4", "L1.4", "L1.5", "L2.5", "L2.6", "L1.6",
         "L1.7", "L2.7")


def named(g, names):
    return [g.space.node_named(name) for name in names]


def chain_but_one(g, gap):
    """Red's fourteen-token chain without `gap`, and Red's token on L3.3 that can step into L2.3."""
    return [k for k in named(g, CHAIN) if k != g.space.node_named(gap)] + named(g, ("L3.3",)) + [dk(g, 0, 1)]


def test_chain_wins_with_an_unbroken_chain_between_endpoints():
    """Seed Chain: "Be first to create an unbroken chain of ... light-web tokens from one end of
    the game board the other. Possible endpoints are the five nodes at each end"."""
    g = TholianGo({"variant": "chain"})
    g.set_position(chain_but_one(g, "L2.3"), [dk(g, 11, 6), lt(g, 10, 7)])
    assert not has_chain(g, 0)
    g.play_text("L3.3-L2.3")
    assert has_chain(g, 0) and g.winner() == 0
    # The chain highlighted: light tokens of Red's, neighbours in turn, end line to end line.
    chain = g.end_cells()
    assert g.end_reason() == "chain" and len(chain) >= 14
    assert all(g.board[k] == 1 and g.space.name(k)[0] == "L" for k in chain)
    assert all(chain[i + 1] in g.space.neighbours(chain[i]) for i in range(len(chain) - 1))
    ends = g.space.chain_ends
    assert {chain[0], chain[-1]} & set(ends[0]) and {chain[0], chain[-1]} & set(ends[1])
    assert g.status_text() == "to_move=none winner=Red reason=chain"


def test_chain_endpoints_are_the_five_nodes_of_each_end_line_with_no_edge_into_the_board():
    """Revised ruling (docs/rules/tholian_go.md, Chain): the endpoints are L2.1, L4.1, L6.1, L8.1,
    L10.1 and L2.7, L4.7, L6.7, L8.7, L10.7; a chain from L1.1 (not an endpoint) does not win."""
    g = TholianGo({"variant": "chain"})
    ends = g.space.chain_ends
    assert sorted(ends[0]) == sorted(named(g, ("L2.1", "L4.1", "L6.1", "L8.1", "L10.1")))
    assert sorted(ends[1]) == sorted(named(g, ("L2.7", "L4.7", "L6.7", "L8.7", "L10.7")))
    for k in ends[0] + ends[1]:
        assert g.space.deg[k] == 2
    tail = named(g, CHAIN[1:])
    g.set_position(tail, [dk(g, 11, 6), lt(g, 10, 7)])
    assert not has_chain(g, 0)  # L1.1 ... L2.7: thirteen tokens, one end not an endpoint


def test_chain_shortest_winning_chain_is_fourteen_tokens():
    """Seed Chain: "an unbroken chain of fourteen light-web tokens from one end of the game board
    the other": no chain of fewer tokens joins the endpoints (breadth-first over the light web)."""
    g = TholianGo({"variant": "chain"})
    space = g.space
    tokens = {}
    frontier = list(space.chain_ends[0])
    for k in frontier:
        tokens[k] = 1
    while frontier:
        nxt = []
        for u in frontier:
            for s in range(u * SLOTS, u * SLOTS + space.deg[u]):
                v = space.adj[s]
                if v not in tokens:
                    tokens[v] = tokens[u] + 1
                    nxt.append(v)
        frontier = nxt
    assert min(tokens[k] for k in space.chain_ends[1]) == 14 == len(CHAIN)


def test_chain_link_crossed_by_an_enemy_barrier_is_broken():
    """§8 Chain: "A chain link crossed by an enemy barrier is broken" - Blue's barrier across the
    link L2.3-L2.4 (the two dark nodes either side of it)."""
    g = TholianGo({"variant": "chain"})
    u, v = named(g, ("L2.3", "L2.4"))
    link = [s for s in range(u * SLOTS, u * SLOTS + g.space.deg[u]) if g.space.adj[s] == v][0]
    e = g.space.edge[link]
    g.set_position(chain_but_one(g, "L2.3"), [g.space.xu[e], g.space.xv[e]])
    assert g.winner() == ONGOING
    g.play_text("L3.3-L2.3")
    assert not has_chain(g, 0) and g.winner() == ONGOING


def test_chain_has_no_captures():
    """Seed Chain: "There are no capturing moves"."""
    g = TholianGo({"variant": "chain"})
    g.set_position([dk(g, 4, 3), dk(g, 6, 3), dk(g, 7, 4)], [lt(g, 5, 4)])
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 2 and g.winner() == ONGOING


def test_chain_standard_start_and_turns():
    """Seed Chain: "Set up the game board as you do the original game" / "two light-web token
    moves and one dark-web token move per turn (as in the original game)"."""
    g = TholianGo({"variant": "chain"})
    assert g.counts(0) == (6, 14) and g.counts(1) == (6, 14)
    g.play_text("L3.2-L3.3")
    g.play_text("D1.1-D1.2")
    assert END in g.legal_moves()
    g.play_text("L7.2-L7.3")
    assert g.to_move() == 1


# ---- Tholian Football ----------------------------------------------------------------------
def test_football_touchdown_wins():
    """Seed Football: "Be the first to get one of your light-web tokens to the double-ringed
    node on your opponent's side. Call that a touchdown. You only need one to win." (No
    transformation.)"""
    g = TholianGo({"variant": "football"})
    red, blue = far_tokens(g)
    g.set_position(red + [lt(g, 4, 7)], blue)
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.winner() == 0 and g.board[lt(g, 5, 7)] == 1 and g.board[dk(g, 5, 6)] == 0
    assert g.end_reason() == "touchdown" and g.end_cells() == [lt(g, 5, 7)]
    assert g.status_text() == "to_move=none winner=Red reason=touchdown"


def test_football_token_pushed_onto_its_target_scores_for_its_owner():
    """§8 Football ruling: a light token on its own target scores for its owner even when the
    opponent pushed it there: Red pushes Blue's (7,1) onto Blue's target (6,1)."""
    g = TholianGo({"variant": "football"})
    blue_target = g.space.targets[1][0]
    assert (g.space.xs[blue_target], g.space.ys[blue_target]) == (6, 1)
    red = [lt(g, 8, 1)] + [lt(g, x, 4) for x in (1, 2, 3, 4, 5)] + [dk(g, cx, 3) for cx in (0, 2, 4)]
    blue = [lt(g, 7, 1)] + [lt(g, x, 7) for x in (0, 1, 2, 3, 8, 9)] + [dk(g, cx, 6) for cx in (1, 3, 11)]
    g.set_position(red, blue)
    g.play_text(step(g, lt(g, 8, 1), lt(g, 7, 1)))
    g.play_text("-" + g.space.name(lt(g, 6, 1)))
    assert g.board[lt(g, 6, 1)] == 2 and g.winner() == 1


def test_football_uses_captures():
    """Seed Football: "Use capture moves to take opponent's tokens out of the game"."""
    g = TholianGo({"variant": "football"})
    red, blue = far_tokens(g)
    g.set_position(red + [dk(g, 4, 3), dk(g, 6, 3), dk(g, 7, 4)], blue + [lt(g, 5, 4)])
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 0

def test_football_touchdown_is_the_only_goal():
    """Seed Football: "The goal is different" - the touchdown is the only goal (revised ruling):
    falling below 6 light or 3 dark tokens does not lose, and a player without light tokens plays
    on."""
    g = TholianGo({"variant": "football"})
    red, blue = far_tokens(g)
    g.set_position(red + [dk(g, 4, 3), dk(g, 6, 3), dk(g, 7, 4)], [lt(g, 5, 4)] + [dk(g, cx, 6) for cx in (1, 3)])
    assert g.counts(1) == (2, 1)
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))  # captures Blue's last light token
    assert g.counts(1) == (2, 0) and g.winner() == ONGOING
    play_turn(g)
    assert g.winner() == ONGOING and g.to_move() == 1 and g.legal_moves()


# ---- Tholi Go Lucky --------------------------------------------------------------------------
def test_lucky_random_placement_from_the_seed():
    """Seed Tholi Go Lucky: "use the Tholian Go Placement Dice ... to place six dark-web tokens
    and fourteen light-web tokens each" - reproducible from the stored seed."""
    a = TholianGo({"variant": "lucky", "seed": "7"})
    b = TholianGo({"variant": "lucky", "seed": "7"})
    c = TholianGo({"variant": "lucky", "seed": "8"})
    assert a.counts(0) == (6, 14) and a.counts(1) == (6, 14)
    assert a.encode() == b.encode() and a.board != c.board
    assert bytes(a.board) != bytes(TholianGo().board)


def test_lucky_transformation_on_or_off():
    """Seed: "Decide whether or not to use the double-ringed nodes as token web-transformation
    nodes before the game."""
    for transform, expect in (("on", 0), ("off", 1)):
        g = TholianGo({"variant": "lucky", "transform": transform})
        red, blue = far_tokens(g)
        g.set_position(red + [lt(g, 4, 7)], blue)
        g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
        assert g.board[lt(g, 5, 7)] == expect


# ---- Oracle Go -------------------------------------------------------------------------------
def test_oracle_dice_one_dark_two_light_axes_each_turn():
    """Seed Oracle: "The movement dice give you one dark-web axis, and two light-web axes to
    correspond with a player's moves per turn" - shown to the player, new each turn, and
    reproducible from the seed."""
    g = TholianGo({"variant": "oracle", "seed": "5"})
    h = TholianGo({"variant": "oracle", "seed": "5"})
    seen = []
    for _ in range(8):
        d = g.dice_text().split()
        assert len(d) == 3 and d[0] in "abc" and d[1] in "xyz" and d[2] in "xyz"
        assert "dice: " + g.dice_text() in g.render()
        seen.append(g.dice_text())
        play_turn(g)
    assert len(set(seen)) > 1
    for t in g.record().split():
        h.play_text(t)
    assert h.encode() == g.encode()


def test_oracle_first_step_follows_the_rolled_axis():
    """Seed Oracle: "Dark web moves are along one of the axes a, b, or c. Light web moves are
    along one of the axes x, y, or z" / "In moving a string determine the initial token movement
    according to the roll"."""
    g = TholianGo({"variant": "oracle"})
    red, blue = far_tokens(g)
    g.set_position(red + [dk(g, 5, 4), lt(g, 5, 4)], blue)
    with_dice(g, "a,x,x")
    firsts = [g.move_nodes(m) for m in g.legal_moves() if m & 3 == 0]
    mine = [f for f in firsts if f[0] in (dk(g, 5, 4), lt(g, 5, 4))]
    assert sorted(f[1] for f in mine if f[0] == dk(g, 5, 4)) == sorted([dk(g, 3, 4), dk(g, 7, 4)])
    assert [f[1] for f in mine if f[0] == lt(g, 5, 4)] == [lt(g, 5, 3)]  # x: the vertical side
    with_dice(g, "b,y,z")
    mine = [g.move_nodes(m) for m in g.legal_moves() if m & 3 == 0]
    assert sorted(f[1] for f in mine if f[0] == dk(g, 5, 4)) == sorted([dk(g, 6, 5), dk(g, 4, 3)])
    assert sorted(f[1] for f in mine if f[0] == lt(g, 5, 4)) == sorted([lt(g, 4, 4), lt(g, 6, 4)])


def test_oracle_pushed_string_may_bend():
    """Seed: "When moving a string use the direction of the initial token as the direction,
    the end token of a string may move on a different axis."  (2,4)->(3,4) is a z side; the
    pushed token goes on down the vertical (3,4)-(3,3)."""
    g = TholianGo({"variant": "oracle"})
    red, blue = far_tokens(g)
    g.set_position(red + [lt(g, 2, 4)], blue + [lt(g, 3, 4), lt(g, 4, 4)])
    with_dice(g, "a,z,z")
    g.play_text(step(g, lt(g, 2, 4), lt(g, 3, 4)))
    assert lt(g, 3, 3) in nexts(g)
    g.play_text("-" + g.space.name(lt(g, 3, 3)))
    assert g.board[lt(g, 3, 3)] == 2 and g.dice_text() == "a z"


def test_oracle_string_takes_the_initial_tokens_direction():
    """Seed Oracle: "When moving a string use the direction of the initial token as the direction,
    the end token of a string may move on a different axis": the roll decides the initial token's
    step, not the end token's.  Red's (2,4) against Blue's string (3,4), (4,4): with an x roll the
    push along the z side (2,4)-(3,4) is not offered, though the end token could then go down the
    vertical (3,4)-(3,3); with a z roll it is, and the end token goes on along z or turns to x."""
    g = TholianGo({"variant": "oracle"})
    red, blue = far_tokens(g)
    g.set_position(red + [lt(g, 2, 4)], blue + [lt(g, 3, 4), lt(g, 4, 4)])
    with_dice(g, "a,x,x")
    firsts = [g.move_nodes(m) for m in g.legal_moves() if m & 3 == 0]
    assert [f[1] for f in firsts if f[0] == lt(g, 2, 4)] == [lt(g, 2, 5)]  # its x side only
    with_dice(g, "a,z,z")
    g.play_text(step(g, lt(g, 2, 4), lt(g, 3, 4)))
    assert sorted(nexts(g)) == sorted([lt(g, 3, 3), lt(g, 4, 4)])


def test_oracle_rolled_move_with_no_option_is_lost():
    """§8 Oracle: "A rolled move with no legal option is lost": with a c roll none of Red's dark
    tokens can move (D(0,1) and D(11,6) have no c side, Blue's light barriers hold D(1,2)), so
    the turn is the light moves only: `end` comes after the first one."""
    g = TholianGo({"variant": "oracle"})
    red, blue = far_tokens(g)
    red = [k for k in red if k >= g.space.n_dark] + [dk(g, 0, 1), dk(g, 11, 6), dk(g, 1, 2)]
    blue = [k for k in blue if k != dk(g, 11, 6)] + [dk(g, 5, 6), lt(g, 0, 3), lt(g, 1, 3), lt(g, 1, 2), lt(g, 2, 2)]
    g.set_position(red, blue)
    with_dice(g, "c,x,x")
    assert not any(m & 3 == 0 and (m >> 2) & 511 < g.space.n_dark for m in g.legal_moves())
    g.play_text(step(g, lt(g, 5, 1), lt(g, 5, 2)))
    assert g.to_move() == 0 and END in g.legal_moves()
    with_dice(g, "b,x,x")
    assert any(m & 3 == 0 and (m >> 2) & 511 == dk(g, 0, 1) for m in g.legal_moves())


def test_oracle_turn_ends_when_the_dice_are_used_or_lost():
    """§8 Oracle ruling: a die is lost while no move fits it; the turn ends when none is left."""
    g = TholianGo({"variant": "oracle"})
    g.set_position([dk(g, 0, 1), dk(g, 5, 4), dk(g, 9, 4), lt(g, 5, 4), lt(g, 8, 4)] + [lt(g, x, 1) for x in (5, 6, 7, 9)],
                   far_tokens(g)[1])
    # Only light dice: the dark die is already used.
    with_dice(g, "-,x,x")
    g.play_text(step(g, lt(g, 5, 4), lt(g, 5, 3)))
    assert g.to_move() == 0 and g.dice_text() == "x"
    assert END in g.legal_moves()
    g.play(END)
    assert g.to_move() == 1


# ---- Scrimmage and Lucky Scrimmage -----------------------------------------------------------
def test_scrimmage_places_two_dark_five_light_alternately_on_own_dots():
    """Seed Scrimmage: "This game only uses seven tokens each." / "First set your tokens on your
    choice of your dotted nodes to start. Each player uses two dark-web tokens and five
    light-web tokens." §8: placed one at a time, alternately."""
    g = TholianGo({"variant": "scrimmage"})
    assert g.placing_phase() and list(g.hand) == [2, 5, 2, 5]
    order = []
    while g.placing_phase():
        p = g.to_move()
        legal = g.legal_moves()
        for m in legal:
            assert m & 3 == 1 and (m >> 2) in g.space.start[p]
        order.append(p)
        g.play(legal[-1] if p else legal[0])
    assert order == [0, 1] * 7
    assert g.counts(0) == (2, 5) and g.counts(1) == (2, 5)
    assert g.to_move() == 0 and not g.placing_phase()
    assert g.winner() == ONGOING  # no loss by counts with seven tokens


def test_scrimmage_touchdown_and_no_captures():
    """Seed Scrimmage: "First player to get to get a token to the opponent's double-circled node
    wins." / "Use moving strings and blocking as in Tholian Go" (no captures, §8 ruling)."""
    g = TholianGo({"variant": "scrimmage"})
    g.set_position([dk(g, 4, 3), dk(g, 6, 3), dk(g, 7, 4), lt(g, 4, 7)], [lt(g, 5, 4), dk(g, 1, 6)])
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 2  # no capture
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.winner() == 0


def test_lucky_scrimmage_rolls_the_movement_dice():
    """Seed Lucky Scrimmage: "Play the game Scrimmage above but alternate turns rolling the
    movement dice and moving according to the axes rolled."""
    g = TholianGo({"variant": "lucky_scrimmage", "seed": "3"})
    assert g.dice_text() == ""  # no dice while placing
    while g.placing_phase():
        g.play(g.legal_moves()[0])
    assert len(g.dice_text().split()) == 3
    d = g.dice_text().split()[0]
    for m in g.legal_moves():
        if m & 3 == 0 and (m >> 2) & 511 < g.space.n_dark:
            a, b = g.move_nodes(m)
            assert "abc"[g.space.axis[a * 6 + g.space.neighbours(a).index(b)]] == d


# ---- String Push Limit ---------------------------------------------------------------------------
def test_string_push_limit():
    """Seed "String Push Limit": "to push a string of multiple opponent's tokens, you must use a
    string of your own tokens of the same number or more"."""
    opts = {"push_limit": "on"}
    g = TholianGo(opts)
    red, blue = far_tokens(g)
    g.set_position(red + [lt(g, 2, 4)], blue + [lt(g, 3, 4), lt(g, 4, 4)])
    g.play_text(step(g, lt(g, 2, 4), lt(g, 3, 4)))  # offered: one may push one, down to (3,3)
    assert lt(g, 4, 4) not in nexts(g) and lt(g, 3, 3) in nexts(g)  # but not two Blue ones
    try:
        g.move_from_text("-" + g.space.name(lt(g, 4, 4)))
        assert False
    except GameError as e:
        assert "cannot go" in str(e)
    g = TholianGo(opts)
    g.set_position(red + [lt(g, 1, 4), lt(g, 2, 4)], blue + [lt(g, 3, 4), lt(g, 4, 4)])
    g.play_text("-".join(g.space.name(k) for k in (lt(g, 1, 4), lt(g, 2, 4))))
    g.play_text("-" + g.space.name(lt(g, 3, 4)))
    assert lt(g, 4, 4) in nexts(g)  # two push two
    g.play_text("-" + g.space.name(lt(g, 4, 4)))
    g.play_text("-" + g.space.name(lt(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 2 and g.board[lt(g, 2, 4)] == 1
    plain = TholianGo()
    plain.set_position(red + [lt(plain, 2, 4)], blue + [lt(plain, 3, 4), lt(plain, 4, 4)])
    plain.play_text(step(plain, lt(plain, 2, 4), lt(plain, 3, 4)))
    assert lt(plain, 4, 4) in nexts(plain)  # without the option the push is fine


def test_string_push_limit_combines_with_variants():
    """String Push Limit is combinable with any variant."""
    for v in ("ultimate", "chain", "football", "lucky", "oracle", "scrimmage", "lucky_scrimmage"):
        assert TholianGo({"variant": v, "push_limit": "on"}).push_limit


# ---- Periodic Space -----------------------------------------------------------------------------
def test_periodic_capture_across_the_seam():
    """Seed Periodic Space / Fig 13: "to surround the dark-web token on the left edge of the game
    board you must complete the barrier with two tokens at the right edge of the game board"."""
    ring = [(0, 3), (1, 3), (0, 4), (2, 4)]
    for space, extra, captured in (("standard", [], True), ("periodic", [], False),
                                   ("periodic", [(11, 3), (11, 4)], True)):
        g = TholianGo({"space": space})
        red, blue = far_tokens(g)
        g.set_position(red + [lt(g, x, l) for (x, l) in ring + extra], blue + [dk(g, 0, 3)])
        g.play_text(step(g, lt(g, 2, 4), lt(g, 1, 4)))
        assert (g.board[dk(g, 0, 3)] == 0) == captured, (space, extra)


def test_periodic_moves_cross_the_seam():
    """Seed: "Consider the left edge nodes as continuing right hand nodes and vice versa."""
    g = TholianGo({"space": "periodic"})
    red, blue = far_tokens(g)
    g.set_position(red + [lt(g, 0, 4)], blue)
    assert step(g, lt(g, 0, 4), lt(g, 11, 4)) in texts(g)


# ---- Expanded Space --------------------------------------------------------------------------
def test_expanded_token_sets_and_thresholds():
    """Seed "Expand Game Space": "Put two games side by side or end on end, or four in a square";
    §8: one token set per board along the home end, loss thresholds scale with the sets."""
    for space, sets in (("wide", 2), ("long", 1), ("square", 2)):
        g = TholianGo({"space": space})
        assert g.counts(0) == (6 * sets, 14 * sets) and g.counts(1) == (6 * sets, 14 * sets)
        assert len(g.space.targets[0]) == sets
    g = TholianGo({"space": "wide"})
    red = [dk(g, 4, 3), dk(g, 6, 3), dk(g, 7, 4)] + [dk(g, cx, 1) for cx in (12, 14)] + [lt(g, x, 1) for x in range(12, 24)]
    blue = [lt(g, 5, 4)] + [lt(g, x, 7) for x in range(13, 23)] + [dk(g, cx, 6) for cx in (13, 15, 17, 19, 21)]
    g.set_position(red, blue)
    assert g.counts(1) == (5, 11)
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.counts(1)[1] == 10 and g.winner() == 0  # 10 = 5 per set


def test_expanded_transformation_on_each_board():
    """§8 Expanded Space: each board keeps its double-circled nodes; Red's targets are Blue's
    on the far end, (5,7) and (17,7) side by side, (5,13) end to end."""
    g = TholianGo({"space": "wide"})
    assert sorted((g.space.xs[t], g.space.ys[t]) for t in g.space.targets[0]) == [(5, 7), (17, 7)]
    red = [lt(g, 16, 7)] + [lt(g, x, 1) for x in range(1, 12)] + [dk(g, cx, 1) for cx in (0, 2, 4, 6, 8)]
    blue = [lt(g, x, 7) for x in range(0, 11)] + [dk(g, cx, 6) for cx in (1, 3, 7, 9, 11)]
    g.set_position(red, blue)
    g.play_text(step(g, lt(g, 16, 7), lt(g, 17, 7)))
    assert g.board[dk(g, 17, 6)] == 1 and g.board[lt(g, 17, 7)] == 0
    long = TholianGo({"space": "long"})
    assert [(long.space.xs[t], long.space.ys[t]) for t in long.space.targets[0]] == [(5, 13)]


def test_draw_rules_in_variants():
    """§7 holds in the variants too: a draw offer accepted ends a Chain game as a draw."""
    g = TholianGo({"variant": "chain"})
    g.play(OFFER)
    g.play_text("accept")
    assert g.winner() == DRAW
