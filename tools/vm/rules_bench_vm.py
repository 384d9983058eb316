# What the rules benchmarks' scripts under the MicroPython VM (tools/vm/bench_<game>_vm.py) share;
# benchlib.rules_run runs them with tools/ mounted.  Import it before measuring:
# it imports nothing of shared_rules, so a script's import figure stays the game module's own.
#
# Under the WebAssembly VM gc.collect() only takes effect once control returns to JavaScript, so
# within a script every gc.mem_alloc() difference is what the code in between allocated.
#
# Times: the VM runs its first loops up to ten times slower (its pystones rise from ~3,600 to
# ~40,000 over its first runs): warm_up() before timing anything; and its clock counts whole
# milliseconds: ms_per_call() repeats a short call until the span is long enough.
import gc
import json
import time

# MicroPython only (this runs under the VM).
mem_alloc = getattr(gc, "mem_alloc")
ticks_ms = getattr(time, "ticks_ms")
ticks_diff = getattr(time, "ticks_diff")


def warm_up():
    """Runs pystone until two runs in a row agree within 3% (at most 12 runs); returns the VM's
    pystones/s then, the median of three more runs."""
    from tools.bench import pystone
    last = 0
    for _ in range(12):
        rate = pystone.pystones(5000)
        if last and abs(rate - last) < 0.03 * last:
            break
        last = rate
    rates = sorted(pystone.pystones(5000) for _ in range(3))
    return rates[1]


def ms_per_call(func, min_span_ms=200):
    """VM milliseconds per call of func(), over as many calls as span min_span_ms."""
    calls = 0
    t0 = ticks_ms()
    while True:
        func()
        calls += 1
        span = ticks_diff(ticks_ms(), t0)
        if span >= min_span_ms:
            return span / calls


def new_game_bytes(game_class):
    """Heap of creating one game."""
    base = mem_alloc()
    game_class()
    return mem_alloc() - base


def play_random(game, rng, until=None):
    """Plays uniformly random legal moves until the game is over or until(game); returns it."""
    while not game.is_over() and not (until and until(game)):
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


def random_games(game_class, rng_class, games):
    """Whole random games (seeds 1..games): (the games, the median game's heap bytes, its ms)."""
    played, times, allocs = [], [], []
    for seed in range(1, games + 1):
        a0 = mem_alloc()
        t0 = ticks_ms()
        game = play_random(game_class(), rng_class(seed))
        times.append(ticks_diff(ticks_ms(), t0))
        allocs.append(mem_alloc() - a0)
        played.append(game)
    times.sort()
    allocs.sort()
    return played, allocs[len(allocs) // 2], times[len(times) // 2]


def game_end_bytes(game):
    """Heap near the end of a finished game (taken back 6 decisions): (bytes per decision played or
    undone, over those 6 replayed 10 times; bytes of one legal-move listing; the listing)."""
    moves = game.history[-6:]
    for _ in moves:
        game.undo()
    game.play(moves[0])  # the history list has its room already
    game.undo()
    a0 = mem_alloc()
    for _ in range(10):
        for m in moves:
            game.play(m)
        for _ in moves:
            game.undo()
    a1 = mem_alloc()
    listing = game.legal_moves()
    a2 = mem_alloc()
    return (a1 - a0) // (10 * len(moves)), a2 - a1, listing


def standard_figures(module_bytes, game_class, rng_class, games, pick_game, listing_name):
    """The figures every game reports: its module's and one new game's heap, whole random games
    (median heap and ms), and one play+undo and one listing near the end of pick_game(games)."""
    game_bytes = new_game_bytes(game_class)
    warm_up()
    played, game_alloc, game_ms = random_games(game_class, rng_class, games)
    play_undo_bytes, listing_bytes, listing = game_end_bytes(pick_game(played))
    return {
        "vm_module_alloc_bytes": module_bytes,
        "vm_new_game_alloc_bytes": game_bytes,
        "vm_play_undo_alloc_bytes": play_undo_bytes,
        "vm_%s_alloc_bytes" % listing_name: listing_bytes,
        "vm_%s_count" % listing_name: len(listing),
        "vm_random_game_alloc_bytes": game_alloc,
        "vm_random_game_ms": game_ms,
    }


def report(figures):
    """Hands the figures to benchlib.run_mpy."""
    print("@@BENCH " + json.dumps(figures))
