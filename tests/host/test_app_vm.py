"""The app under the real MicroPython VM (WebAssembly port, with the real framebuf): the menus,
each game's move entry through the d-pad, autosave and replay, and the save file's fallbacks.
Driven by tools/vm/vm_app_session.py and tools/vm/vm_steps.mjs."""
import json
import os
import subprocess

import pytest

from shared_rules import registry
import shared_rules.games  # noqa: F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOUNTS = ["--mount", "firmware:/firmware", "--mount", "shared_rules:/shared_rules", "--mount", "boards:/boards",
          "--mount", "tools:/tools"]


def run_vm_script(tmp_path, text, done_line):
    """Runs `text` under the VM with the app mounted; it must exit cleanly and print done_line."""
    script = tmp_path / "script.py"
    script.write_text(text)
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs"] + MOUNTS + [str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and done_line in proc.stdout, proc.stdout[-3000:] + proc.stderr[-3000:]


def vm_session(*args):
    proc = subprocess.run(["node", "tools/vm/vm_steps.mjs"] + MOUNTS + ["tools/vm/vm_app_session.py"] + list(args),
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
    # What the heap holds at the end: every part a real size, and the parts add up.
    parts = result["heap_parts_kb"]
    assert parts["framebuffer"] == 28.1 and 24 < parts["layer"] < 25
    assert parts["code"] > 20 and parts["game_view_session"] > 0 and parts["other"] > 0
    total = sum(parts[k] for k in ("game_view_session", "layer", "code", "framebuffer", "other"))
    assert abs(total - parts["live_at_the_end"]) < 0.3


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
allowed = {"level": ("normal", "hard"), "targets": ("on", "off")}
assert saves.load_settings(folder, allowed) == ({"level": "normal", "targets": "on"}, [])
saves.save_settings(folder, {"level": "hard", "targets": "off"})
assert saves.load_settings(folder, allowed) == ({"level": "hard", "targets": "off"}, [])
print("saves ok")
'''


def test_saves_and_their_fallbacks_under_micropython(tmp_path):
    script = tmp_path / "saves_check.py"
    script.write_text(SAVES_SCRIPT)
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs"] + MOUNTS + [str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "saves ok" in proc.stdout, proc.stdout + proc.stderr


TOUR_SCRIPT = r'''
from firmware import saves
from tools.device.app_driver import choose_game
from tools.vm.vm_app_session import Stop, menu_app
import shared_rules.games

hw, app = menu_app("pico_lcd13", "/tour")
keys = ["down", "down", "a"] + choose_game("trap") + ["right"] * 5 + ["b", "b"]  # Rules: Trap, paged
keys += ["down", "a", "down", "down", "right", "down", "down", "down", "a"]   # Settings: targets off
keys += ["down", "a", "b"]                                                 # About
keys += ["up", "up", "up", "up", "a"] + choose_game("trap") + ["up", "left", "left", "down", "a"]
keys += ["a", "a"]                                       # New game, 2 humans: two balls placed
keys += ["b", "down", "a"]                               # pause menu: Undo
keys += ["y", "a"]                                       # Y: hint (the AI), A plays it
keys += ["b", "up", "a"]                                 # Save and quit
keys += ["a", "b", "up", "up", "a", "down", "a"]         # Continue, pause, Resign, yes
keys += ["a", "down", "a"]                               # game over: any key, then Rematch
hw.script = keys
log = []          # (decisions, result) at every save
real_save = app.save


def save(session):
    log.append((len(session.game.history), session.result))
    real_save(session)


app.save = save
try:
    app.main_menu()
except Stop:
    pass
assert not hw.script, hw.script
assert saves.load_settings("/tour", {"targets": ("on", "off")})[0]["targets"] == "off"
saved, index, notes = saves.load_game("/tour")
assert saved.moves == [] and saved.result == "", (saved.moves, saved.result)   # the rematch
assert app.session is not None and app.session.game.history == []
# Placed 2, undo back to 1, the hint played the 2nd, Light (to move) resigned, the rematch.
assert log[:4] == [(0, ""), (1, ""), (2, ""), (1, "")], log
assert (2, "") in log[4:] and (2, "resign 0") in log and log[-1] == (0, ""), log
print("tour ok")
'''


def test_menus_pause_menu_hint_resign_and_rematch_under_micropython(tmp_path):
    run_vm_script(tmp_path, TOUR_SCRIPT, "tour ok")


MODULES_SCRIPT = r'''
import sys
from tools.device.app_driver import choose_game
from tools.vm.vm_app_session import Stop, menu_app
from shared_rules import registry
import shared_rules.games

hw, app = menu_app("pico_lcd13", "/modules")
keys = ["a"] + choose_game("tholian_go") + ["up", "left", "left", "down", "a"]
keys += ["b", "up", "a"]                        # two humans; pause menu: Save and quit
keys += ["down", "a"] + choose_game("trap") + ["a"]   # New game: Trap, human vs AI
keys += ["down", "a"]                           # it replaces the saved Tholian Go game: yes
hw.script = keys
try:
    app.main_menu()
except Stop:
    pass
assert not hw.script, hw.script
assert app.session is not None and app.session.name == "trap"
loaded = sorted(m for m in sys.modules if m.startswith("shared_rules.") or m.startswith("firmware.views."))
print("loaded", loaded)
others = [m for m in loaded for g in registry.game_names() if g != "trap" and g in m]
assert not others, others
for m in ("shared_rules.trap.rules", "firmware.views.trap"):    # the AI's code comes when it thinks
    assert m in loaded, m
print("modules ok")
'''


def test_only_the_active_games_modules_stay_imported_under_micropython(tmp_path):
    # Issue: "only the active game's modules are imported": Tholian Go, then Trap against the AI.
    run_vm_script(tmp_path, MODULES_SCRIPT, "modules ok")


END_SCRIPT = r'''
import sys
from firmware.app import HUMAN, Session
from tools.vm.vm_app_session import Stop, menu_app
from shared_rules import registry
import shared_rules.games

hw, app = menu_app("mono128", "/end")
errors = []
app.ui.message = lambda title, text: errors.append(title + ": " + text)
app.residency.hold_game("trap")
game = registry.create("trap")
session = Session("trap", game, [HUMAN, HUMAN])
for text in "h1 b6 h2 c6 h3 b7 h4 c7".split():     # Dark traps the b6 dot
    session.play(game.move_from_text(text))
session.view = app.load_view(session)
# Game over: any key; Review (its last item); a turn back, a step back and on, a turn on, the
# move list and a page on; out of the list, out of the review; B: the main menu.
hw.script = ["a", "up", "a", "left", "up", "down", "right", "a", "right", "b", "b", "b"]
try:
    for _ in app.play(session):     # a decision at a time
        pass
except Stop:
    pass
assert not errors, errors
assert not hw.script, hw.script
for module in ("firmware.review", "firmware.endings", "firmware.pause", "shared_rules.trap.ending"):
    assert module not in sys.modules, module     # the end screen's code leaves with it
assert len(game.history) == 8 and game.winner() == 1 and game.end_reason() == "trap"
assert game.status_text() == "to_move=none winner=Dark reason=trap"
session.result = ""
from firmware import pause
pause.undo(app, session)
assert len(game.history) == 7 and session.redo and session.turn_number() == 8
for move in session.redo.pop():
    session.play(move)
assert len(game.history) == 8 and not session.redo and session.turn_number() == 8
print("end ok")
'''


def test_the_end_screen_review_and_redo_under_micropython(tmp_path):
    run_vm_script(tmp_path, END_SCRIPT, "end ok")
