"""The MicroPython-subset check catches each construct the boards' MicroPython lacks."""
import pytest

from tools.checks.subset_check import check_source, main

BAD = [
    ("from dataclasses import dataclass\n", "dataclasses"),
    ("import typing\n", "typing"),
    ("from typing import List\n", "typing"),
    ("import abc\n", "abc"),
    ("import enum\n", "enum"),
    ("from __future__ import annotations\n", "__future__"),
    ("import itertools\n", "itertools"),
    ("match x:\n    case 1:\n        pass\n", "match"),
    ("def f(a, /, b):\n    pass\n", "positional-only"),
    ("g = lambda a, /: a\n", "positional-only"),
    ("try:\n    pass\nexcept* ValueError:\n    pass\n", "except*"),
    ("d = {**e}\n", "dict display"),
    ("x = [*y]\n", "list/tuple/set display"),
    ("x = (1, *y)\n", "list/tuple/set display"),
    ("s = f'{x!a}'\n", "!a"),
    ("s = 'a'.zfill(3)\n", ".zfill"),
    ("n = (5).bit_length()\n", ".bit_length"),
    ("print(1, flush=True)\n", "flush"),
    ("class A:\n    def __init_subclass__(cls):\n        pass\n", "__init_subclass__"),
    ("assert x, 'why'\n", "compiles assert statements away"),
    ("def f(:\n", "syntax error"),
]


@pytest.mark.parametrize("source,reason", BAD)
def test_catches(source, reason):
    problems = check_source(source, "m.py")
    assert problems, source
    assert problems[0].startswith("m.py:")
    assert reason in problems[0]


def test_reports_the_line():
    problems = check_source("x = 1\n\nimport abc\n", "pkg/m.py")
    assert problems == ["pkg/m.py:3: MicroPython has no abc: use a plain base class whose methods raise NotImplementedError"]


GOOD = """
from micropython import const
import gc, struct, framebuf
from shared_rules.game import Game
from . import sibling
a, *rest = [1, 2, 3]
def f(x, *, key=None, **kw):
    return f"{x:>5} {x:02d} {x!r} {x=}"
print(*rest)
"""


def test_accepts_the_subset():
    assert check_source(GOOD, "ok.py") == []


def test_main_fails_on_a_bad_file(tmp_path, capsys):
    (tmp_path / "bad.py").write_text("import dataclasses\n")
    (tmp_path / "good.py").write_text("import gc\n")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "bad.py:1:" in out and "2 files, 1 problems" in out
    assert main([str(tmp_path / "good.py")]) == 0
