# Board profiles: one module per board with its pins, display driver, rotation and button map
# as constants, and setup() returning the `hw` object (docs/architecture.md).  Importing a
# profile needs no `machine` (the simulator reads the constants); setup() does.
#
# A profile is the only place a board is described: the build, the simulator, its picture and
# the screenshots list the boards from this folder (desktop_sim/profiles.py) and read:
#   NAME, WIDTH, HEIGHT, COLOR, BUTTONS, LAYER, SAVE_DIR   the hw contract's facts
#   JOYSTICK        True if the d-pad is a joystick whose press is "select" (the help pages
#                   name it so); False if absent
#   SPEAKER         True if the board has a speaker or buzzer for the sound cues (HwBase.cue);
#                   False if absent
#   MARCH           mpy-cross's -march for the board's chip (tools/device/build.py; armv6m if absent)
#   FIRMWARE        "RPI_PICO": MicroPython's stock firmware runs it, so `make uf2` makes one
#                   file to flash (tools/device/uf2.py); absent: `make flash` only
#   SKIN_LAYOUT     the simulator's picture (desktop_sim/skin.py): "beside" (d-pad left of the
#                   screen, keys right of it) or "below" (screen on top, controls under it)
#   SKIN_COLOUR     the body's RGB
#   SKIN_KEYS       (button, dx, dy) of each key around the keys' centre, in steps (A and B
#                   on a diagonal if absent); SKIN_DPAD_CENTRE the button in the d-pad's middle
#   SKIN_PILLS      "below": a row of pill keys under the screen (menu, select, start)
#   SKIN_CONTROLS, SKIN_INSET, SKIN_MIN_WIDTH   "below": the d-pad's and keys' square (pixels;
#                   a third of the screen's width, at least 150, if absent), how far in from
#                   the sides, the narrowest body
