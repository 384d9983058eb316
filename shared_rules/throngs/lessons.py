# Learn to play Throngs (the format: shared_rules/lessons.py).
_TAIL = " flight=- passed=000 deployed=0 must_deploy=00 counters=%s setup=%d swapped=0 result=none"
_PLAY = _TAIL % ("-1,-1", 4)
_START = "stones=000000000000010000000000000000000002000000000020000000000000000 mover=1 maneuver=1" + _PLAY
_TWO = "stones=000000000000010000000100000000000002000000000020000000000000000 mover=1 maneuver=1" + _PLAY
_CAPTURE = "stones=000000000000010000000110000002100000000000000020000000000000000 mover=1 maneuver="
LESSONS = (
    ("Throngs", "", (
        ("vertices of a triangular grid | ragged hex 63 (default) | "
         "uses ludii's site numbering | black moves first | each turn is two maneuvers",
         _START,
         "Throngs is played on the points of a triangular grid; inside the board a point has six "
         "neighbours. The default board, Ragged hex 63, numbers its 63 points as Ludii does, row "
         "by row from 0 at the bottom: Black starts on 13, White on 35 and 46. Black moves "
         "first, and every turn, the first one too, is two actions by the same player. Deploy a "
         "stone on 21, then one on 14.",
         "P@21 P@14", "21 is above and left of Black's stone on 13, and 14 is right of it.",
         "Black made both actions of its turn: now it is White's turn.", "move"),
        ("vicinity of a site | action potential of a site | maximum is 7 | "
         "a maneuver is one of | deploy: an empty site with potential | place a stone there (cost 1)",
         _TWO,
         "A point's vicinity is the point and its neighbours; your power there is your stones in "
         "it minus the enemy's, at most 7. An action is a deploy, a capture, a move or a pass. "
         "Deploy: put a new stone on an empty point where your power is 1 or more, for a cost of "
         "1. Deploy on 20, beside your stone on 21.",
         "P@20", "20 is left of Black's stone on 21: power 1 there.",
         "Black deployed on 20; with power 1 the new stone stays there.", "move"),
        ("the new stone may then be dispatched",
         _TWO,
         "With power 2 or more the new stone may travel on with the power left after its cost of "
         "1, or stay. Deploy on 22, next to both your stones (power 2), then send it on to 30.",
         "P@22 -30", "First choose 22 (power 2), then 30 as the stone's destination.",
         "The stone came in on 22 and, with the 1 power left, stepped on to 30.", "move"),
        ("a mover's stone on the site counts | capture: a site holding an enemy stone | "
         "replace it with your stone | the maneuver ends there",
         _CAPTURE + "1" + _PLAY,
         "Capture: an enemy stone on a point where your power is 2 or more is replaced by one of "
         "yours, and the action ends there. A stone on the point itself counts too, an enemy's "
         "against you: 29 has three black neighbours and a white stone, power 2. Capture it.",
         "x@29", "The white stone on 29 is the one to capture.",
         "The white stone on 29 became black; the new stone stays where it is.", "capture"),
        ("it is computed once | move: a site holding your stone | it must end on a different site | "
         "dispatch: a sequence of steps and jumps | a step goes to an adjacent empty site | "
         "a jump goes in a straight line",
         "stones=000000000000011000000110000000000002000000000020000000000000000 mover=1 maneuver=1" + _PLAY,
         "Move: a stone of yours travels with its point's power, counted once as the action "
         "starts, before anything moves, and must end on another point. A step to an empty "
         "neighbour costs 1; a jump goes straight over a line of stones of either colour to the "
         "first empty point behind them, for 1 per point crossed or reached. The costs together "
         "may not pass the power. Jump from 21 over 22 to 23.",
         "21 -23", "Pick up the stone on 21, then choose 23, behind the stone on 22.",
         "The stone jumped over 22 to 23 for a cost of 2 of its power 3.", "move"),
        ("direction may change only at empty sites | starting site counts as occupied | "
         "a destination is legal if some route",
         "stones=000000000000010000000110000000100002000000000020000000000000000 mover=1 maneuver=1" + _PLAY,
         "A route may turn, but only on an empty point, after a step or a jump, and the stone's "
         "starting point counts as taken while it travels. Any route within the power will do: "
         "you choose only where the stone ends. Send the stone on 21, power 3, to 31: a step "
         "to 29, then a jump over 30.",
         "21 -31", "Pick up the stone on 21, then choose 31, reached by turning on 29.",
         "The stone reached 31 by a route that turned: a step, then a jump, 3 in all.", "move"),
        ("forced deployment (seed) | a capture is a deployment here | ludii enforces a broader counter",
         _CAPTURE + "2" + _PLAY.replace("must_deploy=00", "must_deploy=10"),
         "If you passed both actions of a turn, one action of your next turn must deploy, when a "
         "deploy is possible, and a capture counts as one. Black passed its whole last turn and "
         "has just moved: only deploys and captures are offered. Capture on 29. (The original "
         "rules count with a broader counter, in which captures do not count.)",
         "x@29", "Capture on 29: a capture counts as the deploy that is due.",
         "The capture met the rule: Black placed a stone this turn.", "capture"),
        ("score of player p (opponent q) | +1 for each p stone that is safe | both scores are shown on screen",
         "stones=000002000000210000000000000000000000000000000020000000000000000 mover=1 maneuver=1" + _PLAY,
         "Both players' scores are on the screen, recounted after every action. An edge point has "
         "fewer than 5 neighbours. Each of your stones that is safe scores 1: on an edge point, "
         "with a friend beside it or more than 2 empty neighbours; elsewhere, with 2 or more "
         "friends beside it, or when its enemies beside it outnumber its friends by less than 2. "
         "Your stone on 13 has two white neighbours: deploy on 14.",
         "P@14", "14 gives the stone on 13 a black neighbour: then 2 enemies outnumber 1 friend by 1.",
         "The stones on 13 and 14 are both safe: Black's score went from 0 to 2.", "move"),
        ("+1 for each empty site that is p's | +1 for each q stone",
         "stones=000000000000011000000000000012100000011000000020000000000000000 mover=1 maneuver=1" + _PLAY,
         "An empty point scores 1 for you: on an edge point, with 3 or more of your stones beside "
         "it, no enemy next to its empty neighbours and none of those on the edge; elsewhere, "
         "with 4 or more of yours beside it and no enemy next to its empty neighbours, or 3 or more "
         "and no enemy beside it. An enemy stone scores 1 for you when your stones beside it are "
         "more than 1 plus half its neighbours. Deploy on 21.",
         "P@21", "This step shows the score: deploy on 21, between 13, 22, 28 and 29.",
         "Black's score went from 6 to 9: the new stone, the empty point 22 (four black "
         "neighbours) and the white stone on 29 (five of its six neighbours are black).", "move"),
        ("pass (the whole maneuver) | early, as in the seed | that player wins. | "
         "the score is not tested between | earlier it was tested after every",
         "stones=111111111111111111111111111111111111111110000002222222222222222 mover=2 maneuver=2" + _PLAY,
         "A player who starts a turn with a score of at least half the points plus 2, 34 on this "
         "board, wins. The score is tested only then, never between the two actions of a turn "
         "(an earlier ruling tested it after every action). Black has 41. Pass, giving up "
         "White's whole second action, and Black's turn begins.",
         "pass", "Whatever White does, Black starts the next turn with more than 34.",
         "Black began its turn with a score of 41: Black wins.", "end"),
        ("objective: a majority of stones | the game ends: | when no actions are possible (seed | "
         "passing does not end the game | pass a whole turn in succession",
         "stones=122211111222222222211111121221112112211221222221211111112222211 mover=2 maneuver=2"
         + _PLAY.replace("passed=000", "passed=101"),
         "The goal: more stones than the enemy once nobody can act. The game ends when the player "
         "to move can neither deploy, capture nor move, and neither could the other as its turn "
         "began: more stones win, equal is a draw. A pass alone never ends it (an earlier ruling "
         "ended it after two passed turns); after a passed turn a deploy is due. The board is "
         "full: pass for White.",
         "pass", "White can only pass here.",
         "Black cannot act either: the game is over, and White's 32 stones beat Black's 31.", "win"),
        ("four boards, all taken from ludii | throngs 93 (original) | ragged hex 87 | ragged hex 153 | "
         "the seed mentions torus | the boards above | the seed's (dec 2023) rules | ludii's start stones, or",
         _START,
         "The form's Board option picks the board. Four come from Ludii: this one, Throngs 93, "
         "the original (Black starts on 85, White on 6 and 9), Ragged hex 87 (70; 13 and 47) and "
         "Ragged hex 153 (36; 82 and 112). The seed names a torus and a perforated board, which "
         "Ludii lacks; each has a lesson here. Rules picks the seed's Dec 2023 rules or Ludii "
         "1.3.12's original ones; Start, Ludii's start stones or the 3-stone pie. Deploy on 12.",
         "P@12", "12 is left of Black's stone on 13.",
         "Black deployed on 12. Every board plays by the same rules.", "move"),
    )),
    ("Pie start", "start=pie", (
        ("a pie rule or balanced starting | black's player places two black",
         "stones=000000000000000000000000000000000000000000000000000000000000000 mover=1 maneuver=1" + _TAIL % ("-1,-1", 0),
         "The seed calls for a pie rule or a balanced start. With the pie start the first player "
         "places two black stones and one white stone anywhere; the other player then picks a "
         "colour, so a fair start is in the first player's interest. Place black on 20 and 42, "
         "then white on 31.",
         "B@20 B@42 W@31", "This lesson's start: black on 20, black on 42, white on 31.",
         "The three stones are placed: the other player now picks a colour.", "move"),
        ("chooses to play black or white",
         "stones=000000000000000000001000000000020000000000100000000000000000000 mover=1 maneuver=1" + _TAIL % ("-1,-1", 3),
         "Now choose which colour to play. White, with one stone, moves first. Take White.",
         "white", "Choose White here.",
         "You play White, and White moves first.", "move"),
    )),
    ("Torus board", "board=torus81", (
        ("9×9 rhombus | always the 3-stone pie | ring of faded sites",
         "stones=000000000000000000002000000000000000000020001000000000000000000000000000000000000 mover=1 maneuver=1" + _PLAY,
         "Torus 81 is a 9 by 9 rhombus whose edges wrap: a point on the right edge is next to the "
         "same row's point on the left edge, and the faded ring shows those points. Every game "
         "there starts with the pie (a fixed start would favour whoever the wrap favours). Deploy "
         "on 36, on the left edge, beside your stone on 44.",
         "P@36", "36 starts the row that 44 ends: across the wrap they are neighbours.",
         "The new stone on 36 touches the stone on 44 across the edge.", "move"),
        ("every site has 6 | jumps follow the same six | "
         "early end at 43",
         "stones=000000000000000000002000000000000000000020011000000000000000000000000000000000000 mover=1 maneuver=1" + _PLAY,
         "On the torus every point has six neighbours, so none is an edge point for the score, "
         "and the early end comes at 43. Jumps run straight on across the wrap; a jump that "
         "would come back to its own start has nowhere to land. Jump from 43 over 44 to 36.",
         "43 -36", "Pick up the stone on 43, then choose 36, behind 44 across the edge.",
         "The stone jumped over 44 and across the wrap to 36.", "move"),
    )),
    ("Perforated board", "board=perforated54", (
        ("with 5 sites a side | the pattern turns into itself | "
         "black on 6 (row 1, column 1) | start=pie works as on every board | "
         "the holes are small dark red dots",
         "stones=000000100000000000000000000002000000000000000200000000 mover=1 maneuver=1" + _PLAY,
         "Perforated 54, this project's own board, is a hexagon with 5 points a side and 7 holes: "
         "the centre and six around it, a pattern a sixth of a turn maps onto itself. Every point "
         "has a hole or the border beside it. Holes are dark red dots (gaps on mono screens). "
         "Black starts on 6, White on 29 and 45: a third of a turn takes each start stone to "
         "another, which is fair. The pie works here too. Deploy on 5.",
         "P@5", "5 is left of Black's stone on 6.",
         "Black deployed on 5, beside its stone on 6, which has a hole on its other side.", "move"),
        ("a straight line ends at a hole | early end at 29",
         "stones=000001100000000000000000000002000000000000000200000000 mover=1 maneuver=1" + _PLAY,
         "A hole is no point: nothing goes on it or steps on it, it is in no vicinity, and a "
         "straight line stops at a hole as at the border, so no jump crosses one. The early end "
         "here comes at 29 (original rules: more than 30). The stone on 5 cannot jump over 6 "
         "to 7: move it round to 12.",
         "5 -12", "Pick up the stone on 5, then choose 12: 7 is not offered, as the hole beyond 6 "
         "ends the line.",
         "The stone went round to 12; no jump crosses a hole.", "move"),
    )),
    ("Original rules", "ruleset=original", (
        ("published ludii release | they are ruleset=original | "
         "differences from the seed's rules | capture: an enemy site with potential",
         "stones=000000000000010000000110000012100000000000000020000000000000000 mover=1 maneuver=1" + _PLAY,
         "The original rules (the form's Rules option) are those of Ludii's release, from before "
         "the author simplified them in Dec 2023. They differ from the seed's in four ways. "
         "First, a capture's power left over may send your new stone on, or it may stay. "
         "Capture on 29, where your power is 3, and send it to 37.",
         "x@29 -37", "Capture on 29 first, then choose 37 as the new stone's destination.",
         "The white stone on 29 was replaced and the new black stone went on to 37.", "capture"),
        ("the cost is waived",
         "stones=000000000000220000002010000011000000000000000020000000000000000 mover=1 maneuver=1" + _PLAY,
         "Second, a deploy costs 1, but on an empty point with power 0 and no empty neighbour "
         "the cost is waived, so you may deploy there. 21 is surrounded by three stones of each "
         "colour: deploy on 21.",
         "P@21", "21, power 0 with no empty neighbour, is the point to deploy on.",
         "The new stone sits on 21, where the seed rules would not allow it.", "move"),
        ("forced deployment counter | moving an own stone and passing | "
         "a capture does not reset it",
         _CAPTURE + "1" + _TAIL % ("4,-1", 4),
         "Third, each player has a counter: it starts at -1, a deploy sets it to 0 and each "
         "finished action adds 1. At 4, moving and passing are no longer offered, and a capture "
         "does not reset it. Black's is at 4: capture on 29, then deploy on 5.",
         "x@29 P@5", "Capture on 29 first, then deploy on 5: moving and passing are not offered.",
         "After the capture only deploys were offered; the deploy reset the counter.", "capture"),
        ("no decision (ludii's engine) | it is no maneuver | a full board does not end the game | "
         "ruling (no decision for either)",
         "stones=000002200000212000000000000000000000000000000020000000000000000 mover=1 maneuver=1" + _TAIL % ("4,-1", 4),
         "When the counter leaves you no deploy or capture, you must pass. That forced pass is no "
         "action: the counter stays, and the other player moves, a whole turn if the pass was "
         "your first action, one action if your second. A full board alone does not end the game; it "
         "ends when, after a forced pass, the other cannot act either. Black can only pass.",
         "pass", "Pass is Black's only choice.",
         "Black's forced pass: White now has a whole turn.", "pass"),
        ("quirks and all | ludii's trial opens | a pass that closes a turn never ends",
         "stones=000000000000011000000100000000100002000000000020000000000000000 mover=2 maneuver=1"
         + _TAIL % ("1,-1", 4) + " trail=3",
         "Fourth, the end. A pass that opens a turn ends the game if the other player's turn "
         "before it also opened with a pass and had at most two decisions; Black's first turn "
         "never counts (Ludii counts the start stones as one). A pass that closes a turn never "
         "ends it, nor does a turn of a pass and then a move. Pass for White, deploy on 43, "
         "then pass for Black.",
         "pass P@43 pass", "White passes, deploys on 43; then Black passes.",
         "Black's pass ended the game: the higher score, Black's 5 to White's 3, wins.", "end"),
        ("end (below): ludii's own | confirmed on 34 whole games | the .lud says | "
         "ludii tests its end after every | score: the seed's score (above) | "
         "early end: the player to move next | result (byscore) | is not affected | "
         "only ruleset=original has it",
         "stones=111111111111111111111111111111111000000000000000002222222222222 mover=1 maneuver=1" + _PLAY,
         "This end is Ludii's own, read from its source and checked on 34 games played in Ludii: "
         "after every action, the game ends if all passed, or if the player to act next has a "
         "score of more than half the points plus 3 (35 here; 34 plays on). The score is the "
         "seed's, recounted after each action; the higher score wins, not the most stones. The "
         "seed rules keep their own early end. Black has 33: deploy on 33.",
         "P@33", "Deploy on 33, next to your stones.",
         "Black's score passed 34: the game ends and the higher score, Black's, wins.", "win"),
    )),
)
