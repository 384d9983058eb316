# Device boot: the build writes boards/active.py (it imports the chosen board profile), whose
# setup() returns the hardware-layer object; the app then runs until power-off.
from boards.active import setup  # pyright: ignore[reportMissingImports]  (written by the build)
import firmware.app

firmware.app.run(setup())
