# CPython stand-in for MicroPython's `micropython` module, so shared_rules/ and firmware/ run
# unchanged on the host.  Never copied to a device (the real module is built in there).


def const(value):
    return value


def native(func):
    return func


viper = native


def mem_info(*_):
    pass


def opt_level(*_):
    return 0


def schedule(func, arg):
    func(arg)
