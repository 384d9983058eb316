# Runs one rules-test module's top-level test_* functions (MicroPython), one line per failure
# with its traceback, then "@@RESULT passed failed ms" for the host to add up (ms: the module's
# import and tests by the board's own clock, emulated time on the virtual Pico): on a board for
# tools/device/devtest.py, and in the WebAssembly VM for tools/vm/mpy_test.mjs.
import gc
import sys
import time


def run(modname, only=None):
    passed = failed = 0
    started = time.ticks_ms()  # pyright: ignore[reportAttributeAccessIssue]  (MicroPython)
    mod = __import__(modname)
    names = sorted(n for n in dir(mod) if n.startswith("test_") and callable(getattr(mod, n)))
    for name in names:
        if only and name not in only:
            continue
        try:
            getattr(mod, name)()
            passed += 1
        except Exception as e:
            failed += 1
            print("FAILED %s.py::%s" % (modname, name))
            sys.print_exception(e)  # pyright: ignore[reportAttributeAccessIssue]  (MicroPython)
        gc.collect()
    print("@@RESULT %d %d %d" % (passed, failed, time.ticks_diff(time.ticks_ms(), started)))  # pyright: ignore[reportAttributeAccessIssue]
