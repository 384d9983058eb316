"""Throngs rules benchmark (`python -m tools.bench throngs`): random playouts, move listing, heap.

Random playouts: whole games from the standard start, each decision uniform over the legal ones
(as Ludii's figures were measured: 9.9 games/s on the 63 board, 3.1 on the 93, with Ludii 1.3.12's
rules = ruleset=original).  Throughput = games / seconds over a batch, median of batches, in wall
time and in CPU time of this process.

Times are CPU time of this process and the RP2040 estimates use the host pystone measured in this
run as CPU time too (as tools/bench_ai.py does): other work on a shared host slows the wall clock
of both by different amounts, which made wall-clock estimates swing 3x between runs.

Listing: mid-game positions (a random game at decision 100 of the 63 board, at the start of a
maneuver): the decisions legal there (`legal_moves()`: deploy/capture/move sites and pass), every
complete maneuver (each selection followed by each of its destinations), and the destinations of
a stone in flight.  RP2040 estimates = host seconds x host pystones of this run / 1490.

Heap (gc.mem_alloc() under the MicroPython VM): importing the module, a new game, one listing,
one play+undo, a whole random game; also the VM's own times for the mid-game listings (the VM
runs ~36,000 pystones/s here, ~24x an RP2040), a check on the estimates that does not depend on
the host pystone.
"""
import os
import statistics
import tempfile
import time

from shared_rules.rng import Rng
from shared_rules.throngs import Throngs, PASS
from tools import pystone

LUDII_GAMES_PER_S = {"63": 9.9, "93": 3.1}
BATCH = 10  # games per timed batch
BATCHES = 5
MID_GAME = 100  # decisions into a random game
POSITIONS = 20
VM_GAMES = 3


def random_game(options, seed):
    game = Throngs(options)
    rng = Rng(seed)
    while True:
        moves = game.legal_moves()
        if not moves:
            return game
        game.play(moves[rng.below(len(moves))])


def playouts(options):
    """(games/s wall, games/s CPU, median decisions per game): medians over BATCHES batches."""
    wall, cpu, lengths = [], [], []
    seed = 1
    for _ in range(BATCHES):
        t0 = time.perf_counter()
        c0 = time.process_time()
        for _ in range(BATCH):
            lengths.append(len(random_game(options, seed).history))
            seed += 1
        cpu.append(BATCH / (time.process_time() - c0))
        wall.append(BATCH / (time.perf_counter() - t0))
    return statistics.median(wall), statistics.median(cpu), statistics.median(lengths)


def mid_game_positions(options, count):
    out = []
    seed = 1
    while len(out) < count:
        game = Throngs(options)
        rng = Rng(seed)
        seed += 1
        while not game.is_over() and (len(game.history) < MID_GAME or game.flight() is not None
                                      or game.maneuver() != 1):
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        if not game.is_over():
            out.append(game.encode())
    return out


def all_maneuvers(game):
    """Every complete maneuver as (selection, destination or -1)."""
    out = []
    for move in game.legal_moves():
        game.play(move)
        if game.flight() is None:
            out.append((move, -1))
        else:
            for dest in game.legal_moves():
                out.append((move, dest))
        game.undo()
    return out


def median_call_seconds(func, number):
    """Median over 5 runs of the CPU seconds of one call."""
    times = []
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(number):
            func()
        times.append((time.process_time() - t0) / number)
    return statistics.median(times)


_cpu_pystones = []


def rp2040_seconds(host_cpu_seconds):
    """Device estimate from host CPU seconds and the host pystone as CPU time (measured once)."""
    if not _cpu_pystones:
        rates = []
        for _ in range(5):
            t0 = time.process_time()
            pystone.pystones(20000)
            rates.append(20000 / (time.process_time() - t0))
        _cpu_pystones.append(statistics.median(rates))
    return host_cpu_seconds * _cpu_pystones[0] / 1490


def listing_figures(options):
    decisions, maneuvers, flights, counts, maneuver_counts, flight_counts, play_undo = [], [], [], [], [], [], []
    for text in mid_game_positions(options, POSITIONS):
        game = Throngs(options)
        game.decode(text)
        moves = game.legal_moves()
        counts.append(len(moves))
        decisions.append(median_call_seconds(game.legal_moves, 50))
        maneuver_counts.append(len(all_maneuvers(game)))
        maneuvers.append(median_call_seconds(lambda: all_maneuvers(game), 3))
        # The selection with the most power: its destinations.
        best = max((m for m in moves if m != PASS), key=lambda m: game.potential(m & 0xFF))
        game.play(best)
        if game.flight() is not None:
            flight_counts.append(len(game.legal_moves()))

            def destinations():
                game._reach_valid = False  # measure the route search, not its cache
                return game.legal_moves()
            flights.append(median_call_seconds(destinations, 50))
            dest = game.legal_moves()[0]

            def one_decision():
                game.play(dest)
                game.undo()
        else:
            def one_decision():
                game.undo()
                game.play(best)
        play_undo.append(median_call_seconds(one_decision, 50))
    decision_s = statistics.median(decisions)
    maneuver_s = statistics.median(maneuvers)
    flight_s = statistics.median(flights)
    play_undo_s = statistics.median(play_undo)
    return {
        "mid_game_decisions_count": statistics.median(counts),
        "mid_game_legal_moves_us": round(decision_s * 1e6, 1),
        "mid_game_maneuvers_count": statistics.median(maneuver_counts),
        "mid_game_all_maneuvers_ms": round(maneuver_s * 1e3, 2),
        "in_flight_destinations_count": statistics.median(flight_counts),
        "in_flight_destinations_us": round(flight_s * 1e6, 1),
        "play_undo_us": round(play_undo_s * 1e6, 1),
        "rp2040_mid_game_legal_moves_ms": round(rp2040_seconds(decision_s) * 1e3, 1),
        "rp2040_mid_game_all_maneuvers_ms": round(rp2040_seconds(maneuver_s) * 1e3),
        "rp2040_in_flight_destinations_ms": round(rp2040_seconds(flight_s) * 1e3, 1),
        "rp2040_play_undo_ms": round(rp2040_seconds(play_undo_s) * 1e3, 2),
    }


def host_figures():
    figures = {}
    for board in ("63", "93"):
        for ruleset in ("original", "seed"):
            wall, cpu, length = playouts({"board": board, "ruleset": ruleset})
            key = "playouts_%s_%s" % (board, ruleset)
            figures[key + "_per_s"] = round(wall, 1)
            figures[key + "_per_s_cpu"] = round(cpu, 1)
            figures[key + "_decisions"] = length
            if ruleset == "original":
                figures[key + "_x_ludii"] = round(wall / LUDII_GAMES_PER_S[board], 1)
                figures[key + "_x_ludii_cpu"] = round(cpu / LUDII_GAMES_PER_S[board], 1)
                figures["rp2040_playout_%s_s" % board] = round(rp2040_seconds(1 / cpu), 1)
    figures.update(listing_figures({"board": "63"}))
    figures["host_cpu_pystones"] = round(_cpu_pystones[0])
    return figures


VM_SCRIPT = r'''
# Under the WebAssembly VM gc.collect() only takes effect once control returns to JavaScript, so
# within this script every gc.mem_alloc() difference is what the code in between allocated.
import gc, json, time
base = gc.mem_alloc()
from shared_rules.throngs import Throngs
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
base = gc.mem_alloc()
game = Throngs()
game_bytes = gc.mem_alloc() - base

times, allocs = [], []
for seed in range(1, GAMES + 1):
    a0 = gc.mem_alloc()
    t0 = time.ticks_ms()
    g = Throngs()
    rng = Rng(seed)
    while True:
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[rng.below(len(moves))])
    times.append(time.ticks_diff(time.ticks_ms(), t0))
    allocs.append(gc.mem_alloc() - a0)
times.sort()
allocs.sort()

# Mid-game: a random game at decision 100, at the start of a maneuver.
g = Throngs()
rng = Rng(1)
while len(g.history) < 100 or g.flight() is not None or g.maneuver() != 1:
    moves = g.legal_moves()
    g.play(moves[rng.below(len(moves))])
a0 = gc.mem_alloc()
listing = g.legal_moves()
a1 = gc.mem_alloc()
t0 = time.ticks_us()
for _ in range(20):
    g.legal_moves()
listing_us = time.ticks_diff(time.ticks_us(), t0) // 20
t0 = time.ticks_ms()
maneuvers = 0
for sel in listing:
    g.play(sel)
    maneuvers += len(g.legal_moves()) if g.flight() is not None else 1
    g.undo()
all_maneuvers_ms = time.ticks_diff(time.ticks_ms(), t0)
move = listing[0]
g.play(move)
g.undo()
a2 = gc.mem_alloc()
for _ in range(10):
    g.play(move)
    g.undo()
a3 = gc.mem_alloc()
print("@@BENCH " + json.dumps({
    "vm_module_alloc_bytes": module_bytes,
    "vm_new_game_alloc_bytes": game_bytes,
    "vm_mid_game_legal_moves_alloc_bytes": a1 - a0,
    "vm_mid_game_legal_moves_count": len(listing),
    "vm_mid_game_legal_moves_us": listing_us,
    "vm_mid_game_maneuvers_count": maneuvers,
    "vm_mid_game_all_maneuvers_ms": all_maneuvers_ms,
    "vm_play_undo_alloc_bytes": (a3 - a2) // 10,
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
    figures = host_figures()
    figures.update(vm_figures(bench))
    return {"rules": {"throngs": figures}}


if __name__ == "__main__":
    from tools import benchlib
    import json
    print(json.dumps(run(benchlib), indent=1))
