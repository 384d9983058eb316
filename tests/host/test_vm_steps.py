"""tools/vm/vm_steps.mjs: every step starts after a real collection, so its heap figures are live data."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_every_step_reads_the_live_heap_after_a_collection(tmp_path):
    # Step 3 leaves 50 KB of garbage: without a collection between steps the VM would keep it
    # until it decides to collect (it did so only after large allocations).
    script = tmp_path / "steps.py"
    script.write_text(
        "import gc\n"
        "seen = []\n"
        "def step():\n"
        "    seen.append(gc.mem_alloc())\n"
        "    if len(seen) == 3:\n"
        "        garbage = [bytearray(1000) for _ in range(50)]\n"
        "    if len(seen) < 6:\n"
        "        return True\n"
        "    print('heaps', max(seen[1:]) - min(seen[1:]))\n"
        "    return False\n")
    proc = subprocess.run(["node", "tools/vm/vm_steps.mjs", str(script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert int(proc.stdout.split("heaps ")[1]) < 200, proc.stdout
