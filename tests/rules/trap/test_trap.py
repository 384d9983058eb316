# Trap: every rule sentence of the seed and every ruling of docs/rules/trap.md.
from shared_rules import registry
import shared_rules.games  # noqa: F401  (registers the games)
from shared_rules.game import DRAW, ONGOING, GameError
from shared_rules.trap.rules import BALLS_EACH, MAX_PHASE2_MOVES, PASS, Trap
from rules_support import raises


def cell(game, name):
    col = "abcdefghijklmnop".index(name[0])
    return game.cell_at(col, int(name[1:]) - 1)


def position(light, dark, phase=1, to_move=None, phase2_moves=0, options=None):
    """A Trap game set to a position: `light`/`dark` are square names separated by spaces.

    Phase 1: the balls not on the board are in hand and the side to move follows from the
    counts.  Phase 2: nothing in hand; Light moves unless `to_move` says otherwise.
    """
    game = Trap(options)
    size = game.size
    rows = []
    lights = light.split()
    darks = dark.split()
    for r in range(size - 1, -1, -1):
        row = ""
        for c in range(size):
            name = "abcdefghijklmnop"[c] + str(r + 1)
            row += "L" if name in lights else "D" if name in darks else "."
        rows.append(row)
    if phase == 1:
        hands = (BALLS_EACH - len(lights), BALLS_EACH - len(darks))
        side = "L" if len(lights) == len(darks) else "D"
    else:
        hands = (0, 0)
        side = to_move or "L"
    game.decode("%s %s %d %d %d" % ("/".join(rows), side, hands[0], hands[1], phase2_moves))
    return game


def play_all(game, texts):
    for text in texts.split():
        game.play_text(text)


# --- Board (spec "Board — Ruling") -----------------------------------------------------------

def test_default_board_is_8x8_with_five_red_dots_as_data():
    """Spec Board: 8x8 holes, dots at the centres of d4-e5, b2-c3, f2-g3, b6-c7, f6-g7."""
    game = Trap()
    assert game.size == 8 and game.options == {"size": "8", "dots": "five", "first": "light"}
    named = sorted("abcdefgh"[c] + str(r + 1) for c, r in game.dots)
    assert named == ["b2", "b6", "d4", "f2", "f6"]
    assert len(game.legal_moves()) == 64


def test_board_size_and_dots_are_validated_options():
    """Spec Board: "Board size and dot list are data, so other layouts can be added as options"."""
    assert Trap({"size": "10"}).size == 10
    assert Trap({"dots": "center"}).dots == [(3, 3)]
    assert Trap({"dots": "c3,g7"}).dots == [(2, 2), (6, 6)]
    assert Trap({"size": "9"}).dots[0] == (3, 3)
    assert raises(GameError, Trap, {"size": "6"})  # 40 balls need room to move
    assert raises(GameError, Trap, {"size": "17"})
    assert raises(GameError, Trap, {"size": "big"})
    assert raises(GameError, Trap, {"dots": "h4"})  # no square right of column h
    assert raises(GameError, Trap, {"dots": "d8"})
    assert raises(GameError, Trap, {"dots": "d4,d4"})
    assert raises(GameError, Trap, {"dots": "z9"})
    assert raises(GameError, Trap, {"dots": ""})
    assert raises(GameError, Trap, {"colour": "red"})


def test_registered_and_created_by_name():
    game = registry.create("trap", {"size": "9"})
    assert type(game).__name__ == "Trap" and game.size == 9  # by name: another test may have imported the game anew


# --- Phase 1 ---------------------------------------------------------------------------------

def test_light_places_first_and_players_alternate():
    """Spec Play: "Light moves first"; seed: "Players take turns placing their pieces ... one piece at a time"."""
    game = Trap()
    assert game.to_move() == 0 and game.phase() == 1
    game.play_text("d4")
    assert game.to_move() == 1 and game.hand == [19, 20]
    game.play_text("e4")
    assert game.to_move() == 0 and game.hand == [19, 19]
    assert game.board[cell(game, "d4")] == 1 and game.board[cell(game, "e4")] == 2


def test_players_decide_who_goes_first():
    """Seed: "Players decide who goes first": option first=light (default) or first=dark; the
    players then alternate, in both phases (revised ruling)."""
    assert Trap().options["first"] == "light"
    game = Trap({"first": "dark"})
    assert game.to_move() == 1 and game.phase() == 1
    game.play_text("d4")
    assert game.to_move() == 0 and game.hand == [20, 19] and game.board[cell(game, "d4")] == 2
    game.play_text("e4")
    assert game.to_move() == 1
    text = game.encode()
    assert text.split()[1] == "D"
    again = Trap({"first": "dark"})
    again.decode(text)
    assert again.encode() == text
    # A position where Light placed first cannot arise when Dark goes first.
    light_ahead = Trap()
    light_ahead.play_text("a1")
    assert raises(GameError, again.decode, light_ahead.encode())
    light = "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 a4 a5 a6".split()
    dark = "a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 d7 e7 f7 g7 h7 h6 h5 h4 h3".split()
    game = Trap({"first": "dark"})
    for i in range(BALLS_EACH):
        game.play_text(dark[i])
        game.play_text(light[i])
    assert game.phase() == 2 and game.to_move() == 1  # Dark moves first in phase 2 too
    assert registry.create("trap", {"first": "dark"}).to_move() == 1
    try:
        registry.create("trap", {"first": "red"})
        assert False, "first=red accepted"
    except GameError as e:
        assert "light" in str(e) and "dark" in str(e)


def test_placement_only_on_an_empty_hole():
    """Spec Phase 1: "place one ball on any empty hole"."""
    game = Trap()
    game.play_text("d4")
    before = game.encode()
    assert raises(GameError, game.play_text, "d4")
    assert game.encode() == before
    assert cell(game, "d4") not in game.legal_moves()
    assert len(game.legal_moves()) == 63


def test_all_40_balls_are_placed_before_phase_2():
    """Spec Phase 1: "players alternately place one ball on any empty hole until all 40 are placed"."""
    game = Trap()
    light = "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 a4 a5 a6".split()
    dark = "a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 d7 e7 f7 g7 h7 h6 h5 h4 h3".split()
    for i in range(BALLS_EACH):
        assert game.phase() == 1 and game.to_move() == 0
        game.play_text(light[i])
        assert game.phase() == 1 and game.to_move() == 1
        game.play_text(dark[i])
    assert game.phase() == 2 and game.hand == [0, 0] and game.winner() == ONGOING
    assert list(game.board).count(1) == 20 and list(game.board).count(2) == 20  # nobody was single
    assert game.to_move() == 0
    assert game.move_to_text(game.legal_moves()[0]).count("-") == 1


def test_single_pieces_are_removed_after_phase_1():
    """Seed: "Once all of the pieces are placed on the board, any single pieces are removed. A single
    piece is a piece which isn't connected to another piece of the same color, either vertically,
    horizontally or diagonally"; "Single pieces, once removed, are out of the game"."""
    light = "g1 g2 h2 d2 e2 e3 a2 b4 b6 d6 b8 d8 g5 g3 f8 h7 e7 c5 d7 h6"  # singles: a2 b8
    dark_chain = "a1 b2 c3 d4 e5 f6 g7 h8"  # a diagonal chain: connected diagonally
    dark_singles = "a4 a6 a8 c6 c8 e8 f1 h1 h3 f3 h5"
    game = position(light, dark_chain + " " + dark_singles)
    assert game.hand == [0, 1] and game.to_move() == 1
    before = game.encode()
    game.play_text("c2")  # the 40th ball, touching b2 and c3
    assert game.phase() == 2 and game.winner() == ONGOING
    gone = [n for n in (light + " " + dark_chain + " " + dark_singles).split()
            if game.board[cell(game, n)] == 0]
    assert sorted(gone) == sorted(("a2 b8 " + dark_singles).split()), gone
    assert game.board[cell(game, "c2")] == 2
    assert game.to_move() == 0  # the turns keep alternating: Light moves first in phase 2
    game.undo()  # taking back the last placement puts the removed balls back
    assert game.encode() == before


def test_the_game_can_end_during_the_first_phase():
    """Seed: "the game can end during the first phase, without having to enter the second"."""
    game = Trap()
    play_all(game, "d4 a1 e4 a8 d5 h1 e5")
    assert game.winner() == 0 and game.phase() == 1
    assert game.legal_moves() == []
    assert raises(GameError, game.play_text, "h8")
    assert game.status_text() == "to_move=none winner=Light reason=trap"


# --- The trap test (seed "Object", spec "Trap") ----------------------------------------------

def test_smallest_trap_is_the_four_corners_of_the_dot():
    """Seed: "The smallest possible trap involves surrounding a red dot at its four corners" (fig. 1)."""
    game = position("d4 e4 d5", "a1 a8 h1")
    assert game.winner() == ONGOING and game.to_move() == 0
    game.play_text("e5")
    assert game.winner() == 0
    assert game.trapped_dots(0) == [0]  # the middle dot d4-e5
    assert game.end_reason() == "trap"
    assert sorted(game.end_cells()) == sorted(cell(game, s) for s in ("d4", "e4", "d5", "e5"))
    assert game.end_score() is None


def test_three_corners_do_not_trap():
    """Seed fig. 1: all four corners are needed."""
    game = position("d4 e4 d5 b2", "a1 a8 h1 h8")
    assert game.trapped_dots(0) == []


def test_larger_diagonal_chain_traps():
    """Seed: "A larger trap can involve a sequence of pieces surrounding one or more of the red dots.
    The pieces must form an uninterrupted chain- vertically, horizontally, and/or diagonally" (fig. 2):
    a diamond of diagonal links only."""
    ring = "e3 f4 g5 f6 e7 d6 c5 d4"
    game = position(ring, "a1 a8 h1 h8 b7 h3 a3 h5")
    assert game.trapped_dots(0) == [0]
    # Mixed orthogonal and diagonal links, empty holes inside.
    game = position("c4 d3 e3 f4 f5 e6 d6 c5", "a1 a8 h1 h8 b7 h3 a3 h5")
    assert game.trapped_dots(0) == [0]


def test_chain_with_a_gap_does_not_trap():
    """Seed: the chain must be "uninterrupted": balls two holes apart are not connected."""
    game = position("c4 d3 e3 f4 f5 e6 c5", "a1 a8 h1 h8 b7 h3 a3")  # d6 missing: e6 .. c5 gap
    assert game.trapped_dots(0) == []
    game = position("c4 d3 e3 f4 f5 e6 c6 c5", "a1 a8 h1 h8 b7 h3 a3 h5")  # e6 and c6 are 2 apart
    assert game.trapped_dots(0) == []
    # Closing the gap with the last placement wins.
    game = position("c4 d3 e3 f4 f5 e6 c5", "a1 a8 h1 h8 b7 h3 a3")
    game.play_text("d6")
    assert game.winner() == 0


def test_opponent_pieces_inside_the_chain_do_not_matter():
    """Seed: "A player wins even if there are opponent's pieces surrounded by the chain, in addition to
    the red dots"."""
    game = position("c4 d3 e3 f4 f5 e6 d6", "d4 e5 d5 a1 h8 h1 a8")
    assert game.to_move() == 0
    game.play_text("c5")
    assert game.winner() == 0


def test_opponent_pieces_in_the_chain_do_not_link_it():
    """Spec Trap: "a chain of their own pieces": an enemy ball does not close a gap."""
    game = position("c4 d3 e3 f4 f5 e6 c5", "d6 a1 a8 h1 h8 b7 h3")
    assert game.trapped_dots(0) == [] and game.trapped_dots(1) == []


def test_crossing_enemy_diagonal_does_not_cut_a_link():
    """Spec Trap: a diagonal link closes its diagonal whatever crosses it: Dark's c3-d4 crosses
    Light's c4-d3 and Light still traps; Dark's two balls trap nothing."""
    game = position("c4 d3 e3 f4 f5 e6 d6 c5", "c3 d4 a1 a8 h1 h8 b7 h3")
    assert game.trapped_dots(0) == [0] and game.trapped_dots(1) == []


def test_board_outline_is_open_but_links_on_it_close_it():
    """Spec Trap: "the board's outline is open to the outside"; a link lying on the edge closes it."""
    cup = "a1 a2 b3 c3 d2 d1"  # a cup around b2-c3 standing on the bottom edge
    game = position(cup, "h8 g8 f8 h7 e8 h6")
    assert game.trapped_dots(0) == []
    game = position(cup + " b1", "h8 g8 f8 h7 e8 h6 g7")
    game.play_text("c1")  # a1-b1-c1-d1 along the edge closes the cup
    assert game.winner() == 0 and game.trapped_dots(0) == [1]


def test_one_chain_can_trap_several_dots():
    """Seed: "surrounding one or more of the red dots"; "The winner is whoever succeeds in trapping one
    or more of the red dots"."""
    ring = "b2 c2 d2 e2 f2 g2 g3 g4 g5 g6 g7 f7 e7 d7 c7 b7 b6 b5 b3"  # b4 missing
    outer = "a1 a2 a3 a4 a5 a6 a7 a8 h1 h2 h3 h4 h5 h6 h7 h8 c1 d1 e1"
    game = position(ring, outer)
    assert game.trapped_dots(0) == [] and game.to_move() == 0
    game.play_text("b4")
    assert game.winner() == 0
    assert sorted(game.trapped_dots(0)) == [0, 1, 2, 3, 4]
    # Decoding a position with a trap names the trapper as the winner.
    game = position(ring + " b4", "a1 a2 h8 h7 d4 e4", phase=2, to_move="D")
    assert game.winner() == 0


def test_a_trap_wins_in_phase_2_for_the_mover():
    """Spec Trap: "check after every placement and every move" -- a phase-2 move closes a ring."""
    light = "c4 d3 e3 f4 f5 e6 c5 a6 a7 a8"
    dark = "a1 a2 h1 h2 h8 g8"
    game = position(light, dark, phase=2)
    assert game.winner() == ONGOING
    game.play_text("a8-d6")
    assert game.winner() == 0 and game.legal_moves() == []
    # The ring's balls are the deciding shape; the far balls a6, a7 are not part of it.
    ring = sorted(cell(game, s) for s in "c4 d3 e3 f4 f5 e6 c5 d6".split())
    assert game.end_reason() == "trap" and sorted(game.end_cells()) == ring
    game.undo()
    assert game.end_reason() == "" and game.end_cells() == []
    assert game.winner() == ONGOING and game.to_move() == 0


# --- Phase 2 ---------------------------------------------------------------------------------

def test_phase_2_move_to_any_available_space():
    """Seed Phase 2: "Pieces may be moved to any available space on the board"."""
    game = position("a1 a2 a3", "h8 h7 g8", phase=2)
    moves = [game.move_to_text(m) for m in game.legal_moves()]
    assert "a3-b3" in moves and "a1-b3" in moves  # a1 -> b3 keeps a2-a3 and touches a2
    assert "a1-h1" not in moves  # h1 touches no Light ball
    game.play_text("a1-b3")
    assert game.board[cell(game, "b3")] == 1 and game.board[cell(game, "a1")] == 0


def test_phase_2_moved_piece_must_not_become_single():
    """Seed: "they must never become single pieces- they must always connect to at least one other
    piece of the same color"."""
    game = position("a1 a2 a3", "h8 h7 g8", phase=2)
    before = game.encode()
    assert raises(GameError, game.play_text, "a1-e5")
    assert game.encode() == before
    # A hole next only to the ball's own old hole is no connection after the move.
    game = position("a1 a2 a3 e5 e6", "h8 h7 g8", phase=2)
    assert raises(GameError, game.play_text, "a3-b4")  # a1-a2 stay a pair; b4 touches only a3
    game = position("a1 a2 a3 c2 d2", "h8 h7 g8", phase=2)
    moves = [game.move_to_text(m) for m in game.legal_moves()]
    assert "a3-b4" not in moves  # b4 touches only a3's old hole (a3) -- single after the move


def test_phase_2_move_that_leaves_another_piece_single_is_refused():
    """Seed: "a piece may not be moved if moving it leaves one of the player's pieces single"."""
    game = position("a1 a2 e5 e6", "h8 h7 g8", phase=2)
    moves = [game.move_to_text(m) for m in game.legal_moves()]
    assert "a2-f7" not in moves  # a1 would be single
    assert raises(GameError, game.play_text, "a2-f7")
    # Moving within reach of the partner keeps it connected: allowed.
    assert "a2-b1" in moves and "a2-b2" in moves
    # A move that leaves the partner single but lands next to it again is allowed (b2 touches a1).
    game = position("a1 a2 a3 e5 e6", "h8 h7 g8", phase=2)
    moves = [game.move_to_text(m) for m in game.legal_moves()]
    assert "a2-b2" in moves  # a1 and a3 both touch b2
    assert "a2-b1" not in moves  # a3 would be single
    assert "a2-b4" not in moves  # a1 would be single


def test_phase_2_hub_piece_may_only_move_next_to_all_its_partners():
    """Seed: "a piece may not be moved if moving it leaves one of the player's pieces single" -- a
    ball whose partners touch only it may move only to a hole touching every one of them."""
    game = position("b2 a1 c1", "h8 h7", phase=2)
    moves = [game.move_to_text(m) for m in game.legal_moves() if game.move_cells(m)[0] == cell(game, "b2")]
    assert moves == ["b2-b1"]  # b1 touches a1 and c1
    game = position("b2 a1 c1 a3 c3", "h8 h7", phase=2)  # four partners: b2 cannot move at all
    assert [m for m in game.legal_moves() if game.move_cells(m)[0] == cell(game, "b2")] == []
    assert raises(GameError, game.play_text, "b2-b1")


def test_opponent_moves_first_check_and_dark_moves():
    game = position("a1 a2", "h8 h7", phase=2, to_move="D")
    assert game.to_move() == 1
    assert raises(GameError, game.play_text, "a1-b1")  # not Dark's ball
    game.play_text("h8-g7")
    assert game.to_move() == 0


def test_player_without_a_legal_move_passes():
    """Spec ruling: "a player with no legal phase-2 move passes"."""
    game = position("a1 a2", "", phase=2, to_move="D")  # Dark has no balls left
    assert game.legal_moves() == [PASS]
    assert game.move_to_text(PASS) == "pass"
    game.play_text("pass")
    assert game.to_move() == 0
    assert PASS not in game.legal_moves()
    assert raises(GameError, game.play, PASS)  # Light has moves: no pass


def test_three_fold_repetition_is_a_draw():
    """Spec ruling: "a position repeated three times ... is a draw"."""
    game = position("a1 a2 a3", "h8 h7 h6", phase=2)
    play_all(game, "a1-b1 h8-g8 b1-a1 g8-h8")  # the start position, second time
    assert game.winner() == ONGOING
    play_all(game, "a1-b1 h8-g8 b1-a1")
    assert game.winner() == ONGOING
    game.play_text("g8-h8")  # third time
    assert game.winner() == DRAW and game.legal_moves() == []
    assert game.end_reason() == "repetition" and game.end_cells() == []
    assert game.status_text() == "to_move=none winner=draw reason=repetition"
    assert game.winner() == DRAW and game.legal_moves() == [] and game.draw_rule() == "repetition"
    game.undo()
    assert game.winner() == ONGOING


def test_repeated_tells_a_position_seen_before_for_the_ai():
    """The AI scores "a position repeated" on the way to the three-fold draw: repeated() is
    true from the second time on, for the same side to move only."""
    game = position("a1 a2 a3", "h8 h7 h6", phase=2)
    assert not game.repeated()
    play_all(game, "a1-b1 h8-g8 b1-a1")
    assert not game.repeated()  # the start board, but Dark to move
    game.play_text("g8-h8")
    assert game.repeated()
    game.undo()
    assert not game.repeated()


def test_same_board_other_side_to_move_is_not_a_repetition():
    """Spec ruling "a position repeated three times": the same board with the other side to move is
    another position.  Light cycles a ball b1 -> b2 -> b3 -> b1, Dark h8 <-> g8: boards come back
    with the other side to move after 5 decisions, the whole position only after 12."""
    game = position("a1 a2 b1", "h8 h7 h6", phase=2)
    cycle = "b1-b2 h8-g8 b2-b3 g8-h8 b3-b1 h8-g8 b1-b2 g8-h8 b2-b3 h8-g8 b3-b1 g8-h8".split()
    texts = cycle + cycle
    for i in range(len(texts)):
        assert game.winner() == ONGOING, i
        game.play_text(texts[i])
    assert game.winner() == DRAW  # the start position for the third time


def test_100_phase_2_moves_without_a_trap_is_a_draw():
    """Spec ruling: "100 phase-2 moves without a trap, is a draw"."""
    game = position("a1 a2 a3", "h8 h7 h6", phase=2, phase2_moves=MAX_PHASE2_MOVES - 2)
    game.play_text("a1-b1")
    assert game.winner() == ONGOING
    game.play_text("h8-g8")
    assert game.winner() == DRAW and game.end_reason() == "moves"
    assert game.winner() == DRAW and game.draw_rule() == "move limit"
    game.undo()
    assert game.draw_rule() == ""
    game = position("a1 a2 a3", "h8 h7 h6", phase=2, phase2_moves=MAX_PHASE2_MOVES)
    assert game.winner() == DRAW
    assert game.status_text() == "to_move=none winner=draw reason=moves"


# --- Notation, encode/decode, render ---------------------------------------------------------

def test_notation_placement_and_move():
    """A placement is a square (d4), a move d4-f6."""
    game = Trap()
    m = game.move_from_text("d4")
    assert game.move_cells(m) == (-1, cell(game, "d4")) and game.cell_xy(m) == (3, 3)
    assert game.move_to_text(m) == "d4"
    assert raises(GameError, game.move_from_text, "d4-f6")  # phase 1 places
    for bad in ("", "i1", "a0", "a9", "a01", "4d", "d", "d4-", "d4-f6-g7", "x"):
        assert raises(GameError, game.move_from_text, bad), bad
    game = position("a1 a2 d4 d5", "h8 h7", phase=2)
    m = game.move_from_text("d4-f6")
    assert game.move_cells(m) == (cell(game, "d4"), cell(game, "f6"))
    assert game.move_to_text(m) == "d4-f6"
    assert raises(GameError, game.move_from_text, "d4")
    big = Trap({"size": "12"})
    assert big.move_to_text(big.move_from_text("l12")) == "l12"


def test_record_replays_a_game():
    game = Trap()
    play_all(game, "d4 a1 e4 a8 d5 h1")
    assert game.record() == "d4 a1 e4 a8 d5 h1"


def test_decode_refuses_bad_positions_and_keeps_the_old_one():
    game = Trap()
    game.play_text("d4")
    before = game.encode()
    row = "........"
    rows8 = "/".join([row] * 8)
    for text in ("", "x L 20 20 0", rows8 + " X 20 20 0", rows8 + " L 19 20 0",
                 "/".join([row] * 7) + " L 20 20 0", rows8.replace(".", "Q", 1) + " L 20 20 0",
                 rows8 + " D 20 20 0", rows8 + " L 20 20 3", rows8 + " L 0 0 101",
                 "L......./" + "/".join([row] * 7) + " L 0 0 0"):  # a single ball in phase 2
        assert raises(GameError, game.decode, text), text
        assert game.encode() == before


def test_render_shows_balls_dots_and_state():
    game = Trap()
    play_all(game, "d4 e5")
    text = game.render()
    assert " 4 . . . L . . . ." in text and " 5 . . . . D . . ." in text
    assert "          *" in text  # the d4-e5 dot between rows 4 and 5
    assert "Light to move" in text and "in hand: Light 19, Dark 19" in text


def test_public_move_constructors_and_movement_test_agree_with_the_rules():
    """For the app and the AI: Trap.move builds the phase-2 move that the notation names,
    move_source/move_target take it apart as move_cells does, and game.movement_ok says which
    moves leave no ball single (exactly the legal ones)."""
    game = position("a1 a2 a3 c2 d2", "h8 h7 g8", phase=2)
    legal = game.legal_moves()
    for move in legal:
        src, dst = game.move_cells(move)
        assert Trap.move(src, dst) == move == game.move_from_text(game.move_to_text(move))
        assert (Trap.move_source(move), Trap.move_target(move)) == (src, dst)
    for src in range(len(game.board)):
        for dst in range(len(game.board)):
            if game.board[src] == 1 and game.board[dst] == 0:
                assert game.movement_ok(src, dst, 1) == (Trap.move(src, dst) in legal)
    placing = Trap()
    d4 = placing.move_from_text("d4")
    assert Trap.move_source(d4) == -1 and Trap.move_target(d4) == d4 == placing.cell_at(3, 3)
    starts, neighbours = game.neighbour_starts, game.neighbours
    a1, b2 = game.cell_at(0, 0), game.cell_at(1, 1)
    assert sorted(neighbours[starts[a1]:starts[a1 + 1]]) == [game.cell_at(1, 0), game.cell_at(0, 1), b2]
    assert len(neighbours[starts[b2]:starts[b2 + 1]]) == 8


def test_the_neighbour_lists_are_each_holes_eight_neighbours_row_by_row_on_every_size():
    # The row below, the hole's own row, the row above, each from the left (the AI's tables
    # follow this order).
    for size in range(7, 17):
        game = Trap({"size": str(size)})
        starts, neighbours = game.neighbour_starts, game.neighbours
        for cell in range(size * size):
            x, y = cell % size, cell // size
            expected = [col + row * size for row in (y - 1, y, y + 1) for col in (x - 1, x, x + 1)
                        if 0 <= col < size and 0 <= row < size and (col, row) != (x, y)]
            assert list(neighbours[starts[cell]:starts[cell + 1]]) == expected, (size, cell)
        assert starts[size * size] == len(neighbours)
