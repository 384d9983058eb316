"""The long checks on the virtual Pico (`make test-device`): the whole rules suite through
`make devtest-vpico` on the real rp2 firmware, and each game against the AI at its default level with
the simulator's frames (tests/host/test_vpico.py runs the short versions in `make test`)."""
import re

import pytest

from test_vpico import GAMES, differing_pixels, node_budgets, play_both, run_tool, shipped  # noqa: F401  (fixtures)
from tools.device import vpico_games


def test_the_whole_rules_suite_passes_on_the_real_firmware():
    # make devtest-vpico: the UF2 built, a virtual Pico of its own booted, the table of modules
    dev = run_tool("tools.device.devtest", "--vpico", "tests/rules", timeout=6 * 3600)
    last = dev.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed", last), dev.stdout[-3000:] + dev.stderr[-2000:]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_default_ai_shows_the_simulators_frames(node_budgets, tmp_path, game):  # noqa: F811
    # The AI's time caps off on both, as in tests/host/test_vpico.py (node budgets alone).
    text, shots = vpico_games.script(vpico_games.plan(game, "normal", 3, tmp_path / "plan"), "shot-")
    # An hour of wall time: a game at the default level is minutes of emulation on a quiet host,
    # and a loaded host slows the emulator several times over.
    found, serial, _ = play_both(node_budgets, text, tmp_path, timeout_s=3600, app="node_budgets_app")
    assert found == shots
    for name in shots:
        assert differing_pixels(tmp_path / "sim" / name, tmp_path / "pico" / name) == 0, name
    assert "Traceback" not in serial, serial[-2000:]
