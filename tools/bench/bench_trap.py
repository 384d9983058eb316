"""Trap rules benchmark (`python -m tools.bench trap`): move listing, play+undo, random games.

Figures as tools/vm/rules_bench_vm.py's standard_figures gives them (see benchlib.rules_run).
"""
import statistics

from shared_rules.registry import host_facts
from shared_rules.trap.rules import Trap
from tools.bench.benchlib import print_run, rules_run

GAMES = 40  # random games on CPython
VM_GAMES = 5


def host_figures(bench):
    listing1 = bench.median_seconds(Trap().legal_moves, 5, 2000)
    listing2, counts = [], []
    facts = host_facts("trap")
    for game in bench.random_positions(Trap, facts.BENCH_POSITIONS, facts.bench_position):
        counts.append(len(game.legal_moves()))
        listing2.append(bench.median_seconds(game.legal_moves, 5, 20))
    figures = bench.time_figures("legal_moves_phase1", listing1, 1, 2)
    figures.update(bench.time_figures("legal_moves_phase2", statistics.median(listing2)))
    figures["legal_moves_phase2_count"] = statistics.median(counts)
    figures.update(bench.random_game_figures(Trap, GAMES))
    return figures


run = rules_run("trap", host_figures, "bench_trap_vm.py", VM_GAMES)


if __name__ == "__main__":
    print_run(run)
