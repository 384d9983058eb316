"""Thoughtwave rules benchmark (`python -m tools.bench thoughtwave`): move listing, play+undo,
random games.

Figures as tools/vm/rules_bench_vm.py's standard_figures gives them (see benchlib.rules_run).
"""
import statistics

from shared_rules.registry import host_facts
from shared_rules.thoughtwave.rules import Thoughtwave
from tools.bench.benchlib import print_run, rules_run

GAMES = 40  # random games on CPython
VM_GAMES = 5


def host_figures(bench):
    start = Thoughtwave()
    listing0 = bench.median_seconds(start.legal_moves, 5, 200)
    listing20, counts = [], []
    facts = host_facts("thoughtwave")
    for game in bench.random_positions(Thoughtwave, facts.BENCH_POSITIONS, facts.bench_position):
        counts.append(len(game.legal_moves()))
        listing20.append(bench.median_seconds(game.legal_moves, 5, 20))
    figures = bench.time_figures("legal_moves_empty_board", listing0)
    figures["legal_moves_empty_board_count"] = len(start.legal_moves())
    figures.update(bench.time_figures("legal_moves_after_20", statistics.median(listing20)))
    figures["legal_moves_after_20_count"] = statistics.median(counts)
    figures.update(bench.random_game_figures(Thoughtwave, GAMES))
    return figures


run = rules_run("thoughtwave", host_figures, "bench_thoughtwave_vm.py", VM_GAMES)


if __name__ == "__main__":
    print_run(run)
