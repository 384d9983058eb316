# The moves Thoughtwave's AI chooses, with its node counts and depths, for fixed seeds
# at every level in several positions, recorded before its tuning's state moved from module
# globals into a Tuner object per search.  A change of shape must keep every one of them, on
# CPython and on the MicroPython VM alike (the levels' time caps are off: node budgets bind).
from rules_support import check_recorded, recorded_searches

# (name, options, decisions played from the start, or a position to decode)
POSITIONS = (
    ("start", None, ""),
    ("opening", None, "S1@c3 S0@f6 J1@d3 B3@f5"),
    ("early", None, "S1@e9 S0@a9 J1@d1 J0@a2 J3@b1 S0@f4 J1@f1 C0@a4 B2@h3"),
    ("swapped", {"red_links": "top-bottom"},
     "S0@d7 S1@d1 J1@b9 S1@b1 S0@h1 T1@f4 J2@h3 J1@i2 T1@e6 J2@g1 S0@h9 J1@e9 J2@h6 J0@g2 J0@g5 C0@f1"),
    ("middle", None, "S1@h8 S0@j8 T1@i3 J0@j5 J3@j7 T0@a9 B0@i7 S0@b8 B0@e7 S0@b6 J0@c8 J1@b4 S1@a7 J0@a5 "
                     "S1@g3 J2@b10 J3@f8 C0@g1 C0@e8 C0@b2 B2@d9 J2@b1 J2@c7 B0@h10"),
    # decoded, so with no history (no reply is searched): Black's column one tile from its link,
    # Red's row of straights with gaps that Black must answer
    ("block", None, "=...9.3..../....5...../....d...../....5...../....7...../....5...../....d...../"
                    "....5...../....7...../....5..... R 2,4,3,8,1 2,4,2,10,1"),
    ("gaps", None, "=........../........../........../........../........../a.a.a.a.../........../"
                   "........../........../.......... B 2,6,3,10,1 2,6,3,10,1"),
)
SEEDS = (0, 5)

RECORDED = [  # (position, level, seed, move, nodes, depth)
    ('start', 'easy', 0, 'S1@b6', 8, 1),
    ('start', 'easy', 5, 'S1@b5', 8, 1),
    ('start', 'normal', 0, 'S1@h9', 12, 2),
    ('start', 'normal', 5, 'S1@h8', 12, 2),
    ('start', 'hard', 0, 'S1@f2', 32, 2),
    ('start', 'hard', 5, 'S1@h10', 32, 2),
    ('opening', 'easy', 0, 'C0@f3', 8, 1),
    ('opening', 'easy', 5, 'J3@f3', 8, 1),
    ('opening', 'normal', 0, 'S1@e3', 23, 2),
    ('opening', 'normal', 5, 'S1@e3', 23, 2),
    ('opening', 'hard', 0, 'S1@e3', 53, 2),
    ('opening', 'hard', 5, 'S1@e3', 53, 2),
    ('early', 'easy', 0, 'C0@a7', 8, 1),
    ('early', 'easy', 5, 'J2@a6', 8, 1),
    ('early', 'normal', 0, 'C0@a6', 23, 2),
    ('early', 'normal', 5, 'J2@a6', 23, 2),
    ('early', 'hard', 0, 'T3@g1', 53, 2),
    ('early', 'hard', 5, 'B2@g1', 53, 2),
    ('swapped', 'easy', 0, 'C0@g3', 8, 1),
    ('swapped', 'easy', 5, 'C0@g3', 8, 1),
    ('swapped', 'normal', 0, 'C0@g3', 23, 2),
    ('swapped', 'normal', 5, 'C0@g3', 23, 2),
    ('swapped', 'hard', 0, 'B1@a1', 53, 2),
    ('swapped', 'hard', 5, 'B1@a1', 53, 2),
    ('middle', 'easy', 0, 'J3@d8', 8, 1),
    ('middle', 'easy', 5, 'J3@d8', 8, 1),
    ('middle', 'normal', 0, 'B2@c4', 20, 2),
    ('middle', 'normal', 5, 'B2@c4', 20, 2),
    ('middle', 'hard', 0, 'B2@c4', 30, 2),
    ('middle', 'hard', 5, 'B2@c4', 30, 2),
    ('block', 'easy', 0, 'T2@e10', 8, 1),
    ('block', 'easy', 5, 'T2@e10', 8, 1),
    ('block', 'normal', 0, 'T2@e10', 12, 2),
    ('block', 'normal', 5, 'T2@e10', 12, 2),
    ('block', 'hard', 0, 'T2@e10', 32, 2),
    ('block', 'hard', 5, 'T2@e10', 32, 2),
    ('gaps', 'easy', 0, 'S0@j5', 8, 1),
    ('gaps', 'easy', 5, 'S0@i5', 8, 1),
    ('gaps', 'normal', 0, 'S0@j5', 12, 2),
    ('gaps', 'normal', 5, 'S0@i5', 12, 2),
    ('gaps', 'hard', 0, 'S0@j5', 32, 2),
    ('gaps', 'hard', 5, 'S0@i5', 32, 2),
]


def searches():
    return recorded_searches("thoughtwave", POSITIONS, SEEDS)


def test_recorded_moves_and_node_counts():
    check_recorded(searches(), RECORDED)
