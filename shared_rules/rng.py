# A tiny seeded random generator (xorshift32) that gives the same numbers on CPython and on
# MicroPython, so dice stored as a seed replay exactly.  Its whole state is one int.
from micropython import const

_MASK = const(0xFFFFFFFF)


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        self.state = (seed * 2654435761 + 0x9E3779B9) & _MASK or 1

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """Uniform-enough int in [0, n) for small n."""
        return self.next32() % n
