"""The benchmarks' statistics and target table (tools/benchlib.py, tools/bench.py)."""
from tools import bench, bench_ai, benchlib


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


def test_a_match_with_a_target_plays_on_until_decided():
    assert bench_ai.goal_of("normal", "random") == 0.9 and bench_ai.goal_of("easy", "random") is None
    assert not bench_ai.decided(24, 24, 0.9) and bench_ai.decided(36, 36, 0.9)


def test_the_target_table_marks_each_row(capsys):
    bench.print_targets([("screen", benchlib.at_most("trap cursor", 10.0, 30, "ms")),
                         ("ai", benchlib.rate_at_least("trap vs random", 24, 24, 0.9)),
                         ("app", benchlib.at_most("lazo heap", 130, 120, "KB"))])
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:3] == ["\u2713", "screen", "trap"]
    assert out[2].split()[0] == "?" and out[3].split()[0] == "\u2717"
    assert out[-1].strip() == "1 met, 1 missed, 1 undecided"
