"""The referee's protocol, independent of any game: answers, errors, a bad line never kills it."""
import subprocess
import sys
from pathlib import Path

from tools.bench.referee import Referee

ROOT = Path(__file__).resolve().parents[2]


def test_errors_are_answers_not_crashes():
    ref = Referee()
    for line in ["bogus", "new no_such_game", "legal", "play x", "undo", "status", "new"]:
        answer, keep = ref.handle(line)
        assert answer.startswith("? ") and keep, (line, answer)
    assert ref.handle("   ") == (None, True)
    assert ref.handle("quit") == ("= ", False)


def test_process_speaks_the_protocol():
    proc = subprocess.run([sys.executable, "-m", "tools.bench.referee"], cwd=ROOT, input="games\nfoo\nquit\n",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    blocks = proc.stdout.split("\n\n")
    assert blocks[0].startswith("= ")
    assert blocks[1].startswith("? unknown command 'foo'")
    assert blocks[2] == "= "


def test_trap_first_player_option():
    """Trap's first=dark (the seed: "Players decide who goes first") through the referee."""
    ref = Referee()
    answer, _ = ref.handle("new trap first=dark")
    assert answer.startswith("= ") and "first=dark" in answer
    assert ref.handle("status")[0] == "= to_move=Dark winner=none"
    assert ref.handle("new trap first=blue")[0].startswith("? ")


def test_integer_options_answer_with_the_allowed_range_and_are_normalised():
    ref = Referee()
    for line, allowed in (("new trap size=" + "9" * 5000, "7..16"), ("new tholian_go seed=" + "7" * 5000, "..")):
        answer, keep = ref.handle(line)
        assert answer.startswith("? option ") and "internal error" not in answer and allowed in answer, answer[:300]
        assert len(answer) < 200 and keep
    assert ref.handle("new trap size=08")[0] == "= dots=five first=light size=8"
    assert " seed=7 " in ref.handle("new tholian_go seed=007")[0]


def test_help_lists_every_command_and_help_flag_prints_it():
    ref = Referee()
    answer, keep = ref.handle("help")
    assert answer.startswith("= ") and keep
    for command in ref.commands():
        assert "\n  " + command in answer, command
    proc = subprocess.run([sys.executable, "-m", "tools.bench.referee", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, input="")
    assert proc.returncode == 0 and "genmove [LEVEL]" in proc.stdout and "stdin" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "tools.bench.referee", "--bogus"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, input="")
    assert proc.returncode == 2 and "unknown argument '--bogus'" in proc.stderr


def test_a_failed_new_says_which_game_is_still_on():
    ref = Referee()
    answer, _ = ref.handle("new trap size=abc")
    assert answer == "? option size=abc is not valid for trap; choose an integer 7..16; no game is on"
    ref.handle("new lazo")
    answer, _ = ref.handle("new trap size=3")
    assert answer.startswith("? option size=3 is not valid for trap; choose an integer 7..16; "
                             "the lazo game") and answer.endswith("is still on")
    assert ref.game.NAME == "lazo"


def test_status_says_why_the_game_ended():
    """A finished game's status names the reason (and the score where the game has one)."""
    ref = Referee()
    ref.handle("new trap")
    for move in "d4 a1 e4 a8 d5 h1".split():
        assert ref.handle("play " + move)[0] == "= "
    assert ref.handle("status")[0] == "= to_move=Light winner=none"
    ref.handle("play e5")   # the smallest trap (docs/rules/trap.md)
    assert ref.handle("status")[0] == "= to_move=none winner=Light reason=trap"
    ref.handle("new tholian_go")
    ref.handle("play offer")
    ref.handle("play accept")
    assert ref.handle("status")[0] == "= to_move=none winner=draw reason=agreed"
    # Throngs' status carries the score: Black starts a turn with 34 on the 63 board (the seed's
    # early end, docs/rules/throngs.md "End and score").
    ref.handle("new throngs")
    stones = "1" * 33 + "0" * 17 + "1" + "0" * 10 + "22"
    ref.game.decode("stones=%s mover=2 maneuver=2 flight=- passed=000 deployed=0 must_deploy=00 "
                    "counters=-1,-1 setup=4 swapped=0 result=none" % stones)
    assert ref.handle("play pass")[0] == "= "
    black, white = ref.game.end_score()
    assert black >= 34 and ref.handle("status")[0] == "= to_move=none winner=Black reason=score score=%d:%d" % (
        black, white)
