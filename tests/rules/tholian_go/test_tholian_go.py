# Tholian Go base game: docs/rules/tholian_go.md §2-§7 and the printed rules' sentences.
# Positions are given in board coordinates: light (x, line), dark (cx, row) (spec §1).
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.tholian_go.rules import (ACCEPT, DECLINE, END, NEXT, OFFER, PASS, STEP, TholianGo, move_kind, move_node,
                                     next_move, special_move, step_move, step_slot)
from shared_rules.tholian_go.geometry import SLOTS
from shared_rules.tholian_go.moves import component_sizes
from rules_support import raises
from tholian_go_support import dk, lt, nm, parts, step


# Far-away tokens that keep both players above the loss thresholds (§7) without touching the
# middle of the board: Red on light line 1 (x 5..11) and dark row 1 (cx 6, 8, 10); Blue on
# light line 7 (x 0..4, 7, 8) and dark row 6 (cx 1, 3, 11).
def fillers(g):
    red = [lt(g, x, 1) for x in range(5, 12)] + [dk(g, cx, 1) for cx in (6, 8, 10)]
    blue = [lt(g, x, 7) for x in (0, 1, 2, 3, 4, 7, 8)] + [dk(g, cx, 6) for cx in (1, 3, 11)]
    return red, blue


def game_with(red, blue, player=0, options=None, fill=True):
    g = TholianGo(options)
    red = [k(g) if callable(k) else k for k in red]
    blue = [k(g) if callable(k) else k for k in blue]
    if fill:
        fr, fb = fillers(g)
        used = set(red + blue)
        red = red + [k for k in fr if k not in used]
        blue = blue + [k for k in fb if k not in used]
    g.set_position(red, blue, player)
    return g


def L(x, l):
    return lambda g: lt(g, x, l)


def D(cx, r):
    return lambda g: dk(g, cx, r)


def texts(g):
    return [g.move_to_text(m) for m in g.legal_moves()]


def play_path(g, nodes):
    """Plays a whole path as its decisions (first step, then one node each)."""
    g.play_text("-".join(nm(g, k) for k in nodes))


# ---- §2 start -----------------------------------------------------------------------------
def test_start_20_tokens_each_on_the_dots_red_first():
    """Seed: "Each player starts with 20 tokens, 6 on dark nodes and 14 on light nodes"; §2:
    Red starts at the bottom and moves first."""
    g = TholianGo()
    assert g.counts(0) == (6, 14) and g.counts(1) == (6, 14)
    assert g.to_move() == 0 and g.winner() == ONGOING
    for k in g.space.start[0]:
        assert g.board[k] == 1
    for k in g.space.start[1]:
        assert g.board[k] == 2


# ---- §4 moves and strings --------------------------------------------------------------------
def test_fig1_fig2_push_the_whole_string_with_your_token():
    """Seed Fig 1, 2: "push a connected string of any color tokens provided you push with your
    token" / "Move the whole string on one move"."""
    g = game_with([L(3, 4)], [L(4, 4), L(5, 4)])
    play_path(g, [lt(g, 3, 4), lt(g, 4, 4), lt(g, 5, 4), lt(g, 6, 4)])
    assert g.board[lt(g, 3, 4)] == 0 and g.board[lt(g, 4, 4)] == 1
    assert g.board[lt(g, 5, 4)] == 2 and g.board[lt(g, 6, 4)] == 2
    assert g.light_done == 1 and g.to_move() == 0


def test_string_piece_of_a_longer_string_direct_it_where_you_want():
    """Seed: "A string may be a piece of a longer string. Direct it where you want." - the
    path bends at (5,4) and the rest of the string stays."""
    g = game_with([L(3, 4)], [L(4, 4), L(5, 4), L(6, 4)])
    play_path(g, [lt(g, 3, 4), lt(g, 4, 4), lt(g, 5, 4), lt(g, 5, 3)])
    assert g.board[lt(g, 5, 3)] == 2 and g.board[lt(g, 5, 4)] == 2
    assert g.board[lt(g, 4, 4)] == 1 and g.board[lt(g, 6, 4)] == 2 and g.board[lt(g, 3, 4)] == 0


def test_tokens_move_and_push_only_in_their_own_web():
    """Seed: "The tokens all move in the web that they start in (with one exception covered
    later) and they can only push one another around in their own web"."""
    g = TholianGo()
    n_dark = g.space.n_dark
    for m in g.legal_moves():
        nodes = g.move_nodes(m)
        if len(nodes) == 2:
            assert (nodes[0] < n_dark) == (nodes[1] < n_dark)
    assert raises(GameError, g.move_from_text, "D1.1-L1.1")
    # The exception: a transformation moves a token from the light web to the dark web (§6).


def test_only_own_tokens_start_a_move():
    """Seed: "provided you push with your token"."""
    g = game_with([L(3, 4)], [L(5, 4)])
    assert raises(GameError, g.move_from_text, step(g, lt(g, 5, 4), lt(g, 6, 4)))


def test_a_move_is_played_one_step_per_decision():
    """§4 as decisions: the first step `n0-n1`; the string goes on with `-node` until an empty
    node; the next steps offered are exactly the ones that can still end on an empty node."""
    g = game_with([L(3, 4)], [L(4, 4)])
    g.play_text(step(g, lt(g, 3, 4), lt(g, 4, 4)))
    assert g.route_nodes() == [lt(g, 3, 4), lt(g, 4, 4)]
    nexts = sorted(m >> 2 for m in g.legal_moves())
    assert nexts == sorted([lt(g, 5, 4), lt(g, 4, 5)])  # (4,4) has neighbours (3,4) (5,4) (4,5)
    assert "-" + nm(g, lt(g, 5, 4)) in texts(g)
    g.play_text("-" + nm(g, lt(g, 4, 5)))
    assert g.route_nodes() == [] and g.board[lt(g, 4, 5)] == 2 and g.board[lt(g, 4, 4)] == 1
    assert raises(GameError, g.move_from_text, "L1.1-L2.1-L3.1")  # whole paths via play_text


def test_fig3_dark_path_blocked_by_opposing_light_tokens():
    """Seed Fig 3: "Dark web token's path is blocked" - "Your tokens are blocked by opposing
    tokens on the other web, on both sides of the path".  D(5,4)-D(7,4) crosses (6,4)-(6,5)."""
    blocked = game_with([D(5, 4)], [L(6, 4), L(6, 5)])
    assert step(blocked, dk(blocked, 5, 4), dk(blocked, 7, 4)) not in texts(blocked)
    try:
        blocked.move_from_text(step(blocked, dk(blocked, 5, 4), dk(blocked, 7, 4)))
        assert False
    except GameError as e:
        assert "barrier" in str(e)
    one_side = game_with([D(5, 4)], [L(6, 4)])
    assert step(one_side, dk(one_side, 5, 4), dk(one_side, 7, 4)) in texts(one_side)


def test_fig4_light_path_blocked_by_opposing_dark_tokens():
    """Seed Fig 4: "Light web token's path is blocked": (5,4)-(6,4) is crossed by D(6,3)-D(5,4)."""
    g = game_with([L(5, 4)], [D(6, 3), D(5, 4)])
    assert step(g, lt(g, 5, 4), lt(g, 6, 4)) not in texts(g)
    assert step(g, lt(g, 5, 4), lt(g, 4, 4)) in texts(g)


def test_you_may_pass_between_your_own_tokens():
    """Seed: "You may pass between your own tokens." (§3: a barrier never blocks its owner)."""
    g = game_with([D(5, 4), L(6, 4), L(6, 5)], [])
    assert step(g, dk(g, 5, 4), dk(g, 7, 4)) in texts(g)


def test_push_opposing_tokens_past_their_own_barriers():
    """Seed: "you may push them past their own barriers" - Blue's D(4,3)+D(5,4) barrier across
    (4,4)-(5,4) does not stop Red pushing Blue's token over it."""
    g = game_with([L(3, 4)], [L(4, 4), D(4, 3), D(5, 4)])
    g.play_text(step(g, lt(g, 3, 4), lt(g, 4, 4)))
    assert lt(g, 5, 4) in [m >> 2 for m in g.legal_moves()]
    g.play_text("-" + nm(g, lt(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 2 and g.board[lt(g, 4, 4)] == 1


def test_your_barriers_block_their_path():
    """Seed: "your barriers block their path" - Red's D(4,3)+D(5,4) barrier stops the pushed
    Blue token at (4,4)-(5,4); the string may still bend up to (4,5)."""
    g = game_with([L(3, 4), D(4, 3), D(5, 4)], [L(4, 4)])
    g.play_text(step(g, lt(g, 3, 4), lt(g, 4, 4)))
    nexts = [m >> 2 for m in g.legal_moves()]
    assert lt(g, 5, 4) not in nexts and lt(g, 4, 5) in nexts
    assert raises(GameError, g.move_from_text, "-" + nm(g, lt(g, 5, 4)))


def test_mixed_string_each_token_blocked_by_its_opponent():
    """§3/§4: each single step is checked for the owner of the token taking it: Red's own token
    in a pushed string is stopped by Blue's barrier D(4,3)+D(3,4) across (3,4)-(4,4)."""
    g = game_with([L(2, 4), L(3, 4)], [D(4, 3), D(3, 4)])
    g.play_text(step(g, lt(g, 2, 4), lt(g, 3, 4)))
    assert [m >> 2 for m in g.legal_moves()] == [lt(g, 3, 3)]  # only down, not on to (4,4)


def test_no_step_into_a_dead_end_string():
    """§4: a path must end on an empty node; a first step into a string that cannot move on is
    not offered.  Blue (4,4) is held by Red's barriers across (4,4)-(5,4) and (4,4)-(4,5)."""
    g = game_with([L(3, 4), D(4, 3), D(5, 4), D(3, 4)], [L(4, 4)])
    assert step(g, lt(g, 3, 4), lt(g, 4, 4)) not in texts(g)
    try:
        g.move_from_text(step(g, lt(g, 3, 4), lt(g, 4, 4)))
        assert False
    except GameError as e:
        assert "cannot be pushed" in str(e)
    free = game_with([L(3, 4), D(4, 3), D(5, 4)], [L(4, 4)])
    assert step(free, lt(free, 3, 4), lt(free, 4, 4)) in texts(free)


# ---- turn structure (§4 Ruling) -------------------------------------------------------------
def test_turn_one_dark_and_one_or_two_light_any_order():
    """Seed: "Take turns making up to three moves per turn. One move on the dark web, and one
    or two moves on the light web per turn. Any move order is allowed."  §4 Ruling: the turn may
    end after the first light move once the dark move is made or impossible."""
    g = TholianGo()
    assert END not in g.legal_moves() and OFFER in g.legal_moves()
    g.play_text("L3.2-L3.3")  # a light move first
    assert g.to_move() == 0 and END not in g.legal_moves()  # the dark move is still possible
    g.play_text("D1.1-D1.2")
    assert g.to_move() == 0 and END in g.legal_moves()
    g.play_text("end")
    assert g.to_move() == 1
    # Blue: dark, light, light -> the turn ends by itself.
    g.play_text("D1.6-D1.5")
    g.play_text("L2.6-L2.5")
    assert g.to_move() == 1
    g.play_text("L6.6-L6.5")
    assert g.to_move() == 0
    # No second dark move in a turn.
    g.play_text("D2.1-D2.2")
    assert all(m >> 2 >= g.space.n_dark or m & 3 == 2 for m in g.legal_moves())


def test_turn_ends_when_no_light_move_is_possible():
    """§4 Ruling: one or two light moves "at least one if any is legal": with no light move
    the dark move ends the turn; with no dark move, `end` comes after the first light move.
    (Chain: the base turn without loss by counts, so a position may lack a web.)"""
    g = TholianGo({"variant": "chain"})
    g.set_position([dk(g, 5, 4)], [dk(g, 9, 4)])
    g.play_text(step(g, dk(g, 5, 4), dk(g, 6, 5)))
    assert g.to_move() == 1
    g.set_position([lt(g, 5, 4)], [lt(g, 9, 4)])
    g.play_text(step(g, lt(g, 5, 4), lt(g, 6, 4)))
    assert g.to_move() == 0 and END in g.legal_moves()


def test_a_player_with_no_legal_move_passes():
    """§4 Ruling: a player with no legal move at all passes."""
    g = TholianGo({"variant": "chain"})
    g.set_position([], [dk(g, 1, 2)])
    assert sorted(g.legal_moves()) == sorted([PASS, OFFER])
    g.play(PASS)
    assert g.to_move() == 1


# ---- §5 capture -------------------------------------------------------------------------------
def test_fig5_three_dark_take_one_light():
    """Seed Fig 5: "Surround a light-web token with dark-web tokens" / "Three dark-web tokens
    can take one light-web token": D(4,3), D(6,3) and D(7,4)->D(5,4) around light (5,4)."""
    g = game_with([D(4, 3), D(6, 3), D(7, 4)], [L(5, 4)])
    before = g.counts(1)[1]
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 0 and g.counts(1)[1] == before - 1


def test_fig6_six_light_take_a_dark():
    """Seed Fig 6: "Surround a dark-web token with light-web tokens" - six light corners of the
    hexagon of D(5,4) (the last one (5,6)->(5,5))."""
    g = game_with([L(4, 4), L(5, 4), L(6, 4), L(4, 5), L(6, 5), L(5, 6)], [D(5, 4)])
    g.play_text(step(g, lt(g, 5, 6), lt(g, 5, 5)))
    assert g.board[dk(g, 5, 4)] == 0 and g.counts(1)[0] == 3


def test_four_light_take_a_dark_at_the_edge():
    """Seed: "four light-web tokens can sequester a dark-web token using an edge" - D(0,3)."""
    g = game_with([L(0, 3), L(1, 3), L(0, 4), L(2, 4)], [D(0, 3)])
    g.play_text(step(g, lt(g, 2, 4), lt(g, 1, 4)))
    assert g.board[dk(g, 0, 3)] == 0


def test_fig7_three_dark_take_two_light_at_the_edge():
    """Seed Fig 7: "On an edge, three dark-web tokens can take two light-web tokens" -
    light (0,2), (0,3) by D(0,1), D(1,2) and D(2,3)->D(0,3)."""
    g = game_with([D(0, 1), D(1, 2), D(2, 3)], [L(0, 2), L(0, 3)])
    g.play_text(step(g, dk(g, 2, 3), dk(g, 0, 3)))
    assert g.board[lt(g, 0, 2)] == 0 and g.board[lt(g, 0, 3)] == 0


def test_fig8_six_dark_take_six_light():
    """Seed Fig 8: "Sequester six light-web tokens with six dark-web tokens": the corners of
    hexagon D(5,4), the sixth dark token D(8,3)->D(6,3)."""
    ring = [L(4, 4), L(5, 4), L(6, 4), L(4, 5), L(5, 5), L(6, 5)]
    g = game_with([D(3, 4), D(7, 4), D(4, 5), D(6, 5), D(4, 3), D(8, 3)], ring)
    light_before = g.counts(1)[1]
    g.play_text(step(g, dk(g, 8, 3), dk(g, 6, 3)))
    assert g.counts(1)[1] == light_before - 6
    for f in ring:
        assert g.board[f(g)] == 0


def test_fig8_five_dark_take_six_light_using_an_edge():
    """Seed: "or five using an edge": the corners of hexagon D(1,2) at the left edge."""
    ring = [L(0, 2), L(1, 2), L(2, 2), L(0, 3), L(1, 3), L(2, 3)]
    g = game_with([D(0, 1), D(2, 1), D(3, 2), D(0, 3), D(4, 3)], ring)
    before = g.counts(1)[1]
    g.play_text(step(g, dk(g, 4, 3), dk(g, 2, 3)))
    assert g.counts(1)[1] == before - 6


def test_fig10_eight_dark_take_ten_light():
    """Seed Fig 10: "eight can sequester an area of ten light-web tokens": the ten corners of
    the adjacent hexagons D(5,4) and D(7,4); the eighth dark token D(10,3)->D(8,3)."""
    area = [L(x, l) for x in range(4, 9) for l in (4, 5)]
    g = game_with([D(3, 4), D(4, 5), D(6, 5), D(4, 3), D(6, 3), D(9, 4), D(8, 5), D(10, 3)], area)
    before = g.counts(1)[1]
    g.play_text(step(g, dk(g, 10, 3), dk(g, 8, 3)))
    assert g.counts(1)[1] == before - 10


def test_own_tokens_inside_own_enclosure_stay():
    """§5: only the opponent's tokens in a sequestered area are removed."""
    g = game_with([D(4, 3), D(6, 3), D(7, 4), L(5, 4)], [])
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.board[lt(g, 5, 4)] == 1


def test_push_completes_an_enemy_enclosure_around_own_tokens():
    """§5: "a move can complete an enemy enclosure around one's own tokens, e.g. by pushing
    enemy tokens": Red pushes Blue's D(7,4) to D(5,4), closing Blue's triangle around Red (5,4)."""
    g = game_with([D(9, 4), L(5, 4)], [D(7, 4), D(4, 3), D(6, 3)])
    play_path(g, [dk(g, 9, 4), dk(g, 7, 4), dk(g, 5, 4)])
    assert g.board[dk(g, 5, 4)] == 2 and g.board[lt(g, 5, 4)] == 0


def wall_game(line):
    """Red's light tokens fill light line `line` but for (gap, line), which (gap, line-1) steps
    into; Blue has three dark tokens below the wall and three above it."""
    g = TholianGo()
    gap = 1 if line % 2 == 0 else 2  # where a vertical side joins line-1 and line
    red = [lt(g, x, line) for x in range(12) if x != gap] + [lt(g, gap, line - 1)]
    red += [dk(g, 8, 1), dk(g, 10, 1), dk(g, 9, 2)]
    blue = [dk(g, 2, 1), dk(g, 4, 1), dk(g, 6, 1), dk(g, 1, 6), dk(g, 3, 6), dk(g, 5, 6)]
    blue += [lt(g, x, 7) for x in (0, 2, 3, 4, 6, 8, 10)]
    g.set_position(red, blue)
    g.play_text(step(g, lt(g, gap, line - 1), lt(g, gap, line)))
    return g


def test_largest_area_open_ties_all_open():
    """§5: "The largest component is open; if several share the largest size, all of them are
    open."  A full light line 4 cuts the dark web into rows 1-3 and 4-6: 18 and 18, both open."""
    g = wall_game(4)
    assert sorted(component_sizes(g, 0, 0)) == [18, 18]
    assert g.counts(1)[0] == 6


def test_every_smaller_component_is_sequestered():
    """§5: "Every other component is sequestered and all of the opponent's tokens in it are
    removed": a full light line 5 leaves rows 5-6 (12 nodes) against rows 1-4 (24)."""
    g = wall_game(5)
    assert sorted(component_sizes(g, 0, 0)) == [12, 24]
    assert g.counts(1)[0] == 3
    for cx in (1, 3, 5):
        assert g.board[dk(g, cx, 6)] == 0


def test_changes_parts_tells_the_steps_whose_barriers_part_the_web_otherwise():
    """§5's components, as the AI asks about a move before playing it: Red's full light line 5
    parts the dark web in two; a wall token that steps off joins them, Red's light tokens on
    line 2 (a pair and a single one) change nothing by their steps.  Every step of a Red light
    token is checked against the parts found afresh with the token moved: a step that
    changes_parts() calls harmless leaves them as they were."""
    wall = wall_game(5)
    blue = [k for k in range(wall.space.n) if wall.board[k] == 2]
    red = [k for k in range(wall.space.n) if wall.board[k] == 1] + [lt(wall, 1, 2), lt(wall, 2, 2), lt(wall, 8, 2)]
    g = TholianGo()
    g.set_position(red, blue)
    before = parts(g, 0, 1)
    assert len(set(before)) == 2
    parting = harmless = 0
    for a in red:
        if a < g.space.n_dark:
            continue
        for b in g.space.neighbours(a):
            if g.board[b]:
                continue
            moved = TholianGo()
            moved.set_position([b if k == a else k for k in red], blue)
            if g.changes_parts(a, b):
                parting += 1
            else:
                harmless += 1
                assert parts(moved, 0, 1) == before, (nm(g, a), nm(g, b))
    assert parting and harmless
    wall_token = lt(g, 3, 5)
    off = [v for v in g.space.neighbours(wall_token) if not g.board[v]]
    assert off and g.changes_parts(wall_token, off[0])


# ---- §6 transformation ---------------------------------------------------------------------
def test_fig9_transformation_on_the_double_circled_node():
    """Seed Fig 9: "A light-web token which makes it all the way across to the double-circled
    node on the opponent's side jumps to the nearest dark node and becomes a dark-web token."
    Red's target (5,7), its entry node D(5,6)."""
    g = game_with([L(4, 7)], [])
    dark, light = g.counts(0)
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.board[lt(g, 5, 7)] == 0 and g.board[dk(g, 5, 6)] == 1
    assert g.counts(0) == (dark + 1, light - 1)


def test_transformation_free_push():
    """Seed: "This gives you a free push if there are any tokens on that dark-web entry node."
    §6: the new dark token pushes the string on the entry node along a path of P's choice; it is
    its own decision and not one of the turn's moves."""
    g = game_with([L(4, 7)], [D(5, 6)])
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.board[lt(g, 5, 7)] == 1 and g.route_nodes() == [dk(g, 5, 6)]
    assert g.to_move() == 0 and g.light_done == 1
    first = texts(g)
    assert step(g, dk(g, 5, 6), dk(g, 4, 5)) in first
    g.play_text(step(g, dk(g, 5, 6), dk(g, 4, 5)))
    assert g.board[dk(g, 5, 6)] == 1 and g.board[dk(g, 4, 5)] == 2 and g.board[lt(g, 5, 7)] == 0
    assert g.light_done == 1 and g.dark_done == 0 and g.to_move() == 0


def test_transformation_waits_when_no_push_is_legal():
    """§6: "If no push is legal, the token does not transform and stays where it is." With
    String Push Limit, a push of two Blue tokens by the one new token is not legal."""
    blue = [D(5, 6), D(3, 6), D(7, 6), D(4, 5), D(6, 5)]
    g = game_with([L(4, 7)], blue, options={"push_limit": "on"})
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.board[lt(g, 5, 7)] == 1 and g.route_nodes() == [] and not g.pending


def test_pushed_onto_target_transforms_at_owners_next_move():
    """§6: "Tokens pushed onto their target by the opponent transform at the end of their
    owner's next move" (not at the end of the opponent's moves)."""
    g = game_with([L(5, 7)], [], player=1)
    g.play_text(step(g, dk(g, 1, 6), dk(g, 2, 5)))
    g.play_text(step(g, lt(g, 0, 7), lt(g, 0, 6)))
    g.play_text("end")
    assert g.to_move() == 0 and g.board[lt(g, 5, 7)] == 1
    g.play_text(step(g, dk(g, 6, 1), dk(g, 7, 2)))
    assert g.board[lt(g, 5, 7)] == 0 and g.board[dk(g, 5, 6)] == 1


def test_losing_by_ones_own_transformation():
    """§6/§7: the transformation lowers the owner's light count, "which can lose the game":
    Red with 6 light tokens transforms one and is left with 5."""
    g = TholianGo()
    g.set_position([lt(g, 4, 7)] + [lt(g, x, 1) for x in (5, 6, 7, 8, 9)] + [dk(g, cx, 1) for cx in (6, 8, 10)],
                   [lt(g, x, 7) for x in (0, 1, 2, 3, 8, 9, 10)] + [dk(g, cx, 6) for cx in (1, 3, 11)])
    assert g.counts(0)[1] == 6
    g.play_text(step(g, lt(g, 4, 7), lt(g, 5, 7)))
    assert g.counts(0) == (4, 5) and g.winner() == 1


# ---- §7 the end -----------------------------------------------------------------------------
def test_goal_reduce_light_to_five():
    """Seed "Goal": "Reduce the number of your opponent's light-web tokens to 5 ... to win"."""
    g = game_with([D(4, 3), D(6, 3), D(7, 4)], [L(5, 4)])
    g.set_position([dk(g, 4, 3), dk(g, 6, 3), dk(g, 7, 4)] + [lt(g, x, 1) for x in range(5, 12)],
                   [lt(g, 5, 4)] + [lt(g, x, 7) for x in (0, 1, 2, 3, 8)] + [dk(g, cx, 6) for cx in (1, 3, 11)])
    assert g.counts(1)[1] == 6
    g.play_text(step(g, dk(g, 7, 4), dk(g, 5, 4)))
    assert g.counts(1)[1] == 5 and g.winner() == 0 and g.legal_moves() == []


def test_goal_reduce_dark_to_two():
    """Seed "Goal": "... or the number of dark-web tokens to 2 to win"."""
    g = TholianGo()
    g.set_position([lt(g, x, l) for (x, l) in ((4, 4), (5, 4), (6, 4), (4, 5), (6, 5), (5, 6))]
                   + [dk(g, 6, 1), dk(g, 8, 1), dk(g, 10, 1)],
                   [dk(g, 5, 4), dk(g, 1, 6), dk(g, 3, 6)] + [lt(g, x, 7) for x in (0, 1, 2, 3, 4, 7, 8)])
    g.play_text(step(g, lt(g, 5, 6), lt(g, 5, 5)))
    assert g.counts(1)[0] == 2 and g.winner() == 0
    assert g.end_reason() == "tokens" and g.end_facts().startswith("Red 3/6, Blue 2/")


def test_both_lose_at_once_the_mover_wins():
    """§7: "If both do at once, the mover wins." Red's push D(7,4)-D(5,4)-D(4,5) takes Blue's
    light (5,4) (Red triangle D(4,3) D(6,3) D(5,4)) and completes Blue's triangle D(4,5) D(6,5)
    D(5,6) around Red's light (5,6): both fall to 5 light tokens."""
    g = TholianGo()
    red = [dk(g, 7, 4), dk(g, 4, 3), dk(g, 6, 3), lt(g, 5, 6)] + [lt(g, x, 1) for x in (7, 8, 9, 10, 11)]
    blue = [dk(g, 5, 4), dk(g, 6, 5), dk(g, 5, 6), lt(g, 5, 4)] + [lt(g, x, 7) for x in (0, 1, 2, 3, 8)]
    g.set_position(red, blue)
    assert g.counts(0)[1] == 6 and g.counts(1)[1] == 6
    play_path(g, [dk(g, 7, 4), dk(g, 5, 4), dk(g, 4, 5)])
    assert g.board[lt(g, 5, 4)] == 0 and g.board[lt(g, 5, 6)] == 0
    assert g.counts(0)[1] == 5 and g.counts(1)[1] == 5
    assert g.winner() == 0
    assert g.end_reason() == "tokens" and g.end_cells() == [] and g.end_score() is None
    assert g.end_facts() == "Red 3/5, Blue 3/5"
    assert g.status_text() == "to_move=none winner=Red reason=tokens"


def test_third_repetition_is_a_draw():
    """§7: "declare a draw on the third repetition of the same position with the same player
    to move"."""
    g = TholianGo()
    there = ["D1.1-D1.2", "L3.2-L3.3", "end", "D1.6-D1.5", "L2.6-L2.5", "end"]
    back = ["D1.2-D1.1", "L3.3-L3.2", "end", "D1.5-D1.6", "L2.5-L2.6", "end"]
    for t in there + back + there:
        g.play_text(t)
    assert g.winner() == ONGOING
    for t in back[:3]:
        g.play_text(t)
    assert g.winner() == ONGOING  # Blue's turn starts on this position for the second time
    assert g.repeated() and g.draw_rule() == ""  # (the AI scores it as a draw)
    g.play_text(back[3])
    assert not g.repeated()  # only a turn's start repeats
    # Red's turn starts on the start position for the third time:
    for t in back[4:]:
        g.play_text(t)
    assert g.winner() == DRAW and g.legal_moves() == []
    assert g.end_reason() == "repetition" and g.status_text() == "to_move=none winner=draw reason=repetition"
    g.undo()  # taking the last decision back takes the repetition back
    assert g.winner() == ONGOING and len(g.rep) == 8  # the start and seven turns
    g.play_text("end")
    assert g.winner() == DRAW and g.draw_rule() == "repetition"


def test_draw_by_agreement():
    """§7: "Offer a draw by agreement": offer, then the opponent accepts or declines."""
    g = TholianGo()
    g.play(OFFER)
    assert g.to_move() == 1 and sorted(g.legal_moves()) == sorted([ACCEPT, DECLINE])
    g.play(DECLINE)
    assert g.to_move() == 0 and OFFER not in g.legal_moves() and g.winner() == ONGOING
    g.undo()
    g.play(ACCEPT)
    assert g.winner() == DRAW and g.end_reason() == "agreed" and g.end_facts() == ""
    assert g.winner() == DRAW and g.draw_rule() == ""  # an agreement, no rule


# ---- protocol ----------------------------------------------------------------------------------
def test_undo_restores_captures_transformation_and_free_push():
    """Undo takes back each decision exactly (board, counts, hash, turn state)."""
    g = game_with([L(4, 7), D(4, 3), D(6, 3), D(7, 4)], [D(5, 6), L(5, 4)])
    states = [g.encode()]
    hashes = [g.zobrist]
    for t in [step(g, dk(g, 7, 4), dk(g, 5, 4)), step(g, lt(g, 4, 7), lt(g, 5, 7)),
              step(g, dk(g, 5, 6), dk(g, 4, 5))]:
        g.play_text(t)
        states.append(g.encode())
        hashes.append(g.zobrist)
    while g.history:
        g.undo()
        states.pop()
        hashes.pop()
        assert g.encode() == states[-1] and g.zobrist == hashes[-1]
    assert raises(GameError, g.undo)


def test_encode_decode_round_trip_and_errors():
    g = TholianGo()
    g.play_text("L3.2-L3.3")
    text = g.encode()
    h = TholianGo()
    h.decode(text)
    assert h.encode() == text and h.zobrist == g.zobrist and h.legal_moves() == g.legal_moves()
    assert raises(GameError, h.decode, "board=RR turn=R")
    assert raises(GameError, h.decode, text.replace("turn=R", "turn=X"))


def test_illegal_moves_are_refused_and_change_nothing():
    g = TholianGo()
    before = g.encode()
    for bad in (123456, 3, -1, (5 << 2) | 1):
        assert raises(GameError, g.play, bad)
    assert raises(GameError, g.move_from_text, "L1.1-L3.3")
    assert raises(GameError, g.move_from_text, "X9")
    assert raises(GameError, g.move_from_text, "end")
    assert g.encode() == before and g.history == []


def test_record_replays():
    g = TholianGo()
    for t in ["L3.2-L3.3", "D1.1-D1.2", "end", "D2.6-D2.5", "L2.6-L2.5", "L6.6-L6.5"]:
        g.play_text(t)
    rec = g.record()
    h = TholianGo()
    for t in rec.split():
        h.play_text(t)
    assert h.encode() == g.encode()


def test_playing_from_move_texts_loads_only_the_rules_module():
    """Memory (the handheld's heap): a game set up, played, undone and replayed from
    its move texts as the app does leaves only tholian_go and its geometry imported: the table
    builder and the setup run once and are forgotten; position text and the reasons for a
    refusal (tholian_go.text) are imported only when asked for, the variants' code
    (tholian_go.variants) only in a variant that needs it."""
    import sys
    from shared_rules.rng import Rng
    from shared_rules.registry import unload
    helpers = ("shared_rules.tholian_go.build", "shared_rules.tholian_go.setup", "shared_rules.tholian_go.text",
               "shared_rules.tholian_go.variants")
    for name in helpers:  # forgotten: an import must load them again
        unload(name)
    g = TholianGo({"space": "long"})
    rng = Rng(5)
    texts = []
    while len(texts) < 80 and g.winner() == ONGOING:
        moves = [m for m in g.legal_moves() if m != OFFER]
        move = moves[rng.below(len(moves))]
        texts.append(g.move_to_text(move))
        g.play(move)
        if rng.below(6) == 0:
            g.undo()
            texts.pop()
    h = TholianGo({"space": "long"})
    for t in texts:
        h.play(h.move_from_text(t))
    assert h.history == g.history
    assert [name for name in helpers if name in sys.modules] == []
    assert raises(GameError, h.move_from_text, "L1.1-L9.9")
    assert "shared_rules.tholian_go.text" in sys.modules


def test_move_constructors_and_queries_name_the_decisions_the_rules_list():
    """The moves' encoding for the app and the AI: every listed first step is step_move of its
    node and slot and goes where move_nodes says; the next nodes of a push are next_move of
    theirs; the specials are special_move 0..4."""
    g = TholianGo()
    steps = [m for m in g.legal_moves() if move_kind(m) == STEP]
    assert steps
    for m in steps:
        a, slot = move_node(m), step_slot(m)
        assert step_move(a, slot) == m
        assert g.move_nodes(m) == [a, g.space.adj[a * SLOTS + slot]]
    g.play_text("L4.1-L5.1")  # a push along line 1: the next node is a decision of its own
    nexts = [m for m in g.legal_moves() if move_kind(m) == NEXT]
    assert nexts and all(next_move(move_node(m)) == m and g.move_nodes(m) == [move_node(m)] for m in nexts)
    assert [special_move(i) for i in range(5)] == [END, PASS, OFFER, ACCEPT, DECLINE]
