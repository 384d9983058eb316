"""The app under the real MicroPython VM (WebAssembly port, with the real framebuf): the menus,
each game's move entry through the d-pad, autosave and replay, and the save file's fallbacks.
Driven by tools/vm_app_session.py and tools/vm_steps.mjs."""
import json
import os
import subprocess

import pytest

from shared_rules import registry
import shared_rules.games  # noqa: F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOUNTS = ["--mount", "firmware:/firmware", "--mount", "shared_rules:/shared_rules"]


def vm_session(*args):
    proc = subprocess.run(["node", "tools/vm_steps.mjs"] + MOUNTS + ["tools/vm_app_session.py"] + list(args),
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    lines = [l for l in proc.stdout.splitlines() if l.startswith("@@BENCH ")]
    assert proc.returncode == 0 and lines, proc.stdout[-3000:] + proc.stderr[-3000:]
    return json.loads(lines[-1][8:])


@pytest.mark.parametrize("name", registry.game_names())
def test_random_moves_entered_with_the_dpad_under_micropython(name):
    # 24 decisions through the menus and the d-pad on the one-colour 128x64 profile.
    result = vm_session("human", name, "mono128", "3", "24")
    assert result["moves"] == 24 or result["winner"] != -1
    assert result["save_replays"] is True
    assert result["save_files"] == ["game", "game.bak"]


def test_a_whole_trap_game_on_the_reference_profile_under_micropython():
    result = vm_session("human", "trap", "pico_lcd13", "5")
    assert result["winner"] != -1
    assert result["save_replays"] is True


SAVES_SCRIPT = r'''
from firmware import saves
folder = "/s"
def game(moves):
    return saves.SavedGame("trap", {"size": "8"}, ["human", "ai-easy"], moves, "")
saves.save_game(folder, game(["d4"]))
saves.save_game(folder, game(["d4", "e5"]))
saved, index, notes = saves.load_game(folder)
assert (saved.moves, index, notes) == (["d4", "e5"], 0, []), (saved.moves, index, notes)
text = open(folder + "/game").read()
open(folder + "/game", "w").write(text[:len(text) // 2])          # a write cut short
saved, index, notes = saves.load_game(folder)
assert saved.moves == ["d4"] and index == 2 and "incomplete" in notes[0], (saved.moves, index, notes)
body = text.replace("THOLIA-SAVE 1", "THOLIA-SAVE 9")
body = body[:body.index("end ")]
open(folder + "/game", "w").write(body + "end 2 %d\n" % saves.checksum(body))
saved, index, notes = saves.load_game(folder)
assert saved.moves == ["d4"] and "version 9" in notes[0], notes
import os
os.rename(folder + "/game.bak", folder + "/game.new")          # cut between the two renames
os.remove(folder + "/game")
saved, index, notes = saves.load_game(folder)
assert saved.moves == ["d4"] and index == 1, (index, notes)
settings = saves.load_settings(folder, {"level": "normal", "targets": "on"})
assert settings == {"level": "normal", "targets": "on"}
saves.save_settings(folder, {"level": "hard", "targets": "off"})
assert saves.load_settings(folder, {"level": "normal", "targets": "on"}) == {"level": "hard", "targets": "off"}
print("saves ok")
'''


def test_saves_and_their_fallbacks_under_micropython(tmp_path):
    script = tmp_path / "saves_check.py"
    script.write_text(SAVES_SCRIPT)
    proc = subprocess.run(["node", "tools/mpyvm.mjs"] + MOUNTS + [str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "saves ok" in proc.stdout, proc.stdout + proc.stderr
