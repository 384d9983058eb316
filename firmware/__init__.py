# The handheld app and the device side of the hardware layer (what gets flashed).
