# Thoughtwave: every rule sentence of the printed rules and every ruling of docs/rules/thoughtwave.md.
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers the games)
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.thoughtwave.rules import (COUNTS, FIT, NEIGHBOURS, NO_CELL, PASS, PIECE_BITS, PIECES, Thoughtwave, mask_of,
                                      piece_of, placed_cell, placed_mask, placement)
from rules_support import raises

N, E, S, W = 1, 2, 4, 8


def position(tiles, to_move="R", red_hand=None, options=None):
    """A game set to a position.  `tiles` is "B2@e5 C0@e4 ..."; each piece comes out of the set
    that has more of it left (Red's on a tie), unless `red_hand` (five counts C,J,S,B,T) says what
    Red has left."""
    game = Thoughtwave(options)
    rows = [["."] * 10 for _ in range(10)]
    used = [0] * 5
    red = list(COUNTS)
    black = list(COUNTS)
    for word in tiles.split():
        move = game.move_from_text(word)
        cell, mask = move >> 4, move & 15
        rows[9 - cell // 10][cell % 10] = ".123456789abcdef"[mask]
        k = PIECES.index(word[0])
        used[k] += 1
        if red[k] >= black[k]:
            red[k] -= 1
        else:
            black[k] -= 1
    if red_hand is not None:
        red = list(red_hand)
        black = [2 * COUNTS[k] - used[k] - red[k] for k in range(5)]
    game.decode("%s %s %s %s" % ("/".join("".join(r) for r in rows), to_move,
                                 ",".join(str(n) for n in red), ",".join(str(n) for n in black)))
    return game


def offered(game, square):
    """Names of the pieces+rotations the player to move may place on `square`."""
    out = []
    for move in game.legal_moves():
        text = game.move_to_text(move)
        if text.endswith("@" + square):
            out.append(text[:2])
    return sorted(out)


ALL_NAMES = sorted(["C0", "J0", "J1", "J2", "J3", "S0", "S1", "B0", "B1", "B2", "B3", "T0", "T1", "T2", "T3"])

# A Red wave from a3 (left side) to j7 (right side): the two squares do not face each other.
RED_PATH = "a3=S1 b3=C0 c3=S1 d3=J1 e3=B3 e4=S0 e5=C0 e6=S0 e7=B1 f7=S1 g7=J3 h7=S1 i7=C0 j7=S1"


def path_moves(path):
    return [w.split("=")[1] + "@" + w.split("=")[0] for w in path.split()]


# --- Board and pieces ------------------------------------------------------------------------

def test_board_is_10x10_and_every_distinct_rotation_is_offered():
    """Seed: "The board is 10*10"; spec table: distinct rotations C 1, J 4, S 2, B 4, T 4."""
    game = Thoughtwave()
    moves = game.legal_moves()
    assert len(moves) == 100 * 15
    assert offered(game, "a1") == ALL_NAMES and offered(game, "j10") == ALL_NAMES
    assert len(set(moves)) == len(moves)


def test_each_player_has_24_pieces_in_the_seed_counts():
    """Seed: "2 'Crosses' 10 'Bends' 5 'Straights' 6 'Junctions' 1 'Terminator'" for each player."""
    game = Thoughtwave()
    assert list(game.hand) == [2, 6, 5, 10, 1, 2, 6, 5, 10, 1] and sum(COUNTS) == 24
    for text in ("C0@a1", "C0@j10", "C0@a10", "C0@j1"):  # two crosses each
        game.play_text(text)
    assert list(game.hand) == [0, 6, 5, 10, 1, 0, 6, 5, 10, 1]
    assert "C0" not in offered(game, "e5")  # Red has no cross left
    game.play_text("T0@e5")
    assert game.hand[4] == 0
    assert not raises(GameError, game.play_text, "T2@b5")  # Black still has its terminator
    assert not [m for m in game.legal_moves() if game.move_to_text(m)[0] in "CT"]  # Red: none left
    assert raises(GameError, game.play_text, "T1@h5")


def test_rotation_names_and_orientation():
    """Spec Notation: base orientations C N E S W, J N E S, S N S, B N E, T N; rotation r turns r
    quarter turns clockwise; a horizontal straight is S1, a junction open to W, E and S is J1."""
    assert mask_of(0, 0) == N | E | S | W
    assert mask_of(1, 0) == N | E | S and mask_of(1, 1) == E | S | W
    assert mask_of(2, 0) == N | S and mask_of(2, 1) == E | W
    assert mask_of(3, 0) == N | E and mask_of(3, 1) == E | S and mask_of(3, 2) == S | W and mask_of(3, 3) == W | N
    assert [mask_of(4, r) for r in range(4)] == [N, E, S, W]
    game = Thoughtwave()
    m = game.move_from_text("B2@e5")
    assert game.move_cell(m) == game.cell_at(4, 4) and game.move_piece(m) == (3, 2) and m & 15 == S | W
    assert game.move_to_text(m) == "B2@e5"
    for name in ALL_NAMES:
        for square in ("a1", "j10", "e5"):
            assert game.move_to_text(game.move_from_text(name + "@" + square)) == name + "@" + square


def test_only_distinct_rotations_are_legal_names():
    """Spec Notation: "Only distinct rotations are legal names (C0; S0, S1; all four for the others)"."""
    game = Thoughtwave()
    for bad in ("C1@a1", "C3@a1", "S2@a1", "S3@a1", "B4@a1", "J4@a1", "T9@a1", "X0@a1", "B@a1",
                "B1a1", "B1@k1", "B1@a11", "B1@a0", "B1@", "", "B1@a01"):
        assert raises(GameError, game.move_from_text, bad), bad
    assert game.move_from_text("pass") == PASS


def test_red_moves_first_and_players_alternate():
    """Seed: "The player with the red pieces takes the first turn"; "Each player in turn places down
    one piece in an empty square on the board"."""
    game = Thoughtwave()
    assert game.to_move() == 0 and game.PLAYERS == ("Red", "Black")
    game.play_text("S0@e5")
    assert game.to_move() == 1 and game.hand[2] == 4
    game.play_text("S0@a1")
    assert game.to_move() == 0 and game.hand[7] == 4


def test_a_piece_goes_on_an_empty_square_only():
    """Seed: "places down one piece in an empty square"; "A piece played may not be moved"; "You may
    place a piece anywhere on the board you wish" (a square touching no piece takes any piece)."""
    game = Thoughtwave()
    game.play_text("C0@e5")
    assert offered(game, "e5") == []
    assert raises(GameError, game.play_text, "C0@e5")
    assert offered(game, "a10") == ALL_NAMES and offered(game, "g5") == ALL_NAMES
    assert all(game.move_cell(m) != game.cell_at(4, 4) for m in game.legal_moves())


# --- Matching (seed "3. Moving") -------------------------------------------------------------

def test_blank_edge_against_a_wave_is_refused():
    """Seed: "blank edges on one piece must touch blank edges on other pieces" and section 4's example
    "a blank edge of one piece is touching the Thoughtwave of another"."""
    game = position("S0@e5")  # waves N and S
    before = game.encode()
    assert raises(GameError, game.play_text, "S1@e6")  # its blank S meets e5's wave N
    assert raises(GameError, game.play_text, "B0@e6")
    assert game.encode() == before and game.to_move() == 0
    # A wave against a blank edge: f5 faces e5's blank E, so a wave W is refused.
    assert raises(GameError, game.play_text, "S1@f5")
    assert raises(GameError, game.play_text, "T3@f5")
    game.play_text("S0@f5")  # blank W against blank E: accepted
    assert game.to_move() == 1


def test_waves_on_touching_edges_must_link_up_with_every_neighbour():
    """Seed: "if you lay a piece next to another, any Thoughtwaves on touching edges must link up";
    spec: "Every edge it shares with an already placed piece must match"."""
    game = position("S0@e5 S1@f6")  # e6 touches e5's wave N and f6's wave W
    assert offered(game, "e6") == ["B1", "C0", "J0", "J1"]  # every piece with waves S and E
    game = position("S0@e5")
    assert offered(game, "e6") == sorted(["C0", "J0", "J1", "J2", "S0", "B1", "B2", "T2"])


def test_border_edges_are_free():
    """Spec: "Edges on the board's border are free" -- waves may run off the board."""
    game = Thoughtwave()
    assert offered(game, "a1") == ALL_NAMES
    game = position("S1@b1")  # a1 must have a wave E; W and S face the border
    assert offered(game, "a1") == sorted(["B0", "B1", "C0", "J0", "J1", "J3", "S1", "T1"])


def test_public_tables_and_move_constructors_agree_with_the_rules():
    """For the app and the AI: a square's offered tiles are FIT[game.edges[cell]] (its edges that
    touch a placed tile, and their waves) limited to the pieces in hand (PIECE_BITS); placement
    builds the move the notation names, placed_cell/placed_mask take it apart; NEIGHBOURS."""
    game = position("S0@e5 S1@f6")
    e6 = game.cell_at(4, 5)
    assert game.edges[e6] == (4 | 2) << 4 | (4 | 2)  # S and E touch tiles, both waves
    for cell in (e6, game.cell_at(0, 0), game.cell_at(5, 4)):
        held = 0
        for piece in range(5):
            if game.hand[game.to_move() * 5 + piece]:
                held |= PIECE_BITS[piece]
        masks = [m for m in range(1, 16) if (FIT[game.edges[cell]] & held) >> m & 1]
        moves = sorted(m for m in game.legal_moves() if placed_cell(m) == cell)
        assert moves == [placement(cell, m) for m in masks], cell
        for move in moves:
            assert game.move_from_text(game.move_to_text(move)) == move
            assert game.move_piece(move)[0] == piece_of(placed_mask(move))
    assert [NEIGHBOURS[4 * e6 + d] for d in range(4)] == [e6 + 10, e6 + 1, e6 - 10, e6 - 1]
    assert NEIGHBOURS[4 * game.cell_at(0, 0) + 2] == NO_CELL == NEIGHBOURS[4 * game.cell_at(0, 0) + 3]

def test_terminator_links_with_only_one_other_piece():
    """Seed: "Only one other piece may link with the terminator" -- its three blank edges refuse waves."""
    game = position("T0@e5")  # wave N only
    assert all(name in ("C0", "J0", "J1", "J2", "S0", "B1", "B2", "T2") for name in offered(game, "e6"))
    for square, facing in (("e4", N), ("d5", E), ("f5", W)):
        names = offered(game, square)
        assert names and all(not (mask_of(PIECES.index(n[0]), int(n[1])) & facing) for n in names), square
    # Surrounded on all four sides (a legal position), only e6 shares its wave.
    game = position("T0@e5 C0@e6 S1@e4 S0@d5 S0@f5")
    assert game.winner() == ONGOING and offered(game, "f6") == ["B2", "C0", "J1", "J2"]


def test_placed_pieces_belong_to_nobody_win_through_opponent_pieces():
    """Seed: "A piece once played belongs to either player. It may be used thereafter to carry both
    players' Thoughtwaves" -- Red wins along a wave half of which Black laid."""
    game = Thoughtwave()
    moves = path_moves(RED_PATH)
    for text in moves:
        assert game.winner() == ONGOING
        game.play_text(text)  # Red and Black alternate along the path
    assert game.winner() == 0 and len(moves) % 2 == 0
    # The last move was Black's: Black completed Red's wave, and Red wins.
    cells = game.winning_cells()
    assert len(cells) == len(moves)


# --- Winning (seed "5. Winning") -------------------------------------------------------------

def test_red_wins_linking_left_and_right_squares_need_not_face():
    """Seed: "The winning Thoughtwave must precisely touch the outer edges of squares on opposite sides
    of the board. These squares do not need to be directly opposite each one another"."""
    moves = path_moves(RED_PATH)
    game = position(" ".join(moves[:-1]))
    assert game.winner() == ONGOING
    game.play_text(moves[-1])  # j7: its wave E touches the right side; a3's wave W the left
    assert game.winner() == 0 and game.status_text() == "to_move=none winner=Red reason=link"
    assert game.end_reason() == "link" and game.end_cells() == game.winning_cells() != []
    assert game.legal_moves() == []
    game.undo()
    assert game.winner() == ONGOING and game.to_move() == 0


def test_two_waves_touching_the_same_side_are_not_joined_by_it():
    """Seed: "linking his two opposite sides" with one Thoughtwave: a wave from the left side to the
    top and another from the top to the right side are two waves, not a link."""
    game = Thoughtwave()
    for text in ("C0@a1", "C0@j10", "C0@a10", "C0@j1"):  # each corner touches two sides
        game.play_text(text)
    assert game.winner() == ONGOING
    game = position("S1@a5 S1@b5 B3@c5 S0@c6 S0@c7 S0@c8 S0@c9 S0@c10")  # left side to top
    game.play_text("S0@h10")
    game.play_text("B0@h9")  # the top side's wave turns east at h9 ...
    game.play_text("C0@i9")
    game.play_text("S1@j9")  # ... to the right side: this wave touches top and right, the other
    # left and top.
    assert game.winner() == ONGOING


def test_wave_must_touch_the_outer_edge():
    """Seed: "must precisely touch the outer edges": ending on the edge square without a wave out to
    the border is no link."""
    moves = path_moves(RED_PATH)[:-1] + ["B2@j7"]  # j7 takes the wave W and turns S, not E
    game = position(" ".join(moves))
    assert game.winner() == ONGOING


def test_black_links_top_and_bottom():
    """Spec: "Red links the left and right sides of the board; Black links top and bottom"."""
    column = ["S0@e%d" % r for r in range(1, 10)]
    game = position(" ".join(column), to_move="B")
    game.play_text("S0@e10")
    assert game.winner() == 1
    game = position(" ".join(column), to_move="R")
    game.play_text("J0@e10")  # Red completing Black's link makes Black the winner
    assert game.winner() == 1


def test_a_move_linking_both_sides_wins_for_its_mover():
    """Seed: "If the final move of a player connects all four sides of the board, thus completing both
    players' Thoughtwaves, the winning Thoughtwave is the one belonging to the player placing the
    final piece"; "Note : If the last piece connects both players the winner is the player who
    played that piece"."""
    row = "S1@a5 J1@b5 J3@c5 S1@d5 S1@f5 J1@g5 J3@h5 S1@i5 S1@j5"
    column = "S0@e1 J0@e2 J2@e3 S0@e4 S0@e6 J0@e7 J2@e8 S0@e9 S0@e10"
    for side, player in (("R", 0), ("B", 1)):
        game = position(row + " " + column, to_move=side)
        assert game.winner() == ONGOING
        assert [n for n in offered(game, "e5")] == ["C0"]
        game.play_text("C0@e5")
        assert game.winner() == player
        assert len(game.winning_cells()) == 19


def test_linking_tells_the_moves_that_win_before_they_are_played():
    """Spec "Winning", as the AI asks before playing: a move links the mover's sides (and wins)
    exactly when linking() keeps it, in the positions above (Black's column one tile short,
    both links one tile short) whichever player moves."""
    row = "S1@a5 J1@b5 J3@c5 S1@d5 S1@f5 J1@g5 J3@h5 S1@i5 S1@j5"
    column = "S0@e1 J0@e2 J2@e3 S0@e4 S0@e6 J0@e7 J2@e8 S0@e9 S0@e10"
    wins = 0
    for text in (column, row + " " + column, " ".join("S0@e%d" % r for r in range(1, 10))):
        for side in ("R", "B"):
            game = position(text, to_move=side)
            mover = game.to_move()
            linking = game.linking(game.legal_moves())
            for move in game.legal_moves():
                said = move in linking
                game.play(move)
                assert said == (game.winner() == mover), game.move_to_text(move)
                wins += said
                game.undo()
    assert wins


def test_red_links_top_and_bottom_when_the_sides_are_swapped():
    """Spec ruling: "the seed lets players choose; this is the default, swappable"."""
    column = ["S0@e%d" % r for r in range(1, 10)]
    game = position(" ".join(column), options={"red_links": "top-bottom"})
    assert game.sides(0) == ("bottom", "top") and game.sides(1) == ("left", "right")
    game.play_text("C0@e10")
    assert game.winner() == 0
    assert raises(GameError, Thoughtwave, {"red_links": "diagonal"})
    assert registry.create("thoughtwave", {"red_links": "top-bottom"}).options["red_links"] == "top-bottom"


# --- Passing and the draw (spec "Moves") -----------------------------------------------------

CHECKER = ["%s%d" % ("abcdefghij"[x], y + 1) for y in range(10) for x in range(10) if (x + y) % 2 == 0]
ONE_SET = ["C0"] * 2 + ["J0", "J1", "J2", "J3", "J0", "J1"] + ["S0", "S1"] * 2 + ["S0"] + ["B0", "B1", "B2", "B3"] * 2 + ["B0", "B1"] + ["T0"]


def test_player_without_a_placement_passes():
    """Spec: "A player with no legal placement passes" -- here Black has laid all 24 pieces."""
    tiles = " ".join(ONE_SET[i] + "@" + CHECKER[i] for i in range(24))  # no two tiles touch
    game = position(tiles, to_move="B", red_hand=COUNTS)
    assert list(game.hand)[5:] == [0, 0, 0, 0, 0]
    assert game.legal_moves() == [PASS] and game.winner() == ONGOING
    game.play_text("pass")
    assert game.to_move() == 0 and PASS not in game.legal_moves()
    assert raises(GameError, game.play, PASS)  # Red can place: no pass
    game.play_text("S1@b1")
    assert game.legal_moves() == [PASS]
    assert [game.move_to_text(m) for m in game.history] == ["pass", "S1@b1"]


def test_draw_when_neither_player_can_place():
    """Spec: "when neither can place, the game is a draw" -- all 48 pieces laid without a link."""
    tiles = [ONE_SET[i % 24] + "@" + CHECKER[i] for i in range(48)]
    game = position(" ".join(tiles[:47]), to_move="B", red_hand=(0, 0, 0, 0, 0))
    assert game.winner() == ONGOING
    game.play_text(tiles[47])
    assert game.winner() == DRAW and game.legal_moves() == []
    assert game.status_text() == "to_move=none winner=draw reason=blocked"
    game.undo()
    assert game.winner() == ONGOING
    assert position(" ".join(tiles), red_hand=(0, 0, 0, 0, 0)).winner() == DRAW


def test_illegal_placement_is_refused_not_penalised():
    """Spec: the seed's penalty (removal, lose a turn) is for face-to-face play; "here illegal
    placements are simply not offered"."""
    game = position("S0@e5")
    before = game.encode()
    try:
        game.play_text("S1@e6")
        assert False, "accepted a mismatch"
    except GameError as e:
        assert "match" in str(e)
    assert game.encode() == before and game.to_move() == 0 and game.hand[2] == 4


# --- Text ------------------------------------------------------------------------------------

def test_decode_refuses_bad_positions_and_keeps_the_old_one():
    game = position("S0@e5")
    before = game.encode()
    empty = "/".join(["." * 10] * 10)
    mismatch = "/".join(["." * 10] * 4 + ["....a.....", "....5....."] + ["." * 10] * 4)  # S1 on S0
    for text in ("", empty + " R 2,6,5,10,1", empty + " X 2,6,5,10,1 2,6,5,10,1",
                 empty + " R 2,6,5,10,1 2,6,5,10,2", empty + " R 2,6,5,10 2,6,5,10,1",
                 empty.replace(".", "g", 1) + " R 2,6,5,10,1 2,6,5,10,1",
                 mismatch + " R 2,6,4,10,1 2,6,4,10,1", empty + " R 4,6,5,10,1 0,6,5,10,1"):
        assert raises(GameError, game.decode, text), text
        assert game.encode() == before
    copy = Thoughtwave()
    copy.decode(before)
    assert copy.encode() == before


def test_render_draws_the_waves():
    game = position("B2@e5 S0@e4")
    text = game.render()
    assert " 5  .  .  .  . -+  ." in text and "  4  .  .  .  .  |  ." not in text
    assert "Red (left-right): C2 J6 S4 B9 T1" in text and "Red to move" in text


def test_the_opening_listing_takes_no_more_heap_than_its_moves():
    """Memory (the device's heap during the AI's search): the ~1,500 opening moves come in a
    list allocated once at its size, not grown by doublings (2,048 slots, 12 KB at once)."""
    import gc
    import sys
    g = Thoughtwave()
    if hasattr(gc, "mem_alloc"):  # MicroPython: every byte the listing allocated (this VM
        before = gc.mem_alloc()   # collects no garbage meanwhile)
        moves = g.legal_moves()
        assert gc.mem_alloc() - before <= 4 * len(moves) + 64, gc.mem_alloc() - before
    else:
        moves = g.legal_moves()
        assert sys.getsizeof(moves) == sys.getsizeof([0] * len(moves))
    assert len(moves) > 1000 and len(set(moves)) == len(moves)
    assert moves == sorted(moves)  # square by square, each square's masks in order
