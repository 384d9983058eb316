# The moves Trap's AI chooses, with its node counts and depths, for fixed seeds at
# every level in several positions of both phases, Light or Dark placing first, recorded before
# its tuning's state moved from module globals into a Tuner object per search.  A change of
# shape must keep every one of them, on CPython and on the MicroPython VM alike (the levels'
# time caps are off: node budgets bind).
from rules_support import check_recorded, recorded_searches

# (name, options, decisions played from the start, or "=" and a position to decode)
POSITIONS = (
    ("light start", {"first": "light"}, ""),
    ("light placing", {"first": "light"}, "f2 f3 g2 e3 b2 b3 b6 c7 g7 f7 d4"),
    ("light moving", {"first": "light"},
     "d4 g2 d5 e5 e6 f5 g7 f6 c3 f3 b3 f2 g3 c2 g4 d2 b7 c7 d7 c8 a7 d3 h7 c4 c5 b2 a3 f1 b5 g6 f4 f7 b4 c6 "
     "d1 b6 g5 e4 h6 e2 d4-e3 g6-d4 c3-g6 c4-c3 g5-b8 c6-h1 h6-f8 b2-c6"),
    ("dark start", {"first": "dark"}, ""),
    ("dark placing", {"first": "dark"}, "g2 g3 c2 c3 b3 c4 g7 g6 f6"),
    ("dark moving", {"first": "dark"},
     "b3 e5 g3 d5 f2 d4 e4 g2 h2 g1 b2 c3 e3 c4 c7 c6 g7 f6 c5 d6 b6 e6 e2 b7 d7 c2 b1 f7 e7 g6 g8 f3 e8 e1 "
     "c1 f8 c8 d3 a1 h4 e7-g4 g6-b5 b3-h7 b5-b3 h2-a6 d3-g6 a6-f1 c2-a6 g4-a2 f6-c2 c1-h2 a6-f6"),
    # Dark can make a double threat (e1); Light's trap waits under Dark's g7 (test_ai_trap)
    ("double", {"first": "light"}, "=.LD.L.../LLD..LDD/DDL..LLL/.LLDLLLL/...DDDD./DDDD.DD./.LD.LLD./.L...D.. D 0 0 25"),
)
SEEDS = (0, 7)

RECORDED = [  # (position, level, seed, move, nodes, depth)
    ('light start', 'easy', 0, 'd4', 12, 1),
    ('light start', 'easy', 7, 'f7', 12, 1),
    ('light start', 'normal', 0, 'c6', 24, 2),
    ('light start', 'normal', 7, 'g6', 24, 2),
    ('light start', 'hard', 0, 'c6', 114, 4),
    ('light start', 'hard', 7, 'g6', 114, 4),
    ('light placing', 'easy', 0, 'e5', 12, 1),
    ('light placing', 'easy', 7, 'b7', 12, 1),
    ('light placing', 'normal', 0, 'e4', 24, 2),
    ('light placing', 'normal', 7, 'e4', 24, 2),
    ('light placing', 'hard', 0, 'd5', 143, 4),
    ('light placing', 'hard', 7, 'e5', 143, 4),
    ('light moving', 'easy', 0, 'b5-a4', 12, 1),
    ('light moving', 'easy', 7, 'a7-h5', 12, 1),
    ('light moving', 'normal', 0, 'f8-b2', 24, 2),
    ('light moving', 'normal', 7, 'd7-b2', 24, 2),
    ('light moving', 'hard', 0, 'e3-h4', 114, 4),
    ('light moving', 'hard', 7, 'e3-g5', 111, 4),
    ('dark start', 'easy', 0, 'd4', 12, 1),
    ('dark start', 'easy', 7, 'f7', 12, 1),
    ('dark start', 'normal', 0, 'c6', 24, 2),
    ('dark start', 'normal', 7, 'g6', 24, 2),
    ('dark start', 'hard', 0, 'c6', 114, 4),
    ('dark start', 'hard', 7, 'g6', 114, 4),
    ('dark placing', 'easy', 0, 'e4', 12, 1),
    ('dark placing', 'easy', 7, 'd5', 12, 1),
    ('dark placing', 'normal', 0, 'h6', 27, 2),
    ('dark placing', 'normal', 7, 'g5', 27, 2),
    ('dark placing', 'hard', 0, 'd4', 114, 4),
    ('dark placing', 'hard', 7, 'd4', 120, 4),
    ('dark moving', 'easy', 0, 'f1-h8', 12, 1),
    ('dark moving', 'easy', 7, 'e2-h1', 12, 1),
    ('dark moving', 'normal', 0, 'h2-a5', 24, 2),
    ('dark moving', 'normal', 7, 'h2-d3', 24, 2),
    ('dark moving', 'hard', 0, 'h2-a5', 114, 4),
    ('dark moving', 'hard', 7, 'h2-d3', 114, 4),
    ('double', 'easy', 0, 'd4-e1', 12, 1),
    ('double', 'easy', 7, 'g4-e1', 12, 1),
    ('double', 'normal', 0, 'd4-e1', 24, 2),
    ('double', 'normal', 7, 'f3-e1', 24, 2),
    ('double', 'hard', 0, 'd4-e1', 92, 4),
    ('double', 'hard', 7, 'f3-e1', 85, 4),
]


def searches():
    return recorded_searches("trap", POSITIONS, SEEDS)


def test_recorded_moves_and_node_counts():
    check_recorded(searches(), RECORDED)
