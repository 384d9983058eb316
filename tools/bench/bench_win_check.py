"""The AI's checks before any search (`python -m tools.bench win_check`).

At each decision of games between default-level AIs (time caps off: node budgets decide), the
check ai.Search.run() makes before searching is timed on CPython: the wins on the spot, trying
every legal move (what it did before `win_candidates`) and only the game's `win_candidates`,
and for Throngs the look for a turn that makes the win certain (`ai_throngs.sure_win`).
Host CPU seconds become RP2040 estimates with this run's pystones (benchlib.rp2040_seconds):
medians, 90th percentiles and worst cases per decision, in device ms.

    python -m tools.bench.bench_win_check      (prints the figures as JSON)
"""
import json
import time

from shared_rules import ai, registry
from shared_rules import host as ai_host
from shared_rules.game import ONGOING
import shared_rules.games  # noqa: F401

GAMES = 3
MAX_DECISIONS = 400


def wins_on_the_spot_seconds(game, moves):
    """CPU seconds to play each of `moves` and look at the winner, up to a win (ai.Search.run()'s
    loop)."""
    start = time.process_time()
    ai.win_on_the_spot(game, moves, game.to_move())
    return time.process_time() - start


def device_ms(bench, seconds):
    seconds = sorted(seconds)
    pick = (len(seconds) // 2, int(len(seconds) * 0.9), len(seconds) - 1)
    return [round(bench.rp2040_seconds(seconds[i]) * 1000, 1) for i in pick]


def game_figures(bench, name):
    every, narrowed, sure, decisions = [], [], [], 0
    for seed in range(GAMES):
        game = registry.create(name)
        tuner_class = ai.tuner_class(game)
        while game.winner() == ONGOING and decisions < MAX_DECISIONS * (seed + 1):
            moves = game.legal_moves()
            decisions += 1
            every.append(wins_on_the_spot_seconds(game, moves))
            start = time.process_time()
            kept = tuner_class.win_candidates(game, list(moves))
            narrowed.append(time.process_time() - start + wins_on_the_spot_seconds(game, kept))
            if hasattr(tuner_class, "sure_win"):
                tuner = tuner_class(game, ai.DEFAULT_LEVEL)  # what the search builds before it
                start = time.process_time()
                tuner.sure_win(moves)
                sure.append(time.process_time() - start)
            game.play(ai.choose_move(game, seed=seed * 1000 + decisions))
    out = {"decisions": decisions,
           "every move: median/p90/worst device ms": device_ms(bench, every),
           "win_candidates: median/p90/worst device ms": device_ms(bench, narrowed)}
    if sure:
        out["sure_win: median/p90/worst device ms"] = device_ms(bench, sure)
    return out


def run(bench):
    caps_were = ai_host.use_level_time_caps(False)
    try:
        figures = {name: game_figures(bench, name) for name in ("lazo", "throngs")}
    finally:
        ai_host.use_level_time_caps(caps_were)
    figures["pystones"] = round(bench.host_pystones())
    return figures


if __name__ == "__main__":
    from tools.bench import benchlib
    benchlib.print_run(run)
