# Tholia's games: pure rules, MicroPython subset, no I/O.
