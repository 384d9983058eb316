"""End to end in the simulator: for every landed game that has an AI, on every board profile,
`python -m desktop_sim --headless --script` starts an AI-vs-AI game through the menus, waits
for it to end, and checks the final screen: the result line, then the game-over menu.
The button script is written here from the registry, so new games are covered as they land."""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from desktop_sim import profiles  # noqa: E402
from shared_rules import registry  # noqa: E402
import shared_rules.games  # noqa: E402,F401  (registers the games)
from tools.device.app_driver import choose_game_script  # noqa: E402

BOARDS = profiles.names()
GAMES = registry.game_names()


def has_ai(name):
    return importlib.util.find_spec(registry.ai_module(name)) is not None


def ai_vs_ai_script(game, shots):
    """Main menu -> New game -> the game -> both players "AI easy" -> Start -> the end."""
    lines = ["wait 300", "expect New game", "press a", "wait 200"]
    lines += choose_game_script(game, 200)
    # the form opens on Start; above it the two players: 2nd (AI normal), 1st (Human)
    lines += ["press up", "wait 50", "press left", "wait 50",
              "press up", "wait 50", "press right", "wait 50",
              "press down", "wait 50", "press down", "wait 50",
              "expect Start", "press a",
              "wait-for 3600000 wins|won|Draw",  # up to an hour of simulated time
              "screenshot %s" % shots[0],
              "wait 100", "press a", "wait 200",
              "expect Main menu", "expect Rematch",
              "screenshot %s" % shots[1]]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
def test_ai_vs_ai_game_to_the_end(tmp_path, game, board):
    if not has_ai(game):
        pytest.skip("%s has no AI yet (shared_rules/%s/ai.py)" % (game, game))
    shots = (tmp_path / "final_board.png", tmp_path / "game_over_menu.png")
    script = tmp_path / "script.txt"
    script.write_text(ai_vs_ai_script(game, shots))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--board", board,
                           "--script", str(script), "--timeout", "900"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=1000)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "script done" in proc.stderr
    assert shots[0].exists() and shots[1].exists()
