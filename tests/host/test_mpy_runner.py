"""The MicroPython-VM test runner counts real tests and fails when one fails."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_runner(tmp_path, body):
    (tmp_path / "test_sample.py").write_text(body)
    return subprocess.run(["node", str(ROOT / "tools/vm/mpy_test.mjs"), str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_counts_passes_and_reports_failures(tmp_path):
    proc = run_runner(tmp_path, (
        "import sys\n"
        "def test_runs_on_micropython():\n    assert sys.implementation.name == 'micropython'\n"
        "def test_rules_are_importable():\n    from shared_rules.game import Game\n    assert Game.NAME == ''\n"
        "def test_deliberately_failing():\n    assert 1 + 1 == 3, 'arithmetic'\n"
        "def helper_not_a_test():\n    raise RuntimeError\n"))
    assert proc.returncode == 1
    lines = proc.stdout.strip().splitlines()
    assert lines[-1] == "2 passed, 1 failed"
    assert "FAILED test_sample.py::test_deliberately_failing" in proc.stdout
    assert "AssertionError: arithmetic" in proc.stdout


def test_all_passing_exits_zero(tmp_path):
    proc = run_runner(tmp_path, "def test_ok():\n    assert True\n")
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_import_error_counts_as_failure(tmp_path):
    proc = run_runner(tmp_path, "import dataclasses\ndef test_ok():\n    pass\n")
    assert proc.returncode == 1
    assert proc.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_modules_run_in_parallel_with_their_output_in_order(tmp_path):
    """--jobs 2: two modules at once, each module's lines together and in the order given, the
    counts summed, the slowest modules listed."""
    (tmp_path / "test_a.py").write_text("def test_a_fails():\n    assert False, 'first module'\n"
                                        "def test_a_ok():\n    pass\n")
    (tmp_path / "test_b.py").write_text("def test_b_fails():\n    assert False, 'second module'\n")
    proc = subprocess.run(["node", str(ROOT / "tools/vm/mpy_test.mjs"), "--jobs", "2", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    out = proc.stdout
    assert out.strip().splitlines()[-1] == "1 passed, 2 failed"
    assert out.index("first module") < out.index("FAILED test_b.py::test_b_fails")
    assert "slowest:" in proc.stderr


def test_jobs_must_be_a_number():
    proc = subprocess.run(["node", str(ROOT / "tools/vm/mpy_test.mjs"), "--jobs", "x"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--jobs" in proc.stderr
