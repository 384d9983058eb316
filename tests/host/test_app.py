"""The handheld app driven headlessly with scripted buttons (tests/host/app_harness.py)."""
import os
import random
import re
from pathlib import Path

import pytest

from app_harness import FakeHW, IdleHW, PROFILES, dismissing, run_app, random_mover, presses_for, move_script
from firmware.app import Session
from firmware import saves
from shared_rules import ai, registry
from tools.device.app_driver import choose_game
import shared_rules.games  # noqa: F401

# New game -> first game in the list (the registry sorts by name) -> the options form starts on
# "Start"; UP reaches the second player's row (default "AI normal"), LEFT twice makes it "Human".
TWO_HUMANS = ["up", "left", "left", "down", "a"]


def new_game_keys(name, humans=True):
    return ["a"] + choose_game(name) + (TWO_HUMANS if humans else ["a"])


def saved_moves(folder):
    with open(os.path.join(folder, "game")) as f:
        return saves.from_text(f.read()).moves


def test_main_menu_lists_the_screens_and_about_names_the_board(tmp_path):
    hw = FakeHW(tmp_path, ["up", "a"])       # wraps to About
    run_app(hw)
    assert hw.frames[0][:6] == ["Tholia", "New game", "Learn to play", "Rules", "Settings", "About"]
    about = hw.screen()
    assert "About" in about and "mono128" in about


def test_continue_appears_only_with_a_save(tmp_path):
    hw = FakeHW(tmp_path, new_game_keys("trap") + ["a", "b", "up", "a"])
    run_app(hw)   # one ball placed, B opens the pause menu, "Save and quit"
    assert saved_moves(tmp_path) == ["d4"]
    assert hw.frames[-1][:2] == ["Tholia", "Continue"]


def test_settings_are_saved_and_read_back(tmp_path):
    # Settings: AI level normal -> hard (RIGHT), targets on -> off, then "Save".
    hw = FakeHW(tmp_path, ["down", "down", "down", "a", "down", "right", "down", "right", "down", "down", "down", "a"])
    run_app(hw)
    from firmware.app import SETTINGS
    assert saves.load_settings(str(tmp_path), SETTINGS) == ({"level": "hard", "targets": "off", "demo": "normal",
                                                             "sound": "on"}, [])


def test_the_level_names_come_from_ai_LEVELS_alone():
    # A new level is one line in shared_rules/levels.py (ai.LEVELS; and one per game's tuning): no
    # list of the level names, or of the players' words made from them, in the app or in the
    # tools that drive it through its menus.
    import ast
    from shared_rules import ai
    words = {"ai-" + level for level in ai.LEVELS} | {"AI " + level for level in ai.LEVELS}
    words |= set(ai.LEVELS) - {"normal"}         # "normal" is also a demo speed
    root = Path(__file__).resolve().parents[2]
    tools = ["device/app_driver.py", "vm/vm_app_session.py", "vm/vm_screen_session.py",
             "device/vpico_games.py"]
    for path in list((root / "firmware").rglob("*.py")) + [root / "tools" / name for name in tools]:
        found = [node.value for node in ast.walk(ast.parse(path.read_text()))
                 if isinstance(node, ast.Constant) and node.value in words]
        assert not found, (path.name, found)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_level_choices_say_each_levels_strength_within_the_screen(tmp_path, profile):
    # The form of a new game, the second player's row (AI normal) stepped to hard; then the
    # Settings' AI level stepped to hard: each shows the level with its word of strength.
    from shared_rules.levels import STRENGTH
    hw = FakeHW(tmp_path, new_game_keys("trap", humans=False)[:-1] + ["up", "right", "b"], profile)
    run_app(hw)
    shown = [t for frame in hw.frames for t in frame if "hard (" in t]
    assert shown and shown[-1].strip("<>") in ("AI hard (%s)" % STRENGTH["hard"][0], "hard (%s)" % STRENGTH["hard"][1])
    rows = 5 if profile == "odroid_go" else 4     # (the ODROID-GO's Sound row)
    hw = FakeHW(tmp_path, ["down", "down", "down", "a"] + ["up"] * rows + ["right"], profile)
    run_app(hw)
    assert any(t.strip("<>").startswith("hard (") for t in hw.frames[-1]), hw.frames[-1]
    assert hw.cut == [] and hw.fb.overlaps == [], (hw.cut, hw.fb.overlaps)


def test_strength_words_take_the_longest_form_that_fits_every_level():
    from firmware.menus import strength_words
    levels = ai.LEVELS
    wide = strength_words("AI ", levels, 27)
    assert wide["AI hard"] == "AI hard (strongest)" and wide["AI easy"] == "AI easy (weakest)"
    narrow = strength_words("AI ", levels, 13)       # mono128: 16 columns less "<", ">" and one
    assert narrow["AI normal"] == "normal (mid)" and max(len(w) for w in narrow.values()) <= 13
    assert strength_words("", levels, 17)["normal"] == "normal (stronger)"
    assert strength_words("AI ", levels, 5) == {}    # no room: the values as they are


def test_player_words_and_results_are_parsed_by_their_parts():
    from firmware.app import HUMAN, Session, ai_player, player_level
    assert player_level(ai_player("expert")) == "expert"
    assert player_level(HUMAN) is None and player_level("aiexpert") is None
    session = Session("trap", registry.create("trap"), [HUMAN, ai_player("hard")])
    assert session.level(1) == "hard" and session.level(0) is None and session.is_ai(1)
    assert session.resigned() == -1
    session.result = "resign 1"
    assert session.resigned() == 1 and session.winner() == 0
    session.result = "draw agreed"
    assert session.resigned() == -1


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



PAUSE_QUIT = ["b", "up", "a"]          # B opens the pause menu; its last item is Save and quit


def trap_game(tmp_path, texts, then=PAUSE_QUIT, humans=True, profile="mono128", more=()):
    hw = FakeHW(tmp_path, new_game_keys("trap", humans) + list(more), profile,
                driver=move_script(texts, then))
    app = run_app(hw)
    return hw, app


def write_file(folder, name, text):
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)


def read_file(folder, name):
    with open(os.path.join(folder, name)) as f:
        return f.read()


def test_autosave_after_every_move_keeps_the_previous_save(tmp_path):
    hw, app = trap_game(tmp_path, ["d4", "e5", "c3"])
    assert saved_moves(tmp_path) == ["d4", "e5", "c3"]
    previous = saves.from_text(read_file(tmp_path, "game.bak"))
    assert previous.moves == ["d4", "e5"]
    assert not os.path.exists(os.path.join(tmp_path, "game.new"))
    assert hw.frames[-1][:2] == ["Tholia", "Continue"]


def test_continue_resumes_the_saved_game(tmp_path):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    hw = FakeHW(tmp_path, ["a"], driver=move_script(["f6"], PAUSE_QUIT))
    app = run_app(hw)
    assert saved_moves(tmp_path) == ["d4", "e5", "c3", "f6"]
    assert app.session is None and hw.frames[-1][:2] == ["Tholia", "Continue"]


@pytest.mark.parametrize("idles, before", [(3, 2), (9, 5)])
def test_the_main_menu_replays_the_save_while_the_player_reads_it(tmp_path, monkeypatch, idles, before):
    """Continue replayed the save after the press (slow for Tholian Go).  The main menu
    replays it while it waits, a move at a time (a key is not
    kept waiting for the whole); Continue finishes what is left and makes the game no more."""
    moves = ["d4", "e5", "c3", "f6", "c6"]
    trap_game(tmp_path, moves)
    played = []
    made = []
    real_play = Session.play
    real_create = registry.create

    def play(session, move):
        played.append(hw.last_pressed)
        real_play(session, move)

    def create(name, options=None):
        made.append(name)
        return real_create(name, options)
    monkeypatch.setattr(Session, "play", play)
    monkeypatch.setattr(registry, "create", create)
    hw = IdleHW(tmp_path, ["idle"] * idles + ["a"])    # the game made, then a move per idle poll
    app = run_app(hw)
    assert played == [False] * before + [True] * (len(moves) - before)
    assert made == ["trap"] and app.session.texts() == moves


def test_a_save_that_fails_while_the_menu_replays_it_is_told_on_continue(tmp_path, monkeypatch):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    good = saves.from_text(read_file(tmp_path, "game"))
    good.moves = ["d4", "d4"]                  # well formed, but the second move is illegal
    write_file(tmp_path, "game", saves.to_text(good))
    made = []
    real_create = registry.create

    def create(name, options=None):
        made.append(hw.last_pressed)
        return real_create(name, options)
    monkeypatch.setattr(registry, "create", create)
    # The replay fails on the menu; the highlight moved down and up again (two more waits)
    hw = IdleHW(tmp_path, ["idle"] * 5 + ["down", "idle", "up", "idle", "a"], driver=move_script([], ["a"]))
    app = run_app(hw)
    assert made == [False, True, True]     # tried once on the menu; on Continue the newest, the previous
    shown = " ".join(f for frame in hw.frames for f in frame)
    assert "replayed" in shown and "illegal move d4" in shown
    assert app.session.texts() == ["d4", "e5"]


def test_a_cut_short_save_falls_back_to_the_previous_one(tmp_path):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    text = read_file(tmp_path, "game")
    write_file(tmp_path, "game", text[:len(text) // 2])     # power cut in the middle of a write
    hw = FakeHW(tmp_path, ["a"], driver=move_script([], ["a"]))
    app = run_app(hw)
    shown = " ".join(f for frame in hw.frames for f in frame)
    assert "Save problem" in shown and "incomplete" in shown and "previous save" in shown
    assert [app.session.game.move_to_text(m) for m in app.session.game.history] == ["d4", "e5"] or \
        app.session.texts() == ["d4", "e5"]


def test_an_unknown_version_or_an_unplayable_save_says_why_and_uses_the_previous(tmp_path):
    trap_game(tmp_path, ["d4", "e5", "c3"])
    good = saves.from_text(read_file(tmp_path, "game"))
    body = saves.to_text(good).replace("THOLIA-SAVE 1", "THOLIA-SAVE 7")
    body = body[:body.index("end ")]
    write_file(tmp_path, "game", body + "end 3 %d\n" % saves.checksum(body))
    hw = FakeHW(tmp_path, ["a"], driver=move_script([], ["a"]))
    app = run_app(hw)
    shown = " ".join(f for frame in hw.frames for f in frame)
    assert "version 7" in shown
    assert app.session.texts() == ["d4", "e5"]

    good.moves = ["d4", "d4"]                  # well formed, but the second move is illegal
    write_file(tmp_path, "game", saves.to_text(good))
    hw = FakeHW(tmp_path, ["a"], driver=move_script([], ["a"]))
    app = run_app(hw)
    shown = " ".join(f for frame in hw.frames for f in frame)
    assert "replayed" in shown and "illegal" in shown
    assert app.session.texts() == ["d4", "e5"]


def test_no_usable_save_is_a_message_not_a_crash(tmp_path):
    write_file(tmp_path, "game", "garbage\n")
    hw = FakeHW(tmp_path, ["a", "a"])
    app = run_app(hw)
    shown = " ".join(f for frame in hw.frames for f in frame)
    assert "No usable save" in shown
    assert app.session is None and hw.frames[-1][0] == "Tholia"


@pytest.mark.parametrize("error", [RuntimeError("board on fire"), MemoryError()])
def test_an_error_inside_the_game_shows_a_message_keeps_the_save_and_returns_to_the_menu(
        tmp_path, monkeypatch, error):
    from shared_rules.trap.rules import Trap
    real_play = Trap.play
    calls = []

    def failing_play(self, move):
        calls.append(move)
        if len(calls) == 3:
            raise error
        return real_play(self, move)
    monkeypatch.setattr(Trap, "play", failing_play)
    hw, app = trap_game(tmp_path, ["d4", "e5", "c3"], then=["a"])
    shown = " ".join(f for frame in hw.frames for f in frame)
    if isinstance(error, MemoryError):
        assert "Out of memory" in shown
    else:
        assert "RuntimeError" in shown and "board on fire" in shown
    assert saved_moves(tmp_path) == ["d4", "e5"]
    assert hw.frames[-1][:2] == ["Tholia", "Continue"]


def test_a_game_without_a_board_view_is_played_from_its_list_of_moves(tmp_path, monkeypatch):
    from firmware.app import App
    monkeypatch.setattr(App, "view_class", lambda self, name: None)
    first = registry.create("trap").legal_moves()
    game = registry.create("trap")
    texts = [game.move_to_text(m) for m in first]
    hw = FakeHW(tmp_path, new_game_keys("trap") + ["down", "a", "b"] + PAUSE_QUIT[1:])
    run_app(hw)
    lists = [f for f in hw.frames if f and f[0].endswith(": Trap")]
    assert lists and lists[0][1:3] == texts[:2], lists[:1]     # the title, then the moves
    assert saved_moves(tmp_path) == [texts[1]]      # the second move chosen, then B: the pause menu


def test_undo_takes_back_one_decision_between_humans(tmp_path):
    hw, app = trap_game(tmp_path, ["d4", "e5"], then=["b", "down", "a"] + PAUSE_QUIT)
    assert saved_moves(tmp_path) == ["d4"]


def test_resign_ends_the_game_for_the_player_to_move(tmp_path):
    # Pause menu: Resume, Undo, Hint, Offer draw, Resign, Save and quit -> Resign is 2 up.
    hw, app = trap_game(tmp_path, ["d4"], then=["b", "up", "up", "a", "down", "a"])
    # The side column is 6 characters wide: "resigned:" would break mid-word, the short form shows.
    assert hw.screen().split("|")[:2] == ["Light", "wins"]
    assert saves.from_text(read_file(tmp_path, "game")).result == "resign 1"


def test_a_draw_offer_accepted_by_the_other_human_ends_the_game(tmp_path):
    hw, app = trap_game(tmp_path, ["d4", "e5"], then=["b", "up", "up", "up", "a", "down", "a"])
    assert saves.from_text(read_file(tmp_path, "game")).result == "draw agreed"
    shown = " ".join(f for frame in hw.frames[-2:] for f in frame)
    assert "Draw" in shown


# Options form rows for Trap: dots, size, Light, Dark, Start (the cursor starts on Start).
TRAP_FORM = new_game_keys("trap")[:-len(TWO_HUMANS)]
AI_LIGHT_HUMAN_DARK = TRAP_FORM + ["up", "left", "left", "up", "right", "down", "down", "a"]
AI_BOTH = TRAP_FORM + ["up", "left", "up", "right", "down", "down", "a"]


def test_against_the_ai_it_answers_and_undo_takes_back_both_moves(tmp_path):
    hw, app = trap_game(tmp_path, ["d4"], then=["b", "down", "a"] + PAUSE_QUIT, humans=False)
    seen = [saves.from_text(read_file(tmp_path, "game.bak")).moves]
    assert seen == [["d4", seen[0][1]]] and len(seen[0]) == 2     # the AI answered d4
    assert saved_moves(tmp_path) == []                            # undo took both back
    assert any("Thinking" in "".join(frame) or "AI..." in "".join(frame) for frame in hw.frames)
    assert hw.partial_shows > 0          # the indicator was redrawn while the AI searched


def test_the_ai_search_can_be_cancelled_and_the_thinking_indicator_moves(tmp_path):
    hw = FakeHW(tmp_path, AI_LIGHT_HUMAN_DARK + ["!b"], driver=move_script([], ["up", "a"]))
    run_app(hw)
    titles = [frame[0] for frame in hw.frames if frame]
    assert "Paused" in titles                  # B during the search opened the pause menu
    assert saved_moves(tmp_path) == []         # and the AI's move was not played


def test_the_hint_preselects_the_ai_move_and_a_plays_it(tmp_path):
    expected = ai.choose_move(registry.create("trap"), "normal", None, 0)
    hw, app = trap_game(tmp_path, [], then=["b", "down", "a", "a"] + PAUSE_QUIT)
    assert saved_moves(tmp_path) == [registry.create("trap").move_to_text(expected)]


def test_ai_against_ai_demo_plays_a_whole_game(tmp_path):
    hw = FakeHW(tmp_path, AI_BOTH, driver=lambda hw: [] if hw.app.busy else None)
    app = run_app(hw)
    game = app.session.game
    assert game.is_over()
    screen = hw.screen().replace("|", "")
    assert "wins" in screen or "Draw" in screen
    assert saved_moves(tmp_path) == app.session.texts()


@pytest.mark.parametrize("name", registry.game_names())
def test_each_game_has_a_rules_page_with_its_rulings(tmp_path, name):
    # Rules -> the game; RIGHT pages down to the end.
    hw = FakeHW(tmp_path, ["down", "down", "a"] + choose_game(name) + ["right"] * 40 + ["b"], "pico_lcd13")
    run_app(hw)
    pages = [" ".join(frame[1:]) for frame in hw.frames if frame and frame[0] == registry.game_title(name)]
    text = " ".join(pages)
    assert "RULINGS" in text
    assert len(pages) > 2 and pages[-1] != pages[0]      # it pages
    import sys
    assert "firmware.rules_text." + name not in sys.modules   # dropped after reading


def test_out_of_memory_while_starting_a_game_is_a_message_and_back_to_the_menu(tmp_path, monkeypatch):
    from shared_rules.trap.rules import Trap

    def no_room(self, options=None):
        raise MemoryError()
    monkeypatch.setattr(Trap, "__init__", no_room)
    hw = FakeHW(tmp_path, new_game_keys("trap") + ["a"])
    app = run_app(hw)
    titles = [frame[0] for frame in hw.frames if frame]
    assert "Out of memory" in titles
    assert hw.frames[-1][0] == "Tholia" and app.session is None


def test_y_asks_for_a_hint_on_boards_that_have_it(tmp_path):
    expected = registry.create("trap").move_to_text(ai.choose_move(registry.create("trap"), "normal", None, 0))
    hw, app = trap_game(tmp_path, [], then=["y", "a"] + PAUSE_QUIT, profile="pico_lcd13")
    assert any(("Hint: " + expected) in " ".join(frame) for frame in hw.frames)
    assert saved_moves(tmp_path) == [expected]


def test_game_over_offers_undo_and_rematch(tmp_path):
    # Dark traps the b6 dot in the corner square b6-c7 (4 balls) while Light plays elsewhere.
    moves = ["h1", "b6", "h2", "c6", "h3", "b7", "h4", "c7"]
    hw, app = trap_game(tmp_path, moves, then=["a", "down", "down", "down", "a"] + PAUSE_QUIT)
    shown = " ".join(f for frame in hw.frames for f in frame)
    assert "Dark wins" in shown
    # Game over: any key, then the menu Main menu / Rematch / Show board / Undo: Undo.
    assert saved_moves(tmp_path) == moves[:-1]


def test_rematch_starts_the_same_game_again(tmp_path):
    moves = ["h1", "b6", "h2", "c6", "h3", "b7", "h4", "c7"]
    hw, app = trap_game(tmp_path, moves, then=["a", "down", "a"] + PAUSE_QUIT)
    assert saved_moves(tmp_path) == []
    assert app.session is None and hw.frames[-1][0] == "Tholia"


def test_a_game_without_a_board_view_is_played_from_a_list_of_moves(tmp_path, monkeypatch):
    from firmware.app import App
    monkeypatch.setattr(App, "load_view", lambda self, session: None)
    # The list starts on the first legal move (a1); A plays it, then B opens the pause menu.
    hw = FakeHW(tmp_path, new_game_keys("trap") + ["a", "b", "up", "a"])
    run_app(hw)
    assert saved_moves(tmp_path) == ["a1"]
    assert any(frame and frame[0].startswith("Light: Trap") and "a1" in frame for frame in hw.frames)


def test_a_save_folder_that_cannot_be_written_is_said_at_every_save_and_play_goes_on(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    hw = FakeHW(blocker / "saves", new_game_keys("trap"), driver=dismissing(move_script(["d4", "e5", "c3"])))
    app = run_app(hw)
    frames = [frame for frame in hw.frames if frame]
    shown = [frame[0] for frame in frames]
    assert shown.count("Not saved") == 4          # the new game's save, then each move's
    # It is said once the board is shown (the save waits for the screen), then the board is back.
    said = shown.index("Not saved")
    assert frames[said + 1] == frames[said - 1] and frames[said - 1][0] == "Light"
    assert app.session.texts() == ["d4", "e5", "c3"] and app.session.unsaved
    assert not (blocker / "saves").exists()


def test_trap_first_player_is_chosen_on_the_options_screen(tmp_path):
    """Trap's option first=dark (the seed: "Players decide who goes first"): the options form
    offers it (rows dots, first, size, Light, Dark, Start) and Dark places the first ball."""
    keys = ["a"] + choose_game("trap") + ["up"] * 4 + ["right"] + ["down"] * 3 + ["left", "left", "down", "a"]
    hw = FakeHW(tmp_path, keys + ["a", "b", "up", "a"])
    run_app(hw)   # one ball placed, then "Save and quit"
    with open(os.path.join(tmp_path, "game")) as f:
        saved = saves.from_text(f.read())
    assert saved.options["first"] == "dark" and saved.moves == ["d4"]
    game = registry.create("trap", saved.options)
    game.play_text("d4")
    assert game.board[game.cell_at(3, 3)] == 2   # Dark's ball


def human_turn_start(app):
    """Whether the human is at the start of a turn (nothing of the turn chosen yet)."""
    s = app.session
    return app.builder is not None and not app.builder.prefix and (
        not s.movers or s.movers[-1] != s.game.to_move())


def undo_after_turns(turns, rng):
    """A driver: random moves for the human for `turns` turns (the AI answers each), then the
    pause menu's Undo; it records the history at the start of each human turn."""
    starts = []

    def drive(hw):
        app = hw.app
        if app.busy or app.builder is None:
            return [] if app.busy else None
        if app.builder.prefix:
            return None
        if human_turn_start(app) and (not starts or starts[-1] != app.session.game.history):
            if len(starts) > turns:
                return None                          # back after the undo: stop
            starts.append(list(app.session.game.history))
            if len(starts) > turns:
                return ["b", "down", "a"]            # pause menu: Undo
        return presses_for(app.builder, rng.choice(app.builder.moves))
    return drive, starts


@pytest.mark.parametrize("name", registry.game_names())
def test_undo_against_the_ai_goes_back_to_where_the_human_last_chose(tmp_path, name):
    # Human against the easy AI; after three turns each, Undo takes back the AI's reply and the
    # human's whole last turn (all its decisions), and the autosave then holds that position.
    drive, starts = undo_after_turns(3, random.Random(7))
    keys = new_game_keys(name, humans=False)[:-1] + ["up", "left", "down", "a"]   # AI easy
    hw = FakeHW(tmp_path, keys, "pico_lcd13", driver=drive)
    app = run_app(hw)
    assert len(starts) == 4
    assert app.session.game.history == starts[2]
    assert len(saved_moves(tmp_path)) == len(starts[2])


def screens(hw):
    """The first string (the title) of each screen shown, once per run of equal titles."""
    out = []
    for frame in hw.frames:
        if frame and (not out or out[-1] != frame[0]):
            out.append(frame[0])
    return out


RAW_OPTION_NAMES = ("push_limit", "red_links", "ruleset", "transform", "lucky_scrimmage", "variant",
                    "seed", "space", "size", "dots", "board", "start")


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", registry.game_names())
def test_option_forms_speak_player_words_and_fit_the_screen(tmp_path, name, profile):
    # Each row selected in turn (UP from Start), each value stepped through with RIGHT.
    cls = registry.game_class(name)
    rows = len(cls.OPTIONS) + 2
    keys = ["a"] + choose_game(name)
    for _ in range(rows):
        keys += ["up"] + ["right"] * 9
    hw = FakeHW(tmp_path, keys + ["b", "b"], profile)
    run_app(hw)
    form = [f for f in hw.frames if f and f[0] == registry.game_title(name)]
    shown = [t for frame in form for t in frame]
    assert not [t for t in shown if t.strip() in RAW_OPTION_NAMES or "_" in t], shown
    assert hw.cut == []
    assert "Start" in shown and "Human" in shown
    # B went back to the game list (the game still selected), B again to the main menu.
    titles = [f[0] for f in hw.frames if f]
    assert titles[-2:] == ["New game", "Tholia"]


def test_the_dice_seed_steps_with_left_and_right_and_b_goes_back_to_the_game_list(tmp_path):
    cls = registry.game_class("tholian_go")
    seed_row = sorted(cls.OPTIONS).index("seed")
    up = len(cls.OPTIONS) + 2 - seed_row        # from Start up to the seed row
    keys = new_game_keys("tholian_go")[:3] + ["b", "a"]   # the form, B: the list, A: the form again
    keys += ["up"] * up + ["right", "right", "right", "left"] + ["down"] * up
    keys += ["up", "left", "left", "down", "a"]           # two humans, Start
    hw = FakeHW(tmp_path, keys, "mono128")
    app = run_app(hw)
    assert app.session.game.options["seed"] == "3"
    assert screens(hw)[:5] == ["Tholia", "New game", "Tholian Go", "New game", "Tholian Go"]
    assert any("<3>" in frame for frame in hw.frames)    # the selected value, framed by < >


def test_continue_says_what_it_resumes_and_a_new_game_asks_before_replacing_it(tmp_path):
    saves.save_game(str(tmp_path), saves.SavedGame("trap", {"size": "8", "dots": "five"},
                                                    ["human", "ai-hard"], ["d4", "e5", "c3"]))
    # New game (Continue is first), Lazo, Start: asked, "Keep it"; Start again: "Replace it".
    keys = ["down", "a", "a", "a", "a", "a", "down", "a"]
    hw = FakeHW(tmp_path, keys, "pico_lcd13", driver=lambda hw: None)
    app = run_app(hw)
    assert hw.frames[0][:2] == ["Tholia", "Continue"] and "Trap, move 4, vs AI hard" in hw.frames[0]
    assert screens(hw)[:7] == ["Tholia", "New game", "Lazo", "Saved game", "Lazo", "Saved game", "Black"]
    asked = [f for f in hw.frames if f and f[0] == "Saved game"]
    assert "saved Trap, move 4, vs AI hard?" in " ".join(asked[0])
    assert app.session.name == "lazo" and saved_moves(tmp_path) == []
    # On the small screen the line is shorter.
    saves.save_game(str(tmp_path), saves.SavedGame("tholian_go", {}, ["human", "human"], ["L3.1-L3.2"]))
    hw = FakeHW(tmp_path, [], "mono128")
    run_app(hw)
    assert hw.frames[0][-1] == "Tholian Go #2" and hw.selected() == ["Continue"]


def test_a_finished_game_is_offered_for_review_not_continued(tmp_path):
    moves = ["h1", "b6", "h2", "c6", "h3", "b7", "h4", "c7"]
    hw, app = trap_game(tmp_path, moves, then=["a", "a"])     # game over: any key, Main menu
    assert saves.from_text(read_file(tmp_path, "game")).result == "over"
    assert hw.frames[-1][:2] == ["Tholia", "Review"] and hw.frames[-1][-1] == "Trap finished"
    over = [f for f in hw.frames if "Dark wins" in " ".join(f)]
    assert over and all(" ".join(f).count("wins") == 1 and "Place" not in f for f in over)
    # Review: the final position and the game-over menu; its Undo makes it a game again.
    hw = FakeHW(tmp_path, ["a", "a", "down", "down", "down", "a", "b", "up", "a"])
    app = run_app(hw)
    assert saved_moves(tmp_path) == moves[:-1]
    assert saves.from_text(read_file(tmp_path, "game")).result == ""
    assert hw.frames[-1][:2] == ["Tholia", "Continue"]


def pager_text(hw, title):
    """The text of a paged screen, read back from its pages (each line once, page marks left out)."""
    lines = []
    for frame in hw.frames:
        if frame and frame[0] == title:
            for line in frame[1:]:
                if line not in lines and not re.match(r"^\d+/\d+$", line):
                    lines.append(line)
    return " ".join(lines)


# What each profile's Help page must name: its own buttons, not another board's.
BOARD_BUTTON_WORDS = {
    "pico_lcd13": (["Joystick", "X or joystick press: the pause menu", "Y: a hint"], ["MENU", "START"]),
    "odroid_go": (["D-pad", "MENU or START or SELECT: the pause menu"], ["Y:", "X or", "Joystick"]),
    "mono128": (["D-pad", "B: takes back"], ["MENU", "SELECT", "Y:", "X or"]),
}


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", registry.game_names())
def test_help_in_the_pause_menu_names_this_boards_buttons_and_explains_the_status_line(
        tmp_path, name, profile):
    status = __import__("firmware.rules_text." + name, None, None, ["STATUS"]).STATUS
    # Two humans; B opens the pause menu: Resume, Help (no undo yet, hint after it when there
    # is an AI), page through the help, B back to the pause menu, Rules, then Resume.
    hint = 1 if name != "none" else 0
    keys = new_game_keys(name) + ["b"] + ["down"] * (1 + hint) + ["a"] + ["right"] * 30 + ["b"]
    keys += ["down", "a", "b", "up", "up", "up", "a"]
    hw = FakeHW(tmp_path, keys, profile)
    run_app(hw)
    flat = " ".join(pager_text(hw, "Help").split())
    wanted, unwanted = BOARD_BUTTON_WORDS[profile]
    for words in wanted:
        assert words.replace(" ", "") in flat.replace(" ", ""), (words, flat)
    for words in unwanted:
        assert words not in flat, (words, flat)
    assert status.split(":")[0].replace(" ", "") in flat.replace(" ", "")
    assert "THE STATUS LINE" in flat.replace(" ", " ")
    assert registry.game_title(name) in screens(hw)          # the rules page from the pause menu
    assert screens(hw)[-1] != "Paused" and hw.cut == [] and hw.fb.overlaps == []   # resumed


@pytest.mark.parametrize("profile,legend", [("pico_lcd13", ["A:choose B:back X:pause"]),
                                            ("odroid_go", ["A:choose", "B:back", "MENU:pause"])])
def test_the_play_screen_shows_a_button_legend_where_there_is_room(tmp_path, profile, legend):
    hw = FakeHW(tmp_path, new_game_keys("trap"), profile, driver=lambda hw: None)
    run_app(hw)
    assert all(line in hw.frames[-1] for line in legend), hw.frames[-1]


def test_the_ai_declines_a_draw_in_the_opening_and_takes_one_only_when_not_ahead(tmp_path):
    # Lazo, human against the AI: the offer after one tile each is declined (it was once
    # accepted at move 5).  Later, the answer follows the AI's evaluation.
    from firmware.pause import DRAW_FROM, ai_takes_draw
    from shared_rules.rng import Rng
    keys = new_game_keys("lazo", humans=False)
    pause_draw = ["b", "down", "down", "down", "down", "down", "a"]   # Resume Undo Hint Help Rules Offer draw
    hw = FakeHW(tmp_path, keys, "pico_lcd13", driver=move_script(["1.1.1"], pause_draw + ["a"]))
    app = run_app(hw)
    assert "The AI declines the draw." in " ".join(pager_text(hw, "Draw offer").split())
    assert app.session.result == ""
    rng = Rng(3)
    for name in registry.game_names():
        game = registry.create(name)
        while len(game.history) < DRAW_FROM + 10 and game.legal_moves():
            if len(game.history) < DRAW_FROM:
                assert not ai_takes_draw(game, 0) and not ai_takes_draw(game, 1)
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        if game.legal_moves():
            tuner = ai.tuner_class(game)(game, ai.DEFAULT_LEVEL)
            for player in (0, 1):
                assert ai_takes_draw(game, player) == (tuner.evaluate(player) <= 0)


def test_mono128_tholian_go_looks_over_the_whole_board(tmp_path):
    # The board is taller than the 128x64 screen and the cursor visits only Red's targets at the
    # start: UP past the last of them scrolls on to Blue's end; a cursor move follows it again.
    hw = FakeHW(tmp_path, new_game_keys("tholian_go") + ["up"] * 12, "mono128", driver=lambda hw: None)
    app = run_app(hw)
    view = app.session.view
    assert view.scroll > 0 and view.pan == 0 and view.looking       # the top: Blue's end
    hw = FakeHW(tmp_path, ["a"] + ["up"] * 12 + ["down"] * 12, "mono128", driver=lambda hw: None)
    app = run_app(hw)
    view = app.session.view
    assert view.pan == -view.scroll                                  # back down at Red's end


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", registry.game_names())
def test_rules_pages_never_end_on_a_heading_and_fit_the_screen(tmp_path, name, profile):
    hw = FakeHW(tmp_path, ["down", "down", "a"] + choose_game(name) + ["right"] * 60 + ["b", "b"], profile)
    run_app(hw)
    pages = [frame[1:] for frame in hw.frames if frame and frame[0] == registry.game_title(name)]
    assert len(pages) > 1
    for page in pages[:-1]:
        body = [line for line in page if not re.match(r"^\d+/\d+$", line)]
        last = body[-1].split("(")[0].strip()
        heading = len(body) > 1 and not body[-2] and len(last) > 1 and last.isupper()
        assert not heading, (body[-2:], profile)   # a heading is capitals after an empty line
    text = " ".join(pager_text(hw, registry.game_title(name)).split())
    assert "; Blue." not in text and hw.cut == [] and hw.fb.overlaps == []


@pytest.mark.parametrize("profile", ["pico_lcd13", "odroid_go"])
def test_the_thoughtwave_piece_chooser_shows_the_whole_move_text(tmp_path, profile):
    # A square chosen: the help line holds five piece buttons; the move text is still whole.
    hw = FakeHW(tmp_path, new_game_keys("thoughtwave") + ["a"], profile, driver=lambda hw: None)
    run_app(hw)
    assert any(re.match(r"^[CJSBT]\?@[a-j]\d+$", t) for t in hw.frames[-1]), hw.frames[-1]
    assert hw.cut == []


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_settings_and_about_fit_every_screen(tmp_path, profile):
    # Settings: every row stepped through; About paged to its end.  No string past an edge or
    # drawn over another, About names this board's buttons and says n/a for the heap on CPython.
    keys = ["down", "down", "down", "a"] + ["up", "right", "right"] * 5 + ["b"]
    keys += ["down", "a"] + ["right"] * 20 + ["b"]
    hw = FakeHW(tmp_path, keys, profile)
    run_app(hw)
    about = " ".join(pager_text(hw, "About").split())
    assert "Heap in use: n/a" in about and "0 bytes" not in about
    assert ("MENU" in about) == (profile == "odroid_go")
    assert hw.cut == [] and hw.fb.overlaps == [], (hw.cut, hw.fb.overlaps)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_pager_counts_the_page_of_a_single_hidden_line(tmp_path, profile):
    """One line more than a page holds makes two pages ("1/1" hid the line on mono128)."""
    from firmware.ui import UI
    hw = FakeHW(tmp_path, ["down", "a"], profile)
    ui = UI(hw)
    rows = (ui.h - ui.line_h - 2 - 8) // ui.line_h
    ui.pager("Notes", "\n".join("line %d" % i for i in range(rows + 1)))
    marks = [line for frame in hw.frames for line in frame if re.match(r"^\d+/\d+$", line)]
    assert marks == ["1/2", "2/2"]


def test_the_ai_time_caps_stay_off_when_the_app_unloads_the_ai():
    # The app drops shared_rules.ai between games and after a hint; tools and tests that turn
    # the caps off (node budgets alone: the same moves on every machine) must not find them on
    # again at the AI's next import, as they did when the switch lived in ai.py.
    from shared_rules import host as ai_host    # (not at the top: test_resident_modules imports this)
    from shared_rules.registry import unload
    caps_were = ai_host.use_level_time_caps(False)
    try:
        unload("shared_rules.ai")
        from shared_rules import ai as imported_again
        assert imported_again is not ai
        assert imported_again.Search(registry.create("trap"), "easy").limit_ms >= 1e9
        ai_host.use_level_time_caps(True)
        assert imported_again.Search(registry.create("trap"), "easy").limit_ms < 1e6
    finally:
        ai_host.use_level_time_caps(caps_were)


def test_resume_goes_on_with_the_decision_left_for_the_pause_menu(tmp_path):
    # Its targets are not listed again (Resume -> board is within a redraw's 150 ms):
    # the same builder, the cursor where it was; after an Undo in the pause menu, a new one.
    seen = []
    stages = [["right"], ["b", "a"], ["a"], ["b", "down", "a"], None]

    def drive(hw):
        builder = hw.app.builder
        seen.append((builder, builder.cursor, len(hw.app.session.game.history)))
        return stages[len(seen) - 1]
    run_app(FakeHW(tmp_path, new_game_keys("trap"), driver=drive))
    first, moved, resumed, played, undone = seen
    assert moved[0] is first[0] and moved[1] != first[1]
    assert resumed[0] is moved[0] and resumed[1] == moved[1]      # Resume: the same decision
    assert played[2] == 1 and played[0] is not resumed[0]
    assert undone[2] == 0 and undone[0] is not resumed[0] and undone[0] is not played[0]


def test_the_ais_thinking_screen_is_sent_before_its_code_is_imported(tmp_path):
    # The played move's screen does not wait for the AI's import.
    import sys

    class Recorder(FakeHW):
        def show(self, x=0, y=0, w=0, h=0):
            super().show(x, y, w, h)
            if any("Thinking" in text for _, _, text, _ in self.fb.texts):
                thinking.append("shared_rules.ai" in sys.modules)
    thinking = []
    hw = Recorder(tmp_path, new_game_keys("trap", humans=False), "pico_lcd13", driver=move_script(["d4"]))
    run_app(hw)
    assert thinking and thinking[0] is False


def test_a_games_view_is_loaded_with_its_form_not_after_start(tmp_path):
    # A new game's first screen does not wait for the view's import.
    import sys
    from shared_rules.registry import unload
    unload("firmware.views.lazo")   # (another test may have loaded it in this process)
    seen = []

    def drive(hw):
        if not seen:
            seen.append("firmware.views.lazo" in sys.modules)
        return None
    run_app(FakeHW(tmp_path, ["a"] + choose_game("lazo"), driver=drive))
    assert seen == [True]


def test_the_apps_steps_end_after_the_main_menu_and_after_each_decision(tmp_path):
    # What a host whose VM collects its garbage only between its calls into Python (the
    # browser's) runs, a step per call.
    from firmware.app import App
    hw = FakeHW(tmp_path, new_game_keys("trap", humans=False), driver=random_mover(random.Random(3)))
    app = App(hw)
    hw.app = app
    steps = app.steps()
    next(steps)
    assert app.session is None          # the main menu has started a game, none of it played
    for played in range(1, 7):
        next(steps)
        assert len(app.session.game.history) == played
    assert app.session.is_ai(0) != app.session.is_ai(1)
