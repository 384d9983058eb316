"""The browser version's long run: `make soak-web` = python -m tools.web.web_soak [--minutes M]
[--sample-s S] [--json FILE].

`make web`'s folder on a plain static server, in headless Chromium (tools/web/web_page.mjs): the AI
(default level) against itself at the demo's normal speed, each of the five games in turn (the
next one from the main menu when a game is over), for M minutes (30 by default; `--minutes 2`
is the short mode).  Every S seconds it prints the heap the app reported (gc.mem_alloc() after
each decision, the largest since the last line), the VM's memory and the decisions played.

It fails (exit status 1, one line saying why) on an error on the page (a MemoryError among
them), a console error, or a heap that grows: the largest in the last third of the run more
than GROWTH times the largest in the first third.  Needs Debian's chromium.
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

GROWTH = 1.5
QUIET_MS = 5000              # nothing drawn this long in a demo: the game-over screen waits
PROFILE = "pico_lcd13"


def game_buttons(names):
    """(first, next) buttons that start a game, AI against AI: the first game's from the first
    main menu (no save yet); each game's from the last one's game-over screen (its board, then
    Main menu, then New game under Review), in turn."""
    from firmware.app import ai_player
    from shared_rules.levels import DEFAULT_LEVEL
    from tools.device.app_driver import new_game_keys
    ai = ai_player(DEFAULT_LEVEL)
    return (new_game_keys(names[0], ai, ai),
            [["a", "a", "down"] + new_game_keys(name, ai, ai) for name in names[1:] + names[:1]])


def verdict(samples, problems):
    """None when the run was clean, else why not, in one line."""
    if problems:
        return "the page reported: %s" % "; ".join(problems[:3])
    if len(samples) < 3:
        return "too few samples (%d) to judge the heap" % len(samples)
    third = max(1, len(samples) // 3)
    early = max(s["heap"] for s in samples[:third])
    late = max(s["heap"] for s in samples[-third:])
    if late > GROWTH * early:
        return "the heap grew: %d bytes at most early, %d late" % (early, late)
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="web_soak", description="AI against AI in the browser version, its heap over time.")
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--sample-s", type=float, default=30.0)
    parser.add_argument("--json", help="write the samples and the verdict to this file")
    args = parser.parse_args(argv)
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    from tools.web import web_build, web_plans
    browser = web_plans.chromium_path()
    if browser is None:
        print("web_soak: chromium is missing: apt-get install -y chromium", file=sys.stderr)
        return 1
    ms = int(args.minutes * 60000)
    first, following = game_buttons(registry.game_names())
    soak = {"ms": ms, "sampleMs": int(args.sample_s * 1000), "quietMs": QUIET_MS, "first": first,
            "next": following}
    with tempfile.TemporaryDirectory(prefix="tholia-web-soak-") as tmp:
        tmp = Path(tmp)
        web_build.build(tmp / "site")
        result = web_plans.play(tmp / "site", [{"board": PROFILE, "steps": [{"soak": soak}]}], tmp, browser,
                                timeout=ms // 1000 + 600)
    samples = result["scenarios"][0]["samples"]
    print("%8s %10s %10s %9s %5s" % ("seconds", "heap B", "VM mem B", "decisions", "game"))
    for s in samples:
        print("%8d %10d %10d %9d %5d" % (s["s"], s["heap"], s["memory"], s["decisions"], s["games"]))
    problems = result["errors"] + result["console"]
    why = verdict(samples, problems)
    if args.json:
        Path(args.json).write_text(json.dumps({"samples": samples, "problems": problems, "verdict": why}))
    if why:
        print("web_soak: " + why, file=sys.stderr)
        return 1
    print("no error, no console message; heap at most %d bytes, VM memory at most %d bytes" % (
        max(s["heap"] for s in samples), max(s["memory"] for s in samples)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
