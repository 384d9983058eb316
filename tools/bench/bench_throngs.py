"""Throngs rules benchmark (`python -m tools.bench throngs`): random playouts, move listing, heap.

Random playouts: whole games from the standard start, each decision uniform over the legal ones
(as Ludii's figures were measured: 9.9 games/s on the 63 board, 3.1 on the 93, with Ludii 1.3.12's
rules = ruleset=original).  Throughput = games / seconds over a batch, median of batches, in wall
time and in CPU time of this process.

Times are CPU time of this process and the RP2040 estimates use the host pystone measured as CPU
time too, close to each figure (benchlib): other work on a shared host slows the wall clock
of both by different amounts, which made wall-clock estimates swing 3x between runs.

Listing: mid-game positions (a random game at decision 100 of the 63 board, at the start of a
maneuver): the decisions legal there (`legal_moves()`: deploy/capture/move sites and pass), every
complete maneuver (each selection followed by each of its destinations), and the destinations of
a stone in flight.  RP2040 estimates = host CPU seconds x host CPU pystones (measured close to the figure) / 1490.

Heap (gc.mem_alloc() under the MicroPython VM): importing the module, a new game, one listing,
one play+undo, a whole random game; also the VM's own times for the mid-game listings (the VM
runs ~36,000 pystones/s here, ~24x an RP2040), a check on the estimates that does not depend on
the host pystone.
"""
import statistics
import time

from shared_rules.registry import host_facts
from shared_rules.throngs.rules import Throngs, PASS
from tools.bench.benchlib import print_run, rules_run

LUDII_GAMES_PER_S = {"63": 9.9, "93": 3.1}
BATCH = 10  # games per timed batch
BATCHES = 5
VM_GAMES = 3


def playouts(bench, options):
    """(games/s wall, games/s CPU, median decisions per game): medians over BATCHES batches."""
    wall, cpu, lengths = [], [], []
    seed = 1
    for _ in range(BATCHES):
        t0 = time.perf_counter()
        c0 = time.process_time()
        for _ in range(BATCH):
            lengths.append(len(bench.play_random(Throngs(options), seed).history))
            seed += 1
        cpu.append(BATCH / (time.process_time() - c0))
        wall.append(BATCH / (time.perf_counter() - t0))
    return statistics.median(wall), statistics.median(cpu), statistics.median(lengths)


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


def cpu_seconds(bench, func, number):
    """Median over 5 runs of the CPU seconds of one call."""
    return bench.median_seconds(func, 5, number)


def listing_figures(bench, options):
    decisions, maneuvers, flights, counts, maneuver_counts, flight_counts, play_undo = [], [], [], [], [], [], []
    facts = host_facts("throngs")
    for game in bench.random_positions(lambda: Throngs(options), facts.BENCH_POSITIONS, facts.bench_position):
        moves = game.legal_moves()
        counts.append(len(moves))
        decisions.append(cpu_seconds(bench, game.legal_moves, 50))
        maneuver_counts.append(len(all_maneuvers(game)))
        maneuvers.append(cpu_seconds(bench, lambda: all_maneuvers(game), 3))
        # The selection with the most power: its destinations.
        best = max((m for m in moves if m != PASS), key=lambda m: game.potential(m & 0xFF))
        game.play(best)
        if game.flight() is not None:
            flight_counts.append(len(game.legal_moves()))

            def destinations():
                game._reach_valid = False  # measure the route search, not its cache
                return game.legal_moves()
            flights.append(cpu_seconds(bench, destinations, 50))
            dest = game.legal_moves()[0]

            def one_decision():
                game.play(dest)
                game.undo()
        else:
            def one_decision():
                game.undo()
                game.play(best)
        play_undo.append(cpu_seconds(bench, one_decision, 50))
    figures = {
        "mid_game_decisions_count": statistics.median(counts),
        "mid_game_maneuvers_count": statistics.median(maneuver_counts),
        "in_flight_destinations_count": statistics.median(flight_counts),
    }
    figures.update(bench.time_figures("mid_game_legal_moves", statistics.median(decisions)))
    figures.update(bench.time_figures("mid_game_all_maneuvers", statistics.median(maneuvers), 2, None,
                                      host="ms"))
    figures.update(bench.time_figures("in_flight_destinations", statistics.median(flights)))
    figures.update(bench.time_figures("play_undo", statistics.median(play_undo), 1, 2))
    return figures


def host_figures(bench):
    figures = {}
    for board in ("63", "93"):
        for ruleset in ("original", "seed"):
            wall, cpu, length = playouts(bench, {"board": board, "ruleset": ruleset})
            key = "playouts_%s_%s" % (board, ruleset)
            figures[key + "_per_s"] = round(wall, 1)
            figures[key + "_per_s_cpu"] = round(cpu, 1)
            figures[key + "_decisions"] = length
            if ruleset == "original":
                figures[key + "_x_ludii"] = round(wall / LUDII_GAMES_PER_S[board], 1)
                figures[key + "_x_ludii_cpu"] = round(cpu / LUDII_GAMES_PER_S[board], 1)
                figures["rp2040_playout_%s_s" % board] = round(bench.rp2040_seconds(1 / cpu), 1)
    figures.update(listing_figures(bench, {"board": "63"}))
    figures["host_cpu_pystones"] = round(bench.host_pystones())
    return figures


run = rules_run("throngs", host_figures, "bench_throngs_vm.py", VM_GAMES)


if __name__ == "__main__":
    print_run(run)
