# Device boot: the build writes boards/active.py (it imports the chosen board profile), whose
# setup() returns the hardware-layer object; the app then runs until power-off.
import firmware.app
from boards.active import setup  # pyright: ignore[reportMissingImports]  (written by the build)

hw = setup()
# The board's modules have done their part: their code leaves the heap.
del setup
for module in ("boards.active", "boards." + hw.name, "boards"):
    firmware.app.unload(module)
firmware.app.run(hw)
