# Runs one board profile's setup() under the MicroPython VM against the fake `machine` and
# prints what the display and the app would see, as `@@ <step> <json>` lines for
# tests/host/test_drivers.py.   node tools/vm/mpyvm.mjs --mount ... drive_board.py BOARD
import gc
import json
import sys

sys.path.insert(0, "/lib")
import machine  # noqa: E402  (the fake, from /lib)

BOARD = ARGV[1]  # noqa: F821  (set by tools/vm/mpyvm.mjs)
module = __import__("boards." + BOARD, None, None, ["setup"])
if module.DRIVER == "ssd1306":
    pass
else:
    machine.DC_PIN = module.DC
    machine.CS_PIN = module.CS

from firmware import device_hal, palette  # noqa: E402,F401
from firmware.drivers import rgb565_panel, ssd1306, st7789, ili9341  # noqa: E402,F401


def dump(step):
    out = []
    for t in machine.TRANSACTIONS:
        if t[0] == "spi":
            out.append(["spi", t[1], bytes(t[2]).hex()])
        else:
            out.append(["i2c", t[1], t[2].hex()])
    print("@@ %s %s" % (step, json.dumps({"tx": out, "pins": machine.PIN_WRITES,
                                          "errors": machine.ERRORS})))
    machine.TRANSACTIONS[:] = []
    machine.PIN_WRITES[:] = []


gc.collect()
before = gc.mem_alloc()
hw = module.setup()
gc.collect()
print("@@ heap %s" % json.dumps({"setup_bytes": gc.mem_alloc() - before,
                                 "fb_bytes": len(hw._display.buffer)}))
print("@@ hw %s" % json.dumps({"name": hw.name, "width": hw.width, "height": hw.height,
                               "color": hw.color, "buttons": list(hw.buttons)}))
# The clocks as the RP2040's firmware would leave them (the fake models the RP2040's SPI).
print("@@ clocks %s" % json.dumps({"sys": machine.CLOCKS["sys"], "peri": machine.CLOCKS["peri"],
                                   "spi_hz": getattr(getattr(hw._display, "spi", None), "baudrate", None)}))
dump("init")
# The heap's low-water mark: the lowest free heap after a collection among the app's reports.
first = device_hal.heap_low
hw.report_heap(0)
after_one = device_hal.heap_low
garbage = bytearray(4096)
hw.report_heap(0)
print("@@ heap_low %s" % json.dumps({"first": first, "after_one": after_one, "kept": device_hal.heap_low,
                                     "free_now": gc.mem_free()}))
del garbage

fb = hw.fb
W = hw.width
H = hw.height
if hw.color:
    fb.fill(palette.RED)
    fb.pixel(0, 0, palette.WHITE)
    fb.pixel(W - 1, H - 1, palette.BLUE)
else:
    fb.fill(0)
    fb.pixel(0, 0, 1)
    fb.pixel(W - 1, H - 1, 1)
    fb.hline(0, 9, W, 1)
hw.show()
dump("full")
# A strip with every colour index, at odd and even x: partial updates must expand nibbles right.
for i in range(16):
    fb.pixel(10 + i, 20, i)
    fb.pixel(11 + i, 21, 15 - i)
hw.show(10, 20, 16, 1)
dump("line_even")
hw.show(11, 21, 16, 2)
dump("line_odd")
hw.show(W - 10, H - 3, 20, 20)
dump("clipped")
hw.show(-5, -5, 3, 3)
dump("outside")

events = []
now = [0]
buttons = device_hal.Buttons(hw.buttons, hw._buttons._read, lambda: now[0], lambda a, b: a - b)


def step(ms):
    now[0] += ms
    events.append([now[0], buttons.poll()])


pins = getattr(module, "BUTTON_PINS")
if isinstance(pins, dict):
    a_pin = pins["a"]
else:
    a_pin = pins[hw.buttons.index("a")]
step(10)
machine.Pin.levels[a_pin] = 0            # press A (active low)
step(10)
machine.Pin.levels[a_pin] = 1            # a bounce inside the debounce time is ignored
step(5)
machine.Pin.levels[a_pin] = 0
step(30)
machine.Pin.levels[a_pin] = 1
step(30)
if BOARD == "odroid_go":
    machine.ADC.raw[module.AXIS_Y] = 4095    # up
    machine.ADC.raw[module.AXIS_X] = 1800    # right
else:
    machine.Pin.levels[pins[0]] = 0          # up
for _ in range(12):
    step(50)
print("@@ buttons %s" % json.dumps(events))

if BOARD == "pico_lcd13":
    # The pins' edge log: four presses of down back to back (released 1 ms between them), all
    # between two polls, as when the app sends a screen update.
    machine.Pin.levels[pins[0]] = 1
    clock = [0]
    log = device_hal.PinEdges([machine.Pin(n) for n in pins], lambda: clock[0])
    edged = device_hal.Buttons(hw.buttons, hw._buttons._read, lambda: clock[0], lambda a, b: a - b, edges=log)
    down = pins[hw.buttons.index("down")]

    def level(at, value):
        clock[0] = at
        machine.Pin.levels[down] = value
        machine.Pin.handlers[down](machine.Pin(down))

    clock[0] = 100
    seen = edged.poll()
    for k in range(4):
        level(200 + 100 * k, 0)
        level(299 + 100 * k, 1)
    clock[0] = 650
    seen += edged.poll()
    print("@@ edges %s" % json.dumps(seen))

if BOARD == "pico_lcd13":
    # Each rotation's MADCTL and window offsets: the 240 visible rows are at one end of the
    # ST7789's 320 rows of RAM.
    spi = machine.SPI(1)
    for rotation in range(4):
        panel = st7789.ST7789(spi, machine.Pin(module.DC), machine.Pin(module.CS), None, 240, 240,
                              rotation)
        panel.show(0, 0, 1, 1)
        dump("rotation%d" % rotation)

# A sound cue: the speaker's PWM tone starts, its timer ends it.
if hw.speaker:
    from firmware.hw_base import CUE_WIN
    hw.cue(CUE_WIN)
    started = list(machine.PWM.SOUNDS)
    hw._speaker.timer.fire()
    print("@@ cue %s" % json.dumps({"started": started, "ended": machine.PWM.SOUNDS[len(started):],
                                    "periods": machine.Timer.TIMERS, "low": machine.Pin.outputs.get(25)}))
else:
    print("@@ cue %s" % json.dumps({"silent": True}))
