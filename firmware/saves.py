# Saved games and settings on the handheld's flash: loading them, and the settings' file (the
# files' safe write and checked read and a save's text are firmware/save_files.py's, all that a
# game being played holds; this module is imported with the menus and dropped with them).
#
# A save is text: the game name, its options, who plays each side, and the moves in notation,
# one per line (replayed on load, so dice stored as a seed come out the same).  A last line
# carries the move count and a checksum, so a file cut short by a power loss is detected.
# Settings are `key=value` lines sealed the same way.
#
# Writes are power-cut safe: the new text goes to `<name>.new`, then the current file becomes
# `<name>.bak` and the new one takes its place.  Loading tries the current file, then a
# complete `.new` left by a cut between the renames, then the previous one, then a save kept
# aside because it once needed more memory than was free (`game.kept`).
#
# Files are read as bytes and must be ASCII, with strict ASCII numbers in the end line, and lines
# are split at single spaces only: CPython and MicroPython then judge every file alike (no
# newline translation, no Unicode digits or spaces), and nothing from a file can reach the
# screen that the 8x8 font cannot draw.
import os

from firmware.save_files import (GAME_FILE, MAGIC, MAX_FILE_BYTES, SAVE_VERSION, SaveError, SavedGame,  # noqa: F401
    checksum, exists, path_of, read_text, remove_quietly, save_game, seal, to_text, write_safely)

SETTINGS_FILE = "settings"
_END_DIGITS = 10            # the checksum is < 2**32; no save has a billion moves


QUOTED = 40                 # characters of a file's text a message quotes


def quoted(text, n=QUOTED):
    """`text` as a message quotes it: `n` characters at most, then "..." (a line of a file may
    be of any length)."""
    return text if len(text) <= n else text[:n] + "..."


def quoting(reason, texts):
    """`reason` (the rules' words on a file's `texts`) with each of those it quotes cut as
    quoted() cuts them, and four quotes long at most (it may quote a part of one)."""
    for text in texts:
        if len(text) > QUOTED:
            reason = reason.replace(text, quoted(text))
    return quoted(reason, 4 * QUOTED)


def unseal(text, what):
    """(body, count) of a sealed text; SaveError naming `what` ("the save") when the end line
    is missing or wrong."""
    end = text.rfind("end ", 0, len(text) - 1)
    if end < 0 or (end > 0 and text[end - 1] != "\n"):
        raise SaveError("%s is incomplete (no end line)" % what)
    tail = text[end:]
    numbers = tail[:-1].split(" ")
    if tail[-1] != "\n" or len(numbers) != 3:
        raise SaveError("%s's end line is damaged" % what)
    count = ascii_number(numbers[1])
    total = ascii_number(numbers[2])
    if count < 0 or total < 0:
        raise SaveError("%s's end line is damaged" % what)
    if total != checksum(text[:end]):
        raise SaveError("%s is damaged (checksum mismatch)" % what)
    return text[:end], count


def ascii_number(word):
    """The value of 1..10 ASCII digits, else -1 (str.isdigit() and int() accept other digits
    on CPython, not on MicroPython)."""
    if not 0 < len(word) <= _END_DIGITS:
        return -1
    for ch in word:
        if not "0" <= ch <= "9":
            return -1
    return int(word)


def words(line):
    """The words of a line split at single spaces (str.split() without an argument splits at
    other characters on CPython than on MicroPython)."""
    return [w for w in line.split(" ") if w]


def from_text(text):
    """Parses a save; SaveError says what is wrong with it."""
    body, count = unseal(text, "the save")
    lines = body.split("\n")
    head = words(lines[0])
    if len(head) != 2 or head[0] != MAGIC:
        raise SaveError("not a Tholia save")
    if head[1] != str(SAVE_VERSION):
        raise SaveError("save version %s is not supported (this app reads version %d)" % (quoted(head[1]), SAVE_VERSION))
    fields = {}
    moves = []
    for line in lines[1:]:
        if not line:
            continue
        key, _, value = line.partition(" ")
        if key == "m":
            moves.append(value)
        else:
            fields[key] = value
    if len(moves) != count:
        raise SaveError("the save lists %d moves, its end line says %d" % (len(moves), count))
    for key in ("game", "options", "players", "result"):
        if key not in fields:
            raise SaveError("the save has no '%s' line" % key)
    options = {}
    for word in words(fields["options"]):
        name, eq, value = word.partition("=")
        if not eq:
            raise SaveError("bad option '%s' in the save" % quoted(word))
        options[name] = value
    return SavedGame(fields["game"], options, words(fields["players"]), moves, fields["result"])


def candidate_paths(folder):
    """The save files, newest first: current, unfinished write, previous, kept aside."""
    base = path_of(folder, GAME_FILE)
    return (base, base + ".new", base + ".bak", base + ".kept")


KEPT = 3    # index of the kept-aside save in candidate_paths()


def load_game(folder, skip=0, kept=True, peek=False):
    """(saved, index, messages): the newest usable save from the `skip`-th candidate file on
    (newest first; the kept-aside one only if `kept`), the index of its file, and one message
    per file passed over.  The app calls again with `skip = index + 1` when a save parses but
    does not replay.  A save that cannot be read for lack of memory is not damaged: it is kept
    aside (keep_aside; not when only a `peek` for the menu) and not tried again in this call."""
    messages = []
    paths = candidate_paths(folder)
    last = len(paths) if kept else KEPT
    i = skip
    while i < last:
        path = paths[i]
        if exists(path):
            try:
                return from_text(read_text(path)), i, messages
            except SaveError as e:
                messages.append("%s: %s" % (label(i), e))
            except OSError as e:
                messages.append("%s: cannot read (%s)" % (label(i), e))
            except MemoryError:
                messages.append("%s: not enough memory to load it." % label(i) if peek else keep_aside(folder, i))
                last = KEPT
        i += 1
    return None, len(paths), messages


def label(index):
    return ("Save", "Unfinished save", "Previous save", "Kept save")[index]


def keep_aside(folder, index):
    """Moves the index-th save, which needed more memory than was free, out of the way of the
    autosave (which would rotate it away two moves later) to game.kept, the last file Continue
    tries; Erase saved game removes it.  Returns what to tell the player."""
    if index != KEPT:
        paths = candidate_paths(folder)
        try:
            remove_quietly(paths[KEPT])
            os.rename(paths[index], paths[KEPT])
        except OSError as e:
            return "%s: not enough memory to load it, and it could not be kept aside (%s)." % (label(index), e)
    return ("%s: not enough memory to load it. It is kept, not replaced: Continue tries it when no "
            "other save loads, Erase saved game removes it." % label(index))


def has_game(folder):
    for path in candidate_paths(folder):
        if exists(path):
            return True
    return False


def delete_game(folder):
    for path in candidate_paths(folder):
        remove_quietly(path)


def load_settings(folder, allowed):
    """(settings, notes): each setting of `allowed` ({key: (default, other values...)}) from the
    newest intact settings file, its default when the file lacks it.  A damaged file, or a value
    that is not allowed, gives a note for the player (and the older copy, or the default)."""
    settings = {}
    for key in allowed:
        settings[key] = allowed[key][0]
    notes = []
    base = path_of(folder, SETTINGS_FILE)
    for path in (base, base + ".new", base + ".bak"):
        if not exists(path):
            continue
        try:
            body, count = unseal(read_text(path), "the settings file")
            lines = body.split("\n")[:-1]
            if len(lines) != count:
                raise SaveError("the settings file lists %d values, its end line says %d" % (len(lines), count))
        except SaveError as e:
            text = str(e)
            notes.append(text[0].upper() + text[1:] + ".")
            continue
        except (OSError, MemoryError) as e:
            notes.append("The settings cannot be read (%s)." % e)
            continue
        if notes:
            notes.append("The previous copy is used.")
        for line in lines:
            key, _, value = line.partition("=")
            if key not in allowed:
                continue    # a setting of another version of the app
            if value in allowed[key]:
                settings[key] = value
            else:
                notes.append("Setting %s=%s is not valid: %s is used." % (key, quoted(value), allowed[key][0]))
        return settings, notes
    if notes:
        notes.append("The default settings are used.")
    return settings, notes


def save_settings(folder, settings):
    keys = sorted(settings)
    write_safely(folder, SETTINGS_FILE, seal("".join("%s=%s\n" % (k, settings[k]) for k in keys), len(keys)))
