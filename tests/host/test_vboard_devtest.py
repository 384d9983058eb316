"""tools.device.devtest on a virtual board reports exactly what tools/vm/mpy_test.mjs reports on the host VM:
the FAILED lines, the tracebacks' messages, an unimportable module as one failure, the last line."""
import subprocess
import sys
from pathlib import Path

import pytest

from tools.device.vboard import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]

SAMPLE = (
    "import sys\n"
    "from rules_support import ON_MICROPYTHON\n"
    "def test_runs_on_micropython():\n    assert ON_MICROPYTHON and sys.implementation.name == 'micropython'\n"
    "def test_rules_are_importable():\n    from shared_rules.game import Game\n    assert Game.NAME == ''\n"
    "def test_data_file_beside_the_test():\n"
    "    here = __file__.rsplit('/', 1)[0]\n"
    "    assert open(here + '/data.txt').read() == 'beside'\n"
    "def test_deliberately_failing():\n    assert 1 + 1 == 3, 'arithmetic'\n"
    "def helper_not_a_test():\n    raise RuntimeError\n")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with VirtualBoard(fs_dir=tmp_path_factory.mktemp("flash")) as vb:
        yield vb


@pytest.fixture
def suite(tmp_path):
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    (tmp_path / "test_unimportable.py").write_text("import dataclasses\ndef test_ok():\n    pass\n")
    (tmp_path / "data.txt").write_text("beside")
    (tmp_path / "rules_support.py").write_text((ROOT / "tests/rules/rules_support.py").read_text())
    return tmp_path


def devtest(board, *targets, test_root=None):
    """tools.device.devtest on `targets`, which may lie in the folder of the first one (a suite made
    for the test) instead of tests/."""
    root = test_root or str(Path(targets[0].split("::")[0]).parent if Path(targets[0].split("::")[0]).is_file()
                            else targets[0])
    return subprocess.run([sys.executable, "-m", "tools.device.devtest", "--port", board.url, "--test-root", root,
                           *targets], cwd=ROOT, capture_output=True, text=True, timeout=300)


def host_vm(*targets):
    return subprocess.run(["node", "tools/vm/mpy_test.mjs", *targets], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def failures(stdout):
    return sorted(line.split(" (")[0] for line in stdout.splitlines() if line.startswith("FAILED"))


def test_same_report_as_the_host_vm_runner(board, suite):
    dev, host = devtest(board, str(suite)), host_vm(str(suite))
    assert dev.stdout.strip().splitlines()[-1] == host.stdout.strip().splitlines()[-1] == "3 passed, 2 failed"
    assert dev.returncode == host.returncode == 1
    assert failures(dev.stdout) == failures(host.stdout) == [
        "FAILED %s" % (suite / "test_unimportable.py"), "FAILED test_sample.py::test_deliberately_failing"]
    for text in ("AssertionError: arithmetic", "ImportError: no module named 'dataclasses'"):
        assert text in dev.stdout and text in host.stdout
    assert "  dev %s: 3 passed, 1 failed" % (suite / "test_sample.py") in dev.stderr


def test_the_run_ends_with_a_table_of_the_modules_with_the_boards_seconds(board, suite):
    dev = devtest(board, str(suite))
    lines = dev.stdout.strip().splitlines()
    assert lines[-1] == "3 passed, 2 failed"
    header, sample, unimportable, total = lines[-5:-1]
    assert header.split() == ["module", "passed", "failed", "board", "s", "wall", "s"], dev.stdout
    # the harness's module time by the board's clock; none for a module that could not run
    assert sample.split()[:3] == [str(suite / "test_sample.py"), "3", "1"] and float(sample.split()[3]) >= 0
    assert unimportable.split()[:4] == [str(suite / "test_unimportable.py"), "0", "1", "-"], dev.stdout
    assert total.split()[:3] == ["total", "3", "2"], dev.stdout


def test_a_port_and_the_virtual_pico_at_once_is_one_line(suite):
    proc = subprocess.run([sys.executable, "-m", "tools.device.devtest", "--vpico", "--port", "socket://127.0.0.1:1",
                           str(suite)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stderr == "devtest: give --port or --vpico, not both\n", proc.stderr


def test_one_test_by_name_and_a_clean_pass(board, suite):
    proc = devtest(board, "%s::test_data_file_beside_the_test" % (suite / "test_sample.py"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_tests_use_this_checkouts_rules_not_the_flashed_ones(board, suite):
    # a stale flashed copy of the rules at the board's root must not be what the tests import
    subprocess.run([sys.executable, "-m", "mpremote", "connect", board.url, "fs", "mkdir", ":shared_rules", "+",
                    "exec", "f = open('shared_rules/game.py', 'w'); f.write('BROKEN = 1'); f.close()"],
                   cwd=ROOT, capture_output=True, timeout=60)
    proc = devtest(board, "%s::test_rules_are_importable" % (suite / "test_sample.py"))
    assert proc.stdout.strip().splitlines()[-1] == "1 passed, 0 failed", proc.stdout + proc.stderr


def test_bad_port_is_one_line(suite):
    proc = subprocess.run([sys.executable, "-m", "tools.device.devtest", "--port", "", str(suite)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stderr.startswith("devtest: no port given") and proc.stderr.count("\n") == 1


def test_a_hung_module_times_out_and_the_next_one_runs(board, tmp_path):
    (tmp_path / "test_a_hangs.py").write_text("def test_forever():\n    while True:\n        pass\n")
    (tmp_path / "test_b_fine.py").write_text("def test_fine():\n    assert True\n")
    proc = subprocess.run([sys.executable, "-m", "tools.device.devtest", "--port", board.url, "--timeout", "3",
                           "--test-root", str(tmp_path), str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 1
    assert "FAILED %s (could not run: %s: no end of output within 3.0 s)" % (tmp_path / "test_a_hangs.py", board.url) \
        in proc.stdout, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"


@pytest.mark.parametrize("target, says", [
    ("tests/rules/trap/test_trap.py::test_nope", "tests/rules/trap/test_trap.py has no test function test_nope"),
    ("tests/rules/trap/test_trap.py::random_game", "tests/rules/trap/test_trap.py has no test function random_game"),
    ("firmware/app.py", "firmware/app.py is outside %s" % (ROOT / "tests")),
    ("/etc/passwd", "/etc/passwd is outside %s" % (ROOT / "tests")),
    ("/etc", "/etc is outside %s" % (ROOT / "tests")),
    ("tests/rules/rules_support.py", "tests/rules/rules_support.py is not a test file (test_*.py)"),
])
def test_a_target_that_selects_no_test_is_one_line_before_the_board_is_asked(target, says):
    # These ran nothing and exited 0 ("0 passed, 0 failed"), or staged /etc.
    proc = subprocess.run([sys.executable, "-m", "tools.device.devtest", "--port", "socket://127.0.0.1:1", target],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stderr.startswith("devtest: " + says), proc.stderr
    assert proc.stderr.count("\n") == 1 and not proc.stdout, proc.stdout + proc.stderr


def test_a_broken_file_beside_the_tests_fails_only_what_uses_it(board, tmp_path):
    (tmp_path / "test_good.py").write_text("def test_fine():\n    assert True\n")
    (tmp_path / "test_uses_helper.py").write_text("import broken_helper\ndef test_x():\n    pass\n")
    (tmp_path / "test_broken.py").write_text("def test_x(:\n    pass\n")
    (tmp_path / "broken_helper.py").write_text("def (:\n")
    (tmp_path / "test_no_tests.py").write_text("X = 1\n")
    proc = devtest(board, str(tmp_path))
    assert proc.returncode == 1
    assert "left out (does not compile): " in proc.stderr and "broken_helper.py:1" in proc.stderr, proc.stderr
    assert "FAILED %s (does not compile: " % (tmp_path / "test_broken.py") in proc.stdout, proc.stdout
    assert "FAILED %s (could not run)" % (tmp_path / "test_uses_helper.py") in proc.stdout, proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "1 passed, 2 failed", proc.stdout


def test_running_no_test_at_all_is_a_failure(board, tmp_path):
    (tmp_path / "test_no_tests.py").write_text("X = 1\n")
    proc = devtest(board, str(tmp_path))
    assert proc.returncode == 1 and "devtest: no test ran" in proc.stderr, proc.stdout + proc.stderr
