"""The handheld app driven headlessly with scripted buttons (tests/host/app_harness.py)."""
import os
import random

import pytest

from app_harness import FakeHW, run_app, random_mover, presses_for
from firmware import saves
from shared_rules import registry
import shared_rules.games  # noqa: F401

# New game -> first game in the list (the registry sorts by name) -> the options form starts on
# "Start"; UP reaches the second player's row, LEFT cycles it back to "Human".
TWO_HUMANS = ["up", "left", "down", "a"]


def new_game_keys(name, humans=True):
    index = registry.game_names().index(name)
    return ["a"] + ["down"] * index + ["a"] + (TWO_HUMANS if humans else ["a"])


def saved_moves(folder):
    with open(os.path.join(folder, "game")) as f:
        return saves.from_text(f.read()).moves


def test_main_menu_lists_the_screens_and_about_names_the_board(tmp_path):
    hw = FakeHW(tmp_path, ["up", "a"])       # wraps to About
    run_app(hw)
    assert hw.frames[0][:5] == ["Tholia", "New game", "Rules", "Settings", "About"]
    about = hw.screen()
    assert "About" in about and "mono128" in about


def test_continue_appears_only_with_a_save(tmp_path):
    hw = FakeHW(tmp_path, new_game_keys("trap") + ["a", "b", "up", "a"])
    run_app(hw)   # one ball placed, B opens the pause menu, "Save and quit"
    assert saved_moves(tmp_path) == ["d4"]
    assert hw.frames[-1][:2] == ["Tholia", "Continue"]


def test_settings_are_saved_and_read_back(tmp_path):
    # Settings: AI level normal -> hard (RIGHT), targets on -> off, then "Save".
    hw = FakeHW(tmp_path, ["down", "down", "a", "down", "right", "down", "right", "down", "down", "down", "a"])
    run_app(hw)
    loaded = saves.load_settings(str(tmp_path), {"level": "", "targets": "", "demo": ""})
    assert loaded == {"level": "hard", "targets": "off", "demo": "normal"}


@pytest.mark.parametrize("profile", ["mono128"])
def test_trap_full_game_with_random_moves_ends_on_the_game_over_screen(tmp_path, profile):
    hw = FakeHW(tmp_path, new_game_keys("trap"), profile, driver=random_mover(random.Random(3)))
    app = run_app(hw)
    moves = saved_moves(tmp_path)
    game = registry.create("trap")
    for text in moves:
        game.play_text(text)
    assert game.is_over()
    assert ("%s wins" % game.PLAYERS[game.winner()]) in hw.screen().replace("|", " ") or \
        ("Draw" in hw.screen())
    assert app.session is not None and app.session.game.history == game.history


def test_every_target_is_reachable_with_the_dpad(tmp_path):
    """The cursor rule (nearest target in the pressed direction) never strands a target."""
    from firmware.builder import MoveBuilder
    from firmware.ui import UI
    from firmware.views.trap import View
    rng = random.Random(5)
    for profile in ("mono128",):
        hw = FakeHW(tmp_path, profile=profile)
        game = registry.create("trap")
        view = View(UI(hw), game)
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            builder = MoveBuilder(view, moves)
            for move in rng.sample(moves, min(8, len(moves))):
                presses_for(builder, move)      # asserts each step is reachable
            game.play(rng.choice(moves))
