"""Tholian Go at 128x64 (mono128): the board is taller than the view, which follows the play:
after the AI's turn the screen shows where it moved; tokens, the cursor and the selection
ring stay apart in one colour."""
import random

from app_harness import FakeHW, ScriptEnd, presses_for
from firmware.app import HUMAN, App, Session, ai_player
from shared_rules import registry


def test_after_the_ais_turn_its_moves_are_in_view(tmp_path):
    rng = random.Random(4)
    checked = []

    def drive(hw):
        app = hw.app
        if app.busy:
            return []
        session = app.session
        builder = app.builder
        if builder is None or builder.prefix:
            return None
        view = session.view
        game = session.game
        if session.movers and session.movers[-1] == 1 and game.to_move() == 0:
            # The human's turn begins: the AI's last move drawn in view.
            _, by, _, bh = app.ui.board_rect
            turn = session.last_turn()
            for node in game.move_nodes(turn[-1]):
                _, y = view.node_xy(node)
                assert by <= y < by + bh, (game.move_to_text(turn[-1]), y, by, bh)
            checked.append(len(game.history))
            if len(checked) >= 3:
                return None
        moves = [m for m in builder.moves if view.step_key(m, 0) >= 0]
        return presses_for(builder, rng.choice(moves))

    hw = FakeHW(tmp_path, [], "mono128", driver=drive)
    app = App(hw)
    hw.app = app
    app.settings["level"] = "easy"
    try:
        for _ in app.play(Session("tholian_go", registry.create("tholian_go"), [HUMAN, ai_player("easy")])):     # (a step per decision)
            pass
    except ScriptEnd:
        pass
    assert not any(frame[:1] == ["Error"] for frame in hw.frames), hw.frames[-1]
    assert len(checked) >= 3
    assert app.session is None or app.session.view.scroll > 0


def drawn(view, builder):
    """The mono panel's pixels after the view draws the position with `builder`, as a set."""
    view.draw(builder, [])
    fb = view.ui.hw.fb
    return set((x, y) for y in range(view.ui.h) for x in range(view.ui.w) if fb.pixel(x, y))


def near(a, b):
    """Whether a pixel of `a` touches one of `b` (8-neighbours)."""
    return any((x + dx, y + dy) in b for x, y in a for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def test_cursor_selection_and_tokens_stay_apart_at_128x64(tmp_path):
    from firmware.builder import MoveBuilder
    from firmware.ui import UI
    from firmware.views.tholian_go import View
    hw = FakeHW(tmp_path, [], "mono128")
    game = registry.create("tholian_go")
    view = View(UI(hw), game)
    moves = [m for m in game.legal_moves() if view.step_key(m, 0) >= 0]
    # A dark token's move: the cursor on the token, then the token chosen (the selection).
    move = next(m for m in moves if view.step_key(m, 0) < view.g.n_dark)
    node = view.step_key(move, 0)
    builder = MoveBuilder(view, moves)
    builder.select_move(move)
    while builder.prefix:
        builder.back()
    assert builder.cursor == node
    view.looking = True          # (the pan stays where it is for the three drawings)
    plain = drawn(view, None)
    x, y = view.node_xy(node)
    r = view.r_dark
    token = set(p for p in plain if abs(p[0] - x) <= r and abs(p[1] - y) <= r)
    assert len(token) == (2 * r + 1) ** 2          # Red's dark token: a filled square
    cursor = drawn(view, builder) - plain
    assert cursor and not near(cursor, token)      # a gap between the cursor and the token
    builder.choose()
    assert builder.prefix == [node]
    with_selection = drawn(view, builder)
    inside = set(p for p in with_selection if abs(p[0] - x) <= r and abs(p[1] - y) <= r)
    assert inside != token and inside < token      # marked inside the token's own square
