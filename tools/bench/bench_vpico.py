"""Device figures measured on the virtual Pico (`python -m tools.bench vpico`): the shipped UF2
(make uf2) on the real MicroPython v1.27.0 firmware, emulated RP2040 (tools/device/vpico.py).

Each figure is given raw (emulated milliseconds) and as a real-chip estimate: the emulated chip
scores 1,815 pystones/s where a real RP2040 scores ~1,490 (../shared/firmware/README.md), i.e.
it runs at 1/0.82 of the real speed, so a real chip takes the emulated time / 0.82 (a little
pessimistic for figures where the SPI wire, whose speed is exact, takes part).  Beside the AI
figures, the pystone estimate of the same searches (host CPU time x host pystones / 1,490,
measured in this run), so the two methods can be compared.

Per game, a game against the AI at the default level, played through the app by a button
script (tools/device/vpico_games.py; the human plays random moves, entered with the d-pad):
  heap_low_free_bytes   the lowest gc.mem_free() the app saw (it samples after every decision
                        and every AI search; firmware/device_hal.py) of the 246,016-byte heap
  search_peak_bytes     the most live heap one of the game's searches (at the default level)
                        held above the larger of the heaps before and after it (both of which
                        the app samples): replayed at the REPL with a collection at every node
                        and at the root's moments of most (the moves listed, the Tuner built,
                        its ordering), so the peak inside a move, which the app's samples
                        between decisions miss
  first_search_kept_bytes   what a search left in the heap (the first one: the AI's code and
                        tables, which stay for the game and so are in heap_low_free_bytes);
                        search_peak_above_before_bytes, the peak above the heap before the
                        search, counted them twice
  heap_free_at_a_search_peak_bytes   heap_low_free_bytes - search_peak_bytes: the free heap at
                        the worst moment of a move (target: >= 64 KB)
  cursor_ms             d-pad press (the GPIO edge) to the last SPI byte of the screen update,
                        median and worst over the game's cursor moves
  played_move_ms        the press of A that plays a human decision to the last SPI byte of the
                        screen update that follows it (frames less than 3 ms apart)
  new_game_ms           the press of Start on the new game's form to the last SPI byte of the
                        board's first whole frame (the game set up, its fixed drawing made)
  resume_ms             the press of A on the pause menu's Resume to the last SPI byte of the
                        board drawn whole (its fixed drawing from the layer), at the script's end
  continue_ms           then Save and quit, and the press of A on the main menu's Continue
                        (1.5 s after Save and quit: the menu replays the save while it waits) to
                        the last SPI byte of the board drawn whole; None unless that board's
                        pixels are Resume's (a message instead of the board was once measured)
Then, on the same virtual Pico after a soft reset, the AI's decisions of such a game at each
level replayed (the positions and seeds of the app; planned on CPython):
  ai_turn_ms.<level>    median and worst AI turn (all decisions of one turn, search only)
  ai_turn_ms.<default level>.slowest_host_turns   the slowest turns of the ai benchmark's
                        games (tools/bench/bench_ai.py, pystone estimates; saved by its last run on
                        the same shared_rules code), timed on the device with its time cap: the
                        worst turn's row takes the larger of these and the replies' worst
And once: boot_ms (reset to the main menu fully drawn), full_redraw_send_ms (the SPI transfer
of one whole 240x240 frame, drawing excluded).  The largest free block is not given: the
firmware tells it only by printing micropython.mem_info(), too slow to sample at every decision.
Targets (real-chip estimates): AI median <= 1 s and worst <= 3 s at the default level, >= 64 KB
free at the low-water mark, cursor latency <= 30 ms median and <= 50 ms worst, a whole screen
(a new game) <= 150 ms and a played move no slower, boot <= 1.5 s: rows of the summary table of
`make bench`.

    python -m tools.bench.bench_vpico [GAME ...]

measures the screen's figures alone (the same game against the default level per game, no AI
timings);

    python -m tools.bench.bench_vpico --heap [GAME ...]

the heap's figures alone (the games with an AI by default);

    python -m tools.bench.bench_vpico --ai [GAME ...]

the AI's turns at the default level alone (ai_turn_ms.<default level>).
"""
import json
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from shared_rules.levels import DEFAULT_LEVEL, LEVELS

REAL_CHIP = 0.82  # real RP2040 speed / emulated speed
REPLIES = 4
TARGETS = {"ai_median_ms": 1000, "ai_worst_ms": 3000, "heap_low_free_bytes": 64 * 1024, "cursor_ms": 30,
           "cursor_worst_ms": 50, "full_ms": 150, "boot_ms": 1500}
DIRECTIONS = ("up", "down", "left", "right")

REPLAY = """
import gc, time
import shared_rules.games
from shared_rules import ai, registry
def replay(name, options, history, ai_player, level):
    g = registry.create(name, options)
    turns = []
    turn = 0
    differ = 0
    for move in history:
        if g.to_move() == ai_player:
            gc.collect()
            t0 = time.ticks_us()
            chosen = ai.choose_move(g, level, None, len(g.history))
            turn += time.ticks_diff(time.ticks_us(), t0)
            if chosen != move:  # the device's time cap ended the search before its node budget
                differ += 1
        elif turn:
            turns.append(turn)
            turn = 0
        g.play(move)
    if turn:
        turns.append(turn)
    return turns, differ
def replay_turn(name, history, start, seed_base, level):
    # One AI turn of tools/bench/bench_ai.py's games (default options): its decisions from ply
    # `start` on, each searched as there (seed seed_base + ply), with the device's time cap.
    g = registry.create(name, None)
    for move in history[:start]:
        g.play(move)
    took = differ = 0
    for move in history[start:]:
        gc.collect()
        t0 = time.ticks_us()
        if ai.choose_move(g, level, None, seed_base + len(g.history)) != move:
            differ += 1
        took += time.ticks_diff(time.ticks_us(), t0)
        g.play(move)
    return took, differ
def sampling(tuner_class, sample):
    # The tuner class with the heap sampled where the root holds more than at its nodes: the
    # moves listed beside the win check's work, the Tuner just built, order()'s start and end.
    class Sampled(tuner_class):
        def __init__(self, game, level):
            tuner_class.__init__(self, game, level)
            sample(0)
        def order(self, moves, count):
            sample(0)
            out = tuner_class.order(self, moves, count)
            sample(0)
            return out
    def win_candidates(game, moves):
        out = tuner_class.win_candidates(game, moves)
        sample(0)
        return out
    Sampled.win_candidates = staticmethod(win_candidates)
    return Sampled
def search_peak(name, options, history, ai_player, level, tuner=None):
    # The most live heap any of the game's searches held above the larger of the heaps before
    # and after it (the app samples both), and the most one search left behind (the AI's code
    # and tables, the first time): a collection at every node (progress_every = 1) and at the
    # root's moments (sampling), the time cap lifted so the collections cut nothing.
    g = registry.create(name, options)
    top = [0]
    def sample(share):
        gc.collect()
        top[0] = max(top[0], gc.mem_alloc())
    sampled = None
    peak = kept = above_before = 0
    for move in history:
        if g.to_move() == ai_player:
            gc.collect()
            before = top[0] = gc.mem_alloc()
            if sampled is None:  # (the tuning's import counts in the first search's kept bytes)
                sampled = sampling(tuner or ai.tuner_class(g), sample)
            search = ai.Search(g, level, sample, len(g.history), sampled, device_seconds=1000000)
            search.progress_every = 1
            search.run()
            search = None
            gc.collect()
            after = gc.mem_alloc()
            peak = max(peak, top[0] - max(before, after))
            kept = max(kept, after - before)
            above_before = max(above_before, top[0] - before)
        g.play(move)
    return peak, kept, above_before
"""


def real(ms):
    return round(ms / REAL_CHIP, 1)


def pair(ms):
    return {"emulated": round(ms, 1), "real_chip_estimate": real(ms)}


def host_ai_turns(plan, level):
    """The same AI decisions timed on CPython (CPU ms per turn, time caps off like the plan)."""
    from shared_rules import ai, registry
    from shared_rules import host as ai_host
    from tools.device.vpico_games import planning
    with planning:      # (no plan unloads the game's modules meanwhile)
        caps_were = ai_host.use_level_time_caps(False)
        try:
            g = registry.create(plan.game, plan.options)
            turns, turn = [], 0.0
            for move in plan.history:
                if g.to_move() == plan.ai_player:
                    t0 = time.process_time()
                    move = ai.choose_move(g, level, None, len(g.history))
                    turn += time.process_time() - t0
                elif turn:
                    turns.append(turn)
                    turn = 0.0
                g.play(move)
            if turn:
                turns.append(turn)
        finally:
            ai_host.use_level_time_caps(caps_were)
    return turns


# Frames sent less than this apart belong to one screen update (its rectangles go out in one
# loop; between two updates the app computes and draws for longer).
UPDATE_GAP_MS = 3.0


def press_updates(report):
    """For each press: (its time, button, the frames sent after it until the next press)."""
    frames = report["frames"]
    presses = report["presses"]
    out = []
    for i, (at, button) in enumerate(presses):
        until = presses[i + 1][0] if i + 1 < len(presses) else float("inf")
        out.append((at, button, [f for f in frames if at <= f[0] < until]))
    return out


def played_latencies(report, plan):
    """The press of A that plays each human decision -> the last SPI byte of the screen update
    that follows (the next decision's screen, or the AI's "Thinking")."""
    updates = press_updates(report)
    out = []
    i = 0
    for segment in plan.segments:
        i += len(segment[1])
        if segment[0] != "human":
            continue
        at, button, frames = updates[i - 1]
        if button != "a" or not frames:
            continue
        end = frames[0][1]
        for start, stop, *_ in frames[1:]:
            if start - end >= UPDATE_GAP_MS:
                break
            end = stop
        out.append(end - at)
    return out


def whole_frame_after(update):
    """Press -> the last SPI byte of the first whole frame sent after it."""
    at, _, frames = update
    whole = [end for start, end, x, y, w, h in frames if w == 240 and h == 240]
    return whole[0] - at if whole else None


def full_redraw_latency(report, plan):
    """The press of Start on the new game's form -> the last SPI byte of the board's first
    whole frame."""
    return whole_frame_after(press_updates(report)[len(plan.segments[0][1]) - 1])


# The reference board's X, the app's MENU: it opens the pause menu in any state of a decision.
# B does only at a turn's first decision: in a turn of several (Tholian Go's three) it takes
# back the last, and the device's game may part from the plan (its AI's time caps cut searches
# the plan's did not), so the script's end may find the human in the middle of a turn.
PAUSE_BUTTON = "x"


# After Resume: the pause menu again, up to its last item (Save and quit), A, and on the main
# menu A on Continue (its first item, under the highlight): the saved game loaded, replayed and
# drawn whole.  The boards after Resume and after Continue are screenshots, to be the same.
RESUMED_SHOT, CONTINUED_SHOT = "resumed.png", "continued.png"
CONTINUE_STEPS = ("screenshot %s\npress %s 150\nwait 850\npress up 150\nwait 500\npress a 150\nwait 1500\n"
                  "press a 150\nwait 3000\nscreenshot %s\n" % (RESUMED_SHOT, PAUSE_BUTTON, CONTINUED_SHOT))
CONTINUE_PRESSES = 4


def with_resume(plan):
    """(The plan's button script, then MENU for the pause menu and A on Resume: the board drawn
    whole from a menu, its fixed drawing from the layer; then CONTINUE_STEPS; the plan the
    script plays).  A plan whose game ends is played without its last human decision, so that
    the game is still on (at the game's end, the game-over screen has no Resume: Trap's row was
    missing)."""
    from shared_rules import registry
    from tools.device import vpico_games
    with vpico_games.planning:
        game = registry.create(plan.game, plan.options)
        for move in plan.history:
            game.play(move)
        over = game.winner() != -1
    if over and plan.segments[-1][0] == "human":
        plan = vpico_games.Plan(plan.game, plan.level, plan.segments[:-1], plan.options, plan.history,
                                plan.ai_player)
    text = vpico_games.script(plan, "shot-")[0]
    return text + "press %s 150\nwait 850\npress a 150\nwait 1350\n" % PAUSE_BUTTON + CONTINUE_STEPS, plan


def resume_latency(report):
    """A on the pause menu's Resume -> the board's whole frame's last byte."""
    return whole_frame_after(press_updates(report)[-1 - CONTINUE_PRESSES])


def continue_latency(report, shots):
    """The last press (A on the main menu's Continue) -> the board's whole frame's last byte;
    None unless the screen then shows the board Resume showed (screenshots in `shots`)."""
    import pygame
    resumed, continued = (pygame.image.tobytes(pygame.image.load(str(shots / name)), "RGB")
                          for name in (RESUMED_SHOT, CONTINUED_SHOT))
    return whole_frame_after(press_updates(report)[-1]) if resumed == continued else None


def cursor_latencies(report, menu_presses):
    """Press edge -> last SPI byte of the following update, for the d-pad presses of the game."""
    out = []
    frames = report["frames"]
    presses = report["presses"][menu_presses:]
    for i, (at, button) in enumerate(presses):
        if button not in DIRECTIONS:
            continue
        until = presses[i + 1][0] if i + 1 < len(presses) else float("inf")
        ends = [end for start, end, *_ in frames if at <= start < until]
        if ends:
            out.append(max(ends) - at)
    return out


def random_moves():
    """The human's moves of the measured games: random (the cursor travels, for the latency
    figures), the same in every run."""
    import random
    rng = random.Random(1)
    return lambda entries: entries[rng.randrange(len(entries))]


def level_plans(game, work, levels):
    """The plans of a game against the AI at each of `levels` (the first of LEVELS up to the
    last asked for: each level's plan draws its human's moves after the one before)."""
    from tools.device import vpico_games
    any_move = random_moves()
    plans = {}
    for level in LEVELS[:1 + max(LEVELS.index(level) for level in levels)]:
        plans[level] = vpico_games.plan(game, level, REPLIES, work / ("plan-" + level), any_move, shorter=True)
    return plans


def measure_game(benchlib, uf2_path, game, work, slowest):
    """`slowest`: the default level's slowest turns of the ai benchmark's games in this game
    (tools/bench/bench_ai.py), timed on the device too, or None."""
    from tools.device.flash import Board
    from tools.device.vpico import STEP_TIMEOUT_S, VirtualPico
    plans = level_plans(game, work, LEVELS)
    text, played = with_resume(plans[DEFAULT_LEVEL])
    report = work / "report.json"
    levels = {}
    with VirtualPico(uf2_path, work, script_text=text, report=report) as pico:
        pico.wait_script(3600)
        board = Board(pico.url, timeout=STEP_TIMEOUT_S)
        try:
            heap = app_heap(board)
            for level, plan in plans.items():
                levels[level] = ai_turns(benchlib, board, plan, level)
                if level == DEFAULT_LEVEL:
                    heap.update(search_heap(board, plan))
            if slowest:
                levels[DEFAULT_LEVEL]["slowest_host_turns"] = slowest_turns_on_device(board, game, slowest)
        finally:
            board.close()
    data = json.loads(report.read_text())
    figures = screen_figures(data, played, work)
    figures.update(heap_figures(heap))
    figures["ai_turn_ms"] = levels
    return figures


def ai_turns(benchlib, board, plan, level):
    """The AI's turns of the plan's game at `level` replayed on a fresh heap (REPLAY's replay),
    beside the pystone estimates of the same searches."""
    board.enter_raw_repl(soft_reset=True)  # a fresh heap, no app
    out = board.exec(REPLAY + "print(replay(%r, %r, %r, %d, %r))" % (
        plan.game, plan.options, plan.history, plan.ai_player, level), timeout=3600)
    turns_us, differ = eval(out.strip())  # a tuple: a list of ints and an int
    host = host_ai_turns(plan, level)
    device_ms = [t / 1000 for t in turns_us]
    return {"median_ms": pair(statistics.median(device_ms)), "worst_ms": pair(max(device_ms)),
            "turns": len(device_ms), "turns_ms": [round(t, 1) for t in device_ms],
            "pystone_estimate_median_ms": round(benchlib.rp2040_seconds(statistics.median(host)) * 1000, 1),
            "pystone_estimate_worst_ms": round(benchlib.rp2040_seconds(max(host)) * 1000, 1),
            "searches_cut_by_the_time_cap": differ}


def ai_only(benchlib, games):
    """The AI's turns at the default level alone (`run`'s default-level game, its searches
    replayed on the virtual Pico), without the app's game, the heap or the other levels."""
    from tools.device.flash import Board
    from tools.device.uf2 import make_uf2
    from tools.device.vpico import STEP_TIMEOUT_S, VirtualPico
    benchlib.host_pystones()  # measured before the emulators load the machine
    with tempfile.TemporaryDirectory(prefix="bench-vpico-") as tmp:
        work = Path(tmp)
        uf2_path = make_uf2("pico_lcd13", out_root=work / "build", log=lambda message: None)

        def one(game):
            plan = level_plans(game, work / game, [DEFAULT_LEVEL])[DEFAULT_LEVEL]
            with VirtualPico(uf2_path, work / game) as pico:
                board = Board(pico.url, timeout=STEP_TIMEOUT_S)
                try:
                    return ai_turns(benchlib, board, plan, DEFAULT_LEVEL)
                finally:
                    board.close()

        with ThreadPoolExecutor(max_workers=2) as pool:  # one emulator per core
            return dict(zip(games, pool.map(one, games)))


def slowest_turns_on_device(board, game, turns):
    """The ai benchmark's slowest turns (host pystone estimates) timed on a fresh heap, a turn
    per exec (a long game's moves make a long line to compile)."""
    board.enter_raw_repl(soft_reset=True)
    board.exec(REPLAY)
    done = []
    for t in turns:
        out = board.exec("print(replay_turn(%r, %r, %d, %d, %r))" % (
            game, t["history"], t["start"], t["seed_base"], DEFAULT_LEVEL), timeout=3600)
        done.append(eval(out.strip()))  # a tuple of two ints
    device_ms = [us / 1000 for us, _ in done]
    return {"worst_ms": pair(max(device_ms)), "device_ms": [round(ms, 1) for ms in device_ms],
            "pystone_estimate_ms": [t["host_estimate_ms"] for t in turns],
            "searches_cut_by_the_time_cap": sum(differ for _, differ in done)}


def app_heap(board):
    """What the app that played the script left: its heap's low-water mark and the modules
    still imported (the REPL interrupts the app; its modules stay)."""
    board.enter_raw_repl()
    out = board.exec("import sys, firmware.device_hal as d\nprint(repr((d.heap_low, sorted(sys.modules))))")
    heap_low, modules = eval(out.strip())  # a tuple of an int and a list of strings
    return {"heap_low_free_bytes": heap_low, "resident_modules": modules}


def search_heap(board, plan):
    """The default level's searches of the plan's game replayed on a fresh heap (REPLAY's
    search_peak)."""
    board.enter_raw_repl(soft_reset=True)
    out = board.exec(REPLAY + "print(search_peak(%r, %r, %r, %d, %r))" % (
        plan.game, plan.options, plan.history, plan.ai_player, DEFAULT_LEVEL), timeout=3600)
    peak, kept, above_before = eval(out.strip())  # a tuple of three ints
    return {"search_peak_bytes": peak, "first_search_kept_bytes": kept, "search_peak_above_before_bytes": above_before}


def heap_figures(heap):
    heap["heap_free_at_a_search_peak_bytes"] = heap["heap_low_free_bytes"] - heap["search_peak_bytes"]
    return heap


def median_worst(ms):
    return {"median": pair(statistics.median(ms)), "worst": pair(max(ms)), "count": len(ms)} if ms else None


def screen_figures(report, plan, shots):
    """The screen's latencies in one game played by with_resume's button script of `plan`
    (emulated ms from the press's GPIO edge to the last SPI byte, and the real-chip estimates);
    `shots`: the folder of its screenshots."""
    cursor = cursor_latencies(report, len(plan.segments[0][1]))
    played = played_latencies(report, plan)
    new_game = full_redraw_latency(report, plan)
    resume = resume_latency(report)
    resumed = continue_latency(report, shots)
    full = [end - start for start, end, x, y, w, h in report["frames"] if w == 240 and h == 240]
    return {"cursor_ms": median_worst(cursor), "played_move_ms": median_worst(played),
            "new_game_ms": pair(new_game) if new_game is not None else None,
            "resume_ms": pair(resume) if resume is not None else None,
            "continue_ms": pair(resumed) if resumed is not None else None,
            "boot_ms": report["first_frame_ms"], "full_redraw_send_ms": statistics.median(full) if full else None,
            "spi_hz": report["spi_hz"], "wall_s": report["wall_s"],
            "emulated_s": round(report["emulated_ms"] / 1000, 1)}


def targets(benchlib, per_game, boot_ms):
    """The summary table's rows (real-chip estimates)."""
    rows = []
    for game, f in sorted(per_game.items()):
        ai = f["ai_turn_ms"][DEFAULT_LEVEL]
        rows.append(benchlib.at_most("%s AI %s median turn" % (game, DEFAULT_LEVEL),
                                     ai["median_ms"]["real_chip_estimate"], TARGETS["ai_median_ms"], "ms"))
        worst, of = ai["worst_ms"]["real_chip_estimate"], "%d replies" % ai["turns"]
        slowest = ai.get("slowest_host_turns")
        if slowest:
            worst = max(worst, slowest["worst_ms"]["real_chip_estimate"])
            of += " + the ai bench's %d slowest" % len(slowest["device_ms"])
        rows.append(benchlib.at_most("%s AI %s worst turn (%s)" % (game, DEFAULT_LEVEL, of),
                                     worst, TARGETS["ai_worst_ms"], "ms"))
        rows.append(benchlib.at_least("%s heap free, low-water mark + a search's peak" % game,
                                      f["heap_free_at_a_search_peak_bytes"], TARGETS["heap_low_free_bytes"], "B"))
        if f["cursor_ms"]:
            rows.append(benchlib.at_most("%s cursor -> last SPI byte, median" % game,
                                         f["cursor_ms"]["median"]["real_chip_estimate"], TARGETS["cursor_ms"], "ms"))
            rows.append(benchlib.at_most("%s cursor -> last SPI byte, worst" % game,
                                         f["cursor_ms"]["worst"]["real_chip_estimate"], TARGETS["cursor_worst_ms"], "ms"))
        if f["played_move_ms"]:
            rows.append(benchlib.at_most("%s played move -> last SPI byte, worst" % game,
                                         f["played_move_ms"]["worst"]["real_chip_estimate"], TARGETS["full_ms"], "ms"))
        if f["resume_ms"]:
            rows.append(benchlib.at_most("%s pause menu's Resume -> board's last SPI byte" % game,
                                         f["resume_ms"]["real_chip_estimate"], TARGETS["full_ms"], "ms"))
        figure = "%s main menu's Continue -> board's last SPI byte" % game
        if f["continue_ms"]:
            rows.append(benchlib.at_most(figure, f["continue_ms"]["real_chip_estimate"], TARGETS["full_ms"], "ms"))
        else:   # Continue showed something else than the board Resume had shown
            rows.append({"figure": figure, "value": "not the board", "target": "<= %s ms" % TARGETS["full_ms"], "ok": "no"})
        if f["new_game_ms"]:
            rows.append(benchlib.at_most("%s new game's Start -> board's last SPI byte" % game,
                                         f["new_game_ms"]["real_chip_estimate"], TARGETS["full_ms"], "ms"))
    rows.append(benchlib.at_most("boot to the main menu", real(boot_ms), TARGETS["boot_ms"], "ms"))
    return rows


def games_with_ai():
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    root = Path(__file__).resolve().parents[2]
    return [g for g in registry.game_names() if (root / "shared_rules" / g / "ai.py").exists()]


def run(benchlib):
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    from tools.device.uf2 import make_uf2
    from tools.bench.bench_ai import load_slowest_turns
    games = games_with_ai()
    slowest, why_not = load_slowest_turns()
    if slowest is None:
        print("   %s; the worst AI turns are the replies' alone" % why_not, flush=True)
        slowest = {}
    benchlib.host_pystones()  # measured before the emulators load the machine
    with tempfile.TemporaryDirectory(prefix="bench-vpico-") as tmp:
        work = Path(tmp)
        uf2_path = make_uf2("pico_lcd13", out_root=work / "build", log=lambda message: None)
        results = {}
        def one(game):
            return measure_game(benchlib, uf2_path, game, work / game, slowest.get(game, {}).get(DEFAULT_LEVEL))

        with ThreadPoolExecutor(max_workers=2) as pool:  # one emulator per core
            for game, figures in zip(games, pool.map(one, games)):
                print("   %s: %s" % (game, json.dumps(figures)), flush=True)  # progress: a game at a time
                results[game] = figures
    boot = results[games[0]]["boot_ms"]
    full = results[games[0]]["full_redraw_send_ms"]
    for f in results.values():
        del f["boot_ms"], f["full_redraw_send_ms"]
    return {"vpico": {"games": results, "boot_ms": pair(boot), "full_redraw_send_ms": pair(full),
                      "targets": TARGETS}, "targets": targets(benchlib, results, boot)}


def screen_only(games):
    """The screen's figures of each game, the game of `run` (against the default level, no AI
    timings, no REPL)."""
    from tools.device.uf2 import make_uf2
    from tools.device.vpico import run_script
    rows = {}
    with tempfile.TemporaryDirectory(prefix="bench-vpico-") as tmp:
        work = Path(tmp)
        uf2_path = make_uf2("pico_lcd13", out_root=work / "build", log=lambda message: None)

        def one(game):
            plan = level_plans(game, work / game, [DEFAULT_LEVEL])[DEFAULT_LEVEL]
            text, played = with_resume(plan)
            report = work / game / "report.json"
            status, serial, out = run_script(uf2_path, text, work / game, work / game, report=report, timeout_s=3600)
            if status:
                raise RuntimeError("%s on the virtual Pico ended with status %d:\n%s%s" % (game, status, serial[-2000:], out[-2000:]))
            return screen_figures(json.loads(report.read_text()), played, work / game)

        with ThreadPoolExecutor(max_workers=2) as pool:  # one emulator per core
            rows = dict(zip(games, pool.map(one, games)))
    return rows


def heap_only(games):
    """The heap figures of each game against the default AI, as `run` measures them (the
    default level's game of `run` played by its script, then its searches replayed), without
    the other levels and the screen's figures: a few minutes a game."""
    from tools.device.flash import Board
    from tools.device.uf2 import make_uf2
    from tools.device.vpico import STEP_TIMEOUT_S, VirtualPico
    with tempfile.TemporaryDirectory(prefix="bench-vpico-") as tmp:
        work = Path(tmp)
        uf2_path = make_uf2("pico_lcd13", out_root=work / "build", log=lambda message: None)

        def one(game):
            plan = level_plans(game, work / game, [DEFAULT_LEVEL])[DEFAULT_LEVEL]
            text = with_resume(plan)[0]
            with VirtualPico(uf2_path, work / game, script_text=text) as pico:
                pico.wait_script(3600)
                board = Board(pico.url, timeout=STEP_TIMEOUT_S)
                try:
                    heap = app_heap(board)
                    heap.update(search_heap(board, plan))
                finally:
                    board.close()
            return heap_figures(heap)

        with ThreadPoolExecutor(max_workers=2) as pool:  # one emulator per core
            return dict(zip(games, pool.map(one, games)))


def parse_args(argv):
    """The options: --heap and the games (every game by default); an unknown game is one line
    of error, not a traceback from the emulator's start."""
    import argparse
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    parser = argparse.ArgumentParser(prog="python -m tools.bench.bench_vpico",
                                     description=(__doc__ or "").split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--heap", action="store_true",
                        help="the heap's figures alone (default: the screen's figures alone)")
    parser.add_argument("--ai", action="store_true",
                        help="the AI's turns at the default level alone")
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help="games to measure: %s (default: all)" % ", ".join(registry.game_names()))
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in registry.game_names()]
    if unknown:
        parser.error("unknown game %s (games: %s)" % (", ".join(unknown), ", ".join(registry.game_names())))
    return args


def main(argv):
    from tools.device.pico_firmware import FirmwareError
    from tools.device.vpico import VpicoError
    args = parse_args(argv)
    try:
        return measure_and_print(args)
    except (FirmwareError, VpicoError) as e:
        print("bench_vpico: %s" % e)
        return 2


def measure_and_print(args):
    from shared_rules import registry
    if args.ai:
        from tools.bench import benchlib
        rows = ai_only(benchlib, args.games or games_with_ai())
        print("AI turns at %s, emulated ms (real-chip estimate = emulated / %.2f)" % (DEFAULT_LEVEL, REAL_CHIP))
        for game, f in rows.items():
            print("%-12s median %s (%s) worst %s (%s) turns %s" % (
                game, f["median_ms"]["emulated"], f["median_ms"]["real_chip_estimate"], f["worst_ms"]["emulated"],
                f["worst_ms"]["real_chip_estimate"], f["turns_ms"]))
        print(json.dumps(rows, indent=1))
        return 0
    if args.heap:
        rows = heap_only(args.games or games_with_ai())
        print("%-12s %10s %10s %10s %12s" % ("game", "heap low", "search", "free at", "1st search"))
        print("%-12s %10s %10s %10s %12s" % ("", "free B", "peak B", "peak B", "kept B"))
        for game, f in rows.items():
            print("%-12s %10d %10d %10d %12d" % (game, f["heap_low_free_bytes"], f["search_peak_bytes"],
                                                 f["heap_free_at_a_search_peak_bytes"], f["first_search_kept_bytes"]))
        print(json.dumps(rows, indent=1))
        return 0
    rows = screen_only(args.games or registry.game_names())
    print("emulated ms (real-chip estimate = emulated / %.2f), GPIO edge -> last SPI byte" % REAL_CHIP)
    print("%-12s %-26s %-26s %-14s %-14s %s" % ("game", "cursor median/worst", "played move median/worst",
                                                "resume", "continue", "new game"))
    for game, f in rows.items():
        def mw(x):
            return "%.1f/%.1f (%.1f/%.1f)" % (x["median"]["emulated"], x["worst"]["emulated"],
                                              x["median"]["real_chip_estimate"], x["worst"]["real_chip_estimate"]) if x else "-"

        def one(x):
            return "%.1f (%.1f)" % (x["emulated"], x["real_chip_estimate"]) if x else "-"
        print("%-12s %-26s %-26s %-14s %-14s %s" % (game, mw(f["cursor_ms"]), mw(f["played_move_ms"]),
                                                   one(f["resume_ms"]), one(f["continue_ms"]), one(f["new_game_ms"])))
    print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
