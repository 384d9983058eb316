# The generic search (shared_rules/ai.py) on two small games defined here, for tests only:
# tic-tac-toe (one decision per turn) and "Pairs" (each turn is two placements by the same
# player, as in Tholian Go or Throngs, so wins and blocks need the search to see sequences).
from shared_rules import ai
from shared_rules.game import Game, GameError, ONGOING, DRAW
from rules_support import ON_MICROPYTHON, raises, scaled

LINES3 = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe(Game):
    NAME = "tictactoe_test"
    PLAYERS = ("X", "O")

    def __init__(self, options=None):
        Game.__init__(self, options)
        self.board = bytearray(9)  # 0 empty, 1 X, 2 O

    def to_move(self):
        return len(self.history) % 2

    def winner(self):
        b = self.board
        for a, c, d in LINES3:
            if b[a] and b[a] == b[c] == b[d]:
                return b[a] - 1
        return DRAW if len(self.history) == 9 else ONGOING

    def legal_moves(self):
        if self.winner() != ONGOING:
            return []
        return [i for i in range(9) if not self.board[i]]

    def play(self, move):
        if move not in self.legal_moves():
            raise GameError("illegal move %s" % move)
        self.board[move] = self.to_move() + 1
        self.history.append(move)

    def undo(self):
        if not self.history:
            raise GameError("nothing to undo")
        self.board[self.history.pop()] = 0

    def setup(self, text):
        """'X.O......' style board; X moves next when the counts are equal."""
        for i in range(9):
            self.board[i] = ".XO".index(text[i])
        # Fake a history of the right length so to_move() and DRAW work.
        self.history = [99] * (9 - text.count("."))


class TicTacToeTuner(ai.Tuner):
    LEVELS = ai.tuned_levels(easy=ai.Level(1.0, 40, (9,), 3), normal=ai.Level(1.0, 400, (9, 9, 9)),
                             hard=ai.Level(10.0, 20000, (9, 9, 9, 9, 9, 9, 9, 9, 9)))

    def evaluate(self, player):
        """Lines still open for `player` minus those open for the opponent."""
        b = self.game.board
        me, you = player + 1, 2 - player
        value = 0
        for a, c, d in LINES3:
            cells = (b[a], b[c], b[d])
            if you not in cells:
                value += 1 + cells.count(me)
            if me not in cells:
                value -= 1 + cells.count(you)
        return value

    def order(self, moves, count):
        return [m for m in (4, 0, 2, 6, 8, 1, 3, 5, 7) if m in moves][:count]


class Pairs(Game):
    """A row of 12 cells; a turn is two placements (the very first turn one); three in a row wins."""
    NAME = "pairs_test"
    PLAYERS = ("A", "B")
    SIZE = 12

    def __init__(self, options=None):
        Game.__init__(self, options)
        self.cells = bytearray(self.SIZE)

    def to_move(self):
        n = len(self.history)
        return 0 if n == 0 else ((n - 1) // 2 + 1) % 2

    def winner(self):
        c = self.cells
        for i in range(self.SIZE - 2):
            if c[i] and c[i] == c[i + 1] == c[i + 2]:
                return c[i] - 1
        return DRAW if len(self.history) == self.SIZE else ONGOING

    def legal_moves(self):
        if self.winner() != ONGOING:
            return []
        return [i for i in range(self.SIZE) if not self.cells[i]]

    def play(self, move):
        if move not in self.legal_moves():
            raise GameError("illegal move %s" % move)
        self.cells[move] = self.to_move() + 1
        self.history.append(move)

    def undo(self):
        if not self.history:
            raise GameError("nothing to undo")
        self.cells[self.history.pop()] = 0

    def setup(self, text):
        """'A..B' style row; A starts a turn (a history of 3 decisions: A, then B's two)."""
        for i in range(self.SIZE):
            self.cells[i] = ".AB".index(text[i])
        self.history = [99] * 3
        assert self.to_move() == 0


class PairsTuner(ai.Tuner):
    LEVELS = ai.tuned_levels(easy=ai.Level(1.0, 50, (12, 3), 4), normal=ai.Level(1.0, 3000, (12, 12, 12, 12)),
                             hard=ai.Level(10.0, 30000, (12, 12, 12, 12, 12)))

    def evaluate(self, player):
        c = self.game.cells
        me, you = player + 1, 2 - player
        value = 0
        for i in range(Pairs.SIZE - 2):
            w = (c[i], c[i + 1], c[i + 2])
            if you not in w:
                value += w.count(me) * w.count(me)
            if me not in w:
                value -= w.count(you) * w.count(you)
        return value

    def order(self, moves, count):
        return moves[:count]


def search(game, tuner, level="normal", **kw):
    s = ai.Search(game, level, tuner=tuner, **kw)
    return s.run(), s


def test_win_in_one_is_taken():
    g = TicTacToe()
    g.setup("XX.OO....")  # X to move: 2 wins
    for level in ai.LEVELS:
        assert search(g, TicTacToeTuner, level)[0] == 2, level


def test_loss_in_one_is_blocked():
    g = TicTacToe()
    g.setup("XO..O...X")  # X to move, no win of its own; O threatens 7 (1-4-7)
    for level in ("normal", "hard"):
        assert search(g, TicTacToeTuner, level)[0] == 7, level


def test_search_leaves_the_game_unchanged():
    g = TicTacToe()
    g.setup("X...O....")
    before = (bytes(g.board), list(g.history))
    search(g, TicTacToeTuner, "hard")
    assert (bytes(g.board), g.history) == before


def test_node_budget_is_respected():
    g = TicTacToe()
    for budget in (1, 2, 7, 50, 333):
        move, s = search(g, TicTacToeTuner, "hard", max_nodes=budget)
        assert s.nodes <= budget, (budget, s.nodes)
        assert s.stopped_by == "nodes"
        assert move in g.legal_moves()
    _, s = search(g, TicTacToeTuner, "easy")
    assert s.nodes <= TicTacToeTuner.LEVELS["easy"].max_nodes


class DeepFirstTuner(TicTacToeTuner):
    DEEPEN_FROM = 3


def test_deepen_from_skips_the_shallow_iterations():
    """DEEPEN_FROM: the search starts at that depth; same move as deepening from 1 at the same
    full depth (the whole tree), fewer nodes."""
    g = TicTacToe()
    g.setup("X...O....")
    move, full = search(g, TicTacToeTuner, "normal")
    deep_move, deep = search(g, DeepFirstTuner, "normal")
    assert deep_move == move and deep.depth == full.depth == 3
    assert deep.nodes < full.nodes


class SureTuner(TicTacToeTuner):
    SURE_WIN = 1  # every position X likes at all counts as won, for this test


def test_sure_win_ends_the_search_at_the_first_such_move():
    """SURE_WIN: the first root move whose value reaches it is played, unsearched further; by
    default only a win (a win on the spot is played without a search)."""
    g = TicTacToe()
    g.setup("X...O....")
    move, s = search(g, SureTuner, "normal")
    assert move == 2 and s.nodes == 1 and s.depth == 1  # (4 is taken; 0 is X's)
    assert search(g, TicTacToeTuner, "normal")[1].nodes > 9
    g.setup("XX.OO....")
    move, s = search(g, TicTacToeTuner, "hard")
    assert move == 2 and s.nodes == 0      # a win on the spot is played before any search


class UnbuiltTuner(TicTacToeTuner):
    """Fails if it is built: a win on the spot needs no Tuner."""
    asked = []

    def __init__(self, game, level):
        raise AssertionError("a Tuner built before the win on the spot")

    @staticmethod
    def win_candidates(game, moves):
        UnbuiltTuner.asked.append(list(moves))
        return [m for m in moves if m != 5]


def test_a_win_on_the_spot_is_found_before_the_tuner_is_built():
    """The root's win check comes first, over the Tuner class's static win_candidates(game,
    moves): a search that wins at once builds no Tuner."""
    g = TicTacToe()
    g.setup("XX.OO....")
    UnbuiltTuner.asked[:] = []
    move, s = search(g, UnbuiltTuner, "hard")
    assert move == 2 and s.nodes == 0
    assert UnbuiltTuner.asked == [g.legal_moves()]
    g.setup("XX.OO.X..")  # O's 5 wins, but win_candidates leaves it out: the Tuner is built
    assert raises(AssertionError, search, g, UnbuiltTuner, "hard")


class RecordingTuner(TicTacToeTuner):
    SALT_FROM_FIRST = True
    received = []

    def order(self, moves, count):
        RecordingTuner.received.append(list(moves))
        return TicTacToeTuner.order(self, moves, count)


def test_salt_from_first_only_picks_the_first_root_move():
    """SALT_FROM_FIRST: the root moves reach order() as listed but for one seeded swap with the
    first (no shuffle)."""
    g = TicTacToe()
    firsts = set()
    for seed in range(8):
        RecordingTuner.received[:] = []
        search(g, RecordingTuner, "easy", seed=seed)
        got = RecordingTuner.received[0]
        listed = g.legal_moves()
        swapped = [i for i in range(9) if got[i] != listed[i]]
        assert sorted(got) == listed and (not swapped or (len(swapped) == 2 and swapped[0] == 0))
        firsts.add(got[0])
    assert len(firsts) > 1


class NarrowRecordingTuner(RecordingTuner):
    LEVELS = ai.tuned_levels(easy=ai.Level(1.0, 40, (3,), 3), normal=TicTacToeTuner.LEVELS["normal"],
                             hard=TicTacToeTuner.LEVELS["hard"])


class HeadTuner(NarrowRecordingTuner):
    ORDER_READS_FIRST = True


def test_order_reads_first_gets_the_head_of_the_same_root_moves():
    """ORDER_READS_FIRST: order() at the root gets only the first `count` of the moves that
    SALT_FROM_FIRST gives it (the same seeded first move), so the root's whole list is not
    held beside the Tuner."""
    g = TicTacToe()
    for seed in range(8):
        RecordingTuner.received[:] = []
        search(g, NarrowRecordingTuner, "easy", seed=seed)
        whole = RecordingTuner.received[0]
        RecordingTuner.received[:] = []
        search(g, HeadTuner, "easy", seed=seed)
        assert len(whole) == 9 and RecordingTuner.received[0] == whole[:3]


def test_order_reads_first_empties_the_root_list_before_the_tuner_is_built():
    """The root's whole list is emptied (its items' memory given back), not only let go: a
    conservative collector may keep a list object alive through a stale pointer."""
    g = TicTacToe()
    listed = []
    plain_legal_moves = g.legal_moves

    def legal_moves():
        moves = plain_legal_moves()
        listed.append(moves)
        return moves

    g.legal_moves = legal_moves
    RecordingTuner.received[:] = []
    search(g, HeadTuner, "easy", seed=1)
    assert len(RecordingTuner.received[0]) == 3 and listed[0] == []


class OneChoiceTuner(TicTacToeTuner):
    def order(self, moves, count):
        return [m for m in (4, 0, 2, 6, 8, 1, 3, 5, 7) if m in moves][:1]


def test_one_move_left_by_the_ordering_is_not_searched():
    g = TicTacToe()
    move, s = search(g, OneChoiceTuner, "hard")
    assert move == 4 and s.nodes == 0 and s.depth == 0 and s.stopped_by == ""


class Crossroads(Game):
    """One decision: move 0 goes back to a position seen before (repeated()), move 1 on."""
    NAME = "crossroads_test"
    PLAYERS = ("A", "B")

    def to_move(self):
        return len(self.history) % 2

    def winner(self):
        return ONGOING

    def legal_moves(self):
        return [0, 1] if not self.history else []

    def play(self, move):
        self.history.append(move)

    def undo(self):
        self.history.pop()

    def repeated(self):
        return self.history == [0]


class CrossroadsTuner(ai.Tuner):
    """Player A's value: `lead` at the root, more after the repetition than after the way on."""
    LEVELS = ai.tuned_levels(easy=ai.Level(1.0, 100, (2,)), normal=ai.Level(1.0, 100, (2,)),
                             hard=ai.Level(1.0, 100, (2,)))
    lead = 10

    def evaluate(self, player):
        value = self.lead + (10, -5)[self.game.history[0]] if self.game.history else self.lead
        return value if player == 0 else -value

    def order(self, moves, count):
        return moves[:count]


class ContemptTuner(CrossroadsTuner):
    CONTEMPT = 3


class BehindTuner(ContemptTuner):
    lead = -10


def test_contempt_makes_the_side_ahead_avoid_a_repetition():
    # Without CONTEMPT the repetition is only a position (worth more); with it, a draw.
    assert ai.Search(Crossroads(), "normal", tuner=CrossroadsTuner).run() == 0
    search = ai.Search(Crossroads(), "normal", tuner=ContemptTuner)
    assert search.run() == 1 and search.nodes == 2


def test_contempt_leaves_the_side_behind_glad_of_a_repetition():
    # Behind, the draw (0) beats going on at -15.
    assert ai.Search(Crossroads(), "normal", tuner=BehindTuner).run() == 0


def test_time_cap_stops_the_search():
    """The device-time cap (a safety net behind the node budget) ends a search by itself."""
    g = TicTacToe()
    move, s = search(g, TicTacToeTuner, "hard", max_nodes=10 ** 9, device_seconds=0)
    assert s.stopped_by == "time" and move in g.legal_moves()


def burn_ms(ms):
    """Keeps the CPU busy for `ms` milliseconds of the clock the AI reads."""
    import time
    if hasattr(time, "ticks_ms"):
        start = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), start) < ms:
            pass
    else:
        start = time.process_time()
        while (time.process_time() - start) * 1000 < ms:
            pass


class SlowFirstListing(TicTacToe):
    """Its first listing of moves takes 60 ms (a costly root listing)."""
    slow = True

    def legal_moves(self):
        if self.slow:
            self.slow = False
            burn_ms(60)
        return TicTacToe.legal_moves(self)


def test_the_time_cap_counts_the_whole_decision_from_the_request():
    """The root listing is part of the decision's time: past the cap, nothing is searched."""
    g = SlowFirstListing()
    move, s = search(g, TicTacToeTuner, "hard", max_nodes=10 ** 9, device_seconds=0.03)
    assert s.stopped_by == "time" and s.nodes == 0 and move in g.legal_moves()
    assert s.elapsed_ms >= 60


def test_only_legal_moves_in_random_games():
    from shared_rules.rng import Rng
    rng = Rng(5)
    for game_no in range(scaled(20, 4)):
        for cls, tuner in ((TicTacToe, TicTacToeTuner), (Pairs, PairsTuner)):
            g = cls()
            while g.winner() == ONGOING:
                legal = g.legal_moves()
                if (len(g.history) + game_no) % 2:
                    move = legal[rng.below(len(legal))]
                else:
                    move = search(g, tuner, ai.LEVELS[game_no % 3], seed=game_no, max_nodes=400)[0]
                assert move in legal
                g.play(move)


def test_perfect_search_never_loses_tictactoe_to_random():
    from shared_rules.rng import Rng
    rng = Rng(9)
    for game_no in range(scaled(6, 2)):
        g = TicTacToe()
        ai_player = game_no % 2
        while g.winner() == ONGOING:
            legal = g.legal_moves()
            if g.to_move() == ai_player:
                g.play(search(g, TicTacToeTuner, "hard", seed=game_no)[0])
            else:
                g.play(legal[rng.below(len(legal))])
        assert g.winner() in (ai_player, DRAW), g.board


def test_same_seed_same_move_other_seed_may_differ():
    g = Pairs()
    picks = []
    for seed in range(12):
        first = search(g, PairsTuner, "easy", seed=seed)[0]
        assert first == search(g, PairsTuner, "easy", seed=seed)[0]
        picks.append(first)
    assert len(set(picks)) > 1  # easy's noise and the seeded tie-breaks vary the opening


def test_multi_decision_win_needs_both_placements():
    """A turn of two decisions: A wins only by placing both 3 and 4 (A at 2)."""
    g = Pairs()
    g.setup("B.A..B.B..B.")
    move, s = search(g, PairsTuner, "normal")
    assert move in (3, 4, 1), move  # 1-2-3 needs 1 and 3, 2-3-4 needs 3 and 4: both win
    g.play(move)
    assert g.to_move() == 0  # still A's turn: the second decision completes the line
    second = search(g, PairsTuner, "normal")[0]
    g.play(second)
    assert g.winner() == 0


def test_multi_decision_block_sees_the_opponents_two_placements():
    """B at 6 threatens 6-7-8 / 5-6-7 / 4-5-6 with its next two placements; A's one placement
    cannot stop all of them, so A must use both placements to block around 6."""
    g = Pairs()
    g.setup("A.A.B.B.....")  # A: win right now with 1 (A at 0, 2)
    assert search(g, PairsTuner, "normal")[0] == 1
    g = Pairs()
    g.setup("......B.....")  # B at 6 threatens 4-5-6, 5-6-7 and 6-7-8
    first = search(g, PairsTuner, "normal")[0]
    g.play(first)
    second = search(g, PairsTuner, "normal")[0]
    g.play(second)
    assert g.to_move() == 1
    # After A's two placements, no two B placements may win.
    for b1 in g.legal_moves():
        g.play(b1)
        for b2 in g.legal_moves():
            g.play(b2)
            assert g.winner() != 1, (first, second, b1, b2)
            g.undo()
        g.undo()


def test_progress_is_reported_and_can_cancel():
    g = TicTacToe()
    # How many reports, the lowest, the highest and the last: not a list of them all, which
    # runs a device out of memory (the search reports thousands of times).
    seen = [0, 2.0, -1.0, -1.0]

    def report(fraction):
        seen[0] += 1
        seen[1] = min(seen[1], fraction)
        seen[2] = max(seen[2], fraction)
        seen[3] = fraction
        return False
    ai.Search(g, "hard", progress=report, tuner=TicTacToeTuner).run()
    assert seen[0] and seen[3] == 1.0 and 0 <= seen[1] and seen[2] <= 1.0

    def cancel(fraction):
        return True
    s = ai.Search(g, "hard", progress=cancel, tuner=TicTacToeTuner)
    move = s.run()
    assert s.stopped_by == "cancel" and s.nodes <= 16 and move in g.legal_moves()


def test_levels_and_errors():
    assert len(ai.LEVELS) >= 3 and ai.DEFAULT_LEVEL in ai.LEVELS
    assert ai.level_name("1") == ai.LEVELS[0] and ai.level_name(None) == ai.DEFAULT_LEVEL
    assert raises(GameError, ai.level_name, "expert")
    g = TicTacToe()
    g.setup("XXX.OO...")
    assert raises(GameError, ai.Search(g, tuner=TicTacToeTuner).run)
    assert raises(GameError, ai.tuner_class, g)  # no shared_rules/tictactoe_test/ai.py


def test_tuned_levels_names_every_level_and_no_other():
    """A game's LEVELS name a Level for each level of levels.py: one left out, or one levels.py
    does not know, is an error (not a silent default)."""
    easy, normal, hard = ai.Level(1.0, 10, (3,), 5), ai.Level(1.0, 20, (3, 3)), ai.Level(2.0, 40, (4, 4))
    tuned = ai.tuned_levels(easy=easy, normal=normal, hard=hard)
    assert tuned["easy"] is easy and tuned["hard"].widths == (4, 4) and tuned["normal"].noise == 0
    assert raises(GameError, lambda: ai.tuned_levels(easy=easy, normal=normal))
    assert raises(GameError, lambda: ai.tuned_levels(easy=easy, normal=normal, hard=hard, expert=hard))


def test_every_game_tunes_every_level():
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    for name in registry.game_names():
        tuner = ai.tuner_class(registry.create(name))
        # The base is the Tuner of the shared_rules.ai the game's module imported (the app's
        # tests load that module afresh).
        base = tuner.__bases__[0]
        assert base.__name__ == "Tuner" and base.DEEPEN_FROM == 1 and base.SURE_WIN == ai.WIN - 1, name
        assert sorted(tuner.LEVELS) == sorted(ai.LEVELS), name
        for level in ai.LEVELS:
            settings = tuner.LEVELS[level]
            assert settings.max_nodes > 0 and settings.device_seconds > 0 and len(settings.widths) >= 1


def test_every_level_has_its_words_of_strength():
    from shared_rules.levels import STRENGTH
    assert sorted(STRENGTH) == sorted(ai.LEVELS)
    assert all(len(STRENGTH[level]) == 2 for level in ai.LEVELS)  # the word, and the short one


def test_a_level_a_game_does_not_tune_is_an_error_at_import():
    """A level added to levels.py alone: every game's AI module refuses to load."""
    import sys
    from shared_rules import levels, registry
    import shared_rules.games  # noqa: F401
    names = registry.game_names()
    kept = {}
    for name in names:
        module = registry.ai_module(name)
        __import__(module)
        kept[module] = sys.modules[module]
    was = levels.LEVELS
    levels.LEVELS = was + ("expert",)
    try:
        for module in kept:
            del sys.modules[module]
            assert raises(GameError, __import__, module), module
    finally:
        levels.LEVELS = was
        for module in kept:
            sys.modules[module] = kept[module]
            package = sys.modules[module.rpartition(".")[0]]
            setattr(package, "ai", kept[module])


def test_keep_best_keeps_the_best_in_order_ties_first_come():
    items, scores = [0] * 8, [0] * 8
    kept = 0
    for item, score in ((10, 5), (11, 9), (12, 5), (13, 1), (14, 9), (15, 7)):
        kept = ai.keep_best(items, scores, 4, kept, 3, item, score)
    assert kept == 3 and items[4:7] == [11, 14, 15] and scores[4:7] == [9, 9, 7]
    assert items[:4] == [0, 0, 0, 0]          # nothing written below `base`
    kept = ai.keep_best(items, scores, 4, kept, 3, 16, 7)   # no better than the last: left out
    assert items[4:7] == [11, 14, 15]


def test_best_first_is_stable_and_sorted():
    moves = [10, 11, 12, 13, 14]
    assert ai.best_first(moves, [1, 5, 1, -3, 5], 9) == [11, 14, 10, 12, 13]
    assert ai.best_first(moves, [1, 5, 1, -3, 5], 2) == [11, 14]
    assert ai.best_first([], [], 3) == []


def winning_moves(game):
    player = game.to_move()
    out = []
    for move in game.legal_moves():
        game.play(move)
        if game.winner() == player:
            out.append(move)
        game.undo()
    return out


def wins_last(tuner_class, wins):
    """The game's Tuner with an ordering that leaves the winning moves out and no short list of
    them (the worst case seen: the normal Throngs AI's budget ended before its ordering
    reached them)."""
    class WinsLast(ai.Tuner):
        def __init__(self, game, level):
            self.tuner = tuner_class(game, level)

        def evaluate(self, player):
            return self.tuner.evaluate(player)

        def order(self, moves, count):
            return [m for m in moves if m not in wins][:count] or moves[:1]
    WinsLast.LEVELS = tuner_class.LEVELS
    return WinsLast


def test_a_win_on_the_spot_is_played_before_any_search_in_every_game_at_every_level():
    # Random games; wherever a position has a win on the spot, every level plays a winning move
    # there with a budget of one position and even when its ordering leaves the wins out.
    # Random Tholian Go and Thoughtwave games hardly ever reach such a position:
    # test_ai_<game>.py's test_takes_the_win_in_one checks them.
    from shared_rules import registry
    from shared_rules.rng import Rng
    import shared_rules.games  # noqa: F401
    for name in ("lazo", "throngs", "trap"):
        rng = Rng(22)
        found = 0
        # Throngs' seed rules test a score only when a player starts a turn, so its wins on the
        # spot come from Ludii's rules (the score before every maneuver).
        options = {"ruleset": "original"} if name == "throngs" else None
        for _ in range(scaled(4, 1)):
            game = registry.create(name, options)
            while game.winner() == ONGOING and found < 3 and len(game.history) < 400:
                moves = game.legal_moves()
                wins = winning_moves(game) if len(game.history) >= scaled(0, 30) else []
                if wins:
                    found += 1
                    # The game's own short list keeps every win.
                    kept = ai.tuner_class(game).win_candidates(game, list(moves))
                    assert [m for m in wins if m not in kept] == [], name
                    tuner = wins_last(ai.tuner_class(game), wins)
                    for level in ai.LEVELS:
                        for search in (ai.Search(game, level, max_nodes=1),
                                       ai.Search(game, level, tuner=tuner)):
                            move = search.run()
                            assert move in wins, (name, level, game.move_to_text(move))
                game.play(moves[rng.below(len(moves))])
        assert found or name == "throngs" or ON_MICROPYTHON, name
