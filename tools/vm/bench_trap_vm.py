# Trap's rules figures under the MicroPython VM, run by tools/bench/bench_trap.py (ARGV: GAMES).
# gc.mem_alloc and time.ticks_ms are MicroPython's, unknown to the host stubs:
# pyright: reportAttributeAccessIssue=false
# The command line, as mpyvm.mjs passes it; set first, as the measured code's globals expect.
GAMES = int(globals()["ARGV"][1])
import gc
base = gc.mem_alloc()
from shared_rules.trap.rules import Trap
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
from tools.vm.rules_bench_vm import report, standard_figures
# One play+undo and one listing in phase 2: the end of the (first) longest game.
report(standard_figures(module_bytes, Trap, Rng, GAMES, lambda games: max(games, key=lambda g: len(g.history)),
                        "legal_moves_phase2"))
