"""The app in the simulator (`python -m desktop_sim --headless --script`), every game on every
profile: a short two-human game whose button presses are worked out with the headless harness
(random legal moves, routed with the d-pad), then replayed as a simulator button script.  The
simulator must end on the same screen and write the same save."""
import os
import random
import subprocess
import sys

import pytest

from app_harness import FakeHW, PROFILES, random_mover, run_app
from firmware import saves
from shared_rules import registry
import shared_rules.games  # noqa: F401
from tools.device.app_driver import choose_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = registry.game_names()
DECISIONS = 10


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_a_short_game_replays_in_the_simulator(tmp_path, name, profile):
    keys = ["a"] + choose_game(name) + ["up", "left", "left", "down", "a"]   # two humans
    plan_dir = tmp_path / "plan"
    hw = FakeHW(plan_dir, keys, profile, driver=random_mover(random.Random(13), DECISIONS))
    app = run_app(hw)
    moves = app.session.texts()
    final = [t.strip() for t in hw.frames[-1] if len(t.strip()) >= 3 and "#" not in t]   # "#" starts a comment
    lines = ["wait 300"]
    for button in hw.pressed:
        lines += ["press %s 60" % button, "wait 60"]
    lines += ["wait 300"] + ["expect %s" % t for t in final]
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    sim_dir = tmp_path / "sim"
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--board", profile,
                           "--script", str(script), "--save-dir", str(sim_dir), "--timeout", "300"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=400)
    assert proc.returncode == 0, proc.stderr[-3000:]
    with open(sim_dir / "game") as f:
        assert saves.from_text(f.read()).moves == moves
