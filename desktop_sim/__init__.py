"""The desktop side of the hardware layer: a CPython framebuf, the pygame simulator (python -m desktop_sim)."""
