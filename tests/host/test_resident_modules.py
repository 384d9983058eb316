"""What the app keeps imported while a game is played (the device's heap holds every imported
module's code: docs/architecture.md, "The app"): the game's own modules and the app's play
screen, never the menu screens, their widgets, the saves' loading or another game's code."""
import json
import os
import random
import subprocess
import sys

import pytest

from app_harness import FakeHW, IdleHW, ScriptEnd, presses_for, run_app
from shared_rules import registry
from test_app import TWO_HUMANS, human_turn_start, new_game_keys

# Imported only while their screen is shown (firmware/residency.py: PLAN).
MENU_ONLY = ("firmware.menus", "firmware.pause", "firmware.widgets", "firmware.saves",
             "firmware.help_pages", "firmware.option_words", "firmware.rules_text")


def app_modules():
    return sorted(m for m in sys.modules if m.startswith("firmware.") or m.startswith("shared_rules."))


def against_the_ai(rng, at_turn, out_of_game=lambda app: None):
    """A FakeHW driver of a game against the AI: nothing while the AI thinks; out of a game
    (no move to build) `out_of_game(app)`'s buttons (None: the script ends); at a human turn's
    start `at_turn(app)`'s buttons (None: a random move, as between them).  Either ends the
    script by raising ScriptEnd."""
    def drive(hw):
        app = hw.app
        if app.busy:
            return []
        if app.builder is None:
            return out_of_game(app)
        keys = at_turn(app) if human_turn_start(app) else None
        return keys if keys is not None else presses_for(app.builder, rng.choice(app.builder.moves))
    return drive


def resident_while_played(name, tmp_path):
    """The app's modules at the start of the human's turns against the default AI: after the
    AI's second reply, and again after the pause menu was opened and left with Resume."""
    seen = []

    def at_turn(app):
        if len(app.session.game.history) in [n for n, _ in seen]:
            return None
        movers = app.session.movers
        replies = sum(1 for i in range(1, len(movers)) if movers[i] != movers[i - 1] and app.session.is_ai(movers[i]))
        if replies < 2:
            return None
        seen.append((len(app.session.game.history), app_modules()))
        if len(seen) > 1:
            raise ScriptEnd()
        return ["b", "a"]       # the pause menu, Resume (its first item)

    from shared_rules.registry import unload
    for module in app_modules():    # a fresh device: what earlier tests in this process imported goes
        if module.startswith(MENU_ONLY) or any(g in module for g in registry.game_names()):
            unload(module)
    app = run_app(FakeHW(tmp_path, new_game_keys(name, humans=False), "pico_lcd13",
                         driver=against_the_ai(random.Random(3), at_turn)))
    assert app.session is not None and app.session.is_ai(1) and app.session.level(1) == "normal"
    return seen


@pytest.mark.parametrize("name", registry.game_names())
def test_a_game_being_played_holds_no_menu_screen_and_no_other_game(tmp_path, name):
    seen = resident_while_played(name, tmp_path)
    assert len(seen) == 2       # before the pause menu and after it
    others = [g for g in registry.game_names() if g != name and name not in g]
    for _, modules in seen:
        assert registry.rules_module(name) in modules and registry.ai_module(name) in modules
        assert "firmware.views." + name in modules and "firmware.save_files" in modules
        assert [m for m in modules if m.startswith(MENU_ONLY)] == []
        assert [m for m in modules if any(g in m for g in others)] == []


def test_a_pause_menu_that_finds_no_room_for_its_code_takes_the_layers(tmp_path, monkeypatch):
    """On the reference board a game fragments the heap: the pause menu's code once found no
    block of 1,280 bytes with ~60 KB free (MemoryError: the game left for the main menu).  The
    import is tried again with the layer's block given back; the next game takes the layer
    again."""
    import builtins
    real_import = builtins.__import__
    failed = []

    def import_once_short(name, *args, **kwargs):
        if name == "firmware.pause" and not failed:
            failed.append(name)
            raise MemoryError("memory allocation failed, allocating 1280 bytes")
        return real_import(name, *args, **kwargs)

    seen = {}

    def at_turn(app):
        if "paused" not in seen:
            seen["paused"] = len(app.session.game.history)
            monkeypatch.setattr(builtins, "__import__", import_once_short)
            return ["b", "a"]       # the pause menu, Resume
        if "resumed" not in seen:
            monkeypatch.setattr(builtins, "__import__", real_import)
            seen["resumed"] = (len(app.session.game.history), app.ui.layer)
            return ["b", "up", "a"] + new_game_keys("trap", humans=False)    # Save and quit; a new game
        seen["new game"] = app.ui.layer
        raise ScriptEnd()

    app = run_app(FakeHW(tmp_path, new_game_keys("trap", humans=False), "pico_lcd13",
                         driver=against_the_ai(random.Random(5), at_turn)))
    assert failed == ["firmware.pause"]
    history, layer = seen["resumed"]
    assert history == seen["paused"] and layer is None      # the same game goes on, without the layer
    assert seen["new game"] is not None and len(seen["new game"]) == 24960
    assert app.ui.layer is seen["new game"]


@pytest.mark.parametrize("name", registry.game_names())
def test_a_new_games_first_screen_waits_for_no_import(tmp_path, monkeypatch, name):
    """A whole redraw takes at most 150 ms, and a module's import is mostly the file system's
    time.  What a new game needs (its rules, its view, Tholian Go's
    set-up: Game.SETUP_MODULE) is loaded with its form, so from Start to the board nothing is."""
    import builtins
    real_import = builtins.__import__
    loaded = []
    watching = [False]

    def watched_import(module, globals=None, locals=None, fromlist=(), level=0):
        if watching[0]:
            if module not in sys.modules:
                loaded.append(module)
            elif fromlist:
                loaded.extend(module + "." + f for f in fromlist if not hasattr(sys.modules[module], f))
        return real_import(module, globals, locals, fromlist, level)

    class WatchedHW(FakeHW):
        def poll(self):
            events = super().poll()
            watching[0] = not self.script     # Start handed to the app: until it next polls
            return events

    choosing = []

    def stop(hw):
        watching[0] = False
        choosing.append(hw.app.builder is not None)   # the board drawn, its first move asked for
        return None

    from shared_rules.registry import unload
    for module in app_modules():    # a fresh device: what earlier tests in this process imported goes
        if module.startswith(MENU_ONLY) or any(g in module for g in registry.game_names()):
            unload(module)
    monkeypatch.setattr(builtins, "__import__", watched_import)
    app = run_app(WatchedHW(tmp_path, new_game_keys(name), "pico_lcd13", driver=stop))
    assert app.session is not None and app.session.name == name and choosing == [True]
    # From source the space's tables are built; the board's build reads them instead (the
    # module is not imported there: tests/host/test_build.py).
    assert loaded == (["shared_rules.tholian_go.build"] if name == "tholian_go" else [])


def test_a_new_games_first_screen_looks_up_no_file(tmp_path, monkeypatch):
    """Without a save, the check for one (its four files' look-ups) would slow the new game's
    first screen: it is made before the form is shown."""
    import os
    real_stat = os.stat
    looked_up = []
    watching = [False]

    def watched_stat(path, *args, **kwargs):
        if watching[0]:
            looked_up.append(str(path))
        return real_stat(path, *args, **kwargs)

    class WatchedHW(FakeHW):
        def poll(self):
            events = super().poll()
            watching[0] = not self.script     # Start handed to the app: until the board is sent
            return events

        def send(self, x, y, w, h):
            if self.app is not None and self.app.session is not None:
                watching[0] = False
            super().send(x, y, w, h)

    monkeypatch.setattr(os, "stat", watched_stat)
    app = run_app(WatchedHW(tmp_path, new_game_keys("tholian_go"), "pico_lcd13"))
    assert app.session is not None and app.session.name == "tholian_go"
    assert looked_up == []


def test_the_form_makes_the_game_while_the_player_reads_it(tmp_path, monkeypatch):
    """Tholian Go's tables and set-up would slow the new game's first screen.  The form
    makes the game of the options shown while it waits for a key
    (again after an option changed); Start then makes none."""
    made = []
    real_create = registry.create

    def create(name, options=None):
        game = real_create(name, options)
        made.append((hw.last_pressed, dict(options or {}), game))
        return game

    monkeypatch.setattr(registry, "create", create)
    keys = new_game_keys("tholian_go")[:-len(TWO_HUMANS)]     # on the form, on Start
    keys += ["idle", "up", "up", "up", "right", "idle", "down", "down", "down", "idle", "a"]
    hw = IdleHW(tmp_path, keys, "pico_lcd13")
    app = run_app(hw)
    assert [(after_start, options["variant"]) for after_start, options, _ in made] == \
        [(False, "standard"), (False, "ultimate")]      # Red's row and Blue's are not options
    assert app.session is not None and app.session.game is made[-1][2]



def test_the_ais_code_and_tables_leave_with_the_game(tmp_path):
    """Tholian Go's AI (its code, and tables that hold the left game through their memo) would
    stay beside the menus' code, and after Continue beside the replayed game.  They leave with
    the game; the AI's first search brings them back."""
    seen = {}

    def at_turn(app):
        if "menu" in seen:
            seen["continued"] = app_modules()
            raise ScriptEnd()
        if "quit" not in seen and len(app.session.game.history) >= 4:
            seen["quit"] = app_modules()
            return ["b", "up", "a"]     # Save and quit
        return None

    def at_menu(app):
        if "quit" not in seen or "menu" in seen:
            return None
        seen["menu"] = app_modules()
        return ["a"]        # Continue

    run_app(FakeHW(tmp_path, new_game_keys("tholian_go", humans=False), "pico_lcd13",
                   driver=against_the_ai(random.Random(4), at_turn, at_menu)))
    assert "shared_rules.tholian_go.ai" in seen["quit"]
    assert [m for m in seen["menu"] if m.startswith("shared_rules.tholian_go.ai") or m == "shared_rules.ai"] == []
    assert "shared_rules.tholian_go.rules" in seen["menu"]        # the rules stay for a Continue
    assert "firmware.menus" not in seen["continued"] and "shared_rules.tholian_go.rules" in seen["continued"]


def test_asking_whether_a_game_has_an_ai_leaves_none_of_its_code(tmp_path):
    """The new-game form asks (App.has_ai): Tholian Go's AI helpers (its ordering and terms)
    stayed from there to the AI's first search, while the human played the first moves."""
    from firmware.app import App
    from shared_rules.registry import unload
    for module in list(sys.modules):
        if module.startswith("shared_rules.ai"):
            unload(module)
    app = App(FakeHW(tmp_path))
    assert app.has_ai("tholian_go") and not app.has_ai("no_such_game")
    assert [m for m in sys.modules if m.startswith("shared_rules.ai")] == []


def test_a_rematch_starts_without_the_last_games_ai(tmp_path):
    """The AI's tables hold the last game they searched (Tholian Go's memo): a rematch lets
    them go with the AI's code; its first search brings them back."""
    seen = {}

    def at_turn(app):
        if "resigned" not in seen and len(app.session.game.history) >= 2:
            seen["resigned"] = app_modules()
            return ["b", "up", "up", "a", "down", "a", "a", "down", "a"]    # Resign, yes; Rematch
        if "resigned" in seen and not app.session.game.history:
            seen["rematch"] = app_modules()
            raise ScriptEnd()
        return None

    run_app(FakeHW(tmp_path, new_game_keys("trap", humans=False), "pico_lcd13",
                   driver=against_the_ai(random.Random(2), at_turn, lambda app: ["a"] if "resigned" in seen else None)))
    assert "shared_rules.trap.ai" in seen["resigned"]
    assert [m for m in seen["rematch"] if m.startswith("shared_rules.trap.ai") or m == "shared_rules.ai"] == []


# A game's modules that no search needs: they are read on demand and released (their bytecode
# would lower the heap's low-water mark, which the AI's searches set).
NEVER_DURING_A_SEARCH = (".lessons", ".ending", ".words", ".text", ".host", ".setup")
APP_DURING_A_SEARCH = ["firmware.app", "firmware.builder", "firmware.drawlog", "firmware.hw_base",
                       "firmware.residency", "firmware.save_files", "firmware.ui",
                       "firmware.views", "firmware.views.base", "shared_rules.ai",
                       "shared_rules.game", "shared_rules.games", "shared_rules.levels", "shared_rules.registry",
                       "shared_rules.rng"]


def modules_seen_during_searches(save_dir, name):
    """The imported modules at every step of the AI's searches in a game of `name`, AI against
    AI (distinct sets, sorted)."""
    seen = set()
    rng = random.Random(3)

    def drive(hw):
        app = hw.app
        if app.busy:
            if app.session is not None and app.session.winner() == -1:     # a search, not the end
                seen.add(tuple(app_modules()))
            return []
        if app.builder is None or len(seen) > 40:
            raise ScriptEnd()
        return presses_for(app.builder, rng.choice(app.builder.moves))

    run_app(FakeHW(save_dir, new_game_keys(name, humans=False), "pico_lcd13", driver=drive))
    return sorted(seen)


# A fresh interpreter, as a fresh device: what other tests of this worker imported is not there.
FRESH_RUN = ("import json, sys; sys.path[:0] = sys.argv[3:]; import test_resident_modules as t; "
             "print(json.dumps(t.modules_seen_during_searches(sys.argv[1], sys.argv[2])))")


@pytest.mark.parametrize("name", registry.game_names())
def test_an_ai_search_holds_the_app_its_game_and_the_ai_alone(tmp_path, name):
    """What is imported while the AI searches, at every step of its searches: the app's
    resident modules (exactly), the game's view, and of the game's package its rules and AI."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    run = subprocess.run([sys.executable, "-c", FRESH_RUN, str(tmp_path), name, here, root],
                         capture_output=True, text=True, cwd=root)
    assert run.returncode == 0, run.stderr[-2000:]
    seen = json.loads(run.stdout.splitlines()[-1])
    assert seen
    package = registry.package(name)
    for modules in seen:
        app = [m for m in modules if not m.startswith(package) and m != "firmware.views." + name]
        assert app == APP_DURING_A_SEARCH
        assert "firmware.views." + name in modules and registry.ai_module(name) in modules
        assert [m for m in modules if m.startswith(package + ".") and m.endswith(NEVER_DURING_A_SEARCH)] == []
