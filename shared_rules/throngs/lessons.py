# Learn to play Throngs (the format: shared_rules/lessons.py).  Each step's rule is a heading of
# docs/rules/throngs.md.
_TAIL = " flight=- passed=000 deployed=0 must_deploy=00 counters=-1,-1 setup=%s swapped=0 result=none"
LESSONS = (
    ("Throngs", "", (
        ("Boards; Definitions; Options; Notation",
         "stones=000000000000010000000000000000000002000000000020000000000000000 mover=1 maneuver=1" + _TAIL % 4,
         "Stones go on the points of a triangular grid, numbered from 0 at the bottom. A point's "
         "power for you is your stones on it and next to it, minus the enemy's there. A turn is "
         "two actions. Deploy: put a new stone on an empty point with power 1 or more. "
         "Deploy on 21, just above your stone on 13.",
         "P@21", "21 is the point right above Black's stone on 13.",
         "Black deployed on 21 (power 1: the new stone stays there).", "move"),
        ("Turn",
         "stones=000000000000010000000100000000000002000000000020000000000000000 mover=1 maneuver=2" + _TAIL % 4,
         "With power 2 or more the new stone may travel on, one point for each power left after "
         "the 1 it costs. Deploy on 22, next to both your stones, then send it on to 30.",
         "P@22 -30", "First choose 22 (power 2), then 30 as the stone's destination.",
         "The stone came in on 22 and stepped on to 30. White's turn now.", "move"),
        ("Turn",
         "stones=000000000000010000000110000002100000000000000020000000000000000 mover=1 maneuver=1" + _TAIL % 4,
         "Capture: an enemy stone on a point where your power is 2 or more is replaced by one of "
         "yours. Capture the white stone on 29.",
         "x@29", "The white stone on 29 is next to three black stones: capture it.",
         "The white stone on 29 became black.", "capture"),
        ("Turn",
         "stones=000000000000011000000110000000000002000000000020000000000000000 mover=1 maneuver=1" + _TAIL % 4,
         "Move: one of your stones travels with its point's power. A step costs 1; a jump over a "
         "line of stones lands on the first empty point behind them and costs 1 for each point "
         "crossed or reached. Jump from 21 over 22 to 23.",
         "21 -23", "Pick up the stone on 21, then choose 23, behind the stone on 22.",
         "The stone jumped over 22 to 23 for a cost of 2.", "move"),
        ("End and score",
         "stones=111111111111111111111111111111111111111110000002222222222222222 mover=2 maneuver=2" + _TAIL % 4,
         "Both scores count your safe stones and the empty points you hold. A player who starts "
         "a turn with 34 or more on this board wins; when nobody can act, the most stones win. "
         "Black has 41: pass, and Black's turn begins.",
         "pass", "Whatever White does, Black starts the next turn with more than 34.",
         "Black began its turn with a score of 41: Black wins.", "end"),
    )),
    ("Pie start", "start=pie", (
        ("Pie start — Ruling",
         "stones=000000000000000000000000000000000000000000000000000000000000000 mover=1 maneuver=1" + _TAIL % 0,
         "With the pie start the first player places two black stones and one white stone "
         "anywhere; the other player then picks a colour, so a fair start is in the first "
         "player's interest. Place black on 20 and 42, then white on 31.",
         "B@20 B@42 W@31", "This lesson's start: black on 20, black on 42, white on 31.",
         "The three stones are placed: the other player now picks a colour.", "move"),
        ("Pie start — Ruling",
         "stones=000000000000000000001000000000020000000000100000000000000000000 mover=1 maneuver=1" + _TAIL % 3,
         "Now choose which colour to play. White, with one stone, moves first. Take White.",
         "white", "Choose White here.",
         "You play White, and White moves first.", "move"),
    )),
    ("Torus board", "board=torus81", (
        ("Boards",
         "stones=000000000000000000002000000000000000000020001000000000000000000000000000000000000 mover=1 maneuver=1" + _TAIL % 4,
         "On the torus the edges wrap: a point on the right edge is next to the same row's "
         "point on the left edge, and the faded ring shows those points. Every game there "
         "starts with the pie. Deploy on 36, on the left edge, beside your stone on 44.",
         "P@36", "36 starts the row that 44 ends: across the wrap they are neighbours.",
         "The new stone on 36 touches the stone on 44 across the edge.", "move"),
    )),
    ("Original rules", "ruleset=original", (
        ("Original ruleset (Ludii 1.3.12)",
         "stones=000000000000010000000110000012100000000000000020000000000000000 mover=1 maneuver=1" + _TAIL % 4,
         "The original rules (the form's Rules option) let a captured point's power left over "
         "send your new stone on. Capture on 29, where your power is 3, and send it to 37.",
         "x@29 -37", "Capture on 29 first, then choose 37 as the new stone's destination.",
         "The white stone on 29 was replaced and the new black stone went on to 37.", "capture"),
        ("End in the original ruleset (Ludii 1.3.12)",
         "stones=111111111111111111111111111111111000000000000000002222222222222 mover=1 maneuver=1" + _TAIL % 4,
         "In the original rules the end is tested after every action: the game ends once the "
         "player to act next has more than 34 on this board, and the higher score wins. Black "
         "has 33: deploy on 33.",
         "P@33", "Deploy on 33, next to your stones.",
         "Black's score passed 34: the game ends and the higher score, Black's, wins.", "win"),
    )),
)
