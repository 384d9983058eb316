# The cartridge's games.  Importing this registers names only; a game's module is imported when
# a game of it is created (registry.create), so the device keeps one game's code in its heap.
from shared_rules.registry import register

# Each game adds one line here when its rules land:
# register(name, class name in shared_rules/<name>/rules.py, title)
register("trap", "Trap", "Trap")
register("lazo", "Lazo", "Lazo")
register("thoughtwave", "Thoughtwave", "Thoughtwave")
register("throngs", "Throngs", "Throngs")
register("tholian_go", "TholianGo", "Tholian Go")
