"""`import framebuf` for code written for the device: the simulator puts this folder first on
sys.path, so the app's `framebuf` is desktop_sim.framebuf (the very same class objects)."""
from desktop_sim.framebuf import *  # noqa: F401,F403
