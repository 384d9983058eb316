# The rules page of a game, and the Help page of the pause menu: the board's own buttons and
# what the play screen's status line says.  Imported only while shown.
from shared_rules import registry

_NAMES = {"x": "X", "y": "Y", "menu": "MENU", "start": "START", "select": "SELECT"}


def pad_name(hw):
    return "Joystick" if hw.joystick else "D-pad"


def button_name(hw, button):
    if button == "select" and hw.joystick:
        return "joystick press"
    return _NAMES.get(button, button.upper())


def pause_buttons(hw):
    """The names of the buttons that open the pause menu besides B (the app's MENU)."""
    return [button_name(hw, b) for b in ("x", "menu", "start", "select") if b in hw.buttons]


def legend(hw, pause_word="pause"):
    """The play screen's one-line button legend, as parts to fit: ["A:choose", "B:back", ...];
    `pause_word` says what the pause button does (in a lesson it shows the step's rule)."""
    parts = ["A:choose", "B:back"]
    pause = pause_buttons(hw)
    if pause:
        parts.append(pause[0] + ":" + pause_word)
    if "y" in hw.buttons:
        parts.append("Y:hint")
    return parts


def controls(hw):
    pause = pause_buttons(hw)
    lines = [
        "%s: moves the cursor to the next place you can choose (dots mark them; held, it repeats)." % pad_name(hw),
        "A: chooses. A move of several steps is played when its last step is chosen.",
        "B: takes back the last step, then the decisions of your turn; at the start of a turn it opens the pause menu.",
    ]
    if pause:
        lines.append("%s: the pause menu." % " or ".join(pause))
    if "y" in hw.buttons:
        lines.append("Y: a hint (the AI's move, preselected: A plays it).")
    lines.append("Pause menu: Resume, Undo (against the AI: back to your last turn), Hint, Help, "
                 "Rules, Offer draw, Resign, Save and quit. Every move is saved at once.")
    return "\n".join(lines)


def _text_module(name):
    module = "firmware.rules_text." + name
    try:
        return __import__(module, None, None, ["TEXT"])
    except ImportError:
        return None


def rules(app, name):
    """The game's rules page and what its status line says (the text is not kept)."""
    mod = _text_module(name)
    text = "No rules page for this game yet." if mod is None else \
        mod.TEXT + "\n\nTHE STATUS LINE\n" + mod.STATUS
    del mod
    app.residency.release("firmware.rules_text." + name)
    app.ui.pager(registry.game_title(name), text)


def game_help(app, name):
    """The pause menu's Help: the buttons of this board, then the status line of this game."""
    mod = _text_module(name)
    text = "BUTTONS\n" + controls(app.hw)
    if mod is not None:
        text += "\n\nTHE STATUS LINE\n" + mod.STATUS
    del mod
    app.residency.release("firmware.rules_text." + name)
    app.ui.pager("Help", text)
