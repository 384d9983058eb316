# Throngs against Ludii 1.3.12 on both VMs: a sample of the reference vectors
# (tests/data/ludii/, facts recorded from Ludii 1.3.12, README there) copied beside this file: every 250th case of each file plus
# the first ten captures in flight and the first ten cases where Ludii's forced-deployment counter
# binds.  In each case the decisions offered (original ruleset, forcing and stone in flight as
# given) must equal Ludii's `legal` exactly.  The full files are checked on CPython by
# `python -m tools.checks.ludii_check` (make test).
import json

from shared_rules.throngs.rules import Throngs
from shared_rules.throngs.ludii import offered, position_text

SAMPLE = "throngs_ludii_sample.jsonl"


def sample_cases():
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    with open(here + "/" + SAMPLE) as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def test_ludii_reference_cases_agree():
    """Spec "Original ruleset (Ludii 1.3.12)": the decisions in every sampled state equal Ludii's."""
    games = {}
    checked = 0
    kinds = set()
    for case in sample_cases():
        board = case["ludii_board"]
        if board not in games:
            games[board] = Throngs({"board": board, "ruleset": "original"})
        assert offered(games[board], case) == sorted(case["legal"]), json.dumps(case)
        checked += 1
        kinds.add(case["in_flight"][2] if case["in_flight"] else ("free" if case["may_move_or_pass"] else "forced"))
    assert checked == 247 and sorted(games) == ["63", "93"]
    assert kinds == set(["A", "C", "M", "free", "forced"])


def test_position_text_reads_a_case():
    case = {"board": "0" * 13 + "1" + "0" * 21 + "2" + "0" * 10 + "2" + "0" * 16, "mover": 2,
            "may_move_or_pass": False, "in_flight": [35, 2, "M"]}
    game = Throngs({"ruleset": "original"})
    game.decode(position_text(case))
    assert game.mover == 2 and game.flight() == (35, 2, 0x300) and game.counter[2] - 1 == 4
    assert game.encode() == position_text(case)
