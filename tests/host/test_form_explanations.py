"""The new-game form explains the option under the cursor in one line of player words, the
longest of its lines that fits the screen (firmware/option_words.py, shared_rules/<game>/words.py)."""
import pytest

from app_harness import FakeHW, PROFILES, run_app
from firmware import option_words
from firmware.widgets import fitted
from shared_rules import registry
import shared_rules.games  # noqa: F401
from tools.device.app_driver import choose_game


@pytest.mark.parametrize("name", registry.game_names())
def test_every_option_has_lines_that_explain_it_down_to_the_narrowest_screen(name):
    explain = option_words.explanations(name)
    options = registry.game_class(name).OPTIONS
    assert sorted(explain) == sorted(options)
    for option in options:
        lines = explain[option]
        assert lines and all(lines[i] and len(lines[i]) >= len(lines[i + 1]) for i in range(len(lines) - 1))
        assert len(lines[-1]) <= 14, lines      # mono128: 16 columns, less the "more" mark
    assert len(option_words.PLAYER_EXPLAIN[-1]) <= 14


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", registry.game_names())
def test_the_form_foot_explains_each_row_under_the_cursor_and_fits(tmp_path, name, profile):
    cls = registry.game_class(name)
    explain = option_words.explanations(name)
    rows = [explain[o] for o in sorted(cls.OPTIONS)] + [option_words.PLAYER_EXPLAIN] * 2
    feet = []

    def drive(hw):
        foot = [t[2] for t in hw.fb.texts if t[1] == hw.height - 8 and t[0] == 0]
        feet.append(foot[0] if foot else "")
        return ["up"] if len(feet) <= len(rows) else None

    hw = FakeHW(tmp_path, ["a"] + choose_game(name), profile, driver=drive)
    run_app(hw)
    cols = hw.width // 8
    # From "Start" (no foot) UP goes through the rows from the last: the players, the options.
    shown = feet[1:]
    assert shown == [fitted(lines, cols - 2) for lines in reversed(rows)], shown
    assert all(len(line) <= cols - 2 for line in shown) and hw.cut == []
