"""Thoughtwave rules benchmark (`python -m tools.bench thoughtwave`): move listing, play+undo,
random games.

CPython figures are medians of host seconds, turned into RP2040 estimates with the host pystone of
this run (benchlib.rp2040_seconds).  Heap figures come from gc.mem_alloc() under the MicroPython VM
(the script below, run by benchlib.run_mpy): what importing the module, creating a game, one
play+undo, one legal-move listing and one whole random game allocate.
"""
import os
import statistics
import tempfile
import time

from shared_rules.rng import Rng
from shared_rules.thoughtwave import Thoughtwave

GAMES = 40  # random games on CPython
VM_GAMES = 5


def random_game(seed):
    """A full game of uniform random placements; returns it (its history is every decision)."""
    game = Thoughtwave()
    rng = Rng(seed)
    while not game.is_over():
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


def midgame_positions(count):
    """Positions after 20 random placements, as encode() texts."""
    out = []
    for seed in range(1, count + 1):
        game = Thoughtwave()
        rng = Rng(seed)
        while not game.is_over() and len(game.history) < 20:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        out.append(game.encode())
    return out


def median_call_seconds(func, number):
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(number):
            func()
        times.append((time.perf_counter() - t0) / number)
    return statistics.median(times)


def host_figures(bench):
    start = Thoughtwave()
    listing0 = median_call_seconds(start.legal_moves, 200)
    listing20, counts = [], []
    for text in midgame_positions(20):
        game = Thoughtwave()
        game.decode(text)
        counts.append(len(game.legal_moves()))
        listing20.append(median_call_seconds(game.legal_moves, 20))
    listing20 = statistics.median(listing20)
    game_times, per_decision, lengths = [], [], []
    for seed in range(1, GAMES + 1):
        t0 = time.perf_counter()
        game = random_game(seed)
        game_times.append(time.perf_counter() - t0)
        moves = list(game.history)
        lengths.append(len(moves))
        t0 = time.perf_counter()
        for _ in range(5):
            for _ in moves:
                game.undo()
            for m in moves:
                game.play(m)
        per_decision.append((time.perf_counter() - t0) / (5 * len(moves)))
    play_undo = statistics.median(per_decision)
    game_s = statistics.median(game_times)
    return {
        "legal_moves_empty_board_us": round(listing0 * 1e6, 1),
        "legal_moves_empty_board_count": len(start.legal_moves()),
        "legal_moves_after_20_us": round(listing20 * 1e6, 1),
        "legal_moves_after_20_count": statistics.median(counts),
        "play_undo_us": round(play_undo * 1e6, 2),
        "random_game_ms": round(game_s * 1e3, 2),
        "random_games_per_s": round(1 / game_s, 1),
        "random_game_decisions": statistics.median(lengths),
        "rp2040_legal_moves_empty_board_ms": round(bench.rp2040_seconds(listing0) * 1e3, 1),
        "rp2040_legal_moves_after_20_ms": round(bench.rp2040_seconds(listing20) * 1e3, 1),
        "rp2040_play_undo_ms": round(bench.rp2040_seconds(play_undo) * 1e3, 2),
        "rp2040_random_game_s": round(bench.rp2040_seconds(game_s), 2),
    }


VM_SCRIPT = r'''
# Under the WebAssembly VM gc.collect() only takes effect once control returns to JavaScript, so
# within this script every gc.mem_alloc() difference is what the code in between allocated.
import gc, json, time
base = gc.mem_alloc()
from shared_rules.thoughtwave import Thoughtwave
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
base = gc.mem_alloc()
game = Thoughtwave()
game_bytes = gc.mem_alloc() - base

def random_game(seed):
    g = Thoughtwave()
    rng = Rng(seed)
    while not g.is_over():
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
    return g

times, allocs = [], []
last = None
for seed in range(1, GAMES + 1):
    a0 = gc.mem_alloc()
    t0 = time.ticks_ms()
    last = random_game(seed)
    times.append(time.ticks_diff(time.ticks_ms(), t0))
    allocs.append(gc.mem_alloc() - a0)
times.sort()
allocs.sort()

# One play+undo and one listing: the last game's end, taken back a bit.
g = last
moves = g.history[-6:]
for _ in moves:
    g.undo()
g.play(moves[0])  # the history list has its room already
g.undo()
a0 = gc.mem_alloc()
for _ in range(10):
    for m in moves:
        g.play(m)
    for _ in moves:
        g.undo()
a1 = gc.mem_alloc()
listing = g.legal_moves()
a2 = gc.mem_alloc()
print("@@BENCH " + json.dumps({
    "vm_module_alloc_bytes": module_bytes,
    "vm_new_game_alloc_bytes": game_bytes,
    "vm_play_undo_alloc_bytes": (a1 - a0) // (10 * len(moves)),
    "vm_legal_moves_alloc_bytes": a2 - a1,
    "vm_legal_moves_count": len(listing),
    "vm_random_game_alloc_bytes": allocs[len(allocs) // 2],
    "vm_random_game_ms": times[len(times) // 2],
}))
'''


def vm_figures(bench):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("GAMES = %d\n" % VM_GAMES + VM_SCRIPT)
        path = f.name
    try:
        return bench.run_mpy(path)
    finally:
        os.unlink(path)


def run(bench):
    figures = host_figures(bench)
    figures.update(vm_figures(bench))
    return {"rules": {"thoughtwave": figures}}


if __name__ == "__main__":
    from tools import benchlib
    import json
    print(json.dumps(run(benchlib), indent=1))
