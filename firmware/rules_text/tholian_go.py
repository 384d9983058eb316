# Tholian Go's rules page: a summary of docs/rules/tholian_go.md (the rules as implemented, with rulings).
TEXT = """By JDB Games. Two webs woven into one board: the light web (the corners of the hexagons) and the dark web (the hexagons' centres). Red starts at the bottom and moves first; Blue starts at the top.

GOAL
Surround and remove the opponent's tokens. A player left with 5 or fewer light tokens, or 2 or fewer dark tokens, loses. If both happen at once, the mover wins.

START
Each player has 6 dark and 14 light tokens on the dotted nodes of their end.

A TURN
One move in the dark web and one or two in the light web, in any order. A move: one of your tokens steps to a neighbouring node of its web, or pushes a string of tokens (any colours) one node along a path you choose, ending on an empty node.

BARRIERS
Two tokens of one player on the two ends of an edge block the crossing edge of the other web for the opponent. You may pass between your own tokens. Opposing tokens you push may cross their own barriers, but not yours.

CAPTURE
After every move, for each web: take away the edges your barriers block; every part cut off from the largest part is sequestered and the opponent's tokens in it are removed. Then the same with the opponent's barriers. The board's edge counts as a boundary.

TRANSFORMATION
A light token that reaches the double-circled node on the opponent's side becomes a dark token on the nearest dark node. If that node is occupied, its owner makes a free push from it.

RULINGS
- Start dots: Red has every node of the first dark row and of the first light line, and the 2nd, 6th and 10th nodes of the second light line; Blue the same turned round.
- A turn is exactly one dark move (if any is possible) and one or two light moves; it may end after the first light move once the dark move is made or impossible (End). A player with no move passes.
- Captures: the largest part is open; several equally largest parts are all open.
- A token pushed onto its target transforms at the end of its owner's next move; if no free push is possible it does not transform.
- Third repetition of a position with the same player to move: draw. Players may agree a draw.

VARIANTS (option "variant")
- ultimate: empty board; turns 1-6 place 1 dark + 2 light, turn 7 places 2 light and moves 1 dark; then 1 dark + 2 light moves; no transformation.
- chain: no captures; win with an unbroken chain of your light tokens joining an endpoint at each end: the 2nd, 4th, 6th, 8th and 10th nodes of the first light line and of the last (at least fourteen tokens). An enemy barrier across a link breaks it.
- football: the first light token on its target node wins. Captures take tokens out, but the touchdown is the only goal: few tokens left do not lose.
- lucky: tokens placed on random nodes (seeded dice); transformation on or off.
- oracle: dice give the axis of each move's first step.
- scrimmage: 2 dark + 5 light each, placed on your dots in turn; first token on its target wins. lucky_scrimmage adds the movement dice.
Options push limit (pushing some enemy tokens needs as many of your own) and space (periodic, wide, long, square boards).

CONTROLS
Choose a token, then where it goes; to push a string, go on node by node until an empty one. B takes back the last step, End ends the turn after one light move. On a small screen the board scrolls with the cursor; UP or DOWN where the cursor has no target further that way looks over the rest of the board."""

# What the play screen's status line and help line say (the Help page and the rules page).
STATUS = """Red 6/14 and Blue 6/14 (small screens R6/14, B6/14): each player's dark/light tokens on the board. D:due or D:ok (D- or D+): this turn's dark move is still to make, or made; L1/2 (the digit after D- or D+): light moves made this turn. Hand d2 l4 (H d2 l4): tokens still to place. dice: the dice of Lucky and Oracle, first on the line. A line too long for the screen keeps what comes first and leaves out the rest. free push: a transformation left a free push to make. #12: the number of the turn (each player's turn counts one, all its moves together)."""
