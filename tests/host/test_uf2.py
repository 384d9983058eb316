"""`make uf2`: the stock MicroPython UF2 found and checked (tools/device/pico_firmware.py), and the one
file to flash (tools/device/uf2.py): the firmware's blocks, then a LittleFS image of the build that
MicroPython's geometry mounts."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools.device import pico_firmware, uf2

ROOT = Path(__file__).resolve().parents[2]


def stock():
    try:
        return pico_firmware.load_uf2()
    except pico_firmware.FirmwareError as e:
        pytest.fail(str(e))  # never skipped: CI must have the firmware


@pytest.fixture
def real_uf2():
    return stock()[0]


@pytest.fixture
def nowhere(tmp_path, monkeypatch):
    """No firmware anywhere: no variable, no ../shared, an empty user cache."""
    monkeypatch.delenv(pico_firmware.ENV_DIR, raising=False)
    monkeypatch.setattr(pico_firmware, "ROOT", tmp_path / "clone")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def test_missing_firmware_says_where_to_get_it_and_where_to_put_it(nowhere):
    with pytest.raises(pico_firmware.FirmwareError) as e:
        pico_firmware.find_uf2()
    message = str(e.value)
    assert "micropython.org/download/RPI_PICO" in message and "v1.27.0" in message
    assert str(nowhere / "cache" / "tholia" / "firmware") in message and "THOLIA_FIRMWARE_DIR" in message
    with pytest.raises(pico_firmware.FirmwareError, match="rp2040-bootrom-b1.bin"):
        pico_firmware.find_bootrom()


def test_the_firmware_is_found_in_the_variables_folder_then_the_user_cache(real_uf2, nowhere, monkeypatch):
    path = real_uf2
    cache = nowhere / "cache" / "tholia" / "firmware"
    cache.mkdir(parents=True)
    (cache / "RPI_PICO-20251209-v1.27.0.uf2").write_bytes(path.read_bytes())
    assert pico_firmware.find_uf2() == cache / "RPI_PICO-20251209-v1.27.0.uf2"
    mine = nowhere / "mine"
    mine.mkdir()
    (mine / path.name).write_bytes(path.read_bytes())
    monkeypatch.setenv(pico_firmware.ENV_DIR, str(mine))
    assert pico_firmware.find_uf2() == mine / path.name


def test_another_micropython_version_is_refused(tmp_path):
    path, _ = stock()
    other = tmp_path / "micropython-v1.27.0-RPI_PICO.uf2"  # the name lies; the contents say 1.26.1
    other.write_bytes(path.read_bytes().replace(b"MicroPython v1.27.0", b"MicroPython v1.26.1"))
    with pytest.raises(pico_firmware.FirmwareError, match=r"is MicroPython v1\.26\.1; Tholia needs v1\.27\.0"):
        pico_firmware.load_uf2(other)
    pico_w = tmp_path / "w.uf2"
    pico_w.write_bytes(path.read_bytes().replace(b"Pi Pico with", b"Pi PicoW wth"))
    with pytest.raises(pico_firmware.FirmwareError, match="not for the Raspberry Pi Pico"):
        pico_firmware.load_uf2(pico_w)
    junk = tmp_path / "junk.uf2"
    junk.write_bytes(b"\0" * 1024)
    with pytest.raises(pico_firmware.FirmwareError, match="not a UF2 file"):
        pico_firmware.load_uf2(junk)


def test_make_uf2_refuses_a_wrong_firmware_in_one_line(tmp_path):
    wrong = tmp_path / "old.uf2"
    wrong.write_bytes(stock()[0].read_bytes().replace(b"MicroPython v1.27.0", b"MicroPython v1.20.0"))
    proc = subprocess.run([sys.executable, "-m", "tools.device.uf2", "--board", "pico_lcd13", "--firmware", str(wrong),
                           "--out", str(tmp_path / "build")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("uf2: ") and "v1.20.0" in proc.stderr
    assert not (tmp_path / "build" / "tholia-pico_lcd13.uf2").exists()


def test_the_uf2_holds_the_firmware_then_a_filesystem_of_the_build(tmp_path):
    from littlefs import LittleFS
    _, firmware = stock()
    path = uf2.make_uf2("pico_lcd13", out_root=tmp_path, log=lambda message: None)
    assert path == tmp_path / "tholia-pico_lcd13.uf2"
    data = path.read_bytes()
    blocks = pico_firmware.read_uf2(data)
    assert blocks[:len(firmware)] == firmware
    assert pico_firmware.load_uf2(path)[1] == blocks  # the virtual Pico's check takes it: no gap in the firmware
    numbers = [int.from_bytes(data[at + 20:at + 24], "little") for at in range(0, len(data), 512)]
    totals = {int.from_bytes(data[at + 24:at + 28], "little") for at in range(0, len(data), 512)}
    assert numbers == list(range(len(blocks))) and totals == {len(blocks)}

    base = pico_firmware.FLASH_BASE + uf2.FS_OFFSET
    image = bytearray(b"\xff" * uf2.FS_BLOCK_SIZE * uf2.FS_BLOCK_COUNT)
    for address, payload in blocks[len(firmware):]:
        assert base <= address < base + len(image) and len(payload) == uf2.PAGE
        image[address - base:address - base + uf2.PAGE] = payload
    fs = LittleFS(block_size=uf2.FS_BLOCK_SIZE, block_count=uf2.FS_BLOCK_COUNT, prog_size=uf2.FS_PROG_SIZE,
                  read_size=uf2.FS_READ_SIZE, mount=False)
    fs.context.buffer[:] = image
    fs.mount()
    build_dir = tmp_path / "pico_lcd13"
    expected = uf2.board_files(build_dir)
    assert "main.py" in expected and "boards/active.mpy" in expected
    for name, content in expected.items():
        with fs.open(name, "rb") as f:
            assert f.read() == content, name
    assert fs.listdir("saves") == []
    assert sorted(fs.listdir("/")) == sorted({name.split("/")[0] for name in expected} | {"saves"})


def test_no_uf2_for_boards_without_the_pico_firmware(tmp_path):
    with pytest.raises(pico_firmware.FirmwareError, match="only pico_lcd13"):
        uf2.make_uf2("odroid_go", out_root=tmp_path, log=lambda message: None)


def _damaged(data, at, value, offset):
    """`data` with the 32-bit header word at `offset` of block `at` set to `value`."""
    out = bytearray(data)
    out[at * 512 + offset:at * 512 + offset + 4] = value.to_bytes(4, "little")
    return bytes(out)


def _damages(data):
    """(what, damaged bytes, the words the refusal must say) for every UF2 field that can break."""
    count = len(data) // 512
    flipped = bytearray(data)
    for at in range(0, count, 7):
        flipped[at * 512 + 4] ^= 0x10  # a byte of the second start magic of every 7th block
    gap = data[:512 * 9] + data[512 * 10:]
    return [
        ("start magic flipped in every 7th block", bytes(flipped), "not a UF2 file"),
        ("first start magic", _damaged(data, 3, 0x0A324656, 0), "not a UF2 file"),
        ("end magic", _damaged(data, 5, 0x0AB16F31, 508), "not a UF2 file"),
        ("flags", _damaged(data, 8, 0x2001, 8), "flags"),
        ("family", _damaged(data, 8, 0xE48BFF57, 28), "family"),
        ("block numbered 99999", _damaged(data, 11, 99999, 20), "numbered 99999"),
        ("block count", _damaged(data, 11, count + 1, 24), "says"),
        ("payload size", _damaged(data, 2, 255, 16), "payload"),
        ("address outside flash", _damaged(data, 12, 0x20000000, 12), "outside the flash"),
        ("address not a page", _damaged(data, 12, 0x10000c80, 12), "outside the flash"),
        ("overlap", _damaged(data, 13, int.from_bytes(data[12 * 512 + 12:12 * 512 + 16], "little"), 12), "overlaps"),
        ("gap", _renumbered(gap), "gap"),
        ("start not at the flash", _damaged(data, 0, 0x10000000 + 256 * count, 12), "0x10000000"),
    ]


def _renumbered(data):
    """`data`'s blocks numbered 0.. again with the right count (so only their addresses are wrong)."""
    out = bytearray(data)
    count = len(data) // 512
    for at in range(count):
        out[at * 512 + 20:at * 512 + 28] = at.to_bytes(4, "little") + count.to_bytes(4, "little")
    return bytes(out)


def test_a_damaged_firmware_is_refused_naming_the_damage(tmp_path, real_uf2):
    damages = _damages(real_uf2.read_bytes())
    assert len(damages) == 13
    for what, data, words in damages:
        path = tmp_path / "micropython-v1.27.0-RPI_PICO.uf2"
        path.write_bytes(data)
        with pytest.raises(pico_firmware.FirmwareError) as e:
            pico_firmware.load_uf2(path)
        assert words in str(e.value) and "\n" not in str(e.value), (what, str(e.value))


def test_make_uf2_refuses_a_damaged_firmware_in_one_line(tmp_path, real_uf2):
    data = bytearray(real_uf2.read_bytes())
    data[11 * 512 + 20:11 * 512 + 24] = (99999).to_bytes(4, "little")
    damaged = tmp_path / "damaged.uf2"
    damaged.write_bytes(bytes(data))
    proc = subprocess.run([sys.executable, "-m", "tools.device.uf2", "--board", "pico_lcd13", "--firmware", str(damaged),
                           "--out", str(tmp_path / "build")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("uf2: ") and "99999" in proc.stderr, proc.stderr
    assert not (tmp_path / "build" / "tholia-pico_lcd13.uf2").exists()


def test_make_uf2_prints_the_firmwares_sha256_to_compare_with_the_download_page(tmp_path, real_uf2):
    import hashlib
    lines = []
    uf2.make_uf2("pico_lcd13", firmware=str(real_uf2), out_root=tmp_path, log=lines.append)
    digest = hashlib.sha256(real_uf2.read_bytes()).hexdigest()
    said = [line for line in lines if digest in line]
    assert len(said) == 1 and "SHA-256" in said[0] and real_uf2.name in said[0], lines
    # a byte of code changed keeps every UF2 field right: only the hash tells
    changed = bytearray(real_uf2.read_bytes())
    changed[7 * 512 + 100] ^= 1
    other = tmp_path / "other.uf2"
    other.write_bytes(bytes(changed))
    lines = []
    uf2.make_uf2("pico_lcd13", firmware=str(other), out_root=tmp_path, log=lines.append)
    assert any(hashlib.sha256(bytes(changed)).hexdigest() in line and "not the" in line for line in lines), lines
    readme = (ROOT / "README.md").read_text()
    assert "sha256sum" in readme and "SHA-256" in readme


def test_a_folder_named_as_the_firmware_is_refused_in_one_line(tmp_path):
    (tmp_path / "fw" / "micropython-v1.27.0-RPI_PICO.uf2").mkdir(parents=True)
    env = dict(os.environ, THOLIA_FIRMWARE_DIR=str(tmp_path / "fw"))
    proc = subprocess.run([sys.executable, "-m", "tools.device.uf2", "--out", str(tmp_path / "build")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert "is a folder, not the firmware file" in proc.stderr and str(tmp_path / "fw") in proc.stderr
    with pytest.raises(pico_firmware.FirmwareError, match="cannot read the firmware file"):
        pico_firmware.read_file(tmp_path / "fw" / "micropython-v1.27.0-RPI_PICO.uf2", "firmware file")
    with pytest.raises(pico_firmware.FirmwareError, match="is a folder, not a firmware file"):
        pico_firmware.load_uf2(tmp_path / "fw")
    with pytest.raises(pico_firmware.FirmwareError, match="is a folder, not a boot ROM file"):
        pico_firmware.find_bootrom(tmp_path / "fw")
