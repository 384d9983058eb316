# Learn to play Lazo (the format: shared_rules/lessons.py).  Each step's rule is a heading of
# docs/rules/lazo.md.
LESSONS = (
    ("Lazo", "", (
        ("1. Geometry — the cannonball (face-centred cubic) stack; Notation; Options; On a small screen",
         "b://///////",
         "Tiles go in the 145 holes of a triangular board and stack up like cannonballs, up to "
         "ten levels. A space is named by level, column and row (1.0.0 is the leftmost hole of the long "
         "edge), and the screen shows the top tile of each place with its level. Black moves "
         "first. Place a black tile on 1.4.2.",
         "1.4.2", "1.4.2 is on level 1, column 4 from the left, row 2 from the long edge.",
         "Black placed a tile on the board. Tiles never move and are never taken.", "move"),
        ("2. Moves",
         "b:BW.................W......................................................................B/////////",
         "A tile above the board needs all three spaces under it filled, and one of your own "
         "tiles beside it or below it. Place a black tile on 2.0.0, on top of 1.0.0, 1.1.0 and "
         "1.0.1.",
         "2.0.0", "2.0.0 rests on the black tile 1.0.0 and the two white tiles beside it.",
         "The black tile sits on level 2: one of the tiles under it is Black's.", "move"),
        ("3. The winning loop",
         "w:............................................................WBW.............BW.........................................................BBB/.........................................................W////////",
         "You win with a loop of your tiles that has a hole through it, and the hole must let "
         "two touching enemy tiles (or empty spaces) pass. The loop may be closed by the board. "
         "White's arch from 1.6.3 over 2.6.3 stands over two black tiles: close it with 2.7.3.",
         "2.7.3", "The arch is closed by a white tile on 2.7.3, over the black tile 1.7.3.",
         "The white loop runs from the board up over the black tiles and back down: White wins.",
         "win"),
        ("3. The winning loop",
         "w:............................................................WBW.............WW.........................................................BBBBB/.........................................................W////////",
         "One enemy tile under an arch is not enough: here the tile on 1.6.4 is white, so only "
         "the black 1.7.3 passes under it. Close the arch with 2.7.3 and see that play goes on.",
         "2.7.3", "Close the arch with the white tile on 2.7.3.",
         "The arch is closed but no two touching enemy tiles pass through it: no win yet.",
         "move"),
    )),
)
