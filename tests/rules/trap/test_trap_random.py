# Trap: randomised invariants, checked against slow independent references.
from shared_rules.rng import Rng
from shared_rules.trap.rules import PASS, Trap
from shared_rules.game import ONGOING
from rules_support import play_checked, play_random, refuses, scaled


def raster_trapped(game, player):
    """Independent trap test: draw the player's links on a fine pixel grid and flood the outside.

    Hole (c, r) is pixel (4c + 1, 4r + 1) with a one-pixel margin of outside all round; a link is
    the row of pixels between its two holes (a diagonal link is a pixel staircase that a 4-connected
    flood cannot cross).  A dot is trapped when no free pixel next to its centre is reached.
    """
    size, board, me = game.size, game.board, player + 1
    width = 4 * (size - 1) + 3
    wall = bytearray(width * width)
    for c in range(size * size):
        if board[c] != me:
            continue
        x, y = c % size, c // size
        for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < size and 0 <= ny < size and board[nx + ny * size] == me:
                for i in range(5):
                    wall[(4 * x + 1 + i * dx) + (4 * y + 1 + i * dy) * width] = 1
    outside = bytearray(width * width)
    stack = []
    for i in range(width):
        for p in (i, i * width, i * width + width - 1, (width - 1) * width + i):
            if not outside[p]:
                outside[p] = 1
                stack.append(p)
    while stack:
        p = stack.pop()
        x, y = p % width, p // width
        for q, ok in ((p - 1, x > 0), (p + 1, x < width - 1), (p - width, y > 0), (p + width, y < width - 1)):
            if ok and not outside[q] and not wall[q]:
                outside[q] = 1
                stack.append(q)
    trapped = []
    for i in range(len(game.dots)):
        cx, cy = 4 * game.dots[i][0] + 3, 4 * game.dots[i][1] + 3
        if not any(outside[(cx + dx) + (cy + dy) * width] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
            trapped.append(i)
    return trapped


def reference_movements(game):
    """Every phase-2 move by brute force: try it on a copy and look for a single ball."""
    size, board, me = game.size, game.board, game.to_move() + 1
    cells = size * size
    out = []
    for a in range(cells):
        if board[a] != me:
            continue
        for t in range(cells):
            if board[t]:
                continue
            after = bytearray(board)
            after[a], after[t] = 0, me
            if not any_single(after, size, me):
                out.append(((a + 1) << 8) | t)
    return out


def any_single(board, size, me):
    for c in range(size * size):
        if board[c] != me:
            continue
        x, y = c % size, c // size
        alone = True
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dx or dy) and 0 <= x + dx < size and 0 <= y + dy < size and board[c + dx + dy * size] == me:
                    alone = False
        if alone:
            return True
    return False


def random_game(seed, options=None, check=None):
    """Plays a random game; `check(game, rng)` runs before every decision.  Returns the game."""
    game = Trap(options)
    rng = Rng(seed)
    while not game.is_over():
        if check:
            check(game, rng)
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


def test_random_trap_boards_match_the_raster_reference():
    """Spec "Trap" exact test (triangles and links, open outline) against an independent geometric
    flood, on random dense boards of both players."""
    rng = Rng(7)
    game = Trap()
    found = 0
    for n in range(scaled(300, 20)):
        # Light at 30..70 % density (traps and near misses), Dark on a third of the rest.
        board = game.board
        density = 30 + rng.below(40)
        for c in range(64):
            board[c] = 1 if rng.below(100) < density else (2 if rng.below(3) == 0 else 0)
        for p in (0, 1):
            mine = game.trapped_dots(p)
            assert mine == raster_trapped(game, p), (n, p, game.encode())
            if mine:
                found += 1
    assert found > scaled(100, 5)  # the sample does contain traps (about two boards in three)


def test_random_games_legal_moves_match_brute_force_and_illegal_moves_are_refused():
    """Spec Phase 2 ("none of the mover's pieces may be single") against brute force; every listed
    move plays, moves not listed are refused with GameError and change nothing."""
    stats = {"phase2": 0, "refused": 0}

    def check(game, rng):
        legal = game.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        if game.phase() == 2:
            stats["phase2"] += 1
            ref = reference_movements(game)
            assert sorted(legal) == (sorted(ref) if ref else [PASS]), game.encode()
        # A few random moves that are not legal must be refused without a trace.
        for _ in range(3):
            if game.phase() == 1:
                bogus = rng.below(64)
            else:
                bogus = ((rng.below(64) + 1) << 8) | rng.below(64)
            if bogus not in legal:
                assert refuses(game, bogus)
                stats["refused"] += 1

    for seed in range(scaled(6, 1)):
        random_game(seed + 1, check=check)
    assert stats["refused"] > 0


def check_trap_winner(game, mover, move):
    """The mover is the only one who can win, and a win is a trap the raster reference sees;
    a draw traps no dot."""
    winner = game.winner()
    if winner in (0, 1):
        assert winner == mover and raster_trapped(game, winner), game.encode()
    elif winner != ONGOING:
        assert raster_trapped(game, 0) == [] and raster_trapped(game, 1) == [], game.encode()


def soak(seed):
    """One whole random game with every invariant, its options spread over board sizes 7..16,
    both dot layouts and who places first (tools/bench/soak.py).  Returns (options, decisions, winner,
    record)."""
    options = {"size": str(7 + seed % 10), "dots": ("five", "center")[seed // 10 % 2],
               "first": ("light", "dark")[seed // 20 % 2]}
    game = Trap(options)
    return (options,) + play_checked(game, Rng(seed), after=check_trap_winner)


def test_random_games_are_won_only_by_a_trap_the_reference_sees():
    """Spec "Trap": only the mover can win, by a trap the raster reference sees; a draw traps no
    dot (the protocol's invariants: test_every_game.py)."""
    wins = 0
    for seed in range(scaled(40, 3)):
        wins += play_random(Trap(), Rng(100 + seed), after=check_trap_winner).winner() in (0, 1)
    assert wins > 0


def test_random_games_on_other_board_sizes():
    """Spec Board: size and dots are data -- random games run on 7x7 and 12x12 with custom dots."""
    for options in ({"size": "7"}, {"size": "12", "dots": "c3,j10,f6"}):
        game = random_game(5, options)
        if game.winner() in (0, 1):
            assert raster_trapped(game, game.winner())
        else:
            assert raster_trapped(game, 0) == [] and raster_trapped(game, 1) == []
