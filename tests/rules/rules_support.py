# Helpers for the rules tests, which run unchanged under pytest (CPython) and under the real
# MicroPython VM (tools/mpy_test.mjs).  Plain functions and asserts only.
import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"


def scaled(n_cpython, n_micropython):
    """How many iterations a randomised test does: the VM is ~15x slower than CPython."""
    return n_micropython if ON_MICROPYTHON else n_cpython


def raises(exc_type, func, *args):
    """True when func(*args) raises exc_type (pytest.raises is not available under the VM)."""
    try:
        func(*args)
    except exc_type:
        return True
    return False
