"""Button scripts of a game against the AI, for the simulator and the virtual Pico alike.

The human's moves are planned on CPython: the app runs with a scripted stand-in for `hw`
(the AI's levels without their time caps, so that node budgets alone end each search, as they
do on the device when it is fast enough), and each human decision is the legal move that takes
the fewest button presses (or another choice).  The script then plays those presses with room for the device:
a press is held long enough to be seen between two screen updates, and after each decision
that hands over to the AI the script waits for the AI's reply.  A screenshot is taken before
each human decision after the first (so after each reply of the AI) and at the end.
"""
import os
import sys
import threading
from typing import Any

import desktop_sim  # noqa: F401  (the device's modules on CPython: framebuf, micropython)
from firmware.hw_base import press
from tools.device.app_driver import ScriptEnd, ScriptedHw, new_game_keys, presses_for, run_app

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROFILE = "pico_lcd13"
PRESS_MS = 150          # a press is held this long: longer than the app's longest gap between polls
AFTER_PRESS_MS = 350    # then released this long: the screen update of the press
MENU_SETTLE_MS = 300    # the menu is drawn: the script starts on it
GAME_START_MS = 3000    # Start pressed: the board drawn (and the AI's move if it moved first)
# The emulated ms the script gives the AI's reply, drawing included: this much, and this many
# times the level's time cap (a turn may be several decisions; a level's node budget normally
# ends a search well before its cap), with room for the heap's layout (up to 800 ms a reply).
AI_REPLY_BASE_MS = 3000
AI_REPLY_CAPS = 2.5


class PlanningHW(ScriptedHw):
    """The hw contract for planning on CPython: nothing is shown, buttons come from a queue,
    and when it runs out `decide(app)` gives more (or raises ScriptEnd)."""

    def __init__(self, save_dir, keys, decide):
        super().__init__(PROFILE, save_dir)
        self.keys = list(keys)
        self.decide = decide
        self.app: Any = None

    def poll(self):
        self.now += 5
        if self.app is not None and self.app.busy:
            return []  # the AI thinks
        if not self.keys:
            self.keys = self.decide(self.app)
        return press(self.keys.pop(0))


def entries(builder):
    """The presses of each move the board can enter (Tholian Go's draw offer, for one, is made
    from the pause menu, not on the board)."""
    out = []
    for move in builder.moves:
        try:
            out.append(presses_for(builder, move))
        except AssertionError:
            pass
    return out


class Plan:
    """segments: [("menu", keys), ("human", keys, ai_follows), ...]; options and history (move
    ints) of the game played, and the AI's player (0 or 1)."""

    def __init__(self, game, level, segments, options, history, ai_player):
        self.game = game
        self.level = level
        self.segments = segments
        self.options = options
        self.history = history
        self.ai_player = ai_player


def fewest(entries):
    return min(entries, key=len)


# The app's modules are this process's: an app that opens another game's form unloads the
# previous game's modules, so two plans made at once in threads (the benchmark measures two
# games at a time) broke each other, and so did a game replayed by one thread while another
# planned (bench_vpico: the app saw a module vanish, showed an error and waited outside the
# game).  Whatever imports games' modules while plans may be made holds this lock.
planning = threading.Lock()


def plan(game, level, ai_replies, save_dir, pick=fewest, shorter=False):
    """The Plan of a game from the main menu to the AI's `ai_replies`-th reply (a reply: the
    AI's whole turn, however many decisions), or to its end when `shorter` allows it;
    pick(presses of each move) chooses the human's move (default: the one with the fewest).
    One plan at a time per process (threads wait)."""
    with planning:
        return _plan(game, level, ai_replies, save_dir, pick, shorter)


def _plan(game, level, ai_replies, save_dir, pick, shorter):
    for path in (os.path.join(ROOT, "desktop_sim", "shim"), os.path.join(ROOT, "tools", "host_shims")):
        if path not in sys.path:
            sys.path.insert(0, path)
    from firmware.app import HUMAN, ai_player
    from shared_rules import host as ai_host
    caps_were = ai_host.use_level_time_caps(False)
    segments: list[tuple] = [("menu", new_game_keys(game, HUMAN, ai_player(level)))]
    seen: dict[str, Any] = {"history": 0, "replies": 0}

    def decide(app):
        session = app.session
        if session is None:
            raise AssertionError("planning %s: the app waits for a button outside a game" % game)
        history = len(session.game.history)
        if segments[-1][0] == "human" and history > seen["history"] + 1:
            seen["replies"] += 1  # the AI played since the human's last decision
            segments[-1] = segments[-1][:2] + (True,)
        seen["over"] = session.winner() != -1
        if seen["replies"] >= ai_replies or seen["over"]:
            seen["game"] = session.game
            seen["ai_player"] = 0 if session.is_ai(0) else 1
            raise ScriptEnd()
        if app.builder is None or app.builder.prefix:
            raise AssertionError("planning %s: the app waits for a button outside a fresh human decision" % game)
        seen["history"] = history
        keys = pick(entries(app.builder))
        segments.append(("human", keys, False))
        return list(keys)

    os.makedirs(save_dir, exist_ok=True)
    hw = PlanningHW(save_dir, segments[0][1], decide)
    try:
        run_app(hw)
    finally:
        ai_host.use_level_time_caps(caps_were)
    if seen["replies"] < ai_replies and not (shorter and seen["over"] and seen["replies"]):
        raise AssertionError("planning %s: the game ended after %d replies of the AI" % (game, seen["replies"]))
    played = seen["game"]
    return Plan(game, level, segments, dict(played.options), list(played.history), seen["ai_player"])


def script(plan, shot_prefix, back_to_back=False):
    """The button script of a plan; its screenshots are `<shot_prefix>NN.png`.  back_to_back:
    the presses of a decision (or of the menus) follow one another with no wait, 100 ms each,
    as a player's quick presses do (the device must see them all)."""
    from shared_rules import ai, registry
    game = registry.create(plan.game, plan.options)
    cap_s = ai.tuner_class(game).level_settings(game, plan.level).device_seconds
    reply_ms = int(AI_REPLY_BASE_MS + AI_REPLY_CAPS * 1000 * cap_s)
    lines = ["wait %d" % MENU_SETTLE_MS]
    shots = []

    def press(button):
        lines.extend(["press %s" % button] if back_to_back else
                     ["press %s %d" % (button, PRESS_MS), "wait %d" % AFTER_PRESS_MS])

    def screenshot():
        name = "%s%02d.png" % (shot_prefix, len(shots))
        shots.append(name)
        lines.append("screenshot %s" % name)

    screenshot()  # the main menu
    for segment in plan.segments:
        if segment[0] == "menu":
            for button in segment[1]:
                press(button)
            lines.append("wait %d" % GAME_START_MS)
            screenshot()  # the board before the first move
            continue
        _, keys, ai_follows = segment
        for button in keys:
            press(button)
        if ai_follows:
            lines.append("wait %d" % reply_ms)
            screenshot()
    return "\n".join(lines) + "\n", shots
