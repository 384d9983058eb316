# Thoughtwave's AI (shared_rules/thoughtwave/ai.py + shared_rules/ai.py): its distance model,
# wins and blocks in one, legal moves and the node budget in whole games, determinism.
from shared_rules import ai, registry
from shared_rules.thoughtwave import ai as ai_thoughtwave
from shared_rules.thoughtwave.ai_links import Links
from shared_rules.game import ONGOING
from shared_rules.rng import Rng
import shared_rules.games  # noqa: F401
from rules_support import ai_whole_games, scaled


def link_distances(game):
    return Links().distances(game)


def position(tiles, to_move, red_hand, black_hand):
    """A game set to a position: `tiles` is "S1@a5 J3@b5 ..."; hands are five counts C,J,S,B,T."""
    game = registry.create("thoughtwave")
    rows = [["."] * 10 for _ in range(10)]
    for word in tiles.split():
        move = game.move_from_text(word)
        cell, mask = move >> 4, move & 15
        rows[9 - cell // 10][cell % 10] = ".123456789abcdef"[mask]
    game.decode("%s %s %s %s" % ("/".join("".join(r) for r in rows), to_move,
                                 ",".join(str(n) for n in red_hand), ",".join(str(n) for n in black_hand)))
    assert game.winner() == ONGOING
    return game


# Red's wave from a5 to i5, one square short of the right side (j5, where a wave already enters).
RED_ROW = "S1@a5 J1@b5 S1@c5 J3@d5 S1@e5 J1@f5 S1@g5 J3@h5 S1@i5"
# Black's wave from e1 up to e9, whose only way on is e10, boxed in by blank edges (d10, f10):
# a straight there links the bottom and the top; a terminator ends the wave.
BLACK_COLUMN = "S0@e1 J0@e2 S0@e3 J2@e4 S0@e5 J0@e6 S0@e7 J2@e8 S0@e9 B3@d10 B0@f10"


def test_distance_model_costs_and_shared_tiles():
    """Spec "Board and pieces" / "Winning": both players' waves run through placed pieces.  The
    evaluation's cost of a link: 2 per empty square (a tile), plus 1 for each of its edges the
    link crosses that no placed wave enters (there the opponent can block it); placed tiles
    are free but crossed only along their waves."""
    game = registry.create("thoughtwave")
    assert link_distances(game) == (40, 40)  # ten free squares, 4 each
    game.play_text("S1@a5")  # Red: a5 free; b5 entered by its wave 3; c5..j5 4 each
    assert link_distances(game) == (35, 40)  # Black crossing b5 upwards gains nothing
    game.play_text("S0@e1")  # Black: e1 free, e2 3, e3..e10 4 each
    assert link_distances(game) == (35, 35)
    game.play_text("S0@c5")  # an upright straight closes Red's row and serves Black's column c
    red, black = link_distances(game)
    assert red > 35 and black == 34  # c1..c3 4 each, c4 and c6 3, c5 0, c7..c10 4 each


def test_level_weights_of_own_distance():
    """The evaluation weighs the player's own distance 5:1 against the opponent's for easy,
    1:1 for normal (and so for the greedy benchmark player) and hard: ten free squares each
    (40) at the start, Red to move (+40)."""
    game = registry.create("thoughtwave")
    assert ai_thoughtwave.Tuner(game, "easy").evaluate(0) == (40 - 5 * 40) * 25 + 40
    assert ai_thoughtwave.Tuner(game, "normal").evaluate(0) == (40 - 40) * 25 + 40
    assert ai_thoughtwave.Tuner(game, "hard").evaluate(0) == (40 - 40) * 25 + 40


def test_a_link_of_facing_waves_is_a_won_race():
    """Spec "Moves": every edge a piece shares with a placed piece must match, so a square
    between two facing waves joins them whatever is put there (the opponent cannot block such
    a link): Red's row of straights with four such gaps wins the race against Black's longer
    link, whoever is to move."""
    row = "S1@a5 S1@c5 S1@e5 S1@g5 S1@i5 S1@j5"
    for to_move in ("R", "B"):
        game = position(row, to_move, (2, 6, 1, 10, 1), (2, 6, 3, 10, 1))
        assert link_distances(game)[0] == 8  # four gaps, 2 each
        tuner = ai_thoughtwave.Tuner(game, "normal")
        assert tuner.evaluate(0) > 50000 and tuner.evaluate(1) < -50000
    game = position("S1@a5 S1@c5 S1@e5 S1@g5", "R", (2, 6, 3, 10, 1), (2, 6, 3, 10, 1))
    assert abs(ai_thoughtwave.Tuner(game, "normal").evaluate(0)) < 50000  # i5..j5 still open: no race yet


def test_a_won_race_is_played_without_a_deeper_look():
    """SURE_WIN: the first root move after which Red's race is still won (the race of the test
    above) is played at once: one node, no replies searched."""
    game = position("S1@a5 S1@c5 S1@e5 S1@g5 S1@i5 S1@j5", "R", (2, 6, 1, 10, 1), (2, 6, 3, 10, 1))
    search = ai.Search(game, "normal")
    move = search.run()
    assert search.nodes == 1 and search.depth == 1
    game.play(move)
    assert ai_thoughtwave.Tuner(game, "normal").evaluate(0) >= ai_thoughtwave.Tuner.SURE_WIN


def test_evaluation_for_the_other_player_is_not_served_from_the_searchs_values():
    """The values a search's tuner keeps for the root player's positions (a reply it tried)
    must not come back when the same positions are evaluated for the replier (as the greedy
    benchmark player did while the tuning's state was the module's, shared by every caller)."""
    game = registry.create("thoughtwave")
    for text in ("S1@c3", "S0@f6", "J1@d3", "B3@f5", "S1@e3", "J0@f7"):
        game.play_text(text)
    search = ai.Search(game, "normal", seed=5)
    search.run()
    tuner = search.tuner
    assert tuner._tried  # the search kept a reply's value (else nothing is tested)
    game.play(tuner._current[0])
    replier = game.to_move()
    for i in range(tuner._tried):
        game.play(tuner._tried_moves[i])
        assert tuner.evaluate(replier) == tuner._links.evaluate(game, replier, tuner._attack)
        game.undo()


def test_a_reply_that_links_the_root_players_sides_refutes_nothing():
    """Spec "Winning": a tile that links only the other player's pair of sides wins for that
    player.  A reply kept as a refutation (from an earlier root move) that now does so for the
    root player is no refutation: the reply search goes on (None), not the loss it was."""
    game = position(RED_ROW, "R", (2, 2, 1, 10, 1), (2, 6, 4, 10, 1))
    tuner = ai_thoughtwave.Tuner(game, "normal")
    tuner.order(game.legal_moves(), 6)
    root_move = game.move_from_text("S0@c8")
    game.play(root_move)
    linking = game.move_from_text("S1@j5")  # Black's straight carries Red's wave to the side
    tuner._best_root[0], tuner._best_root[1] = 0, True
    tuner._refutations[0] = linking
    assert tuner._refuted(game, root_move) != [linking]
    game.play(linking)
    assert game.winner() == 0


def test_mirror_follows_play_and_undo():
    """The evaluation's mirror of the board, brought up to date move by move (and when a kind
    of piece runs out), equals one built from scratch."""
    rng = Rng(3)
    links = Links()
    for seed in range(scaled(12, 3)):
        game = registry.create("thoughtwave")
        for step in range(40):
            if rng.below(10) < 6 or not game.history:
                legal = game.legal_moves()
                if game.winner() != ONGOING:
                    game.undo()
                    continue
                game.play(legal[rng.below(len(legal))])
            else:
                game.undo()
            if step % 4 == 0:
                links.distances(game)
                kept = [bytes(a) for a in links.open + links.initial + (links.pen, links.tiles)]
                links.mirror[0] = None  # forces a rebuild
                links.distances(game)
                assert kept == [bytes(a) for a in links.open + links.initial + (links.pen, links.tiles)], (seed, step)


def test_takes_the_win_in_one():
    """Spec "Winning": the link is complete once the wave touches both of Red's sides."""
    game = position(RED_ROW, "R", (2, 2, 1, 10, 1), (2, 6, 4, 10, 1))
    for level in ai.LEVELS:
        move = ai.choose_move(game, level)
        assert game.move_to_text(move).endswith("@j5"), level
        assert game.move_to_text(ai.Search(game, level, max_nodes=1).run()).endswith("@j5"), level
        kept = ai_thoughtwave.win_candidates(game, game.legal_moves())   # the root's check
        assert move in kept and len(kept) < len(game.legal_moves()) // 10    # only the wins are played
        game.play(move)
        assert game.winner() == 0, level
        game.undo()
    far = registry.create("thoughtwave")
    assert ai_thoughtwave.win_candidates(far, far.legal_moves()) == []      # far from a link


def test_blocks_the_loss_in_one_with_the_terminator():
    """Spec "Board and pieces": the Terminator carries one wave (a dead end) - here the only
    piece that fits e10 without linking Black's sides."""
    game = position(BLACK_COLUMN, "R", (2, 4, 3, 8, 1), (2, 4, 2, 10, 1))
    for level in ai.LEVELS:
        move = ai.choose_move(game, level)
        assert game.move_to_text(move) == "T2@e10", (level, game.move_to_text(move))
        game.play(move)
        assert game.winner() == ONGOING
        assert not [m for m in game.legal_moves() if _wins(game, m)], level
        game.undo()


def _wins(game, move):
    mover = game.to_move()
    game.play(move)
    won = game.winner() == mover
    game.undo()
    return won


def test_only_legal_moves_and_node_budget_in_whole_games():
    lengths = ai_whole_games("thoughtwave", 7, scaled(6, 2), scaled(100, 24), 4, 7)
    assert sum(lengths) >= scaled(60, 20)  # the games were played, not stopped early


def test_same_seed_same_move_and_position_unchanged():
    game = registry.create("thoughtwave")
    for text in ("S1@c3", "S0@f6", "J1@d3", "B3@f5"):
        game.play_text(text)
    before = game.encode()
    first = ai.choose_move(game, "normal", seed=5)
    other = registry.create("thoughtwave")  # another game between the two calls
    ai.choose_move(other, "easy", seed=1)
    assert ai.choose_move(game, "normal", seed=5) == first
    assert game.encode() == before and len(game.history) == 4


def test_the_root_holds_no_whole_move_list_beside_the_tuner():
    """The root's order() gets only the moves it reads (ai.py's ORDER_READS_FIRST): ~1,450
    opening moves listed are ~6 KB of the device's heap, which no longer sit beside the
    Tuner's ~15 KB at the search's peak."""
    seen = []

    class Watching(ai_thoughtwave.Tuner):
        def order(self, moves, count):
            seen.append(len(moves))
            return ai_thoughtwave.Tuner.order(self, moves, count)

    game = registry.create("thoughtwave")
    game.play_text("S1@c3")
    listed = len(game.legal_moves())
    move = ai.Search(game, "normal", seed=2, tuner=Watching).run()
    assert listed > 1000 and seen[0] == ai_thoughtwave.LEVELS["normal"].widths[0]
    assert move == ai.Search(game, "normal", seed=2).run()
