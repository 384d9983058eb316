"""Trap rules benchmark (`python -m tools.bench trap`): move listing, play+undo, random games.

Figures as tools/vm/rules_bench_vm.py's standard_figures gives them (see benchlib.rules_run).
"""
import statistics

from shared_rules.trap.rules import Trap
from tools.bench.benchlib import print_run, rules_run

GAMES = 40  # random games on CPython
VM_GAMES = 5


def in_phase2(game):
    """A few moves into phase 2 (46 decisions played or more)."""
    return game.phase() == 2 and len(game.history) >= 46


def host_figures(bench):
    listing1 = bench.median_seconds(Trap().legal_moves, 5, 2000)
    listing2, counts = [], []
    for game in bench.random_positions(Trap, 20, in_phase2):
        counts.append(len(game.legal_moves()))
        listing2.append(bench.median_seconds(game.legal_moves, 5, 20))
    figures = bench.time_figures("legal_moves_phase1", listing1, 1, 2)
    figures.update(bench.time_figures("legal_moves_phase2", statistics.median(listing2)))
    figures["legal_moves_phase2_count"] = statistics.median(counts)
    figures.update(bench.random_game_figures(Trap, GAMES))
    return figures


VM_SCRIPT = r'''
import gc
base = gc.mem_alloc()
from shared_rules.trap.rules import Trap
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
from tools.vm.rules_bench_vm import report, standard_figures
# One play+undo and one listing in phase 2: the end of the (first) longest game.
report(standard_figures(module_bytes, Trap, Rng, GAMES, lambda games: max(games, key=lambda g: len(g.history)),
                        "legal_moves_phase2"))
'''


run = rules_run("trap", host_figures, VM_SCRIPT, VM_GAMES)


if __name__ == "__main__":
    print_run(run)
