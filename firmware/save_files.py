# The save files (firmware/saves.py has the rest: loading a save, the settings): a save's text,
# the power-cut-safe write and the checked read.  The app holds only this module while a game is
# played; saves.py is imported with the menus.
#
# A save is text: the game name, its options, who plays each side, and the moves in notation,
# one per line, and a last line with the move count and a checksum (a file cut short by a power
# loss is detected).  The new text goes to `<name>.new`, then the current file becomes
# `<name>.bak` and the new one takes its place.
import os

SAVE_VERSION = 1
MAGIC = "THOLIA-SAVE"
GAME_FILE = "game"          # the one autosaved game (Continue)
# Longer than any real save (the longest of 12,840 whole random games of `make soak` was a
# Tholian Go save of 26,728 bytes), far shorter than garbage that would fill the device's heap.
MAX_FILE_BYTES = 65536


class SaveError(ValueError):
    """A save file that cannot be used, with a reason a player can read."""


class SavedGame:
    """What a save holds; `moves` are the decisions in notation, in order."""

    def __init__(self, game, options, players, moves, result=""):
        self.game = game
        self.options = options    # dict str -> str
        self.players = players    # e.g. ["human", "ai-normal"] (firmware/app.py ai_player)
        self.moves = moves        # list of str
        self.result = result      # "" while the board decides, "resign 0", "draw agreed"


def checksum(text):
    """Adler-style sum of the text (ASCII: read_text refuses other bytes): cheap, and a truncated
    or garbled file fails it.  Summed over its bytes, not its characters: MicroPython makes each
    character of a str it iterates an interned string, so every save interned each character new
    to the game's text, for good (the device's pools of interned names double when full)."""
    a = 1
    b = 0
    for byte in text.encode():
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def seal(body, count):
    """`body` (whole lines) with the end line that lets unseal() check it."""
    return body + "end %d %d\n" % (count, checksum(body))


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
    return seal("\n".join(lines) + "\n", len(saved.moves))


def path_of(folder, name):
    return folder + "/" + name


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass


def ensure_dir(folder):
    if folder and not exists(folder):
        os.mkdir(folder)


def write_safely(folder, name, text):
    """Writes `text` as folder/name so that a power cut at any moment leaves a usable file.
    Binary, so the bytes are the same on every system (no "\r\n" on Windows)."""
    ensure_dir(folder)
    base = path_of(folder, name)
    try:
        write_new(base, text)
    except OSError:
        # A full flash: the files that may go make room (the current file stays), then once more.
        remove_quietly(path_of(folder, GAME_FILE) + ".kept")
        remove_quietly(base + ".bak")
        write_new(base, text)
    if exists(base):
        remove_quietly(base + ".bak")          # FAT refuses to rename onto an existing file
        os.rename(base, base + ".bak")
    os.rename(base + ".new", base)


def write_new(base, text):
    """`text` as base.new; a failed write leaves no .new (an empty one would be a damaged save)."""
    try:
        with open(base + ".new", "wb") as f:
            f.write(text.encode())
    except Exception:
        remove_quietly(base + ".new")
        raise


def read_text(path):
    """The file's text; SaveError when it is longer than any file the app writes (checked
    before reading: garbage must not fill the heap) or is not ASCII (the 8x8 font draws a
    control character as one box, and no parsing here splits at one)."""
    size = os.stat(path)[6]
    if size > MAX_FILE_BYTES:
        raise SaveError("the file is too big (%d bytes; the app writes at most %d)" % (size, MAX_FILE_BYTES))
    with open(path, "rb") as f:
        # The file's size (at most MAX_FILE_BYTES, checked above) and one byte more, so a file
        # that grew since is refused below: a read of MAX_FILE_BYTES + 1 takes that block from
        # the heap at once, which may not be there after Save and quit.
        data = f.read(size + 1)
    if len(data) > MAX_FILE_BYTES:
        raise SaveError("the file is too big (over %d bytes)" % MAX_FILE_BYTES)
    if data and max(data) > 126:   # in C on both VMs: no copy, no loop in Python
        raise SaveError("the file is damaged (it holds a byte that is not plain text)")
    return data.decode()


def save_game(folder, saved):
    """Autosaves `saved`; SaveError when the game has grown too long for a save."""
    text = to_text(saved)
    if len(text) > MAX_FILE_BYTES:
        raise SaveError("the game is too long to save (%d bytes; a save holds %d)" % (len(text), MAX_FILE_BYTES))
    write_safely(folder, GAME_FILE, text)
