# Lazo's rules figures under the MicroPython VM, run by tools/bench/bench_lazo.py (ARGV: GAMES).
# gc.mem_alloc and time.ticks_ms are MicroPython's, unknown to the host stubs:
# pyright: reportAttributeAccessIssue=false
# The command line, as mpyvm.mjs passes it; set first, as the measured code's globals expect.
GAMES = int(globals()["ARGV"][1])
import array, gc
base = gc.mem_alloc()
from shared_rules.lazo import rules as lazo
from shared_rules.lazo.rules import Lazo
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
from tools.vm.rules_bench_vm import mem_alloc, new_game_bytes, report

def size_of_copy(t, typecode):
    a0 = mem_alloc()
    c = array.array(typecode, t) if typecode else bytes(t)
    return mem_alloc() - a0

tables = ((lazo._ROW_OF, None), (lazo._MASK, "H"), (lazo._OFFSET, "h"), (lazo._ROW_FIRST, "H"),
          (lazo._ROW_K, None), (lazo._ROW_J, None), (lazo._LINK, None), (lazo._OCTA, None))
table_bytes = sum(size_of_copy(t, code) for t, code in tables)
game_bytes = new_game_bytes(Lazo)

check_allocs = []
for seed in range(1, GAMES + 1):
    g = Lazo()
    rng = Rng(seed)
    while not g.is_over():
        moves = g.legal_moves()
        upper = [m for m in moves if m >= 145]
        pool = upper if upper and rng.below(2) else moves
        m = pool[rng.below(len(pool))]
        colour = g.placed % 2 + 1
        g._put(m, colour)
        a0 = mem_alloc()
        g._makes_loop(m, colour)
        check_allocs.append(mem_alloc() - a0)
        g._take(m)
        g.play(m)
check_allocs.sort()
for _ in range(len(g.history) // 2):
    g.undo()  # back to the middle of the last game
a0 = mem_alloc()
listing = g.legal_moves()
listing_bytes = mem_alloc() - a0
report({
    "vm_tables_bytes": table_bytes,
    "vm_module_import_alloc_bytes": module_bytes,
    "vm_new_game_alloc_bytes": game_bytes,
    "vm_loop_check_alloc_median_bytes": check_allocs[len(check_allocs) // 2],
    "vm_loop_check_alloc_max_bytes": check_allocs[-1],
    "vm_legal_moves_mid_game_alloc_bytes": listing_bytes,
    "vm_legal_moves_mid_game_count": len(listing),
})
