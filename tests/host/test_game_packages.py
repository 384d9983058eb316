"""One home per game: each registered game's modules and facts live in shared_rules/<game>/, and
the tools and tests read them from there through the registry, not from tables of their own."""
import sys
from pathlib import Path

import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules import registry

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_has_a_package_with_its_rules_and_host_facts():
    for name in registry.game_names():
        folder = ROOT / "shared_rules" / name
        assert (folder / "__init__.py").is_file() and (folder / "rules.py").is_file(), name
        facts = registry.host_facts(name)
        assert isinstance(facts.SOAK_GAMES, int) and facts.SOAK_GAMES > 0, name
        assert isinstance(facts.APP_DECISIONS, int) and facts.APP_DECISIONS > 0, name
        assert registry.game_class(name).__module__ == registry.rules_module(name)


def test_no_game_module_left_in_the_engine_folder():
    engine = {"__init__", "ai", "game", "games", "levels", "registry", "rng"}
    assert {p.stem for p in (ROOT / "shared_rules").glob("*.py")} == engine


def test_the_soak_plan_is_every_registered_game_with_its_own_count():
    from tools.bench import soak
    assert sorted(soak.PLAN) == registry.game_names()
    assert all(soak.PLAN[n] == registry.host_facts(n).SOAK_GAMES for n in soak.PLAN)


def test_option_words_come_from_the_games_package_and_leave_the_heap():
    from firmware import option_words
    words = option_words.game_words("trap")
    assert option_words.label(words, "size") == "Board size"
    assert option_words.values(words, "dots")["center"] == "one, centre"
    assert "shared_rules.trap.words" not in sys.modules
    assert option_words.game_words("lazo") == {}     # no words module: every option shown by name
    assert option_words.label({}, "first_player") == "First player"


def test_the_driver_finds_a_game_on_the_row_the_menu_shows_it():
    from firmware.menus import game_list
    from tools.device.app_driver import game_row
    before = set(sys.modules)
    rows = [game_row(name) for name in game_list()]
    assert rows == list(range(len(game_list())))
    assert set(sys.modules) <= before | {"firmware.menus"}
