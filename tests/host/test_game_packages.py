"""One home per game: each registered game's modules and facts live in shared_rules/<game>/, and
the tools and tests read them from there through the registry, not from tables of their own."""
import sys
from pathlib import Path

import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules import registry
from shared_rules.levels import LEVELS

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_has_a_package_with_its_rules_and_host_facts():
    for name in registry.game_names():
        folder = ROOT / "shared_rules" / name
        assert (folder / "__init__.py").is_file() and (folder / "rules.py").is_file(), name
        facts = registry.host_facts(name)
        assert isinstance(facts.SOAK_GAMES, int) and facts.SOAK_GAMES > 0, name
        assert isinstance(facts.APP_DECISIONS, int) and facts.APP_DECISIONS > 0, name
        assert facts.GREEDY_LEVEL in LEVELS, name
        assert registry.game_class(name).__module__ == registry.rules_module(name)


def test_no_game_module_left_in_the_engine_folder():
    engine = {"__init__", "ai", "game", "game_text", "games", "host", "lessons", "levels", "registry", "rng"}
    assert {p.stem for p in (ROOT / "shared_rules").glob("*.py")} == engine


def test_the_soak_plan_is_every_registered_game_with_its_own_count():
    from tools.bench import soak
    assert sorted(soak.PLAN) == registry.game_names()
    assert all(soak.PLAN[n] == registry.host_facts(n).SOAK_GAMES for n in soak.PLAN)


def test_option_words_come_from_the_games_package_and_leave_the_heap_with_the_form(tmp_path):
    from app_harness import FakeHW, run_app
    from firmware import option_words
    from tools.device.app_driver import choose_game
    words = option_words.game_words("trap")
    assert option_words.label(words, "size") == "Board size"
    assert option_words.values(words, "dots")["center"] == "one, centre"
    assert option_words.words_module("trap") in sys.modules
    assert option_words.game_words("lazo") == {}     # no words module: every option shown by name
    assert option_words.label({}, "first_player") == "First player"
    hw = FakeHW(tmp_path, ["a"] + choose_game("trap"), "pico_lcd13")    # the new-game form
    run_app(hw)
    assert "Board size" in hw.frames[-1]
    assert option_words.words_module("trap") not in sys.modules


def test_the_driver_finds_a_game_on_the_row_the_menu_shows_it():
    from firmware.menus import game_list
    from tools.device.app_driver import game_row
    before = set(sys.modules)
    rows = [game_row(name) for name in game_list()]
    assert rows == list(range(len(game_list())))
    assert set(sys.modules) <= before | {"firmware.menus"}


def test_the_rules_benchmarks_read_their_positions_from_the_games_host_facts():
    from tools.bench import bench_lazo, bench_tholian_go
    from tools.bench.benchlib import play_random
    for name in ("thoughtwave", "throngs", "trap"):
        facts = registry.host_facts(name)
        game = play_random(registry.create(name), 1, facts.bench_position)
        assert facts.BENCH_POSITIONS > 0 and len(game.history) >= 20 and facts.bench_position(game), name
    tholian_go = registry.host_facts("tholian_go")
    assert bench_tholian_go.DENSE == tholian_go.DENSE and bench_tholian_go.EVERY == tholian_go.BENCH_EVERY
    assert bench_lazo.GAMES == registry.host_facts("lazo").BENCH_GAMES
