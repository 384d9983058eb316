"""A tiny app for the simulator tests (tests/host/test_sim.py), written like firmware/app.py:
`import framebuf` (the simulator's shim) and nothing but `hw`.

It counts presses of A and auto-repeats of RIGHT on screen; LEFT shows a 4x4 corner of a block
drawn earlier but never shown; B exits with status 7, UP raises, DOWN returns."""
import sys

import framebuf

RED = 5


def run(hw):
    fb = hw.fb
    if not isinstance(fb, framebuf.FrameBuffer):
        raise TypeError("hw.fb is not a framebuf.FrameBuffer")
    presses = 0
    repeats = 0
    fb.fill(0)
    fb.text("demo %s" % hw.name, 0, 0, 1)
    hw.show()
    fb.fill_rect(0, 30, 16, 16, RED if hw.color else 1)   # drawn, not shown yet
    hw.report_heap(1234)
    while True:
        for event, button in hw.poll():
            if event == 1 and button == "a":
                presses += 1
            elif event == 3 and button == "right":
                repeats += 1
            elif event == 1 and button == "left":
                hw.show(0, 30, 4, 4)
            elif event == 1 and button == "b":
                sys.exit(7)
            elif event == 1 and button == "up":
                raise ValueError("demo failure")
            elif event == 1 and button == "down":
                return
        fb.fill_rect(0, 10, hw.width, 8, 0)
        fb.text("a=%d r=%d" % (presses, repeats), 0, 10, 1)
        hw.show(0, 10, hw.width, 8)
        hw.sleep_ms(10)
