"""The move builder's targets at each step (firmware/builder.py): counted right however the
view's keys come, and without a call or a sort per move where a new game's first screen waits
for them (a whole redraw's target: <= 150 ms on the reference board)."""
import random

import pytest

from app_harness import FakeHW
from firmware import builder as builder_module
from firmware.builder import MoveBuilder
from firmware.ui import UI
from firmware.views.base import BUTTON, View
from shared_rules import registry
import shared_rules.games  # noqa: F401
from test_app_views import view_for

GAMES = registry.game_names()


class KeyedView(View):
    """A view whose moves are indexes into a list of first-step keys (-1: no step)."""

    def __init__(self, ui, keys, first_move=0):
        View.__init__(self, ui, None)
        self.keys = keys
        self.first_move = first_move    # the moves are first_move + an index into keys

    def step_key(self, move, depth):
        return self.keys[move - self.first_move] if depth == 0 else -1

    def cell_xy(self, depth, key):
        return key % 200, key // 200


def plain_count(keys, first_move=0):
    """targets, counts and first moves as a dict would count them."""
    seen = {}
    for i, key in enumerate(keys):
        if key >= 0:
            seen.setdefault(key, [0, first_move + i])[0] += 1
    targets = sorted(seen)
    return targets, [seen[k][0] for k in targets], [seen[k][1] for k in targets]


@pytest.mark.parametrize("seed", range(40))
def test_targets_counts_and_first_moves_are_those_of_a_plain_count(seed):
    rng = random.Random(seed)
    keys = []
    ascending = seed % 2 == 0          # the common case (moves listed by first step), and any order
    key = 0
    while len(keys) < rng.randrange(1, 300):
        if ascending:
            key += rng.randrange(1, 5)
        else:
            key = rng.choice((-1, rng.randrange(0, 60), BUTTON + rng.randrange(3)))
        keys += [key] * rng.randrange(1, 6)
    if ascending and seed % 4 == 0:
        keys += [BUTTON, BUTTON + 1]
    first_move = 0x10000 - 150 if seed % 3 == 0 else 0   # some moves past two bytes
    view = KeyedView(UI(FakeHW("pico_lcd13")), keys, first_move)
    builder = MoveBuilder(view, list(range(first_move, first_move + len(keys))))
    targets, counts, firsts = plain_count(keys, first_move)
    assert list(builder.targets) == targets
    assert list(builder.counts) == counts
    assert list(builder.firsts) == firsts
    assert builder.buttons == [k for k in targets if k >= BUTTON]
    for i, key in enumerate(builder.targets):
        if key < BUTTON:
            assert (builder.xs[i], builder.ys[i]) == (key % 200, key // 200)


@pytest.mark.parametrize("name", GAMES)
def test_each_views_keys_and_points_in_bulk_are_its_keys_and_points_one_by_one(name):
    rng = random.Random(name)
    game = registry.create(name)
    for _ in range(30):
        moves = game.legal_moves()
        if not moves:
            break
        view = view_for(name, FakeHW("pico_lcd13"), game)
        for depth in range(3):
            keys = [view.step_key(m, depth) for m in moves]
            shift = view.step_shift(moves, depth)
            if shift >= 0:
                assert [m >> shift for m in moves] == keys
            places = sorted({k for k in keys if 0 <= k < BUTTON})
            xs, ys = view.places_xy(depth, places)
            assert [(xs[i], ys[i]) for i in range(len(places))] == [view.cell_xy(depth, k) for k in places]
        game.play(rng.choice(moves))


@pytest.mark.parametrize("name", ["thoughtwave", "lazo"])
def test_a_new_games_first_targets_take_no_call_per_move_and_no_sort(name, monkeypatch):
    """Thoughtwave's first decision has 1,500 moves (a call each is slow on the device)
    and Lazo's 145 targets come sorted (MicroPython's sort of a sorted list is quadratic)."""
    game = registry.create(name)
    view = view_for(name, FakeHW("pico_lcd13"), game)
    calls = {"step_key": 0, "cell_xy": 0, "sorted": 0}

    def counted(what, function):
        def wrapper(*args):
            calls[what] += 1
            return function(*args)
        return wrapper

    monkeypatch.setattr(view, "step_key", counted("step_key", view.step_key))
    monkeypatch.setattr(view, "cell_xy", counted("cell_xy", view.cell_xy))
    monkeypatch.setattr(builder_module, "sorted", counted("sorted", sorted), raising=False)
    builder = MoveBuilder(view, game.legal_moves())
    assert len(builder.targets) > 60
    assert calls == {"step_key": 0, "cell_xy": 0, "sorted": 0}


@pytest.mark.parametrize("name", GAMES)
def test_a_decisions_targets_counts_and_first_moves_are_kept_in_two_byte_arrays(name):
    """A list grown by appends holds up to twice its items in the device's heap; the builder
    is live at every human turn's first decision, the play screen's least free heap."""
    game = registry.create(name)
    builder = MoveBuilder(view_for(name, FakeHW("pico_lcd13"), game), game.legal_moves())
    for kept in (builder.targets, builder.counts, builder.firsts):
        assert getattr(kept, "typecode", None) == "H"
        assert kept.buffer_info()[1] == len(builder.targets)
    for i, key in enumerate(builder.targets):
        builder.cursor = key
        assert builder.cursor_move() == builder.firsts[i]
        assert builder.cursor_count() == builder.counts[i]
