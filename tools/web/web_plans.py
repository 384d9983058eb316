"""Button plans for the browser version's tests and bench (tests/host/test_web.py,
tools/bench/bench_web.py): the app driven by a script in CPython on desktop_sim's framebuffer, whose
presses the page then gets one at a time, and the panel at the points the page is compared.

A point is "settled": the app has slept twice with nothing pressed (it sleeps only when it
waits for a button with nothing left to do), as the page's worker reports it (web/worker.js).
"""
import random

import numpy as np

from desktop_sim.sim import MONO_DARK, MONO_LIT, ScreenTextFrameBuffer, pixel_indices, rgb_lut
from firmware.hw_base import press
from tools.device.app_driver import ScriptEnd, ScriptedHw, new_game_keys, presses_for, run_app


class PlanHw(ScriptedHw):
    """Buttons from `script`, then from `driver(hw)` (None ends the run); held back while the
    AI thinks, as the page presses only once the app has settled.  Keeps the panel as shown."""

    def __init__(self, profile, folder, script, driver):
        super().__init__(profile, folder, ScreenTextFrameBuffer)
        self.panel = np.zeros((self.height, self.width), dtype=np.uint8)
        self.script = list(script)
        self.driver = driver
        self.pressed = []
        self.sleeps = 0
        self.mark = None
        self.shots = []       # (presses before, RGB of the panel)
        self.app = None

    def send(self, x, y, w, h):
        shown = pixel_indices(self.buffer, self.width, self.height, self.color)
        self.panel[y:y + h, x:x + w] = shown[y:y + h, x:x + w]

    def sleep_ms(self, n):
        self.sleeps += 1
        super().sleep_ms(n)

    def poll(self):
        self.now += 5
        if self.app is not None and self.app.busy:
            return []
        if self.script:
            button = self.script.pop(0)
            self.pressed.append(button)
            return press(button)
        more = self.driver(self)
        if more is None:
            raise ScriptEnd()
        self.script.extend(more)
        return []

    def settled_shot(self):
        """True once the app has settled since the first call; the panel is then a shot."""
        if self.mark is None:
            self.mark = self.sleeps
            return False
        if self.sleeps - self.mark < 2:
            return False
        self.shots.append((len(self.pressed), rgb(self.panel, self.color)))
        self.mark = None
        return True


def rgb(panel, color):
    """The panel's pixels as the simulator shows them (RGB rows)."""
    if color:
        return rgb_lut()[panel]
    return np.where(panel[..., None] != 0, MONO_LIT, MONO_DARK).astype(np.uint8)


def run(hw):
    run_app(hw)
    return hw


def ai_replies(session):
    movers = session.movers
    return sum(1 for i in range(len(movers))
               if session.is_ai(movers[i]) and (i == 0 or movers[i - 1] != movers[i]))


def against_the_ai(name, profile, folder, seed, replies, at_least=None):
    """A human playing random moves against the AI at the default level, from the main menu to
    the AI's reply number `replies`: the PlanHw (pressed: every button; shots: at each reply).
    With `at_least`, the plan may stop sooner, at a position whose move the d-pad plan cannot
    enter (the game over, a decision within a turn), after that many replies."""
    from firmware.app import HUMAN, ai_player
    from shared_rules.levels import DEFAULT_LEVEL
    rng = random.Random(seed)

    def drive(hw):
        app = hw.app
        if app.builder is None or app.builder.prefix:
            if at_least is not None and len(hw.shots) >= at_least:
                return None
            raise AssertionError("%s: no move to enter after %d presses" % (name, len(hw.pressed)))
        if ai_replies(app.session) > len(hw.shots):
            if hw.settled_shot():
                return None if len(hw.shots) >= replies else []
            return []
        return presses_for(app.builder, rng.choice(app.builder.moves))

    hw = run(PlanHw(profile, folder, new_game_keys(name, HUMAN, ai_player(DEFAULT_LEVEL)), drive))
    if len(hw.shots) < (replies if at_least is None else at_least):
        raise AssertionError("%s: %d replies seen" % (name, len(hw.shots)))
    return hw


def continued(profile, folder):
    """The settled panel after Continue (the main menu's first item when there is a save)."""
    hw = run(PlanHw(profile, folder, ["a"], lambda hw: None if hw.settled_shot() else []))
    return hw.shots[0][1]


def shots_after(profile, folder, presses):
    """The PlanHw of the app from the main menu given each list of buttons of `presses` in turn,
    with a shot of the settled panel after each."""
    left = [list(p) for p in presses[1:]]

    def drive(hw):
        if not hw.settled_shot():
            return []
        return left.pop(0) if left else None

    return run(PlanHw(profile, folder, presses[0], drive))


def steps(hw):
    """The page's steps for the plan: every press, a shot named reply<N> at each reply."""
    out = []
    done = 0
    for n, (presses, _) in enumerate(hw.shots):
        out += [{"press": b} for b in hw.pressed[done:presses]]
        done = presses
        out.append({"shot": "reply%d" % (n + 1)})
    return out


def chromium_path():
    """The system's Chromium (THOLIA_CHROMIUM, or chromium on PATH), None when there is none."""
    import os
    import shutil
    for path in (os.environ.get("THOLIA_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if path and os.path.exists(path):
            return path
    return None


def play(site, scenarios, workdir, browser, timeout=1800):
    """Serves the folder `site` with a plain static server on 127.0.0.1 and plays `scenarios`
    in headless Chromium (tools/web/web_page.mjs); returns its result, with "origin" added."""
    import functools
    import http.server
    import json
    import subprocess
    import threading
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]

    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = "http://127.0.0.1:%d/" % server.server_address[1]
    plan, out = Path(workdir) / "plan.json", Path(workdir) / "result.json"
    try:
        plan.write_text(json.dumps({"url": origin, "chromium": browser, "scenarios": scenarios}))
        done = subprocess.run(["node", str(root / "tools" / "web" / "web_page.mjs"), str(plan), str(out)],
                              cwd=root, capture_output=True, text=True, timeout=timeout)
    finally:
        server.shutdown()
        server.server_close()
    if done.returncode != 0:
        raise AssertionError(done.stderr.strip() or done.stdout.strip() or "web_page.mjs failed")
    result = json.loads(out.read_text())
    result["origin"] = origin
    return result
