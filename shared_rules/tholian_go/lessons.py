# Learn to play Tholian Go and the variants whose rules differ (format: shared_rules/lessons.py).
# Nodes are named as the board shows them: lines from the bottom, nodes from the left.
_REST = " hand=%s dice=%s rng=1013904234 push=- offer=%s path=- result=-"
_PLAY = _REST % ("0,0,0,0", "-,-,-", "0,0")
_START = ("board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./............/"
          "............/............/.B...B...B../BBBBBBBBBBB turn=R done=0,0" + _PLAY)
_CAPTURE = ("board=RR..RR/.RR.../.R..../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./....B......./"
            "............/............/%s turn=R done=0,0" + _PLAY)
_TARGET = ("board=RRRRRR/....../....../....../....../%s|RRRRRRRRRRR/......R...R./............/"
           "............/............/.B...B...B../BBBBR.BBBBB turn=R done=0,0" + _PLAY)
LESSONS = (
    ("Tholian Go", "", (
        ("players are red (starts at the bottom | printed rules give counts (6 dark, 14 | "
         "red: all six dark nodes of row 1 | blue: the 180° rotation | "
         "symmetric under that rotation | turn — ruling: a turn is exactly",
         _START,
         "Red starts at the bottom and moves first, Blue at the top. Each has 6 dark tokens (big, "
         "in the hexagons' centres) and 14 light ones (small, on the corners), on dots: the "
         "printed rules give the counts, not the places; here Red fills the bottom dark row and "
         "light line and has 3 tokens on line 2; Blue's are Red's turned half round, and so is the "
         "board. A turn is one dark move and one or two light ones, in any order. Move your "
         "leftmost light token of line 2 up.",
         "L3.2-L3.3", "Lines count from the bottom: take the leftmost small red token above the "
         "bottom line and step it straight up.",
         "The light token stepped up. Red still has a dark move to make and may make one more "
         "light move.", "move"),
        ("two webs share one board | vertices of a honeycomb | 7 zigzag lines | "
         "leaving 82 light nodes | is point (1, 1) | the i-th dark node of row r | "
         "light edges are the hexagon sides | light node has degree 3 inside | check figures",
         _START,
         "Two webs share one board. The light web is the hexagons' corners: 7 zigzag lines, 1 at "
         "the bottom to 7 at the top, with 11 nodes on lines 1 and 7 and 12 on the others, 82 in "
         "all; line 7 begins at the left edge, line 1 one column in. Its edges are the hexagon "
         "sides: 3 at a node, 2 on the border (58 nodes have 3, 24 have 2), 111 edges. Move your "
         "middle light token of line 2 up.",
         "L7.2-L7.3", "Take your middle small token on line 2, the second line from the "
         "bottom, and step it straight up.",
         "It went up a hexagon side, from line 2 to line 3. The rules name a node by its place "
         "from the left: that was line 2's 7th node; a row's 1st dark node is its leftmost.",
         "move"),
        ("centres of the honeycomb's hexagons | dark rows are numbered 1..6 | "
         "odd rows have centres at even columns | 36 dark nodes, six per row | "
         "keeping only corners that are light | cut in half by the left and right | "
         "dark edges join two hexagons | 85 dark edges | hexagon corner counts",
         _START,
         "The dark web is the hexagons' centres: 6 rows of 6, 36 nodes, row 1 between lines 1 and "
         "2 and so on up, each row half a hexagon aside from the next. A hexagon has 3 corners on "
         "the line below and 3 above; those at the side edges are cut in half: 4 corners (3 at the "
         "board's corners; 30 hexagons have 6). Dark edges join hexagons that share a side and "
         "cross it: 85 edges (16 dark nodes have 6 neighbours, the rest 2 to 5). Move your 3rd "
         "dark token up-right.",
         "D3.1-D3.2", "Count your big tokens from the left: the 3rd goes up and to the right.",
         "The dark token crossed the side its hexagon shares with the next row's.", "move"),
        ("a move is made in one web | mover picks one of their own tokens | "
         "every token on n0..nk steps one node | with k = 0 this is a plain step | "
         "the path may bend anywhere | a string: d(r(1,3) | a move is identified by the position | "
         "when moves are listed, give one path",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./..B........./"
         "............/............/.B.......B../BBBBBBBBBBB turn=R done=0,0" + _PLAY,
         "A move is made in one web: a token steps to a free neighbour, or pushes a string "
         "(touching tokens of any colours) one node on along a path you choose, ending on a free "
         "node. The path may bend; tokens off it stay. Push the blue token above your leftmost "
         "light token of line 2: step up into it, then go right.",
         "L3.2-L3.3 -L4.3", "Step your leftmost line-2 token up into the blue one, then choose "
         "the node right of it.",
         "Both tokens moved one node along the bent path. Two paths that leave the same position "
         "are one move; a list of moves shows the shortest.", "move"),
        ("form a barrier across the edge | blocks the movement of q's tokens | "
         "it never blocks p's own tokens | when p pushes q's tokens | "
         "each single step must cross an edge | 26 light edges on the board's outline",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R..RR...../............/"
         "............/............/.B...B...B../BBBBBBBBBBB turn=R done=0,0" + _PLAY,
         "Two of your tokens at both ends of an edge of one web make a barrier across the edge of "
         "the other web that crosses it. A step must cross an edge not blocked for its token: "
         "Blue's cannot cross your barriers, yours can. Move your 4th dark token up-left, between "
         "your two light tokens side by side on line 2.",
         "D4.1-D3.2", "Count your big tokens from the left: the 4th goes up and to the left, "
         "between your two neighbouring small ones.",
         "Your dark token passed between your own light tokens; a blue one could not. Blue tokens "
         "you push may cross Blue's barriers, not yours. The 26 light edges of the board's outline "
         "cross no dark edge: they are never blocked.", "move"),
        ("remove the edges blocked by the mover's | the largest component is open | "
         "every other component is sequestered | then do the same with the opponent's | "
         "the printed rules say to treat the board | these reproduce every count",
         _CAPTURE % ".B.......B../BBBBBBBBBBB",
         "After each move, take away the edges your barriers block: the largest part of each web "
         "stays open (all of them, if several are as large) and Blue's tokens in every other part "
         "are removed. Then the same with Blue's barriers and your tokens. The blue light token "
         "has your dark tokens on two sides: close the third with your top dark token.",
         "D2.3-D3.3", "Your top big token goes one hexagon right, to the centre just above the "
         "blue token.",
         "Three dark tokens cut off one light node: the blue token is removed. The board's edge "
         "closes a part too: 3 dark take 2 light there, 6 dark take a ring of 6 (5 at the edge), "
         "and 8 dark the 10 light nodes of two hexagons: each a small part cut off a much larger "
         "rest.", "capture"),
        ("double-circled nodes: red's is | its entry node is the one dark node | "
         "every light token of p standing on p's | lowers the owner's light count | "
         "order after a move",
         _TARGET % "BB.BBB",
         "Your target is Blue's double-circled node, ringed at the top; Blue's target is yours, at "
         "the bottom. A light token of yours that ends a move there becomes a dark token on the "
         "one dark node whose hexagon has the target as a corner. Step your light token on Blue's "
         "top line right onto it.",
         "L5.7-L6.7", "The target is the ringed node right of your small token on the top line.",
         "The light token became a dark token just below: Red has one light token fewer, and too "
         "few lose. After a move: captures, then changes to dark, captures again, the end test.",
         "move"),
        ("makes a free push | if no push is legal, the token does not | "
         "tokens pushed onto their target by the",
         _TARGET % "BBBBBB",
         "When the dark node by your target is taken, your new dark token pushes the token there "
         "along a path you choose: a free push, not one of the turn's moves. Where no push is "
         "possible the token stays light. Step onto your target, then push the blue dark token "
         "down to the left.",
         "L5.7-L6.7 D3.6-D3.5", "Reach the target first; the push starts below it: choose the "
         "centre down to the left.",
         "Red's new dark token stands below the target and the blue one was pushed away. A token "
         "the opponent pushes onto its target transforms after its owner's next move.", "move"),
        ("5 or fewer light tokens | if both do at once, the mover wins",
         _CAPTURE % "............/BBBBB......",
         "A player left with 5 light tokens or fewer, or 2 dark tokens or fewer, loses; if both "
         "players are, the mover wins. Blue has 6 light tokens: capture the one in the middle with "
         "your top dark token.",
         "D2.3-D3.3", "Your top big token goes one hexagon right, above the blue token: three "
         "dark tokens around it.",
         "Blue is down to 5 light tokens: Red wins.", "win"),
        ("turn — ruling: a turn is exactly | the turn may end after the first light | "
         "no legal move at all passes",
         "board=.RRRRR/R...../....../....../....../BBBBBB|RRRRRRRRRRR/......R...R./..R........./"
         "............/............/.B...B...B../BBBBBBBBBBB turn=R done=1,1" + _PLAY,
         "A turn is exactly one dark move and one or two light moves. Once the dark move and one "
         "light move are made (or no dark move is possible), you may end the turn. A player with "
         "no move at all passes. End the turn now.",
         "end", "Choose End to finish the turn without a second light move.",
         "Red ended the turn: Blue moves.", "move"),
        ("offer a draw by agreement | repetition (reason | draw by agreement: offer | "
         "stated on the handheld's rules page",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./............/"
         "............/............/.B...B...B../BBBBBBBBBBB turn=R done=0,0" + _REST % (
             "0,0,0,0", "-,-,-", "1,1"),
         "At the start of a turn, before moving, a player may offer a draw (pause menu, once a "
         "turn); the other accepts, or declines and the turn goes back. The third time a position "
         "recurs at a turn's start, same player to move, is a draw too. Red offers a draw: accept "
         "it for Blue.",
         "accept", "Choose Accept: Decline would give Red the turn back.",
         "The game is drawn by agreement. These rulings are on the app's Rules page too.",
         "draw"),
    )),
    ("Push limit", "push_limit=on", (
        ("strings of any length may be pushed | pushing a string that contains m | "
         "string push limit, with any variant | standard, ultimate, chain, football",
         "board=RRRRRR/....../....../....../....../BBBBBB|RRRRRRRRRRR/..R...R...R./RRBB......../"
         "............/............/.B...B...B../BBBBBBBBBBB turn=R done=0,0" + _PLAY,
         "Strings of any length may be pushed, unless the Push limit option (with any variant) is "
         "on: then a string with 2 or more enemy tokens needs as many of yours. (The Variant "
         "option picks Ultimate, Chain, Football, Lucky, Oracle, Scrimmage or Lucky scrimmage.) "
         "Push the two blue tokens on line 3 right with both your tokens left of them.",
         "L1.3-L2.3 -L3.3 -L4.3 -L5.3", "Start with your leftmost token on line 3: your two "
         "tokens push the two blue ones right, node by node.",
         "Two red tokens pushed two blue ones; one alone could not have.", "move"),
    )),
    ("Wrap-around", "space=periodic", (
        ("columns wrap (x modulo 12) | boards joined side by side | = one set per board column | "
         "standard, periodic, wide, long",
         "board=RRRRRR/....../....../....../....../BBBBBB|.RRRRRRRRRRR/..R...R...R./............/"
         "............/............/.B...B...B../BBBBBBBBBBB. turn=R done=0,0" + _PLAY,
         "The Board option changes the space. Wrap-around: the columns go round (a cylinder), so "
         "the two missing corners exist: 84 light nodes, every hexagon whole. Two wide (24 "
         "columns), two long (13 lines) or 2x2 join boards: a set of tokens per board column at "
         "each end, each board keeps its dots and targets, loss counts scale. Step your rightmost "
         "token of line 1 right.",
         "L12.1-L1.1", "Your rightmost token on line 1 steps right, off the edge and onto the far "
         "left node.",
         "It came round to the left end of line 1.", "move"),
    )),
    ("Chain", "variant=chain", (
        ("standard start and turns (2 light | chain: no transformation and no loss",
         "board=RRRRRR/....../....../....../....../BBBBBB|RR........./RR........../RR........../"
         "RR........../RR.....BB.../RR....BBBBBB/R.R..BBBBBB turn=R done=0,0" + _PLAY,
         "Chain starts and turns as usual, but nothing is captured, nothing transforms and nobody "
         "loses by counts: you win with an unbroken chain of your light tokens, each next to the "
         "next, from an endpoint of line 1 to one of line 7 (every 2nd node from the left, the "
         "nodes with no edge into the board: 14 tokens at least). An enemy barrier across a link "
         "breaks it. Finish your chain at the top left.",
         "L3.7-L2.7", "The endpoint is line 7's 2nd node, between your tokens at the top left.",
         "The chain joins line 1 to line 7: Red wins. On joined boards each board has its five "
         "endpoints per end.", "win"),
    )),
    ("Football", "variant=football", (
        ("tholian football | football and scrimmage: a light token",
         _TARGET % "BB.BBB",
         "Football plays as usual, but the first light token to reach its target wins, for Red the "
         "ringed node at the top; nothing transforms. Captures still remove tokens, but having few "
         "left does not lose (without light tokens you play on). Pushed there by Blue, your token "
         "scores too; if both score at once the mover wins. Score with your light token on the top "
         "line.",
         "L5.7-L6.7", "Move your small token on the top line right onto the ringed target.",
         "Touchdown: Red wins.", "win"),
    )),
    ("Scrimmage", "variant=scrimmage", (
        ("each player has 2 dark and 5 light | scrimmage / lucky scrimmage | "
         "scrimmage with oracle",
         "board=....../....../....../....../....../......|.........../............/............/"
         "............/............/............/........... turn=R done=0,0" + _REST % (
             "2,5,2,5", "-,-,-", "0,0"),
         "In Scrimmage each player has 2 dark and 5 light tokens, placed one at a time, in turn, "
         "on their own dotted nodes. Nothing is captured, nothing transforms, nobody loses by "
         "counts (Lucky scrimmage adds Oracle's dice). Place a light token on the leftmost dot of "
         "line 2.",
         "L3.2", "Place the token on line 2's leftmost dot, the 3rd node from the left.",
         "Red placed a light token; Blue places next.", "move"),
        ("to reach its target wins",
         "board=R....R/....../....../....../....../B....B|R.R......../......R...R./............/"
         "............/............/.B.......B../B.B.R.....B turn=R done=0,0" + _PLAY,
         "Then the first light token to reach its target wins. Step your light token on the top "
         "line onto your target, ringed right of it.",
         "L5.7-L6.7", "Your target is the ringed node right of your small token on the top line.",
         "Red's light token reached the target: Red wins.", "win"),
    )),
    ("Ultimate", "variant=ultimate", (
        ("ultimate tholian go | ultimate on expanded spaces",
         "board=....../....../....../....../....../......|.........../............/............/"
         "............/............/............/........... turn=R done=0,0" + _REST % (
             "6,14,6,14", "-,-,-", "0,0"),
         "Ultimate starts empty. For six turns each player places 1 dark and 2 light tokens on any "
         "empty nodes; turn 7 places 2 light and moves 1 dark; then each turn moves exactly 1 dark "
         "and 2 light (joined boards: placing goes on while dark tokens are in hand). No targets: "
         "nothing transforms. Place a dark token on row 3's 3rd centre, then light ones on the top "
         "and upper right corners of its hexagon.",
         "D3.3 L5.4 L6.4", "The dark token first, in the 3rd centre of row 3; then the light "
         "ones on line 4, the 5th and 6th nodes from the left.",
         "Red placed its three tokens: Blue's turn.", "move"),
        ("captures apply during placement",
         "board=....../.RR.../....../....../....../B....B|RR........./............/....B......./"
         "............/............/............/..........B turn=R done=0,0" + _REST % (
             "4,12,4,12", "-,-,-", "0,0"),
         "Captures work while placing too, and tokens still in hand count for the end. Place a "
         "dark token just above the blue light token to close it in.",
         "D3.3", "The third centre around the blue token is the one right above it.",
         "The blue light token is captured.", "capture"),
    )),
    ("Oracle", "variant=oracle", (
        ("each turn the movement dice roll | oracle (reason | dark axes a (along a row) | "
         "light axes x (vertical sides) | "
         "at most one edge per axis",
         _START.replace("dice=-,-,-", "dice=b,x,y"),
         "In Oracle dice pick directions: for the dark move a (along a row), b (up-right or "
         "down-left) or c (up-left or down-right); for each light move x (straight up or down), y "
         "or z (the slants along a line). Here they are b, x and y. Each move's first step must "
         "follow its die; a pushed string may bend. Move your 3rd dark token up-right, then your "
         "leftmost light token of line 2 up.",
         "D3.1-D3.2 L3.2-L3.3", "The dark move must go along b (up-right), the light one along "
         "x (straight up).",
         "Both moves followed their dice. A light node has one edge per axis at most. The dice "
         "roll at each turn's start; a die with no move that fits is lost; the turn is otherwise "
         "as usual.", "move"),
        ("placed on random empty nodes | lucky (reason | random dice must be reproducible | "
         "tholi go lucky's transformation | 1, any integer",
         _START.replace("dice=-,-,-", "dice=a,x,-"),
         "Dice are seeded: the Dice seed option, kept with the game, so a record replays. Tholi Go "
         "Lucky places all tokens by dice, Red's and Blue's in turn, dark ones first (a token put "
         "in an enclosure goes at the first move), with transforming on or off. The dark die is a: "
         "move your leftmost dark token right.",
         "D1.1-D2.1", "Die a runs along the row: your leftmost big token steps right.",
         "The dark token moved along its row, as die a says.", "move"),
    )),
)
