# The cartridge's games.  Importing this registers names only; a game's module is imported when
# a game of it is created (registry.create), so the device keeps one game's code in its heap.
from shared_rules.registry import register

# Each game adds one line here when its rules land:
# register(name, module, class name, title)
register("trap", "shared_rules.trap", "Trap", "Trap")
register("lazo", "shared_rules.lazo", "Lazo", "Lazo")
register("thoughtwave", "shared_rules.thoughtwave", "Thoughtwave", "Thoughtwave")
register("throngs", "shared_rules.throngs", "Throngs", "Throngs")
register("tholian_go", "shared_rules.tholian_go", "TholianGo", "Tholian Go")
