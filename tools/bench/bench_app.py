"""The handheld app's heap under the MicroPython VM (`python -m tools.bench app`).

For every registered game, a game is played through the app by tools/vm/vm_app_session.py under
tools/vm/vm_steps.mjs: by two humans entering random legal moves with the d-pad on every profile
(its framebuffer, and its layer where the board has one, included), to the game's end or
MAX_DECISIONS (random Tholian Go games can go on for thousands of decisions), `finished` says
which; and on every profile as the default level's AI against itself (AI normal, the level a
player meets first) for AI_DECISIONS decisions, when the game has an AI.
Figures per game (per profile where named so):

  peak_heap_kb        per profile: the largest live heap between decisions, after a real
                      collection, less the VM's and the driver script's own heap (shown for
                      information: the device's own low-water mark, tools/bench/bench_vpico.py,
                      is the target; a VM compiles the code from source into its heap).  The
                      peak inside one AI search is not seen: this VM collects garbage
                      only between steps (ai_turn_alloc_kb bounds it; tools/bench/bench_vpico.py
                      measures it on the virtual Pico)
  human_turn_bound_kb upper bound of the heap while a human enters a move (garbage included)
  ai_turn_alloc_kb    the most one AI decision allocated (garbage included)
  heap_parts_kb       what the live heap at the end of each session holds (tools/vm/vm_app_session.py):
                      game+view+session, layer, code (the modules' bytecode, compiled from source
                      here, loaded from .mpy on the device: both in the heap unless frozen),
                      framebuffer, other (mostly interned names: ~28 KB once the app has run)
  frame_ms_rp2040     drawing the whole play screen once (board, status, cursor; not the
                      display driver's transfer), at the 20th decision: VM milliseconds x the
                      VM's pystones / the RP2040's, both measured in the same VM run
"""
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

from desktop_sim import profiles
from tools.device.procs import die_with_parent

PROFILE = "pico_lcd13"
MAX_DECISIONS = 400
AI_DECISIONS = 60


def run_session(benchlib, mode, game, profile=PROFILE, seed=1, timeout=1500, max_decisions=MAX_DECISIONS):
    root = benchlib.ROOT
    cmd = ["node", os.path.join(root, "tools", "vm", "vm_steps.mjs"),
           "--mount", "%s:/firmware" % os.path.join(root, "firmware"),
           "--mount", "%s:/shared_rules" % os.path.join(root, "shared_rules"),
           "--mount", "%s:/boards" % os.path.join(root, "boards"),
           "--mount", "%s:/tools" % os.path.join(root, "tools"),
           os.path.join(root, "tools", "vm", "vm_app_session.py"), mode, game, profile, str(seed),
           str(max_decisions)]
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=die_with_parent)
    for line in proc.stdout.splitlines():
        if line.startswith("@@BENCH "):
            return json.loads(line[8:])
    raise RuntimeError("%s %s failed under the VM:\n%s%s" % (mode, game, proc.stdout[-2000:], proc.stderr[-2000:]))


def sessions_of(benchlib):
    """(mode, game, profile) of every session: two humans, and the default AI against itself
    when the game has an AI, on every profile."""
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    out = []
    for game in registry.game_names():
        out += [("human", game, profile) for profile in profiles.names()]
        if os.path.exists(os.path.join(benchlib.ROOT, "shared_rules", game, "ai.py")):
            out += [("normal", game, profile) for profile in profiles.names()]
    return out


def run(benchlib):
    peak, human_bound, ai_alloc, moves, finished, frame, failures, parts = {}, {}, {}, {}, {}, {}, {}, {}
    framebuffer_kb = 0

    def one(session):
        mode, game, profile = session
        try:
            return run_session(benchlib, mode, game, profile,
                               max_decisions=MAX_DECISIONS if mode == "human" else AI_DECISIONS)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            return str(e).splitlines()[-1][:200]

    sessions = sessions_of(benchlib)
    with ThreadPoolExecutor(max_workers=2) as pool:  # one VM per core
        for (mode, game, profile), figures in zip(sessions, pool.map(one, sessions)):  # printed as done
            key = "%s_%s_%s" % (game, mode, profile)
            if isinstance(figures, str):
                failures[key] = figures
                continue
            if not figures["save_replays"]:
                failures[key] = "the save did not replay to the same position"
            by_game = peak.setdefault(profile, {})
            by_game[game] = max(by_game.get(game, 0), figures["app_peak_kb"])
            moves[key] = figures["moves"]
            parts[key] = dict((k, round(v, 1)) for k, v in figures["heap_parts_kb"].items())
            finished[key] = figures["winner"] != -1
            print("   %s: %s" % (key, figures), flush=True)
            if profile != PROFILE:
                continue
            framebuffer_kb = figures["framebuffer_kb"]
            if mode == "human":
                human_bound[game] = round(figures["human_turn_bound_kb"] - figures["baseline_kb"], 1)
                if figures["frame_vm_ms"] and figures["vm_pystones"]:
                    frame[game] = round(figures["frame_vm_ms"] * figures["vm_pystones"]
                                        / benchlib.DEVICE_PYSTONES["rp2040"], 1)
            else:
                ai_alloc[game] = figures["ai_turn_alloc_kb"]
    targets = [benchlib.for_information("%s peak heap on %s (VM)" % (game, profile), peak[profile][game], "KB",
                                        "vpico's heap free at a search's peak")
               for profile in profiles.names() if profile in peak for game in sorted(peak[profile])]
    out = {"profile": PROFILE, "peak_heap_kb": peak,
           "human_turn_bound_kb": human_bound, "ai_turn_alloc_kb": ai_alloc, "moves": moves, "finished": finished, "frame_ms_rp2040": frame,
           "framebuffer_kb": framebuffer_kb, "heap_parts_kb": parts}
    if failures:
        out["failed"] = failures
    return {"app": out, "targets": targets}
