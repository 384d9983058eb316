# Thoughtwave: randomised invariants, checked against slow independent references.
from shared_rules.game import DRAW, ONGOING
from shared_rules.rng import Rng
from shared_rules.thoughtwave.rules import PASS, Thoughtwave
from rules_support import play_checked, play_random, refuses, scaled

# Directions as (dx, dy, my edge bit, the neighbour's facing bit).
DIRS = ((0, 1, 1, 4), (1, 0, 2, 8), (0, -1, 4, 1), (-1, 0, 8, 2))
PIECE_OF_MASK = {15: 0, 7: 1, 14: 1, 13: 1, 11: 1, 5: 2, 10: 2, 3: 3, 6: 3, 12: 3, 9: 3, 1: 4, 2: 4, 4: 4, 8: 4}


def reference_moves(game, limit=0):
    """Every placement (the first `limit` of them) by brute force: each empty square, each mask
    the mover holds a piece for, each of the four edges checked against the neighbour."""
    board, me = game.board, game.to_move()
    out = []
    for cell in range(100):
        if board[cell]:
            continue
        x, y = cell % 10, cell // 10
        for mask in range(1, 16):
            if not game.hand[me * 5 + PIECE_OF_MASK[mask]]:
                continue
            ok = True
            for dx, dy, mine, facing in DIRS:
                if 0 <= x + dx < 10 and 0 <= y + dy < 10:
                    other = board[cell + dx + 10 * dy]
                    if other and bool(mask & mine) != bool(other & facing):
                        ok = False
            if ok:
                out.append(cell * 16 + mask)
                if len(out) == limit:
                    return out
    return out


def reference_linked(game, across):
    """Is there one wave from the left to the right side (across) or bottom to top?  A flood over
    the tiles from every tile whose wave runs off the first side."""
    board = game.board
    seen = bytearray(100)
    stack = []
    for i in range(10):
        cell = i * 10 if across else i  # column a / row 1
        if board[cell] and board[cell] & (8 if across else 4):
            seen[cell] = 1
            stack.append(cell)
    while stack:
        cell = stack.pop()
        x, y = cell % 10, cell // 10
        if (across and x == 9 and board[cell] & 2) or (not across and y == 9 and board[cell] & 1):
            return True
        for dx, dy, mine, facing in DIRS:
            n = cell + dx + 10 * dy
            if 0 <= x + dx < 10 and 0 <= y + dy < 10 and board[cell] & mine and board[n] and not seen[n]:
                assert board[n] & facing  # the matching rule holds
                seen[n] = 1
                stack.append(n)
    return False


def check_winner(game, mover):
    """The winner follows from the reference links (both links: the mover)."""
    red_across = game.options["red_links"] == "left-right"
    links = (reference_linked(game, red_across), reference_linked(game, not red_across))
    if links[mover]:
        expected = mover
    elif links[1 - mover]:
        expected = 1 - mover
    elif not reference_moves_for(game, 0, 1) and not reference_moves_for(game, 1, 1):
        expected = DRAW
    else:
        expected = ONGOING
    assert game.winner() == expected, (game.winner(), expected, game.encode())


def open_wave_end(board, cell):
    """Does a placed neighbour's wave run into this empty square?"""
    x, y = cell % 10, cell // 10
    for dx, dy, mine, facing in DIRS:
        if 0 <= x + dx < 10 and 0 <= y + dy < 10 and board[cell + dx + 10 * dy] & facing:
            return True
    return False


def pick(game, rng):
    """Random play that mostly extends an open wave end: uniform play almost never links sides."""
    moves = game.legal_moves()
    if rng.below(20):
        extending = [m for m in moves if m != PASS and open_wave_end(game.board, m >> 4)]
        if extending:
            return extending[rng.below(len(extending))]
    return moves[rng.below(len(moves))]


def reference_moves_for(game, player, limit=0):
    saved = game._to_move
    game._to_move = player
    moves = reference_moves(game, limit)
    game._to_move = saved
    return moves


def test_random_games_legal_moves_match_brute_force_and_winner_matches_flood():
    """Spec Moves (every shared edge matches, border free, pieces in hand) and Winning (one wave
    from side to side, the mover's link first) against brute force, over whole random games; moves
    not listed are refused with GameError and change nothing."""
    outcomes = {0: 0, 1: 0, DRAW: 0, "passes": 0}
    for seed in range(scaled(12, 4)):
        options = {"red_links": "top-bottom"} if seed % 3 == 2 else None
        game = Thoughtwave(options)
        rng = Rng(seed + 1)
        while not game.is_over():
            legal = game.legal_moves()
            ref = reference_moves(game)
            assert sorted(legal) == (ref if ref else [PASS])
            for _ in range(4):
                bogus = rng.below(100) * 16 + rng.below(16)
                if bogus not in legal:
                    assert refuses(game, bogus)
            mover = game.to_move()
            move = pick(game, rng)
            if move == PASS:
                outcomes["passes"] += 1
            game.play(move)
            check_winner(game, mover)
        outcomes[game.winner()] += 1
    assert outcomes[0] + outcomes[1] > 0


def pick_checked(game, rng, moves):
    return pick(game, rng)


def check_winner_after(game, mover, move):
    check_winner(game, mover)
    check_winning_cells(game, mover, move)


def check_winning_cells(game, mover, move):
    if game.winner() in (0, 1):
        assert game.winning_cells(), game.encode()


def soak(seed):
    """One whole random game with every invariant and the flood's verdict after each placement,
    both link directions (tools/bench/soak.py).  Returns (options, decisions, winner, record)."""
    options = {"red_links": ("left-right", "top-bottom")[seed % 2]}
    return (options,) + play_checked(Thoughtwave(options), Rng(seed), pick_checked, check_winner_after)


def test_random_games_are_won_with_the_winning_cells_shown():
    """A won game names the cells of its winning link (the protocol's invariants, undo to the
    start included: test_every_game.py; the wave components: the soak's play_checked)."""
    wins = 0
    for seed in range(scaled(30, 6)):
        game = play_random(Thoughtwave(), Rng(500 + seed), pick_checked, check_winning_cells)
        wins += game.winner() in (0, 1)
    assert wins > 0


def test_long_games_of_blocking_play_reach_passes_and_draws():
    """Spec: a player who cannot place passes; neither can place -> draw.  Random play that prefers
    moves which complete no link plays most pieces, so hands run dry."""
    seen = {"pass": 0, "draw": 0}
    for seed in range(scaled(8, 2)):
        game = Thoughtwave()
        rng = Rng(900 + seed)
        while not game.is_over():
            moves = game.legal_moves()
            start = rng.below(len(moves))
            chosen = moves[start]
            for i in range(len(moves)):  # the first move from a random start that does not end it
                move = moves[(start + i) % len(moves)]
                game.play(move)
                over = game.is_over()
                game.undo()
                if not over:
                    chosen = move
                    break
            if chosen == PASS:
                seen["pass"] += 1
            mover = game.to_move()
            game.play(chosen)
            check_winner(game, mover)
        if game.winner() == DRAW:
            seen["draw"] += 1
    assert seen["draw"] > 0
