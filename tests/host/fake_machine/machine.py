# A stand-in for MicroPython's `machine` module, for running the board profiles and display
# drivers under the MicroPython VM (which has no `machine`) in tests/host/test_drivers.py.
#
# It decodes what the display would receive: on SPI, bytes written while DC is low are
# commands and bytes while DC is high are that command's parameters or pixels (only while CS
# is low); on I2C, each write is kept whole.  Inputs: set Pin.levels[gpio] and ADC.raw[gpio].
TRANSACTIONS = []     # ["spi", command, bytearray of data] or ["i2c", addr, bytes]
PIN_WRITES = []       # (gpio, value) for output pins
ERRORS = []
DC_PIN = -1
CS_PIN = -1


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8
    handlers = {}     # gpio -> the interrupt handler a board set (run by a test that changes levels)
    levels = {}       # gpio -> level read by inputs (default 1: released, pulled up)
    outputs = {}      # gpio -> last level written

    def __init__(self, gpio, mode=-1, pull=-1):
        self.gpio = gpio
        self.mode = mode
        self.pull = pull

    def value(self, level=None):
        if level is None:
            if self.gpio in Pin.outputs:
                return Pin.outputs[self.gpio]
            return Pin.levels.get(self.gpio, 1)
        Pin.outputs[self.gpio] = 1 if level else 0
        PIN_WRITES.append((self.gpio, 1 if level else 0))
        return None

    def __call__(self, level=None):
        return self.value(level)

    def irq(self, handler=None, trigger=12, hard=False):
        Pin.handlers[self.gpio] = handler


# The RP2040's clocks as MicroPython v1.27 sets them: clk_sys 125 MHz, clk_peri (SPI, UART) from
# the 48 MHz USB PLL until freq(sys, peri) feeds it from clk_sys.
CLOCKS = {"sys": 125_000_000, "peri": 48_000_000}


def freq(*args):
    if not args:
        return CLOCKS["sys"]
    CLOCKS["sys"] = args[0]
    if len(args) > 1:
        if args[1] not in (48_000_000, args[0]):
            raise ValueError("peripheral freq must be 48_000_000 or the same as the MCU freq")
        CLOCKS["peri"] = args[1]
    return None


def spi_rate(asked):
    """The SPI clock the pico-sdk's spi_set_baudrate() gives from clk_peri: the fastest
    clk_peri / (prescale * postdiv) not above `asked`."""
    peri = CLOCKS["peri"]
    prescale = 2
    while prescale <= 254 and peri >= (prescale + 2) * 256 * asked:
        prescale += 2
    postdiv = 256
    while postdiv > 1 and peri // (prescale * (postdiv - 1)) <= asked:
        postdiv -= 1
    return peri // (prescale * postdiv)


class SPI:
    def __init__(self, spi_id, baudrate=0, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        self.spi_id = spi_id
        self.baudrate = spi_rate(baudrate)      # what the firmware reports and runs

    def write(self, data):
        if Pin.outputs.get(CS_PIN, 1) != 0:
            ERRORS.append("SPI write with CS high")
            return
        if Pin.outputs.get(DC_PIN, 1) == 0:
            for byte in bytes(data):
                TRANSACTIONS.append(["spi", byte, bytearray()])
        elif TRANSACTIONS and TRANSACTIONS[-1][0] == "spi":
            TRANSACTIONS[-1][2].extend(data)
        else:
            ERRORS.append("SPI data before any command")


class I2C:
    def __init__(self, i2c_id, sda=None, scl=None, freq=0):
        self.i2c_id = i2c_id

    def writeto(self, addr, data, stop=True):
        TRANSACTIONS.append(["i2c", addr, bytes(data)])
        return 1

    def writevto(self, addr, vector, stop=True):
        joined = bytearray()
        for part in vector:
            joined.extend(part)
        TRANSACTIONS.append(["i2c", addr, bytes(joined)])
        return 1


class ADC:
    ATTN_11DB = 3
    raw = {}          # gpio -> 12-bit reading

    def __init__(self, pin, atten=0):
        self.gpio = pin.gpio
        self.atten = atten

    def read_u16(self):
        value = ADC.raw.get(self.gpio, 0)
        return (value << 4) | (value >> 8)


class PWM:
    """A PWM output: its frequency and duty as last set (SOUNDS: each (gpio, freq, duty_u16))."""
    SOUNDS = []

    def __init__(self, pin, freq=0, duty_u16=0):
        self.gpio = pin.gpio
        self.hz = freq
        self.duty = duty_u16

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, duty):
        self.duty = duty
        PWM.SOUNDS.append((self.gpio, self.hz, duty))


class Timer:
    """A timer: a one-shot's callback runs at once when fire() is called (TIMERS: each period)."""
    ONE_SHOT = 0
    PERIODIC = 1
    TIMERS = []

    def __init__(self, timer_id=-1):
        self.callback = None

    def init(self, mode=1, period=0, callback=None):
        Timer.TIMERS.append(period)
        self.callback = callback

    def fire(self):
        self.callback(self)
