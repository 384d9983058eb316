"""The desktop side of the hardware layer: a CPython framebuf, the pygame simulator (python -m desktop_sim).

Importing it makes the device's modules importable on CPython wherever that happens (the
simulator, tests, tools): their `import framebuf` finds desktop_sim/shim (desktop_sim.framebuf)
and `from micropython import const` finds tools/host_shims."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "tools", "host_shims"), os.path.join(ROOT, "desktop_sim", "shim")):
    if _path not in sys.path:
        sys.path.append(_path)
