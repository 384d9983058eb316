# Learn to play Thoughtwave (the format: shared_rules/lessons.py).  Each step's rule is a
# heading of docs/rules/thoughtwave.md.
LESSONS = (
    ("Thoughtwave", "", (
        ("Board and pieces; Notation; Options",
         "........../........../........../........../........../........../........../........../........../.......... R 2,6,5,10,1 2,6,5,10,1",
         "Each player has 24 square pieces with wave lines: crosses, junctions, straights, "
         "bends and one terminator. Red wants a wave from the left side to the right, Black "
         "from the bottom to the top (the new-game form can swap them). Place a straight, "
         "turned to run left to right (S1), on e5.",
         "S1@e5", "Choose the square e5, then the straight piece, turned to lie flat.",
         "Red placed a straight on e5, its wave running left to right.", "move"),
        ("Moves",
         "........../........../........../........../........../....a...../........../........../........../.......... B 2,6,4,10,1 2,6,5,10,1",
         "A piece goes on any empty square in any turn, but every edge it shares with a placed "
         "piece must match, wave against wave and blank against blank. Placed pieces belong to "
         "nobody: both players' waves run through them. Place a bend on f5 that takes the wave "
         "in from the left and turns it up (B3).",
         "B3@f5", "The bend on f5 must have a wave on its left edge, to meet the straight, and one "
         "on its top edge.",
         "The wave now runs from e5 into f5 and turns up.", "move"),
        ("Winning",
         "........../........../........../........../........../aaaaffebe./........../........../........../1......... R 1,6,1,10,1 1,3,5,10,0",
         "You win when one unbroken wave joins your two sides of the board. The wave along row 5 "
         "reaches from the left edge to i5. Finish it on j5 with a straight.",
         "S1@j5", "The wave needs a piece on j5 with waves on its left and right edges.",
         "The wave runs from the left edge to the right edge: Red wins.", "win"),
        ("Winning",
         "....d...../....7...../....d...../....7...../....5...../aaaa.aebeb/....5...../....5...../....5...../1...5..... B 2,2,0,10,0 2,2,0,10,1",
         "If one piece completes both players' waves, the player who placed it wins. Both "
         "waves wait for e5: place a cross there.",
         "C0@e5", "Only a cross on e5 meets the waves on all four sides.",
         "The cross joins both waves, and Black placed it: Black wins.", "win"),
    )),
)
