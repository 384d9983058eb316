# Tholian Go's rules figures under the MicroPython VM, run by tools/bench/bench_tholian_go.py
# (ARGV: DECISIONS EVERY DENSE).
# gc.mem_alloc and time.ticks_ms are MicroPython's, unknown to the host stubs:
# pyright: reportAttributeAccessIssue=false
# The command line, as mpyvm.mjs passes it; set first, as the measured code's globals expect.
DECISIONS = int(globals()["ARGV"][1])
EVERY = int(globals()["ARGV"][2])
DENSE = globals()["ARGV"][3]
# Under the WebAssembly VM gc.collect() only takes effect once control returns to JavaScript, so
# within this script every gc.mem_alloc() difference is what the code in between allocated.
import gc, json, time
base = gc.mem_alloc()
from shared_rules.tholian_go.rules import TholianGo, OFFER
from shared_rules.rng import Rng
module_bytes = gc.mem_alloc() - base
base = gc.mem_alloc()
game = TholianGo()
game_bytes = gc.mem_alloc() - base

from tools.vm.rules_bench_vm import ms_per_call, warm_up
warm_up()


def fresh_listing(game):
    def fresh():
        game._ver += 1   # the listing is cached per position
        game.legal_moves()
    return fresh


g = TholianGo()
rng = Rng(1)
list_ms = []
while not g.is_over() and len(g.history) < DECISIONS:
    if len(g.history) % EVERY == 0:
        list_ms.append(ms_per_call(fresh_listing(g), 50))
    moves = [m for m in g.legal_moves() if m != OFFER]
    g.play(moves[rng.below(len(moves))])
list_ms.sort()
moves = list(g.history)
t0 = time.ticks_ms()
for _ in moves:
    g.undo()
for m in moves:
    g.play(m)
play_undo_ms = time.ticks_diff(time.ticks_ms(), t0) / (2 * len(moves))
# Heap per play+undo and per listing, at the end of that game taken back a bit.
tail = moves[-10:]
for _ in tail:
    g.undo()
a0 = gc.mem_alloc()
for m in tail:
    g.play(m)
for _ in tail:
    g.undo()
a1 = gc.mem_alloc()
g._ver += 1
listing = g.legal_moves()
a2 = gc.mem_alloc()
d = TholianGo()
d.decode(DENSE)
dense_ms = ms_per_call(fresh_listing(d))
print("@@BENCH " + json.dumps({
    "vm_module_alloc_bytes": module_bytes,
    "vm_new_game_alloc_bytes": game_bytes,
    "vm_play_undo_alloc_bytes": (a1 - a0) // (2 * len(tail)),
    "vm_legal_moves_alloc_bytes": a2 - a1,
    "vm_legal_moves_median_ms": list_ms[len(list_ms) // 2],
    "vm_legal_moves_max_ms": list_ms[-1],
    "vm_legal_moves_dense_ms": dense_ms,
    "vm_play_undo_ms": play_undo_ms,
}))
