"""One file to flash: `make uf2 BOARD=pico_lcd13` = python -m tools.device.uf2 --board pico_lcd13.

    build/tholia-<profile>.uf2   the stock MicroPython v1.27.0 UF2 (tools/device/pico_firmware.py
                                 says where it is found) followed by a LittleFS image of the
                                 board's build (tools.device.build: main.py, the .mpy files) and an
                                 empty save folder, at the filesystem's flash address.  It sits
                                 beside build/<profile>/, not in it: that folder is what
                                 `make flash` copies onto the board.

Hold BOOTSEL, plug the Pico in and drag the file onto the RPI-RP2 drive: it boots into Tholia.
The image is the Pico's whole filesystem, as MicroPython v1.27.0 lays it out on the RPI_PICO
board (LittleFS v2, 352 blocks of 4096 bytes from flash offset 0xA0000, prog size 256), so a
re-flash of this file also replaces the saves: to update an installed Tholia and keep them,
use `make flash` (tools/device/flash.py copies only the app's changed files).
"""
import argparse
import struct
import sys
from pathlib import Path

from desktop_sim import profiles
from tools.device.pico_firmware import (FLASH_BASE, FS_OFFSET, RP2040_FAMILY, UF2_BLOCK, UF2_FLAG_FAMILY, UF2_MAGIC,
                                 FirmwareError, load_uf2, sha256_line)

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = "RPI_PICO"  # the stock MicroPython this UF2 is made of: for boards whose FIRMWARE says so
# MicroPython's RPI_PICO filesystem: geometry of its LittleFS (flash offset: FS_OFFSET)
FS_BLOCK_SIZE = 4096
FS_BLOCK_COUNT = 352
FS_PROG_SIZE = 256
FS_READ_SIZE = 32  # MicroPython's vfs.VfsLfs2 defaults
FS_LOOKAHEAD = 32
PAGE = 256  # UF2 payload per block


def filesystem_image(files, dirs=()):
    """The bytes of a LittleFS image holding `files` ({path: bytes}) and the empty folders `dirs`."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=FS_BLOCK_SIZE, block_count=FS_BLOCK_COUNT, prog_size=FS_PROG_SIZE,
                  read_size=FS_READ_SIZE, lookahead_size=FS_LOOKAHEAD)
    for path in sorted(dirs):
        fs.makedirs(path, exist_ok=True)
    for path in sorted(files):
        parent = path.rsplit("/", 1)[0] if "/" in path else ""
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def image_pages(image, base):
    """(flash address, page) of every page of the image's used blocks: a block with data goes
    whole (LittleFS must not find stale commits after its own in a block), an erased one not at
    all (LittleFS erases a block before it uses it)."""
    pages = []
    for block in range(0, len(image), FS_BLOCK_SIZE):
        chunk = image[block:block + FS_BLOCK_SIZE]
        if chunk.count(0xFF) != len(chunk):
            pages += [(base + block + at, chunk[at:at + PAGE]) for at in range(0, len(chunk), PAGE)]
    return pages


def write_uf2(pages):
    """UF2 bytes of [(flash address, payload up to 256 bytes)], numbered in order."""
    out = bytearray()
    for number, (address, payload) in enumerate(pages):
        block = struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], UF2_FLAG_FAMILY, address, PAGE, number, len(pages),
                            RP2040_FAMILY)
        block += bytes(payload).ljust(PAGE, b"\0").ljust(UF2_BLOCK - 32 - 4, b"\0")
        out += block + struct.pack("<I", UF2_MAGIC[2])
    return bytes(out)


def board_files(fs_dir):
    return {p.relative_to(fs_dir).as_posix(): p.read_bytes() for p in sorted(fs_dir.rglob("*")) if p.is_file()}


def make_uf2(profile, firmware=None, out_root=None, log=print):
    """Builds the profile and writes its UF2; returns its path."""
    from tools.device.build import build
    pico_boards = [name for name in profiles.names() if getattr(profiles.load(name), "FIRMWARE", None) == FIRMWARE]
    if profile not in pico_boards:
        raise FirmwareError("no UF2 for %s: only %s run the %s firmware (use make flash)"
                            % (profile, ", ".join(pico_boards), FIRMWARE))
    loaded = load_uf2(firmware)
    fw_path, fw_blocks = loaded[0], loaded[1]
    fw_data = fw_path.read_bytes()
    if any(address + len(payload) > FLASH_BASE + FS_OFFSET for address, payload in fw_blocks):
        raise FirmwareError("%s reaches into the filesystem at 0x%08x" % (fw_path, FLASH_BASE + FS_OFFSET))
    result = build(profile, out_root=out_root, log=log)
    board = profiles.load(profile)
    image = filesystem_image(board_files(result.fs_dir), [board.SAVE_DIR.strip("/")])
    fs_pages = image_pages(image, FLASH_BASE + FS_OFFSET)
    data = write_uf2(list(fw_blocks) + fs_pages)
    # the build folder is the board's filesystem: keep the UF2 beside it, not in it
    out = result.fs_dir.parent / ("tholia-%s.uf2" % profile)
    out.write_bytes(data)
    log("uf2: %s: MicroPython v1.27.0 (%s, %d KB) + filesystem (%d files, %d of %d blocks) = %d KB"
        % (out.relative_to(ROOT) if out.is_relative_to(ROOT) else out, fw_path.name, len(fw_blocks) // 4,
           len(result.files), len(fs_pages) * PAGE // FS_BLOCK_SIZE, FS_BLOCK_COUNT, len(data) // 1024))
    log("uf2: " + sha256_line(fw_path, fw_data))
    log("uf2: dragging it onto a Pico (BOOTSEL) installs MicroPython and Tholia and replaces the whole "
        "filesystem, saves included; to update an installed Tholia and keep the saves: make flash")
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.device.uf2", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--board", default="pico_lcd13", help="board profile (default pico_lcd13)")
    parser.add_argument("--firmware", help="the stock MicroPython v1.27.0 RPI_PICO .uf2 (default: looked up)")
    parser.add_argument("--out", help="build folder (default build/)")
    args = parser.parse_args(argv)
    from tools.device.build import BuildError
    try:
        make_uf2(args.board, args.firmware, args.out)
    except (FirmwareError, BuildError) as e:
        print("uf2: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
