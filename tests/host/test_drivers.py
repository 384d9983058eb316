"""Display drivers, board profiles and buttons, run under the real MicroPython VM (real C
framebuf) against a fake `machine` that decodes what the panel receives
(tests/host/fake_machine/).  The expected bytes are computed here independently: each GS4
pixel's palette colour as big-endian RGB565, each MONO_VLSB page as it is."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "desktop_sim/shim"))

from desktop_sim.framebuf import GS4_HMSB, MONO_VLSB, FrameBuffer  # noqa: E402
from firmware import palette  # noqa: E402

_runs = {}


def run_board(board, tmp_path_factory):
    if board not in _runs:
        out_path = tmp_path_factory.mktemp(board) / "out.txt"
        with open(out_path, "w") as out:  # a file: node's exit drops output queued for a pipe
            proc = subprocess.run(
                ["node", "tools/vm/mpyvm.mjs", "--mount", "firmware:/firmware", "--mount",
                 "boards:/boards", "--mount", "tests/host/fake_machine:/lib",
                 "tests/host/fake_machine/drive_board.py", board],
                cwd=ROOT, stdout=out, stderr=subprocess.PIPE, text=True, timeout=120)
        text = out_path.read_text()
        assert proc.returncode == 0, text[-3000:] + proc.stderr
        steps = {}
        for line in text.splitlines():
            if line.startswith("@@ "):
                _, step, payload = line.split(" ", 2)
                steps[step] = json.loads(payload)
        _runs[board] = steps
    return _runs[board]


@pytest.fixture(scope="module")
def pico(tmp_path_factory):
    return run_board("pico_lcd13", tmp_path_factory)


@pytest.fixture(scope="module")
def odroid(tmp_path_factory):
    return run_board("odroid_go", tmp_path_factory)


@pytest.fixture(scope="module")
def mono(tmp_path_factory):
    return run_board("mono128", tmp_path_factory)


def commands(step):
    """[(command, data bytes)] of an SPI step, checking the fake saw no protocol error."""
    assert step["errors"] == []
    return [(cmd, bytes.fromhex(data)) for kind, cmd, data in step["tx"] if kind == "spi"]


def i2c_writes(step):
    assert step["errors"] == []
    return [bytes.fromhex(data) for kind, addr, data in step["tx"] if kind == "i2c" and addr == 0x3C]


def drawn_like_drive_board(width, height, color, strip=True):
    """The same drawing as tests/host/fake_machine/drive_board.py, on the CPython framebuf:
    before its full-frame show(), or (strip) before the partial ones."""
    if color:
        buf = bytearray(width * height // 2)
        fb = FrameBuffer(buf, width, height, GS4_HMSB)
        fb.fill(palette.RED)
        fb.pixel(0, 0, palette.WHITE)
        fb.pixel(width - 1, height - 1, palette.BLUE)
    else:
        buf = bytearray(width * height // 8)
        fb = FrameBuffer(buf, width, height, MONO_VLSB)
        fb.pixel(0, 0, 1)
        fb.pixel(width - 1, height - 1, 1)
        fb.hline(0, 9, width, 1)
    for i in range(16 if strip else 0):
        fb.pixel(10 + i, 20, i)
        fb.pixel(11 + i, 21, 15 - i)
    return fb, buf


def rgb565_big_endian(fb, x, y, w, h):
    out = bytearray()
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            value = palette.rgb565(fb.pixel(xx, yy))
            out += bytes((value >> 8, value & 0xFF))
    return bytes(out)


def window(x1, x2, y1, y2):
    return [(0x2A, bytes((x1 >> 8, x1 & 0xFF, x2 >> 8, x2 & 0xFF))),
            (0x2B, bytes((y1 >> 8, y1 & 0xFF, y2 >> 8, y2 & 0xFF)))]


def test_pico_lcd13_profile(pico):
    assert pico["hw"] == {"name": "pico_lcd13", "width": 240, "height": 240, "color": True,
                          "buttons": ["up", "down", "left", "right", "select", "a", "b", "x", "y"]}


def test_pico_lcd13_runs_its_spi_at_the_clock_it_asks(pico):
    # MicroPython v1.27 leaves clk_peri on the 48 MHz USB PLL (the SPI at 24 MHz at most): the
    # board's setup() feeds it from clk_sys, and the SPI runs at 62.5 MHz (125 MHz / 2).
    from boards import pico_lcd13
    assert pico["clocks"] == {"sys": 125_000_000, "peri": 125_000_000, "spi_hz": 62_500_000}
    assert pico_lcd13.SPI_BAUDRATE == pico["clocks"]["spi_hz"]


def test_the_heap_low_water_mark_keeps_the_lowest_free_heap_the_app_reported(pico):
    low = pico["heap_low"]
    assert low["first"] == 1 << 30  # nothing reported yet
    assert low["kept"] <= low["after_one"] - 4096  # a 4 KB bytearray still alive lowers it
    assert abs(low["kept"] - low["free_now"]) < 1024


def test_st7789_init_sequence_and_reset(pico):
    init = pico["init"]
    assert commands(init) == [(0x01, b""), (0x11, b""), (0x3A, b"\x55"), (0x36, b"\x60"),
                              (0x21, b""), (0x13, b""), (0x29, b"")]
    assert init["pins"][0] == [13, 1]                       # backlight on first
    reset = [level for gpio, level in init["pins"] if gpio == 12]
    assert reset == [1, 0, 1]                               # a hardware reset pulse


def test_st7789_full_frame_is_big_endian_rgb565_of_the_palette(pico):
    fb, _ = drawn_like_drive_board(240, 240, True, strip=False)
    sent = commands(pico["full"])
    assert sent[:2] == window(0, 239, 0, 239)
    assert sent[2][0] == 0x2C and len(sent) == 3
    pixels = sent[2][1]
    assert len(pixels) == 240 * 240 * 2
    # Byte order: WHITE at (0,0), RED elsewhere, BLUE at the far corner, high byte first.
    red = palette.rgb565(palette.RED)
    assert pixels[:4] == b"\xff\xff" + bytes((red >> 8, red & 0xFF))
    assert pixels == rgb565_big_endian(fb, 0, 0, 240, 240)


def test_st7789_partial_windows_expand_one_gs4_line(pico):
    fb, _ = drawn_like_drive_board(240, 240, True)
    even = commands(pico["line_even"])
    assert even[:2] == window(10, 25, 20, 20)
    assert even[2] == (0x2C, rgb565_big_endian(fb, 10, 20, 16, 1))
    # every palette colour in order, at an even x
    assert even[2][1] == b"".join(bytes((palette.rgb565(i) >> 8, palette.rgb565(i) & 0xFF))
                                  for i in range(16))
    odd = commands(pico["line_odd"])                        # starts on an odd x: low nibble
    assert odd[:2] == window(11, 26, 21, 22)
    assert odd[2] == (0x2C, rgb565_big_endian(fb, 11, 21, 16, 2))


def test_show_clips_to_the_screen(pico):
    fb, _ = drawn_like_drive_board(240, 240, True)
    clipped = commands(pico["clipped"])                     # show(230, 237, 20, 20)
    assert clipped[:2] == window(230, 239, 237, 239)
    assert clipped[2] == (0x2C, rgb565_big_endian(fb, 230, 237, 10, 3))
    assert commands(pico["outside"]) == []


def test_st7789_rotations_and_ram_offsets(pico):
    expected = {0: (0x00, 0, 0), 1: (0x60, 0, 0), 2: (0xC0, 0, 80), 3: (0xA0, 80, 0)}
    for rotation, (madctl, dx, dy) in expected.items():
        sent = commands(pico["rotation%d" % rotation])
        assert (0x36, bytes((madctl,))) in sent
        assert sent[-3:-1] == window(dx, dx, dy, dy)


def test_pin_buttons_debounce_and_repeat(pico):
    events = {t: evs for t, evs in pico["buttons"]}
    assert events[20] == [[1, "a"]]                         # press accepted at once
    assert events[25] == [] and events[55] == []            # a bounce 5 ms later is ignored
    assert events[85] == [[2, "a"]]
    assert events[135] == [[1, "up"]]
    repeats = [t for t, evs in pico["buttons"] if [3, "up"] in evs]
    assert repeats == [535, 685]                            # after 400 ms, then every 120 ms
    assert all(evs == [] for t, evs in pico["buttons"] if t not in (20, 85, 135, 535, 685))


def test_pin_edges_see_presses_back_to_back_between_two_polls(pico):
    assert pico["edges"] == [[1, "down"], [2, "down"]] * 4


def test_odroid_go_ili9341(odroid):
    assert odroid["hw"]["width"] == 320 and odroid["hw"]["height"] == 240
    assert odroid["hw"]["buttons"] == ["up", "down", "left", "right", "a", "b", "menu",
                                       "select", "start"]
    sent = commands(odroid["init"])
    names = [cmd for cmd, _ in sent]
    assert names[0] == 0x01 and names[-2:] == [0x11, 0x29]
    assert (0x3A, b"\x55") in sent and (0x36, b"\xa8") in sent
    assert (0xC0, b"\x23") in sent and (0xC5, b"\x3e\x28") in sent
    assert [gpio for gpio, _ in odroid["init"]["pins"]].count(14) == 1  # backlight; no RST pin
    fb, _ = drawn_like_drive_board(320, 240, True, strip=False)
    full = commands(odroid["full"])
    assert full[:2] == window(0, 319, 0, 239)
    assert full[2] == (0x2C, rgb565_big_endian(fb, 0, 0, 320, 240))
    fb, _ = drawn_like_drive_board(320, 240, True)
    odd = commands(odroid["line_odd"])
    assert odd[2] == (0x2C, rgb565_big_endian(fb, 11, 21, 16, 2))


def test_odroid_go_analog_dpad(odroid):
    events = {t: evs for t, evs in odroid["buttons"]}
    assert events[20] == [[1, "a"]] and events[85] == [[2, "a"]]
    # Y at 4095 is up, X at 1800 is right (calibrated at rest near 0).
    assert sorted(events[135]) == [[1, "right"], [1, "up"]]
    assert sorted(events[535]) == [[3, "right"], [3, "up"]]


def test_ssd1306_init_and_pages(mono):
    assert mono["hw"]["color"] is False and mono["hw"]["buttons"] == ["up", "down", "left",
                                                                       "right", "a", "b"]
    init = i2c_writes(mono["init"])
    assert all(w[0] == 0x80 and len(w) == 2 for w in init)
    cmds = [w[1] for w in init]
    assert cmds[0] == 0xAE and cmds[-1] == 0xAF
    assert cmds[cmds.index(0xA8) + 1] == 63                 # multiplex: 64 rows
    assert cmds[cmds.index(0x8D) + 1] == 0x14               # charge pump on
    assert cmds[cmds.index(0x20) + 1] == 0x00               # horizontal addressing
    _, buf = drawn_like_drive_board(128, 64, False)
    full = i2c_writes(mono["full"])
    assert [w[1] for w in full[:6]] == [0x21, 0, 127, 0x22, 0, 7]
    pages = full[6:]
    assert len(pages) == 8 and all(p[0] == 0x40 for p in pages)
    _, before_strip = drawn_like_drive_board(128, 64, False, strip=False)
    assert b"".join(p[1:] for p in pages) == bytes(before_strip)   # the buffer as it is
    line = i2c_writes(mono["line_even"])                     # show(10, 20, 16, 1): page 2 only
    assert [w[1] for w in line[:6]] == [0x21, 10, 25, 0x22, 2, 2]
    assert line[6] == b"\x40" + bytes(buf[2 * 128 + 10:2 * 128 + 26])
    clipped = i2c_writes(mono["clipped"])                   # show(118, 61, 20, 20)
    assert [w[1] for w in clipped[:6]] == [0x21, 118, 127, 0x22, 7, 7]
    assert i2c_writes(mono["outside"]) == []


def test_framebuffer_memory_per_profile(pico, odroid, mono):
    """GS4 on colour screens, MONO_VLSB on mono; the whole display layer stays small."""
    assert pico["heap"]["fb_bytes"] == 240 * 240 // 2 == 28800
    assert odroid["heap"]["fb_bytes"] == 320 * 240 // 2 == 38400
    assert mono["heap"]["fb_bytes"] == 128 * 64 // 8 == 1024
    # framebuffer + 8-row RGB565 band + objects (measured with gc.mem_alloc() under the VM),
    # on the ODROID-GO with its speaker's driver and timer
    assert pico["heap"]["setup_bytes"] < 28800 + 3840 + 6000
    assert odroid["heap"]["setup_bytes"] < 38400 + 5120 + 8000 + 2000
    assert mono["heap"]["setup_bytes"] < 1024 + 6000
    print({k: v["heap"] for k, v in (("pico_lcd13", pico), ("odroid_go", odroid),
                                      ("mono128", mono))})


def test_analog_axis_calibrates_its_rest_value():
    from firmware.device_hal import AnalogAxis
    readings = [900] * 8          # this unit rests at 900, not near 0
    axis = AnalogAxis(lambda: readings.pop(0) if readings else value[0], 3072, 1024)
    assert axis.rest == 900
    value = [1100]
    assert axis.direction() == 0  # within the margin of rest: released, though above mid_min
    value[0] = 1800
    assert axis.direction() == -1
    value[0] = 4095
    assert axis.direction() == 1
    value[0] = 950
    assert axis.direction() == 0


def test_odroid_go_sounds_a_cue_on_its_speaker_and_ends_it(odroid, pico, mono):
    from firmware.hw_base import CUE_TONES, CUE_WIN
    freq, ms = CUE_TONES[CUE_WIN]
    cue = odroid["cue"]
    assert cue["started"] == [[26, freq, 16384]] and cue["periods"] == [ms]
    assert cue["ended"] == [[26, freq, 0]] and cue["low"] == 0
    assert pico["cue"] == {"silent": True} and mono["cue"] == {"silent": True}
