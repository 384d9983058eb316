# Lazo's rules page: a summary of docs/rules/lazo.md (the rules as implemented, with rulings).
TEXT = """A three-dimensional game: tiles stack like cannonballs. Black and White, 95 tiles each.

THE BOARD
A trapezoid of 145 triangular holes; the long edge is at the bottom of the screen. Three tiles that touch on one level leave a hole of the same shape as a board hole: the next level's tiles sit in those holes. Where three tiles meet at a single point, a blocking region sits above the point: a tile never touches a tile two levels away.

MOVING
Black moves first; one tile per move; tiles never move and are never captured; you may not pass. Place a tile on an empty board hole, or on a higher level where all three tiles under it are in place (no overhang) and it touches one of your tiles.

GOAL
Make a loop: your tiles (the board counts as yours) must go round a hole that contains no tile of your colour and avoids the blocking regions. Two kinds: a loop of tiles alone, or an arch closed by the board, e.g. your tile resting on one of yours and on two of the opponent's, with the opponent's "river" passing under it to empty space at both ends. One opposing tile under an arch is not enough; two adjacent ones on one level are.

You also win if your opponent has no legal move before running out of tiles. All 190 tiles placed without a loop: draw. You may resign; players may agree a draw.

RULINGS
- Board facts from the other rules pages: 145 holes in 10 rows, 95 tiles each, empty start, Black first.
- The holes of each level are the triangles pointing away from the long edge.
- A loop wins when a cycle of your tiles (and the board) and a cycle of free space (empty spaces, opposing tiles, open air) are linked; a ring on level 1 around an empty hole does not win (the board closes the hole).

SCREEN
Seen from above, each place shows its topmost tile; the number on a tile is its level. The cursor visits the spaces where you may play."""

# What the play screen's status line and help line say (the Help page and the rules page).
STATUS = """B95 W95: the tiles Black and White have left to place. Under the board, 2.1.3 on BWB: the space under the cursor (its level first) and, above level 1, the colours of the three tiles it would rest on."""
