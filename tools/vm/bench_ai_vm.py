# Heap of the AI's search under the MicroPython VM (run by tools/bench/bench_ai.py through
# benchlib.run_mpy).  For every game with an AI and every level: a seeded game, the AI (first
# player) against the easy level (so that games last), up to TURNS AI turns; the figure is the most that one search
# allocated: mem_alloc() after it less before it.  This VM collects garbage only between
# scripts, so that is every byte the search allocated, an upper bound of its peak heap on the
# device, where garbage is collected as it goes.  The time cap is lifted, so every search runs
# to its node budget (the most the level can use).  Once per game a 1-node search first builds
# the game's AI tables; their size (kept for the whole game) and the AI code's (the bytecode of
# shared_rules/ai.py and ai_<game>.py, in the heap unless frozen) are reported on their own.
import gc
import json

from shared_rules import registry
from shared_rules.game import ONGOING
import shared_rules.games  # noqa: F401

mem_alloc = getattr(gc, "mem_alloc")  # MicroPython only (this runs under the VM)

TURNS = 40


def search_bytes(ai, name, level):
    game = registry.create(name)
    before = mem_alloc()
    ai.Search(game, level, max_nodes=1).run()
    tables = mem_alloc() - before
    worst = turns = 0
    while game.winner() == ONGOING and turns < TURNS:
        if game.to_move() == 0:
            search = ai.Search(game, level, seed=turns, device_seconds=1000000)
            before = mem_alloc()
            move = search.run()
            used = mem_alloc() - before
            if used > worst:
                worst = used
            turns += 1
        else:
            move = ai.Search(game, "easy", seed=turns, device_seconds=1000000).run()
        game.play(move)
    return worst, tables


def main():
    before = mem_alloc()
    from shared_rules import ai
    code = {"ai": mem_alloc() - before}
    heap, tables = {}, {}
    for name in registry.game_names():
        game = registry.create(name)
        before = mem_alloc()
        try:
            ai.tuner_class(game)
        except Exception:
            continue  # no AI for this game yet
        code[name] = mem_alloc() - before
        heap[name] = {}
        for level in ai.LEVELS:
            worst, table_bytes = search_bytes(ai, name, level)
            heap[name][level] = round(worst / 1024, 1)
            tables[name] = round(table_bytes / 1024, 1)
    print("@@BENCH " + json.dumps({"peak_heap_kb": heap, "tables_kb": tables,
                                   "code_kb": dict((k, round(v / 1024, 1)) for k, v in code.items())}))


main()
