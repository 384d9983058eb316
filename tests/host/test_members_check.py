"""tools.checks.members_check: the device's modules use other modules' public members only; checked on
small synthetic sources."""
import subprocess
import sys
from pathlib import Path

import pytest

from tools.checks.members_check import check_source, main

ROOT = Path(__file__).resolve().parents[2]

BAD = [
    ("def evaluate(game):\n    return game._adjacent\n", "game._adjacent reaches into"),
    ("x = thoughtwave._FIT\n", "thoughtwave._FIT reaches into"),
    ("def f(game):\n    game._geo[3] = 1\n", "game._geo"),
    ("def f(game):\n    return game.board._cells\n", "game.board._cells"),
    ("def f(game):\n    return game._movement_ok(1, 2)\n", "game._movement_ok"),
    ("from shared_rules.thoughtwave.rules import _FIT, COUNTS\n", "import _FIT"),
    ("import _thread_helpers\n", "import _thread_helpers"),
    ("import shared_rules._private\n", "import shared_rules._private"),
    ("class Tuner:\n    def f(self, other_game):\n        return other_game._edges\n", "other_game._edges"),
]

GOOD = [
    "class Tuner:\n    def __init__(self):\n        self._cache = []\n\n    def f(self):\n        return self._cache\n",
    "class Tuner:\n    _TABLE = (1, 2)\n\n    @classmethod\n    def f(cls):\n        return cls._TABLE\n",
    "class View(Base):\n    def draw(self):\n        return super()._draw_marks()\n",
    "def f(game):\n    return game.adjacent, game.__class__, game.__dict__\n",
    "from shared_rules.thoughtwave.rules import COUNTS, PIECE_BITS\nimport shared_rules.ai as ai\n",
    "class _Tables:\n    def __init__(self):\n        self._rows = 1\n\n"
    "def f():\n    tables = _Tables()\n    return tables._rows, _Tables._rows\n",
    "_cache = [0]\n\ndef f():\n    return _cache[0]\n",
]


@pytest.mark.parametrize("source,reason", BAD)
def test_rejects(source, reason):
    problems = check_source(source, "ai_x.py")
    assert len(problems) == 1, problems
    assert problems[0].startswith("ai_x.py:") and reason in problems[0], problems


@pytest.mark.parametrize("source", GOOD)
def test_accepts(source):
    assert check_source(source, "ai_x.py") == []


def test_reports_each_place_with_its_line():
    source = "import shared_rules.lazo.rules\n\ndef f(game):\n    a = game._supported\n    return game._adjacent[a]\n"
    assert check_source(source, "lazo/ai.py") == [
        "lazo/ai.py:4: game._supported reaches into another module's private member: use a public one",
        "lazo/ai.py:5: game._adjacent reaches into another module's private member: use a public one"]


def test_command_line_exit_status(tmp_path, capsys):
    (tmp_path / "ai_ok.py").write_text(GOOD[0])
    assert main([str(tmp_path)]) == 0
    (tmp_path / "ai_bad.py").write_text(BAD[0][0])
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "ai_bad.py:2: game._adjacent" in out and out.strip().endswith("members check: 2 files, 1 problems")


def test_default_paths_are_every_module_of_the_device():
    proc = subprocess.run([sys.executable, "-m", "tools.checks.members_check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    files = int(proc.stdout.strip().splitlines()[-1].split()[2])
    expected = sum(len(list((ROOT / top).rglob("*.py"))) for top in ("shared_rules", "firmware", "boards"))
    assert files == expected


def test_a_part_of_a_games_rules_works_on_the_game_it_is_handed():
    source = "def setup(game):\n    game._log = []\n"
    assert check_source(source, "shared_rules/tholian_go/setup.py") == []
    assert len(check_source(source, "shared_rules/tholian_go/ai_order.py")) == 1
    assert len(check_source(source, "firmware/views/tholian_go.py")) == 1


def test_a_part_of_a_games_rules_imports_no_private_name():
    source = "from shared_rules.tholian_go.rules import _SPECIAL_NAMES\n"
    assert len(check_source(source, "shared_rules/tholian_go/text.py")) == 1
