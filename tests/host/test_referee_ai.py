"""The referee's AI commands: genmove [LEVEL] plays and prints the AI's move, hint [LEVEL] only
prints it (GTP style); both for every game that has an AI."""
import subprocess
import sys
from pathlib import Path

import pytest

from shared_rules import ai, registry
from tools.bench.bench_ai import games_with_ai
from tools.bench.referee import Referee

ROOT = Path(__file__).resolve().parents[2]


def answer(ref, line):
    text, keep = ref.handle(line)
    assert keep
    return text


@pytest.mark.parametrize("name", games_with_ai())
def test_genmove_plays_a_legal_move_and_hint_plays_none(name):
    ref = Referee()
    assert answer(ref, "new " + name).startswith("= ")
    before = ref.game.encode()
    legal = answer(ref, "legal")[2:].split()
    hint = answer(ref, "hint")
    assert hint.startswith("= ") and hint[2:] in legal
    assert ref.game.encode() == before and ref.game.history == []
    played = answer(ref, "genmove easy")
    assert played.startswith("= ") and played[2:] in legal
    assert len(ref.game.history) == 1
    assert answer(ref, "record") == "= " + played[2:]


def test_levels_by_name_or_number_and_errors():
    ref = Referee()
    assert answer(ref, "genmove").startswith("? no game")
    answer(ref, "new trap")
    for level in list(ai.LEVELS) + ["1", str(len(ai.LEVELS))]:
        assert answer(ref, "hint " + level).startswith("= "), level
    assert answer(ref, "hint expert").startswith("? unknown AI level 'expert'")
    assert answer(ref, "genmove easy hard").startswith("? usage: genmove [LEVEL]")


def test_hint_finds_the_win_and_genmove_ends_the_game():
    ref = Referee()
    answer(ref, "new trap")
    # Light to move with d4 e4 d5: e5 closes the smallest trap (spec "Trap").
    ref.game.decode("......../......../......../...L..../...LL.../.D....../.DD...../........ L 17 17 0")
    assert answer(ref, "hint") == "= e5"
    assert answer(ref, "genmove hard") == "= e5"
    assert answer(ref, "status") == "= to_move=none winner=Light reason=trap"
    assert answer(ref, "genmove").startswith("? the game is over")


def test_no_ai_is_a_clear_error(monkeypatch):
    ref = Referee()
    answer(ref, "new trap")
    monkeypatch.setattr(registry.game_class("trap"), "NAME", "no_ai_here")
    assert answer(ref, "hint") == "? no AI for no_ai_here yet"


def test_process_genmove():
    proc = subprocess.run([sys.executable, "-m", "tools.bench.referee"], cwd=ROOT, input="new trap\ngenmove\nshow\nquit\n",
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0
    blocks = proc.stdout.split("\n\n", 2)
    assert blocks[1].startswith("= ") and len(blocks[1]) > 2
    assert " L " in blocks[2]  # Light's ball is on the board
