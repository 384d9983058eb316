"""The app under faults: out of memory while saving, a full flash, control characters
and text of any length from a save, a rematch at the seed's bound.  The app is driven by
tests/host/app_harness.py."""
import errno
import os
import random

import pytest

from app_harness import FakeHW, dismissing, run_app, move_script
from firmware import save_files, saves
from shared_rules import registry
from test_app import PAUSE_QUIT, new_game_keys, read_file, saved_moves, write_file

TRAP = {"dots": "five", "first": "light", "size": "8"}    # the new game form's defaults


def shown(hw):
    return " ".join(f for frame in hw.frames for f in frame)


def titles(hw):
    return [frame[0] for frame in hw.frames if frame]


def trap_texts(n, seed=5):
    """The notation of `n` random legal decisions of a Trap game (none of them ends it)."""
    game = registry.create("trap", TRAP)
    rng = random.Random(seed)
    texts = []
    while len(texts) < n:
        move = rng.choice(game.legal_moves())
        game.play(move)
        if game.is_over():
            game.undo()
            continue
        texts.append(game.move_to_text(move))
    return texts


def save_size(moves):
    return len(save_files.to_text(save_files.SavedGame("trap", TRAP, ["human", "human"], moves)))


def failing_text(monkeypatch, fail):
    """save_files.to_text raises MemoryError on the calls whose number (from 1) is in `fail`."""
    real = save_files.to_text
    calls = []

    def to_text(saved):
        calls.append(len(saved.moves))
        if len(calls) in fail:
            raise MemoryError()
        return real(saved)
    monkeypatch.setattr(save_files, "to_text", to_text)
    return calls


def flash(monkeypatch, folder, free):
    """The flash holds `free[0]` bytes of files in `folder` (changeable as the test goes on): a
    write past it makes its file and then fails with ENOSPC, as littlefs and FAT do."""
    real_open = open

    class Writer:
        def __init__(self, path, mode):
            self.name = os.path.basename(path)
            self.f = real_open(path, mode)

        def write(self, data):
            others = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder) if n != self.name)
            if others + self.f.tell() + len(data) > free[0]:
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.f.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    monkeypatch.setattr(save_files, "open", lambda path, mode="r": Writer(path, mode) if "w" in mode
                        else real_open(path, mode), raising=False)


# --- 1. out of memory while saving -----------------------------------------------------------------

def test_a_save_out_of_memory_once_is_tried_again_after_a_collection_and_kept(tmp_path, monkeypatch):
    texts = trap_texts(3)
    calls = failing_text(monkeypatch, {3})          # the save of the second move
    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=move_script(texts, PAUSE_QUIT))
    app = run_app(hw)
    assert calls == [0, 1, 2, 2, 3]
    assert "Not saved" not in titles(hw) and "Out of memory" not in titles(hw)
    assert saved_moves(tmp_path) == texts and app.session is None


def test_a_save_out_of_memory_says_not_saved_each_time_and_a_later_save_keeps_every_move(tmp_path, monkeypatch):
    texts = trap_texts(4)
    calls = failing_text(monkeypatch, {3, 4, 5, 6})   # the saves of moves 2 and 3, each tried twice
    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=dismissing(move_script(texts, PAUSE_QUIT)))
    app = run_app(hw)
    assert calls == [0, 1, 2, 2, 3, 3, 4]
    assert titles(hw).count("Not saved") == 2 and "memory" in shown(hw)
    assert "was saved" not in shown(hw) and "Out of memory" not in titles(hw)
    assert saved_moves(tmp_path) == texts and app.session is None


def test_the_game_running_out_of_memory_does_not_claim_a_save_that_failed(tmp_path, monkeypatch):
    from firmware.app import App
    texts = trap_texts(2)
    failing_text(monkeypatch, set(range(3, 20)))     # no save after the first move's
    real_settle = App.settle

    def settle(self, session):          # the second move's screen runs out of memory after its save
        real_settle(self, session)
        if len(session.game.history) == 2:
            raise MemoryError()
    monkeypatch.setattr(App, "settle", settle)
    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=dismissing(move_script(texts, [])))
    app = run_app(hw)
    assert "Out of memory" in titles(hw)
    assert "was saved" not in shown(hw) and "not be saved" in shown(hw)
    assert saved_moves(tmp_path) == texts[:1] and app.session is None


# --- 2. a full flash ---------------------------------------------------------------------------------

def test_a_full_flash_says_not_saved_at_every_move_and_leaves_no_empty_new_file(tmp_path, monkeypatch):
    texts = trap_texts(6)
    # Room for the save of move 2 beside the game's (move 1), once the previous save (the new
    # game's) makes room: not for the third move's.
    flash(monkeypatch, str(tmp_path), [save_size(texts[:1]) + save_size(texts[:2]) + 2])
    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=dismissing(move_script(texts, [])))
    app = run_app(hw)
    assert titles(hw).count("Not saved") == 4, titles(hw)       # moves 3, 4, 5 and 6
    assert "could not be saved (the storage is full)" in shown(hw)
    assert sorted(os.listdir(tmp_path)) == ["game"]     # the previous save went to make room
    assert saved_moves(tmp_path) == texts[:2] and app.session.unsaved


def test_the_storages_errors_are_said_in_a_players_words():
    # MicroPython's OSError names few numbers (a full flash is "28"), the browser's too.
    from firmware import faults
    words = faults.failure_words
    assert words(OSError(errno.ENOSPC)) == "the storage is full"
    assert words(OSError(errno.EACCES)) == words(OSError(errno.EROFS)) == "the storage cannot be written"
    assert words(OSError(errno.EIO)) == "the storage failed"
    assert words(OSError(errno.ENOENT, "gone")) == str(OSError(errno.ENOENT, "gone"))


def test_a_full_flash_makes_room_by_removing_stale_files(tmp_path, monkeypatch):
    texts = trap_texts(4)
    write_file(tmp_path, "game.kept", "k" * 3000)
    write_file(tmp_path, "game.new", "n" * 3000)
    flash(monkeypatch, str(tmp_path), [3000 + 2 * save_size(texts)])    # game and game.new beside the kept
    # The main menu offers Continue first (the files are there): down to New game.
    hw = FakeHW(tmp_path, ["down"] + new_game_keys("trap"), driver=dismissing(move_script(texts, PAUSE_QUIT)))
    app = run_app(hw)
    assert "Not saved" not in titles(hw), shown(hw)
    assert sorted(os.listdir(tmp_path)) == ["game", "game.bak"]
    assert saved_moves(tmp_path) == texts and app.session is None


def test_save_and_quit_asks_before_leaving_an_unsaved_game(tmp_path, monkeypatch):
    texts = trap_texts(3)
    free = [save_size(texts[:1]) + save_size(texts[:2]) + 2]
    flash(monkeypatch, str(tmp_path), free)
    asked = []

    def then(hw):
        # Save and quit: not saved, so it asks; B is Back to the game, then Save and quit again.
        asked.append(hw.frames[-1][0])
        if len(asked) == 1:
            return PAUSE_QUIT
        if len(asked) == 2:
            return ["b"]
        if len(asked) == 3:
            return PAUSE_QUIT
        if len(asked) == 4:
            free[0] = 10 ** 6       # room again: Try again saves it and leaves
            return ["a"]
        return None

    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=dismissing(move_script(texts, []), then))
    app = run_app(hw)
    assert asked[1:4] == ["Save and quit", "Dark", "Save and quit"], asked      # Dark to move after 3
    menus = [frame for frame in hw.frames if frame and frame[0] == "Save and quit"]
    assert "Try again" in menus[0] and "Quit unsaved" in menus[0] and "Back" in menus[0]
    assert saved_moves(tmp_path) == texts
    assert app.session is None and hw.frames[-1][:2] == ["Tholia", "Continue"]


def test_save_and_quit_can_leave_the_game_unsaved_when_the_player_says_so(tmp_path, monkeypatch):
    texts = trap_texts(3)
    flash(monkeypatch, str(tmp_path), [save_size(texts[:1]) + save_size(texts[:2]) + 2])
    hw = FakeHW(tmp_path, new_game_keys("trap"), driver=dismissing(move_script(texts, PAUSE_QUIT), lambda hw: None
                                                                    if hw.frames[-1][0] != "Save and quit" else ["down", "a"]))
    app = run_app(hw)
    assert "Quit unsaved" in shown(hw)
    assert saved_moves(tmp_path) == texts[:2]
    assert app.session is None and hw.frames[-1][:2] == ["Tholia", "Continue"]


# --- 5. a rematch at the seed's bound --------------------------------------------------------------

def test_a_rematch_at_the_seeds_bound_wraps_the_seed_within_its_range(tmp_path):
    from shared_rules.game import INT_RANGE
    saves.save_game(str(tmp_path), saves.SavedGame("tholian_go", {"seed": "999999999", "variant": "lucky"},
                                                    ["human", "human"], [], "resign 0"))
    # Review, any key past the final position, Rematch, then Save and quit from the new game.
    hw = FakeHW(tmp_path, ["a", "a", "down", "a"] + PAUSE_QUIT)
    app = run_app(hw)
    assert "Error" not in titles(hw) and "GameError" not in shown(hw), shown(hw)
    saved = saves.from_text(read_file(tmp_path, "game"))
    assert saved.options["seed"] == str(INT_RANGE[0]) and saved.result == "" and saved.moves == []
    assert app.session is None and hw.frames[-1][:2] == ["Tholia", "Continue"]


def test_a_rematch_the_rules_refuse_says_why_and_goes_back_to_the_game_over_menu(tmp_path, monkeypatch):
    from shared_rules.game import GameError
    saved = saves.SavedGame("tholian_go", {"seed": "7"}, ["human", "human"], [], "resign 0")
    saves.save_game(str(tmp_path), saved)
    real_create = registry.create

    def create(name, options=None):     # the replay's game is made; the rematch's is refused
        if options and options.get("seed") == "8":
            raise GameError("no rematch for this test")
        return real_create(name, options)
    monkeypatch.setattr(registry, "create", create)
    hw = FakeHW(tmp_path, ["a", "a", "down", "a", "a"])
    app = run_app(hw)
    assert titles(hw)[-3:] == ["Game over", "Rematch", "Game over"], titles(hw)
    assert "no rematch for this test" in shown(hw) and "Error" not in titles(hw)
    assert app.session.game is not None and app.session.result == "resign 0"
    assert read_file(tmp_path, "game") == save_files.to_text(saved)


# --- 3. only what the font draws reaches the screen ------------------------------------------------

def test_control_characters_are_drawn_as_question_marks(tmp_path):
    from firmware.ui import UI
    hw = FakeHW(tmp_path)
    ui = UI(hw)
    ui.text("a\tb\x01c\x1b\x7f", 0, 0)
    from firmware import widgets
    widgets.text_center(ui, "\x00x", 10)
    assert hw.fb.strings() == ["a?b?c??", "?x"]


def test_control_characters_from_a_save_reach_neither_the_menu_nor_the_save_problem(tmp_path):
    saves.save_game(str(tmp_path), saves.SavedGame("tr\tap\x01", TRAP, ["human", "human"], ["d\x1b4"]))
    write_file(tmp_path, "game.bak", save_files.to_text(saves.SavedGame("trap", TRAP, ["human", "human"], ["d\t4\x01"])))
    hw = FakeHW(tmp_path, ["a", "right", "right", "a"])    # Continue: the message's three pages
    run_app(hw)
    assert hw.frames[0][-1] == "tr?ap? #2", hw.frames[0]     # the menu's footer, clear of its "more" mark
    assert "unknown game 'tr?ap?'" in shown(hw) and "d?4?" in shown(hw), shown(hw)
    assert all(32 <= ord(ch) <= 126 for ch in shown(hw)), shown(hw)


# --- 4. messages quote file text of a bounded length -----------------------------------------------

LONG = "x" * 60000
GOOD_LINES = ["THOLIA-SAVE 1", "game trap", "options dots=five first=light size=8", "players human human",
              "result ", "m d4"]
# Where the long text goes in the save: (line index, its new text).
LONG_PLACES = {
    "version": (0, "THOLIA-SAVE " + LONG),
    "game": (1, "game " + LONG),
    "option word": (2, "options dots=five " + LONG),
    "option name": (2, "options dots=five %s=1" % LONG),
    "option value": (2, "options dots=%s" % LONG),
    "player": (3, "players human " + LONG),
    "result": (4, "result " + LONG),
    "move": (5, "m " + LONG),
    "move with a good start": (5, "m d4" + LONG),
}


def recorded_messages(monkeypatch):
    from firmware.ui import UI
    said = []
    real = UI.message

    def message(self, title, text):
        said.append((title, text))
        real(self, title, text)
    monkeypatch.setattr(UI, "message", message)
    return said


@pytest.mark.parametrize("place", sorted(LONG_PLACES))
def test_a_message_quotes_at_most_40_characters_of_a_saves_text(tmp_path, monkeypatch, place):
    lines = list(GOOD_LINES)
    index, line = LONG_PLACES[place]
    lines[index] = line
    write_file(tmp_path, "game", saves.seal("\n".join(lines) + "\n", 1))
    said = recorded_messages(monkeypatch)
    run_app(FakeHW(tmp_path, ["a", "a"]))
    assert said, place
    for title, text in said:
        assert "x" * 41 not in text and len(text) < 300, (place, title, text[:300])
    # the rules' own message may clip a move text shorter than the app's 40 characters
    assert any("xxx..." in text for _, text in said), said


def test_a_settings_message_quotes_at_most_40_characters_of_the_file(tmp_path, monkeypatch):
    write_file(tmp_path, "settings", saves.seal("demo=normal\nlevel=%s\ntargets=on\n" % LONG, 3))
    said = recorded_messages(monkeypatch)
    run_app(FakeHW(tmp_path, ["a"]))
    assert said[0][0] == "Settings" and "level=" + "x" * 40 + "... is not valid" in said[0][1], said[0][1][:300]
    assert len(said[0][1]) < 300
