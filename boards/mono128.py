# Any MicroPython board with an SSD1306 128x64 mono OLED on I2C and six buttons to ground.
# Pins are set here; the defaults suit a Raspberry Pi Pico (I2C0 on GP4/GP5).
NAME = "mono128"
WIDTH = 128
HEIGHT = 64
COLOR = False
DRIVER = "ssd1306"
ROTATION = 0                       # 2: the module is mounted upside down
MARCH = "armv6m"                   # mpy-cross's chip: any board; the Pico is the default

I2C_ID = 0
SDA = 4
SCL = 5
I2C_FREQ = 400_000
I2C_ADDR = 0x3C

BUTTONS = ("up", "down", "left", "right", "a", "b")
BUTTON_PINS = (10, 11, 12, 13, 14, 15)

SAVE_DIR = "/saves"
LAYER = True                       # a second framebuffer for the board's fixed drawing: 1,024 B

# The simulator's picture (desktop_sim/skin.py): a bare module, the OLED on top, the d-pad and
# A / B below, in a fixed 140-pixel square each, 10 pixels in from the sides.
SKIN_LAYOUT = "below"
SKIN_COLOUR = (34, 40, 52)
SKIN_CONTROLS = 140
SKIN_INSET = 10
SKIN_MIN_WIDTH = 420


def setup():
    from machine import I2C, Pin

    from firmware.device_hal import Buttons, Hw, pin_reader
    from firmware.drivers.ssd1306 import SSD1306

    i2c = I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_FREQ)
    display = SSD1306(i2c, WIDTH, HEIGHT, I2C_ADDR, ROTATION)
    pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in BUTTON_PINS]
    return Hw(NAME, display, Buttons(BUTTONS, pin_reader(pins)), SAVE_DIR, LAYER)
