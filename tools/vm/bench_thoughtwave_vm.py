# Thoughtwave's rules figures under the MicroPython VM, run by tools/bench/bench_thoughtwave.py
# (ARGV: GAMES).
# gc.mem_alloc and time.ticks_ms are MicroPython's, unknown to the host stubs:
# pyright: reportAttributeAccessIssue=false
# The command line, as mpyvm.mjs passes it; set first, as the measured code's globals expect.
GAMES = int(globals()["ARGV"][1])
import gc
base = gc.mem_alloc()
from shared_rules.thoughtwave.rules import Thoughtwave
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
from tools.vm.rules_bench_vm import report, standard_figures
# One play+undo and one listing: the last game's end.
report(standard_figures(module_bytes, Thoughtwave, Rng, GAMES, lambda games: games[-1], "legal_moves"))
