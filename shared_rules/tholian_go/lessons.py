# Learn to play Tholian Go and the variants whose rules differ (the format: shared_rules/lessons.py).
# Each step's rule is a heading of docs/rules/tholian_go.md.
_REST = " hand=%s dice=%s rng=1013904234 push=- offer=0,0 path=- result=-"
_START = ("board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./............/"
          "............/............/.B...B...B../BBBBBBBBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"))
_CAPTURE = ("board=RR..RR/.RR.../.R..../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./....B......./"
            "............/............/%s turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"))
_VARIANT = "8. Variants and options (all from the printed rules)"
LESSONS = (
    ("Tholian Go", "", (
        ("1. The board (standard space); 2. Start (dotted nodes) — Ruling; 10. Options; 11. Notation of moves",
         _START,
         "Two webs share the board: light tokens sit on the corners of the hexagons, dark tokens "
         "in their centres. Red starts at the bottom and moves first. A turn is one dark move and "
         "one or two light moves, in any order. Move your light token on L3.2 up to L3.3.",
         "L3.2-L3.3", "L3.2 is the third light node of line 2; step it straight up.",
         "The light token stepped up. Red still has a dark move and may make one more light move.",
         "move"),
        ("4. A move",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./..B........./"
         "............/............/.B.......B../BBBBBBBBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "A token may push a line of tokens, yours or the enemy's: every token on the path moves "
         "one node on, and the path may bend. Push the blue token on L3.3 with your token on "
         "L3.2, on to L4.3.",
         "L3.2-L3.3 -L4.3", "Step from L3.2 into L3.3, where the blue token is, then choose L4.3.",
         "Both tokens moved one node along the path.", "move"),
        ("3. Barriers",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R..RR...../............/"
         "............/............/.B...B...B../BBBBBBBBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "Two of your tokens at both ends of a line of one web make a barrier across the other "
         "web's line that crosses it: enemy tokens cannot pass, yours can. Move your dark token "
         "D4.1 up between your light tokens on L6.2 and L7.2, to D3.2.",
         "D4.1-D3.2", "Move the dark token D4.1 up and to the left, to D3.2.",
         "Your dark token passed between your own light tokens; a blue one could not.", "move"),
        ("5. Capture (sequestration)",
         _CAPTURE % ".B.......B../BBBBBBBBBBB",
         "Barriers can cut off a part of a web. After each move, every part cut off from the "
         "largest is sequestered, and the enemy tokens in it are removed. The blue token on L5.3 "
         "has your dark tokens on two sides: move D2.3 to D3.3 to close the third.",
         "D2.3-D3.3", "The third dark node around L5.3 is D3.3, next to your D2.3.",
         "Three dark tokens cut off the light node L5.3: the blue token is removed.", "capture"),
        ("6. Transformation",
         "board=RRRRRR/....../....../....../..B.../BB.BBB|RRRRRRRRRRR/......R...R./............/"
         "............/............/.B...B...B../BBBBR.BBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "Your target is Blue's double-circled node, L6.7. A light token of yours that ends a "
         "move there becomes a dark token on the dark node beside it. Move L5.7 onto L6.7.",
         "L5.7-L6.7", "The target L6.7 is right of your light token on L5.7.",
         "The light token became a dark token on D3.6: Red has one light token fewer.", "move"),
        ("6. Transformation",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/......R...R./............/"
         "............/............/.B...B...B../BBBBR.BBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "When the dark node beside the target is taken, your new dark token pushes the token "
         "there along a path you choose: a free push. Move L5.7 onto L6.7, then push the blue "
         "token on D3.6 down to D3.5.",
         "L5.7-L6.7 D3.6-D3.5", "Reach L6.7 first; then the push starts at D3.6: choose D3.5.",
         "Red's new dark token stands on D3.6 and the blue one was pushed to D3.5.", "move"),
        ("7. End",
         _CAPTURE % "............/BBBBB......",
         "A player left with 5 light tokens or fewer, or 2 dark tokens or fewer, loses. Blue "
         "has 6 light tokens: capture the one on L5.3 by moving D2.3 to D3.3.",
         "D2.3-D3.3", "D3.3 closes the third side of the blue token on L5.3.",
         "Blue is down to 5 light tokens: Red wins.", "win"),
        ("4. A move; 9. Further rulings of the implementation",
         "board=.RRRRR/R...../....../....../....../BBBBBB|RRRRRRRRRRR/......R...R./..R........./"
         "............/............/.B...B...B../BBBBBBBBBBB turn=R done=1,1" + _REST % ("0,0,0,0", "-,-,-"),
         "Once the dark move and one light move are made, you may end the turn. A position "
         "repeated three times draws, and a draw may be offered from the pause menu at the "
         "start of a turn. End the turn now.",
         "end", "Choose End to finish the turn without a second light move.",
         "Red ended the turn: Blue moves.", "move"),
    )),
    ("Chain", "variant=chain", (
        (_VARIANT,
         "board=RRRRRR/....../....../....../....../BBBBBB|RR........./RR........../RR........../"
         "RR........../RR.....BB.../RR....BBBBBB/R.R..BBBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "In Chain nothing is captured and nobody loses tokens: you win with an unbroken chain "
         "of your light tokens from an end node of line 1 to one of line 7 (at least 14 tokens). "
         "Your chain ends at L1.7: move L3.7 to L2.7 to finish it.",
         "L3.7-L2.7", "L2.7 is an end node of line 7, between L1.7 and your token on L3.7.",
         "The chain joins L2.1 to L2.7: Red wins.", "win"),
    )),
    ("Football", "variant=football", (
        (_VARIANT,
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/......R...R./............/"
         "............/............/.B...B...B../BBBBR.BBBBB turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "In Football the first light token to reach its target wins: for Red the double-circled "
         "node L6.7. Captures still remove tokens, but losing tokens does not lose the game. "
         "Score with L5.7.",
         "L5.7-L6.7", "Move the light token on L5.7 right onto the target L6.7.",
         "Touchdown: Red wins.", "win"),
    )),
    ("Scrimmage", "variant=scrimmage", (
        (_VARIANT,
         "board=....../....../....../....../....../......|.........../............/............/"
         "............/............/............/........... turn=R done=0,0" + _REST % ("2,5,2,5", "-,-,-"),
         "In Scrimmage each player has 2 dark and 5 light tokens, placed one at a time on their "
         "own dotted nodes. Nothing is captured. Place a light token on L7.2.",
         "L7.2", "Place the token on L7.2, a dotted node of line 2.",
         "Red placed a light token; Blue places next.", "move"),
        (_VARIANT,
         "board=R....R/....../....../....../....../B....B|R.R......../......R...R./............/"
         "............/............/.B.......B../B.B.R.....B turn=R done=0,0" + _REST % ("0,0,0,0", "-,-,-"),
         "Then the first light token to reach its target wins. Move L5.7 onto your target L6.7.",
         "L5.7-L6.7", "Your target L6.7 is right of your token on L5.7.",
         "Red's light token reached the target: Red wins.", "win"),
    )),
    ("Ultimate", "variant=ultimate", (
        (_VARIANT,
         "board=....../....../....../....../....../......|.........../............/............/"
         "............/............/............/........... turn=R done=0,0" + _REST % ("6,14,6,14", "-,-,-"),
         "Ultimate starts empty. For six turns each player places 1 dark and 2 light tokens on "
         "any empty nodes, then moves as usual; there are no targets. Place D3.3, then L5.4 and "
         "L6.4.",
         "D3.3 L5.4 L6.4", "Place the dark token on D3.3 first, then the light ones on L5.4 and L6.4.",
         "Red placed its three tokens: Blue's turn.", "move"),
        (_VARIANT,
         "board=....../.RR.../....../....../....../B....B|RR........./............/....B......./"
         "............/............/............/..........B turn=R done=0,0" + _REST % ("4,12,4,12", "-,-,-"),
         "Captures work while placing too, and tokens still in hand count for the end. Place a "
         "dark token on D3.3 to cut off the blue token on L5.3.",
         "D3.3", "D3.3 is the third dark node around L5.3.",
         "The blue token on L5.3 is captured.", "capture"),
    )),
    ("Oracle", "variant=oracle", (
        (_VARIANT,
         _START.replace("dice=-,-,-", "dice=b,x,y"),
         "In Oracle dice pick the directions: one for the dark move (here b, up-right or "
         "down-left) and one for each light move (here x, straight up or down, and y). Each "
         "move's first step must follow its die. Move D3.1 up-right to D3.2, then L3.2 up to L3.3.",
         "D3.1-D3.2 L3.2-L3.3", "The dark move must go along b (up-right), the light one along x (up).",
         "Both moves followed their dice.", "move"),
    )),
)
