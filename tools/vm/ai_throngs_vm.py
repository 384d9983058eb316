# Heap of Throngs' AI under the MicroPython VM, run in slices by tools/vm/vm_steps.mjs:
#
#   node tools/vm/vm_steps.mjs --mount shared_rules:/shared_rules --mount tools:/tools \
#        tools/vm/ai_throngs_vm.py [LEVEL [BOARD RULESET]]
#
# A seeded game: the AI at LEVEL (default "normal") plays Black, the easy level White (so that
# games last), up to TURNS decisions of the AI, one search per step().  vm_steps collects garbage
# between steps (inside one run this VM collects nothing), so at the start of a step
# gc.mem_alloc() is the live heap, and mem_alloc() after the search less before is every byte
# that search allocated: an upper bound of its peak on the device, where garbage is collected as
# it goes.  The time cap is lifted, so every search runs to its node budget.  Prints a final "@@BENCH {json}" with the worst search allocation and the most held between
# searches (the AI's plan and the game's growing history), in bytes, over the game.  Also the
# VM's own time per AI turn (its decisions in a row) turned into RP2040 seconds with the VM's
# pystones, measured here: a cross-check of tools/bench/bench_ai_throngs.py that needs no host pystone.
import gc
import json
import time

from shared_rules import ai
from shared_rules.game import ONGOING
from shared_rules.throngs.rules import Throngs
from tools.bench import pystone

mem_alloc = getattr(gc, "mem_alloc")  # MicroPython only
ticks_ms = getattr(time, "ticks_ms")
ticks_diff = getattr(time, "ticks_diff")
args = globals().get("ARGV", [])
LEVEL = args[1] if len(args) > 1 else "normal"
OPTIONS = {"board": args[2], "ruleset": args[3]} if len(args) > 3 else {}
TURNS = 80
DEVICE_PYSTONES = 1490

game = Throngs(OPTIONS)
state = {"baseline": 0, "worst": 0, "held": 0, "searches": 0, "code": 0, "turn_ms": 0}
turns_ms = []
vm_pystones = pystone.pystones(20000)
before_import = mem_alloc()
ai.Search(game, LEVEL, max_nodes=1).run()  # imports shared_rules/throngs/ai.py
state["code"] = mem_alloc() - before_import


def step():
    """One AI search (Black) or opponent decision (White) per call; False when done."""
    if game.winner() != ONGOING or state["searches"] >= TURNS:
        turns_ms.sort()
        factor = vm_pystones / DEVICE_PYSTONES / 1000
        print("@@BENCH " + json.dumps({"level": LEVEL, "vm_pystones": int(vm_pystones),
                                       "median_turn_s_rp2040": round(turns_ms[len(turns_ms) // 2] * factor, 3),
                                       "worst_turn_s_rp2040": round(turns_ms[-1] * factor, 3), "options": OPTIONS, "searches": state["searches"],
                                       "search_bytes_worst": state["worst"], "held_bytes_most": state["held"],
                                       "import_and_first_search_bytes": state["code"],
                                       "decisions": len(game.history)}))
        return False
    # Live heap after a collection, less the first step's: what the AI keeps between searches
    # (its plan) plus the game's own growth (history, undo stack).
    live = mem_alloc()
    if not state["baseline"]:
        state["baseline"] = live
    elif live - state["baseline"] > state["held"]:
        state["held"] = live - state["baseline"]
    if game.to_move() == 0:
        search = ai.Search(game, LEVEL, seed=len(game.history), device_seconds=1000000)
        before = mem_alloc()
        t0 = ticks_ms()
        move = search.run()
        state["turn_ms"] += ticks_diff(ticks_ms(), t0)
        used = mem_alloc() - before
        if used > state["worst"]:
            state["worst"] = used
        state["searches"] += 1
    else:
        move = ai.Search(game, "easy", seed=len(game.history), device_seconds=1000000).run()
    mover = game.to_move()
    game.play(move)
    if mover == 0 and (game.to_move() != 0 or game.winner() != ONGOING):
        turns_ms.append(state["turn_ms"])
        state["turn_ms"] = 0
    return True
