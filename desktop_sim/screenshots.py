"""Regenerates docs/screenshots/: every board profile's main menu, the start of every landed
game, and an AI-vs-AI game of each game with an AI played to its end (Tholian Go's: in mid-game),
all headless.

    python -m desktop_sim.screenshots [--board B] [--dry-run] [OUT_DIR]

It writes button scripts for the app's menus (main menu -> New game -> game -> the form with
the players -> Start) and runs `python -m desktop_sim --headless --script` on each.
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

from desktop_sim import ROOT, profiles

# AI-vs-AI games of these can run for thousands of decisions: shown in mid-game instead of at the end.
ENDLESS_DEMOS = ("tholian_go",)
DEMO_MID_MS = 90000  # simulated time into the demo
# Boards shown besides each game's default: (game, option value, form lines that pick it from
# Start).  Throngs' perforated board: up to "Board sites" (3 options, 2 players), left wraps
# to the last value.
BOARD_SHOTS = (
    ("throngs", "perforated54", ["press up", "wait 50"] * 5 + ["press left", "wait 50", "expect perforated54"]
     + ["press down", "wait 50"] * 5),
    # Throngs' pie start: up to "Start" (the last option's row, 2 players above Start).
    ("throngs", "pie", ["press up", "wait 50"] * 3 + ["press right", "wait 50", "expect pie"]
     + ["press down", "wait 50"] * 3),
    # Tholian Go's variants whose status says the most: "Variant" is the last option's row.
    ("tholian_go", "ultimate", ["press up", "wait 50"] * 3 + ["press right", "wait 50", "expect ultimate"]
     + ["press down", "wait 50"] * 3),
    ("tholian_go", "oracle", ["press up", "wait 50"] * 3 + ["press right", "wait 50"] * 5
     + ["expect oracle"] + ["press down", "wait 50"] * 3),
)


def new_game_script(index, ai_vs_ai, form=()):
    """From the main menu to the start of the index-th game in the New game list (`form`: the
    lines that set its options on the way)."""
    lines = ["wait 300", "expect New game", "press a", "wait 200"]
    lines += ["press down", "wait 50"] * index
    lines += ["press a", "wait 200"]
    if ai_vs_ai:
        # The form opens on Start; above it the 2nd player (AI normal), then the 1st (Human).
        lines += ["press up", "wait 50", "press left", "wait 50", "press up", "wait 50",
                  "press right", "wait 50", "press down", "wait 50", "press down", "wait 50"]
    lines += list(form) + ["expect Start", "press a"]
    return lines


def run(board, script_lines, out_png):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "script.txt")
        with open(path, "w") as f:
            f.write("\n".join(script_lines) + "\n")
        proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--board", board,
                               "--script", path, "--screenshot", out_png, "--timeout", "900"],
                              cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit("screenshot %s failed (status %d)" % (out_png, proc.returncode))
    print(out_png)


def plan(boards, games, out_dir):
    """(board, button script, PNG path) of every screenshot."""
    from shared_rules import registry
    out = []
    for board in boards:
        stem = os.path.join(out_dir, board)
        out.append((board, ["wait 300", "expect New game"], stem + "-menu.png"))
        for index, game in enumerate(games):
            out.append((board, new_game_script(index, False) + ["wait 1000"],
                        "%s-%s.png" % (stem, game)))
            for shot_game, value, form in BOARD_SHOTS:
                if shot_game == game:
                    out.append((board, new_game_script(index, False, form) + ["wait 1000"],
                                "%s-%s-%s.png" % (stem, game, value)))
                    if game in ENDLESS_DEMOS:
                        out.append((board, new_game_script(index, True, form) + ["wait %d" % DEMO_MID_MS],
                                    "%s-%s-%s-ai-vs-ai-mid.png" % (stem, game, value)))
                    else:
                        out.append((board, new_game_script(index, True, form) + ["wait-for 3600000 wins|won|Draw"],
                                    "%s-%s-%s-ai-vs-ai-end.png" % (stem, game, value)))
            if importlib.util.find_spec(registry.ai_module(game)) is None:
                continue
            if game in ENDLESS_DEMOS:
                out.append((board, new_game_script(index, True) + ["wait %d" % DEMO_MID_MS],
                            "%s-%s-ai-vs-ai-mid.png" % (stem, game)))
            else:
                out.append((board, new_game_script(index, True) + ["wait-for 3600000 wins|won|Draw"],
                            "%s-%s-ai-vs-ai-end.png" % (stem, game)))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m desktop_sim.screenshots")
    parser.add_argument("--board", choices=profiles.names(), action="append",
                        help="only this board profile (repeatable; default: every one)")
    parser.add_argument("--dry-run", action="store_true",
                        help="list the screenshots it would make, make none")
    parser.add_argument("out_dir", nargs="?", default=os.path.join(ROOT, "docs", "screenshots"))
    args = parser.parse_args(argv)
    sys.path.insert(0, ROOT)
    from shared_rules import registry
    import shared_rules.games  # noqa: F401  (registers the games)
    shots = plan(args.board or profiles.names(), registry.game_names(), args.out_dir)
    if args.dry_run:
        for _, _, png in shots:
            print(png)
        return
    os.makedirs(args.out_dir, exist_ok=True)
    for board, script_lines, png in shots:
        run(board, script_lines, png)


if __name__ == "__main__":
    main()
