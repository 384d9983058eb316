"""Throngs' pie start: after the choice swaps the colours, the player's name on the screen is
that of the stones they play (the status's name and its stone icon agree), and so is the
result's."""
from app_harness import FakeHW, ScriptEnd, presses_for
from firmware.app import HUMAN, App, Session
from shared_rules import registry
from shared_rules.throngs.rules import BLACK, CHOOSE, WHITE


def test_after_the_pie_swap_each_name_is_that_of_the_players_stones(tmp_path):
    game = registry.create("throngs", {"start": "pie"})

    def drive(hw):
        app = hw.app
        if app.busy or app.builder is None or app.builder.prefix:
            return [] if app.busy else None
        moves = list(app.builder.moves)
        if CHOOSE | BLACK in moves:      # the second player takes Black: the seats swap
            return presses_for(app.builder, CHOOSE | BLACK)
        if game.colour_of(0) == WHITE:   # played on after the swap: stop at the next turn
            return None
        return presses_for(app.builder, moves[0])

    hw = FakeHW(tmp_path, [], "pico_lcd13", driver=drive)
    app = App(hw)
    hw.app = app
    session = Session("throngs", game, [HUMAN, HUMAN])
    try:
        for _ in app.play(session):     # (a step per decision)
            pass
    except ScriptEnd:
        pass
    player = game.to_move()
    assert game.colour_of(0) == WHITE and game.colour_of(1) == BLACK
    assert game.player_name(0) == "White" and game.player_name(1) == "Black"
    assert game.player_name(player) in hw.frames[-1], hw.frames[-1]
    assert game.player_name(1 - player) not in hw.frames[-1], hw.frames[-1]
    session.result = "resign 0"
    from firmware import endings
    assert endings.result_words(session) == "White resigned: Black wins"
