"""shared_rules/throngs/boards.py is exactly what tools/checks/gen_throngs_boards.py makes of the boards'
data in the repository (docs/rules/throngs_boards.json, Ludii's boards), and the generator
refuses inconsistent tables."""
import copy
import json
from pathlib import Path

import pytest

from tools.checks import gen_throngs_boards

ROOT = Path(__file__).resolve().parents[2]


def boards_json():
    with open(gen_throngs_boards.DEFAULT_JSON) as f:
        return json.load(f)


def test_generated_module_is_up_to_date():
    assert Path(gen_throngs_boards.DEFAULT_JSON).is_relative_to(ROOT)
    expected = gen_throngs_boards.generate(boards_json())
    assert (ROOT / "shared_rules" / "throngs/boards.py").read_text() == expected


def test_inconsistent_neighbours_are_refused():
    data = boards_json()
    label = gen_throngs_boards.BOARDS[0][1]
    broken = copy.deepcopy(data)
    adjacency = broken[label]["adj"]
    adjacency["0"] = adjacency["0"][1:]
    with pytest.raises(ValueError):
        gen_throngs_boards.generate(broken)
