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
        app.play(Session("tholian_go", registry.create("tholian_go"), [HUMAN, ai_player("easy")]))
    except ScriptEnd:
        pass
    assert not any(frame[:1] == ["Error"] for frame in hw.frames), hw.frames[-1]
    assert len(checked) >= 3
    assert app.session is None or app.session.view.scroll > 0
