# Saved games and settings on the handheld's flash.
#
# A save is text: the game name, its options, who plays each side, and the moves in notation,
# one per line (replayed on load, so dice stored as a seed come out the same).  A last line
# carries the move count and a checksum, so a file cut short by a power loss is detected.
#
# Writes are power-cut safe: the new text goes to `<name>.new`, then the current file becomes
# `<name>.bak` and the new one takes its place.  Loading tries the current file, then a
# complete `.new` left by a cut between the renames, then the previous one.
import os

SAVE_VERSION = 1
MAGIC = "THOLIA-SAVE"
GAME_FILE = "game"          # the one autosaved game (Continue)
SETTINGS_FILE = "settings"


class SaveError(ValueError):
    """A save file that cannot be used, with a reason a player can read."""


class SavedGame:
    """What a save holds; `moves` are the decisions in notation, in order."""

    def __init__(self, game, options, players, moves, result=""):
        self.game = game
        self.options = options    # dict str -> str
        self.players = players    # e.g. ["human", "ai3"]
        self.moves = moves        # list of str
        self.result = result      # "" while the board decides, "resign 0", "draw agreed"


def checksum(text):
    """Adler-style sum of the text: cheap, and a truncated or garbled file fails it."""
    a = 1
    b = 0
    for ch in text:
        a = (a + ord(ch)) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def to_text(saved):
    lines = [
        "%s %d" % (MAGIC, SAVE_VERSION),
        "game " + saved.game,
        "options " + " ".join("%s=%s" % (k, saved.options[k]) for k in sorted(saved.options)),
        "players " + " ".join(saved.players),
        "result " + saved.result,
    ]
    for move in saved.moves:
        lines.append("m " + move)
    body = "\n".join(lines) + "\n"
    return body + "end %d %d\n" % (len(saved.moves), checksum(body))


def from_text(text):
    """Parses a save; SaveError says what is wrong with it."""
    end = text.rfind("end ", 0, len(text) - 1)
    if end < 0 or (end > 0 and text[end - 1] != "\n"):
        raise SaveError("the save is incomplete (no end line)")
    body = text[:end]
    tail = text[end:].split()
    if len(tail) != 3 or not tail[1].isdigit() or not tail[2].isdigit():
        raise SaveError("the save's end line is damaged")
    if int(tail[2]) != checksum(body):
        raise SaveError("the save is damaged (checksum mismatch)")
    lines = body.split("\n")
    head = lines[0].split()
    if len(head) != 2 or head[0] != MAGIC:
        raise SaveError("not a Tholia save")
    if head[1] != str(SAVE_VERSION):
        raise SaveError("save version %s is not supported (this app reads version %d)" % (head[1], SAVE_VERSION))
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
    if len(moves) != int(tail[1]):
        raise SaveError("the save lists %d moves, its end line says %s" % (len(moves), tail[1]))
    for key in ("game", "options", "players", "result"):
        if key not in fields:
            raise SaveError("the save has no '%s' line" % key)
    options = {}
    for word in fields["options"].split():
        name, eq, value = word.partition("=")
        if not eq:
            raise SaveError("bad option '%s' in the save" % word)
        options[name] = value
    return SavedGame(fields["game"], options, fields["players"].split(), moves, fields["result"])


def _path(folder, name):
    return folder + "/" + name


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def ensure_dir(folder):
    if folder and not exists(folder):
        os.mkdir(folder)


def write_safely(folder, name, text):
    """Writes `text` as folder/name so that a power cut at any moment leaves a usable file."""
    ensure_dir(folder)
    base = _path(folder, name)
    with open(base + ".new", "w") as f:
        f.write(text)
    if exists(base):
        _remove(base + ".bak")          # FAT refuses to rename onto an existing file
        os.rename(base, base + ".bak")
    os.rename(base + ".new", base)


def read_text(path):
    with open(path) as f:
        return f.read()


def candidate_paths(folder):
    base = _path(folder, GAME_FILE)
    return (base, base + ".new", base + ".bak")


def load_game(folder, skip=0):
    """(saved, index, messages): the newest usable save from the `skip`-th candidate file on
    (newest first), the index of its file, and one message per bad file passed over.  The app
    calls again with `skip = index + 1` when a save parses but does not replay."""
    messages = []
    paths = candidate_paths(folder)
    for i in range(skip, len(paths)):
        path = paths[i]
        if not exists(path):
            continue
        try:
            return from_text(read_text(path)), i, messages
        except SaveError as e:
            messages.append("%s: %s" % (_label(i), e))
        except (OSError, UnicodeError) as e:
            messages.append("%s: cannot read (%s)" % (_label(i), e))
    return None, len(paths), messages


def _label(index):
    return ("Save", "Unfinished save", "Previous save")[index]


def has_game(folder):
    for path in candidate_paths(folder):
        if exists(path):
            return True
    return False


def save_game(folder, saved):
    write_safely(folder, GAME_FILE, to_text(saved))


def delete_game(folder):
    for path in candidate_paths(folder):
        _remove(path)


def load_settings(folder, defaults):
    """Settings as a dict: `defaults` overlaid with the file's key=value lines (bad lines ignored)."""
    settings = {}
    for key in defaults:
        settings[key] = defaults[key]
    for path in (_path(folder, SETTINGS_FILE), _path(folder, SETTINGS_FILE) + ".new",
                 _path(folder, SETTINGS_FILE) + ".bak"):
        try:
            text = read_text(path)
        except (OSError, UnicodeError):
            continue
        if not text.endswith("end\n"):
            continue   # cut short: try the older copy
        for line in text.split("\n"):
            key, eq, value = line.partition("=")
            if eq and key in defaults:
                settings[key] = value
        break
    return settings


def save_settings(folder, settings):
    text = "".join("%s=%s\n" % (k, settings[k]) for k in sorted(settings)) + "end\n"
    write_safely(folder, SETTINGS_FILE, text)
