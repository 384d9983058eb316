"""The benchmarks' statistics and target table (tools/bench/benchlib.py, tools/bench/runner.py)."""
import pytest

from shared_rules.game import DRAW
from shared_rules.rng import Rng

from tools.bench import bench_ai, benchlib, runner


def test_wilson_interval_of_24_wins_in_24_games_is_86_to_100_percent():
    low, high = benchlib.wilson(24, 24)
    assert round(low, 3) == 0.862 and high == 1.0
    low, high = benchlib.wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28


def test_a_rate_target_is_met_only_when_the_whole_interval_is_above_it():
    assert benchlib.rate_at_least("x", 24, 24, 0.9)["ok"] == "?"      # 86-100%: undecided
    assert benchlib.rate_at_least("x", 36, 36, 0.9)["ok"] == "yes"    # 90.4-100%
    assert benchlib.rate_at_least("x", 100, 200, 0.7)["ok"] == "no"   # 43-57%
    row = benchlib.rate_at_least("vs random", 22, 24, 0.9)
    assert row["value"] == "91.7% [74.2, 97.7] of 24" and row["target"] == ">= 90%"


def test_at_most_rows():
    assert benchlib.at_most("cursor", 29.9, 30, "ms")["ok"] == "yes"
    assert benchlib.at_most("cursor", 30.1, 30, "ms") == {
        "figure": "cursor", "value": "30.1 ms", "target": "<= 30 ms", "ok": "no"}


def test_a_match_with_a_target_plays_its_fixed_number_of_games_in_chunks():
    assert bench_ai.goal_of("normal", "random") == 0.9 and bench_ai.goal_of("easy", "random") is None
    assert bench_ai.goal_of("easy", "greedy") == bench_ai.goal_of("hard", "normal") == 0.6
    assert bench_ai.goal_of("normal", "normal") == bench_ai.DRAWS_BY_RULE_BELOW
    jobs = bench_ai.match_jobs(["trap"], ["easy", "normal", "hard"], 10, 50)
    games = {}
    for name, level, opponent, first, count in jobs:
        assert 0 < count <= bench_ai.CHUNK
        games.setdefault((level, opponent), []).extend(range(first, first + count))
    assert games[("normal", "random")] == list(range(50)) == games[("hard", "normal")]
    assert games[("easy", "greedy")] == list(range(50)) == games[("normal", "easy")] == games[("normal", "normal")]
    assert games[("easy", "random")] == list(range(10)) == games[("hard", "random")] == games[("hard", "greedy")]
    assert len(games) == 9 and jobs[0][2] == "random"   # the cheap ones first
    only_targets = set((j[1], j[2]) for j in bench_ai.match_jobs(["trap"], ["easy", "normal", "hard"], 0, 50))
    assert only_targets == {("normal", "random"), ("normal", "greedy"), ("easy", "greedy"), ("normal", "easy"),
                            ("hard", "normal"), ("normal", "normal")}
    chosen = bench_ai.match_jobs(["lazo"], ["hard"], 0, 20, opponents=["normal"])
    assert set((j[1], j[2]) for j in chosen) == {("hard", "normal")}


def test_the_ladders_matches_are_played_with_the_time_caps_on():
    assert bench_ai.level_below("easy") == "greedy" and bench_ai.level_below("hard") == "normal"
    assert bench_ai.ladder_match("easy", "greedy") and bench_ai.ladder_match("normal", "normal")
    assert not bench_ai.ladder_match("normal", "greedy") and not bench_ai.ladder_match("hard", "easy")


def test_a_level_over_the_one_below_needs_60_percent_with_the_interval_above_half():
    # 120 of 200 with no draws: 60.0% [53.1, 66.5]: met; 119 of 200: 59.5%, missed.
    row = benchlib.pair_row("lazo hard scores vs normal", 100, 40, 200, 200)
    assert row["ok"] == "yes" and row["value"] == "60.0% [53.1, 66.5] of 200 (100-40-60)"
    assert row["target"] == ">= 60%, low > 50%"
    assert benchlib.pair_row("x", 119, 0, 200, 200)["ok"] == "no"
    assert benchlib.pair_row("x", 30, 10, 40, 200)["ok"] == "yes"     # 87.5% [73.9, 94.5] of 40
    assert benchlib.pair_row("x", 24, 4, 40, 200)["ok"] == "?"       # 65% [49.5, 77.9] of 40
    assert benchlib.pair_row("x", 14, 4, 40, 200)["ok"] == "no"      # 40% [26.3, 55.4] of 40
    # Draws count half: 80 wins and 80 draws of 200 are 60%.
    assert benchlib.pair_row("x", 80, 80, 200, 200)["value"].startswith("60.0%")


def test_the_draws_by_rule_must_stay_under_their_share():
    assert benchlib.share_below_row("x", 9, 200, 200, 0.05)["ok"] == "yes"    # 4.5%
    assert benchlib.share_below_row("x", 10, 200, 200, 0.05)["ok"] == "no"    # 5.0%
    row = benchlib.share_below_row("trap normal vs easy draws by rule", 28, 200, 200, 0.05)
    assert row["value"] == "14.0% (28 of 200)" and row["target"] == "< 5%" and row["ok"] == "no"
    assert benchlib.share_below_row("x", 1, 40, 200, 0.05)["ok"] == "?"
    assert benchlib.share_below_row("x", 0, 80, 200, 0.05)["ok"] == "yes"    # [0, 4.6]
    assert bench_ai.draws_by_rule({"move limit": 3, "repetition": 2, "turns": 4}) == 5


def test_matches_add_up_their_chunks():
    figures, cpu = bench_ai.measure(["trap"], ["easy", "normal"], 3, 10, processes=1)
    assert figures["trap"]["easy"]["games_vs_random"] == 3
    entry = figures["trap"]["normal"]
    assert entry["games_vs_random"] == 10 == entry["games_vs_greedy"]
    assert entry["wilson_vs_random"] == [round(x, 3) for x in benchlib.wilson(entry["wins_vs_random"], 10)]
    assert entry["turns"] > 13 and entry["worst_turn_nodes"] >= entry["median_turn_nodes"] > 0
    assert cpu["trap"] > 0


class DrawnGame:
    """A game the move-limit rule drew (what play_chunk reads of a game)."""
    history = []

    def winner(self):
        return DRAW

    def draw_rule(self):
        return "move limit"


def test_a_chunk_counts_the_draws_by_their_rule(monkeypatch):
    played = []

    def play_game(*args, **kwargs):
        played.append((args, kwargs["caps"]))
        return DrawnGame(), 0, [[1.0, 1, 1, 0, 0]]
    monkeypatch.setattr(bench_ai, "play_game", play_game)
    monkeypatch.setattr(bench_ai, "cpu_pystones", lambda *args: 1490.0)
    r = bench_ai.play_chunk(("trap", "normal", "normal", 0, 3))
    assert r["draws"] == 3 and r["draw_rules"] == {"move limit": 3} and r["wins"] == 0
    assert bench_ai.rules_text(r["draw_rules"]) == "(move limit 3)" and bench_ai.rules_text({}) == ""
    assert r["turns"] == [] and all(caps for _, caps in played)   # the ladder's: caps on, no time figures
    del played[:]
    r = bench_ai.play_chunk(("tholian_go_chain", "normal", "greedy", 0, 1))
    assert played == [(("tholian_go", "normal", "greedy", 0, {"variant": "chain"}), False)] and len(r["turns"]) == 1


def test_the_ladder_rows_and_the_draw_rows_of_a_game():
    normal = {"wins_vs_easy": 150, "draws_vs_easy": 20, "games_vs_easy": 200, "draw_rules_vs_easy": {"move limit": 20},
              "wins_vs_normal": 90, "draws_vs_normal": 30, "games_vs_normal": 200,
              "draw_rules_vs_normal": {"repetition": 6, "turns": 24}}
    easy = {"wins_vs_greedy": 100, "draws_vs_greedy": 0, "games_vs_greedy": 200}
    rows = dict((r["figure"], r["ok"]) for r in bench_ai.targets({"trap": {"easy": easy, "normal": normal}}, False))
    assert rows == {"trap easy scores vs greedy": "no", "trap normal scores vs easy": "yes",
                    "trap normal vs easy draws by rule": "no", "trap normal vs normal draws by rule": "yes"}


def test_the_target_table_marks_each_row(capsys):
    runner.print_targets([("screen", benchlib.at_most("trap cursor", 10.0, 30, "ms")),
                         ("ai", benchlib.rate_at_least("trap vs random", 24, 24, 0.9)),
                         ("app", benchlib.at_most("lazo heap", 130, 120, "KB"))])
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:3] == ["\u2713", "screen", "trap"]
    assert out[2].split()[0] == "?" and out[3].split()[0] == "\u2717"
    assert out[-1].strip() == "1 met, 1 missed, 1 undecided; 0 for information"


def test_an_estimate_beside_a_device_target_is_shown_but_never_missed(capsys):
    row = benchlib.for_information("lazo normal worst turn (pystone est.)", 11.5, "s", "the vpico rows' turns")
    assert row["ok"] == "info" and row["value"] == "11.5 s" and "vpico" in row["target"]
    runner.print_targets([("ai", row), ("vpico", benchlib.at_most("lazo AI normal worst turn", 1460, 3000, "ms"))])
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[0] == "-" and out[2].split()[0] == "\u2713"
    assert out[-1].strip() == "1 met, 0 missed, 0 undecided; 1 for information"


def test_the_ai_benchs_time_and_heap_rows_are_for_information_and_its_rates_are_targets():
    entry = {"wins_vs_random": 40, "games_vs_random": 40, "wins_vs_greedy": 10, "games_vs_greedy": 40,
             "median_turn_s_rp2040": 0.9, "worst_turn_s_rp2040": 11.5, "peak_heap_kb": 40}
    hard = {"worst_turn_s_rp2040": 30.0, "wins_vs_normal": 30, "draws_vs_normal": 0, "games_vs_normal": 40}
    rows = bench_ai.targets({"lazo": {"normal": entry, "hard": hard}}, True)
    kinds = {row["figure"]: row["ok"] for row in rows}
    assert kinds["lazo normal wins vs random"] == "yes" and kinds["lazo normal wins vs greedy"] == "no"
    assert kinds["lazo hard scores vs normal"] == "?"      # 75% [59.8, 85.8] of 40 of the 200
    assert [f for f, ok in kinds.items() if ok == "info"] == [
        "lazo normal median turn (pystone est.)", "lazo normal worst turn (pystone est.)",
        "lazo normal search heap (VM)", "lazo hard worst turn (pystone est.)"]


def test_make_bench_leaves_the_long_topics_to_make_bench_strength():
    default = runner.chosen_topics([])
    assert "ai" in default and "vpico" in default and "app" in default
    assert "web" in default     # the browser version's load and reply times
    assert not set(runner.LONG) & set(default)
    assert runner.chosen_topics(["--long"]) == list(runner.LONG)
    assert set(runner.LONG) <= set(runner.topics())
    assert runner.chosen_topics(["trap"]) == ["trap"]


def test_bench_help_names_the_topics_and_runs_nothing(capsys):
    assert runner.main(["--help"]) == 0    # was taken for a topic's name
    out = capsys.readouterr().out
    assert "--long" in out and "strength" in out and "unknown" not in out


def test_make_bench_runs_the_rules_benchmarks_made_by_rules_run():
    """bench_lazo/thoughtwave/throngs/trap.py define run as benchlib.rules_run(...): they are
    topics of make bench too (once make bench left them out without a word)."""
    default = runner.chosen_topics([])
    for topic in ("lazo", "thoughtwave", "throngs", "trap", "tholian_go", "win_check"):
        assert topic in default, topic
    assert "ai_vm" not in runner.topics()  # a helper script run by bench_ai, not a topic


def test_the_table_of_saved_results(tmp_path, capsys):
    path = tmp_path / "results.json"
    assert runner.print_saved_table(str(path)) == 1
    import json
    path.write_text(json.dumps({"targets": {"app": [benchlib.at_most("trap peak heap", 130, 120, "KB")]}}))
    assert runner.print_saved_table(str(path)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2].split()[:3] == ["\u2717", "app", "trap"] and out[-1].strip() == "0 met, 1 missed, 0 undecided; 0 for information"


def test_bench_vpico_answers_help_and_refuses_an_unknown_game_in_one_line(capsys):
    from tools.bench import bench_vpico
    with pytest.raises(SystemExit) as stop:
        bench_vpico.main(["--help"])  # was taken for a game's name: a traceback from the emulator
    assert stop.value.code == 0
    assert "--heap" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        bench_vpico.main(["--heap", "chess"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game chess" in err and "Traceback" not in err
    assert bench_vpico.parse_args(["--heap", "trap"]).games == ["trap"]


def test_bench_vpicos_resume_step_opens_the_pause_menu_in_the_middle_of_a_turn(tmp_path, monkeypatch):
    # Tholian Go's turn is three decisions, and the device's game may part from the plan, so
    # the script's end can find the human between two of them: there B took back the first
    # (the bench's "Resume" measured that redraw, 216-261 ms), not the pause menu's Resume.
    from tools.bench import bench_vpico
    from tools.device import vpico_games
    from tools.device.app_driver import ScriptEnd, new_game_keys
    plan = vpico_games.Plan("tholian_go", "easy", [], {}, [], 1)
    script, played = bench_vpico.with_resume(plan)
    resume = [line.split()[1] for line in script.splitlines() if line.startswith("press ")]
    assert played is plan and resume[-1] == "a"
    from firmware.app import App
    menus = []
    real_screens = App.screens

    def screens(app, module):
        # The residency imports the pause menu anew after a game's screens: count the first one.
        loaded = real_screens(app, module)
        if module == "firmware.pause" and not menus and not hasattr(loaded, "counted"):
            real_pause_menu = loaded.pause_menu

            def pause_menu(app, session):
                menus.append(len(session.game.history))
                return real_pause_menu(app, session)
            loaded.pause_menu = pause_menu
            loaded.counted = True
        return loaded

    monkeypatch.setattr(App, "screens", screens)
    seen = {}

    def decide(app):
        game = app.session.game
        if "first" not in seen:    # the turn's first decision: any
            seen["first"] = len(game.history) + 1
            seen["session"] = app.session
            return list(vpico_games.entries(app.builder)[0])
        if "resume" not in seen:   # between two decisions of the turn: the script's end
            seen["resume"] = len(game.history)
            return list(resume)
        seen["end"] = len(game.history)
        raise ScriptEnd()

    hw = vpico_games.PlanningHW(tmp_path, new_game_keys("tholian_go", "human", "ai-easy"), decide)
    hw.app = app = App(hw)
    with pytest.raises(ScriptEnd):
        app.main_menu()
    assert seen["resume"] == seen["first"] == 1      # the human's turn went on after one decision
    # Paused, resumed, then (CONTINUE_STEPS) paused again (the module imported anew: not
    # counted), saved and quit, and continued from the main menu: a new session, nothing taken back.
    assert menus == [1] and seen["end"] == 1 and seen["session"] is not app.session


def test_the_slowest_turns_kept_replay_as_the_device_replays_them():
    """bench_ai keeps its slowest turns with their games' moves; bench_vpico's replay_turn,
    run here on CPython, makes the same searches (no decision differs) from them."""
    import time
    from shared_rules import host as ai_host
    from tools.bench import bench_vpico
    figures, _ = bench_ai.measure(["trap"], ["normal"], 2, 2, processes=1)
    entry = figures["trap"]["normal"]
    slowest = entry["slowest_turns"]
    estimates = [t["host_estimate_ms"] for t in slowest]
    assert len(slowest) == bench_ai.SLOWEST_KEPT and estimates == sorted(estimates, reverse=True)
    assert abs(estimates[0] / 1000 - entry["worst_turn_s_rp2040"]) < 0.001
    device = {}
    exec(bench_vpico.REPLAY, device)
    device["time"] = type("DeviceTime", (), {"ticks_us": staticmethod(lambda: int(time.perf_counter() * 1e6)),
                                             "ticks_diff": staticmethod(lambda a, b: a - b)})
    caps_were = ai_host.use_level_time_caps(False)
    try:
        for t in slowest:
            took, differ = device["replay_turn"]("trap", t["history"], t["start"], t["seed_base"], "normal")
            assert differ == 0 and took > 0
    finally:
        ai_host.use_level_time_caps(caps_were)


def test_the_rules_digest_changes_with_any_file_of_a_game_package(tmp_path, monkeypatch):
    import os
    import shutil
    shutil.copytree(os.path.join(bench_ai.ROOT, "shared_rules"), tmp_path / "shared_rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(bench_ai, "ROOT", str(tmp_path))
    digests = [bench_ai.rules_digest()]
    bench_ai.save_slowest_turns({"tholian_go": {"normal": []}})
    assert bench_ai.load_slowest_turns() == ({"tholian_go": {"normal": []}}, "")
    ai_order = tmp_path / "shared_rules" / "tholian_go" / "ai_order.py"
    ai_order.write_text(ai_order.read_text() + "\n")
    digests.append(bench_ai.rules_digest())
    assert bench_ai.load_slowest_turns()[0] is None     # made by other code: not replayed
    ai_order.rename(tmp_path / "shared_rules" / "tholian_go" / "ai_order2.py")
    digests.append(bench_ai.rules_digest())
    (tmp_path / "shared_rules" / "trap" / "notes.txt").write_text("not code")
    digests.append(bench_ai.rules_digest())
    assert len(set(digests[:3])) == 3 and digests[3] == digests[2]


def test_the_device_worst_turn_row_takes_the_slowest_host_turns_timed_on_the_device():
    from tools.bench import bench_vpico

    def pair(ms):
        return {"emulated": ms, "real_chip_estimate": round(ms / bench_vpico.REAL_CHIP, 1)}
    ai_turns = {"median_ms": pair(500.0), "worst_ms": pair(900.0), "turns": 4}
    game = {"ai_turn_ms": {"normal": ai_turns}, "heap_free_at_a_search_peak_bytes": 70000,
            "cursor_ms": None, "played_move_ms": None, "resume_ms": None, "continue_ms": None, "new_game_ms": None}
    row = bench_vpico.targets(benchlib, {"trap": game}, 900.0)[1]
    assert row["figure"] == "trap AI normal worst turn (4 replies)" and row["value"] == "1097.6 ms"
    ai_turns["slowest_host_turns"] = {"worst_ms": pair(2600.0), "device_ms": [2600.0, 1000.0, 800.0]}
    row = bench_vpico.targets(benchlib, {"trap": game}, 900.0)[1]
    assert row["figure"] == "trap AI normal worst turn (4 replies + the ai bench's 3 slowest)"
    assert row["value"] == "3170.7 ms" and row["ok"] == "no"


def test_bench_vpicos_continue_row_is_a_failure_unless_continue_showed_resumes_board(tmp_path):
    """Continue's first figures were the time to an error message ("not enough memory to load
    it") instead of the board: the row counts only when the board after Continue is, pixel for
    pixel, the board Resume showed before Save and quit."""
    import pygame
    from tools.bench import bench_vpico
    board = pygame.Surface((240, 240))
    board.fill((0, 0, 0))
    pygame.image.save(board, str(tmp_path / bench_vpico.RESUMED_SHOT))
    board.set_at((120, 7), (255, 255, 255))     # one pixel of a message's text
    pygame.image.save(board, str(tmp_path / bench_vpico.CONTINUED_SHOT))
    report = {"presses": [[1000.0, "a"]], "frames": [[1010.0, 1090.5, 0, 0, 240, 240]]}
    assert bench_vpico.continue_latency(report, tmp_path) is None
    board.set_at((120, 7), (0, 0, 0))
    pygame.image.save(board, str(tmp_path / bench_vpico.CONTINUED_SHOT))
    assert bench_vpico.continue_latency(report, tmp_path) == 90.5

    ai_turns = {"median_ms": {"emulated": 1.0, "real_chip_estimate": 1.2}, "worst_ms": {"emulated": 1.0, "real_chip_estimate": 1.2}, "turns": 4}
    game = {"ai_turn_ms": {"normal": ai_turns}, "heap_free_at_a_search_peak_bytes": 70000,
            "cursor_ms": None, "played_move_ms": None, "resume_ms": None, "continue_ms": None, "new_game_ms": None}
    rows = [r for r in bench_vpico.targets(benchlib, {"trap": game}, 900.0) if "Continue" in r["figure"]]
    assert [(r["value"], r["ok"]) for r in rows] == [("not the board", "no")]


def test_bench_strength_plays_chain_as_a_game_of_its_own():
    from tools.bench import bench_strength
    assert "tholian_go_chain" in bench_strength.VARIANTS
    figures, _ = bench_ai.measure(["tholian_go_chain"], ["easy"], 0, 2, processes=1, opponents=["greedy"])
    entry = figures["tholian_go_chain"]["easy"]
    assert entry["games_vs_greedy"] == 2 and entry["turns"] == 0
    rows = bench_ai.targets(figures, False, 2)
    assert [r["figure"] for r in rows] == ["tholian_go_chain easy scores vs greedy"] and rows[0]["ok"] in ("yes", "no")


def test_bench_vpicos_resume_step_comes_before_the_decision_that_ends_the_game():
    # At the game's end the game-over screen has no Resume: Trap's row was missing.
    from shared_rules import registry
    from tools.bench import bench_vpico
    from tools.device import vpico_games
    game = registry.create("trap")
    rng = Rng(3)
    while game.winner() == -1:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    segments = [("menu", ["a", "a"]), ("human", ["right", "a"], True), ("human", ["down", "a"], True)]
    plan = vpico_games.Plan("trap", "easy", segments, {}, list(game.history), 1)
    script, played = bench_vpico.with_resume(plan)
    assert played.segments == segments[:-1] and played.history == plan.history
    presses = [line.split()[1] for line in script.splitlines() if line.startswith("press ")]
    assert presses == ["a", "a", "right", "a", bench_vpico.PAUSE_BUTTON, "a", bench_vpico.PAUSE_BUTTON, "up", "a", "a"]
    on = vpico_games.Plan("trap", "easy", segments, {}, list(game.history[:4]), 1)
    assert bench_vpico.with_resume(on)[1] is on


def test_bench_vpico_without_the_firmware_says_where_to_put_it_in_one_line(tmp_path, monkeypatch, capsys):
    from tools.bench import bench_vpico
    from tools.device import pico_firmware
    monkeypatch.setattr(pico_firmware, "search_dirs", lambda: [tmp_path])
    assert bench_vpico.main(["trap"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("bench_vpico: the MicroPython v1.27.0 firmware") and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


def test_thoughtwaves_greedy_player_weighs_by_easys_evaluation():
    """Thoughtwave's greedy player keeps the 5:1 weights (easy's), not normal's 1:1: in this
    opening the two evaluations' best moves differ, and greedy's move is among easy's."""
    from shared_rules import ai, registry

    game = registry.create("thoughtwave")
    for text in ("S1@c3", "S0@f6", "J1@d3", "B3@f5"):
        game.play_text(text)
    tuner_class = ai.tuner_class(game)

    def best_moves(level):
        tuner, me, values = tuner_class(game, level), game.to_move(), {}
        for move in game.legal_moves():
            game.play(move)
            values[move] = tuner.evaluate(me)
            game.undo()
        top = max(values.values())
        return set(move for move, value in values.items() if value == top)

    easy, normal = best_moves("easy"), best_moves("normal")
    assert not easy & normal
    assert bench_ai.greedy_move(game, Rng(1), tuner_class) in easy
