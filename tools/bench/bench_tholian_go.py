"""Tholian Go rules benchmark (`python -m tools.bench tholian_go`): legal decisions and play+undo.

Positions: the start, every 20th decision of seeded random games (any decision: first steps,
steps through strings, free pushes, ends of turns), and DENSE, a random-play position whose
dark web is one mixed blob of 11 tokens (3,194 different whole moves; the reason moves are
played one step per decision, see docs/architecture.md "Tholian Go notes").

CPython figures: medians of host CPU seconds, RP2040 estimates with the host's CPU
pystones measured close to each figure (benchlib.rp2040_seconds).  VM figures (the script below, under the MicroPython VM): heap from
gc.mem_alloc() (module, new game, per play+undo, per listing) and VM milliseconds.
"""
import statistics
import time

from shared_rules.registry import host_facts
from shared_rules.rng import Rng
from shared_rules.tholian_go.rules import OFFER, TholianGo

FACTS = host_facts("tholian_go")
GAMES = FACTS.BENCH_GAMES
DECISIONS = FACTS.BENCH_DECISIONS
EVERY = FACTS.BENCH_EVERY
DENSE = FACTS.DENSE


def random_positions(options=None, games=GAMES):
    """encode() texts of every EVERY-th decision of seeded random games (no draw offers)."""
    out = []
    for seed in range(1, games + 1):
        g = TholianGo(options)
        rng = Rng(seed)
        for i in range(DECISIONS):
            if g.is_over():
                break
            if i % EVERY == 0:
                out.append(g.encode())
            moves = [m for m in g.legal_moves() if m != OFFER]
            g.play(moves[rng.below(len(moves))])
    return out


def listing_seconds(game, number=20):
    """Median time of one legal_moves() computed afresh (the cache is per position)."""
    times = []
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(number):
            game._ver += 1  # invalidate the per-position cache
            game.legal_moves()
        times.append((time.process_time() - t0) / number)
    return statistics.median(times)


def play_undo_seconds(options, seed):
    """Per decision: replaying a random game's decisions forwards and backwards (undoing more
    than the undo log's newest 64 records replays the game: the device keeps no more)."""
    g = TholianGo(options)
    rng = Rng(seed)
    while not g.is_over() and len(g.history) < DECISIONS:
        moves = [m for m in g.legal_moves() if m != OFFER]
        g.play(moves[rng.below(len(moves))])
    moves = list(g.history)
    t0 = time.process_time()
    for _ in range(3):
        for _ in moves:
            g.undo()
        for m in moves:
            g.play(m)
    return (time.process_time() - t0) / (6 * len(moves))


def search_play_undo_seconds(options, seed, depth=12):
    """Per play or undo as a search does them: every 20th decision of a random game, its last
    `depth` decisions taken back and played again."""
    g = TholianGo(options)
    rng = Rng(seed)
    total, count = 0.0, 0
    while not g.is_over() and len(g.history) < DECISIONS:
        moves = [m for m in g.legal_moves() if m != OFFER]
        g.play(moves[rng.below(len(moves))])
        if len(g.history) % EVERY == 0:
            tail = g.history[-depth:]
            t0 = time.process_time()
            for _ in tail:
                g.undo()
            for m in tail:
                g.play(m)
            total += time.process_time() - t0
            count += 2 * len(tail)
    return total / count


def host_figures(bench):
    figures = {}
    ms = lambda s: round(bench.rp2040_seconds(s) * 1e3, 2)  # noqa: E731
    start = TholianGo()
    t_start = listing_seconds(start, 200)
    dense = TholianGo()
    dense.decode(DENSE)
    t_dense = listing_seconds(dense, 50)
    times, counts = [], []
    for text in random_positions():
        g = TholianGo()
        g.decode(text)
        times.append(listing_seconds(g))
        counts.append(len(g.legal_moves()))
    times.sort()
    play_undo = statistics.median(play_undo_seconds(None, s) for s in range(1, GAMES + 1))
    search_play_undo = statistics.median(search_play_undo_seconds(None, s) for s in range(1, GAMES + 1))
    variants = {}
    for v in ("oracle", "ultimate", "chain"):
        vt = []
        for text in random_positions({"variant": v}, 2):
            g = TholianGo({"variant": v})
            g.decode(text)
            vt.append(listing_seconds(g, 10))
        variants[v] = ms(statistics.median(vt))
    figures.update({
        "positions": len(times),
        "legal_moves_count_median": statistics.median(counts),
        "legal_moves_count_max": max(counts),
        "legal_moves_start_us": round(t_start * 1e6, 1),
        "legal_moves_median_us": round(statistics.median(times) * 1e6, 1),
        "legal_moves_p95_us": round(times[len(times) * 95 // 100] * 1e6, 1),
        "legal_moves_max_us": round(times[-1] * 1e6, 1),
        "legal_moves_dense_us": round(t_dense * 1e6, 1),
        "legal_moves_dense_count": len(dense.legal_moves()),
        "play_undo_us": round(play_undo * 1e6, 1),
        "play_undo_per_s": round(1 / play_undo),
        "search_play_or_undo_us": round(search_play_undo * 1e6, 1),
        "rp2040_legal_moves_start_ms": ms(t_start),
        "rp2040_legal_moves_median_ms": ms(statistics.median(times)),
        "rp2040_legal_moves_p95_ms": ms(times[len(times) * 95 // 100]),
        "rp2040_legal_moves_max_ms": ms(times[-1]),
        "rp2040_legal_moves_dense_ms": ms(t_dense),
        "rp2040_play_undo_ms": ms(play_undo),
        "rp2040_search_play_or_undo_ms": ms(search_play_undo),
        "rp2040_legal_moves_median_ms_by_variant": variants,
    })
    return figures


def vm_figures(bench):
    return bench.run_mpy(bench.vm_script("bench_tholian_go_vm.py"), args=(DECISIONS, EVERY, DENSE),
                         mounts=("shared_rules", "tools"))


def run(bench):
    figures = host_figures(bench)
    figures.update(vm_figures(bench))
    return {"rules": {"tholian_go": figures}}


if __name__ == "__main__":
    from tools.bench import benchlib
    benchlib.print_run(run)
