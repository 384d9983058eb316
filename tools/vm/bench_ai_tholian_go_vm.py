# Tholian Go's AI heap under the MicroPython VM, run by tools/bench/bench_ai_tholian_go.py (ARGV: TURNS):
# a seeded game, each level as Red against the easy level, TURNS turns; the most one search and
# one Red turn allocated (gc.mem_alloc() differences).
import gc
import json
from shared_rules import ai
from shared_rules.tholian_go.rules import TholianGo
mem_alloc = getattr(gc, "mem_alloc")
TURNS = int(globals()["ARGV"][1])  # the command line, as mpyvm.mjs passes it
heap = {}
for level in ai.LEVELS:
    g = TholianGo()
    ai.Search(g, level, max_nodes=1).run()  # builds the AI tables first
    worst = worst_turn = turn = turns = 0
    while g.winner() == -1 and turns < TURNS:
        owner = g.player
        if g.to_move() == 0:
            search = ai.Search(g, level, seed=len(g.history), device_seconds=1000000)
            before = mem_alloc()
            move = search.run()
            used = mem_alloc() - before
            worst = max(worst, used)
            turn += used
        else:
            move = ai.Search(g, "easy", seed=len(g.history), device_seconds=1000000).run()
        g.play(move)
        if owner == 0 and g.player != owner:
            worst_turn = max(worst_turn, turn)
            turn = 0
            turns += 1
    heap[level] = [round(worst / 1024, 1), round(worst_turn / 1024, 1)]
print("@@BENCH " + json.dumps({"heap": heap}))
