# Throngs: every rule sentence of the seed and every ruling of docs/rules/throngs.md (the rules as
# this project implements them), each test naming the sentence it checks; boards, notation and
# the protocol.  Positions are set up with decode() on the 63 board unless said otherwise:
#
#   row 7:    41  42  43  44  45  46  47  48      directions from a site s: E s+1, W s-1,
#   row 6:  33  34  35  36  37  38  39  40          NNE / NNW one row up, SSW / SSE one row down
#   row 5:    25  26  27  28  29  30  31  32      e.g. 28: E 29, NNE 37, NNW 36, W 27, SSW 20, SSE 21
#   row 4:  17  18  19  20  21  22  23  24
#   row 3:     9  10  11  12  13  14  15  16
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.throngs.rules import (Throngs, BLACK, WHITE, DEPLOY, CAPTURE, MOVE, DEST, PASS,
                                  PLACE_BLACK, PLACE_WHITE, CHOOSE)
from shared_rules.throngs.boards import NO_SITE
from rules_support import raises
from shared_rules.throngs import ai as ai_throngs


def position(black=(), white=(), mover=BLACK, board="63", ruleset="seed", flight="-", maneuver=1,
             counters="-1,-1", must_deploy="00", passed="000", deployed=0):
    game = Throngs({"board": board, "ruleset": ruleset})
    stones = ["0"] * game.n
    for s in black:
        stones[s] = "1"
    for s in white:
        stones[s] = "2"
    game.decode("stones=%s mover=%d maneuver=%d flight=%s passed=%s deployed=%d must_deploy=%s "
                "counters=%s setup=4 swapped=0 result=none" % (
                    "".join(stones), mover, maneuver, flight, passed, deployed, must_deploy, counters))
    return game


def sites(game, kind):
    return sorted(m & 0xFF for m in game.legal_moves() if m & 0xF00 == kind)


def stones(game, colour):
    return sorted(i for i in range(game.n) if game.board[i] == colour)


# --- boards (spec "Boards") -----------------------------------------------------------------

def test_boards_sites_edges_neighbour_counts_and_start_sites():
    """Spec "Boards" table: sites, edges, neighbour counts 3/4/5/6, Black and White start sites."""
    table = {
        "63": (63, 159, (15, 3, 9, 36), [13], [35, 46]),
        "93": (93, 237, (18, 9, 12, 54), [85], [6, 9]),
        "87": (87, 225, (18, 3, 12, 54), [70], [13, 47]),
        "153": (153, 411, (24, 3, 18, 108), [36], [82, 112]),
    }
    for name in table:
        n, edges, counts, black, white = table[name]
        game = Throngs({"board": name})
        assert game.n == n
        degrees = [len(game.neighbours(i)) for i in range(n)]
        assert sum(degrees) == 2 * edges
        assert tuple(degrees.count(k) for k in (3, 4, 5, 6)) == counts
        assert stones(game, BLACK) == black and stones(game, WHITE) == white
        for i in range(n):  # adjacency is symmetric
            for j in game.neighbours(i):
                assert i in game.neighbours(j)


def test_site_screen_positions_follow_the_triangular_grid():
    """site_xy: row neighbours are 2 half-steps apart, the rows above and below are 1 off."""
    game = Throngs()
    assert game.site_xy(28)[1] == game.site_xy(29)[1] and game.site_xy(29)[0] - game.site_xy(28)[0] == 2
    x, y = game.site_xy(28)
    assert game.site_xy(37) == (x + 1, y - 1) and game.site_xy(36) == (x - 1, y - 1)
    assert game.site_xy(20) == (x - 1, y + 1) and game.site_xy(21) == (x + 1, y + 1)
    assert game.extent() == (max(game.site_xy(i)[0] for i in range(63)), 9)
    assert len(set(game.site_xy(i) for i in range(63))) == 63


# --- the torus (docs/rules/throngs.md "Torus 81") ----------------------------------------------

def torus_site(r, c):
    return 9 * (r % 9) + c % 9


def test_torus_81_sites_each_with_six_neighbours_that_wrap():
    """Seed: "playing on torus boards ... eliminates the advantage of a board center": a 9x9
    rhombus whose edges wrap, site (r, c) numbered 9r + c, neighbours (r, c+-1), (r+-1, c),
    (r+1, c-1), (r-1, c+1), all mod 9: every site has 6, so none is an edge site."""
    game = Throngs({"board": "torus81"})
    assert game.n == 81
    for r in range(9):
        for c in range(9):
            expected = sorted(torus_site(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)))
            assert sorted(game.neighbours(torus_site(r, c))) == expected
    assert len(set(game.site_xy(i) for i in range(81))) == 81
    assert game.site_xy(torus_site(0, 1))[0] - game.site_xy(torus_site(0, 0))[0] == 2  # rows as on every board


def test_torus_jumps_wrap_and_never_land_on_their_start():
    """Spec "Torus 81": straight-line jumps follow the six directions and wrap; a jump that would
    come back to its own start has no landing site (its start counts as occupied)."""
    # Black on (0, 7) with White on (0, 8): the jump east crosses the edge and lands on (0, 0).
    game = position(black=(torus_site(0, 7), torus_site(1, 7), torus_site(1, 6)), white=(torus_site(0, 8),),
                    board="torus81")
    game.play(MOVE | torus_site(0, 7))
    assert DEST | torus_site(0, 0) in game.legal_moves()
    # A whole row full but for the stone's own start: no jump along it lands anywhere.
    row = [torus_site(4, c) for c in range(9)]
    game = position(black=row, board="torus81")
    game._reach(row[0], 7)
    assert all(game._dist[s] > 7 for s in row[1:])
    assert game._dist[row[0]] == 0


def test_torus_starts_with_the_3_stone_pie():
    """Spec "Torus 81": "Start: the 3-stone pie" (a fixed start would favour whoever the wrap
    favours), whatever the start option says."""
    for start in ("standard", "pie"):
        game = Throngs({"board": "torus81", "start": start})
        assert stones(game, BLACK) == [] and stones(game, WHITE) == []
        assert sorted(game.legal_moves()) == [PLACE_BLACK | i for i in range(81)]
        for text in ("B@0", "B@40", "W@20", "white"):
            game.play_text(text)
        assert game.mover == WHITE and game.to_move() == 1 and game.legal_moves()[-1] == PASS


def test_torus_early_end_at_43():
    """Spec "Torus 81": "Early end at 43 (half of 81, rounded down, plus 2)"; no edge sites in the
    score."""
    black = [torus_site(r, c) for r in range(4) for c in range(9)]  # rows 0-3: 36 stones, all safe
    for extra, score in ((4, 42), (5, 43)):  # stones on row 4 (and the empty sites they own)
        game = position(black=black + [torus_site(4, c) for c in range(extra)], white=(torus_site(7, 4),),
                        mover=WHITE, maneuver=2, board="torus81")
        assert game.colour_score(BLACK) == score
        game.play(PASS)  # Black starts a turn
        assert game.winner() == (0 if score == 43 else ONGOING)
    assert ai_throngs.winning_score(game) == 43


# --- the perforated board (docs/rules/throngs.md "Perforated 54") -------------------------------
#
#   row 8:        49  50  51  52  53            holes (.) at (r + 2c - 12) % 7 == 0:
#   row 7:      44  45  46   .  47  48          (1, 2), (2, 5), (3, 1), (4, 4), (5, 7),
#   row 6:    38   .  39  40  41  42  43        (6, 3), (7, 6) in (row, col)
#   row 5:  31  32  33  34  35  36   .  37
#   row 4: 23  24  25  26   .  27  28  29  30
#   row 3:  16   .  17  18  19  20  21  22
#   row 2:    10  11  12  13  14   .  15
#   row 1:       5   6   .   7   8   9
#   row 0:         0   1   2   3   4

PERFORATED_ROWS = ((0, 0, 4), (5, 0, 5), (10, 0, 6), (16, 0, 7), (23, 0, 8), (31, 1, 8), (38, 2, 8),
                   (44, 3, 8), (49, 4, 8))  # per row: first site, first and last column


def perforated_points():
    """(row, col) of each site of the perforated board in its numbering, from the rows above."""
    points = []
    for row, (first, low, high) in enumerate(PERFORATED_ROWS):
        points.extend((row, col) for col in range(low, high + 1) if (row + 2 * col - 12) % 7)
        assert len(points) == (PERFORATED_ROWS[row + 1][0] if row < 8 else 54)
    return points


def test_perforated_54_a_hexagon_with_a_regular_pattern_of_holes():
    """Seed: "A 'perforated' grid is included to demonstrate this" / "boards with holes":
    Perforated 54 - a hexagon of 5 sites a side whose grid points at (r + 2c - 12) % 7 == 0 are
    holes (the centre and six around it, none on the border): every site has one hole or the
    border next to it, so none has six neighbours; neighbours are one grid step apart."""
    game = Throngs({"board": "perforated54"})
    points = perforated_points()
    assert game.n == len(points) == 54
    where = dict((p, i) for i, p in enumerate(points))
    for i, (r, c) in enumerate(points):
        grid = [(r, c + 1), (r + 1, c + 1), (r + 1, c), (r, c - 1), (r - 1, c - 1), (r - 1, c)]
        assert sorted(game.neighbours(i)) == sorted(where[p] for p in grid if p in where)
        x, y = game.site_xy(i)
        assert (x, y) == (2 * c - r + 4, 8 - r)
    counts = [0] * 7
    for i in range(game.n):
        counts[game.degree[i]] += 1
    assert counts == [0, 0, 0, 18, 6, 30, 0] and sum(game.degree) == 2 * 114
    holes = [(1, 2), (2, 5), (3, 1), (4, 4), (5, 7), (6, 3), (7, 6)]
    assert sorted(game.holes()) == sorted((2 * c - r + 4, 8 - r) for r, c in holes)
    assert Throngs().holes() == [] and Throngs({"board": "torus81"}).holes() == []


def test_perforated_jumps_stop_at_a_hole():
    """Spec "Perforated 54", ruling: a hole is no site: nothing steps onto it, and a straight
    line ends at it as at the border, so a jump never crosses a hole.  Row 2 is 10-14, a hole,
    15: Black on 13 jumping east over White 14 would land on the hole; 15, three grid steps east
    of 13, is not reached in 3 actions (every other way to it is longer)."""
    game = position(black=(13,), white=(14,), board="perforated54")
    assert game.steps[14 * 6] == NO_SITE and game.steps[15 * 6 + 3] == NO_SITE  # E of 14, W of 15
    game._reach(13, 3)
    assert game._dist[15] > 3
    game = position(black=(13,), white=(12,), board="perforated54")
    game._reach(13, 3)
    assert game._dist[11] == 2  # the same jump west, with a site beyond, lands


def test_perforated_start_is_turned_by_the_board():
    """Spec "Perforated 54", start ruling: Black 6, White 29 and 45 - each the others turned by 120
    degrees about the centre, so no stone has a better place; Black (one stone) moves first."""
    game = Throngs({"board": "perforated54"})
    points = perforated_points()
    assert stones(game, BLACK) == [6] and stones(game, WHITE) == [29, 45]

    def turn(p):  # 60 degrees about the centre (4, 4)
        r, c = p[0] - 4, p[1] - 4
        return (c + 4, c - r + 4)

    assert points[29] == turn(turn(points[6])) and points[45] == turn(turn(points[29]))
    assert game.mover == BLACK and game.colour_score(BLACK) == 1 and game.colour_score(WHITE) == 2


def test_perforated_sites_beside_a_hole_are_not_edge_sites():
    """Spec "End and score": "an *edge site* has fewer than 5 neighbours": on Perforated 54 a site
    beside a hole inside the board has 5 and scores by the inner rule, the border's have 3 or 4.
    A stone with one own and three enemy neighbours is safe on an edge site ("if it has a P
    neighbour") but not inside ("more than 1 P neighbour or (Q neighbours - P neighbours) < 2").
    Early end at 29 (half of 54 plus 2), 31 in the original ruleset."""
    game = position(black=(26, 18), white=(25, 33, 34), board="perforated54")
    assert game.degree[26] == 5  # (4, 3), west of the centre hole
    marks = bytearray(game.n)
    game.colour_score(BLACK, marks)
    assert marks[26] == 0
    game = position(black=(3, 2), white=(4, 7, 8), board="perforated54")
    assert game.degree[3] == 4 and game.degree[0] == 3
    game.colour_score(BLACK, marks)
    assert marks[3] == 1
    assert ai_throngs.winning_score(Throngs({"board": "perforated54"})) == 29
    assert ai_throngs.winning_score(Throngs({"board": "perforated54", "ruleset": "original"})) == 31


# --- definitions ----------------------------------------------------------------------------

def test_action_potential_counts_the_vicinity():
    """Seed: "The vicinity of a site is that site, together with all the sites immediately
    adjacent to it." "The action-potential of a site is the number of the player's stones in the
    site's vicinity minus the number of the opponent's stones there." (A stone on the site counts.)"""
    game = position(black=(28, 29, 37), white=(20, 27))
    assert game.potential(28, BLACK) == 3 - 2  # itself, 29, 37 against 20, 27
    assert game.potential(28, WHITE) == -1
    assert game.potential(36) == 2 - 1  # empty site: 28, 37 against 27 (Black to move)
    assert game.potential(20, WHITE) == 2 - 1  # enemy-free: itself and 27 against 28
    assert game.potential(62) == 0


def test_potential_maximum_is_seven():
    """Spec: "Maximum is 7" (the site and its six neighbours)."""
    game = position(black=(28, 29, 37, 36, 27, 20, 21))
    assert game.potential(28) == 7
    assert sites(game, MOVE) == [20, 21, 27, 28, 29, 36, 37]


def test_potential_is_fixed_at_the_start_of_the_maneuver():
    """Spec: the potential "is computed once, at the start of the maneuver, before anything moves"."""
    game = position(black=(27, 29, 36), white=(20,))
    assert game.potential(28) == 2  # 3 Black - 1 White
    game.play(DEPLOY | 28)  # the new stone does not raise the power it is dispatched with
    assert game.flight() == (28, 1, DEPLOY) and game.potential(28) == 3


# --- the turn -------------------------------------------------------------------------------

def test_black_begins_and_a_turn_is_two_maneuvers():
    """Seed: "Then, beginning with Black, the players alternate taking turns, each turn consisting
    of two 'maneuvers'"; spec: "Each turn is two maneuvers by the same player (the first turn too)"."""
    game = Throngs()
    assert game.to_move() == 0 and game.mover == BLACK and game.maneuver() == 1
    game.play_text("P@12")
    assert game.to_move() == 0 and game.maneuver() == 2
    game.play_text("pass")
    assert game.to_move() == 1 and game.maneuver() == 1
    game.play_text("pass")
    game.play_text("P@36")
    assert game.to_move() == 0 and game.maneuver() == 1


def test_every_maneuver_begins_by_selecting_a_site():
    """Seed: "Every maneuver must begin with a site selection phase ... The intersection can be empty
    (requiring a deployment phase), occupied by an enemy stone (requiring a capture + deployment
    phase) or already occupied by one of the player's pieces (allowing for immediate dispatch)"."""
    game = position(black=(20, 21, 27, 28, 37), white=(29, 36))
    moves = game.legal_moves()
    kinds = set(m & 0xF00 for m in moves)
    assert kinds == set([DEPLOY, CAPTURE, MOVE, PASS])
    for m in moves:
        site = m & 0xFF
        if m & 0xF00 == DEPLOY:
            assert game.board[site] == 0
        elif m & 0xF00 == CAPTURE:
            assert game.board[site] == WHITE
        elif m & 0xF00 == MOVE:
            assert game.board[site] == BLACK


def test_deploy_needs_potential_1_and_costs_1():
    """Seed: "The deployment phase only occurs if the player chooses an empty site with an action
    potential of at least 1. The player must deduct 1 from their action-potential and place a
    stone of their own on the site." """
    game = position(black=(28,), white=(37,))
    deploys = sites(game, DEPLOY)
    assert 36 not in deploys  # 28 and 37 cancel: potential 0
    assert 27 in deploys and 20 in deploys  # potential 1
    assert game.illegal_reason(DEPLOY | 36) is not None and raises(GameError, game.play, DEPLOY | 36)
    game.play(DEPLOY | 27)  # potential 1 - 1 = 0 left: the maneuver is over
    assert game.board[27] == BLACK and game.flight() is None and game.maneuver() == 2
    game = position(black=(28, 29, 37), white=())
    game.play(DEPLOY | 36)  # potential 2 (28, 37): one action left for the new stone
    assert game.flight() == (36, 1, DEPLOY)


def test_deployed_stone_may_dispatch_or_stay():
    """Seed: "In the case of simple deployment, the player can then dispatch the deployed piece if
    they still have action-potential remaining"; "Voluntary passing and partial passing are
    allowed" (the new stone may stay with actions unspent)."""
    game = position(black=(28, 29, 37))
    game.play(DEPLOY | 36)
    dests = sites(game, DEST)
    assert 36 in dests  # stay
    assert dests == sorted([36, 35, 43, 44, 27])
    game.play(DEST | 36)
    assert game.board[36] == BLACK and game.flight() is None and game.maneuver() == 2


def test_capture_needs_potential_2_and_completes_the_maneuver():
    """Seed: "The capture phase occurs together with deployment if the player chooses a site occupied
    by an opponent's stone and the action potential of the site is at least 2. Capture + Deployment
    completes a maneuver." """
    game = position(black=(27, 28), white=(20,))  # at 20: 27, 28 against 20 itself: potential 1
    assert sites(game, CAPTURE) == []
    assert raises(GameError, game.play, CAPTURE | 20)
    game = position(black=(27, 28, 19, 12, 11, 21), white=(20,))  # potential 6 - 1 = 5
    assert sites(game, CAPTURE) == [20]
    game.play(CAPTURE | 20)
    assert game.board[20] == BLACK and game.flight() is None and game.maneuver() == 2
    assert stones(game, WHITE) == []


def test_move_dispatches_own_stone_with_its_potential():
    """Seed: a site "already occupied by one of the player's pieces (allowing for immediate
    dispatch)"; spec: "Move: a site holding your stone with potential >= 1. Dispatch it with
    budget = potential; it must end on a different site." """
    game = position(black=(28,))
    assert sites(game, MOVE) == [28]
    game.play(MOVE | 28)
    assert game.flight() == (28, 1, MOVE)
    assert sites(game, DEST) == [20, 21, 27, 29, 36, 37]  # 28 itself is not a destination
    assert game.illegal_reason(DEST | 28) is not None
    game.play(DEST | 37)
    assert stones(game, BLACK) == [37] and game.maneuver() == 2
    game = position(black=(28,), white=(29, 37))  # potential 1 - 2 < 1: cannot move
    assert sites(game, MOVE) == []


def test_a_step_is_a_move_to_an_adjacent_empty_site():
    """Seed: "A step is a move to an adjacent empty site." (cost 1)"""
    game = position(black=(28,), white=(29, 36, 20), flight="M28:1")
    assert sites(game, DEST) == [21, 27, 37]


def test_a_jump_over_a_mixed_line_costs_one_per_site():
    """Seed: "A jump is a movement in a straight line over occupied sites, ending at an empty site",
    "spending one action per site moved across or reached": over a Black and a White stone and
    onto the empty site beyond costs 3."""
    for power in (2, 3):
        game = position(black=(20, 28), white=(37, 21, 29), flight="M20:%d" % power)
        dests = sites(game, DEST)
        assert (45 in dests) == (power == 3)  # 20 -> over 28 (Black), 37 (White) -> 45
        assert (22 in dests) == (power >= 2)  # 20 -> over 21 -> 22


def test_direction_changes_only_at_empty_sites():
    """Seed: "The piece may change direction after a step or after a jump"; spec: "Direction may
    change only at empty sites": a jump cannot bend inside the line of stones it crosses."""
    # 20 -> E over 21, bending NNE over 29 to 38 would cost 3; every straight route costs more.
    game = position(black=(20, 28, 37), white=(21, 29), flight="M20:3")
    dests = sites(game, DEST)
    assert 38 not in dests
    assert 22 in dests  # the straight jump over 21 (cost 2) ...
    assert 30 in dests  # ... then a turn on the empty site 22: a step NNE (cost 3)
    assert 45 in dests  # straight over 28 and 37 (cost 3)


def test_distance_may_not_exceed_the_unspent_actions():
    """Seed: "The distance along the path the piece travels may not exceed the number of unspent
    actions." """
    for power in range(1, 6):
        game = position(black=(0,), flight="M0:%d" % power)
        farthest = min(game.site_xy(d)[1] for d in sites(game, DEST))
        assert game.site_xy(0)[1] - farthest == power  # each step climbs one row at most


def test_start_site_counts_as_occupied():
    """Spec: "The stone's starting site counts as occupied while its route is worked out": a moved
    stone never ends where it started, while a deployed one may stay."""
    game = position(black=(28,), flight="M28:3")
    assert 28 not in sites(game, DEST)
    game = position(black=(28,), flight="A28:3")
    assert 28 in sites(game, DEST)


def test_a_destination_is_a_move_whatever_the_route():
    """Spec: "a move is identified by (selected site, destination), not by its route"."""
    game = position(black=(28,), flight="M28:3")
    dests = sites(game, DEST)
    assert len(dests) == len(set(dests))
    assert 29 in dests  # reachable by a step or by longer detours: offered once


def test_pass_is_a_whole_maneuver():
    """Spec: "Pass (the whole maneuver)"; seed: "Voluntary passing and partial passing are allowed"."""
    game = Throngs()
    assert PASS in game.legal_moves()
    before = game.encode()
    game.play(PASS)
    assert game.maneuver() == 2 and game.encode().split()[0] == before.split()[0]


# --- forced deployment (seed) ---------------------------------------------------------------

def test_forced_deployment_after_a_fully_passed_turn():
    """Seed: "If possible, a piece must be deployed during at least one action of the turn that
    follows a fully-passed turn." (Spec "Forced deployment (seed)".)"""
    game = Throngs()
    game.play(PASS)
    game.play(PASS)  # Black passed a whole turn
    game.play_text("P@36")
    game.play_text("P@44")
    # Black's next turn: the first maneuver is free ...
    assert PASS in game.legal_moves() and MOVE | 13 in game.legal_moves()
    game.play(MOVE | 13)
    game.play(DEST | 12)
    # ... but having not deployed, the second must deploy (or capture: none is possible here).
    moves = game.legal_moves()
    assert moves and all(m & 0xF00 == DEPLOY for m in moves)
    assert raises(GameError, game.play, PASS)
    game.play(moves[0])
    assert game.to_move() == 1 and PASS in game.legal_moves()


def test_forced_deployment_is_met_by_deploying_first():
    """Seed: "at least one action of the turn": a deployment in the first maneuver frees the second."""
    game = Throngs()
    game.play(PASS)
    game.play(PASS)
    game.play(PASS)
    game.play_text("P@36")
    game.play_text("P@12")
    assert PASS in game.legal_moves()


def test_forced_deployment_is_met_by_a_capture():
    """Seed: a maneuver on an enemy stone is "Capture + Deployment": a capture places a stone, so it
    is a deployment for "a piece must be deployed during at least one action of the turn that
    follows a fully-passed turn" (revised ruling): offered while the rule binds, and it meets it."""
    black = (27, 28, 19, 12, 11, 21)
    game = position(black=black, white=(20, 50), maneuver=2, must_deploy="10")
    moves = game.legal_moves()
    assert CAPTURE | 20 in moves and PASS not in moves and MOVE | 28 not in moves
    game.play(CAPTURE | 20)  # the second maneuver: the rule is met
    assert game.mover == WHITE
    game = position(black=black, white=(20, 50), must_deploy="10")
    game.play(CAPTURE | 20)  # the first maneuver captures: the second is free
    assert PASS in game.legal_moves() and MOVE | 28 in game.legal_moves()


def test_forced_deployment_binds_when_only_a_capture_is_possible():
    """Seed: "If possible, a piece must be deployed": with no empty site to deploy on, a possible
    capture still binds the turn after a fully-passed one (revised ruling)."""
    game = position(black=[i for i in range(63) if i != 20], white=(20,), maneuver=2, must_deploy="10")
    assert game.legal_moves() == [CAPTURE | 20]
    assert raises(GameError, game.play, PASS)


def test_forced_deployment_only_if_possible():
    """Seed: "If possible, a piece must be deployed": with no deployment possible the rule is void."""
    black = [i for i in range(63) if i not in (0, 1, 2, 62)]
    game = position(black=black, white=(0, 1, 2), maneuver=2, must_deploy="10")
    assert game._any_deployment()  # 62 can still be deployed: deploy only
    assert all(m & 0xF00 == DEPLOY for m in game.legal_moves())
    game = position(black=[i for i in range(63) if i not in (0, 1, 2)], white=(0, 1, 2), maneuver=2,
                    must_deploy="10")
    assert PASS in game.legal_moves()


# --- the end -----------------------------------------------------------------------------------

def split_board(mover=BLACK, passed="000", invader=None):
    """The 63 board full: Black on sites 0-32 (and on `invader`), White on the rest of 33-62."""
    black = list(range(33)) + ([] if invader is None else [invader])
    return position(black=black, white=[i for i in range(33, 63) if i != invader], mover=mover, maneuver=2,
                    passed=passed)


def test_passing_does_not_end_the_game():
    """Seed: "Play continues until no actions are possible" and "Voluntary passing and partial
    passing are allowed": four passes from the start do not end the game (revised ruling: the
    earlier "both players pass a whole turn in succession" end let White win 2-1); the turn after
    a fully-passed one must then deploy."""
    game = Throngs()
    for _ in range(4):
        game.play(PASS)
        assert game.winner() == ONGOING
    for _ in range(2):
        game.play(PASS)  # the first maneuver of each turn may still pass ...
        moves = game.legal_moves()
        assert PASS not in moves and all(m & 0xF00 == DEPLOY for m in moves)  # ... not the second
        game.play(moves[0])
        assert game.winner() == ONGOING
    game.play(PASS)
    assert PASS in game.legal_moves()  # a turn that deployed binds nothing


def test_end_when_no_actions_are_possible_majority_wins():
    """Seed: "Play continues until no actions are possible, and the player with the most pieces on
    the board wins": the game ends when the player to move has no deploy, capture or move and
    neither had the opponent when its last turn began."""
    game = split_board(passed="001")  # Black's turn began with nothing but passes
    assert not game._any_action()
    game.play(PASS)  # White starts a turn with nothing to do either: Black wins 33-30
    assert game.winner() == 0 and game.legal_moves() == []
    assert game.status_text() == "to_move=none winner=Black reason=majority score=33:30"
    assert game.end_reason() == "majority" and len(game.end_cells()) == 33
    assert all(game.board[s] == BLACK for s in game.end_cells())
    game = split_board()  # the flag says Black could act when its turn began: play goes on
    game.play(PASS)
    assert game.winner() == ONGOING and game.legal_moves() == [PASS]
    game.play(PASS)
    game.play(PASS)  # now both have started a turn with no action
    assert game.winner() == 0
    game.undo()
    assert game.winner() == ONGOING and game.legal_moves() == [PASS]


def test_no_end_while_the_opponent_can_still_act():
    """Seed: "Play continues until no actions are possible": a player without actions passes, and
    the game goes on while the other player can still deploy, capture or move."""
    game = split_board(mover=WHITE, invader=52)
    game.mover = BLACK
    assert not game._any_action()
    game.mover = WHITE
    assert game._any_action()  # White can capture the invader on 52
    game.play(PASS)  # Black starts a turn with nothing to do, White could act: no end
    assert game.winner() == ONGOING and game.legal_moves() == [PASS]
    game.play(PASS)
    game.play(PASS)
    assert game.winner() == ONGOING and game.legal_moves() == [CAPTURE | 52, PASS]
    game.play(CAPTURE | 52)
    game.play(PASS)  # Black idle, but White's turn began with an action
    assert game.winner() == ONGOING
    game.play(PASS)
    game.play(PASS)  # White starts idle after an idle Black turn: the end, 33-30
    assert game.winner() == 0


def test_original_all_passed_ends_the_game_by_score():
    """Spec original ruleset: "(all Passed)" ends the game "(byScore)": Ludii reads the first
    decision of each of the last two turns, so a pass that opens this turn, after a turn of the
    opponent's of two decisions that opened with a pass, ends it; the higher score wins."""
    game = Throngs({"ruleset": "original"})
    for text in ("P@12", "pass", "pass", "pass"):
        game.play_text(text)
    assert game.winner() == ONGOING
    game.play(PASS)
    assert game.colour_score(BLACK) == game.colour_score(WHITE) == 2
    assert game.winner() == DRAW and game.legal_moves() == []
    assert game.end_reason() == "passes" and game.end_score() == (2, 2) and game.end_cells() == []
    # Only the first decision of a turn counts: a pass then a deployment, answered by a pass.
    game = Throngs({"ruleset": "original"})
    for text in ("P@12", "pass", "pass", "P@45"):
        game.play_text(text)
    game.play(PASS)
    assert game.winner() != ONGOING
    # Ludii's trial opens with its start moves, by Black: Black's first turn is longer than two.
    game = Throngs({"ruleset": "original"})
    for _ in range(3):
        game.play(PASS)
    assert game.winner() == ONGOING
    # The higher score wins.
    game = position(black=(10, 11, 12), white=(40, 50), ruleset="original")
    assert game.colour_score(BLACK) > game.colour_score(WHITE)
    for _ in range(3):
        game.play(PASS)
    assert game.winner() == 0

def test_one_passed_turn_does_not_end_the_game():
    """Spec original ruleset: "all passed" needs the opponent's last turn to open with a pass and
    to be two decisions at most: a turn opened by a deployment, or a pass then a move (three
    decisions), answered by a pass, plays on."""
    game = Throngs({"ruleset": "original"})
    game.play_text("P@12")
    game.play(PASS)
    game.play(PASS)
    assert game.winner() == ONGOING
    game = Throngs({"ruleset": "original"})
    game.play(PASS)
    game.play_text("13")
    game.play_text("-12")
    game.play(PASS)
    game.play(PASS)  # nor does a pass that closes a turn
    assert game.winner() == ONGOING and game.mover == BLACK

# A full 63 board from a game played in Ludii (tests/data/ludii/throngs_ludii_deep_games.jsonl.gz,
# its first game): no capture for either side, scores Black 29, White 34.
FULL_BOARD = "111111111211111112211111221111222222211222221122222222222222222"


def full_board(counters, mover, maneuver=1):
    return position(black=[i for i in range(63) if FULL_BOARD[i] == "1"],
                    white=[i for i in range(63) if FULL_BOARD[i] == "2"], ruleset="original",
                    counters=counters, mover=mover, maneuver=maneuver)


def test_original_forced_pass_when_a_player_has_no_decision():
    """Spec original ruleset: a player whom Ludii's counter leaves no decision passes (Ludii's
    engine's forced pass): it is no maneuver, so a forced second maneuver ends the turn and the
    opponent, in the same phase, gets one maneuver; the game goes on."""
    game = full_board("-1,4", BLACK, maneuver=2)
    game.play(PASS)  # White is bound by the counter and can neither deploy nor capture
    assert game.winner() == ONGOING and game.legal_moves() == [PASS] and game.mover == WHITE
    game.play(PASS)
    assert game.winner() == ONGOING and game.mover == BLACK and game.maneuver() == 1
    game = full_board("-1,4", WHITE, maneuver=2)
    game.play(PASS)
    assert game.mover == BLACK and game.maneuver() == 2 and game.counter[BLACK] == 0
    game.play(PASS)
    assert game.winner() == ONGOING and game.mover == WHITE and game.maneuver() == 1


def test_original_no_decision_for_either_player_ends_the_game_by_score():
    """Spec original ruleset, ruling: when neither player has a decision but the forced pass,
    nothing can change (Ludii would pass for ever): the game ends, the higher score wins."""
    game = full_board("4,4", WHITE)
    assert game.legal_moves() == [PASS] and game.winner() == ONGOING
    game.play(PASS)
    assert game.colour_score(WHITE) > game.colour_score(BLACK) and game.winner() == 1

def test_original_no_decision_for_either_player_ends_the_game_by_score():
    """Spec original ruleset, ruling: when neither player has a decision but the forced pass,
    nothing can change (Ludii would pass for ever): the game ends, the higher score wins."""
    full = [i for i in range(63) if i != 62]
    game = position(black=full[:40], white=full[40:] + [62], ruleset="original", counters="4,4",
                    mover=WHITE)
    assert game.legal_moves() == [PASS]
    game.play(PASS)
    assert game.colour_score(BLACK) > game.colour_score(WHITE) and game.winner() == 0
    assert game.end_score() == (game.colour_score(BLACK), game.colour_score(WHITE))

def test_score_of_the_start_position():
    """Spec "End and score": each lone start stone is safe (fewer than 2 more enemy neighbours)."""
    game = Throngs()
    assert (game.score(0), game.score(1)) == (1, 2)


def test_score_edge_stone_safe_with_a_friend_or_more_than_2_empty_neighbours():
    """Spec: "+1 for each P stone that is safe: on an edge site, if it has a P neighbour or more than
    2 empty neighbours"."""
    assert position(black=(0,)).score(0) == 1  # 3 empty neighbours
    assert position(black=(0,), white=(62,)).score(0) == 1
    # 1, 4, 5 are 0's neighbours; White on 1 leaves two empty and no friend.
    game = position(black=(0,), white=(1,))
    assert game.colour_score(BLACK) == 0
    game = position(black=(0, 4), white=(1,))
    assert game.colour_score(BLACK) == 2  # 0 has the friend 4; 4 is interior-safe (Q - P = 0)


def test_score_interior_stone_safe_rules():
    """Spec: "elsewhere, if it has more than 1 P neighbour or (Q neighbours - P neighbours) < 2"."""
    assert position(black=(28,), white=(29, 37)).colour_score(BLACK) == 0  # Q - P = 2
    assert position(black=(28,), white=(29,)).colour_score(BLACK) == 1  # Q - P = 1
    # 28 has 2 friends (20, 21) and 4 enemies: safe; 20 and 21 are safe too (Q - P < 2).
    game = position(black=(28, 20, 21), white=(29, 37, 36, 27))
    assert game.colour_score(BLACK) == 3


def test_score_empty_site_that_is_ours():
    """Spec: "+1 for each empty site that is P's: ... elsewhere, if (it has more than 3 P neighbours
    and no Q stone next to any of its empty neighbours) or (it has more than 2 P neighbours and no
    Q neighbour)"."""
    # 28 empty with 3 Black neighbours and no White neighbour: ours (second clause).
    assert position(black=(29, 37, 36)).colour_score(BLACK) == 3 + 1
    # A White neighbour on 20 breaks the second clause, and 3 P neighbours are too few for the first.
    assert position(black=(29, 37, 36), white=(20,)).colour_score(BLACK) == 3
    # 5 Black neighbours and a White one, no empty neighbour to be reached: ours (first clause).
    assert position(black=(29, 37, 36, 27, 20), white=(21,)).colour_score(BLACK) == 5 + 1
    # 4 Black neighbours; White on 21 is next to the empty neighbour 20: neither clause holds.
    assert position(black=(29, 37, 36, 27), white=(11, 21)).colour_score(BLACK) == 4


def test_score_empty_edge_site_that_is_ours():
    """Spec: "on an edge site, if it has more than 2 P neighbours, no Q stone is adjacent to any of
    its empty neighbours, and none of its empty neighbours is an edge site"."""
    # Edge site 0 (neighbours 1, 4, 5) all Black: ours.
    assert position(black=(1, 4, 5)).colour_score(BLACK) == 3 + 1
    # Edge site 1 (neighbours 0, 2, 5, 6) with 3 Black: its empty neighbour 6 is interior: ours ...
    assert position(black=(0, 2, 5)).colour_score(BLACK) == 3 + 1
    # ... unless a White stone (14) touches that empty neighbour ...
    assert position(black=(0, 2, 5), white=(14,)).colour_score(BLACK) == 3
    # ... or the empty neighbour is an edge site (2).
    assert position(black=(0, 5, 6)).colour_score(BLACK) == 3


def test_score_enemy_stone_outnumbered():
    """Spec: "+1 for each Q stone where 2 x (its P neighbours) > 2 + (its number of neighbours)"."""
    assert position(black=(29, 37, 36, 27, 20), white=(28,)).colour_score(BLACK) == 5 + 1  # 10 > 8
    assert position(black=(29, 37, 36, 27), white=(28,)).colour_score(BLACK) == 4  # 8 > 8 fails
    assert position(black=(1, 4, 5), white=(0,)).colour_score(BLACK) == 3 + 1  # edge: 6 > 5
    assert position(black=(1, 4), white=(0,)).colour_score(BLACK) == 2  # 4 > 5 fails


def test_early_end_by_score_at_least_half_the_sites_plus_2():
    """Seed: "The implementation will end the game when one player starts a turn with a score at
    least 2 more than half the size of the board"; spec: the player about to move wins with a score
    of at least half the number of sites plus 2 (34 on the 63 board)."""
    for extra, ends in (((), False), ((50,), True)):
        game = position(black=list(range(33)) + list(extra), white=(61, 62), mover=WHITE, maneuver=2)
        assert game.colour_score(BLACK) == 33 + len(extra)
        game.play(PASS)  # White's turn ends; Black is about to move
        assert game.winner() == (0 if ends else ONGOING)
    game = position(black=list(range(33)) + [50], white=(61, 62), mover=WHITE, maneuver=2, board="63")
    game.play(PASS)
    assert game.legal_moves() == [] and game.end_reason() == "score"
    assert game.status_text() == "to_move=none winner=Black reason=score score=%d:%d" % (
        game.colour_score(BLACK), game.colour_score(WHITE))
    marks = bytearray(game.n)
    game.colour_score(BLACK, marks)
    assert game.end_cells() == [s for s in range(game.n) if marks[s]] and len(game.end_cells()) >= 34


def test_early_end_is_tested_when_a_player_starts_a_turn():
    """Seed: "The implementation will end the game when one player starts a turn with a score at
    least 2 more than half the size of the board": a score reached by the first maneuver of a turn
    does not end the game before the second (revised ruling); it does when that player's next
    turn starts."""
    game = position(black=list(range(33)), white=(61, 62))
    assert game.colour_score(BLACK) == 33
    game.play(DEPLOY | 33)
    assert game.colour_score(BLACK) >= 34 and game.winner() == ONGOING and game.maneuver() == 2
    game.play(PASS)
    assert game.winner() == ONGOING and game.mover == WHITE
    game.play(PASS)
    game.play(PASS)
    assert game.colour_score(BLACK) >= 34 and game.winner() == 0


# --- pie start (spec "Options") ------------------------------------------------------------------

def pie_game(choice):
    game = Throngs({"start": "pie"})
    assert stones(game, BLACK) == [] and stones(game, WHITE) == []
    assert game.to_move() == 0 and sorted(game.legal_moves()) == [PLACE_BLACK | i for i in range(63)]
    game.play_text("B@10")
    game.play_text("B@20")
    assert game.to_move() == 0 and game.legal_moves()[0] & 0xF00 == PLACE_WHITE
    assert raises(GameError, game.play, PLACE_BLACK | 30) and raises(GameError, game.play, PLACE_WHITE | 20)
    game.play_text("W@40")
    assert game.to_move() == 1 and game.legal_moves() == [CHOOSE | BLACK, CHOOSE | WHITE]
    game.play_text(choice)
    return game


def test_pie_start_chooser_takes_white_and_moves_first():
    """Spec: "3-stone pie (Black's player places two Black and one White stone on any sites; the other
    player then chooses to play Black or White; the side with one stone moves first)"."""
    game = pie_game("white")
    assert game.colour_of(1) == WHITE and game.colour_of(0) == BLACK
    assert game.mover == WHITE and game.to_move() == 1 and game.maneuver() == 1
    assert game.status_text() == "to_move=White winner=none"
    assert game.legal_moves()[-1] == PASS


def test_pie_start_chooser_takes_black_and_the_placer_moves_first_as_white():
    """Spec pie start: choosing Black gives the placing player the single White stone, moving first."""
    game = pie_game("black")
    assert game.colour_of(1) == BLACK and game.colour_of(0) == WHITE
    assert game.mover == WHITE and game.to_move() == 0
    game.play(PASS)
    game.play(PASS)
    assert game.to_move() == 1 and game.mover == BLACK
    game.play(DEPLOY | 11)
    game.play(DEST | 11)
    game.play(PASS)
    assert game.to_move() == 0 and game.mover == WHITE
    while game.history:
        game.undo()
    assert game.encode() == Throngs({"start": "pie"}).encode()


# --- the original ruleset (spec "Original ruleset (Ludii 1.3.12)") ----------------------------------

def test_original_capture_may_dispatch_the_new_stone():
    """Spec original ruleset: "Capture: an enemy site with potential >= 2; the stone is replaced and
    the remaining potential may dispatch the new stone (it may also stay)" (the capture costs 2)."""
    game = position(black=(27, 28, 19, 12, 11, 21), white=(20,), ruleset="original")
    game.play(CAPTURE | 20)  # potential 6 - 1 = 5
    assert game.flight() == (20, 3, CAPTURE) and game.board[20] == BLACK
    assert 20 in sites(game, DEST)
    game.play(DEST | 20)
    assert game.maneuver() == 2


def test_original_deploy_waiver_on_a_surrounded_neutral_site():
    """Spec original ruleset: "Deploy: costs 1, except that the cost is waived on an empty site with
    potential 0 that has no empty neighbour (so it may be deployed there)"; the seed's simplification
    removed "the exception that allows adding a piece to neutral surrounded spaces"."""
    black, white = (29, 37, 36), (27, 20, 21)  # 28: potential 0, no empty neighbour
    assert 28 in sites(position(black=black, white=white, ruleset="original"), DEPLOY)
    assert 28 not in sites(position(black=black, white=white), DEPLOY)
    game = position(black=black, white=white, ruleset="original")
    game.play(DEPLOY | 28)
    assert game.board[28] == BLACK and game.flight() is None
    # Potential -1, or an empty neighbour: no waiver.
    assert 28 not in sites(position(black=(29, 37), white=(36, 27, 20, 21), ruleset="original"), DEPLOY)
    assert 28 not in sites(position(black=(29, 37), white=(27, 20), ruleset="original"), DEPLOY)


def test_original_forced_deployment_counter():
    """Spec original ruleset: "each player's counter starts at -1; a deploy sets it to 0; every
    finished maneuver adds 1. Moving an own stone and passing are offered only while the counter is
    below 4. A capture does not reset it." """
    game = Throngs({"ruleset": "original"})
    for text in ("pass", "pass", "P@36", "pass", "pass", "pass", "P@44", "pass"):
        game.play_text(text)  # Black's counter: -1, 0, 1 | 2, 3
        assert PASS in game.legal_moves()
    game.play(PASS)  # 4: Black's second maneuver may only deploy or capture
    moves = game.legal_moves()
    assert PASS not in moves and MOVE | 13 not in moves and DEPLOY | 12 in moves
    game.play(DEPLOY | 12)  # counter 0, then 1 for the finished maneuver
    game.play_text("P@45")  # (a White pass here would end the game: "all passed")
    game.play_text("-45")
    game.play(PASS)
    assert game.mover == BLACK and PASS in game.legal_moves()
    # A capture counts as a maneuver but does not reset the counter.
    game = position(black=(27, 28, 19, 12, 11, 21), white=(20,), ruleset="original", counters="3,-1")
    game.play(CAPTURE | 20)
    game.play(DEST | 20)
    assert PASS not in game.legal_moves()


def test_original_early_end_needs_more_than_half_the_sites_plus_3():
    """Spec original ruleset, end: "Early end: the player to move next has a score of more than
    half the sites plus 3"; byScore: the higher score wins."""
    for extra, ends in (((50,), False), ((50, 53), True)):
        game = position(black=list(range(33)) + list(extra), white=(61, 62), mover=WHITE, maneuver=2,
                        ruleset="original")
        assert game.colour_score(BLACK) == 33 + len(extra)
        game.play(PASS)
        assert game.winner() == (0 if ends else ONGOING)
        assert game.end_reason() == ("score" if ends else "")


# --- notation and protocol (spec "Notation") ----------------------------------------------------------

def test_notation_of_each_decision():
    """Spec "Notation": `P@s` deploy, `x@s` capture, `s-d` move, `pass`; a dispatch is its own
    decision `-d` after the selection, so `P@s-d` is written `P@s` then `-d`."""
    game = Throngs()
    assert [game.move_to_text(m) for m in (DEPLOY | 12, CAPTURE | 35, MOVE | 13, DEST | 21, PASS)] == [
        "P@12", "x@35", "13", "-21", "pass"]
    assert game.move_from_text("P@12") == DEPLOY | 12 and game.move_from_text("p@12") == DEPLOY | 12
    assert game.move_from_text("x@35") == CAPTURE | 35 and game.move_from_text(" 13 ") == MOVE | 13
    assert game.move_from_text("PASS") == PASS
    game.play_text("13")
    assert game.move_from_text("-21") == DEST | 21 and game.move_from_text("13-21") == DEST | 21
    game.play_text("-21")
    game.play_text("P@13")
    assert game.record() == "13 -21 P@13"


def test_notation_errors_say_why():
    game = Throngs()
    for text, words in (("P@99", "no site 99"), ("hello", "cannot read"), ("12-14", "two decisions"),
                        ("-5", "no stone is in flight"), ("P@", "cannot read")):
        try:
            game.move_from_text(text)
            assert False, text
        except GameError as e:
            assert words in str(e), (text, str(e))
    game.play_text("13")
    assert raises(GameError, game.move_from_text, "12-20")  # the stone in flight is on 13
    assert raises(GameError, game.play_text, "P@12")  # a destination is due
    try:
        game.play(DEST | 40)
        assert False
    except GameError as e:
        assert "no route" in str(e)


def test_illegal_moves_raise_and_change_nothing():
    game = Throngs()
    before = game.encode()
    for move in (DEPLOY | 40, CAPTURE | 35, MOVE | 35, DEST | 12, PASS | 3, PLACE_BLACK | 5, CHOOSE | 1,
                 -1, 0, 0x1000):
        assert raises(GameError, game.play, move)
        assert game.encode() == before and game.history == []
    assert raises(GameError, game.undo)


def test_registry_options_and_errors():
    game = registry.create("throngs", {"board": "93", "ruleset": "original", "start": "standard"})
    assert game.n == 93 and game.options_text() == "board=93 ruleset=original start=standard"
    try:
        registry.create("throngs", {"board": "64"})
        assert False
    except GameError as e:
        assert "63|93|87|153" in str(e)


def test_decode_rejects_bad_positions():
    game = Throngs()
    good = game.encode()
    for bad in (good.replace("mover=1", "mover=3"), good.replace("stones=0", "stones="),
                good + " colour=red", good.replace("flight=-", "flight=M0:2"), "nonsense",
                good.replace("counters=-1,-1", "counters=x")):
        assert raises(GameError, game.decode, bad), bad
    assert game.encode() == good
    game.decode(good)
    assert game.encode() == good
