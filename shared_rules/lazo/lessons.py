# Learn to play Lazo (the format: shared_rules/lessons.py).  Each step's rule names the
# sentences of docs/rules/lazo.md it teaches.
LESSONS = (
    ("Lazo", "", (
        ("is a triangular lattice of 145 cells | cell (i, j) sits at | same-level neighbours | "
         "every level-1 space also touches | none.",
         "b://///////",
         "Lazo's board has 145 holes in 10 rows: 19 along the long edge and one fewer in each "
         "row behind it, every row set half a hole to the right, so that the tiles fit like a "
         "beehive. A tile on the board touches the board and the six holes around it. A space "
         "is named by level, column and row: 1.0.0 is the leftmost hole of the long edge. "
         "Black moves first: place a black tile on 1.4.2.",
         "1.4.2", "1.4.2 is on level 1, column 4 from the left, row 2 from the long edge.",
         "Black placed a tile on the board. Tiles never move and are never taken; the screen "
         "shows the top tile of each place with its level. Lazo has no options.", "move"),
        ("three mutually adjacent cells | pointing away from the long edge | "
         "level k+1 cells sit in the gap | a move places one of the mover's tiles | "
         "on level 1, or | with all 3 supporting spaces occupied | every level is the one below shifted",
         "b:BW.................W......................................................................B/////////",
         "Three touching tiles either leave a gap between them or meet at a point: the gaps are "
         "the triangles that point away from the long edge. A move places one of your tiles "
         "on an empty hole of the board, or in such a gap above, when all three spaces under "
         "it are filled and one of your own tiles is beside it or below it. Place a black tile "
         "on 2.0.0, on top of 1.0.0, 1.1.0 and 1.0.1.",
         "2.0.0", "2.0.0 rests on the black tile 1.0.0 and the two white tiles beside it.",
         "The black tile sits on level 2: one of the tiles under it is Black's. Each level is "
         "the one below moved into its gaps, with one row fewer and each row one hole "
         "shorter: 145, 126, 108 and so on down to 10 spaces on level 10, 715 in all.", "move"),
        ("must have a hole through it | the river must reach an empty space",
         "w:............................................................WBW.............BW.........................................................BBB/.........................................................W////////",
         "You win with a loop of your tiles around a hole that holds none of your tiles: a "
         "loop of tiles alone, or one closed by the board. Through the hole runs a river of "
         "enemy tiles or empty spaces that reaches an empty space at both ends. White's arch "
         "from 1.6.3 over 2.6.3 stands over two black tiles: close it with 2.7.3.",
         "2.7.3", "The arch is closed by a white tile on 2.7.3, over the black tile 1.7.3.",
         "The white loop runs from the board up over the black tiles and back down: White wins.",
         "win"),
        ("one opposing tile under an arch",
         "w:............................................................WBW.............WW.........................................................BBBBB/.........................................................W////////",
         "One enemy tile under an arch is not enough: here the tile on 1.6.4 is white, so only "
         "the black 1.7.3 passes under it. Close the arch with 2.7.3 and see that play goes on.",
         "2.7.3", "Close the arch with the white tile on 2.7.3.",
         "The arch is closed but no two touching enemy tiles pass through it: no win yet.",
         "move"),
        ("12 neighbours at most | empty spaces are adjacent | "
         "level k+2 lies over the point contacts | hole must avoid all blocking regions",
         "b:.............................................................BW.............BW.............W/........................................................................B////////",
         "A tile touches twelve at most: six beside it, three under it and three on it (empty "
         "spaces touch the same way). Where three tiles meet at a point, a blocking region "
         "lies between them and the space two levels up: tiles two levels apart never touch, "
         "and a loop's hole must not pass through a blocking region. Put a black tile on "
         "2.7.3, beside 2.6.4.",
         "2.7.3", "Place the black tile on 2.7.3, next to the black 2.6.4.",
         "Four black tiles stand around a blocking region: no loop. The white tiles pass under "
         "them, but not through a hole.", "move"),
        ("let own be the mover's tiles | the mover wins when some cycle of own",
         "b:............WWWWW............................................B..............B.B............BB/////////",
         "Exactly: your tiles and the board make loops; empty spaces, enemy tiles and the open "
         "air around the stack make rivers. You win when a river passes through your loop an "
         "odd number of times, like two links of a chain. Black's ring around the empty 1.7.4 "
         "lacks 1.8.3: close it.",
         "1.8.3", "The ring's sixth tile goes on 1.8.3.",
         "A ring of six on the board around an empty hole does not win: the board closes the "
         "hole from below, so no river passes through it.", "move"),
        ("a ring of six own tiles on level 2 | computed exactly | "
         "only the last tile can create a loop",
         "b:............WWWWWWW............WWWWWW......BBB.............WWBB............BBB............BB/"
         ".........................................BB...............B............BB////////",
         "A ring of six tiles on level 2 wins when its hole leads out: the empty 2.6.3 in the "
         "middle rests on the white 1.6.3, and with 1.5.3 the river runs out to the empty "
         "1.4.3. Close Black's ring with 2.5.3.",
         "2.5.3", "The ring's sixth tile goes on 2.5.3, left of the empty 2.6.3.",
         "The river runs from the air through the ring and out at 1.4.3: Black wins. A cavity "
         "walled in on every side would not win. Only the tile just placed can make a loop: "
         "the app checks exactly around it.", "win"),
        ("before running out of tiles loses | if all 190 tiles are placed | "
         "a player may resign",
         "w:BBBBBBBBBBWWWWWWWWWBBBBBBBBBWWWWWWWWWBBBBBBBBBWWWWWWWWBBBBBBBBWWWWWWWWBBBBBBBBWWWWWWW"
         "BBBBBBBWWWWWWWBBBBBBWWWWWWWBBBBBBWWWWWWBBBBBWWWWWWBBBBBWWWWW/BBBBBBBBB.WWWWWWWWBBBBBBBB."
         "WWWWWWWWBBBBB....WWWWWW////////",
         "If all 190 tiles are placed without a winning loop, the game is a draw. Black has "
         "placed all 95; White has one left: place it on 2.9.0.",
         "2.9.0", "Any space White may take draws here; the lesson's is 2.9.0.",
         "Every tile is placed and there is no loop: a draw. A player left with no legal move "
         "while still holding tiles loses. In a game, the pause menu lets a player resign or "
         "offer a draw.", "draw"),
    )),
)
