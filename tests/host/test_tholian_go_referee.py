"""Tholian Go through the referee: new with every variant name, legal, play,
show, status, record, and option errors that name the valid choices."""
from tools.bench.referee import Referee


def ask(ref, line):
    answer, keep = ref.handle(line)
    assert keep
    return answer


def test_referee_plays_a_turn_and_records_it():
    ref = Referee()
    assert ask(ref, "new tholian_go").startswith("= ")
    legal = ask(ref, "legal")[2:].split()
    assert "L3.2-L3.3" in legal and "D1.1-D1.2" in legal and "offer" in legal
    for move in ["L3.2-L3.3", "D1.1-D2.1", "-D2.2", "end"]:
        assert ask(ref, "play " + move) == "= ", move
    assert ask(ref, "status") == "= to_move=Blue winner=none"
    assert "Blue to move" in ask(ref, "show")
    assert ask(ref, "record") == "= L3.2-L3.3 D1.1-D2.1 -D2.2 end"
    assert ask(ref, "play L1.1-L2.1").startswith("? ")  # Red's token, Blue to move
    assert ask(ref, "undo") == "= "
    assert ask(ref, "status") == "= to_move=Red winner=none"


def test_referee_every_variant_and_space():
    ref = Referee()
    for v in ("standard", "ultimate", "chain", "football", "lucky", "oracle", "scrimmage", "lucky_scrimmage"):
        answer = ask(ref, "new tholian_go variant=%s seed=4" % v)
        assert answer.startswith("= ") and "variant=%s" % v in answer
        move = ask(ref, "legal")[2:].split()[0]
        assert ask(ref, "play " + move) == "= "
    for s in ("periodic", "wide", "long", "square"):
        assert ask(ref, "new tholian_go space=%s push_limit=on" % s).startswith("= ")
    ask(ref, "new tholian_go variant=oracle")
    assert "dice: " in ask(ref, "show")


def test_referee_option_errors():
    ref = Referee()
    answer = ask(ref, "new tholian_go variant=speed")
    assert answer.startswith("? ") and "lucky_scrimmage" in answer
    answer = ask(ref, "new tholian_go space=torus")
    assert answer.startswith("? ") and "standard|periodic|wide|long|square" in answer
    answer = ask(ref, "new tholian_go variant=chain transform=off")
    assert answer.startswith("? ") and "variant=lucky" in answer


def test_referee_plays_a_whole_path_or_nothing():
    """A move is the whole path n0-n1-...; a path that goes wrong part way changes nothing."""
    ref = Referee()
    ask(ref, "new tholian_go")
    assert ask(ref, "play D1.1-D2.1-D2.2-D9.9").startswith("? ")
    assert ask(ref, "record") == "= "
    assert ask(ref, "play D1.1-D2.1-D2.2") == "= "
    assert ask(ref, "record") == "= D1.1-D2.1 -D2.2"
