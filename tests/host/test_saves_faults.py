"""Saves and settings under faults: files too big to read, running out of memory while
loading, damaged settings, end lines CPython and MicroPython would read differently, text the
8x8 font cannot draw.  The app is driven by tests/host/app_harness.py; the same files are also
judged under the real MicroPython VM."""
import json
import os
import re
import subprocess

import pytest

from app_harness import FakeHW, dismissing, run_app, move_script
from firmware import save_files, saves
from shared_rules import registry
from firmware.app import SETTINGS
from test_app import PAUSE_QUIT, new_game_keys, read_file, saved_moves, trap_game, write_file
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def shown(hw):
    return " ".join(f for frame in hw.frames for f in frame)


def sealed_save(moves, body_edit=None):
    """A save of a Trap game between two humans with `moves`, its body changed by body_edit."""
    text = saves.to_text(saves.SavedGame("trap", {"dots": "five", "size": "8"}, ["human", "human"], moves))
    body = text[:text.rindex("end ")]
    if body_edit:
        body = body_edit(body)
    return body + "end %d %d\n" % (len(moves), saves.checksum(body))


def device_heap(monkeypatch, limit):
    """Reading more than `limit` bytes at once raises MemoryError, as on the device's heap."""
    real_open = open

    class Reader:
        def __init__(self, f):
            self.f = f

        def read(self, n=-1):
            if (n < 0 or n > limit) and os.fstat(self.f.fileno()).st_size > limit:
                raise MemoryError()
            return self.f.read(n)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    # The module that reads the files (firmware/save_files.py) stays imported while the app drops
    # and re-imports firmware/saves.py: patched there, the limit holds for every app run.
    monkeypatch.setattr(save_files, "open", lambda path, mode="r": Reader(real_open(path, mode)) if "r" in mode
                        else real_open(path, mode), raising=False)


# --- 1. a save too big to read --------------------------------------------------------------------

def test_a_save_too_big_to_read_is_refused_unread_and_the_backup_resumes(tmp_path, monkeypatch):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    write_file(tmp_path, "game", "x" * 200000)          # garbage over the good save
    device_heap(monkeypatch, 100000)
    hw = FakeHW(tmp_path, ["a"], driver=move_script([], ["a"]))
    app = run_app(hw)
    assert "too big" in shown(hw) and "Out of memory" not in shown(hw)
    assert app.session.texts() == ["d4", "e5"]


def test_read_text_never_reads_more_than_the_bound(tmp_path):
    path = str(tmp_path / "game")
    write_file(tmp_path, "game", "y" * (saves.MAX_FILE_BYTES + 1))
    with pytest.raises(saves.SaveError, match="too big"):
        saves.read_text(path)


# --- 2. out of memory while loading keeps the save ------------------------------------------------

def test_a_save_that_ran_out_of_memory_while_replaying_is_kept_and_the_player_told(tmp_path, monkeypatch):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    newest = read_file(tmp_path, "game")
    real_create = registry.create
    calls = []

    def create(name, options=None):      # the first replay (of the newest save) runs out of memory
        calls.append(name)
        if len(calls) == 1:
            raise MemoryError()
        return real_create(name, options)
    monkeypatch.setattr(registry, "create", create)
    hw = FakeHW(tmp_path, ["a", "a"], driver=move_script(["f6", "c6"], PAUSE_QUIT))
    app = run_app(hw)
    assert "not enough memory" in shown(hw) and "kept" in shown(hw)
    assert saved_moves(tmp_path) == ["d4", "e5", "f6", "c6"]       # resumed from the backup
    assert read_file(tmp_path, "game.kept") == newest               # two saves later, still there
    assert app.session is None

    # When nothing else loads, Continue offers the kept save (memory permitting).
    for name in ("game", "game.bak"):
        os.remove(os.path.join(tmp_path, name))
    app = run_app(FakeHW(tmp_path, ["a"]))
    assert app.session.texts() == ["d4", "e5", "c3"]


def test_a_save_that_runs_out_of_memory_while_reading_is_kept(tmp_path, monkeypatch):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    newest = read_file(tmp_path, "game")
    device_heap(monkeypatch, len(newest) - 1)         # only the newest save is too big for the heap
    saved, index, messages = saves.load_game(str(tmp_path))
    assert saved.moves == ["d4", "e5"] and index == 2
    assert "not enough memory" in messages[0] and "kept" in messages[0]
    assert read_file(tmp_path, "game.kept") == newest and not os.path.exists(tmp_path / "game")


def test_showing_the_main_menu_moves_no_save_aside(tmp_path, monkeypatch):
    # The menu reads the save to describe it; running out of memory there is no verdict.
    trap_game(tmp_path, ["d4", "e5", "c3"])
    newest = read_file(tmp_path, "game")
    device_heap(monkeypatch, len(newest) - 1)
    hw = FakeHW(tmp_path)
    run_app(hw)
    assert hw.frames[-1][:2] == ["Tholia", "Continue"]
    assert read_file(tmp_path, "game") == newest and not os.path.exists(tmp_path / "game.kept")


def test_erase_saved_game_removes_the_kept_save_too(tmp_path):
    write_file(tmp_path, "game.kept", sealed_save(["d4"]))
    assert saves.has_game(str(tmp_path))
    saves.delete_game(str(tmp_path))
    assert not saves.has_game(str(tmp_path))


# --- 3. settings ----------------------------------------------------------------------------------

NEW_GAME_VS_AI = new_game_keys("trap", humans=False)


@pytest.mark.parametrize("sealed", [False, True])
def test_a_bad_settings_value_falls_back_to_the_default_with_a_notice(tmp_path, sealed):
    body = "demo=normal\nlevel=xyz\ntargets=on\n"
    # unsealed, as older versions wrote it; or sealed, with a value that is not allowed
    write_file(tmp_path, "settings", saves.seal(body, 3) if sealed else body + "end\n")
    hw = FakeHW(tmp_path, ["a"] + NEW_GAME_VS_AI, driver=move_script(["d4"], PAUSE_QUIT))
    app = run_app(hw)
    assert hw.frames[0][0] == "Settings" and "Error" not in shown(hw)
    assert ("Setting level=xyz is not valid: normal is used" if sealed else
            "The settings file is incomplete") in shown(hw), shown(hw)
    assert app.settings["level"] == "normal"
    assert saves.from_text(read_file(tmp_path, "game")).players == ["human", "ai-normal"]
    # The notice is shown once: the repaired settings replace the file.
    assert saves.load_settings(str(tmp_path), SETTINGS) == ({"demo": "normal", "level": "normal", "sound": "on",
                                                              "targets": "on"}, [])


def test_a_flipped_bit_in_the_settings_is_caught_by_the_checksum(tmp_path):
    saves.save_settings(str(tmp_path), {"demo": "fast", "level": "hard", "targets": "off"})
    saves.save_settings(str(tmp_path), {"demo": "slow", "level": "hard", "targets": "off"})
    text = read_file(tmp_path, "settings")
    at = text.index("hard")
    write_file(tmp_path, "settings", text[:at] + chr(ord(text[at]) ^ 1) + text[at + 1:])   # "jard"
    settings, notes = saves.load_settings(str(tmp_path), SETTINGS)
    assert settings == {"demo": "fast", "level": "hard", "sound": "on", "targets": "off"}     # the previous copy
    assert "checksum" in notes[0] and "previous copy" in notes[-1]
    os.remove(os.path.join(tmp_path, "settings.bak"))
    settings, notes = saves.load_settings(str(tmp_path), SETTINGS)
    assert settings == {"demo": "normal", "level": "normal", "sound": "on", "targets": "on"} and "default" in notes[-1]


# --- 4. end lines and every byte judged alike on both VMs -----------------------------------------

def test_end_lines_with_non_ascii_digits_or_huge_numbers_are_save_errors():
    good = sealed_save(["d4"])
    body = good[:good.rindex("end ")]
    for end in ("end \u00b2 %d\n" % saves.checksum(body), "end 1 %s\n" % ("9" * 5000),
                "end 1 \u0661\n", "end 1 %d \n" % saves.checksum(body), "end  1 %d\n" % saves.checksum(body)):
        with pytest.raises(saves.SaveError):
            saves.from_text(body + end)


# name -> file content (bytes): each judged by load_game on CPython and on the MicroPython VM.
def fault_cases():
    good = sealed_save(["d4", "e5"]).encode()
    cases = {
        "good": good,
        "crlf": good.replace(b"\n", b"\r\n"),
        "superscript_count": sealed_save(["d4"]).replace("end 1 ", "end \u00b2 ").encode(),
        "huge_checksum": good[:good.rindex(b"end ")] + b"end 2 " + b"7" * 5000 + b"\n",
        "arabic_move": sealed_save(["\u0661\u0662c3"]).encode(),
        "unicode_space_option": sealed_save(["d4"], lambda b: b.replace("dots=five ", "dots=five\u2003")).encode(),
        "control_space_players": sealed_save(["d4"], lambda b: b.replace("human human", "human\x1chuman")).encode(),
        "bad_utf8": good[:20] + b"\xff\xfe" + good[22:],
        "nul_byte": good[:30] + b"\x00" + good[31:],
        "garbage_200k": b"x" * 200000,
    }
    return cases


JUDGE = r'''
import json, os
from firmware import saves
out = {}
for name in sorted(os.listdir("/cases")):
    saved, index, messages = saves.load_game("/cases/" + name)
    out[name] = [None if saved is None else [saved.game, saved.options, saved.players, saved.moves],
                 index, messages]
print("@@JUDGED " + json.dumps(out))
'''


def judge_here(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        saved, index, messages = saves.load_game(os.path.join(folder, name))
        out[name] = [None if saved is None else [saved.game, saved.options, saved.players, saved.moves],
                     index, messages]
    return out


def test_cpython_and_micropython_judge_every_damaged_save_alike(tmp_path):
    cases = tmp_path / "cases"
    for name, data in fault_cases().items():
        (cases / name).mkdir(parents=True)
        (cases / name / "game").write_bytes(data)
    host = judge_here(str(cases))
    script = tmp_path / "judge.py"
    script.write_text(JUDGE)
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", "--mount", "firmware:/firmware", "--mount",
                           "shared_rules:/shared_rules", "--mount", "%s:/cases" % cases, str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    lines = [l for l in proc.stdout.splitlines() if l.startswith("@@JUDGED ")]
    assert proc.returncode == 0 and lines, proc.stdout[-2000:] + proc.stderr[-2000:]
    device = json.loads(lines[0][9:])
    assert device == host
    assert host["good"][0][3] == ["d4", "e5"]
    # A control character is ASCII: that save parses alike on both (its players line is then
    # refused by the replay); every other one is refused on reading.
    assert host["control_space_players"][0][2] == ["human\x1chuman"]
    assert all(host[name][0] is None for name in host if name not in ("good", "control_space_players")), host


CHECKSUM_INTERNS = """
import micropython
from firmware import save_files
text = bytes(range(32, 127)).decode() * 2   # made without interning a character
micropython.qstr_info()
print('@@CHECKSUM', save_files.checksum(text))
micropython.qstr_info()
"""


def test_the_checksum_interns_no_character_of_the_text(tmp_path):
    """Memory: a save's checksum interned (MicroPython, for good) each character of the game's
    text it had not met yet, as it iterated the text; summed over the bytes, it interns none, and
    the sum is the same."""
    text = bytes(range(32, 127)).decode() * 2
    script = tmp_path / "checksum.py"
    script.write_text(CHECKSUM_INTERNS)
    proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", "--mount", "firmware:/firmware", "--mount",
                           "shared_rules:/shared_rules", str(script)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    interned = [int(n) for n in re.findall(r"n_qstr=(\d+)", proc.stdout)]
    value = re.findall(r"@@CHECKSUM (\d+)", proc.stdout)
    assert len(interned) == 2 and value, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert interned[1] == interned[0]
    a, b = 1, 0
    for ch in text:    # the sum as saves have always been sealed
        a = (a + ord(ch)) % 65521
        b = (b + a) % 65521
    assert int(value[0]) == save_files.checksum(text) == (b << 16) | a


# --- 5. only what the font can draw reaches the screen -------------------------------------------

def test_a_save_with_text_the_font_cannot_draw_is_refused_and_nothing_of_it_is_shown(tmp_path):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    write_file(tmp_path, "game", sealed_save(["\u0661\u0662c3"]))
    hw = FakeHW(tmp_path, ["a"], driver=move_script([], ["a"]))
    app = run_app(hw)
    assert "not plain text" in shown(hw)
    assert all(32 <= ord(ch) <= 126 for ch in shown(hw)), shown(hw)
    assert app.session.texts() == ["d4", "e5"]


def test_messages_draw_characters_outside_the_font_as_question_marks(tmp_path):
    from firmware.ui import UI
    hw = FakeHW(tmp_path)
    ui = UI(hw)
    ui.text("caf\u00e9 \u0661", 0, 0)
    from firmware import widgets
    widgets.text_center(ui, "\u2003x", 10)
    assert hw.fb.strings() == ["caf? ?", "?x"]


def test_a_game_too_long_for_a_save_says_so_at_every_save_and_play_goes_on(tmp_path, monkeypatch):
    # The app never writes a save it would refuse to read.
    monkeypatch.setattr(save_files, "MAX_FILE_BYTES", len(sealed_save([])) - 1)
    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=dismissing(move_script(["d4", "e5", "c3"])))
    app = run_app(hw)
    assert [frame[0] for frame in hw.frames if frame].count("Not saved") == 4
    assert "too long to save" in shown(hw)
    assert app.session.texts() == ["d4", "e5", "c3"] and not os.listdir(tmp_path)


def test_a_save_is_read_with_a_buffer_of_its_own_size(tmp_path, monkeypatch):
    """On the virtual Pico, Continue after Save and quit set the save aside as unreadable: the
    read asked for MAX_FILE_BYTES + 1 (a 64 KB block the heap did not have).  It asks for the
    file's size and one byte more."""
    import builtins
    from firmware import save_files
    path = tmp_path / "game"
    path.write_bytes(b"x" * 300)
    asked = []
    real_open = builtins.open

    class Watched:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def read(self, n=-1):
            asked.append(n)
            return self.f.read(n)

    monkeypatch.setattr(builtins, "open", lambda p, mode="r", *a, **k: Watched(real_open(p, mode, *a, **k)))
    assert save_files.read_text(str(path)) == "x" * 300
    assert asked == [301]
