"""The frame size of each function in a compiled module (.mpy, version 6: MicroPython v1.27).

MicroPython puts a call's frame on the C stack when its locals, value stack and exception
stack fit VM_MAX_STATE_ON_STACK (11 words), else on the heap: on a fragmented heap that search
for a free run cost the virtual Pico ~0.5 ms a call (docs/bench_notes.md, "The heap's holes").
This reads each function's prelude (its n_state and n_exc_stack) so tests can keep the calls
made per rectangle or per move of a screen update off the heap.

    python -m tools.vm.mpy_frames FILE.mpy       lists them (functions on the heap marked)
"""
import sys

MAX_SLOTS_ON_STACK = 11       # VM_MAX_STATE_ON_STACK, in words
EXC_SLOTS = 3                 # an exception-stack entry (mp_exc_stack_t) in words
_OBJ_TUPLE = 10               # the .mpy constant kinds: 0-4 carry no data, 5 str, 6 bytes
_OBJ_STR_OR_BYTES = (5, 6)


class MpyError(Exception):
    """Not a .mpy this reads."""


def _uint(data, i):
    value = 0
    while True:
        byte = data[i]
        i += 1
        value = value << 7 | (byte & 0x7F)
        if not byte & 0x80:
            return value, i


def frames(data):
    """[(function name, its frame in words)] of a .mpy's bytecode functions, outermost first
    (the module itself is "<module>")."""
    if data[:2] != b"M\x06":
        raise MpyError("not a version 6 .mpy (MicroPython v1.23 to v1.27)")
    n_qstr, i = _uint(data, 4)
    n_obj, i = _uint(data, i)
    names = []
    for _ in range(n_qstr):
        length, i = _uint(data, i)
        if length & 1:
            names.append("<static %d>" % (length >> 1))     # a name built into the firmware
            continue
        names.append(data[i:i + (length >> 1)].decode())
        i += (length >> 1) + 1

    def skip_obj(i):
        kind = data[i]
        i += 1
        if kind <= 4:
            return i
        length, i = _uint(data, i)
        if kind == _OBJ_TUPLE:
            for _ in range(length):
                i = skip_obj(i)
            return i
        return i + length + (kind in _OBJ_STR_OR_BYTES)

    for _ in range(n_obj):
        i = skip_obj(i)
    out = []

    def raw_code(i):
        kind_len, i = _uint(data, i)
        end = i + (kind_len >> 3)
        if kind_len & 3 == 0:       # bytecode: its prelude's signature, then its size and name
            byte = data[i]
            i += 1
            state, exc = (byte >> 3) & 0xF, (byte >> 2) & 1
            n = 0
            while byte & 0x80:
                byte = data[i]
                i += 1
                state |= (byte & 0x30) << (2 * n)
                exc |= (byte & 0x02) << n
                n += 1
            while data[i] & 0x80:   # the prelude's size
                i += 1
            name, _ = _uint(data, i + 1)
            out.append((names[name] if name < len(names) else "<module>", state + 1 + exc * EXC_SLOTS))
        i = end
        if kind_len & 4:            # children: the functions and classes defined inside
            n_children, i = _uint(data, i)
            for _ in range(n_children):
                i = raw_code(i)
        return i

    raw_code(i)
    return out


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tools.vm.mpy_frames FILE.mpy", file=sys.stderr)
        return 2
    try:
        with open(args[0], "rb") as f:
            listed = frames(f.read())
    except (OSError, MpyError, IndexError) as e:
        print("mpy_frames: %s: %s" % (args[0], e or "truncated"), file=sys.stderr)
        return 1
    for name, slots in listed:
        print("%-32s %3d%s" % (name, slots, "  (heap)" if slots > MAX_SLOTS_ON_STACK else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
