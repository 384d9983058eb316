"""Thoughtwave rules benchmark (`python -m tools.bench thoughtwave`): move listing, play+undo,
random games.

CPython figures are medians of host seconds, turned into RP2040 estimates with the host pystone of
this run (benchlib.rp2040_seconds).  Heap figures come from gc.mem_alloc() under the MicroPython VM
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
from tools.rules_bench_vm import new_game_bytes, random_games, game_end_bytes, report
game_bytes = new_game_bytes(Thoughtwave)
games, game_alloc, game_ms = random_games(Thoughtwave, Rng, GAMES)
# One play+undo and one listing: the last game's end.
play_undo_bytes, listing_bytes, listing = game_end_bytes(games[-1])
report({
    "vm_module_alloc_bytes": module_bytes,
    "vm_new_game_alloc_bytes": game_bytes,
    "vm_play_undo_alloc_bytes": play_undo_bytes,
    "vm_legal_moves_alloc_bytes": listing_bytes,
    "vm_legal_moves_count": len(listing),
    "vm_random_game_alloc_bytes": game_alloc,
    "vm_random_game_ms": game_ms,
})
'''


def run(bench):
    figures = host_figures(bench)
    figures.update(bench.run_mpy_source(VM_SCRIPT, GAMES=VM_GAMES))
    return {"rules": {"thoughtwave": figures}}


if __name__ == "__main__":
    from tools import benchlib
    import json
    print(json.dumps(run(benchlib), indent=1))
