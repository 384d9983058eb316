# A speaker (or buzzer) driven by PWM on one pin: a tone starts at once and a one-shot timer
# ends it, so that a sound cue never holds up the screen or the buttons.
from machine import PWM, Pin, Timer  # pyright: ignore[reportMissingImports]

_QUARTER = 16384    # duty: a quarter of the period (quieter than a square wave's half)


class Speaker:
    def __init__(self, pin, low_pin=-1, timer_id=0):
        """`low_pin`, if any, is the amplifier's other input, held low."""
        if low_pin >= 0:
            Pin(low_pin, Pin.OUT).value(0)
        self.pwm = PWM(Pin(pin), freq=1000, duty_u16=0)
        self.timer = Timer(timer_id)
        self.end = self.stop        # bound once: the timer's callback allocates nothing

    def tone(self, freq, ms):
        self.pwm.freq(freq)
        self.pwm.duty_u16(_QUARTER)
        self.timer.init(mode=Timer.ONE_SHOT, period=ms, callback=self.end)

    def stop(self, _timer=None):
        self.pwm.duty_u16(0)
