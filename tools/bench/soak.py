"""`make soak`: complete random games of every game, with every protocol invariant, at scale.

    python -m tools.bench.soak [--scale F] [--jobs N] [--only GAME ...] [--seed S]

Each game's random driver in tests/rules/<game>/test_<game>_random.py has `soak(seed)`: one whole
random game with options chosen by the seed (spread over its boards, rulesets, variants and
spaces), checked by rules_support.play_checked (legal moves never empty while the game is on and
without duplicates, each decision's text names it back, encode/decode, undo restores every
position exactly, the record is ASCII and replays) plus the game's own checks.  The default
run: 10,000 games each of Trap, Thoughtwave, Lazo and Throngs and 200 of each Tholian Go case
(each variant, String Push Limit, Lucky without transformation, each space): 42,800 games, on
every core (`--jobs`).  It prints progress, games/s per game, every failure with the seed that
replays it (`--only GAME --seed S`), and exits 1 on any failure.  `--scale 0.1` runs a tenth.
"""
import argparse
import multiprocessing
import os
import signal
import sys
import time
import traceback

from tools.device.procs import interrupted_by_signals

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES_TESTS = os.path.join(ROOT, "tests", "rules")
CHUNK = 10          # games per task handed to a worker
PROGRESS_S = 30     # seconds between progress lines


def full_plan():
    """game -> games in a full run: every registered game's SOAK_GAMES (its host.py)."""
    from shared_rules import registry
    import shared_rules.games  # noqa: F401  (registers every game)
    return {name: registry.host_facts(name).SOAK_GAMES for name in registry.GAMES}  # as registered


PLAN = full_plan()


def driver(name):
    """The game's random driver, tests/rules/<name>/test_<name>_random.py."""
    folder = os.path.join(RULES_TESTS, name)
    if folder not in sys.path:
        sys.path[:0] = [folder, RULES_TESTS, ROOT]
    return __import__("test_%s_random" % name)


def play_chunk(task):
    """Worker: plays the games `seeds` of `name`; returns (name, games, decisions, longest save
    in bytes, CPU seconds, [(seed, failure text)])."""
    name, seeds = task
    started = time.process_time()
    from firmware.saves import SavedGame, to_text
    soak = driver(name).soak
    decisions = longest = 0
    failures = []
    for seed in seeds:
        try:
            options, count, _, record = soak(seed)
        except Exception as e:
            lines = traceback.format_exc().strip().splitlines()
            where = [l.strip() for l in lines if l.strip().startswith("File ")][-1:]
            failures.append((seed, "%s: %s (%s)" % (type(e).__name__, str(e)[:300], where[0] if where else "")))
            continue
        decisions += count
        save = to_text(SavedGame(name, options, ["human", "human"], record.split()))
        longest = max(longest, len(save))
    return name, len(seeds), decisions, longest, time.process_time() - started, failures


class Tally:
    def __init__(self, planned, jobs):
        self.planned = planned
        self.jobs = jobs
        self.started = time.monotonic()
        self.games = dict.fromkeys(planned, 0)
        self.decisions = dict.fromkeys(planned, 0)
        self.longest = dict.fromkeys(planned, 0)
        self.cpu = dict.fromkeys(planned, 0.0)      # CPU seconds, summed over the workers
        self.failures = []
        self.finished = {}          # name -> seconds since the start when its last game ended

    def add(self, name, games, decisions, longest, cpu, failures):
        self.games[name] += games
        self.cpu[name] += cpu
        self.decisions[name] += decisions
        self.longest[name] = max(self.longest[name], longest)
        for seed, text in failures:
            self.failures.append((name, seed, text))
            print("FAILED %s seed %d: %s\n  replay: python -m tools.bench.soak --only %s --seed %d --scale 0"
                  % (name, seed, text, name, seed), flush=True)
        if self.games[name] == self.planned[name]:
            self.finished[name] = time.monotonic() - self.started

    def progress(self):
        elapsed = time.monotonic() - self.started
        done, total = sum(self.games.values()), sum(self.planned.values())
        rate = done / elapsed if elapsed else 0
        parts = ["%s %d/%d" % (n, self.games[n], self.planned[n]) for n in self.planned]
        print("soak %5.0f s: %d/%d games (%.1f games/s, %d failed), about %.0f s to go; %s" % (
            elapsed, done, total, rate, len(self.failures), (total - done) / rate if rate else 0,
            ", ".join(parts)), flush=True)


def tasks(plan, first_seed):
    """(name, seeds) chunks, the games interleaved so every game progresses from the start."""
    chunks = {n: [list(range(first_seed + i, first_seed + min(i + CHUNK, plan[n])))
                  for i in range(0, plan[n], CHUNK)] for n in plan}
    out = []
    while any(chunks.values()):
        for name in plan:
            if chunks[name]:
                out.append((name, chunks[name].pop(0)))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.bench.soak", description="Whole random games of every game "
                                     "with every protocol invariant, at scale (tools/bench/soak.py).")
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the full run's games (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    parser.add_argument("--only", nargs="+", choices=sorted(PLAN), help="these games only")
    parser.add_argument("--seed", type=int, default=0, help="first seed (with --scale 0: that one game)")
    args = parser.parse_args(argv)
    if args.scale < 0 or args.jobs < 1:
        parser.error("--scale must be >= 0 and --jobs >= 1")
    plan = {n: max(1, int(PLAN[n] * args.scale)) for n in (args.only or PLAN)}
    tally = Tally(plan, args.jobs)
    print("soak: %s on %d processes" % (", ".join("%d %s" % (plan[n], n) for n in plan), args.jobs), flush=True)
    # SIGTERM (and SIGINT, also where a shell started the run in the background with SIGINT
    # ignored) stops the run with the figures so far.
    try:
        with interrupted_by_signals():
            play(tasks(plan, args.seed), args.jobs, tally)
    except KeyboardInterrupt:
        print("soak: interrupted", flush=True)
        report(tally)
        return 130
    report(tally)
    return 1 if tally.failures else 0


def play(chunks, jobs, tally):
    """Plays the chunks in this process (jobs 1) or in `jobs` worker processes, which a
    KeyboardInterrupt ends."""
    if jobs == 1:
        results = map(play_chunk, chunks)
    else:
        pool = multiprocessing.Pool(jobs, initializer=worker_signals)
        results = pool.imap_unordered(play_chunk, chunks)
    last = time.monotonic()
    try:
        for result in results:
            tally.add(*result)
            if time.monotonic() - last >= PROGRESS_S:
                tally.progress()
                last = time.monotonic()
    finally:
        if jobs > 1:
            pool.terminate()
            pool.join()


def worker_signals():
    """A worker ends on SIGTERM (Pool.terminate()) and leaves Ctrl-C to the main process."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def report(tally):
    elapsed = time.monotonic() - tally.started
    print("soak: %d games in %.0f s (%.1f games/s on all processes), %d failed" % (
        sum(tally.games.values()), elapsed, sum(tally.games.values()) / max(elapsed, 1e-9), len(tally.failures)))
    for name in tally.planned:
        games = tally.games[name]
        print("  %-12s %6d games %9d decisions  %6.1f ms CPU/game  done at %5.0f s  longest save %6d bytes" % (
            name, games, tally.decisions[name], 1000 * tally.cpu[name] / max(games, 1),
            tally.finished.get(name, elapsed), tally.longest[name]))
    for name, seed, text in tally.failures:
        print("  FAILED %s seed %d: %s" % (name, seed, text))
    done, total = sum(tally.games.values()), sum(tally.planned.values())
    if all(tally.games.values()):
        cpu = sum(tally.cpu[n] / tally.games[n] * PLAN[n] for n in PLAN if n in tally.games)
        print("soak: at these CPU times a full run%s is %.0f s of CPU: %.0f s on %d idle cores" % (
            "" if len(tally.games) == len(PLAN) else " of these games", cpu, cpu / tally.jobs, tally.jobs))
    if 0 < done < total:
        print("soak: stopped after %d of %d games; the whole run would take about %.0f s at this rate"
              % (done, total, elapsed * total / done))


if __name__ == "__main__":
    sys.exit(main())
