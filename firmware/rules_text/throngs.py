# Throngs' rules page: a summary of docs/rules/throngs.md (the rules as implemented, with rulings).
TEXT = """By Dale W. Walton (2019): a territorial wargame on the points of a triangular grid, Black against White.

GOAL
Have more stones on the board when no more actions are possible.

ACTION POTENTIAL
The vicinity of a site is the site and its neighbours. Its potential for you is your stones there minus the opponent's, counted at the start of the maneuver (at most 7). The screen writes the potential on each site you can choose.

A TURN
Black starts. A turn is two maneuvers. A maneuver is one of:
- Deploy: an empty site with potential 1 or more. Place a stone (cost 1); with potential left you may then dispatch it, or let it stay.
- Capture: an enemy stone on a site with potential 2 or more. Replace it with yours; the maneuver ends.
- Move: your stone on a site with potential 1 or more: dispatch it with that much power; it must end elsewhere.
- Pass.

DISPATCH
Steps and jumps costing at most the power: a step goes to an empty neighbour (cost 1); a jump goes straight over a line of occupied sites to the empty site beyond (cost 1 per site crossed or reached). Direction changes only at empty sites.

FORCED DEPLOYMENT
If you passed both maneuvers of a turn, your next turn must deploy at least once when a deployment is possible. A capture places a stone, so it counts as a deployment.

END
The game ends when no actions are possible: the player to move can neither deploy, capture nor move, and neither could the opponent when its last turn began. Then most stones wins (equal: draw). Passing alone does not end the game. It ends early when a player starts a turn with a score of at least half the sites plus 2 (34 on the standard board): that player wins. The score is not tested between the two maneuvers of a turn.

SCORE (shown on screen)
+1 for each of your stones that is safe, each empty site that is yours, and each enemy stone you clearly outnumber.

RULINGS AND OPTIONS
- Boards from Ludii: ragged hex 63 (standard), Throngs 93, ragged hex 87, ragged hex 153. torus81: a 9x9 rhombus whose edges wrap (every site has 6 neighbours, jumps wrap too); it always starts with the pie; early end at 43. The faded ring around it shows the sites of the opposite edge.
- perforated54: a hexagon of 5 a side with 7 holes (red dots on colour screens), every 7th point of the grid: no site has 6 neighbours, and a jump stops at a hole as at the border. Black starts on 6, White on 29 and 45, the same place turned by a third of a turn.
- ruleset=original: the Ludii 1.3.12 rules (capture may dispatch, free deployment on a neutral enclosed site, Ludii's forcing counter; a player it leaves nothing passes, which skips the rest of its turn). The game ends after a maneuver when the player to move has more than half the sites plus 3, or opens its turn with a pass after the opponent's turn of two decisions opened with one, or when neither player can do anything: the higher score wins.
- start=pie: Black's player places two Black and one White stone, the other player then picks a colour.

CONTROLS
Choose a site (A). When a stone is in flight, choose where it goes; its own site means it stays. B before the destination takes the choice back."""

# What the play screen's status line and help line say (the Help page and the rules page).
STATUS = """B12 W10: the Black and White stones on the board. Sc 3:1 (S3:1): the seed's score of Black and of White (stones and the sites they can expect to defend). Man 1/2 (M1/2): which maneuver of the turn. Power 3 (P3): the power left to the stone in flight. Pie: place B, place W, pick: the steps of the pie start. Under the board, P@21 p1: the move under the cursor and the potential of its site for you."""
