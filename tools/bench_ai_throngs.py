"""Throngs AI measurements (`python -m tools.bench_ai_throngs`): strength and time per whole turn.

tools/bench_ai.py times every decision; a Throngs turn is up to four decisions (two maneuvers, each
a selection and a destination), and the targets of issue 10 are per turn.  This plays the AI
(shared_rules/ai_throngs.py through shared_rules/ai.py) against the uniform random and the greedy
one-ply players of tools/bench_ai.py, and against another level, colours alternating, and reports
the win rate with its 95% margin, and the median and worst RP2040-estimated time and nodes of an
AI turn (the decisions one player makes in a row).  Times are CPU time x host pystones / 1490.

    python -m tools.bench_ai_throngs [--games N] [--level L] [--opponent random|greedy|LEVEL]
                                     [--board B] [--ruleset R] [--processes P]
"""
import multiprocessing
import statistics
import sys

from shared_rules import ai
from shared_rules.game import DRAW, ONGOING
from shared_rules.rng import Rng
from shared_rules.throngs import Throngs
from tools import bench_ai

MAX_DECISIONS = 1500  # a game still running then counts as a draw


def play_game(job):
    """job = (game index, level, opponent, options, pystones) -> (result for the AI, turns)."""
    i, level, opponent, options, pystones = job
    ai.set_host_speed(pystones)
    tuning = ai.tuning_for(Throngs(options))
    game = Throngs(options)
    rng = Rng(1000 + i)
    ai_side = i % 2
    turns = []  # (device ms, nodes) per AI turn
    turn_ms = turn_nodes = 0
    while game.winner() == ONGOING and len(game.history) < MAX_DECISIONS:
        side = game.to_move()
        if side == ai_side:
            search = ai.Search(game, level, seed=i * 7919 + len(game.history))
            move = search.run()
            turn_ms += search.elapsed_ms
            turn_nodes += search.nodes
        elif opponent == "random":
            move = bench_ai.random_move(game, rng, tuning)
        elif opponent == "greedy":
            move = bench_ai.greedy_move(game, rng, tuning)
        else:
            move = ai.Search(game, opponent, seed=i * 104729 + len(game.history)).run()
        game.play(move)
        if side == ai_side and (game.to_move() != ai_side or game.winner() != ONGOING):
            turns.append((turn_ms, turn_nodes))
            turn_ms = turn_nodes = 0
    w = game.winner()
    result = 1 if w == ai_side else (0 if w in (DRAW, ONGOING) else -1)
    return result, turns, len(game.history)


def match(level, opponent, games, options, pystones, processes=2):
    jobs = [(i, level, opponent, options, pystones) for i in range(games)]
    with multiprocessing.Pool(processes) as pool:
        done = pool.map(play_game, jobs, chunksize=1)
    wins = sum(1 for r, _, _ in done if r == 1)
    draws = sum(1 for r, _, _ in done if r == 0)
    times = [t for _, turns, _ in done for t, _ in turns]
    nodes = [n for _, turns, _ in done for _, n in turns]
    rate = wins / games
    return {
        "level": level, "opponent": opponent, "games": games, "wins": wins, "draws": draws,
        "win_rate": round(rate, 3), "margin": round(bench_ai.margin(rate, games), 3),
        "median_turn_s_rp2040": round(statistics.median(times) / 1000, 3),
        "p90_turn_s_rp2040": round(sorted(times)[int(0.9 * len(times))] / 1000, 3),
        "worst_turn_s_rp2040": round(max(times) / 1000, 3),
        "median_turn_nodes": statistics.median(nodes), "worst_turn_nodes": max(nodes),
        "median_decisions": statistics.median(d for _, _, d in done),
    }


def main(argv):
    games, level, opponent, processes = 40, ai.DEFAULT_LEVEL, "greedy", 2
    options = {}
    while argv:
        flag = argv.pop(0)
        if flag == "--games":
            games = int(argv.pop(0))
        elif flag == "--level":
            level = argv.pop(0)
        elif flag == "--opponent":
            opponent = argv.pop(0)
        elif flag == "--board":
            options["board"] = argv.pop(0)
        elif flag == "--ruleset":
            options["ruleset"] = argv.pop(0)
        elif flag == "--processes":
            processes = int(argv.pop(0))
        else:
            print(__doc__)
            return 2
    pystones = bench_ai.cpu_pystones()
    print(match(level, opponent, games, options, pystones, processes), "pystones=%d" % pystones)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
