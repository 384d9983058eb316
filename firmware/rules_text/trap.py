# Trap's rules page: a summary of docs/rules/trap.md (the rules as implemented, with rulings).
TEXT = """A game by Prof. Sam S. Rakover for 2 players: Light and Dark, 20 balls each.

GOAL
Be the first to trap a red dot: surround it with an unbroken chain of your balls, linked across, up/down or diagonally. The smallest trap is the four corners of the dot's square. Enemy balls inside your chain do not matter.

PHASE 1
Take turns placing one ball on any empty hole. When all 40 are placed, every single ball (one with no ball of its colour next to it, diagonals included) leaves the game.

PHASE 2
Take turns moving one of your balls to any empty hole. Afterwards none of your balls may be single, the moved one included.

The game can be won in either phase.

RULINGS (the seed is silent)
- The board: 8x8 holes, red dots in the middle of the squares d4-e5, b2-c3, f2-g3, b6-c7 and f6-g7. Options: board size, a single centre dot.
- Light moves first by default; the seed says "Players decide who goes first": option first=dark lets Dark start.
- A chain traps a dot when the dot cannot reach the board's edge without crossing a link of the chain.
- A player with no legal phase-2 move passes.
- A position repeated three times, or 100 phase-2 moves without a trap, is a draw.

CONTROLS
Placing: move the cursor to a hole, A. Moving: choose a ball, then its new hole (B takes the ball back)."""

# What the play screen's status line and help line say (the Help page and the rules page).
STATUS = """Place or Move: the phase. L19 D20: Light's and Dark's balls in hand while placing, on the board while moving. Under the board, d4-e5: the move being chosen."""
