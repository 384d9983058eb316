# Learn to play Thoughtwave (the format: shared_rules/lessons.py).  Each step's rule names the
# sentences of docs/rules/thoughtwave.md it teaches.
_NO_PIECES = ("3.e.5.9.f./.6.d.a.3.2/c.b.5.6.c./.b.5.6.f.9/7.a.....c./.8.3...e.5/9.3.e.5.9./"
              ".f.6.d.a.3/3.d.a.3.6./.7.a.f.e.d R 0,0,0,0,0 0,0,0,1,0")
LESSONS = (
    ("Thoughtwave", "", (
        ("grid of squares | 24 square pieces | all 4 edges, all joined | junction (t) | straight | bend | "
         "terminator | red links the left and right sides | the sides red links",
         "........../........../........../........../........../........../........../........../........../.......... R 2,6,5,10,1 2,6,5,10,1",
         "Thoughtwave is played on a grid of 10x10 squares, Red first. Each player has 24 "
         "square pieces with wave lines: 2 crosses (waves on all four edges), 6 junctions "
         "(three edges), 5 straights (two opposite edges), 10 bends (two edges side by side) "
         "and a terminator (one edge, a dead end). Red's wave joins the left and right sides, "
         "Black's the bottom and top. Place a straight, turned to run left to right (S1), "
         "on e5.",
         "S1@e5", "Choose the square e5, then the straight piece, turned to lie flat.",
         "Red placed a straight on e5, its wave running left to right. A cross lies one way, "
         "a straight two, the others four. The new-game form can give Red the bottom and top "
         "instead.", "move"),
        ("in a rotation of their choice | every edge it shares with | "
         "belong to nobody | placements are simply not offered",
         "........../........../........../........../........../....a...../........../........../........../.......... B 2,6,4,10,1 2,6,5,10,1",
         "A turn places one of your pieces, turned as you like, on any empty square, but every "
         "edge it shares with a placed piece must match, wave against wave and blank against "
         "blank. Placed pieces never move and belong to nobody: both players' waves run through "
         "them. Place a bend on f5 that takes the wave in from the left and turns it up (B3).",
         "B3@f5", "The bend on f5 must have a wave on its left edge, to meet the straight, and one "
         "on its top edge.",
         "The wave now runs from e5 into f5 and turns up. At a table a piece that does not "
         "match costs a turn; the app offers only pieces that match.", "move"),
        ("one connected path from a wave end | wave segments connect through a piece",
         "........../........../........../........../........../aaaaffebe./........../........../........../1......... R 1,6,1,10,1 1,3,5,10,0",
         "You win when one unbroken wave joins your two sides of the board: it runs through "
         "each piece along its lines and on across matched edges, and its two ends need not "
         "face each other. The wave along row 5 reaches from the left edge to i5. Finish it "
         "on j5 with a straight.",
         "S1@j5", "The wave needs a piece on j5 with waves on its left and right edges.",
         "The wave runs from the left edge to the right edge: Red wins.", "win"),
        ("one placement completes both players",
         "....d...../....7...../....d...../....7...../....5...../aaaa.aebeb/....5...../....5...../....5...../1...5..... B 2,2,0,10,0 2,2,0,10,1",
         "If one piece completes both players' waves, the player who placed it wins. Both "
         "waves wait for e5: place a cross there.",
         "C0@e5", "Only a cross on e5 meets the waves on all four sides.",
         "The cross joins both waves, and Black placed it: Black wins.", "win"),
        ("a player with no legal placement passes | edges on the board's border are free",
         _NO_PIECES,
         "A player who cannot place a piece passes, and when neither player can, the game is a "
         "draw. Red has placed all 24 pieces: pass. Then Black places the last bend on a1. "
         "Edges on the board's border are free, so its wave may run into the border (B2).",
         "pass B2@a1", "Red must pass; then Black's bend goes on a1, its waves on the border.",
         "Neither player has a piece left to place: the game is a draw.", "draw"),
    )),
)
