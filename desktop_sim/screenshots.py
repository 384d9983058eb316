"""Regenerates docs/screenshots/: every board profile's main menu, the start of every landed
game, an AI-vs-AI game of each game with an AI played to its end (Tholian Go's: in mid-game),
finished games (random play from a fixed seed, loaded from a save) on their end screen and
in Review, a lesson's first step and the new-game form's explanation line, all headless.

    python -m desktop_sim.screenshots [--board B] [--only TEXT] [--dry-run] [OUT_DIR]

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
from tools.device.app_driver import choose_game_script

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


# Learn to play: a lesson's first step, its text and its board, of these games.
LESSON_SHOTS = ("trap", "tholian_go")
# The new-game form with the cursor on an option, whose explanation is the form's foot:
# (game, option, presses of UP from Start).  Tholian Go's push limit: its 5 options sorted, then
# the 2 players, so 7 rows up.
FORM_SHOTS = (("tholian_go", "push_limit", 7),)


def lesson_script(game, several):
    """From the main menu to the first step of the game's first lesson (`several`: the game
    has more than one, chosen from a list)."""
    lines = ["wait 300", "expect Learn to play", "press down", "wait 50", "press a", "wait 200"]
    lines += choose_game_script(game, 300)
    if several:
        lines += ["press a", "wait 300"]
    return lines + ["expect Try it"]


def form_script(game, ups):
    """The game's new-game form with the cursor `ups` rows above Start."""
    lines = ["wait 300", "expect New game", "press a", "wait 200"]
    lines += choose_game_script(game, 300)
    return lines + ["press up", "wait 50"] * ups + ["wait 200"]


# Finished games shown on their end screen and in Review: (game, options, seed of the random
# play), each ending the way its name says (Tholian Go Football: a touchdown).
END_SHOTS = (("trap", {}, 0), ("lazo", {}, 0), ("throngs", {}, 0),
             ("tholian_go", {"variant": "football"}, 0))
# Main menu -> Review (the finished save) -> its end screen; then the Game over menu's last item,
# Review, a turn back.
END_SCRIPT = ["wait 300", "expect Review", "press a", "wait-for 60000 wins|won|Draw", "wait 500"]
REVIEW_SCRIPT = END_SCRIPT + ["press a", "wait 300", "expect Game over", "press up", "wait 100",
                              "press a", "wait 300", "press left", "wait 300", "expect-not Game over"]


def finished_save(name, options, seed):
    """The save text of a game of `name` played to its end by random moves from `seed` (never a
    draw offer: the end is the game's own), between two humans."""
    import random
    from firmware import save_files
    from shared_rules import registry
    rng = random.Random(seed)
    game = registry.create(name, options)
    texts = []
    while not game.is_over():
        moves = [m for m in game.legal_moves() if game.move_to_text(m) != "offer"]
        move = rng.choice(moves)
        texts.append(game.move_to_text(move))
        game.play(move)
    return save_files.to_text(save_files.SavedGame(name, game.options, ["human", "human"], texts, "over"))


def end_stem(name, options):
    return name + "".join("-" + options[k] for k in sorted(options))


def new_game_script(game, ai_vs_ai, form=()):
    """From the main menu to the start of the game chosen in the New game list (`form`: the
    lines that set its options on the way)."""
    lines = ["wait 300", "expect New game", "press a", "wait 200"]
    lines += choose_game_script(game, 200)
    if ai_vs_ai:
        # The form opens on Start; above it the 2nd player (AI normal), then the 1st (Human).
        lines += ["press up", "wait 50", "press left", "wait 50", "press up", "wait 50",
                  "press right", "wait 50", "press down", "wait 50", "press down", "wait 50"]
    lines += list(form) + ["expect Start", "press a"]
    return lines


def run(board, script_lines, out_png, save_text=""):
    """Runs the script on `board` and saves the screen at its end; `save_text`: the save the
    app finds (else none)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "script.txt")
        with open(path, "w") as f:
            f.write("\n".join(script_lines) + "\n")
        saves = os.path.join(tmp, "saves")
        os.makedirs(saves)
        if save_text:
            with open(os.path.join(saves, "game"), "w") as f:
                f.write(save_text)
        proc = subprocess.run([sys.executable, "-m", "desktop_sim", "--headless", "--board", board,
                               "--script", path, "--screenshot", out_png, "--timeout", "900",
                               "--save-dir", saves],
                              cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit("screenshot %s failed (status %d)" % (out_png, proc.returncode))
    print(out_png)


def plan(boards, games, out_dir):
    """(board, button script, PNG path, the finished game to save first or None) of every
    screenshot."""
    from shared_rules import registry
    from shared_rules import lessons
    out = []
    ends = [(end_stem(name, options), (name, options, seed)) for name, options, seed in END_SHOTS if name in games]
    for board in boards:
        stem = os.path.join(out_dir, board)
        out.append((board, ["wait 300", "expect New game"], stem + "-menu.png", None))
        for name, save in ends:
            out.append((board, END_SCRIPT, "%s-%s-end.png" % (stem, name), save))
            out.append((board, REVIEW_SCRIPT, "%s-%s-review.png" % (stem, name), save))
        for game in LESSON_SHOTS:
            to_step = lesson_script(game, len(lessons.titles(game)) > 1)
            out.append((board, to_step, "%s-lesson-%s-text.png" % (stem, game), None))
            out.append((board, to_step + ["press a", "wait 500", "expect-not Try it"],
                        "%s-lesson-%s-board.png" % (stem, game), None))
        for game, option, ups in FORM_SHOTS:
            out.append((board, form_script(game, ups), "%s-form-%s-%s.png" % (stem, game, option), None))
        for game in games:
            out.append((board, new_game_script(game, False) + ["wait 1000"],
                        "%s-%s.png" % (stem, game), None))
            for shot_game, value, form in BOARD_SHOTS:
                if shot_game == game:
                    out.append((board, new_game_script(game, False, form) + ["wait 1000"],
                                "%s-%s-%s.png" % (stem, game, value), None))
                    if game in ENDLESS_DEMOS:
                        out.append((board, new_game_script(game, True, form) + ["wait %d" % DEMO_MID_MS],
                                    "%s-%s-%s-ai-vs-ai-mid.png" % (stem, game, value), None))
                    else:
                        out.append((board, new_game_script(game, True, form) + ["wait-for 3600000 wins|won|Draw"],
                                    "%s-%s-%s-ai-vs-ai-end.png" % (stem, game, value), None))
            if importlib.util.find_spec(registry.ai_module(game)) is None:
                continue
            if game in ENDLESS_DEMOS:
                out.append((board, new_game_script(game, True) + ["wait %d" % DEMO_MID_MS],
                            "%s-%s-ai-vs-ai-mid.png" % (stem, game), None))
            else:
                out.append((board, new_game_script(game, True) + ["wait-for 3600000 wins|won|Draw"],
                            "%s-%s-ai-vs-ai-end.png" % (stem, game), None))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m desktop_sim.screenshots")
    parser.add_argument("--board", choices=profiles.names(), action="append",
                        help="only this board profile (repeatable; default: every one)")
    parser.add_argument("--only", metavar="TEXT", help="only the screenshots whose file name has TEXT")
    parser.add_argument("--dry-run", action="store_true",
                        help="list the screenshots it would make, make none")
    parser.add_argument("out_dir", nargs="?", default=os.path.join(ROOT, "docs", "screenshots"))
    args = parser.parse_args(argv)
    sys.path.insert(0, ROOT)
    from shared_rules import registry
    import shared_rules.games  # noqa: F401  (registers the games)
    shots = plan(args.board or profiles.names(), registry.game_names(), args.out_dir)
    shots = [shot for shot in shots if args.only is None or args.only in os.path.basename(shot[2])]
    if args.dry_run:
        for shot in shots:
            print(shot[2])
        return
    os.makedirs(args.out_dir, exist_ok=True)
    for board, script_lines, png, finished in shots:
        run(board, script_lines, png, finished_save(*finished) if finished is not None else "")


if __name__ == "__main__":
    main()
