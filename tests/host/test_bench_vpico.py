"""The virtual Pico bench's heap figures (tools/bench/bench_vpico.py): its device code (REPLAY) run
on CPython, gc.mem_alloc() counted by tracemalloc (objects are freed as soon as they are let
go; a conservative collector may keep one alive through a stale pointer on its stack)."""
import tracemalloc

from shared_rules import ai, registry
from shared_rules.thoughtwave import ai as ai_thoughtwave
import shared_rules.games  # noqa: F401
from tools.bench.bench_vpico import REPLAY


class TracedHeap:
    """MicroPython's gc.collect() and gc.mem_alloc() for REPLAY's code on CPython."""

    @staticmethod
    def collect():
        pass

    @staticmethod
    def mem_alloc():
        return tracemalloc.get_traced_memory()[0]


HELD = 1 << 18  # more than the rest of a search holds at any moment


class RootHolder(ai_thoughtwave.Tuner):
    """Holds HELD bytes from its start to the end of the root's ordering, as the root's whole
    move list did beside the Tuner: the search's nodes never see it."""

    def __init__(self, game, level):
        ai_thoughtwave.Tuner.__init__(self, game, level)
        self.held = bytearray(HELD)

    def order(self, moves, count):
        out = ai_thoughtwave.Tuner.order(self, moves, count)
        self.held = None
        return out


def test_the_search_peak_counts_what_the_root_holds_beside_the_tuner(monkeypatch):
    device = {}
    exec(REPLAY, device)
    device["gc"] = TracedHeap
    game = registry.create("thoughtwave")
    history = [game.move_from_text(text) for text in ("B1@i2", "S0@a1", "J3@c9", "S0@j9")]
    tracemalloc.start()
    try:
        plain = device["search_peak"]("thoughtwave", {}, history, 1, "normal")[0]
        monkeypatch.setattr(ai, "tuner_class", lambda game: RootHolder)
        held = device["search_peak"]("thoughtwave", {}, history, 1, "normal")[0]
    finally:
        tracemalloc.stop()
    assert 4000 < plain < HELD  # (the Tuner and its distance model, the root's moves)
    assert held >= HELD, (plain, held)
