# Device boot: the build writes boards/active.py (it imports the chosen board profile), whose
# setup() returns the hardware-layer object; the app then runs until power-off (and lets go of
# the board's modules: firmware/residency.py).
import firmware.app
from boards.active import setup  # pyright: ignore[reportMissingImports]  (written by the build)

hw = setup()
del setup
firmware.app.run(hw)
