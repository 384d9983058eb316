"""Lazo rules benchmark (`python -m tools.bench lazo`): legal-move list, loop check, play+undo.

Host figures are medians of CPython seconds over positions of random games (the player to move
prefers upper levels half the time, so stacks grow), turned into RP2040 estimates with the host
pystone of this run (benchlib.rp2040_seconds).  The loop check is timed after every move of those
games: `_makes_loop` of the tile just placed (what `play` runs); `has_loop`, the global
computation used for decoded positions, is timed on the final positions.  Heap figures come from gc.mem_alloc() under the
MicroPython VM: the retained size of the adjacency tables (each table copied once and measured),
what importing the module allocates (tables, their temporaries and the bytecode), a new game, and
the loop check after a move.

    python -m tools.bench.bench_lazo      (prints the figures as JSON)
"""
import statistics
import time

from shared_rules.registry import host_facts
from shared_rules.lazo import rules as lazo
from shared_rules.lazo.rules import Lazo
from tools.bench.benchlib import print_run, rules_run

FACTS = host_facts("lazo")
GAMES = FACTS.BENCH_GAMES
VM_GAMES = 4


def host_figures(bench):
    listing_start = bench.median_seconds(Lazo().legal_moves, 5, 200)
    listing, counts, loop_times, global_times, play_undo, tiles = [], [], [], [], [], []
    upper_times = []  # the check after a tile above the board (on the board it answers at once)
    for seed in range(1, GAMES + 1):
        game = bench.play_random(Lazo(), seed, choose=FACTS.bench_move)
        tiles.append(game.placed)
        global_times.append(bench.median_seconds(
            lambda: game.has_loop(game.winner() if game.winner() in (0, 1) else 0), 5))
        moves = list(game.history)
        for _ in moves:
            game.undo()
        for q in range(len(moves)):
            if q % 10 == 5:
                counts.append(len(game.legal_moves()))
                listing.append(bench.median_seconds(game.legal_moves, 5, 5))
            move, colour = moves[q], game.to_move() + 1
            game._put(move, colour)  # the position `play` checks, without ending the game
            loop_times.append(bench.median_seconds(lambda: game._makes_loop(move, colour), 5, 3))
            if move >= 145:
                upper_times.append(loop_times[-1])
            game._take(move)
            game.play(move)
        play_undo.append(bench.undo_replay_seconds(game, 3))
    loop_times.sort()
    listing_mid = statistics.median(listing)
    loop_median = statistics.median(loop_times)
    loop_p99 = loop_times[int(len(loop_times) * 0.99)]
    upper_median = statistics.median(upper_times)
    out = {
        "random_games": GAMES,
        "random_game_tiles_median": statistics.median(tiles),
        "legal_moves_mid_game_count": statistics.median(counts),
        "loop_check_moves": len(loop_times),
        "loop_check_upper_moves": len(upper_times),
    }
    for name, seconds, digits in (
            ("legal_moves_start", listing_start, 1), ("legal_moves_mid_game", listing_mid, 1),
            ("loop_check_median", loop_median, 2), ("loop_check_upper_median", upper_median, 2),
            ("loop_check_p99", loop_p99, 1), ("loop_check_max", loop_times[-1], 1),
            ("play_undo", statistics.median(play_undo), 2),
            ("global_loop_check_median", statistics.median(global_times), 1)):
        out.update(bench.time_figures(name, seconds, digits, digits))
    out["rp2040_global_loop_check_max_ms"] = bench.in_unit(bench.rp2040_seconds(max(global_times)), "ms", 1)
    t0 = time.process_time()
    tables = lazo._build_tables()
    build = time.process_time() - t0
    assert tables[4] == lazo._ROW_OF
    out["rp2040_table_build_ms"] = bench.in_unit(bench.rp2040_seconds(build), "ms", 1)
    return out


run = rules_run("lazo", host_figures, "bench_lazo_vm.py", VM_GAMES)


if __name__ == "__main__":
    print_run(run)
