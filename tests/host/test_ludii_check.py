"""`python -m tools.checks.ludii_check`: reads plain or gzipped vector files, prints the first mismatches
in full and `N cases, M mismatches`, exits non-zero on any mismatch."""
import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "rules" / "throngs" / "throngs_ludii_sample.jsonl"


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.checks.ludii_check"] + [str(a) for a in args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_sample_agrees():
    proc = run(SAMPLE)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1] == "247 cases, 0 mismatches"


def test_a_wrong_case_is_reported_in_full_from_a_gzip_file(tmp_path):
    cases = [json.loads(line) for line in SAMPLE.read_text().splitlines()[:3]]
    wrong = dict(cases[1])
    wrong["legal"] = wrong["legal"][1:] + ["A99"]
    path = tmp_path / "cases.jsonl.gz"
    with gzip.open(path, "wt") as f:
        for case in (cases[0], wrong, cases[2]):
            f.write(json.dumps(case) + "\n")
    proc = run(path)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[-1] == "3 cases, 1 mismatches"
    assert lines[0].startswith("MISMATCH %s line 2: {" % path)
    assert lines[2] == "  missing: A99" and lines[3] == "  extra:   %s" % cases[1]["legal"][0]


def test_usage_without_files():
    proc = run()
    assert proc.returncode == 2 and "usage" in proc.stdout


def test_a_whole_game_that_does_not_end_as_in_ludii_is_a_mismatch(tmp_path):
    deep = ROOT / "tests" / "data" / "ludii" / "throngs_ludii_deep_games.jsonl.gz"
    with gzip.open(deep, "rt") as f:
        record = json.loads(f.readline())
    good = dict(record)
    record["decisions"] = record["decisions"][:-1]  # Ludii's game goes one decision further
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(record) + "\n")
    proc = run(path)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[-1] == "2 cases, 1 mismatches"
    assert lines[0].startswith("MISMATCH %s line 2 (a whole game): " % path)
