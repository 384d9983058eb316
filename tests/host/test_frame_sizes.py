"""The calls a screen update makes per rectangle or per move keep their frames off the heap
(tools/vm/mpy_frames.py): MicroPython v1.27 puts a frame of more than 11 words on the heap, and
its search for a free run through a fragmented heap is slow (docs/bench_notes.md, "The heap's
holes")."""
import subprocess
from pathlib import Path

import pytest

from tools.device.build import mpy_cross_path
from tools.vm.mpy_frames import MAX_SLOTS_ON_STACK, MpyError, frames

ROOT = Path(__file__).resolve().parents[2]

# module -> the functions it defines that run per rectangle sent or per move listed
PER_CALL = {
    "firmware/drawlog.py": ["box", "text"],
    "firmware/hw_base.py": ["show"],
    "firmware/drivers/rgb565_panel.py": ["show", "_expand_bands", "command", "_window"],
    "firmware/ui.py": ["text", "keep_under"],
    "firmware/device_hal.py": ["send"],
    "firmware/views/tholian_go.py": ["step_key"],
    "shared_rules/tholian_go/rules.py": ["_beside_empty"],
}


def compiled(tmp_path, source, name):
    out = tmp_path / (name + ".mpy")
    # As tools/device/build.py compiles the app for the reference board.
    subprocess.run([mpy_cross_path(), "-O3", "-march=armv6m", "-o", str(out), str(source)], check=True)
    return frames(out.read_bytes())


def labels(tmp_path, names):
    """How frames() names each function: a name the firmware has built in (send, show...) is
    only its number there, found by compiling a function of that name."""
    probe = tmp_path / "probe.py"
    probe.write_text("".join("def %s():\n    pass\n" % name for name in names))
    return [label for label, _ in compiled(tmp_path, probe, "probe")[1:]]


@pytest.mark.parametrize("module", sorted(PER_CALL))
def test_per_call_functions_keep_their_frames_off_the_heap(tmp_path, module):
    listed = compiled(tmp_path, ROOT / module, "module")
    for name, label in zip(PER_CALL[module], labels(tmp_path, PER_CALL[module])):
        sizes = [size for found, size in listed if found == label]
        assert sizes, (module, name)
        assert max(sizes) <= MAX_SLOTS_ON_STACK, "%s: %s needs %d words (on the heap)" % (module, name, max(sizes))


def test_frames_are_read_from_the_prelude(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def small(a):\n    return a\n\n"
                   "def big(a, b, c, d, e, f, g, h, i, j, k, l):\n    return a\n\n"
                   "def guarded(a):\n    try:\n        return a\n    except ValueError:\n        return 0\n")
    out = tmp_path / "m.mpy"
    subprocess.run([mpy_cross_path(), "-o", str(out), str(src)], check=True)
    sizes = dict(frames(out.read_bytes()))
    assert sizes["small"] <= 3 and sizes["big"] >= 12 and sizes["guarded"] >= 3 + 1
    with pytest.raises(MpyError):
        frames(b"not an mpy")
