# Learn to play Trap (the format: shared_rules/lessons.py).  Each step's rule names the
# sentences of docs/rules/trap.md it teaches.
LESSONS = (
    ("Trap", "", (
        ("points of a square grid | default board | board size and dot list are data | "
         "players decide who goes first | who places the first ball | holes per side | "
         "each named by the lower-left hole",
         "......../......../......../......../......../......../......../........ L 20 20 0",
         "Trap is played with balls in the holes of a square grid, 8x8 holes from a1 at the "
         "bottom left to h8 at the top right. A red dot sits in the middle of each of five "
         "small squares, d4-e5 in the centre and b2-c3, f2-g3, b6-c7 and f6-g7 near the "
         "corners; the four holes around a dot are its square's corners. Place a light ball "
         "on d4.",
         "d4", "d4 is the fourth hole from the left in the fourth row from the bottom.",
         "Light placed a ball on d4, a corner of the middle dot's square. Light places first; "
         "the new-game form can choose Dark, another board (7 to 16 holes a side) and other "
         "dots: the centre one, or a list of squares, each named by its lower-left hole.",
         "move"),
        ("a player traps a red dot when a chain | the smallest trap is the four corners | "
         "won by the first player to trap a dot",
         "......../......D./..D...../...L..../...LL.../.....D../......../........ L 17 17 0",
         "You win by trapping a red dot: a chain of your balls around it, so that the dot "
         "cannot get out to the board's edge without crossing a link between two of them. "
         "The smallest chain is the four corners of the dot's square. The first to trap a "
         "dot wins, even while the balls are still being placed. Close the middle dot's "
         "square.",
         "e5", "The middle dot's square needs its fourth corner, e5.",
         "The four corners close around the dot: Light wins. A trap is checked after every "
         "placement and every move; only the mover's links change, so only the mover can "
         "trap a dot.", "win"),
        ("pieces are connected when | split every unit square | "
         "none of its square's four triangles | opponent pieces inside the chain",
         "D......D/......D./.......D/....D.../.LL...../L..L..../.D.L..../.LL..D.. L 13 13 0",
         "Balls are linked to their eight neighbours: side by side or corner to corner. Cut "
         "each square into four triangles by its diagonals: a link closes the side or the "
         "diagonal it lies on, and the board's edge is open. The dot is trapped when none of "
         "its square's triangles can get out. Enemy balls inside your chain do not matter. "
         "Close the ring around the dot between b2 and c3.",
         "a2", "The ring around the dot at b2-c3 has one gap: a2, between a3 and b1.",
         "The ring of eight balls closes around the dot, the dark ball inside it "
         "does not help Dark: Light wins.", "win"),
        ("a single piece has no connected piece | the players then alternate | phase 1 | "
         "then every single piece",
         "LLLLLLLL/LLLLLLLL/...DDL../L......./DDDDDDDD/DDDDDDDD/.......L/......LD D 0 1 0",
         "First the players take turns placing one ball each on any empty hole until all 40 "
         "are in. Then every single ball, one with no ball of its own colour next to it, is "
         "removed. Dark has the last ball: put it where the lone dark ball on h1 is kept.",
         "g2", "Only g2 touches the dark ball on h1 (g1 and h2 are light).",
         "All balls are in: the lone light ball on a5 is removed, the dark ball on h1 stays. "
         "Removing balls never closes a trap.",
         "capture"),
        ("players alternately move one | mover's pieces may be single",
         "LLLLLLLL/LLLLLLLL/...DDL../......../DDDDDDDD/DDDDDDDD/......DL/......LD L 0 0 0",
         "Now the players take turns moving one of their own balls to any empty hole, as far "
         "as they like, but none of the mover's balls may be left single, the moved one "
         "included (the app offers only such moves). Move a ball from the top row to g6 to "
         "trap the dot at f6-g7.",
         "h8-g6", "Fill g6: the dot's square has the corners f6, g6, f7 and g7.",
         "The ball from h8 closes the square at f6-g7: Light wins.", "win"),
        ("a phase-2 position repeated three times",
         "LLLLLLLL/LLLLLLLL/...DDL../......../DDDDDDDD/DDDDDDDD/......DL/......LD L 0 0 99",
         "Moving can go on for ever, so after 100 moves of the second phase without a trap the "
         "game is a draw, and so is the third time a position comes back with the same side "
         "to move. This is move 100: move the ball on a8 to a6.",
         "a8-a6", "Any move but a trap draws here; the lesson's move is a8 to a6.",
         "That was the 100th move without a trap: the game is a draw.", "draw"),
        ("no legal phase-2 move passes",
         "......../......../DDDDDDDD/DDDDDDDD/......../......../DDD...../LLD..... L 0 0 10",
         "A player who has no move passes. Light's two balls can only move next to each other, "
         "and every hole beside them is taken. Choose Pass.",
         "pass", "Light has no move here: Pass is the only choice.",
         "Light passed, and loses nothing by it: the game goes on, Dark moves again.", "pass"),
    )),
)
