"""The sound cues: a move, a capture, the AI's move and a win each sound their cue on a board
with a speaker (the ODROID-GO; the simulator records them), none with the setting off, and a
board without a speaker never works out a cue."""
import random

from app_harness import FakeHW, ScriptEnd, presses_for
from firmware.app import HUMAN, App, Session, ai_player
from firmware.hw_base import CUE_AI, CUE_CAPTURE, CUE_MOVE, CUE_WIN
from firmware.views.base import View
from shared_rules import registry
import shared_rules.games  # noqa: F401
from tools.device.app_driver import choose_game_script


def random_humans(rng, limit):
    count = [0]

    def drive(hw):
        app = hw.app
        if app.busy:
            return []
        if app.builder is None or app.builder.prefix or count[0] >= limit:
            return None
        count[0] += 1
        return presses_for(app.builder, rng.choice(list(app.builder.moves)))
    return drive


def play(folder, profile, name, players, limit=400, sound="on", seed=2):
    hw = FakeHW(folder, [], profile, driver=random_humans(random.Random(seed), limit))
    app = App(hw)
    hw.app = app
    app.settings["level"] = "easy"
    app.settings["sound"] = sound
    session = Session(name, registry.create(name), players)
    try:
        for _ in app.play(session):     # (a step per decision)
            pass
    except ScriptEnd:
        pass
    return hw, session


def stones(game, player):
    return sum(1 for v in game.board if v == game.colour_of(player))


def test_each_move_and_the_ais_sound_their_cue(tmp_path):
    hw, session = play(tmp_path, "odroid_go", "trap", [HUMAN, ai_player("easy")], limit=6)
    assert len(hw.cues) == len(session.game.history) >= 6
    won = session.game.winner() in (0, 1)
    for mover, cue in zip(session.movers, hw.cues[:-1] if won else hw.cues):
        assert cue == (CUE_AI if mover == 1 else CUE_MOVE)
    assert 1 in session.movers and 0 in session.movers
    assert not won or hw.cues[-1] == CUE_WIN


def test_a_capture_and_a_win_sound_theirs(tmp_path):
    hw, session = play(tmp_path, "odroid_go", "throngs", [HUMAN, HUMAN])
    game = session.game
    assert game.winner() in (0, 1) and hw.cues[-1] == CUE_WIN
    history = list(game.history)
    replay = registry.create("throngs")
    captures = 0
    for move, cue in zip(history[:-1], hw.cues):
        other = 1 - replay.to_move()
        before = stones(replay, other)
        replay.play(move)
        captured = stones(replay, other) < before
        captures += captured
        assert cue == (CUE_CAPTURE if captured else CUE_MOVE)
    assert captures > 0


def test_the_setting_off_silences_every_cue(tmp_path):
    hw, session = play(tmp_path, "odroid_go", "trap", [HUMAN, ai_player("easy")], limit=6, sound="off")
    assert len(session.game.history) >= 6 and hw.cues == []


def test_a_board_without_a_speaker_works_out_no_cue(tmp_path, monkeypatch):
    counted = []
    monkeypatch.setattr(View, "stones", lambda self, player: counted.append(player) or -1)
    hw, session = play(tmp_path, "pico_lcd13", "trap", [HUMAN, ai_player("easy")], limit=6)
    assert len(session.game.history) >= 6 and hw.cues == [] and counted == []
    assert not hw.speaker


def test_the_settings_show_sound_only_where_there_is_a_speaker(tmp_path):
    from app_harness import run_app
    for profile, shown in (("odroid_go", True), ("mono128", False)):
        hw = FakeHW(tmp_path / profile, ["up", "up", "a"], profile)     # Settings: above About
        run_app(hw)
        assert hw.frames[-1][0] == "Settings"
        assert ("Sound" in hw.frames[-1]) == shown, hw.frames[-1]


def test_the_simulator_plays_and_records_the_cues_of_a_board_with_a_speaker(tmp_path):
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from desktop_sim.sim import Simulator
    import firmware.app
    # Trap against the AI on each board: one ball placed (A on the form's Start, A again),
    # then the AI's answer.
    script = ["press a", "wait 100"] + choose_game_script("trap", 100) + [
        "press a", "wait 300", "press a", "wait 3000"]
    for profile, cues in (("odroid_go", [CUE_MOVE, CUE_AI]), ("pico_lcd13", [])):
        sim = Simulator(profile, 1, True, "\n".join(script) + "\n", str(tmp_path / profile), 60)
        status, reason = sim.run(firmware.app.run)
        assert status == 0, reason
        assert sim.hw.cues == cues
        assert sim.hw.speaker == (cues != [])
    from desktop_sim.sim import cue_sounds
    import pygame
    assert len(cue_sounds(pygame)) in (0, 4)      # 4 Sounds where a mixer starts, else none
