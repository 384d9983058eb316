# Learn to play Trap (the format: shared_rules/lessons.py).  Each step's rule is a heading of
# docs/rules/trap.md.
LESSONS = (
    ("Trap", "", (
        ("Board — Ruling; Notation; Options",
         "......../......../......../......../......../......../......../........ L 20 20 0",
         "Trap is played on an 8x8 grid of holes, a1 at the bottom left to h8 at the top right. "
         "Five red dots sit in the middle of small squares; the middle dot's square has the "
         "corners d4, e4, d5 and e5. (The new-game form can change the board size, the dots and "
         "who places first.) Place a light ball on d4.",
         "d4", "d4 is the fourth hole from the left in the fourth row from the bottom.",
         "Light placed a ball on d4, a corner of the middle dot's square.", "move"),
        ("Trap",
         "......../......D./..D...../...L..../...LL.../.....D../......../........ L 17 17 0",
         "You win by trapping a red dot: a chain of your balls closed around it. The smallest "
         "chain is the four corners of the dot's square, and it wins even while the balls are "
         "still being placed. Close the square around the middle dot.",
         "e5", "The middle dot's square needs its fourth corner, e5.",
         "The four corners close around the dot: Light wins.", "win"),
        ("Trap",
         "D......D/......D./.......D/....D.../.LL...../L..L..../.D.L..../.LL..D.. L 13 13 0",
         "Balls are linked to the balls next to them, across a diagonal too, so a chain may "
         "run corner to corner. Enemy balls inside your chain do not matter. Close the ring "
         "around the dot between b2 and c3.",
         "a2", "The ring around the dot at b2-c3 has one gap: a2, between a3 and b1.",
         "The ring of eight balls closes around the dot, the dark ball inside it "
         "does not help Dark: Light wins.", "win"),
        ("Play",
         "LLLLLLLL/LLLLLLLL/...DDL../L......./DDDDDDDD/DDDDDDDD/.......L/......LD D 0 1 0",
         "First the players take turns placing one ball each until all 40 are in. Then every "
         "single ball, one with no ball of its own colour next to it, is removed. Dark has the "
         "last ball: put it where the lone dark ball on h1 is kept.",
         "g2", "Only g2 touches the dark ball on h1 (g1 and h2 are light).",
         "All balls are in: the lone light ball on a5 is removed, the dark ball on h1 stays.",
         "capture"),
        ("Play",
         "LLLLLLLL/LLLLLLLL/...DDL../......../DDDDDDDD/DDDDDDDD/......DL/......LD L 0 0 0",
         "Now a turn moves one of your balls to any empty hole, as far as you like, but none "
         "of your balls may be left single (the app offers only moves that keep them linked). "
         "Move a ball from the top row to g6 to trap the dot at f6-g7.",
         "h8-g6", "Fill g6: the dot's square has the corners f6, g6, f7 and g7.",
         "The ball from h8 closes the square at f6-g7: Light wins.", "win"),
        ("Rulings for cases the printed rules leave open",
         "LLLLLLLL/LLLLLLLL/...DDL../......../DDDDDDDD/DDDDDDDD/......DL/......LD L 0 0 99",
         "Moving can go on for ever, so after 100 moves of the second phase without a trap the "
         "game is a draw, and so is the third time a position comes back. This is move 100: "
         "move the ball on a8 to a6.",
         "a8-a6", "Any move but a trap draws here; the lesson's move is a8 to a6.",
         "That was the 100th move without a trap: the game is a draw.", "draw"),
        ("Rulings for cases the printed rules leave open",
         "......../......../DDDDDDDD/DDDDDDDD/......../......../DDD...../LLD..... L 0 0 10",
         "A player who has no move passes. Light's two balls can only move next to each other, "
         "and every hole beside them is taken. Choose Pass.",
         "pass", "Light has no move here: Pass is the only choice.",
         "Light passed: Dark moves again.", "pass"),
    )),
)
