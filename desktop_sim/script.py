"""Button scripts for the simulator: `python -m desktop_sim --script FILE` (headless or not).

One command per line; `#` starts a comment.  Times are milliseconds of simulated time (in
--headless mode the clock only moves when the app sleeps or polls, so a script replays the same
way on any machine).

    wait MS                 let MS milliseconds pass
    press BUTTON [MS]       press BUTTON, hold it MS (default 100) and release it (takes MS)
    hold BUTTON             press BUTTON and keep it down (direction keys then auto-repeat)
    release BUTTON          let go of BUTTON
    screenshot FILE.png     save the window as it is now
    expect TEXT...          stop with status 3 unless TEXT is part of a string on the screen
    expect-not TEXT...      stop with status 3 if TEXT is on the screen
    expect-selected TEXT... stop with status 3 unless TEXT is part of a string drawn on a
                            highlight bar: the menu item under the cursor (or a title)
    wait-for MS TEXT...     wait until TEXT is on the screen, at most MS ms (else status 3);
                            the times of the lines after it count from when it appeared
    end [STATUS]            stop now, exiting with STATUS (0..255, default 0)

In expect, expect-not, expect-selected and wait-for, `A|B` matches either text.  A line may start with an
absolute time, `1500 press a` or `@1500 press a`: the command then
waits until 1500 ms after the start.  BUTTON is one of the board's buttons (up down left right
a b x y menu start select, as the board has them).  The script ends after its last command;
the simulator then stops (status 0) and saves --screenshot if given.  Every time, and the time
the script reaches, lies in 0..3600000 ms (an hour).
"""

import re

_REST = re.compile(r"(?:@?\d+\s+)?\S+\s+(.*)$")
COMMANDS = ("wait", "press", "hold", "release", "screenshot", "expect", "expect-not",
            "expect-selected", "wait-for", "end")
DEFAULT_PRESS_MS = 100
MAX_MS = 3600000  # an hour of simulated time: a later time would only run into the timeout


class ScriptError(Exception):
    """A line of the script that cannot be run, with its line number."""


class Step:
    """One timed action: `kind` is down, up, screenshot, expect, expect-not, expect-selected,
    wait-for or end."""

    def __init__(self, at_ms, kind, arg, line_no):
        self.at_ms = at_ms
        self.kind = kind
        self.arg = arg
        self.line_no = line_no

    def __repr__(self):
        return "Step(%d, %s, %r)" % (self.at_ms, self.kind, self.arg)


def _clip(text):
    return text if len(text) <= 24 else text[:24] + "..."


def _ms(text, line_no):
    digits = text[1:] if text[:1] == "-" else text
    if not digits or not all("0" <= c <= "9" for c in digits):
        raise ScriptError("line %d: %r is not a number of milliseconds" % (line_no, _clip(text)))
    digits = digits.lstrip("0") or "0"
    if text[:1] == "-" or len(digits) > len(str(MAX_MS)) or int(digits) > MAX_MS:
        raise ScriptError("line %d: %s ms is out of range: times are 0..%d ms" % (line_no, _clip(text), MAX_MS))
    return int(digits)


def _within(now, line_no):
    # each time is bounded, and so is the sum they add up to
    if now > MAX_MS:
        raise ScriptError("line %d: the script reaches %d ms, past the end of 0..%d ms" % (line_no, now, MAX_MS))
    return now


def _status(args, line_no):
    if not args:
        return 0
    if len(args) == 1 and 0 < len(args[0]) <= 3 and all("0" <= c <= "9" for c in args[0]) and int(args[0]) <= 255:
        return int(args[0])
    raise ScriptError("line %d: end takes one exit status 0..255, not %r" % (line_no, _clip(" ".join(args))))


def read_script(path):
    """The text of the script file `path`; ScriptError in one line when it cannot be read (the
    caller names the file)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ScriptError("cannot read the script: %s" % (e.strerror or e)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScriptError("not UTF-8 text (byte %d is 0x%02x): save the script as UTF-8"
                          % (e.start, data[e.start])) from None


def parse(text, buttons):
    """The script as a list of Steps in time order, and the time it ends at."""
    steps = []
    now = 0
    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        first = words[0][1:] if words[0][:1] == "@" else words[0]
        if first[:1].isdigit():
            at = _ms(first, line_no)
            if at < now:
                raise ScriptError("line %d: time %d ms is before the previous command (%d ms)"
                                  % (line_no, at, now))
            now = at
            words = words[1:]
            if not words:
                continue
        command, args = words[0].lower(), words[1:]
        if command not in COMMANDS:
            raise ScriptError("line %d: unknown command %r (commands: %s)"
                              % (line_no, command, ", ".join(COMMANDS)))
        if command in ("press", "hold", "release"):
            if not args:
                raise ScriptError("line %d: %s needs a button" % (line_no, command))
            button = args[0].lower()
            if button not in buttons:
                raise ScriptError("line %d: this board has no button %r (it has: %s)"
                                  % (line_no, button, " ".join(buttons)))
            if command == "press":
                hold_ms = _ms(args[1], line_no) if len(args) > 1 else DEFAULT_PRESS_MS
                steps.append(Step(now, "down", button, line_no))
                now = _within(now + max(hold_ms, 1), line_no)
                steps.append(Step(now, "up", button, line_no))
            else:
                steps.append(Step(now, "down" if command == "hold" else "up", button, line_no))
        elif command == "wait":
            if len(args) != 1:
                raise ScriptError("line %d: wait needs one number of milliseconds" % line_no)
            now = _within(now + _ms(args[0], line_no), line_no)
        elif command == "screenshot":
            if len(args) != 1:
                raise ScriptError("line %d: screenshot needs a file name" % line_no)
            steps.append(Step(now, "screenshot", args[0], line_no))
        elif command == "wait-for":
            if len(args) < 2:
                raise ScriptError("line %d: wait-for needs a time limit in ms and a text" % line_no)
            limit = _ms(args[0], line_no)
            match = _REST.match(line)
            text = match.group(1).strip().split(None, 1)[1] if match else ""
            steps.append(Step(now, "wait-for", (limit, text), line_no))
        elif command in ("expect", "expect-not", "expect-selected"):
            if not args:
                raise ScriptError("line %d: %s needs a text" % (line_no, command))
            # the rest of the line after the command word, inner spaces kept
            match = _REST.match(line)
            text = match.group(1).strip() if match else ""
            steps.append(Step(now, command, text, line_no))
        else:
            steps.append(Step(now, "end", _status(args, line_no), line_no))
    return steps, now
