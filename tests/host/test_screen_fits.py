"""Every string on the play screen fits its box on every profile, in every variant whose status
says something of its own (a status that cannot fit says less, in words): two humans play
random moves through the real app, and the simulator's framebuffer and the UI report each
string cut, past the screen's edge or drawn over another (FakeHW.misfits)."""
import random

import pytest

from app_harness import FakeHW, PROFILES, ScriptEnd, presses_for, run_app
from firmware.app import HUMAN, App, Session
from shared_rules import registry
import shared_rules.games  # noqa: F401

from test_app_views import VARIANTS

MOVES = 24


def random_decisions(rng):
    """A driver that enters `MOVES` random decisions that have steps on the board (not
    Tholian Go's draw offer, made from the pause menu), then stops."""
    count = [0]

    def drive(hw):
        app = hw.app
        if app.busy:
            return []
        builder = app.builder
        if builder is None or builder.prefix or count[0] >= MOVES:
            return None
        count[0] += 1
        moves = [m for m in builder.moves if app.session.view.step_key(m, 0) >= 0]
        return presses_for(builder, rng.choice(moves))
    return drive


def played_screens(folder, profile, name, options, seed=3):
    """The app's play screens of a game between two humans, `MOVES` random decisions long."""
    hw = FakeHW(folder, [], profile, driver=random_decisions(random.Random(seed)))
    app = App(hw)
    hw.app = app
    try:
        for _ in app.play(Session(name, registry.create(name, options), [HUMAN, HUMAN])):     # (a step per decision)
            pass
    except ScriptEnd:
        pass
    assert not any(frame[:1] == ["Error"] for frame in hw.frames), hw.frames[-1]
    return hw


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name,options", VARIANTS)
def test_every_status_string_fits_its_box(tmp_path, name, options, profile):
    hw = played_screens(tmp_path, profile, name, options)
    assert len(hw.pressed) > MOVES
    assert hw.misfits() == []


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_menu_and_form_value_fits_its_box(tmp_path, profile):
    """The main menu, the game list and each game's new-game form with every row's values
    shown in turn (up to 12 of a row), then the rules and settings screens: nothing is cut,
    nothing drawn over another string."""
    from tools.device.app_driver import choose_game
    for name in registry.game_names():
        rows = len(registry.game_class(name).OPTIONS) + 2
        keys = ["a"] + choose_game(name)
        for _ in range(rows):
            keys += ["up"] + ["right"] * 12
        hw = FakeHW(tmp_path / name, keys + ["b", "b", "down", "a", "a", "b", "b", "down", "a"],
                    profile)
        run_app(hw)
        assert any(frame[:1] == [registry.game_title(name)] for frame in hw.frames)
        assert hw.misfits() == [], (name, hw.misfits())



@pytest.mark.parametrize("name", registry.game_names())
def test_the_main_menu_footer_says_a_game_is_over_in_16_columns(name):
    from firmware.menus import describe_save
    from firmware.saves import SavedGame
    saved = SavedGame(name, {}, ["human", "ai-easy"], [], "over")
    line = describe_save(saved, 16)
    assert len(line) <= 16 and ("finished" in line or line.endswith(" over")), line


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_board_shows_the_button_legend_where_it_has_room(tmp_path, profile):
    """Lazo's wide board leaves rows free under it on the ODROID-GO: its legend goes there, as
    Tholian Go's goes beside its board."""
    for name in ("lazo", "tholian_go"):
        hw = played_screens(tmp_path / name, profile, name, {})
        legend = any("A:choose" in " ".join(frame) for frame in hw.frames)
        assert legend == (profile != "mono128"), (name, hw.frames[-1])


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_rules_pages_use_player_words_and_wide_screens_a_margin(tmp_path, profile):
    import re
    from firmware.ui import UI
    text = __import__("firmware.rules_text.tholian_go", None, None, ["TEXT"]).TEXT
    assert not re.search(r"\b[LD]\(\d|\b[LD]\d+\.\d", text), "engine notation in the rules"
    hw = FakeHW(tmp_path, ["a"], profile)
    ui = UI(hw)
    try:
        ui.pager("Tholian Go", text)
    except ScriptEnd:
        pass
    lines = [t for t in hw.visible if t[1] > ui.line_h and not re.match(r"^\d+/\d+$", t[2])]
    assert len(lines) > 3
    margin = 4 if hw.width >= 200 else 0
    assert all(margin <= t[0] and t[0] + 8 * len(t[2]) <= hw.width - margin for t in lines), lines
    assert hw.misfits() == []


@pytest.mark.parametrize("profile", ["pico_lcd13", "odroid_go"])
def test_lazo_stack_numbers_never_print_over_each_other(tmp_path, profile):
    """A Lazo position with stacks three high: each level number shows on a tile no other tile
    rests on, none over another (the framebuffer reports strings drawn over strings)."""
    from firmware.ui import UI
    from firmware.views.lazo import View
    from shared_rules.lazo.rules import space_kij
    rng = random.Random(8)
    game = registry.create("lazo")
    while max([space_kij(s)[0] for s in range(len(game.cells)) if game.cells[s]] or [0]) < 3:
        highest = max(game.legal_moves(), key=lambda m: (space_kij(m)[0], rng.random()))
        game.play(highest)
    hw = FakeHW(tmp_path, [], profile)
    view = View(UI(hw), game)
    view.draw(None, [])
    numbers = [t for t in hw.fb.texts if t[2] in ("2", "3", "4", "5")]
    assert any(t[2] == "3" for t in numbers)
    assert hw.fb.overlaps == [], hw.fb.overlaps
