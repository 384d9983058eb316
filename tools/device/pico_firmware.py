"""The third-party binaries the Pico tools need, found outside the repository: the stock
MicroPython UF2 for the Raspberry Pi Pico (tools.device.uf2 wraps the app around it; the virtual Pico
boots it) and the RP2040 boot ROM (the virtual Pico runs it).

Where they are looked for, first match wins:
    1. an explicit path (--firmware FILE / --bootrom FILE of the command)
    2. the folder in $THOLIA_FIRMWARE_DIR
    3. ../shared/firmware/ beside this checkout (the project's machines)
    4. the user cache: $XDG_CACHE_HOME/tholia/firmware (default ~/.cache/tholia/firmware)
A folder holds the UF2 under any name ending in `v1.27.0.uf2` with RPI_PICO in it (the project's
build `micropython-v1.27.0-RPI_PICO.uf2`, or the official `RPI_PICO-<date>-v1.27.0.uf2`), and the
boot ROM as `rp2040-bootrom-b1.bin`.  The UF2's version is read from its contents, not its name.
"""
import hashlib
import os
import re
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON_VERSION = "1.27.0"
ENV_DIR = "THOLIA_FIRMWARE_DIR"
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
BOOTROM_SIZE = 16384
UF2_BLOCK = 512
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)  # start 0, start 1, end
UF2_FLAG_FAMILY = 0x2000
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024  # the Pico's W25Q16 flash
FS_OFFSET = 0xA0000  # MicroPython's RPI_PICO filesystem: the firmware is what lies below it
UF2_PAYLOAD = 256  # the RP2040 boot ROM takes 256-byte payloads only
# UF2 has no checksum of its payload: the firmware files whose SHA-256 is known
KNOWN_SHA256 = {
    "7128641012756706f16c6142dec4e821e382aa472cec8219b06ab523e92d65fe":
        "the project's build of MicroPython v1.27.0 (../shared/firmware/README.md)",
}
DOWNLOAD = "https://micropython.org/download/RPI_PICO/ (v%s)" % MICROPYTHON_VERSION
BOOTROM_SOURCE = "built from raspberrypi/pico-bootrom (revision B1), 16,384 bytes"


class FirmwareError(Exception):
    """A missing or wrong firmware file, phrased for the user in one line."""


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tholia" / "firmware"


def search_dirs():
    """The folders looked in, in order (existing or not)."""
    dirs = []
    if os.environ.get(ENV_DIR):
        dirs.append(Path(os.environ[ENV_DIR]))
    dirs.append(ROOT.parent / "shared" / "firmware")
    dirs.append(cache_dir())
    return dirs


def _where():
    return "put it in %s (or set %s to its folder, or pass its path)" % (cache_dir(), ENV_DIR)


def find_uf2(explicit=None):
    """The stock MicroPython UF2's path; FirmwareError saying where to get it when missing."""
    if explicit:
        path = Path(explicit)
        if path.is_dir():
            raise FirmwareError("%s is a folder, not a firmware file" % path)
        if not path.is_file():
            raise FirmwareError("no such firmware file: %s" % path)
        return path
    for folder in search_dirs():
        if folder.is_dir():
            found = sorted(p for p in folder.glob("*v%s*.uf2" % MICROPYTHON_VERSION) if "RPI_PICO" in p.name.upper())
            if found and not found[0].is_file():
                raise FirmwareError("%s is a folder, not the firmware file: move it away or put the .uf2 there"
                                    % found[0])
            if found:
                return found[0]
    raise FirmwareError("the MicroPython v%s firmware for the Raspberry Pi Pico is missing: download the "
                        "RPI_PICO .uf2 from %s and %s" % (MICROPYTHON_VERSION, DOWNLOAD, _where()))


def find_bootrom(explicit=None):
    """The RP2040 boot ROM's path (only the virtual Pico needs it)."""
    if explicit:
        path = Path(explicit)
        if path.is_dir():
            raise FirmwareError("%s is a folder, not a boot ROM file" % path)
        if not path.is_file():
            raise FirmwareError("no such boot ROM file: %s" % path)
    else:
        path = next((d / BOOTROM_NAME for d in search_dirs() if (d / BOOTROM_NAME).is_file()), None)
        if path is None:
            raise FirmwareError("the RP2040 boot ROM %s is missing (%s): %s"
                                % (BOOTROM_NAME, BOOTROM_SOURCE, _where()))
    if path.stat().st_size != BOOTROM_SIZE:
        raise FirmwareError("%s is %d bytes, not an RP2040 boot ROM (%d bytes)"
                            % (path, path.stat().st_size, BOOTROM_SIZE))
    return path


def read_file(path, what):
    """The bytes of `path`; FirmwareError in one line when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise FirmwareError("cannot read the %s %s: %s" % (what, path, e.strerror or e)) from None


def read_uf2(data, name="the UF2"):
    """[(flash address, 256-byte payload)] of an RP2040 UF2 file's blocks, each block checked:
    magic numbers, flags, family, numbered 0..count-1 in order, a page inside the flash, no two
    at one address."""
    if not data or len(data) % UF2_BLOCK:
        raise FirmwareError("%s is not a UF2 file (its size is not a multiple of 512 bytes)" % name)
    count = len(data) // UF2_BLOCK
    blocks = []
    seen = set()
    for number in range(count):
        at = number * UF2_BLOCK
        start0, start1, flags, address, size, numbered, total, family = struct.unpack_from("<8I", data, at)
        end = struct.unpack_from("<I", data, at + UF2_BLOCK - 4)[0]
        where = "%s: block %d (byte %d)" % (name, number, at)
        if (start0, start1, end) != UF2_MAGIC:
            raise FirmwareError("%s is not a UF2 file (bad magic number in block %d at byte %d): the file is damaged"
                                % (name, number, at))
        if flags != UF2_FLAG_FAMILY:
            raise FirmwareError("%s has flags 0x%08x, not 0x%08x (family id only): the file is damaged"
                                % (where, flags, UF2_FLAG_FAMILY))
        if family != RP2040_FAMILY:
            raise FirmwareError("%s is not for the RP2040 (UF2 family 0x%08x)" % (name, family))
        if numbered != number or total != count:
            raise FirmwareError("%s is numbered %d of %d but the file says %d blocks: the file is damaged or cut"
                                % (where, numbered, total, count))
        if size != UF2_PAYLOAD:
            raise FirmwareError("%s has a %d-byte payload, not %d: the file is damaged" % (where, size, UF2_PAYLOAD))
        if address % UF2_PAYLOAD or not FLASH_BASE <= address <= FLASH_BASE + FLASH_SIZE - UF2_PAYLOAD:
            raise FirmwareError("%s writes at 0x%08x, outside the flash's pages (0x%08x-0x%08x): the file is damaged"
                                % (where, address, FLASH_BASE, FLASH_BASE + FLASH_SIZE - 1))
        if address in seen:
            raise FirmwareError("%s overlaps an earlier block at 0x%08x: the file is damaged" % (where, address))
        seen.add(address)
        blocks.append((address, data[at + 32:at + 32 + size]))
    return blocks


def check_contiguous(blocks, name):
    """The firmware (the blocks below the filesystem) is one run of pages from the start of the
    flash: a gap is a lost block."""
    if blocks[0][0] != FLASH_BASE:
        raise FirmwareError("%s starts at 0x%08x, not at the flash's start 0x%08x: the file is damaged"
                            % (name, blocks[0][0], FLASH_BASE))
    firmware = [address for address, _ in blocks if address < FLASH_BASE + FS_OFFSET]
    for number, address in enumerate(firmware):
        if address != FLASH_BASE + number * UF2_PAYLOAD:
            raise FirmwareError("%s has a gap before block %d (0x%08x, expected 0x%08x): the file is damaged"
                                % (name, number, address, FLASH_BASE + number * UF2_PAYLOAD))


def sha256_line(path, data):
    """The firmware file's SHA-256 and what to compare it with (UF2 carries no checksum)."""
    digest = hashlib.sha256(data).hexdigest()
    known = KNOWN_SHA256.get(digest)
    return "firmware %s SHA-256 %s: %s" % (path.name, digest, known or (
        "not the project's build; compare it with the SHA-256 its download page gives (README)"))


def firmware_version(blocks):
    """(version, board) the MicroPython firmware image says it is, e.g. ("1.27.0", "Raspberry Pi Pico")."""
    image = b"".join(payload for _, payload in sorted(blocks))
    version = re.search(rb"MicroPython v(\d+\.\d+\.\d+)[ -]", image)
    board = re.search(rb"; (Raspberry Pi Pico[ A-Za-z0-9]*) with RP2040", image)
    return (version.group(1).decode() if version else None,
            board.group(1).decode().strip() if board else None)


def load_uf2(explicit=None, with_data=False):
    """(path, blocks) of the stock firmware, checked: MicroPython v1.27.0 for the Pico (RP2040);
    (path, blocks, the file's bytes) if `with_data`."""
    path = find_uf2(explicit)
    data = read_file(path, "firmware file")
    blocks = read_uf2(data, str(path))
    check_contiguous(blocks, str(path))
    version, board = firmware_version(blocks)
    if version is None:
        raise FirmwareError("%s does not look like a MicroPython firmware (no version string inside)" % path)
    if version != MICROPYTHON_VERSION:
        raise FirmwareError("%s is MicroPython v%s; Tholia needs v%s (its .mpy files and the tests are made "
                            "for it): download it from %s" % (path, version, MICROPYTHON_VERSION, DOWNLOAD))
    if board != "Raspberry Pi Pico":
        raise FirmwareError("%s is MicroPython for %s, not for the Raspberry Pi Pico (RPI_PICO)"
                            % (path, board or "another board"))
    return (path, blocks, data) if with_data else (path, blocks)
