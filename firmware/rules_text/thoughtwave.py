# Thoughtwave's rules page: a summary of docs/rules/thoughtwave.md (the rules as implemented, with rulings).
TEXT = """By Dr Eric Solomon (1998). Two players, Red and Black, on a 10x10 grid of squares.

GOAL
Be the first to link your two opposite sides of the board with one connected Thoughtwave. The squares it starts and ends on need not face each other.

PIECES
Each player has 24 square pieces with wave lines: 2 Crosses (C, all four edges), 6 Junctions (J, three edges), 5 Straights (S, two opposite edges), 10 Bends (B, two adjacent edges) and 1 Terminator (T, one edge: a dead end).

MOVING
Red starts. On your turn place one of your pieces, turned as you like, on an empty square. Where it touches a placed piece the edges must match: wave against wave, blank against blank. The board's outer edges are free. Placed pieces never move and belong to nobody: both players' waves run through them.

WINNING
If one placement links both players' sides, the player who placed it wins.

RULINGS
- Red links left and right, Black top and bottom (option: swapped).
- Illegal placements are never offered, so the seed's penalty (remove the piece, lose a turn) does not arise.
- A player who cannot place passes; when neither can, the game is a draw.

CONTROLS
Choose a square (A), then a piece (the number is how many you have left), then its rotation: the board shows the piece as it will lie. B steps back."""

# What the play screen's status line and help line say (the Help page and the rules page).
STATUS = """C2 J6 S5 B10 T1: the pieces the player to move has left: Crosses, Junctions, Straights, Bends, Terminators. Under the board, J?@e5: the placement being chosen; ? stands for the rotation still to choose."""
