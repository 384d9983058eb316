"""The end of a game on the app: the reason and score on the end screen and the Game over menu,
Review step by step, Redo after Undo, the status's turn counter (tests/host/app_harness.py)."""
import pytest

from app_harness import PROFILES, FakeHW, run_app
from firmware import saves
from shared_rules import registry
import shared_rules.games  # noqa: F401
from test_app import new_game_keys, read_file, saved_moves, trap_game

# Dark traps the b6 dot in the corner square b6-c7 while Light plays along the edge.
DARK_TRAPS = ["h1", "b6", "h2", "c6", "h3", "b7", "h4", "c7"]
# Game over menu: Main menu, Rematch, Show board, Undo, Review.
TO_REVIEW = ["a", "up", "a"]


def joined(frame):
    return " ".join(frame)


def frames_with(hw, word):
    return [joined(f) for f in hw.frames if word in joined(f)]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_end_screen_says_why_the_game_ended_and_fits(tmp_path, profile):
    hw, app = trap_game(tmp_path, DARK_TRAPS, then=["a"], profile=profile)
    board = frames_with(hw, "wins")[-1]
    assert "Dark" in board and "Trap" in board      # the result, then the reason on the status
    menu = hw.frames[-1]
    assert menu[0] == "Game over" and "enclose" in joined(menu)    # the sentence above the items
    assert hw.selected() == ["Main menu"]
    assert hw.cut == [], hw.cut


@pytest.mark.parametrize("profile", PROFILES)
def test_resigning_and_an_agreed_draw_are_said_in_words(tmp_path, profile):
    # Pause menu: Resume, Undo, Help, Rules, Offer draw, Resign, Save and quit.
    hw, app = trap_game(tmp_path, ["d4"], then=["b", "up", "up", "a", "down", "a", "a"], profile=profile)
    assert "resigned" in joined(hw.frames[-1]) and hw.cut == []
    hw, app = trap_game(tmp_path / "draw", ["d4", "e5"], then=["b", "up", "up", "up", "a", "down", "a", "a"],
                        profile=profile)
    assert "agreed" in joined(hw.frames[-1]) and hw.cut == []


def test_every_reasons_few_words_fit_the_narrowest_status_column():
    # mono128's status column holds 6 characters: a word any longer would break in the middle.
    for name in registry.game_names():
        words = __import__(registry.package(name) + ".ending", None, None, ["WORDS"]).WORDS
        for short, sentence in words.values():
            assert max(len(word) for word in short.split(" ")) <= 6, (name, short)
            assert sentence.endswith("."), (name, sentence)


def test_the_status_shows_the_score_of_a_game_with_one(tmp_path):
    from firmware.app import Session
    from firmware import endings
    from firmware.ui import UI
    game = registry.create("throngs")
    stones = "1" * 33 + "0" * 17 + "1" + "0" * 10 + "22"
    game.decode("stones=%s mover=2 maneuver=2 flight=- passed=000 deployed=0 must_deploy=00 "
                "counters=-1,-1 setup=4 swapped=0 result=none" % stones)
    game.play_text("pass")      # Black starts a turn with the winning score
    black, white = game.end_score()
    session = Session("throngs", game, ["human", "human"])
    for profile in PROFILES:
        ui = UI(FakeHW(tmp_path, (), profile))
        who, lines = endings.status_lines(ui, session, "Black wins")
        assert "Top score" in " ".join(lines) or "Top" in lines
        assert str(black) in " ".join(lines) and str(white) in " ".join(lines), (profile, lines)
        assert "%d" % black in " ".join(endings.summary(ui, session, 3))


@pytest.mark.parametrize("profile", PROFILES)
def test_review_steps_back_and_forward_and_lists_the_moves(tmp_path, profile):
    # Review: back one turn (LEFT), one decision (UP), forward (DOWN), the list (A, a page on, B), back.
    keys = TO_REVIEW + ["left", "up", "down", "right", "a", "right", "b", "b"]
    hw, app = trap_game(tmp_path, DARK_TRAPS, then=keys, profile=profile)
    shown = [joined(f) for f in hw.frames]
    review = [f for f in shown if "Review" in f and "Game over" not in f]
    assert any("#8/8" in f for f in review) and any("#7/8" in f for f in review)
    assert any("#6/8" in f for f in review)
    assert any("c7" in f for f in review)               # the last decision, in notation
    moves = " ".join(f for f in shown if f.startswith("Moves"))
    assert "1 Light: h1" in moves and "8 Dark: c7" in moves
    # Back at the Game over menu with the final position and the save untouched.
    assert hw.frames[-1][0] == "Game over"
    assert app.session.game.winner() == 1 and saved_moves(tmp_path) == DARK_TRAPS
    assert hw.cut == [], hw.cut


def test_review_starts_from_the_main_menu_for_a_finished_save(tmp_path):
    trap_game(tmp_path, DARK_TRAPS, then=["a", "b"])
    # Main menu: Review (the finished game), its end screen, then the Game over menu's Review.
    hw = FakeHW(tmp_path, ["a", "a", "up", "a", "left", "left"])
    app = run_app(hw)
    assert "#6/8" in joined(hw.frames[-1])
    # The script ends inside the review: leaving it, even so, puts the final position back.
    assert len(app.session.game.history) == 8 and app.session.game.winner() == 1


def test_redo_plays_again_what_undo_took_back(tmp_path):
    # Pause menu between humans: Resume, Undo, Redo (once there is something to redo), ...
    hw, app = trap_game(tmp_path, ["d4", "e5"], then=["b", "down", "a", "b", "down", "down", "a"] + ["b", "up", "a"])
    assert saved_moves(tmp_path) == ["d4", "e5"]      # Undo, then Redo: the save is exact again
    items = [f for f in hw.frames if f and f[0] == "Paused"]
    assert "Redo" not in items[0] and "Redo" in items[1] and "Redo" not in items[2]
    # Undo alone: the decision it took back waits on the redo stack.
    hw, app = trap_game(tmp_path / "undo", ["d4", "e5"], then=["b", "down", "a"])
    assert app.session.redo == [[app.session.game.move_from_text("e5")]]
    assert saved_moves(tmp_path / "undo") == ["d4"]


def test_a_new_move_after_undo_clears_redo(tmp_path):
    # Undo e5, then A places Dark's ball at the cursor (a new move), then B opens the pause menu.
    hw, app = trap_game(tmp_path, ["d4", "e5"], then=["b", "down", "a", "a", "b"])
    assert app.session.redo == [] and len(saved_moves(tmp_path)) == 2
    paused = [f for f in hw.frames if f and f[0] == "Paused"]
    assert len(paused) == 2 and "Redo" not in paused[-1]


def test_undo_against_the_ai_is_redone_whole(tmp_path):
    # Undo takes back the AI's reply and d4; with nothing left to undo Redo is the second item.
    hw, app = trap_game(tmp_path, ["d4"], then=["b", "down", "a", "b", "down", "a", "b", "up", "a"],
                        humans=False)
    paused = [f for f in hw.frames if f and f[0] == "Paused"]
    assert paused[1][1:3] == ["Resume", "Redo"]
    moves = saved_moves(tmp_path)
    assert len(moves) == 2 and moves[0] == "d4"     # both decisions back
    assert saves.from_text(read_file(tmp_path, "game.bak")).moves == []     # the save after Undo


def test_the_move_number_counts_turns_not_decisions(tmp_path):
    # Tholian Go: Red's turn is three moves (decisions); the counter stays at #1 through them.
    from firmware.app import HUMAN, Session
    game = registry.create("tholian_go")
    session = Session("tholian_go", game, [HUMAN, HUMAN])
    assert session.turn_number() == 1
    for text in ("D1.1-D1.2", "L3.2-L3.3"):
        session.play(game.move_from_text(text))
        assert session.turn_number() == 1 and game.to_move() == 0
    session.play(game.move_from_text("end"))
    assert game.to_move() == 1 and session.turn_number() == 2
    session.play(game.move_from_text("D1.6-D1.5"))
    assert session.turn_number() == 2
    session.undo()
    session.undo()
    assert session.turn_number() == 1 and session.turns == 1
    hw = FakeHW(tmp_path, new_game_keys("tholian_go") + ["a"] * 3, "pico_lcd13")
    run_app(hw)
    assert any("#1" in joined(f) for f in hw.frames) and not any("#2" in joined(f) for f in hw.frames[:-1])


_FINISHED = {}


def finished(name, options):
    """A finished save of `name` (the screenshots' random play from seed 0), made once."""
    from desktop_sim.screenshots import finished_save
    key = (name, tuple(sorted(options.items())))
    if key not in _FINISHED:
        _FINISHED[key] = finished_save(name, options, 0)
    return _FINISHED[key]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name, options, reason", [("lazo", {}, "loop"), ("throngs", {}, "score"),
                                                   ("tholian_go", {"variant": "football"}, "touchdown")])
def test_each_games_end_names_its_reason_on_every_profile(tmp_path, profile, name, options, reason):
    (tmp_path / "game").write_text(finished(name, options))
    hw = FakeHW(tmp_path, ["a", "a"], profile)      # the main menu's Review, the end screen, its menu
    run_app(hw)
    short, sentence = __import__(registry.package(name) + ".ending", None, None, ["WORDS"]).WORDS[reason]
    shown = [joined(f) for f in hw.frames]
    board = shown[[f.startswith("Game over") for f in shown].index(True) - 1]     # the end screen
    menu = joined(hw.frames[-1])
    assert menu.startswith("Game over")
    # The status says it (on mono128's one-line status over Lazo's wide board "Black won Loop",
    # beside the winner's stone); the Game over menu always does, in a sentence or its words.
    assert short in board, board
    assert " ".join(sentence.split()[:3]) in menu or short in menu, menu
    assert hw.cut == [], hw.cut


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name, options", [("tholian_go", {"variant": "football"}), ("lazo", {}), ("trap", {})])
def test_the_review_status_names_the_turn_and_the_move_on_every_layout(tmp_path, profile, name, options):
    # Where "#turn move" is too long for the one line (mono128 Tholian Go's 14 characters) the
    # line used to go blank: the turn must show, and the move (on a second line if there is one).
    from firmware import review
    from firmware.app import Session
    from firmware.ui import UI
    import random
    hw = FakeHW(tmp_path, (), profile)
    game = registry.create(name, options)
    session = Session(name, game, ["human", "human"])
    session.view = __import__("firmware.views." + name, None, None, ["View"]).View(UI(hw), game)
    rng = random.Random(3)
    while session.turns < 120 and game.winner() < 0:
        moves = [m for m in game.legal_moves() if game.move_to_text(m) not in ("offer", "accept")]
        if not moves:
            break
        session.play(rng.choice(moves))

    class App:
        ui = session.view.ui
    review.draw(App, session)
    shown = " ".join(t[2] for t in hw.visible)
    assert "#%d" % session.turns in shown, (profile, shown)
    assert session.texts()[-1] in shown, (profile, shown)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_review_shows_a_throngs_maneuver_whole_not_its_destination_alone(tmp_path, profile):
    # A dispatch is two decisions ("P@21", then "-4"): the status read "W -4".
    from firmware import review
    from firmware.app import Session
    from firmware.ui import UI
    import random
    hw = FakeHW(tmp_path, (), profile)
    game = registry.create("throngs", {})
    session = Session("throngs", game, ["human", "human"])
    session.view = __import__("firmware.views.throngs", None, None, ["View"]).View(UI(hw), game)
    rng = random.Random(5)
    while not session.texts() or not session.texts()[-1].startswith("-"):
        session.play(rng.choice(game.legal_moves()))
    review.draw(type("App", (), {"ui": session.view.ui}), session)
    shown = " ".join(t[2] for t in hw.visible)
    assert session.texts()[-2] + session.texts()[-1] in shown, (profile, shown)
    assert review.joined(["P@21", "-4", "x@5"]) == "P@21-4 x@5"
