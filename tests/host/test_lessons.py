"""Learn to play: every rule sentence of each rules page is taught by a step of its game's
lessons, and the lessons run in the app (tests/host/app_harness.py) on every profile: a right
move, a wrong one and its explanation, a demonstration, every screen's strings inside the screen."""
import os
import re

import pytest

from app_harness import FakeHW, PROFILES, presses_for, run_app
from rules_pages import plain, rule_sentences
from shared_rules import lessons, registry
import shared_rules.games  # noqa: F401
from tools.device.app_driver import choose_game

# The variants whose rules differ, each with a lesson of its own (the rest change the board).
VARIANT_LESSONS = {"tholian_go": ["Chain", "Football", "Scrimmage", "Ultimate", "Oracle"],
                   "throngs": ["Pie start", "Torus board", "Perforated board", "Original rules"]}


def taught_keys(name):
    """[(lesson title, step number, key), ...]: the sentence keys of every step of game `name`."""
    out = []
    for title, words, steps in lessons.all_lessons(name):
        for number, step in enumerate(steps):
            out += [(title, number, key) for key in step[lessons.RULE].split(" | ")]
    lessons.forget(name)
    return out


@pytest.mark.parametrize("name", registry.game_names())
def test_every_rule_sentence_of_the_rules_page_is_taught_by_a_lesson_step(name):
    sentences = [plain(sentence) for heading, sentence in rule_sentences(name)]
    assert sentences
    taught = set()
    for title, number, key in taught_keys(name):
        found = [i for i, sentence in enumerate(sentences) if plain(key) in sentence]
        assert len(found) == 1, (title, number, key, "names %d sentences" % len(found))
        taught.update(found)
    assert [s for i, s in enumerate(sentences) if i not in taught] == []


@pytest.mark.parametrize("name", sorted(VARIANT_LESSONS))
def test_each_variant_that_changes_the_rules_has_its_lesson(name):
    titles = lessons.titles(name)
    assert titles[0] == registry.game_title(name)
    assert [t for t in VARIANT_LESSONS[name] if t not in titles] == []


def lesson_keys(name, number=0):
    """Main menu -> Learn to play -> the game -> its lesson `number` (a menu when it has several)."""
    keys = ["down", "a"] + choose_game(name)
    if len(lessons.titles(name)) > 1:
        keys += ["down"] * number + ["a"]
    return keys


class LessonDriver:
    """Answers each screen of a lesson: on step i, the intents plan[i] one after another
    ("right": the expected move, "wrong": another move, "show": Show me); stops at the end."""

    def __init__(self, name, number, plan):
        self.name = name
        self.title, _, self.steps = lessons.lesson(name, number)
        self.plan = [list(p) for p in plan]
        self.step = 0
        self.intent = ""
        self.said = []          # (title, text) of each message shown

    def __call__(self, hw):
        app = hw.app
        title = hw.frames[-1][0] if hw.frames else ""
        if app.builder is not None:
            return self.enter(app)
        m = re.match("(?:%s|Step) (\\d+)/(\\d+)$" % re.escape(self.title), title)
        if m:
            self.step = int(m.group(1)) - 1
            self.intent = self.plan[self.step].pop(0)
            return ["right"] * ("show" == self.intent) + ["a"]
        if title in ("Right", "Not that one", "Watch"):
            self.said.append((title, " ".join(hw.frames[-1][1:])))
            return ["a"]
        if title == self.title:     # the lesson's last message
            self.said.append((title, " ".join(hw.frames[-1][1:])))
            return None
        raise AssertionError("unexpected screen %r" % hw.frames[-1])

    def enter(self, app):
        game = app.builder.view.game
        step = self.steps[self.step]
        expected = lessons.decisions(step)
        made = len(game.history)
        if self.intent == "wrong":
            moves = [m for m in app.builder.moves if game.move_to_text(m) != expected[made]]
            move = moves[0]
        elif self.intent == "another":      # not the step's move, but one that ends as it shows
            move = next(m for m in app.builder.moves
                        if game.move_to_text(m) != expected[made] and wins(game, m))
        else:
            move = game.move_from_text(expected[made])
        return presses_for(app.builder, move)


def wins(game, move):
    """Whether `move` wins for the player making it (the game is left as it was)."""
    mover = game.to_move()
    game.play(move)
    won = game.winner() == mover
    game.undo()
    return won


def walk(tmp_path, profile, name, number, plan):
    driver = LessonDriver(name, number, plan)
    hw = FakeHW(tmp_path, lesson_keys(name, number), profile, driver=driver)
    run_app(hw)
    return hw, driver


@pytest.mark.parametrize("profile", PROFILES)
def test_a_whole_trap_lesson_right_wrong_and_shown_on_each_profile(tmp_path, profile):
    plan = [["right"], ["wrong", "right"], ["show", "right"], ["right"], ["right"], ["right"], ["right"]]
    hw, driver = walk(tmp_path, profile, "trap", 0, plan)
    titles = [t for t, _ in driver.said]
    assert titles == ["Right", "Not that one", "Right", "Watch", "Right"] + ["Right"] * 4 + ["Trap"]
    steps = driver.steps
    wrong = dict(driver.said)["Not that one"]
    assert wrong.split()[:3] == steps[1][lessons.WRONG].split()[:3]
    assert "Lesson finished" in driver.said[-1][1]
    assert hw.cut == []
    assert not os.path.exists(os.path.join(str(tmp_path), "game"))     # a lesson is never saved


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", registry.game_names())
def test_every_lesson_step_is_shown_inside_the_screen(tmp_path, profile, name):
    # Each step demonstrated, then made: its text, its board before and after, the messages.
    for number in range(len(lessons.titles(name))):
        steps = lessons.lesson(name, number)[2]
        hw, driver = walk(tmp_path, profile, name, number, [["show", "right"]] * len(steps))
        assert [t for t, _ in driver.said].count("Right") == len(steps)
        assert hw.cut == [], (name, number, hw.cut)


def test_b_on_the_board_goes_back_to_the_steps_text_and_b_there_leaves_the_lesson(tmp_path):
    # Try it, then B: the step's text again; RIGHT moves the highlight to Show me; B: the game list.
    hw = FakeHW(tmp_path, lesson_keys("trap") + ["a", "b", "right", "b"], "pico_lcd13",
                driver=lambda hw: None)
    run_app(hw)
    titles = [frame[0] for frame in hw.frames[-5:]]
    assert titles == ["Trap 1/7", "Light", "Trap 1/7", "Trap 1/7", "Learn to play"], titles
    assert "A:choose" in " ".join(hw.frames[-4]) and hw.selected() == ["Trap"]    # the legend
    assert not os.path.exists(os.path.join(str(tmp_path), "game"))


def test_the_lessons_code_and_data_leave_the_heap_with_the_lesson(tmp_path):
    # A Trap step made, B B back to the main menu, UP to New game, a new game: at its first turn none of
    # the lessons' modules is imported.
    import sys
    from test_app import new_game_keys
    seen = []

    def drive(hw):
        app = hw.app
        if app.builder is not None and app.session is not None:
            seen.append(sorted(m for m in sys.modules if "lesson" in m
                               and m.split(".")[0] in ("firmware", "shared_rules")))
            return None
        if app.builder is not None:
            return presses_for(app.builder, app.builder.view.game.move_from_text("d4"))
        title = hw.frames[-1][0]
        if title == "Right":
            return ["a", "b", "b", "up"] + new_game_keys("trap")     # the menu kept its place
        return ["a"]

    hw = FakeHW(tmp_path, lesson_keys("trap"), "pico_lcd13", driver=drive)
    run_app(hw)
    assert seen == [[]]


def test_another_move_that_wins_as_the_step_shows_is_right_too(tmp_path):
    # Trap's fifth step asks for h8-g6; any ball of the top rows moved to g6 traps the dot.
    plan = [["right"]] * 4 + [["another"]] + [["right"]] * 2
    hw, driver = walk(tmp_path, "pico_lcd13", "trap", 0, plan)
    assert [t for t, _ in driver.said] == ["Right"] * 7 + ["Trap"]


def board_legend(hw):
    """The legend's parts on the last lesson board shown (the frame whose title is the mover's)."""
    frame = next(f for f in reversed(hw.frames) if f and f[0] == "Light")
    return [word for word in " ".join(frame).split() if ":" in word]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_lesson_legend_names_only_what_each_button_does_there(tmp_path, profile):
    # Try it: the legend; its pause button goes back to the step's text, and Y (where the
    # board has one) puts the cursor on the step's move, which A then plays.
    probe = FakeHW(tmp_path, (), profile)
    pause = [b for b in ("x", "menu", "start", "select") if b in probe.buttons]
    keys = lesson_keys("trap") + ["a"] + pause[:1]
    if "y" in probe.buttons:
        keys += ["a", "y", "a"]
    hw = FakeHW(tmp_path, keys, profile, driver=lambda hw: None)
    run_app(hw)
    legend = board_legend(hw)
    assert legend == [] if profile == "mono128" else legend[:2] == ["A:choose", "B:back"], legend
    assert [w for w in legend if not w.startswith(("A:", "B:", "Y:")) and not w.endswith(":rule")] == []
    if pause:
        assert legend[2] == pause[0].upper() + ":rule", legend
        titles = [frame[0] for frame in hw.frames]
        assert titles.index("Trap 1/7", titles.index("Light")) > 0     # back to the step's text
    if "y" in probe.buttons:
        assert hw.frames[-1][0] == "Right", hw.frames[-1]
    assert hw.cut == []
