"""Throngs against Ludii: for every case of the reference vectors, the decisions our rules offer
(ruleset=original, forcing and stone in flight as given) must equal Ludii's `legal` exactly; a
line holding a whole game played in Ludii (`decisions`) is a case too: it must replay to Ludii's
end, at Ludii's decision, with Ludii's winner.

    python -m tools.checks.ludii_check FILE...        (.jsonl or .jsonl.gz, see tests/data/ludii/README.md)

Prints the first few mismatches in full, then `N cases, M mismatches`; exit status 1 when M > 0.
"""
import gzip
import json
import sys

from shared_rules.game import GameError
from shared_rules.throngs.rules import Throngs
from shared_rules.throngs.ludii import offered, replay_game

SHOWN = 5
USAGE = "usage: python -m tools.checks.ludii_check FILE...   (.jsonl or .jsonl.gz reference vectors)"


def cases(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                yield number, json.loads(line)


def check(paths, out=sys.stdout):
    """(cases checked, mismatches), printing the first SHOWN mismatches."""
    games = {}
    total = 0
    bad = 0
    for path in paths:
        for number, case in cases(path):
            total += 1
            if "decisions" in case:
                why = replay_game(Throngs({"board": str(case["board"]), "ruleset": "original"}), case)
                if why is not None:
                    bad += 1
                    if bad <= SHOWN:
                        out.write("MISMATCH %s line %d (a whole game): %s\n" % (path, number, why))
                continue
            board = str(case.get("ludii_board", len(case["board"])))
            if board not in games:
                games[board] = Throngs({"board": board, "ruleset": "original"})
            expected = sorted(case["legal"])
            try:
                ours = offered(games[board], case)
            except GameError as e:
                ours = ["error: %s" % e]
            if ours != expected:
                bad += 1
                if bad <= SHOWN:
                    out.write("MISMATCH %s line %d: %s\n  ours:    %s\n  missing: %s\n  extra:   %s\n" % (
                        path, number, json.dumps(case), " ".join(ours),
                        " ".join(sorted(set(expected) - set(ours))), " ".join(sorted(set(ours) - set(expected)))))
    return total, bad


def main(argv):
    if not argv:
        print(USAGE)
        return 2
    total, bad = check(argv)
    print("%d cases, %d mismatches" % (total, bad))
    return 1 if bad or not total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
