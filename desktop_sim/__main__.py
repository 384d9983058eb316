"""python -m desktop_sim: the handheld app in a window, or headless from a button script."""
import argparse
import os
import sys

from desktop_sim import ROOT, profiles
from desktop_sim import script as script_module

EPILOG = """keys (on boards that have the button; Enter and Esc fall back to start/select/menu):
  arrows            d-pad
  Z or A            a            X or S     b
  C or D            x            V or F     y
  Enter             start        Esc        menu        Backspace   select
  F12               save a screenshot (tholia-BOARD-N.png)      Ctrl+Q   quit
  mouse             click the buttons of the picture; a gamepad works too

exit status: the app's (0 when the script ends or the window is closed; 1 when the app
raised; SystemExit(n) gives n); 2 usage or script error or no display; 3 a script
expectation failed; 124 --timeout.

button scripts (--script FILE):
""" + "\n".join("  " + line for line in (script_module.__doc__ or "").splitlines()[1:])


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="python -m desktop_sim", description=__doc__,
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", choices=profiles.names(), default="pico_lcd13",
                        help="board profile to simulate (default pico_lcd13)")
    parser.add_argument("--scale", type=int, help="integer zoom of the screen (default: the "
                        "largest that fits the display; headless 2, or 4 for mono128)")
    parser.add_argument("--headless", action="store_true",
                        help="no window (SDL_VIDEODRIVER=dummy) and a simulated clock")
    parser.add_argument("--script", metavar="FILE", help="button script to play (see below)")
    parser.add_argument("--run-ms", type=int, metavar="MS",
                        help="without a script: stop after MS ms (headless default 1000)")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="save a PNG of the window when the simulation ends")
    parser.add_argument("--screen-only", action="store_true",
                        help="--screenshot and the script's screenshots save the bare screen at "
                        "1:1, without the board")
    parser.add_argument("--save-dir", metavar="DIR", help="folder for saves (default "
                        "saves/BOARD; headless: a fresh temporary folder)")
    parser.add_argument("--timeout", type=float, metavar="S",
                        help="stop with status 124 after S seconds of real time "
                        "(headless default 600)")
    parser.add_argument("--app", default="firmware.app", metavar="MODULE",
                        help="module whose run(hw) is the app (default firmware.app)")
    return parser.parse_args(argv)


def save_dir_problem(path):
    """Why `path` cannot be the saves' folder (made here if missing), or ""."""
    if os.path.exists(path) and not os.path.isdir(path):
        return "is a file, not a folder"
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        return "cannot be made (%s)" % (e.strerror or e)
    return ""


def has_display():
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.scale is not None and not 1 <= args.scale <= 8:
        print("desktop_sim: --scale must be 1..8", file=sys.stderr)
        return 2
    from desktop_sim.script import MAX_MS, ScriptError, read_script
    if args.run_ms is not None and not 0 <= args.run_ms <= MAX_MS:
        print("desktop_sim: --run-ms must be 0..%d, not %d" % (MAX_MS, args.run_ms), file=sys.stderr)
        return 2
    if not args.headless and not has_display() and \
            os.environ.get("SDL_VIDEODRIVER") in (None, "", "x11", "wayland"):
        print("desktop_sim: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
              "  Run it on a desktop, or headless, e.g.:\n"
              "  python -m desktop_sim --headless --script FILE --screenshot out.png",
              file=sys.stderr)
        return 2
    script_text = None
    if args.script:
        try:
            script_text = read_script(args.script)
        except ScriptError as e:
            print("desktop_sim: %s: %s" % (args.script, e), file=sys.stderr)
            return 2
    # The project's packages must be importable from anywhere (the CPython stand-ins of
    # `framebuf` and `micropython` are on the path since desktop_sim was imported).
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    save_dir = args.save_dir
    if save_dir is not None:
        why = save_dir_problem(save_dir)
        if why:
            print("desktop_sim: --save-dir %s: %s" % (save_dir, why), file=sys.stderr)
            return 2
    elif args.headless:
        import tempfile
        save_dir = tempfile.mkdtemp(prefix="tholia-sim-")
    timeout = args.timeout if args.timeout is not None else (600 if args.headless else None)
    run_ms = args.run_ms if args.run_ms is not None else (1000 if args.headless else None)

    from desktop_sim.sim import Simulator
    import pygame
    try:
        sim = Simulator(args.board, args.scale, args.headless, script_text, save_dir, timeout,
                        run_ms)
    except ScriptError as e:
        print("desktop_sim: %s: %s" % (args.script, e), file=sys.stderr)
        return 2
    except pygame.error as e:
        print("desktop_sim: cannot open a window (%s).\n"
              "  Use --headless (with --script FILE and --screenshot PATH) without a display."
              % e, file=sys.stderr)
        return 2
    try:
        app = __import__(args.app, None, None, ["run"])
    except ImportError as e:
        print("desktop_sim: cannot import the app %s: %s" % (args.app, e), file=sys.stderr)
        return 2
    sim.screen_only = args.screen_only
    status, reason = sim.run(app.run)
    if args.screenshot:
        sim.screenshot(args.screenshot, args.screen_only)
    print("desktop_sim: %s; exit status %d" % (reason, status), file=sys.stderr)
    pygame.quit()
    return status


if __name__ == "__main__":
    sys.exit(main())
