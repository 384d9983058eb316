# ODROID-GO: ESP32 with an ILI9341 320x240 on SPI (shared with the SD card), an analog d-pad
# (two ADC axes) and buttons, all active low.
NAME = "odroid_go"
WIDTH = 320
HEIGHT = 240
COLOR = True
DRIVER = "ili9341"
# Landscape as the ODROID-GO's own firmware sets its panel: MADCTL = MY | MV | BGR (the byte
# itself, see firmware/drivers/ili9341.py), odroid-go-firmware's ili9341 init; Adafruit's
# landscape (rotation 1, 0x28) lacks MY. Not yet checked on a real ODROID-GO.
ROTATION = 0xA8
MARCH = "xtensawin"                # mpy-cross's chip: ESP32

SPI_ID = 2                         # VSPI
SPI_BAUDRATE = 40_000_000
MISO = 19
MOSI = 23
SCK = 18
CS = 5
DC = 21
BACKLIGHT = 14

# The d-pad: X on GPIO34, Y on GPIO35, read as 12-bit values at 11 dB attenuation (0-3.3 V).
# Released they read near 0 (measured at start-up: firmware/device_hal.py AnalogAxis); pushed
# up or left near 4095; down or right about 1800.  Thresholds as in the ODROID-GO's own
# firmware (go-play's odroid_input.c: above 3072, above 1024).
AXIS_X = 34
AXIS_Y = 35
AXIS_HIGH_MIN = 3072
AXIS_MID_MIN = 1024

BUTTONS = ("up", "down", "left", "right", "a", "b", "menu", "select", "start")
BUTTON_PINS = {"a": 32, "b": 33, "menu": 13, "select": 27, "start": 39}  # VOLUME (0): unused

# The speaker's amplifier inputs: + on GPIO26, - on GPIO25 (held low), a tone by PWM on +.
# Not yet checked on a real ODROID-GO.
SPEAKER = True
SPEAKER_PIN = 26
SPEAKER_LOW_PIN = 25

SAVE_DIR = "/saves"
# No second framebuffer for the board's fixed drawing: 38,400 B more would leave too little of
# an ESP32's ~112 KB heap (without PSRAM) for a game and its AI.
LAYER = False

# The simulator's picture (desktop_sim/skin.py): portrait, the screen on top, the MENU / SELECT /
# START row under it, the d-pad and A / B below.
SKIN_LAYOUT = "below"
SKIN_COLOUR = (196, 198, 204)
SKIN_PILLS = ("menu", "select", "start")


def setup():
    from machine import ADC, SPI, Pin

    from firmware.device_hal import AnalogAxis, Buttons, Hw, pin_reader
    from firmware.drivers.ili9341 import ILI9341

    Pin(BACKLIGHT, Pin.OUT).value(1)
    spi = SPI(SPI_ID, baudrate=SPI_BAUDRATE, sck=Pin(SCK), mosi=Pin(MOSI), miso=Pin(MISO))
    display = ILI9341(spi, Pin(DC, Pin.OUT), Pin(CS, Pin.OUT), None, WIDTH, HEIGHT, ROTATION)

    def axis(gpio):
        adc = ADC(Pin(gpio), atten=ADC.ATTN_11DB)
        return AnalogAxis(lambda: adc.read_u16() >> 4, AXIS_HIGH_MIN, AXIS_MID_MIN)

    x_axis = axis(AXIS_X)
    y_axis = axis(AXIS_Y)
    # GPIO39 is input-only without a pull-up: the board has its own pull-ups on every key.
    keys = pin_reader([Pin(BUTTON_PINS[name], Pin.IN) for name in BUTTONS[4:]])

    def read():
        state = keys() << 4
        dx = x_axis.direction()
        dy = y_axis.direction()
        if dy > 0:
            state |= 1           # up
        elif dy < 0:
            state |= 2           # down
        if dx > 0:
            state |= 4           # left
        elif dx < 0:
            state |= 8           # right
        return state

    from firmware.drivers.speaker import Speaker
    return Hw(NAME, display, Buttons(BUTTONS, read), SAVE_DIR, LAYER,
              speaker=Speaker(SPEAKER_PIN, SPEAKER_LOW_PIN))
