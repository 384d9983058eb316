"""Every game's board view: move entry with the d-pad through the real app, on every profile."""
import random

from array import array

import pytest

from app_harness import FakeHW, PROFILES, presses_for, random_mover, run_app
from firmware import saves
from firmware.builder import MoveBuilder, compact
from firmware.ui import UI
from shared_rules import registry
from tools.device.app_driver import choose_game
import shared_rules.games  # noqa: F401

GAMES = registry.game_names()


def view_for(name, hw, game):
    module = __import__("firmware.views." + name, None, None, ["View"])
    return module.View(UI(hw), game)


def hidden(name, move):
    """Moves a view deliberately leaves to the pause menu (Tholian Go's draw offer)."""
    if name == "tholian_go":
        from shared_rules.tholian_go.rules import OFFER
        return move == OFFER
    return False


def steps_of(view, move):
    out = []
    while view.step_key(move, len(out)) >= 0:
        out.append(view.step_key(move, len(out)))
    return tuple(out)


# Each game with its default options, and the options that change what a view must show.
VARIANTS = [(name, {}) for name in GAMES] + [
    ("trap", {"size": "7", "dots": "center"}),
    ("thoughtwave", {"red_links": "top-bottom"}),
    ("throngs", {"start": "pie"}), ("throngs", {"board": "153", "ruleset": "original"}),
    ("throngs", {"board": "torus81"}),
    ("tholian_go", {"variant": "ultimate"}), ("tholian_go", {"variant": "scrimmage"}),
    ("tholian_go", {"variant": "oracle"}), ("tholian_go", {"variant": "lucky", "seed": "5"}),
    ("tholian_go", {"space": "square"}), ("tholian_go", {"space": "periodic"}),
]


@pytest.mark.parametrize("name,options", VARIANTS)
def test_each_legal_move_has_its_own_steps_and_no_move_begins_another(tmp_path, name, options):
    """Prefix-free step sequences: a move is complete exactly when its last step is chosen."""
    rng = random.Random(11)
    hw = FakeHW(tmp_path, profile="pico_lcd13")
    game = registry.create(name, options)
    view = view_for(name, hw, game)
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        seqs = {}
        for move in moves:
            if hidden(name, move):
                continue
            seq = steps_of(view, move)
            assert seq, "%s has no steps" % game.move_to_text(move)
            assert seq not in seqs, "%s and %s share their steps" % (
                game.move_to_text(move), game.move_to_text(seqs[seq]))
            seqs[seq] = move
        for seq in seqs:
            for k in range(1, len(seq)):
                assert seq[:k] not in seqs, "the steps of %s begin those of %s" % (
                    game.move_to_text(seqs[seq[:k]]), game.move_to_text(seqs[seq]))
        game.play(rng.choice(moves))


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name,options", VARIANTS)
def test_every_target_is_reachable_with_the_dpad(tmp_path, name, options, profile):
    """The cursor rule (nearest target in the pressed direction) never strands a target."""
    rng = random.Random(5)
    hw = FakeHW(tmp_path, profile=profile)
    game = registry.create(name, options)
    view = view_for(name, hw, game)
    for _ in range(25):
        moves = [m for m in game.legal_moves() if not hidden(name, m)]
        if not moves:
            break
        builder = MoveBuilder(view, moves)
        for move in rng.sample(moves, min(6, len(moves))):
            presses_for(builder, move)      # asserts each step is reachable
        view.draw(builder, game.history[-2:])     # and the position draws, with its status
        assert all(isinstance(line, str) for line in view.info())
        view.describe(builder)
        game.play(rng.choice(moves))


def test_the_builder_keeps_the_moves_in_two_bytes_each_where_they_fit():
    # Memory: the builder holds the decision's moves while the player chooses (Thoughtwave's
    # ~1,500 opening moves: 3 KB of the device's heap, not 6); moves too large stay a list.
    game = registry.create("thoughtwave")
    view = view_for("thoughtwave", FakeHW(None, [], "pico_lcd13"), game)
    moves = game.legal_moves()
    builder = MoveBuilder(view, moves)
    assert isinstance(builder.moves, array) and len(bytes(builder.moves)) == 2 * len(moves)
    assert list(builder.moves) == moves
    assert presses_for(builder, moves[-1])      # every move still reachable through it
    # Bounded by the keys of their runs where each move's first step is move >> shift, else
    # looked at one by one.
    assert compact([1, 0x10000], -1, []) == [1, 0x10000] and compact([], -1, []) == []
    assert compact([0x10, 0xFFFF], 4, [1, 0xFFF]) == array("H", [0x10, 0xFFFF])
    assert compact([0x10, 0x10000], 4, [1, 0x1000]) == [0x10, 0x10000]
    assert compact([-16, 0x10], 4, [-1, 1]) == [-16, 0x10]


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_random_game_entered_with_the_dpad_is_saved_and_replays(tmp_path, name, profile):
    keys = ["a"] + choose_game(name) + ["up", "left", "left", "down", "a"]   # two humans
    hw = FakeHW(tmp_path, keys, profile, driver=random_mover(random.Random(7), registry.host_facts(name).APP_DECISIONS))
    app = run_app(hw)
    session = app.session
    assert session is not None, hw.screen()
    game = session.game
    assert len(game.history) >= min(registry.host_facts(name).APP_DECISIONS, 20) or game.is_over()
    with open(tmp_path / "game") as f:
        saved = saves.from_text(f.read())
    assert saved.moves == session.texts()
    replayed = registry.create(name, saved.options)
    for text in saved.moves:
        replayed.play_text(text)
    assert replayed.encode() == game.encode()
    assert not any(frame and frame[0] == "Error" for frame in hw.frames)


def two_human_keys(name):
    return ["a"] + choose_game(name) + ["up", "left", "left", "down", "a"]


def test_throngs_b_at_the_destination_puts_the_stone_back(tmp_path):
    """A Throngs maneuver is a selection then a destination: B between them cancels it."""
    from app_harness import move_script
    # Picking up one's own stone puts it in flight (a MOVE selection): B takes it back.
    from shared_rules.throngs.rules import KIND_MASK, MOVE
    game = registry.create("throngs")
    pick = [m for m in game.legal_moves() if m & KIND_MASK == MOVE][0]
    game.play(pick)
    assert game.flight() is not None
    game.undo()
    text = game.move_to_text(pick)
    hw = FakeHW(tmp_path, two_human_keys("throngs"), "pico_lcd13",
                driver=move_script([text], ["b", "b", "up", "a"]))
    app = run_app(hw)
    with open(tmp_path / "game") as f:
        assert saves.from_text(f.read()).moves == []
    assert any(frame and frame[0] == "Paused" for frame in hw.frames)


def test_tholian_go_push_is_built_node_by_node_and_b_takes_back_a_node(tmp_path):
    """A push path grows one decision per node; B takes back its last node, then more."""
    from shared_rules.tholian_go.rules import TholianGo
    game = TholianGo()
    # Find a first step onto an occupied node (a push that goes on).
    push = None
    for m in game.legal_moves():
        nodes = game.move_nodes(m)
        if len(nodes) == 2 and game.board[nodes[1]]:
            push = m
            break
    assert push is not None
    push_text = game.move_to_text(push)
    game.play(push)
    route = list(game.route_nodes())
    assert route
    texts = [push_text, game.move_to_text(game.legal_moves()[0])]
    from app_harness import move_script
    hw = FakeHW(tmp_path, two_human_keys("tholian_go"), "odroid_go",
                driver=move_script(texts, ["b"]))
    app = run_app(hw)
    session = app.session
    # Both decisions were played and saved, then B took back the second: the path is as it
    # was after the first step, and the save says so.
    assert session.texts() == texts[:1]
    assert list(session.game.route_nodes()) == route
    with open(tmp_path / "game") as f:
        assert saves.from_text(f.read()).moves == texts[:1]


@pytest.mark.parametrize("profile", PROFILES)
def test_lazo_places_every_space_where_space_xy_puts_it(tmp_path, profile):
    # The view computes the places a row at a time (a call of space_xy per space is slow on
    # the device); the formula it inlines must stay space_xy's.
    from shared_rules.lazo.rules import N_SPACES, space_xy
    view = view_for("lazo", FakeHW(tmp_path, profile=profile), registry.create("lazo"))
    t = view.t
    for s in range(N_SPACES):
        px, py = space_xy(s)
        assert view.place_xy(s) == (view.x0 + px * t // 2, view.y0 - py * view.pitch // 10000), s


def test_lazo_counts_the_tiles_left_of_a_position_set_up_without_its_moves(tmp_path):
    # A lesson's position is decoded: its tiles are on the board, none is in the history.
    game = registry.create("lazo")
    game.decode("w:BBW.W.B/////////")
    view = view_for("lazo", FakeHW(tmp_path, profile="pico_lcd13"), game)
    assert view.info() == ["B92 W93"]
    game.play(game.move_from_text("1.10.0"))
    assert view.info() == ["B92 W92"]


TG_SPACES = ("standard", "periodic", "wide", "long", "square")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("space", TG_SPACES)
def test_tholian_go_token_boxes_hold_each_token_and_the_barriers_it_ends(tmp_path, profile, space):
    # A played move sends the boxes of the tokens it changed (DrawLog.areas): each box must
    # hold the token and every barrier line from it (draw_lines: a second line one pixel right
    # from R 12 up; none across the periodic seam).
    view = view_for("tholian_go", FakeHW(tmp_path, profile=profile), registry.create("tholian_go", {"space": space}))
    g = view.g
    thick = 1 if view.R >= 12 else 0
    checked = 0
    for e in range(g.n_edges):
        for a, b in ((g.eu[e], g.ev[e]), (g.ev[e], g.eu[e])):
            if abs(view.xs[b] - view.xs[a]) > view.seam():
                continue
            left, top, w, h = view.boxes[4 * view.kinds[a]:4 * view.kinds[a] + 4]
            x0, y0 = view.xs[a] + left, view.ys[a] + top
            r = view.r_dark if a < g.n_dark else view.r_light
            for x, y in ((view.xs[a] - r, view.ys[a] - r), (view.xs[a] + r, view.ys[a] + r),
                         (view.xs[b], view.ys[b]), (view.xs[b] + thick, view.ys[b])):
                assert x0 <= x < x0 + w and y0 <= y < y0 + h, (space, profile, a, b)
            checked += 1
    assert checked >= 2 * (g.n_edges - 3 * g.lines)     # (the periodic space's seam edges are not drawn)


def test_tholian_go_board_keeps_a_call_per_token_not_per_barrier_line():
    # Drawing the barriers and tokens through the log (a kept call per line and per ellipse)
    # was most of a played move on the virtual Pico; they go straight on the framebuffer and
    # the log keeps one area per token.
    from firmware.ui import BOARD
    hw = FakeHW(".", profile="pico_lcd13")
    game = registry.create("tholian_go")
    view = view_for("tholian_go", hw, game)
    view.draw(None, [])
    tokens = sum(1 for owner in game.board if owner)
    assert tokens >= 30
    assert len(view.ui.drawn[BOARD].heads) == tokens


@pytest.mark.parametrize("options", [{}, {"variant": "scrimmage"}, {"variant": "lucky", "seed": "5"}])
def test_tholian_go_step_keys_follow_the_rules_encoding(tmp_path, options):
    # The view inlines move_kind() and move_node() (a call each per move was most of the
    # builder's time on the device): its keys must stay those the rules' functions give.
    from shared_rules.tholian_go.rules import OFFER, SPECIAL, STEP, move_kind, move_node, step_slot
    from shared_rules.tholian_go.geometry import SLOTS
    from firmware.views.base import BUTTON
    rng = random.Random(5)
    game = registry.create("tholian_go", options)
    view = view_for("tholian_go", FakeHW(tmp_path, profile="pico_lcd13"), game)
    kinds = set()
    for _ in range(60):
        moves = game.legal_moves()
        if not moves or game.winner() != -1:
            break
        for move in moves:
            kind = move_kind(move)
            kinds.add(kind)
            if kind == STEP:
                node = move_node(move)
                expected = [node, game.space.adj[node * SLOTS + step_slot(move)], -1]
            elif kind == SPECIAL:
                expected = [-1 if move == OFFER else BUTTON + move_node(move), -1, -1]
            else:
                expected = [move_node(move), -1, -1]
            assert [view.step_key(move, depth) for depth in range(3)] == expected
        game.play(rng.choice(moves))
    assert len(kinds) >= 3


def test_tholian_go_rings_each_node_of_the_last_turn_once():
    # A token that steps on and off a node in one turn: that node was ringed twice, two equal
    # calls in the log, which changes() then tells apart the slow way.
    from firmware.ui import BOARD
    hw = FakeHW(".", profile="pico_lcd13")
    game = registry.create("tholian_go")
    view = view_for("tholian_go", hw, game)
    rng = random.Random(3)
    for _ in range(200):
        moves = game.legal_moves()
        first = rng.choice(moves)
        game.play(first)
        end = game.move_nodes(first)[-1:] if game.move_nodes(first) else []
        again = [m for m in game.legal_moves() if end and end[0] in game.move_nodes(m)]
        if again:
            last = [first, again[0]]
            break
    else:
        raise AssertionError("no turn stepped twice through one node")
    view.draw(None, last)
    heads = view.ui.drawn[BOARD].heads
    assert len(set(zip(heads, view.ui.drawn[BOARD].tails))) == len(heads)
