"""No module of shared_rules/ over 1,000 lines: the device compiles and holds a
game's modules one by one, and a reader finds a part by its module's name.  What grows goes to a
module of its own (as tholian_go/build.py, tholian_go/ai_terms.py) or, for explanations the
rules documents already give, to docs/rules/."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 1000


def test_no_rules_module_over_1000_lines():
    long = []
    for path in sorted((ROOT / "shared_rules").rglob("*.py")):
        lines = len(path.read_text().splitlines())
        if lines > MAX_LINES:
            long.append("%s: %d lines" % (path.relative_to(ROOT), lines))
    assert not long, long
