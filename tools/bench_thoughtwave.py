"""Thoughtwave rules benchmark (`python -m tools.bench thoughtwave`): move listing, play+undo,
random games.

CPython figures are medians of host CPU seconds, turned into RP2040 estimates with the host's CPU pystones
measured close to each figure (benchlib.rp2040_seconds).  Heap figures come from gc.mem_alloc() under the MicroPython VM
(the script below, run by benchlib.run_mpy_source): what importing the module, creating a game, one
play+undo, one legal-move listing and one whole random game allocate.
"""
import statistics

from shared_rules.thoughtwave import Thoughtwave

GAMES = 40  # random games on CPython
VM_GAMES = 5


def after_20(game):
    return len(game.history) >= 20


def host_figures(bench):
    start = Thoughtwave()
    listing0 = bench.median_seconds(start.legal_moves, 5, 200)
    listing20, counts = [], []
    for game in bench.random_positions(Thoughtwave, 20, after_20):
        counts.append(len(game.legal_moves()))
        listing20.append(bench.median_seconds(game.legal_moves, 5, 20))
    figures = bench.time_figures("legal_moves_empty_board", listing0)
    figures["legal_moves_empty_board_count"] = len(start.legal_moves())
    figures.update(bench.time_figures("legal_moves_after_20", statistics.median(listing20)))
    figures["legal_moves_after_20_count"] = statistics.median(counts)
    figures.update(bench.random_game_figures(Thoughtwave, GAMES))
    return figures


VM_SCRIPT = r'''
import gc
base = gc.mem_alloc()
from shared_rules.thoughtwave import Thoughtwave
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
from tools.rules_bench_vm import report, standard_figures
# One play+undo and one listing: the last game's end.
report(standard_figures(module_bytes, Thoughtwave, Rng, GAMES, lambda games: games[-1], "legal_moves"))
'''


def run(bench):
    figures = host_figures(bench)
    figures.update(bench.run_mpy_source(VM_SCRIPT, GAMES=VM_GAMES))
    return {"rules": {"thoughtwave": figures}}


if __name__ == "__main__":
    from tools import benchlib
    import json
    print(json.dumps(run(benchlib), indent=1))
