# Driving the app like a player: a scripted `hw` on a board profile's screen and buttons, and
# the d-pad presses that enter a move.  MicroPython and CPython alike: used by
# tools/vm/vm_app_session.py under the VM (with boards/ mounted) and by tests/host/app_harness.py.
import framebuf  # pyright: ignore[reportMissingImports]  (MicroPython's, or desktop_sim's)

from firmware.hw_base import HwBase, framebuffer


class ScriptedHw(HwBase):
    """The hw contract for an app driven by a script, on the screen and buttons of
    boards/<profile>.py: a millisecond passes at every clock reading and sleeps pass at once;
    nothing is shown unless a subclass's send() keeps it, and the subclass's poll() gives the
    buttons.  `make` builds the frame buffer (framebuf.FrameBuffer by default)."""
    now = 0

    def __init__(self, profile, save_dir, make=framebuf.FrameBuffer):
        board = __import__("boards." + profile, None, None, ["NAME"])
        buffer, fb = framebuffer(board.WIDTH, board.HEIGHT, board.COLOR, make)
        super().__init__(profile, board.WIDTH, board.HEIGHT, board.COLOR, board.BUTTONS, fb,
                         buffer, str(save_dir), board.LAYER, getattr(board, "JOYSTICK", False))
        self.speaker = getattr(board, "SPEAKER", False)
        self.cues = []      # each sound cue sounded (HwBase.cue's kinds), for the tests

    def cue(self, kind):
        if self.speaker:
            self.cues.append(kind)

    def ticks_ms(self):
        self.now += 1
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        self.now += n


class ScriptEnd(BaseException):
    """The script or plan has run out (BaseException: the app's error screens let it by)."""


def run_app(hw):
    """Runs the app on `hw` (whose `app` it sets) from its main menu until ScriptEnd; returns
    the App."""
    from firmware.app import App
    app = App(hw)
    hw.app = app
    try:
        app.main_menu()
    except ScriptEnd:
        pass
    return app


def game_row(game):
    """The row of the game list that shows `game`, as the menu orders it; the modules this
    loads are forgotten again, so that the app starts with the heap it would have."""
    import sys
    from shared_rules.registry import unload
    before = set(sys.modules)
    from firmware.menus import game_list
    row = game_list().index(game)
    for module in [m for m in sys.modules if m not in before]:
        unload(module)
    return row


def choose_game(game):
    """The presses that choose `game` in a list of the games (New game, Rules), from its top."""
    return ["down"] * game_row(game) + ["a"]


def choose_game_script(game, settle_ms):
    """choose_game's presses as simulator script lines (desktop_sim/script.py): 50 ms after
    each, `settle_ms` after the last, which opens the game's screen."""
    lines = []
    for key in choose_game(game):
        lines += ["press " + key, "wait 50"]
    lines[-1] = "wait %d" % settle_ms
    return lines


def new_game_keys(game, first, second):
    """Main menu -> New game -> `game` -> its form with the players `first` and `second` (the
    save's words: "human", "ai-<level>") -> Start.  The form opens on Start; above it the second
    player's row, on the AI at the default level, and above that the first player's, on Human;
    a row's choices are Human, then the AI at each level of shared_rules/levels.py."""
    from firmware.app import player_level
    from shared_rules.levels import DEFAULT_LEVEL, LEVELS

    def choice(player):
        level = player_level(player)
        return 1 + LEVELS.index(level) if level is not None else 0

    def steps(start, player):
        n = choice(player) - start
        return ["right"] * n if n > 0 else ["left"] * -n

    keys = ["a"] + choose_game(game)
    keys += ["up"] + steps(1 + LEVELS.index(DEFAULT_LEVEL), second)
    if choice(first):
        keys += ["up"] + steps(0, first) + ["down"]
    return keys + ["down", "a"]


_DIRS = (("up", 0, -1), ("down", 0, 1), ("left", -1, 0), ("right", 1, 0))


def route(builder, target):
    """The fewest d-pad presses that take the builder's cursor to `target` (the app's cursor
    rule, breadth first); AssertionError when the d-pad cannot reach it."""
    start = builder.cursor
    came = {start: (start, "")}   # key -> (previous key, button); the start points to itself
    queue = [start]
    i = 0
    while i < len(queue):
        key = queue[i]
        i += 1
        if key == target:
            break
        for name, dx, dy in _DIRS:
            builder.cursor = key
            if builder.go(dx, dy) and builder.cursor not in came:
                came[builder.cursor] = (key, name)
                queue.append(builder.cursor)
    builder.cursor = start
    if target not in came:
        raise AssertionError("target %d cannot be reached with the d-pad" % target)
    path = []
    while target != start:
        target, name = came[target]
        path.append(name)
    path.reverse()
    return path


def presses_for(builder, move):
    """The buttons that enter `move` with a fresh builder: route to each step's target, A.
    The route starts from `builder`'s cursor (a fresh builder's first one depends on where a
    scrolling view is panned now)."""
    from firmware.builder import MoveBuilder, place_of
    sim = MoveBuilder(builder.view, builder.moves)
    if not builder.prefix and place_of(sim.targets, builder.cursor) >= 0:
        sim.cursor = builder.cursor
    out = []
    depth = 0
    while True:
        key = sim.view.step_key(move, depth)
        out += route(sim, key)
        out.append("a")
        sim.cursor = key
        done = sim.choose()
        if done >= 0:
            if done != move:
                raise AssertionError("entering %s made %s" % (
                    builder.view.game.move_to_text(move), builder.view.game.move_to_text(done)))
            return out
        depth += 1
