# Throngs' rules figures under the MicroPython VM, run by tools/bench/bench_throngs.py (ARGV: GAMES).
# gc.mem_alloc and time.ticks_ms are MicroPython's, unknown to the host stubs:
# pyright: reportAttributeAccessIssue=false
# The command line, as mpyvm.mjs passes it; set first, as the measured code's globals expect.
GAMES = int(globals()["ARGV"][1])
import gc, time
base = gc.mem_alloc()
from shared_rules.throngs.rules import Throngs
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
from tools.vm.rules_bench_vm import ms_per_call, new_game_bytes, play_random, random_games, report, warm_up
game_bytes = new_game_bytes(Throngs)
warm_up()
_, game_alloc, game_ms = random_games(Throngs, Rng, GAMES)

def at_mid_game(game):  # a random game at decision 100, at the start of a maneuver
    return len(game.history) >= 100 and game.flight() is None and game.maneuver() == 1

g = play_random(Throngs(), Rng(1), at_mid_game)
a0 = gc.mem_alloc()
listing = g.legal_moves()
a1 = gc.mem_alloc()
listing_us = round(1000 * ms_per_call(g.legal_moves))
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
report({
    "vm_module_alloc_bytes": module_bytes,
    "vm_new_game_alloc_bytes": game_bytes,
    "vm_mid_game_legal_moves_alloc_bytes": a1 - a0,
    "vm_mid_game_legal_moves_count": len(listing),
    "vm_mid_game_legal_moves_us": listing_us,
    "vm_mid_game_maneuvers_count": maneuvers,
    "vm_mid_game_all_maneuvers_ms": all_maneuvers_ms,
    "vm_play_undo_alloc_bytes": (a3 - a2) // 10,
    "vm_random_game_alloc_bytes": game_alloc,
    "vm_random_game_ms": game_ms,
})
