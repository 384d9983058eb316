"""The ladder's Elo maths (tools/bench/bench_ladder.py) on results whose ratings are known."""
import math

from tools.bench import bench_ladder
from tools.bench.bench_ladder import ELO_PER_NAT, ladder, ratings


def test_two_players_get_the_logit_of_the_score_with_its_standard_error():
    # 7 of 10 and the one virtual draw: 7.5 of 11, so 400 log10(7.5 / 3.5) = +132.4 Elo, and the
    # standard error 400 / ln 10 / sqrt(11 p (1 - p)) with p = 7.5 / 11.
    rating, cov = ratings(["a", "b"], {("b", "a"): (7, 10)}, "a")
    p = 7.5 / 11
    assert rating["a"] == 0 and abs(rating["b"] - 400 * math.log10(7.5 / 3.5)) < 1e-6
    assert abs(rating["b"] - 132.40) < 0.01
    assert abs(math.sqrt(cov[("b", "b")]) - ELO_PER_NAT / math.sqrt(11 * p * (1 - p))) < 1e-6


def test_a_perfect_score_is_finite_and_an_even_one_is_zero():
    rating, _ = ratings(["a", "b"], {("a", "b"): (0, 40)}, "a")
    assert abs(rating["b"] - 400 * math.log10(40.5 / 0.5)) < 1e-6     # +763 Elo, not infinity
    rating, _ = ratings(["a", "b"], {("a", "b"): (20, 40)}, "a")
    assert abs(rating["b"]) < 1e-9


def test_a_round_robin_of_consistent_results_gives_their_ratings():
    # Scores drawn exactly from ratings 0, 200 and 500 (with the virtual draw taken out): the
    # maximum-likelihood ratings are those, and the ladder's steps are their differences.
    truth = {"r": 0.0, "g": 200.0, "e": 500.0}
    games = 100
    results = {}
    for a, b in (("r", "g"), ("r", "e"), ("g", "e")):
        p = bench_ladder.expected(truth[a] - truth[b])
        results[(a, b)] = (p * (games + 1) - 0.5, games)
    table, steps = ladder(["r", "g", "e"], results, "r")
    got = {name: r for name, r, _, _ in table}
    assert all(abs(got[n] - truth[n]) < 1e-6 for n in truth)
    (g, r, d1, low1, high1), (e, g2, d2, low2, high2) = steps
    assert (g, r, e, g2) == ("g", "r", "e", "g") and abs(d1 - 200) < 1e-6 and abs(d2 - 300) < 1e-6
    assert low1 < 200 < high1 and 0 < low2 < 300 < high2
    # The anchor's interval is a point; the others' widen with fewer games.
    assert table[0][2] == table[0][3] == 0
    fewer = {pair: (score / 4, n / 4) for pair, (score, n) in results.items()}
    wide = ladder(["r", "g", "e"], fewer, "r")[0]
    assert wide[2][3] - wide[2][2] > table[2][3] - table[2][2]


def test_a_step_row_is_met_only_when_its_interval_is_above_zero():
    assert bench_ladder.step_row("trap", ("hard", "normal", 80, 10, 150))["ok"] == "yes"
    assert bench_ladder.step_row("trap", ("hard", "normal", 20, -40, 80))["ok"] == "?"
    row = bench_ladder.step_row("trap", ("hard", "normal", -90, -160, -20))
    assert row["ok"] == "no" and row["figure"] == "trap hard above normal" and row["value"] == "-90 Elo [-160, -20]"


def test_the_ladders_matches_played_by_bench_strength_count_with_their_games():
    strength = {"trap": {"easy": {"wins_vs_greedy": 150, "draws_vs_greedy": 10, "games_vs_greedy": 200},
                         "normal": {"wins_vs_easy": 100, "draws_vs_easy": 0, "games_vs_easy": 200,
                                    "wins_vs_normal": 50, "draws_vs_normal": 90, "games_vs_normal": 200}}}
    # The weaker player first, with its score: greedy 200 - 155 = 45 of 200 against easy.
    assert bench_ladder.known_results(strength) == {"trap": {("greedy", "easy"): [45.0, 200], ("easy", "normal"): [100.0, 200]}}
    jobs = [job for job in bench_ladder.jobs_of(["trap"], 4)]
    assert ("trap", "greedy", "easy", 0, 4) in jobs and len(jobs) == 10
