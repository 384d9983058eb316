"""desktop_sim.framebuf draws pixel-identically to MicroPython's C framebuf.

The same script (framebuf_identity_calls.py: every method, every format, clipping at every edge,
strides, blit across formats with key and palette, refused arguments, ~7,500 calls) runs under
the real MicroPython VM and under CPython with the shim; after every call the whole buffer is
printed, and both runs must agree byte for byte.
"""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests/host/framebuf_identity_calls.py"
METHODS = {"fill", "pixel", "hline", "vline", "line", "rect", "fill_rect", "ellipse", "poly",
           "text", "blit", "scroll"}
FORMATS = {"MONO_VLSB", "MONO_HLSB", "MONO_HMSB", "RGB565", "GS2_HMSB", "GS4_HMSB", "GS8"}


def run_under_micropython(tmp_path):
    # Into a file, not a pipe: node's process.exit() drops what is still queued for a pipe.
    out_path = tmp_path / "micropython.txt"
    with open(out_path, "w") as out:
        proc = subprocess.run(["node", "tools/vm/mpyvm.mjs", str(SCRIPT)], cwd=ROOT, stdout=out,
                              stderr=subprocess.PIPE, text=True, timeout=300)
    output = out_path.read_text()
    assert proc.returncode == 0, output[-2000:] + proc.stderr[-2000:]
    return output.splitlines()


def run_under_cpython():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "desktop_sim/shim"), str(ROOT)]))
    proc = subprocess.run([sys.executable, str(SCRIPT)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.splitlines()


def first_difference(vm_line, cpython_line):
    """The call and the first differing byte of the buffer, for a readable failure."""
    call = vm_line.rsplit(" ", 1)[0]
    vm_hex = vm_line.rsplit(" ", 1)[-1]
    cp_hex = cpython_line.rsplit(" ", 1)[-1]
    for i in range(0, min(len(vm_hex), len(cp_hex)), 2):
        if vm_hex[i:i + 2] != cp_hex[i:i + 2]:
            return "%s\n  byte %d: MicroPython %s, CPython %s\n  CPython line: %s" % (
                call, i // 2, vm_hex[i:i + 2], cp_hex[i:i + 2], cpython_line[:300])
    return "%s\n  CPython: %s" % (vm_line[:300], cpython_line[:300])


def test_cpython_framebuf_matches_micropython_byte_for_byte(tmp_path):
    vm = run_under_micropython(tmp_path)
    cp = run_under_cpython()
    assert vm[-1].startswith("@@END ") and cp[-1].startswith("@@END "), (vm[-3:], cp[-3:])
    calls = int(vm[-1].split()[1])
    assert calls > 7000, "the call list shrank: %d calls" % calls
    for vm_line, cp_line in zip(vm, cp):
        assert vm_line == cp_line, first_difference(vm_line, cp_line)
    assert len(vm) == len(cp)
    # The call list really covers every method and every format.
    seen_methods = {line.split()[3].split("(")[0] for line in vm if line.startswith("@@ ")
                    and not line.startswith("@@ FrameBuffer")}
    seen_formats = {line.split()[1].split("/")[0].split("<")[0] for line in vm
                    if line.startswith("@@ ") and not line.startswith("@@ FrameBuffer")}
    assert METHODS <= seen_methods, METHODS - seen_methods
    assert seen_formats == FORMATS
    print("pixel identity: %d drawing calls identical" % calls)


def test_shim_is_the_same_module_objects():
    sys.path.insert(0, str(ROOT / "desktop_sim/shim"))
    try:
        import framebuf
        import desktop_sim.framebuf as cpython_framebuf
        assert framebuf.FrameBuffer is cpython_framebuf.FrameBuffer
        assert (framebuf.MONO_VLSB, framebuf.RGB565, framebuf.GS4_HMSB, framebuf.MONO_HLSB,
                framebuf.MONO_HMSB, framebuf.GS2_HMSB, framebuf.GS8) == (0, 1, 2, 3, 4, 5, 6)
    finally:
        sys.path.remove(str(ROOT / "desktop_sim/shim"))


def test_buffer_changes_are_visible_in_the_callers_buffer():
    from desktop_sim.framebuf import FrameBuffer, GS4_HMSB
    buf = bytearray(4 * 2)
    fb = FrameBuffer(buf, 4, 4, GS4_HMSB)
    fb.pixel(1, 0, 0xA)
    fb.pixel(2, 3, 0x5)
    assert buf == bytearray([0x0A, 0, 0, 0, 0, 0, 0, 0x50])
    buf[0] = 0xF0
    assert fb.pixel(0, 0) == 0xF
