"""The app's memory plan (firmware/residency.py): on every screen a player reaches, the modules
imported are the ones the screen's plan holds (a screen that keeps another's code, another
game's or the AI's when nothing needs it leaks), and each screen holds what it runs on."""
import random
import sys

import pytest

from app_harness import FakeHW, ScriptEnd, presses_for, run_app
from firmware import residency
from shared_rules import registry
from shared_rules.game import ONGOING
from tools.device.app_driver import choose_game, new_game_keys


def app_modules():
    return [m for m in sys.modules if m.startswith("firmware.") or m.startswith("shared_rules.")]


class PlanCheckedHW(FakeHW):
    """Checks the plan at every read of the buttons: `leaks` (screen, modules the plan does not
    hold), `seen` (screen -> the modules it held), `ai_held_for_humans` (the AI's code held
    between two humans' moves)."""

    def __init__(self, tmp_path, driver):
        super().__init__(tmp_path, (), "pico_lcd13", driver)
        self.leaks = []
        self.seen = {}
        self.ai_held_for_humans = []

    def poll(self):
        app = self.app
        if app is not None:
            r = app.residency
            loaded = app_modules()
            leaked = [m for m in loaded if not residency.held(m, r.screen, r.game, r.ai)]
            if leaked:
                self.leaks.append((r.screen, leaked))
            self.seen.setdefault(r.screen, set()).update(loaded)
            s = app.session
            if r.screen == residency.PLAY and s is not None and s.humans() == 2 and not app.busy and r.ai:
                self.ai_held_for_humans.append(len(s.game.history))
        return super().poll()


def select(hw, item, limit=12):
    """Moves the menu's highlight down to `item`, then chooses it."""
    for _ in range(limit):
        if hw.selected() == [item]:
            yield ["a"]
            return
        yield ["down"]
    raise AssertionError("no %r in the menu: %s" % (item, hw.frames[-1]))


class JourneyStuck(BaseException):
    """The journey waited too long (BaseException: the app's error screens must not catch it)."""


def human_turn_starts(hw):
    app = hw.app
    s = app.session
    return app.builder is not None and not app.builder.prefix and (
        not s.movers or s.movers[-1] != s.game.to_move())


def until(hw, ready, what):
    for _ in range(5000):
        if ready():
            return
        yield []
    raise JourneyStuck("no %s: %s after %s" % (what, hw.frames[-1], hw.pressed[-12:]))


def until_human_turn(hw):
    yield from until(hw, lambda: hw.app.session is not None and human_turn_starts(hw), "human turn")


def play_turn(hw, rng):
    """A human's whole turn (Tholian Go's is three decisions), then the AI's reply if any."""
    yield from until_human_turn(hw)
    session = hw.app.session
    game = session.game
    player = game.to_move()
    start = len(session.movers)
    while not game.is_over() and all(p == player for p in session.movers[start:]) and game.to_move() == player:
        builder = hw.app.builder
        yield presses_for(builder, rng.choice(builder.moves))
        yield from until(hw, lambda: not hw.app.busy and hw.app.builder not in (None, builder) or game.is_over(),
                         "decision")
    if not game.is_over():
        yield from until_human_turn(hw)


def new_game(hw, game, first, second):
    """New game from wherever the main menu's cursor is (Continue above it, or About)."""
    yield from select(hw, "New game")
    yield new_game_keys(game, first, second)[1:]   # without its press of the top item
    if hw.frames[-1][0] == "Saved game":
        yield from select(hw, "Replace it")


def journey(hw, game, rng):
    """Every screen: the rules page and About from the main menu; a game against the AI with
    the pause menu's Help, Rules and Hint, Save and quit; Continue; two players with a hint;
    an AI-only game to its end and a rematch."""
    yield from select(hw, "Rules")
    yield choose_game(game) + ["right", "b", "b"]
    yield from select(hw, "About")
    yield ["b"]
    yield from new_game(hw, game, "human", "ai-easy")
    yield from play_turn(hw, rng)
    for item in ("Help", "Rules"):
        yield ["b"]
        yield from select(hw, item)
        yield ["right", "b"]
        yield ["a"]         # Resume
    yield ["b"]
    yield from select(hw, "Hint")
    yield from until_human_turn(hw)
    yield ["b"]
    yield from select(hw, "Save and quit")
    yield from select(hw, "Continue")
    yield from until_human_turn(hw)
    yield ["b"]
    yield from select(hw, "Save and quit")
    yield from new_game(hw, game, "human", "human")
    yield from play_turn(hw, rng)
    yield ["b"]
    yield from select(hw, "Hint")
    yield from until_human_turn(hw)
    yield from play_turn(hw, rng)
    yield ["b"]
    yield from select(hw, "Save and quit")
    yield from new_game(hw, game, "ai-easy", "ai-easy")
    yield from until(hw, lambda: hw.app.session is not None and hw.app.session.winner() != ONGOING, "game end")
    yield ["a"]             # the final position, then the game-over menu
    yield from select(hw, "Rematch")
    for _ in range(3):
        yield []


def driven(steps):
    def drive(hw):
        try:
            return next(steps[0])
        except StopIteration:
            return None
    return drive


@pytest.mark.parametrize("game", ["trap"])
def test_every_screen_holds_what_its_plan_says_and_nothing_more(tmp_path, game):
    steps = [None]
    hw = PlanCheckedHW(tmp_path, driven(steps))
    steps[0] = journey(hw, game, random.Random(3))
    for module in app_modules():    # a fresh device: what earlier tests imported goes
        if residency.screen_part(module) or any(residency.game_part(module, g) for g in registry.game_names()) \
                or module == "shared_rules.ai":
            registry.unload(module)
    app = run_app(hw)
    assert app.session is not None and app.session.humans() == 0 and len(app.session.game.history) < 5
    assert hw.leaks == []
    assert hw.ai_held_for_humans == []
    assert sorted(hw.seen) == sorted(residency.PLAN)
    runs_on = {residency.MENUS: residency.MENUS_MODULE, residency.MENU_PAGE: residency.PAGES_MODULE,
               residency.PAUSE: residency.PAUSE_MODULE, residency.PAUSE_PAGE: residency.PAGES_MODULE,
               residency.PLAY: "firmware.views." + game}
    for screen, module in runs_on.items():
        assert module in hw.seen[screen], (screen, module)
    assert registry.ai_module(game) in hw.seen[residency.PLAY]


def test_the_plan_lets_a_screen_hold_only_its_own_code():
    menus, pause, pages = residency.MENUS_MODULE, residency.PAUSE_MODULE, residency.PAGES_MODULE
    assert residency.held(menus, residency.MENUS, "trap", False)
    assert not residency.held(menus, residency.PLAY, "trap", False)
    assert not residency.held(pause, residency.MENUS, "trap", False)
    assert not residency.held(pages, residency.PAUSE, "trap", True)
    assert not residency.held("firmware.rules_text.trap", residency.MENU_PAGE, "trap", False)
    assert residency.held("shared_rules.trap.rules", residency.PLAY, "trap", False)
    assert not residency.held("shared_rules.lazo.rules", residency.PLAY, "trap", False)
    assert not residency.held("firmware.views.lazo", residency.MENUS, "trap", False)
    assert residency.held("shared_rules.trap.ai_tables", residency.PLAY, "trap", True)
    assert not residency.held("shared_rules.trap.ai_tables", residency.PLAY, "trap", False)
    assert not residency.held("shared_rules.ai", residency.MENUS, "trap", True)
    assert not residency.held("shared_rules.lazo.ai", residency.PLAY, "trap", True)
    assert residency.held("firmware.ui", residency.PLAY, "trap", False)     # the app's own



def test_the_app_lets_go_of_the_board_profile_that_made_its_hw(tmp_path):
    hw = FakeHW(tmp_path, (), "odroid_go")
    assert "boards.odroid_go" in sys.modules
    run_app(hw)
    assert "boards.odroid_go" not in sys.modules and "boards" not in sys.modules
