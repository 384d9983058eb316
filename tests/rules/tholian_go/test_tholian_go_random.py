# Tholian Go randomised invariants (docs/rules/tholian_go.md §4-§8), for the base game
# and every variant and space: random games, checks after every decision.
from shared_rules.game import ONGOING, GameError
from shared_rules.rng import Rng
from shared_rules.tholian_go.rules import OFFER, TholianGo
from shared_rules.tholian_go.moves import path_result, whole_moves
from rules_support import play_checked, raises, scaled
from tholian_go_support import shuffled_nodes

VARIANTS = ("standard", "ultimate", "chain", "football", "lucky", "oracle", "scrimmage", "lucky_scrimmage")


def totals(g):
    """Per player (dark, light) tokens on the board plus in hand."""
    out = []
    for p in (0, 1):
        d, l = g.counts(p)
        out.append((d + g.hand[p * 2], l + g.hand[p * 2 + 1]))
    return out


def check_board(g):
    """Counts and hash agree with the board; one token per node (a node holds 0, 1 or 2)."""
    sp = g.space
    cnt = [0, 0, 0, 0]
    z = 0
    for k in range(sp.n):
        v = g.board[k]
        assert v in (0, 1, 2)
        if v:
            cnt[(v - 1) * 2 + (0 if k < sp.n_dark else 1)] += 1
            z ^= sp.zkeys[k * 2 + v - 1]
    assert g.board[sp.n] == 0  # the dummy cell never holds a token
    assert list(g.cnt) == cnt and g.zobrist == z


def pick(rng, moves):
    # Draw offers end random games early: offer only now and then.
    choices = [m for m in moves if m != OFFER]
    if not choices or (OFFER in moves and rng.below(50) == 0):
        return OFFER
    return choices[rng.below(len(choices))]


def pick_checked(g, rng, moves):
    """pick(), after checking that an int which is not a legal decision is refused and changes
    nothing."""
    bogus = rng.next32() & 0xFFFFF
    if bogus not in moves:
        before = g.encode()
        assert raises(GameError, g.play, bogus)
        assert g.encode() == before
    return pick(rng, moves)


def state(g):
    """What undo must restore besides the position text (board, turn, path, free pushes, dice,
    hand, rng, offer, result): the hash and the repetition record."""
    return (g.zobrist, len(g.rep), g.rep[-1] if g.rep else -1, g.rep_base)


def tokens_checked(g):
    """An after-decision check (play_checked's `after`): counts and hash agree with the board,
    and tokens only leave by captures (a transformation turns light into dark)."""
    before = [totals(g)]

    def check(g, mover, move):
        check_board(g)
        after = totals(g)
        for p in (0, 1):
            assert after[p][1] <= before[0][p][1], g.encode()
            assert after[p][0] + after[p][1] <= before[0][p][0] + before[0][p][1], g.encode()
        before[0] = after
    return check


def random_games(options, games, decisions, seed):
    """`games` random games of at most `decisions` decisions (0: to the end) with every
    invariant of play_checked and the checks above; returns the decisions checked."""
    rng = Rng(seed)
    checked = 0
    for gi in range(games):
        opts = dict(options)
        opts["seed"] = str(seed * 100 + gi)
        g = TholianGo(opts)
        checked += play_checked(g, rng, pick_checked, tokens_checked(g), 16, decisions, state)[0]
    return checked


SOAK_CASES = tuple({"variant": v} for v in VARIANTS) + ({"push_limit": "on"}, {"variant": "lucky", "transform": "off"}) + tuple(
    {"space": s} for s in TholianGo.OPTIONS["space"][1:])


def soak(seed):
    """One whole random game with every invariant (decoding every 4th position), the case (each variant, String Push Limit,
    no transformation, each space) by seed % 14; the other options vary with the seed
    (tools/bench/soak.py).  Returns (options, decisions, winner, record)."""
    options = dict(SOAK_CASES[seed % len(SOAK_CASES)])
    options.setdefault("variant", VARIANTS[seed // len(SOAK_CASES) % len(VARIANTS)])
    options["seed"] = str(seed)
    g = TholianGo(options)
    return (options,) + play_checked(g, Rng(seed), pick_checked, tokens_checked(g), 4, 0, state)


def test_random_standard():
    """§4-§7 invariants over random games of the base game."""
    assert random_games({}, scaled(6, 1), scaled(400, 120), 1) > 0


def test_random_every_variant():
    """§8: the same invariants for every variant."""
    for i, v in enumerate(VARIANTS[1:]):
        assert random_games({"variant": v}, scaled(3, 1), scaled(250, 50), 10 + i) > 0


def test_random_options_and_spaces():
    """§8: String Push Limit with any variant, Periodic and Expanded spaces."""
    cases = [
        {"push_limit": "on"},
        {"variant": "oracle", "push_limit": "on"},
        {"space": "periodic"},
        {"space": "wide"},
        {"space": "long", "variant": "football"},
        {"space": "square", "variant": "ultimate"},
        {"variant": "lucky", "transform": "off"},
        {"variant": "chain", "space": "periodic"},
    ]
    for i, opts in enumerate(cases):
        assert random_games(opts, scaled(2, 1), scaled(200, 30), 40 + i) > 0


def test_every_legal_decision_plays_and_undoes():
    """Every listed decision of random positions can be played and taken back exactly."""
    rng = Rng(7)
    for v in ("standard", "oracle", "ultimate"):
        g = TholianGo({"variant": v, "seed": "3"})
        for _ in range(scaled(120, 25)):
            if g.winner() != ONGOING:
                break
            text = g.encode()
            for m in list(g.legal_moves()):
                g.play(m)
                g.undo()
                assert g.encode() == text
            g.play(pick(rng, g.legal_moves()))


def decision_paths(g, out):
    """Every complete path the decisions allow from here (depth first through the steps)."""
    for m in list(g.legal_moves()):
        kind = m & 3
        if kind == 0:
            nodes = g.move_nodes(m)
        elif kind == 3:
            nodes = g.route_nodes() + [m >> 2]
        else:
            continue
        if g.board[nodes[-1]] == 0:
            out.append(nodes)
        else:
            g.play(m)
            decision_paths(g, out)
            g.undo()


def test_decisions_reach_exactly_the_whole_moves():
    """§4: the moves reached step by step are exactly the whole moves: the same resulting
    positions as an independent search of every simple path (tholian_go_moves)."""
    rng = Rng(11)
    compared = 0
    for opts in ({}, {"push_limit": "on"}, {"variant": "oracle"}, {"variant": "lucky"}):
        for gi in range(scaled(3, 1)):
            o = dict(opts)
            o["seed"] = str(gi)
            g = TholianGo(o)
            for _ in range(scaled(150, 30)):
                if g.winner() != ONGOING:
                    break
                if g.rlen == 0 or (g.pending and g.rlen == 1):
                    whole = whole_moves(g)
                    if len(whole) < scaled(1500, 200):
                        paths = []
                        decision_paths(g, paths)
                        a = {}
                        for nodes, key in whole:
                            a[path_result(g, nodes)] = 1
                        b = {}
                        for nodes in paths:
                            b[path_result(g, nodes)] = 1
                        assert sorted(a) == sorted(b), g.encode()
                        compared += 1
                g.play(pick(rng, g.legal_moves()))
    assert compared > 0


def test_whole_moves_one_shortest_path_per_result():
    """§4: "give one path per resulting position: the shortest, ties broken by the smaller
    notation string" - checked against every path of the decisions."""
    g = TholianGo()
    g.set_position(["L3.4", "L4.4", "D2.3", "D3.3", "D4.3"], ["L5.4", "L6.4", "L5.5", "D3.4", "D5.3"])
    whole = whole_moves(g)
    paths = []
    decision_paths(g, paths)
    best = {}
    for nodes in paths:
        r = path_result(g, nodes)
        text = "-".join(g.space.name(k) for k in nodes)
        if r not in best or (len(nodes), text) < best[r]:
            best[r] = (len(nodes), text)
    assert len(whole) == len(best)
    for nodes, key in whole:
        assert (len(nodes), "-".join(g.space.name(k) for k in nodes)) == best[path_result(g, nodes)]


def test_undo_past_the_kept_log_replays_exactly():
    """Undo takes back every decision exactly, also after the undo log dropped its oldest
    records (it keeps only the newest on the device): those decisions are undone by replaying."""
    for opts in ({}, {"variant": "oracle"}, {"variant": "ultimate"}):
        g = TholianGo(opts)
        rng = Rng(3)
        states = []
        cut = False
        while len(states) < scaled(400, 220) and g.winner() == ONGOING:
            states.append(state(g))
            moves = [m for m in g.legal_moves() if m != OFFER]
            g.play(moves[rng.below(len(moves))])
            cut = cut or g._log_from > 0
        assert cut, opts
        while states:
            g.undo()
            assert state(g) == states.pop()


def dense_position(rng, options):
    """A game of `options` with both players' tokens on random nodes, barriers everywhere (10
    dark and 25 light each), Red to move."""
    g = TholianGo(options)
    dark, light = shuffled_nodes(g, rng)
    g.set_position(dark[:10] + light[:25], dark[10:20] + light[25:50])
    return g


def test_captures_after_plays_and_undos_are_those_of_a_fresh_labelling():
    """§5 captures what a web's parts cut off; the game keeps the parts labelled while no token
    that makes barriers moves, through the plays and undos of the AI's searches.  Every tried
    decision of random positions full of barriers, and four random decisions after it, leave
    the board that a game decoded from the position (every part labelled afresh) leaves."""
    rng = Rng(5)
    captures = 0
    for options in ({}, {"space": "periodic"}, {"variant": "lucky", "transform": "off"}):
        for _ in range(scaled(2, 1)):
            g = dense_position(rng, options)
            for _ in range(scaled(12, 3)):
                moves = g.legal_moves()
                if not moves:
                    break
                text = g.encode()
                tokens = sum(g.cnt)
                for m in moves[::max(1, len(moves) // scaled(8, 3))]:
                    g.play(m)
                    captures += sum(g.cnt) < tokens
                    fresh = TholianGo(options)
                    fresh.decode(text)
                    fresh.play(m)
                    assert g.board == fresh.board, (text, g.move_to_text(m))
                    deeper = 0
                    while deeper < 4 and g.legal_moves():
                        replies = g.legal_moves()
                        reply = replies[rng.below(len(replies))]
                        g.play(reply)
                        fresh.play(reply)
                        deeper += 1
                        assert g.board == fresh.board, (text, g.move_to_text(m), deeper)
                    for _ in range(deeper + 1):
                        g.undo()
                    assert g.encode() == text
                g.play(pick(rng, moves))
    assert captures
