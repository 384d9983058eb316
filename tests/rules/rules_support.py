# Helpers for the rules tests, which run unchanged under pytest (CPython) and under the real
# MicroPython VM (tools/vm/mpy_test.mjs).  Plain functions and asserts only.
import sys

from shared_rules import ai, levels
from shared_rules.game import GameError

# Tests check the AI's budgets by node count, never by time, so the levels' time caps
# are off in every test (a loaded machine must not change which move a search returns).
levels.time_caps = False

ON_MICROPYTHON = sys.implementation.name == "micropython"


def scaled(n_cpython, n_micropython):
    """How many iterations a randomised test does: the VM is ~15x slower than CPython."""
    return n_micropython if ON_MICROPYTHON else n_cpython


def raises(exc_type, func, *args):
    """True when func(*args) raises exc_type (pytest.raises is not available under the VM)."""
    try:
        func(*args)
    except exc_type:
        return True
    return False


# --- protocol invariants shared by the randomised tests of several games -------------------------

def position_snapshot(game, moves=None):
    """What undo must restore exactly: the position text, the side to move, the result and the
    legal moves (`moves`, when the caller has them already)."""
    moves = game.legal_moves() if moves is None else moves
    return (game.encode(), game.to_move(), game.winner(), moves_digest(moves) if ON_MICROPYTHON else sorted(moves))


def moves_digest(moves):
    """The legal moves in little room, whatever their order (count, sum, xor, least, most): on
    MicroPython a snapshot per decision of every sorted list (hundreds of moves in Lazo) ran
    the device's heap out within one game; CPython keeps the lists."""
    total = mixed = 0
    for m in moves:
        total += m
        mixed ^= m
    return (len(moves), total, mixed, min(moves) if moves else -1, max(moves) if moves else -1)


class Snapshots:
    """A stack of position snapshots (tuples), one per decision of a game, for undo checks.
    CPython keeps the tuples.  MicroPython keeps an 8-byte digest of each (SHA-256 of its repr)
    in one bytearray: a tuple, its position text and its moves' digest per decision, allocated
    between each decision's garbage, end up scattered over the heap by the collections, until
    a small allocation fails (MemoryError)."""

    def __init__(self, capacity=64):
        self.count = 0
        self.kept = [] if not ON_MICROPYTHON else bytearray(_DIGEST_BYTES * max(capacity, 1))

    def push(self, snapshot):
        if not ON_MICROPYTHON:
            self.kept.append(snapshot)
        else:
            at = _DIGEST_BYTES * self.count
            if at == len(self.kept):  # full: twice the room (a game longer than its capacity)
                grown = bytearray(2 * at)
                grown[:at] = self.kept
                self.kept = grown
            self.kept[at:at + _DIGEST_BYTES] = _digest(snapshot)
        self.count += 1

    def top_is(self, snapshot):
        """True when `snapshot` equals the last one pushed."""
        if not ON_MICROPYTHON:
            return self.kept[-1] == snapshot
        at = _DIGEST_BYTES * (self.count - 1)
        return self.kept[at:at + _DIGEST_BYTES] == _digest(snapshot)

    def pop_is(self, snapshot):
        """top_is(snapshot), the last one taken off."""
        same = self.top_is(snapshot)
        self.count -= 1
        if not ON_MICROPYTHON:
            self.kept.pop()
        return same


_DIGEST_BYTES = 8


def _digest(snapshot):
    import hashlib
    return hashlib.sha256(repr(snapshot).encode()).digest()[:_DIGEST_BYTES]


def undo_to_start(game, snapshots, snapshot=position_snapshot):
    """Takes back every decision, checking after each undo the snapshot(game) taken before that
    decision (popped off `snapshots`, a Snapshots); then one more undo must be refused with
    GameError."""
    while snapshots.count:
        game.undo()
        assert snapshots.pop_is(snapshot(game)), game.encode()
    assert not game.history and raises(GameError, game.undo)


def decoded_copy(game):
    """A new game with the same options decoded from game.encode(), which must encode the same."""
    copy = game.__class__(game.options)
    copy.decode(game.encode())
    assert copy.encode() == game.encode()
    return copy


def check_record_replays(game):
    """game.record(), played text by text on a new game with the same options, reaches the same
    position and result."""
    replay = game.__class__(game.options)
    for text in game.record().split():
        replay.play_text(text)
    assert replay.encode() == game.encode() and replay.winner() == game.winner()


def check_decoded(game, moves, copy):
    """`copy` (another game with the same options, in any position) decoded from game.encode()
    encodes the same and agrees on who moves, the result and the legal moves (`moves`)."""
    text = game.encode()
    copy.decode(text)
    assert copy.encode() == text
    assert copy.to_move() == game.to_move() and copy.winner() == game.winner(), text
    assert copy.legal_moves() == moves, text


def play_checked(game, rng, pick=None, after=None, decode_every=1, max_decisions=0, state=None):
    """Plays `game` to its end (or `max_decisions`) with random decisions (`pick(game, rng,
    moves)`, else uniform), checking the protocol's invariants: while the game is on its legal
    moves are never empty and hold no duplicate, each decision's text names it back, every
    `decode_every`-th position (and the last) decodes into one other game object
    (check_decoded), an undo now and then restores the position exactly (position_snapshot plus
    `state(game)`, a game's hidden state) and the move plays again; at the end (of a finished
    game) no move is legal, the record is printable ASCII and replays to the same position, and
    undo takes the game back to its start exactly.  `after(game, mover, move)` adds a game's
    own checks after each decision.  Returns (decisions, winner, record)."""

    def snapshot(game, moves=None):
        taken = position_snapshot(game, moves)
        return taken + state(game) if state else taken

    snapshots = Snapshots(max_decisions or 64)
    copy = game.__class__(game.options)
    while True:
        moves = game.legal_moves()
        over = game.is_over()
        if over or snapshots.count % decode_every == 0:
            check_decoded(game, moves, copy)
        if over or snapshots.count == max_decisions > 0:
            break
        assert moves, "no legal move in an ongoing game: " + game.encode()
        assert len(set(moves)) == len(moves), "duplicate legal moves: " + game.encode()
        snapshots.push(snapshot(game, moves))
        move = pick(game, rng, moves) if pick else moves[rng.below(len(moves))]
        assert game.move_from_text(game.move_to_text(move)) == move, game.move_to_text(move)
        mover = game.to_move()
        game.play(move)
        if rng.below(8) == 0:
            game.undo()
            assert snapshots.top_is(snapshot(game)), game.encode()
            game.play(move)
        if after:
            after(game, mover, move)
    if over:
        assert moves == []
    record = game.record()
    assert all(32 <= ord(ch) < 127 for ch in record), record
    check_record_replays(game)
    decisions, winner = len(game.history), game.winner()
    undo_to_start(game, snapshots, snapshot)
    return decisions, winner, record


def play_random(game, rng, pick=None, after=None):
    """Plays `game` to its end with random decisions (`pick(game, rng, moves)`, else uniform),
    running only a game's own checks `after(game, mover, move)` after each (test_every_game.py
    holds every game to the protocol).  Returns the game."""
    while not game.is_over():
        moves = game.legal_moves()
        move = pick(game, rng, moves) if pick else moves[rng.below(len(moves))]
        mover = game.to_move()
        game.play(move)
        if after:
            after(game, mover, move)
    return game


def refuses(game, move):
    """True when game.play(move) is refused with GameError and the position stays as it was."""
    before = game.encode()
    return raises(GameError, game.play, move) and game.encode() == before


# --- AI tests shared by several games -----------------------------------------------------------

def ai_whole_games(name, seed, games, max_decisions, first_budget, budget_step, options=None):
    """Whole games of the AI against a uniform random player (Rng(seed)): game g plays the
    levels in turn, the AI taking the decisions whose count has g's parity, with a node budget
    of first_budget + g * budget_step (no time cap).  Checks that every AI move is legal and
    every search stays within its budget; returns the games' lengths in decisions."""
    from shared_rules import registry
    from shared_rules.game import ONGOING
    from shared_rules.rng import Rng
    import shared_rules.games  # noqa: F401  (registers every game)
    rng = Rng(seed)
    lengths = []
    for game_no in range(games):
        game = registry.create(name, options)
        level = ai.LEVELS[game_no % len(ai.LEVELS)]
        budget = first_budget + budget_step * game_no
        while game.winner() == ONGOING and len(game.history) < max_decisions:
            legal = game.legal_moves()
            if len(game.history) % 2 == game_no % 2:
                search = ai.Search(game, level, seed=len(game.history), max_nodes=budget, device_seconds=1000)
                move = search.run()
                assert search.nodes <= budget, (name, level, search.nodes, budget)
            else:
                move = legal[rng.below(len(legal))]
            assert move in legal, (name, level, game.move_to_text(move))
            game.play(move)
        lengths.append(len(game.history))
    return lengths


def check_keeps_every_win(game, kept):
    """Every legal move that wins on the spot is among `kept` (a tuning's win_candidates()):
    returns the moves left out."""
    player = game.to_move()
    left_out = []
    for move in game.legal_moves():
        game.play(move)
        won = game.winner() == player
        game.undo()
        assert not won or move in kept, (game.options, game.move_to_text(move))
        if move not in kept:
            left_out.append(move)
    return left_out


# --- recorded AI choices (reshaping the AI code must not change a move or a count) ----------------

def recorded_searches(name, positions, seeds, lines=()):
    """The searches whose results tests record (a change of the AI's shape must keep them), as (label,
    level, seed, move text, nodes, depth) in this order: for each (label,
    options, start) of `positions` a search at every level with each of `seeds`, and for each
    (label, options, start, level, count) of `lines` `count` decisions in a row at `level`, the
    k-th search with seed k.  A start is decisions played from the start (move texts), "=" and
    a position to decode, or (seed, plies): that many random decisions drawn from Rng(seed)."""
    from shared_rules import registry
    from shared_rules.rng import Rng
    import shared_rules.games  # noqa: F401  (registers every game)

    def started(options, start):
        game = registry.create(name, options)
        if isinstance(start, tuple):
            rng = Rng(start[0])
            for _ in range(start[1]):
                moves = game.legal_moves()
                game.play(moves[rng.below(len(moves))])
        elif start.startswith("="):
            game.decode(start[1:])
        else:
            for text in start.split():
                game.play_text(text)
        return game

    out = []
    for label, options, start in positions:
        game = started(options, start)
        before = game.encode()
        for level in ai.LEVELS:
            for seed in seeds:
                search = ai.Search(game, level, seed=seed)
                move = search.run()
                out.append((label, level, seed, game.move_to_text(move), search.nodes, search.depth))
        assert game.encode() == before
    for label, options, start, level, count in lines:
        game = started(options, start)
        for k in range(count):
            search = ai.Search(game, level, seed=k)
            move = search.run()
            out.append((label, level, k, game.move_to_text(move), search.nodes, search.depth))
            game.play(move)
    return out


def check_recorded(got, recorded):
    """Every recorded search (see recorded_searches) gave what it gave when it was recorded."""
    for i in range(len(recorded)):
        assert got[i] == recorded[i], (got[i], recorded[i])
    assert len(got) == len(recorded), got[len(recorded):]
