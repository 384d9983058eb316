"""Trap's level matches as the player gets them, and how far from a trap its drawn games end.

    python -m tools.bench.bench_trap_ladder LEVEL OPPONENT [--games N] [--no-caps] [--log FILE]

Plays N games (default 200) of the AI at LEVEL against OPPONENT (another level), colours
alternated, the seeds of tools/bench/bench_ai.py, the levels' device time caps on unless
--no-caps (device time = host CPU time x host pystones / 1490, measured as each chunk starts),
two processes.  Prints W-L-D, the score (draws half) with its Wilson 95% interval, the draws by
rule, the AI's decision times (RP2040 estimate by pystones: median, 90th percentile, worst)
and, for the drawn games' last positions, the fewest balls either colour still needs to trap
some dot: exactly (balls_needed) and by the AI's ring model.  --log writes every game as a JSON
line (moves included) as it ends.
"""
import argparse
import json
import multiprocessing
import statistics
import time
from collections import Counter

from shared_rules import ai, registry
from shared_rules import host as ai_host
from shared_rules.game import DRAW, ONGOING
import shared_rules.games  # noqa: F401  (registers every game)
from shared_rules.trap.ai import Tuner
from shared_rules.trap.ai_tables import NEVER as RING_NEVER
from shared_rules.trap.ai_threats import scan
from tools.bench.benchlib import cpu_pystones, wilson

GAMES = 200
CHUNK = 4
SEED_STEP = 7919  # bench_ai's seeds: the AI's search of ply p in game i is seeded i * SEED_STEP + p
OPPONENT_SEED_STEP = 104729
MAX_PLIES = 2000  # (Trap ends by its 100-move rule long before)
NEVER = 99  # balls_needed when the other colour's balls alone keep the dot out of reach
_BIG = 1000  # a hole of the other colour: it cannot be filled


def balls_needed(game, dot, colour, cap=12):
    """The fewest balls `colour` (1 Light, 2 Dark) must add on empty holes to trap game.dots[dot]
    with the other colour's balls where they are (no-single rule aside), and such holes, or
    (NEVER, []) when it is `cap` or more.  By the rules' duality: the dot is trapped when no
    path of orthogonally adjacent holes free of `colour` joins a corner of its square to the
    board's edge, so the answer is a minimum vertex cut (empty hole 1, the other colour's
    unbounded), found by augmenting paths."""
    size, board = game.size, game.board
    cells = size * size
    source, sink = 2 * cells, 2 * cells + 1  # hole v: node 2v in, 2v + 1 out
    capacity = Counter()
    links = {}

    def link(a, b, amount):
        capacity[(a, b)] += amount
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)

    for v in range(cells):
        if board[v] == colour:
            continue
        link(2 * v, 2 * v + 1, 1 if board[v] == 0 else _BIG)
        x, y = v % size, v // size
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < size and 0 <= ny < size and board[ny * size + nx] != colour:
                link(2 * v + 1, 2 * (ny * size + nx), _BIG)
        if x in (0, size - 1) or y in (0, size - 1):
            link(2 * v + 1, sink, _BIG)
    x, y = game.dots[dot]
    for cx, cy in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
        if board[cy * size + cx] != colour:
            link(source, 2 * (cy * size + cx), _BIG)
    flow = 0
    while True:
        came_from = {source: source}
        queue = [source]
        for a in queue:
            for b in links.get(a, ()):
                if b not in came_from and capacity[(a, b)] > 0:
                    came_from[b] = a
                    queue.append(b)
        if sink not in came_from:
            return flow, [v for v in range(cells)
                          if 2 * v in came_from and 2 * v + 1 not in came_from and board[v] == 0]
        path = [sink]
        while path[-1] != source:
            path.append(came_from[path[-1]])
        amount = min(capacity[(path[i + 1], path[i])] for i in range(len(path) - 1))
        flow += amount
        if flow >= cap:
            return NEVER, []
        for i in range(len(path) - 1):
            capacity[(path[i + 1], path[i])] -= amount
            capacity[(path[i], path[i + 1])] += amount


def fewest_needed(game):
    """(exactly, by the AI's ring model): the fewest balls either colour needs for some dot, NEVER
    when none can (the ring model's need is NEVER from a group the other colour holds on)."""
    exact = min(balls_needed(game, d, c)[0] for d in range(len(game.dots)) for c in (1, 2))
    work = Tuner(game, ai.DEFAULT_LEVEL).work
    scan(work, game.board)
    ring = min(work.need[d * 3 + c] for d in range(len(game.dots)) for c in (1, 2))
    return exact, ring if ring < RING_NEVER else NEVER


def play_game(level, opponent, index):
    """Game `index`: the AI at `level` on side index % 2 against `opponent`; a dict of its end."""
    game = registry.create("trap")
    ai_side = index % 2
    times = []
    while game.winner() == ONGOING and len(game.history) < MAX_PLIES:
        if game.to_move() == ai_side:
            search = ai.Search(game, level, seed=index * SEED_STEP + len(game.history))
            move = search.run()
            times.append(search.elapsed_ms)
        else:
            move = ai.Search(game, opponent, seed=index * OPPONENT_SEED_STEP + len(game.history)).run()
        game.play(move)
    winner = game.winner()
    end = {"index": index, "ai_side": ai_side, "winner": winner, "plies": len(game.history),
           "rule": game.draw_rule() if winner == DRAW else "", "device_ms": times,
           "history": list(game.history)}
    if winner == DRAW or winner == ONGOING:
        end["needed_exact"], end["needed_ring"] = fewest_needed(game)
    return end


def play_chunk(job):
    level, opponent, first, count, caps = job
    ai_host.use_level_time_caps(caps)
    ai_host.set_host_speed(cpu_pystones(5000, 3))
    return [play_game(level, opponent, i) for i in range(first, first + count)]


def summary(ends):
    """The match's line: W-L-D, score, Wilson interval, draws by rule, decision times."""
    wins = sum(1 for e in ends if e["winner"] == e["ai_side"])
    draws = [e for e in ends if e["winner"] == DRAW or e["winner"] == ONGOING]
    losses = len(ends) - wins - len(draws)
    low, high = wilson(wins + len(draws) / 2, len(ends))
    rules = Counter(e["rule"] or "unfinished" for e in draws)
    line = "%d games %d-%d-%d (W-L-D) score %.1f%% [%.1f, %.1f] draws by rule %s" % (
        len(ends), wins, losses, len(draws), 100 * (wins + len(draws) / 2) / len(ends), 100 * low,
        100 * high, dict(rules))
    times = sorted(ms for e in ends for ms in e["device_ms"])
    if times:
        line += "; decision s (pystone estimate) %.2f / %.2f / %.2f" % (
            statistics.median(times) / 1000, times[int(0.9 * len(times))] / 1000, times[-1] / 1000)
    return line


def needed_summary(ends):
    """For the drawn games: how many ended with a dot n balls from a trap, exactly and by the ring
    model ({n: games})."""
    drawn = [e for e in ends if "needed_exact" in e]
    return (dict(sorted(Counter(e["needed_exact"] for e in drawn).items())),
            dict(sorted(Counter(e["needed_ring"] for e in drawn).items())))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Trap level matches with the device time caps on")
    parser.add_argument("level")
    parser.add_argument("opponent")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--no-caps", dest="caps", action="store_false")
    parser.add_argument("--log")
    args = parser.parse_args(argv)
    jobs = [(args.level, args.opponent, i, min(CHUNK, args.games - i), args.caps)
            for i in range(0, args.games, CHUNK)]
    ends = []
    log = open(args.log, "a") if args.log else None
    started = time.time()
    with multiprocessing.Pool(2) as pool:
        for chunk in pool.imap_unordered(play_chunk, jobs):
            ends += chunk
            if log:
                for e in chunk:
                    log.write(json.dumps(e) + "\n")
                log.flush()
            print("%s  (%.0f s)" % (summary(ends), time.time() - started), flush=True)
    if log:
        log.close()
    exact, ring = needed_summary(ends)
    print("drawn games' last positions, fewest balls to a trap (%d = never): exactly %s; ring model %s"
          % (NEVER, exact, ring))


if __name__ == "__main__":
    main()
