# Tholian Go's AI (shared_rules/tholian_go/ai.py + shared_rules/ai.py): legal decisions only (in
# every variant and space), the node budget, a win in one and the block of a loss in one by
# sequestration (spec §5, §7), never a draw offer, determinism for a seed.
from shared_rules import ai, levels
from shared_rules.tholian_go import ai as ai_tholian_go, ai_finish as ai_tholian_go_finish, ai_terms as ai_tholian_go_terms
from shared_rules.game import ONGOING
from shared_rules.rng import Rng
from shared_rules.tholian_go.rules import ACCEPT, DECLINE, OFFER, SPECIAL, TholianGo, move_kind
from shared_rules.tholian_go.moves import path_result, whole_moves, whole_moves_by_start
from shared_rules.tholian_go.variants import has_chain
from rules_support import scaled
from tholian_go_support import parts, shuffled_nodes


def light(g, x, line):
    return g.space.node_at(1, x, line)


def dark(g, cx, row):
    return g.space.node_at(0, cx, row)


def position(red, blue, player=0):
    """A standard-space position from (web, x, y) triples; `player` starts a fresh turn."""
    g = TholianGo()
    node = lambda t: g.space.node_at(t[0], t[1], t[2])  # noqa: E731
    g.set_position([node(t) for t in red], [node(t) for t in blue], player)
    assert g.winner() == ONGOING
    return g


# Far-away tokens: Red light on line 1 (x 4..11), Red dark on row 1; Blue light on line 7
# (x 0..4 and 6..8), Blue dark on row 6.
RED_FAR = [(1, x, 1) for x in range(4, 12)] + [(0, 10, 1)]
BLUE_FAR = [(1, x, 7) for x in (0, 1, 2, 3, 4, 6, 7, 8)] + [(0, 1, 6), (0, 3, 6), (0, 11, 6)]
# The light node (5, 3) is cut off by dark tokens on (4, 3), (6, 3) and (5, 2) (spec §5: "three
# dark-web tokens can take one light-web token"); a dark token on (7, 2) can step into (5, 2).
VICTIM = (1, 5, 3)
JAWS = [(0, 4, 3), (0, 6, 3), (0, 7, 2)]


def test_takes_the_win_in_one():
    """§7: a player with 5 or fewer light tokens loses: Blue has 6, one of them one dark step
    from sequestration (§5), so Red's step (7, 2) -> (5, 2) wins at once."""
    for level in ai.LEVELS:
        g = position(RED_FAR + JAWS, BLUE_FAR[:5] + BLUE_FAR[8:] + [VICTIM])
        assert g.counts(1)[1] == 6
        move = ai.choose_move(g, level)
        assert g.move_nodes(move) == [dark(g, 7, 2), dark(g, 5, 2)], (level, g.move_to_text(move))
        assert ai.Search(g, level, max_nodes=1).run() == move    # before any search
        assert move in ai_tholian_go.win_candidates(g, g.legal_moves())
        g.play(move)
        assert g.winner() == 0 and g.counts(1)[1] == 5


def test_takes_the_win_in_one_by_a_push_through_its_own_string():
    """§4 "push a connected string ... provided you push with your token": no dark token of Red
    can step into (5, 2) without leaving the cut, but (2, 3) pushes the string (4, 3) on into
    (5, 2): (4, 3) stays held and the cut is complete."""
    for level in ai.LEVELS:
        g = position(RED_FAR + [(0, 2, 3), (0, 4, 3), (0, 6, 3)], BLUE_FAR[:5] + BLUE_FAR[8:] + [VICTIM])
        first = ai.choose_move(g, level)
        assert g.move_nodes(first) == [dark(g, 2, 3), dark(g, 4, 3)], (level, g.move_to_text(first))
        g.play(first)
        g.play(ai.choose_move(g, level))
        assert g.winner() == 0, level


def test_takes_the_win_in_one_by_a_push_through_an_enemy_token():
    """§4 (a string of either colour is pushed) and §5: Blue's dark token on (5, 2) guards its
    light token on (5, 3); Red's dark token on (7, 2) pushes it on to (3, 2) and takes its
    place, which completes the cut (Blue is left with 5 light tokens and loses, §7).  Only a
    search that plays the push to its end sees it; the default and hard levels do."""
    for level in ("normal", "hard"):
        g = position(RED_FAR + [(0, 4, 3), (0, 6, 3), (0, 7, 2)],
                     BLUE_FAR[:5] + BLUE_FAR[8:] + [VICTIM, (0, 5, 2)])
        assert g.counts(1)[1] == 6
        first = ai.choose_move(g, level)
        assert g.move_nodes(first) == [dark(g, 7, 2), dark(g, 5, 2)], (level, g.move_to_text(first))
        g.play(first)
        while g.to_move() == 0 and g.winner() == ONGOING and g.route_nodes():
            g.play(ai.choose_move(g, level, seed=len(g.history)))
        assert g.winner() == 0 and g.counts(1)[1] == 5, level


def _blue_wins_in_one(g):
    """Does one whole move of Blue (any path, spec §4) win?"""
    for nodes, _ in whole_moves(g):
        g.play_text("-".join(g.space.name(k) for k in nodes))
        won = g.winner() == 1
        for _ in range(len(nodes) - 1):
            g.undo()
        if won:
            return True
    return False


def test_blocks_the_loss_in_one():
    """The same threat against Red (6 light tokens): Red's turn must leave Blue no winning move."""
    for level in ai.LEVELS:
        red = RED_FAR[:5] + [VICTIM, (0, 8, 1), (0, 10, 1), (0, 2, 1)]
        g = position(red, BLUE_FAR + JAWS)
        assert g.counts(0)[1] == 6
        assert _blue_wins_in_one(position(red, BLUE_FAR + JAWS, 1))  # the threat is real
        while g.to_move() == 0 and g.winner() == ONGOING:
            g.play(ai.choose_move(g, level, seed=len(g.history)))
        assert g.winner() == ONGOING and g.to_move() == 1
        assert not _blue_wins_in_one(g), level


def test_a_weighing_level_searches_every_move_but_an_offer_the_orderings_first():
    """The ordering alone keeps only the dark moves of a turn's start; a level that weighs
    (greedy's breadth) searches the light moves too, the ordering's own choice first."""
    weighing = [level for level in ai.LEVELS if ai_tholian_go.LEVELS[level].weigh]
    assert weighing
    g = TholianGo()
    moves = g.legal_moves()
    for level in ai.LEVELS:
        count = ai_tholian_go.LEVELS[level].widths[0]
        kept = ai_tholian_go.Tuner(g, level).order(list(moves), count)
        if level in weighing:
            assert sorted(kept) == sorted(m for m in moves if m != OFFER), level
            assert kept[0] == ai_tholian_go.Tuner(g, "easy").order(list(moves), 1)[0], level
        else:
            assert len(kept) <= count < len(moves), level


def test_a_weighing_root_past_the_turns_work_keeps_only_the_orderings_moves():
    """A turn's later decisions stay within its work bound: once spent, a weighing root
    searches the ordering's best moves, not every move."""
    level = [level for level in ai.LEVELS if ai_tholian_go.LEVELS[level].weigh][0]
    g = TholianGo()
    moves = g.legal_moves()
    tuner = ai_tholian_go.Tuner(g, level)
    tuner.tables.work = tuner.budget + 1
    kept = tuner.order(list(moves), ai_tholian_go.LEVELS[level].widths[0])
    assert 0 < len(kept) < len(moves) - 1
    assert kept[0] == ai_tholian_go.Tuner(g, "easy").order(list(moves), 1)[0]


def _play_texts(g, texts):
    for text in texts:
        g.play([m for m in g.legal_moves() if g.move_to_text(m) == text][0])


def test_not_behind_at_a_repeated_turn_start_leaves_the_cycle():
    """§7 "the same position begins a turn for the third time: a draw".  Where a turn's start
    comes round again and the AI is not behind, the moves of its turn name none of the nodes
    its turn from there named before (the tokens moved, the nodes entered: the enemy pushed
    those back)."""
    g = TholianGo()
    cycle = [["D1.1-D1.2", "L3.2-L3.3", "L3.3-L3.2"], ["D1.6-D1.5", "L2.6-L2.5", "L2.5-L2.6"],
             ["D1.2-D1.1", "L3.2-L3.3", "L3.3-L3.2"], ["D1.5-D1.6", "L2.6-L2.5", "L2.5-L2.6"]]
    named = {g.space.node_named(name) for name in ("D1.1", "D1.2", "L3.2", "L3.3")}
    tuner = ai_tholian_go.Tuner(g, "normal")
    assert tuner.evaluate(0) >= 0 and not g.repeated()
    assert any(set(g.move_nodes(m)) & named for m in tuner.order(list(g.legal_moves()), 99))
    for text in cycle[0]:
        ai_tholian_go.Tuner(g, "normal")  # the AI's search before each decision of its turn
        _play_texts(g, [text])
    for turn in cycle[1:]:
        _play_texts(g, turn)
    assert g.repeated() and g.winner() == ONGOING
    start = len(g.history)
    caps_were = levels.time_caps
    levels.time_caps = False  # only node budgets end the searches: the same moves on any host
    try:
        for level in ai.LEVELS:
            while len(g.history) > start:
                g.undo()
            checked = 0
            while g.to_move() == 0 and g.winner() == ONGOING:
                tuner = ai_tholian_go.Tuner(g, level)
                if not g.rlen and tuner.evaluate(0) >= 0:  # not behind
                    kept = tuner.order(list(g.legal_moves()), 99)  # the moves the search weighs
                    assert kept and not any(set(g.move_nodes(m)) & named for m in kept), level
                    checked += 1
                g.play(ai.choose_move(g, level, seed=1))
            assert checked >= 2, (level, checked)
    finally:
        levels.time_caps = caps_were


def test_chain_takes_the_settings_of_its_own_ladder():
    """Chain (a race of light moves) plans the rest of the mover's turn at easy and normal."""
    chain = TholianGo({"variant": "chain"})
    standard = TholianGo()
    for level in ai.LEVELS:
        assert ai_tholian_go.Tuner.level_settings(chain, level) is ai_tholian_go.CHAIN_LEVELS[level]
        assert ai_tholian_go.Tuner.level_settings(standard, level) is ai_tholian_go.LEVELS[level]
    assert ai_tholian_go.Tuner(chain, "normal").plan == chain.to_move() + 1
    assert ai_tholian_go.Tuner(standard, "normal").plan == 0


def test_never_offers_a_draw_and_declines_one_when_ahead():
    """§7 "Offer a draw by agreement": the AI does not offer; ahead, it declines an offer."""
    g = TholianGo()
    assert OFFER in g.legal_moves()
    assert ai.choose_move(g, "easy") != OFFER
    g = position(RED_FAR + JAWS, BLUE_FAR[:5] + BLUE_FAR[8:] + [VICTIM], 1)
    g.play(OFFER)
    assert g.legal_moves() == [ACCEPT, DECLINE]
    assert ai.choose_move(g) == DECLINE


def test_node_budget_and_legal_moves_in_a_game():
    rng = Rng(5)
    g = TholianGo()
    budgets = (1, 3, 7)
    while g.winner() == ONGOING and len(g.history) < scaled(120, 30):
        legal = g.legal_moves()
        if g.to_move() == 0:
            budget = budgets[len(g.history) % 3]
            level = ai.LEVELS[len(g.history) % 3]
            search = ai.Search(g, level, seed=len(g.history), max_nodes=budget, device_seconds=1000)
            move = search.run()
            assert search.nodes <= budget
            assert move != OFFER
        else:
            move = legal[rng.below(len(legal))]
        assert move in legal
        g.play(move)


# Every variant and space of §8 (a few decisions each: the AI plays only legal ones).
VARIANT_OPTIONS = (
    {"variant": "ultimate"}, {"variant": "chain"}, {"variant": "football"},
    {"variant": "lucky", "seed": "3"}, {"variant": "lucky", "transform": "off", "seed": "4"},
    {"variant": "oracle", "seed": "5"}, {"variant": "scrimmage"},
    {"variant": "lucky_scrimmage", "seed": "6"}, {"push_limit": "on"}, {"space": "periodic"},
    {"space": "wide"}, {"space": "long"}, {"space": "square"},
)


def test_legal_moves_in_every_variant_and_space():
    for options in VARIANT_OPTIONS:
        g = TholianGo(options)
        rng = Rng(7)
        for i in range(scaled(60, 8)):
            if g.winner() != ONGOING:
                break
            legal = g.legal_moves()
            if i % 2 == 0:
                search = ai.Search(g, "easy", seed=i, max_nodes=3, device_seconds=1000)
                move = search.run()
                assert move in legal and move != OFFER, (options, g.move_to_text(move))
            else:
                move = legal[rng.below(len(legal))]
                if move == OFFER:
                    move = legal[0]
            g.play(move)


def test_a_turn_begins_with_its_dark_move():
    """§4 lets a turn's moves come in any order; the AI's first decision of a turn is its dark
    move or a light push through an enemy token (its light moves are then ordered knowing the
    dark move, and the first ordering is a third as long); the ordering's level (easy)."""
    g = TholianGo()
    rng = Rng(5)
    for _ in range(14):
        legal = [m for m in g.legal_moves() if m != OFFER]
        g.play(legal[rng.below(len(legal))])
    while g.dark_done or g.light_done or g.route_nodes():
        legal = [m for m in g.legal_moves() if m != OFFER]
        g.play(legal[rng.below(len(legal))])
    me = g.to_move() + 1
    light_steps = [m for m in g.legal_moves() if g.move_nodes(m) and g.move_nodes(m)[0] >= g.space.n_dark
                   and g.board[g.move_nodes(m)[1]] in (0, me)]
    assert light_steps
    ordered = ai_tholian_go.Tuner(g, "easy").order(g.legal_moves(), 1000)
    assert ordered
    for m in ordered:
        nodes = g.move_nodes(m)
        assert nodes[0] < g.space.n_dark or g.board[nodes[1]] not in (0, me), g.move_to_text(m)


def test_football_runs_to_the_target():
    """Tholian Football: "the first light token to reach its target node wins"; one step away."""
    g = TholianGo({"variant": "football"})
    target = g.space.targets[0][0]
    runner = g.space.neighbours(target)[0]
    red = [k for k in g.space.start[0] if g.space.ys[k] == 1] + [runner]
    blue = [k for k in g.space.start[1] if k != target and k != runner]
    g.set_position(red, blue, 0)
    move = ai.choose_move(g, "easy")
    g.play(move)
    assert g.winner() == 0, g.move_to_text(move)


def test_same_seed_same_move_and_position_unchanged():
    g = TholianGo()
    rng = Rng(9)
    for _ in range(30):
        legal = [m for m in g.legal_moves() if m != OFFER]
        g.play(legal[rng.below(len(legal))])
    before = g.encode()
    history = list(g.history)
    first = ai.choose_move(g, "normal", seed=4)
    assert ai.choose_move(g, "normal", seed=4) == first
    assert g.encode() == before and g.history == history


def test_listing_after_undo_is_the_positions_own():
    """The search's play/undo speed-up (tholian_go/rules.py keeps a listing across undo): after any
    mix of plays and undos the decisions are those a fresh game lists in that position, and a
    caller reordering its list (the search shuffles its root) does not change the game's."""
    g = TholianGo()
    rng = Rng(11)
    for _ in range(scaled(80, 20)):
        if g.winner() != ONGOING:
            break
        fresh = TholianGo()
        fresh.decode(g.encode())
        expected = [m for m in fresh.legal_moves() if m != OFFER]
        moves = g.legal_moves()
        moves.reverse()
        for m in moves[:3]:
            if m == OFFER:
                continue
            g.play(m)
            deeper = g.legal_moves()
            if deeper and g.winner() == ONGOING:
                g.play(deeper[rng.below(len(deeper))])
                g.undo()
            g.undo()
            assert [x for x in g.legal_moves() if x != OFFER] == expected
        pick = [m for m in g.legal_moves() if m != OFFER]
        i = rng.below(len(pick))
        g.play(pick[i])
        if rng.below(3) == 0 and len(pick) > 1:
            g.legal_moves()  # listed in this position, which is now taken back:
            g.undo()
            g.play(pick[(i + 1) % len(pick)])  # a sibling of the same depth lists its own
            fresh = TholianGo()
            fresh.decode(g.encode())
            assert [x for x in g.legal_moves() if x != OFFER] == [x for x in fresh.legal_moves() if x != OFFER]


def test_a_turn_never_takes_back_its_own_last_step():
    """One AI turn played L11.7-L11.6 then L11.6-L11.7.  Wherever the turn's last move
    was a single step a-b and the step back b-a is legal, the ordering leaves it out (and the
    search therefore never plays it) while another move exists."""
    rng = Rng(5)
    cases = 0
    for _ in range(scaled(40, 2)):
        g = TholianGo()
        for _ in range(80):
            moves = g.legal_moves()
            if not moves:
                break
            last = g.history[-1] if g.history else -1
            player, dark_done, light_done, _ = g.turn_state()
            if last >= 0 and last & 3 == 0 and not g.rlen and (dark_done or light_done):
                a, b = g.move_nodes(last)
                back = [m for m in moves if m & 3 == 0 and g.move_nodes(m) == [b, a]]
                if back and len(moves) > 1:
                    cases += 1
                    tuner = ai_tholian_go.Tuner(g, "normal")
                    assert back[0] not in tuner.order(list(moves), len(moves)), g.move_to_text(back[0])
                    for level in ai.LEVELS:
                        assert ai.choose_move(g, level, seed=len(g.history)) != back[0], level
            g.play(moves[rng.below(len(moves))])
    assert cases >= scaled(5, 1), cases


def test_a_turn_never_takes_back_its_own_last_path():
    """One AI turn pushed its own string L3.7-L3.6 -L2.6, then back L2.6-L3.6 -L3.7, and
    the game drew by repetition.  Wherever the turn's last move was a path ... y, z, the
    ordering leaves out the step z-y that starts its way back while another move exists."""
    rng = Rng(7)
    cases = 0
    for _ in range(scaled(60, 3)):
        g = TholianGo()
        for _ in range(120):
            moves = g.legal_moves()
            if not moves:
                break
            player, dark_done, light_done, _ = g.turn_state()
            if len(g.history) > 1 and g.history[-1] & 3 == 3 and not g.rlen and (dark_done or light_done):
                z = g.move_nodes(g.history[-1])[0]
                before = g.history[-2]
                y = g.move_nodes(before)[0 if before & 3 == 3 else 1]
                back = [m for m in moves if m & 3 == 0 and g.move_nodes(m) == [z, y]]
                if back and len(moves) > 1:
                    cases += 1
                    tuner = ai_tholian_go.Tuner(g, "hard")
                    assert back[0] not in tuner.order(list(moves), len(moves)), g.move_to_text(back[0])
            g.play(moves[rng.below(len(moves))])
    assert cases >= scaled(5, 1), cases


# Chain (docs/rules/tholian_go.md §8): a shortest chain, fourteen light tokens from L2.1 to L2.7.
CHAIN = ("L2.1", "L1.1", "L2.2", "L1.2", "L1.3", "L2.3", "L2.4", "L1.4", "L1.5", "L2.5", "L2.6", "L1.6",
         "L1.7", "L2.7")


def chain_position(red_names):
    """Red's light tokens on `red_names` and a dark token; Blue only a dark token."""
    g = TholianGo({"variant": "chain"})
    g.set_position([g.space.node_named(name) for name in red_names] + [dark(g, 10, 1)], [dark(g, 11, 6)])
    return g


def test_chain_counts_the_light_moves_the_cheapest_chain_still_needs():
    """Chain: a winning chain takes all fourteen light tokens, so the AI counts their travel:
    the chain lacks L2.4, the spare token on L5.4 is 3 steps away along line 4."""
    g = chain_position([k for k in CHAIN if k != "L2.4"] + ["L5.4"])
    t = ai_tholian_go_terms.tables_for(g)
    assert ai_tholian_go_finish.chain_moves(t, g, 1) == 3
    assert [g.space.name(t.missing[i]) for i in range(t.n_missing)] == ["L2.4"]
    assert ai_tholian_go_finish.chain_moves(t, g, 2) > 3 * 14  # Blue has no light token at all


def test_chain_counts_only_chains_fourteen_tokens_can_make():
    """Chain (§8: "the shortest chain is then exactly fourteen light tokens"): Red's chain up
    the left edge has Blue's token on L2.4 and gaps on L1.4 and L1.5; Red's tokens on L3.3,
    L4.3 and L4.4 lie on a detour round Blue's token that lacks only two empty nodes, but it
    is sixteen nodes long and Red has fourteen tokens: the AI counts a chain of fourteen."""
    g = TholianGo({"variant": "chain"})
    node = g.space.node_named
    red = [k for k in CHAIN if k not in ("L2.4", "L1.4", "L1.5")] + ["L3.3", "L4.3", "L4.4", "D6.1"]
    g.set_position([node(k) for k in red], [node("L2.4"), node("D6.6")])
    t = ai_tholian_go_terms.tables_for(g)
    assert ai_tholian_go_finish.chain_moves(t, g, 1) == 8
    chain = [g.space.name(k) for k in range(t.n) if t.on_chain[k] == t.chain_stamp]
    assert len(chain) == 14 and "L2.4" not in chain, chain
    assert sorted(g.space.name(t.missing[i]) for i in range(t.n_missing)) == ["L3.2", "L3.4", "L3.5"]


def test_chain_pushes_off_the_enemy_dark_token_that_breaks_its_chain():
    """Chain ("a chain link crossed by an enemy barrier is broken"): Red's fourteen tokens make
    a chain up the left edge but for Blue's barrier (D1.3, D2.3) across its link L2.3-L2.4.
    Red's dark token on D3.3 pushes D2.3 on to D2.2: the barrier is gone and Red has won (the
    AI once rebuilt its chain round the barrier with its light moves instead)."""
    g = TholianGo({"variant": "chain"})
    node = g.space.node_named
    g.set_position([node(k) for k in CHAIN + ("D3.3", "D6.1")],
                   [node(k) for k in ("D1.3", "D2.3", "D6.6", "L6.7", "L7.7", "L8.7")])
    played = []
    while g.to_move() == 0 and g.winner() == ONGOING:
        move = ai.Search(g, "normal", seed=len(g.history), device_seconds=1000).run()
        played.append(g.move_to_text(move))
        g.play(move)
    assert g.winner() == 0 and played == ["D3.3-D2.3", "-D2.2"], played


def test_chain_spare_token_goes_towards_the_node_the_chain_lacks():
    """Chain: with two light moves left the AI sends the spare token along line 4 towards the
    chain's gap (L5.4 to L4.4), not away from it."""
    g = chain_position([k for k in CHAIN if k != "L2.4"] + ["L5.4"])
    g.play_text("D6.1-D5.1")  # Red's dark move first
    move = ai.Search(g, "normal", seed=1, device_seconds=1000).run()
    assert g.move_to_text(move) == "L5.4-L4.4", g.move_to_text(move)


def test_chain_orders_first_the_barriers_across_a_chain_two_nodes_from_done():
    """Chain ("a chain link crossed by an enemy barrier is broken"): Blue's chain up the left
    edge lacks L2.4 and L2.6, its spare tokens on L3.3 and L3.5 fill both with this turn's two
    pushes; Red's dark token on D2.2 bars a link of it with D1.3 by stepping into D1.2 or D2.3.
    The ordering puts those two first, ahead of Red's own chain's moves."""
    g = TholianGo({"variant": "chain"})
    node = g.space.node_named
    blue = [k for k in CHAIN if k not in ("L2.4", "L2.6")] + ["L3.3", "L3.5"]
    red = ["D1.3", "D2.2", "D5.1", "L8.1", "L10.1", "L9.1", "L11.2"]
    g.set_position([node(k) for k in red], [node(k) for k in blue])
    first = ai_tholian_go.Tuner(g, "normal").order(g.legal_moves(), 4)[:2]
    assert sorted(g.move_to_text(m) for m in first) == ["D2.2-D1.2", "D2.2-D2.3"]


def test_chain_orders_first_the_barriers_across_a_chain_pushes_finish_in_two_turns():
    """Chain: Blue's chain up the left edge lacks L2.4 and L2.6; its spare tokens on L3.1 and
    L4.1 are 13 light moves of travel away, but pushes through its own string fill both gaps
    in three light moves (finish_moves), its next two turns, while Red's chain needs far more.
    The ordering puts Red's barriers across its links (D2.2 to D1.2 or D2.3, with D1.3) first,
    ahead of Red's own chain's moves."""
    g = TholianGo({"variant": "chain"})
    node = g.space.node_named
    blue = [k for k in CHAIN if k not in ("L2.4", "L2.6")] + ["L3.1", "L4.1"]
    red = ["D1.3", "D2.2", "D5.1", "L8.1", "L10.1", "L9.1", "L11.2"]
    g.set_position([node(k) for k in red], [node(k) for k in blue])
    t = ai_tholian_go_terms.tables_for(g)
    assert ai_tholian_go_finish.chain_moves(t, g, 2) == 13
    assert ai_tholian_go_finish.finish_moves(t, g, 2) == 3
    first = ai_tholian_go.Tuner(g, "normal").order(g.legal_moves(), 4)[:2]
    assert sorted(g.move_to_text(m) for m in first) == ["D2.2-D1.2", "D2.2-D2.3"]


def test_chain_estimate_does_not_depend_on_the_estimates_before_it():
    """Chain: the light moves a chain needs come out the same from tables that served hundreds
    of estimates before (the chain's node marks are reused) as from fresh ones."""
    g = TholianGo({"variant": "chain"})
    rng = Rng(5)
    used = ai_tholian_go_terms.Tables(g)
    for turn in range(scaled(150, 60)):
        moves = g.legal_moves()
        g.play(moves[rng.below(len(moves))])
        if g.winner() != ONGOING:
            break
        for colour in (1, 2):
            fresh = ai_tholian_go_finish.chain_moves(ai_tholian_go_terms.Tables(g), g, colour)
            assert ai_tholian_go_finish.chain_moves(used, g, colour) == fresh, (turn, colour)


def test_the_tables_builder_is_forgotten_once_the_tables_are_built():
    """Memory: the AI's table builder (ai_tholian_go_build) runs once per space and
    leaves the heap; a search keeps only the tuning, its terms and its ordering imported."""
    import sys
    g = TholianGo({"space": "wide"})  # a space whose tables are not built yet
    ai.Search(g, "normal", seed=1, device_seconds=1000).run()
    assert ai_tholian_go_terms.tables_for(g).space is g.space
    assert "shared_rules.tholian_go.ai_build" not in sys.modules
    assert "shared_rules.tholian_go.ai_order" in sys.modules


NODE_TABLES = ("light_cut", "dark_cut", "light_watch", "corner_out", "around", "around_rev", "hunters",
               "affected", "via", "jump_queue", "string_of", "no_strings")
CHAIN_NODE_TABLES = ("queue", "pred", "missing", "spare")


def _bytes_a_node(t, names):
    # A table's first entry alone, copied: the whole square space's tables copied at once ran
    # the device's heap out (MemoryError on the virtual Pico).
    return [len(bytes(getattr(t, name)[:1])) for name in names]


def test_the_tables_of_node_numbers_take_a_byte_a_node_where_the_space_allows():
    """Memory (the device's heap while a game is played): the AI's tables of node numbers take a
    byte a node on a space of under 256 nodes, two on the square space (454 nodes)."""
    for space, width in (("standard", 1), ("square", 2)):
        g = TholianGo({"space": space})
        t = ai_tholian_go_terms.tables_for(g)
        assert _bytes_a_node(t, NODE_TABLES) == [width] * len(NODE_TABLES), space
        assert max(t.around) == t.n and max(t.light_cut) == t.n  # the dummy node fits
        move = ai.Search(g, "normal", seed=1, device_seconds=1000).run()
        assert move in g.legal_moves()
    # The square space's tables go: kept by the AI, they and that space (~60 KB of arrays) stayed
    # in the device's heap beside the standard space a later test builds (MemoryError on the
    # virtual Pico).
    ai_tholian_go_terms.drop_tables()


def test_only_a_chain_game_builds_the_chain_tables():
    """Memory: Chain's arrays (~1.4 KB on the device) are built at a Chain game's first
    estimate, not for the other variants; they too take a byte a node."""
    # the modules the search loads now: another test may have unloaded the package
    from shared_rules.tholian_go import ai_finish as ai_tholian_go_finish, ai_terms as ai_tholian_go_terms
    for space in ("wide", "standard"):     # a space whose tables are built afresh, then reused
        g = TholianGo({"space": space})
        ai.Search(g, "normal", seed=1, device_seconds=1000).run()
        t = ai_tholian_go_terms.tables_for(g)
        if space == "wide":
            assert not t.chain_ready and not hasattr(t, "pred")
        chain = TholianGo({"variant": "chain", "space": space})
        assert ai_tholian_go_terms.tables_for(chain) is t
        move = ai.Search(chain, "normal", seed=1, device_seconds=1000).run()
        assert move in chain.legal_moves() and t.chain_ready
        assert _bytes_a_node(t, CHAIN_NODE_TABLES) == [1] * len(CHAIN_NODE_TABLES)


def test_only_a_race_game_builds_the_distances_to_the_targets():
    """Memory: the light nodes' distances to the targets (~0.3 KB on the device) are built at a
    Football or Scrimmage game's first search, not for the other variants."""
    # the modules the search loads now: another test may have unloaded the package
    from shared_rules.tholian_go import ai_finish as ai_tholian_go_finish, ai_terms as ai_tholian_go_terms
    g = TholianGo({"space": "wide"})     # a space whose tables are built afresh
    ai.Search(g, "normal", seed=1, device_seconds=1000).run()
    t = ai_tholian_go_terms.tables_for(g)
    assert t.to_target is None
    race = TholianGo({"variant": "football", "space": "wide"})
    assert ai.Search(race, "normal", seed=1, device_seconds=1000).run() in race.legal_moves()
    assert ai_tholian_go_terms.tables_for(race) is t and len(t.to_target[0]) == t.n + 1
    ai_tholian_go_terms.drop_tables()  # (kept, the wide space and its tables would crowd the device's later tests)


def test_only_a_chain_game_loads_the_chain_terms():
    """Memory: Chain's terms (its cheapest chains, their value, the ordering's step gain: ~1.7 KB
    of bytecode in the device's heap) live in ai_tholian_go_finish, which only a Chain game
    imports; the AI modules every game's search keeps hold no Chain function."""
    # the modules the search loads now: another test may have unloaded the package
    from shared_rules.tholian_go import ai_finish as ai_tholian_go_finish, ai_terms as ai_tholian_go_terms
    from shared_rules.tholian_go import ai as ai_tholian_go, ai_order as ai_tholian_go_order
    for module in (ai_tholian_go, ai_tholian_go_terms, ai_tholian_go_order):
        held = [name for name in dir(module) if callable(getattr(module, name))
                and ("chain" in name.lower() or name == "light_distance")]
        assert held == [], (module.__name__, held)
    chain = TholianGo({"variant": "chain"})
    assert ai.Search(chain, "normal", seed=1, device_seconds=1000).run() in chain.legal_moves()
    assert ai_tholian_go_terms.tables_for(chain).chain is ai_tholian_go_finish


def _barriers_everywhere(rng):
    """A random position where Blue stands one token above a loss floor (§7) and Red's barriers
    are everywhere, once Blue has played its turn (so that captures took what was cut off, as in
    every position reached by play); None if the game ended."""
    g = TholianGo()
    dark, light = shuffled_nodes(g, rng)
    g.set_position(dark[:10] + light[:30], dark[10:13] + light[30:36], 1)
    while g.to_move() == 1 and g.winner() == ONGOING:
        moves = [m for m in g.legal_moves() if m != OFFER]
        g.play(moves[rng.below(len(moves))])
    return g if g.winner() == ONGOING else None


def test_win_candidates_keep_every_win_on_the_spot():
    """The root's win check tries only win_candidates: in random positions with Red's barriers
    everywhere, every decision of Red's that wins at once is among them, while plain steps that
    neither make nor break a barrier of Red's are left out, and so are the special decisions
    (a draw offer: nothing moves) where no transformation may follow."""
    rng = Rng(7)
    wins = left_out = specials = 0
    for trial in range(scaled(60, 12)):
        g = _barriers_everywhere(rng)
        if g is None:
            continue
        moves = g.legal_moves()
        kept = ai_tholian_go.win_candidates(g, moves)
        for m in moves:
            nodes = g.move_nodes(m)
            if len(nodes) == 2 and not g.board[nodes[1]] and m not in kept:
                left_out += 1  # a plain step
            if move_kind(m) == SPECIAL and m not in kept:
                specials += 1  # nothing moves, nothing is captured
        for m in moves:
            g.play(m)
            won = g.winner() == 0
            g.undo()
            if won:
                wins += 1
                assert m in kept, g.move_to_text(m)
    assert wins and left_out and specials


def test_win_check_leaves_out_the_steps_that_split_nothing_anew():
    """§5 takes only what barriers cut off, and the last move's captures took what they cut off
    then: a plain step of Red's that leaves the parts of the other web as they were captures
    nothing.  Each plain step left out of the win check leaves them so (the position with the
    token moved, compared node by node), and steps that make or break a barrier of Red's are
    among those left out (the barriers they make or break join or cut off nothing)."""
    rng = Rng(8)
    barrier_steps = 0
    for trial in range(scaled(6, 2)):
        g = _barriers_everywhere(rng)
        if g is None:
            continue
        kept = ai_tholian_go.win_candidates(g, g.legal_moves())
        red = [k for k in range(g.space.n) if g.board[k] == 1]
        blue = [k for k in range(g.space.n) if g.board[k] == 2]
        for m in g.legal_moves():
            nodes = g.move_nodes(m)
            if len(nodes) != 2 or g.board[nodes[1]] or m in kept:
                continue
            a, b = nodes
            web = 1 if a < g.space.n_dark else 0
            moved = TholianGo()
            moved.set_position([b if k == a else k for k in red], blue)
            assert parts(moved, web, 1) == parts(g, web, 1), g.move_to_text(m)
            near = g.space.neighbours(a) + g.space.neighbours(b)
            if [k for k in near if k != a and g.board[k] == 1]:
                barrier_steps += 1
    assert barrier_steps


def test_chain_a_push_through_the_chain_fills_its_gap_in_one_move():
    """Chain: a push moves a whole string (spec §4), so the spare token on L3.1, five steps from
    the gap on L2.4, fills it with one light move through the chain's own tokens: one move to
    finish (finish_moves), which a whole move of the rules confirms."""
    g = chain_position([k for k in CHAIN if k != "L2.4"] + ["L3.1"])
    t = ai_tholian_go_terms.tables_for(g)
    assert ai_tholian_go_finish.chain_moves(t, g, 1) == 5  # the travel the evaluation counts
    assert ai_tholian_go_finish.finish_moves(t, g, 1) == 1
    probe = TholianGo({"variant": "chain"})
    nd = g.space.n_dark
    joins = [nodes for nodes, _ in whole_moves(g) if nodes[0] >= nd and _joined(probe, path_result(g, nodes), 0)]
    assert [g.space.name(nodes[0]) for nodes in joins] == ["L3.1"], joins


def _joined(probe, board, player):
    """Has `player` a chain on `board` (the rules' test, on a scratch game)?"""
    probe.board[:] = board
    return has_chain(probe, player)


def _finishes_with_two_light_moves(g):
    """Do two light moves of the player to move (whole moves, any paths, spec §4) join its
    chain?  Its dark move is left out."""
    nd = g.space.n_dark
    who = g.to_move()
    probe = TholianGo({"variant": "chain"})
    # A start node's moves at a time: a position's whole list (299 moves here), let alone two
    # positions' at once, ran the device's heap out (MemoryError on the virtual Pico).
    for firsts in whole_moves_by_start(g):
        for first, _ in firsts:
            if first[0] < nd:
                continue
            g.play_text("-".join(g.space.name(k) for k in first))
            won = g.winner() == who or _joins_with_a_light_move(g, probe, who)
            for _ in range(len(first) - 1):
                g.undo()
            if won:
                return True
    return False


def _joins_with_a_light_move(g, probe, who):
    """Does one light move (a whole move, any path) of the player to move join `who`'s chain?"""
    nd = g.space.n_dark
    for seconds in whole_moves_by_start(g):
        for second, _ in seconds:
            if second[0] >= nd and _joined(probe, path_result(g, second), who):
                return True
    return False


# Red to move in a game the default level lost to greedy (game 12 of the Chain bench): Blue's
# chain up the left lacks L3.4 and L4.4, held off by Red's barrier D2.3-D1.4.  The AI's dark push
# D1.4-D2.3-D3.3 took that barrier away, and Blue's next turn joined its chain with the pushes
# L5.5-L4.5-L3.5-L3.4 and L4.3-L3.3-L2.3.
BARRIER_HOLDS = ("board=...R.B/...RBR/.R..BR/RBB.../....../....B.|BB.RR....../.BB.RR..R.../..BBRRRRR.../"
                 ".B......R.../..BBB...R.../..BB......../.BB....RR.. turn=R done=0,0 hand=0,0,0,0 dice=-,-,- "
                 "rng=1013904234 push=- offer=0,0 path=- result=-")


def test_chain_turn_leaves_no_chain_the_enemy_finishes_with_two_pushes():
    """Chain: the AI's turn at the default level looks at what Blue's next turn finishes (a
    push moves a whole string) and leaves Blue no two light moves that join its chain."""
    g = TholianGo({"variant": "chain"})
    g.decode(BARRIER_HOLDS)
    g.play_text("D1.4-D2.3-D3.3")
    g.play_text("L9.2-L9.3-L8.3-L8.4")
    g.play_text("L9.3-L8.3-L8.4-L9.4-L9.5-L8.5")
    assert _finishes_with_two_light_moves(g)  # the turn the AI played before
    g.decode(BARRIER_HOLDS)
    while g.to_move() == 0:
        g.play(ai.Search(g, "normal", seed=len(g.history)).run())
    assert g.winner() == ONGOING
    assert not _finishes_with_two_light_moves(g)
