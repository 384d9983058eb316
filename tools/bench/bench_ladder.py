"""The AI's levels as a ladder (`make bench-strength`, in topic "strength"): per game a round robin
of random, greedy and every AI level, and Elo-style ratings with 95% intervals, random = 0.

    python -m tools.bench.bench_ladder [--games N] [--game G]

Every pair of players meets in N games (LADDER_GAMES by default; --games 4 for a quick look;
tools/bench/bench_strength.py counts the ladder's matches it played, 200 games each, instead),
colours alternated, the levels' device time caps on (the game the player gets) with the host's
pystones measured as each chunk of games starts.  Random and greedy are tools/bench/bench_ai.py's.
A game still going after bench_ai.MAX_TURNS turns is a draw; a draw counts half.

Ratings: the maximum-likelihood Elo ratings of the whole round robin (P(a beats b) =
1 / (1 + 10^((Rb - Ra) / 400))), found by Newton's method with random fixed at 0, and their 95%
intervals from the inverse of the observed information.  As BayesElo does, every pair played also
gets one virtual draw (PRIOR_DRAWS), so that a perfect score gives a finite rating.  The target
rows say whether each level is above the one below it: the 95% interval of their difference.
"""
import math
import multiprocessing
import sys
import time

from shared_rules import ai, registry
from shared_rules import host as ai_host
from shared_rules.game import DRAW, ONGOING
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401  (registers every game)
from tools.bench import bench_ai
from tools.bench.benchlib import cpu_pystones

LADDER_GAMES = 40
CHUNK = 4
PRIOR_DRAWS = 1
Z95 = 1.959964
ELO_PER_NAT = 400 / math.log(10)
OPPONENTS = ("random", "greedy")
SEED_STEP = 7919


def players():
    """The ladder's players, weakest first by design: random, greedy, then the AI's levels."""
    return list(OPPONENTS) + list(ai.LEVELS)


# --- the ratings ---------------------------------------------------------------------------------
def expected(diff):
    """The expected score of a player `diff` Elo above its opponent."""
    return 1 / (1 + 10 ** (-diff / 400))


def solve(matrix, vector):
    """x with matrix x = vector (Gauss-Jordan with partial pivoting; small, well-posed systems)."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def inverse(matrix):
    n = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def ratings(names, results, anchor):
    """{name: rating} and the covariance {(a, b): Elo^2} of the maximum-likelihood Elo ratings
    of `results` {(a, b): (a's score, games)} (a score: wins + draws / 2), `anchor` fixed at 0,
    each pair played with PRIOR_DRAWS virtual draws more."""
    free = [n for n in names if n != anchor]
    index = {n: i for i, n in enumerate(free)}
    pairs = []
    for (a, b), (score, games) in results.items():
        if games:
            pairs.append((a, b, score + PRIOR_DRAWS / 2, games + PRIOR_DRAWS))
    rating = {n: 0.0 for n in names}
    k = 1 / ELO_PER_NAT
    for _ in range(100):
        gradient = [0.0] * len(free)
        information = [[0.0] * len(free) for _ in free]
        for a, b, score, games in pairs:
            p = expected(rating[a] - rating[b])
            g = k * (score - games * p)
            w = k * k * games * p * (1 - p)
            for name, sign in ((a, 1), (b, -1)):
                if name in index:
                    gradient[index[name]] += sign * g
                    information[index[name]][index[name]] += w
            if a in index and b in index:
                information[index[a]][index[b]] -= w
                information[index[b]][index[a]] -= w
        step = solve(information, gradient)
        for name in free:
            rating[name] += step[index[name]]
        if max(abs(s) for s in step) < 1e-9:
            break
    covariance = inverse(information)
    cov = {}
    for a in names:
        for b in names:
            cov[(a, b)] = covariance[index[a]][index[b]] if a in index and b in index else 0.0
    return rating, cov


def interval(value, variance):
    """The 95% interval of a normal estimate."""
    half = Z95 * math.sqrt(max(variance, 0.0))
    return value - half, value + half


def ladder(names, results, anchor="random"):
    """[(name, rating, low, high)] in the order of `names`, and the rows of each player over the
    one before it: (upper, lower, difference, low, high)."""
    rating, cov = ratings(names, results, anchor)
    table = [(n,) + (rating[n],) + interval(rating[n], cov[(n, n)]) for n in names]
    steps = []
    for lower, upper in zip(names, names[1:]):
        diff = rating[upper] - rating[lower]
        variance = cov[(upper, upper)] + cov[(lower, lower)] - 2 * cov[(upper, lower)]
        steps.append((upper, lower, diff) + interval(diff, variance))
    return table, steps


# --- the games -----------------------------------------------------------------------------------
def move_of(player, game, rng, tuner_class, seed):
    if player == "random":
        return bench_ai.random_move(game, rng, tuner_class)
    if player == "greedy":
        return bench_ai.greedy_move(game, rng, tuner_class)
    return ai.Search(game, player, seed=seed).run()


def play(name, first, second, index):
    """One game, `first` moving first: 1, 0.5 or 0, first's score."""
    game = registry.create(*bench_ai.game_of(name))
    tuner_class = ai.tuner_class(game)
    rng = Rng(1000 + index)
    sides = (first, second)
    turns, last_mover = 0, -1
    while game.winner() == ONGOING and turns < bench_ai.MAX_TURNS:
        mover = game.to_move()
        if mover != last_mover:
            last_mover = mover
            turns += 1
        game.play(move_of(sides[mover], game, rng, tuner_class, index * SEED_STEP + len(game.history)))
    w = game.winner()
    if w == ONGOING or w == DRAW:
        return 0.5
    return 1.0 if w == 0 else 0.0


def play_chunk(job):
    """job = (game, a, b, first index, games) -> (game, a, b, a's score, games); a moves first in
    the even games."""
    name, a, b, first, games = job
    ai_host.use_level_time_caps(True)
    ai_host.set_host_speed(cpu_pystones(5000, 3))
    score = 0.0
    for index in range(first, first + games):
        if index % 2 == 0:
            score += play(name, a, b, index)
        else:
            score += 1 - play(name, b, a, index)
    return name, a, b, score, games


def jobs_of(names, games):
    jobs = []
    ladder_players = players()
    for name in names:
        for i, a in enumerate(ladder_players):
            for b in ladder_players[i + 1:]:
                for first in range(0, games, CHUNK):
                    jobs.append((name, a, b, first, min(CHUNK, games - first)))
    return jobs


def known_results(strength):
    """{game: {(a, b): [a's score, games]}} of the ladder's matches in bench_ai's figures
    {game: {level: entry}} (a level against the one below it)."""
    out = {}
    for name, by_level in strength.items():
        for level, entry in by_level.items():
            below = bench_ai.level_below(level)
            if "games_vs_" + below in entry:
                games = entry["games_vs_" + below]
                level_score = entry["wins_vs_" + below] + entry["draws_vs_" + below] / 2
                out.setdefault(name, {})[(below, level)] = [games - level_score, games]
    return out


def measure(names, games, known=None, processes=2):
    """{game: {(a, b): [a's score, games]}} of every pair's games on `processes` cores, the
    pairs in `known` (results of that form) not played again."""
    known = known or {}
    results = {name: dict(known.get(name, {})) for name in names}
    jobs = [job for job in jobs_of(names, games) if (job[1], job[2]) not in results[job[0]]]
    with multiprocessing.Pool(processes) as pool:
        for name, a, b, score, played in pool.imap_unordered(play_chunk, jobs):
            entry = results[name].setdefault((a, b), [0.0, 0])
            entry[0] += score
            entry[1] += played
            if entry[1] == games:    # progress, and what a run cut short has shown
                print("   %s %s vs %s: %.1f of %d" % (name, a, b, entry[0], games), flush=True)
    return results


# --- the report ----------------------------------------------------------------------------------
def step_row(name, step):
    upper, lower, diff, low, high = step
    ok = "yes" if low > 0 else ("no" if high < 0 else "?")
    return {"figure": "%s %s above %s" % (name, upper, lower),
            "value": "%+.0f Elo [%+.0f, %+.0f]" % (diff, low, high), "target": "> 0", "ok": ok}


def figures_of(results):
    """The ladders (figures) and the rows of each level over the one below it (targets)."""
    figures, rows = {}, []
    names = players()
    for name in sorted(results):
        table, steps = ladder(names, results[name])
        figures[name] = {player: {"elo": round(r), "low": round(low), "high": round(high)}
                         for player, r, low, high in table}
        figures[name]["games_per_pair"] = sorted(set(g for _, g in results[name].values()))
        rows += [step_row(name, step) for step in steps if step[0] in ai.LEVELS]
    return figures, rows


def print_ladders(figures):
    for name in sorted(figures):
        print("   %s (%s games per pair)" % (name, " or ".join(map(str, figures[name]["games_per_pair"]))))
        for player in players():
            entry = figures[name][player]
            print("     %-7s %5d  [%5d, %5d]" % (player, entry["elo"], entry["low"], entry["high"]))


def round_robin(games=LADDER_GAMES, names=None, known=None):
    """The ladders of `names` (every game with an AI) from a round robin of `games` a pair (the
    pairs of `known` as they are): {"ladder": figures, "ladder_bench": ..., "targets": rows}."""
    t0 = time.time()
    names = names or bench_ai.games_with_ai()
    figures, rows = figures_of(measure(names, games, known))
    print_ladders(figures)
    return {"ladder": figures, "ladder_bench": {"seconds": round(time.time() - t0)}, "targets": rows}


def main(argv):
    games, names = LADDER_GAMES, None
    while argv:
        flag = argv.pop(0)
        if flag == "--games" and argv and argv[0].isdigit() and int(argv[0]) > 0:
            games = int(argv.pop(0))
        elif flag == "--game" and argv:
            names = [argv.pop(0)]
            if names[0] not in bench_ai.games_with_ai():
                print("error: no AI for '%s'; games with an AI: %s" % (names[0], ", ".join(bench_ai.games_with_ai())))
                return 2
        else:
            print(__doc__)
            return 2
    figures = round_robin(games, names)
    from tools.bench.runner import print_targets
    print_targets([("ladder", row) for row in figures["targets"]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
