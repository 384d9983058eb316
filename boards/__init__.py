# Board profiles: one module per board with its pins, display driver, rotation and button map
# as constants, and setup() returning the `hw` object (docs/architecture.md).  Importing a
# profile needs no `machine` (the simulator reads the constants); setup() does.
