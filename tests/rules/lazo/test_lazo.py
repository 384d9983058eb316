# Lazo: moves (docs/rules/lazo.md §2), the end of the game, the required loop cases of §3,
# notation and the game protocol.  Loop cases are also checked against the slow reference.
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.lazo.rules import Lazo, N_SPACES, parse_space, space_index, space_name
from rules_support import ON_MICROPYTHON, raises
from test_lazo_random import reference_has_loop

BLACK, WHITE = 0, 1
# Board-surface holes far from every test structure (rows 8 and 9, the far corner of row 0):
# a tile on the board surface never closes a loop (nothing rests on it yet).
FILLERS = (["1.%d.9" % i for i in range(10)] + ["1.%d.8" % i for i in range(11)] +
           ["1.%d.0" % i for i in range(15, 19)] + ["1.%d.1" % i for i in range(14, 18)])


def build(black, white):
    """Plays Black's and White's moves alternately, Black first; a player whose list is used up
    plays far-away fillers until the other's list ends.  Returns the game."""
    game = Lazo()
    moves = (list(black), list(white))
    fillers = list(FILLERS)
    while moves[0] or moves[1]:
        mine = moves[game.to_move()]
        text = mine.pop(0) if mine else fillers.pop(0)
        assert game.winner() == ONGOING, "game ended before %s" % text
        game.play_text(text)
    return game


def agrees_with_reference(game, player):
    return (game.winner() == player) == reference_has_loop(game.cells, player + 1)


# --- moves (spec §2) -------------------------------------------------------------------------

def test_black_moves_first_and_any_board_hole_is_legal():
    """§2 / rules: Black moves first; a tile may go on any vacant level-1 space ('white could
    play in any board surface hole')."""
    game = Lazo()
    assert game.to_move() == BLACK and game.PLAYERS == ("Black", "White")
    assert game.legal_moves() == list(range(145))
    game.play_text("1.9.4")
    assert game.to_move() == WHITE
    assert game.legal_moves() == [s for s in range(145) if s != parse_space("1.9.4")]


def test_hole_of_three_black_tiles_is_black_only():
    """Seed: 'three mutually adjacent black tiles on the board surface together form a hole. It
    would be legal on black's turn for black to place a tile in this hole, but not white on
    white's turn, because that space is not adjacent to any white tile.'"""
    game = build(["1.0.0", "1.1.0", "1.0.1"], ["1.2.0", "1.1.1"])
    hole = parse_space("2.0.0")
    assert game.to_move() == WHITE and hole not in game.legal_moves()
    try:
        game.play(hole)
        assert False, "white played into a hole touching no white tile"
    except GameError as e:
        assert "touches no White tile" in str(e)
    game.play_text("1.9.9")
    assert game.to_move() == BLACK and hole in game.legal_moves()


def test_white_tile_on_the_same_level_makes_the_hole_legal_for_white():
    """Seed: 'The white tile G has been added adjacent to this space on the same level. Now it
    would be legal on white's turn for white to play in the hole formed by the three black tiles.'"""
    game = build(["1.0.0", "1.1.0", "1.0.1"], ["1.2.0", "1.1.1", "2.1.0"])  # G = 2.1.0
    game.play_text("1.9.9")
    assert game.to_move() == WHITE and parse_space("2.0.0") in game.legal_moves()
    game.play_text("2.0.0")
    assert game.cells[parse_space("2.0.0")] == 2


def test_no_overhang():
    """Seed: 'You may not place the peg of your tile in an incomplete triangle ... no overhang ...
    it must rest directly on three other tiles.'"""
    game = build(["1.0.0", "1.1.0"], ["1.5.5"])
    space = parse_space("2.0.0")
    assert space not in game.legal_moves()
    try:
        game.play(space)
        assert False
    except GameError as e:
        assert "no overhang" in str(e)
    for s in game.legal_moves():
        assert s < 145 or all(game.cells[b] for b in _supports(s))


def _supports(s):
    from shared_rules.lazo.rules import supports
    return supports(s)


def test_tile_two_levels_up_does_not_touch_the_tiles_under_the_blocking_region():
    """Seed: 'When the peg of a tile is placed in this hole, that tile will not be adjacent to any
    of the tiles D, E, or F ... There is a blocking region in the way': black D, E, F on level 1
    meet at a point under 3.3.2; the white level-2 tiles it rests on let White play there, but
    D, E, F do not let Black."""
    # D, E, F = 1.4.2, 1.3.3, 1.4.3; the white roof 2.3.2, 2.4.2, 2.3.3 stands on them and on
    # the corners 1.3.2 (white), 1.5.2 and 1.3.4 (black).
    game = build(["1.4.2", "1.5.2", "1.3.3", "1.3.4", "1.4.3"],
                 ["1.3.2", "1.12.6", "1.11.6", "2.3.2", "2.4.2", "2.3.3"])
    target = parse_space("3.3.2")
    assert game.to_move() == BLACK and target not in game.legal_moves()
    assert raises(GameError, game.play, target)
    game.play_text("1.12.4")
    assert game.to_move() == WHITE and target in game.legal_moves()


def test_upper_tile_needs_an_own_tile_same_level_or_below():
    """§2: level k >= 2 needs all 3 supports occupied and an adjacent tile of the mover's colour."""
    game = build(["1.5.5", "1.6.5"], ["1.5.6"])
    s = parse_space("2.5.5")
    assert s in game.legal_moves()  # Black: supports 1.5.5 B, 1.6.5 B, 1.5.6 W
    game.play(s)
    assert parse_space("2.5.5") not in game.legal_moves()  # occupied


def test_occupied_and_unknown_spaces_are_refused_and_nothing_changes():
    game = build(["1.3.3"], [])
    before = (bytes(game.cells), list(game.history), game.to_move())
    for bad in (parse_space("1.3.3"), -1, N_SPACES, "1.0.0"):
        assert raises(GameError, game.play, bad)
    assert (bytes(game.cells), list(game.history), game.to_move()) == before


def test_no_passing_tiles_never_move():
    """Seed: 'Tiles, once placed, do not move, and are not captured. You may not pass on your move.'"""
    game = build(["1.3.3", "1.4.3", "1.3.4"], ["1.9.2", "1.9.3"])
    placed = [s for s in range(N_SPACES) if game.cells[s]]
    play_as(game, BLACK, "2.3.3")
    game.play_text("1.12.2")
    for s in placed:
        assert game.cells[s]
    assert raises(GameError, game.move_from_text, "pass")
    assert all(0 <= m < N_SPACES and not game.cells[m] for m in game.legal_moves())


def test_ten_levels_of_spaces():
    """Seed: 'Board surface tiles are on level one. Games rarely go higher than level five. A space
    is any position in this 3-dimensional lattice.'  Spaces exist up to level 10."""
    game = Lazo()
    assert space_name(N_SPACES - 1) == "10.9.0"
    assert all(s < 145 for s in game.legal_moves())


# --- end of the game -----------------------------------------------------------------------

def test_player_without_a_legal_move_loses():
    """§2 / seed: 'You also win if you leave your opponent with no legal move before he/she runs
    out of pieces.'  Rare in play (every hole must be full), so the situation is set up directly:
    level 1 full of Black but one hole, White without a tile anywhere; Black fills the hole."""
    game = Lazo()
    last = parse_space("1.9.4")
    for s in range(145):
        if s != last:
            game._put(s, 1)
    assert game.to_move() == BLACK and game.winner() == ONGOING
    game.play(last)
    assert game.winner() == BLACK and game.legal_moves() == []
    assert game.end_reason() == "nomove" and game.end_cells() == []
    assert game.status_text() == "to_move=none winner=Black reason=nomove"
    game.undo()
    assert game.winner() == ONGOING and last in game.legal_moves()


def test_draw_after_190_tiles_without_a_loop():
    """§2 / seed: 'if all 190 tiles are played without a winning loop made, the game is a draw.'
    Black fills the left of the board, White the right; then each stacks only on its own tiles."""
    black = sorted(range(145), key=lambda s: _x(s))[:73]
    white = [s for s in range(145) if s not in black]
    game = Lazo()
    for q in range(145):
        game.play(black[q // 2] if q % 2 == 0 else white[q // 2])
    while game.placed < 190:
        colour = game.to_move() + 1
        moves = [m for m in game.legal_moves() if m >= 145 and all(game.cells[b] == colour for b in _supports(m))]
        assert moves and game.winner() == ONGOING
        game.play(moves[0])
    assert game.winner() == DRAW and game.legal_moves() == []
    assert game.status_text() == "to_move=none winner=draw reason=full"
    assert raises(GameError, game.play, 300)


def _x(s):
    from shared_rules.lazo.rules import space_xy
    return space_xy(s)[0] * 1000 + s


# --- the winning loop (spec §3): the required cases ----------------------------------------

ARCH = {"C": "1.6.3", "D": "1.7.3", "F": "1.6.4", "E": "1.8.3", "G": "1.7.4", "A": "2.6.3", "B": "2.7.3"}


def test_arch_over_two_adjacent_opposing_tiles_wins():
    """§3: 'white A rests on white C and black D, F; white B rests on D and white E, G ...
    board-C-A-B-E-board is a loop and the black river D-F passes through it' (the seed's loop
    closed by the board surface; 'a hole through it which does not consist of any tile of the
    same color')."""
    a = ARCH
    game = build([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"]])
    assert game.winner() == ONGOING and agrees_with_reference(game, WHITE)  # A alone: no loop
    play_as(game, WHITE, a["B"])
    assert game.winner() == WHITE and agrees_with_reference(game, WHITE)
    assert game.status_text() == "to_move=none winner=White reason=loop" and game.legal_moves() == []
    # The loop highlighted: B, then A, C and E (the board closes the loop between C and E).
    assert sorted(game.end_cells()) == sorted(parse_space(a[k]) for k in "ABCE")


def test_arch_over_one_opposing_tile_does_not_win():
    """§3: 'one opposing tile under an arch is not enough': the same arch with F white."""
    a = ARCH
    game = build([a["D"]], [a["C"], a["F"], a["E"], a["G"], a["A"], a["B"]])
    assert game.winner() == ONGOING and agrees_with_reference(game, WHITE)


def test_river_must_reach_an_empty_space_at_both_ends():
    """§3: 'the river must reach an empty space at both ends': with every other neighbour of F
    white (1.6.5, 1.5.5, 1.5.4 and the level-2 tiles 2.6.4, 2.5.4 resting on F), the arch does
    not win."""
    a = ARCH
    white = [a["C"], a["E"], a["G"], "1.6.5", "1.5.5", "1.5.4", "2.6.4", "2.5.4", a["A"], a["B"]]
    game = build([a["D"], a["F"]], white)
    assert game.winner() == ONGOING and agrees_with_reference(game, WHITE)


RING1 = ["1.8.4", "1.7.5", "1.6.5", "1.6.4", "1.7.3", "1.8.3"]  # around 1.7.4


def test_ring_of_six_on_level_1_does_not_win():
    """§3: 'a ring of six own tiles on level 1 around an empty space does not (the board closes
    the hole)'."""
    game = build(RING1, [])
    assert game.cells[parse_space("1.7.4")] == 0
    assert game.winner() == ONGOING and agrees_with_reference(game, BLACK)


# Level-1 footprint of the ring of six level-2 tiles around 2.6.3, whose supports are
# 1.6.3, 1.7.3, 1.6.4.
RING2 = ["2.7.3", "2.6.4", "2.5.4", "2.6.2", "2.7.2", "2.5.3"]
FOOT2 = ["1.5.4", "1.5.5", "1.6.2", "1.6.4", "1.6.5", "1.7.2", "1.7.3", "1.7.4", "1.8.2", "1.8.3"]


def test_ring_of_six_on_level_2_over_an_opponent_tile_that_leads_out_wins():
    """§3: 'a ring of six own tiles on level 2 around an empty space whose supporting tiles
    include an opponent tile that leads out to empty space wins' (seed: the loop 'made of tiles
    alone'): White 1.6.3 (under the empty 2.6.3) and 1.5.3 lead out to the empty 1.4.3; the
    sixth ring tile closes the loop."""
    game = build(FOOT2 + RING2[:5], ["1.6.3", "1.5.3"])
    assert game.winner() == ONGOING and agrees_with_reference(game, BLACK)
    play_as(game, BLACK, RING2[5])
    assert game.cells[parse_space("2.6.3")] == 0 and game.cells[parse_space("1.4.3")] == 0
    assert game.winner() == BLACK and agrees_with_reference(game, BLACK)


def test_ring_of_six_on_level_2_over_an_enclosed_opponent_tile_does_not_win():
    """§3 (the contrast): the same ring when the opponent tile under the hole leads nowhere
    (1.5.3 black): the hole only opens upwards."""
    game = build(FOOT2 + ["1.5.3"] + RING2, ["1.6.3"])
    assert game.winner() == ONGOING and agrees_with_reference(game, BLACK)


def test_four_own_tiles_around_a_blocking_region_do_not_win():
    """§3: 'four own tiles around a blocking region do not': Black 1.7.3, 1.6.4, 2.6.4, 2.7.3
    surround the region under 3.6.3 whose other spaces are White 1.7.4 and the empty 2.6.3; the
    white 1.6.5-1.7.4-1.8.3 passes under the black level-2 pair but not through a hole."""
    game = build(["1.7.3", "1.6.4", "2.6.4", "2.7.3"], ["1.7.4", "1.6.5", "1.8.3"])
    assert game.cells[parse_space("2.7.3")] == 1
    assert game.winner() == ONGOING and agrees_with_reference(game, BLACK)


def test_enclosed_cavity_does_not_win():
    """§3: 'an enclosed cavity does not': White 1.7.4 is walled in by six black tiles around it
    and the three black tiles resting on it."""
    game = build(RING1 + ["2.7.4", "2.6.4", "2.7.3"], ["1.7.4"])
    assert game.winner() == ONGOING and agrees_with_reference(game, BLACK)


def test_arch_one_level_up_wins_too():
    """§3: the same arch one level higher (A', B' on level 3 over the white level-2 river D'-F'),
    closed through black level-2 and level-1 tiles to the board, wins."""
    footing = ["1.6.3", "1.7.3", "1.6.4", "1.7.4", "1.6.5", "1.9.3", "1.8.4", "1.7.5"]
    black = footing + ["2.6.3", "2.8.3", "2.7.4", "3.6.3"]  # C', E', G', A'
    white = ["1.8.3", "1.12.6", "1.11.6", "1.10.6", "1.13.5", "1.12.5", "2.7.3", "2.6.4"]  # D', F'
    game = build(black, white)
    assert game.winner() == ONGOING and agrees_with_reference(game, BLACK)
    play_as(game, BLACK, "3.7.3")  # B'
    assert game.winner() == BLACK and agrees_with_reference(game, BLACK)


def test_would_loop_answers_without_playing():
    """§3 asked before a move (what the AI asks): White on B would close the arch, Black on B
    would not, nor White beside the arch (2.5.3); the position stays unchanged, an
    occupied space is refused.  With G still empty B has no support yet; empty or opposing, G is
    Free either way, so the answer is the reference's for the tile put there."""
    a = ARCH
    game = build([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"]])
    before = (game.encode(), bytes(game.cells), list(game.history))
    b = parse_space(a["B"])
    assert game.would_loop(b, WHITE) and not game.would_loop(b, BLACK)
    assert not game.would_loop(parse_space("2.5.3"), WHITE)
    assert (game.encode(), bytes(game.cells), list(game.history)) == before
    assert raises(GameError, game.would_loop, parse_space(a["A"]), WHITE)
    unsupported = build([a["D"], a["F"]], [a["C"], a["E"], "1.8.2", "1.9.2", a["A"]])
    assert unsupported.cells[parse_space(a["G"])] == 0
    unsupported.cells[b] = WHITE + 1
    expected = reference_has_loop(unsupported.cells, WHITE + 1)
    unsupported.cells[b] = 0
    assert unsupported.would_loop(b, WHITE) == expected


def play_as(game, player, text):
    """Plays `text` for `player`, the other player first making a far-away filler move."""
    if game.to_move() != player:
        game.play_text("1.12.4")
    game.play_text(text)


# --- text and protocol ---------------------------------------------------------------------

def test_notation_k_i_j():
    """§1 Notation: a move is the space k.i.j."""
    game = Lazo()
    assert game.move_to_text(0) == "1.0.0" and game.move_from_text("1.0.0") == 0
    assert game.move_from_text("2.0.0") == space_index(2, 0, 0) == 145
    assert raises(GameError, game.move_from_text, "1.0")
    assert raises(GameError, game.move_to_text, 715)


def test_undo_restores_everything():
    game = build(["1.3.3", "1.4.3", "1.3.4"], ["1.9.2", "1.9.3"])
    game.play_text("1.12.4")
    snapshots = []
    for text in ("2.3.3", "1.10.2", "1.5.3", "2.9.2"):
        snapshots.append((game.encode(), game.legal_moves(), game.to_move()))
        game.play_text(text)
    for snap in reversed(snapshots):
        game.undo()
        assert (game.encode(), game.legal_moves(), game.to_move()) == snap
    assert raises(GameError, Lazo().undo)


def test_encode_decode_and_record():
    a = ARCH
    game = build([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"]])
    text = game.encode()
    copy = Lazo()
    copy.decode(text)
    assert copy.encode() == text and copy.legal_moves() == game.legal_moves()
    assert copy.history == [] and copy.to_move() == game.to_move()
    replay = Lazo()
    for word in game.record().split():
        replay.play_text(word)
    assert replay.encode() == text
    assert Lazo().encode() == "b:" + "/" * 9


def test_decode_finds_a_finished_game_and_refuses_bad_positions():
    a = ARCH
    game = build([a["D"], a["F"]], [a["C"], a["E"], a["G"], a["A"]])
    play_as(game, WHITE, a["B"])
    copy = Lazo()
    copy.decode(game.encode())
    assert copy.winner() == WHITE
    bad = ["x:" + "/" * 9, "b:" + "/" * 8, "b:Q" + "/" * 9, "w:" + "/" * 9, "b:BB" + "/" * 9,
           "b:" + "/B" + "/" * 8, "b:" + "B" * 146 + "/" * 9]
    for text in bad:
        assert raises(GameError, Lazo().decode, text), text


def test_registered_and_rendered():
    game = registry.create("lazo")
    assert type(game).__name__ == "Lazo" and registry.game_title("lazo") == "Lazo"  # by name: another test may have imported the game anew
    game.play_text("1.0.0")
    lines = game.render().split("\n")
    assert lines[0] == "level 1" and lines[-1].startswith("B .") and len(lines) == 11


def test_referee_plays_lazo():
    """The referee (tools/bench/referee.py, CPython only) plays Lazo through the registry."""
    if ON_MICROPYTHON:
        return
    from tools.bench.referee import Referee
    ref = Referee()
    assert ref.handle("new lazo")[0].startswith("= ")
    assert ref.handle("play 1.0.0")[0] == "= "
    assert ref.handle("play 2.0.0")[0].startswith("? ")
    assert ref.handle("status")[0] == "= to_move=White winner=none"
    assert "1.1.0" in ref.handle("legal")[0]
