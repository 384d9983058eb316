"""`make bench`: runs every benchmark (tools/bench/bench_*.py), prints a table, writes bench/results.json.

    python -m tools.bench [TOPIC ...]       (default: every tools/bench/bench_<topic>.py but LONG)
    python -m tools.bench --long            (the LONG topics)
    python -m tools.bench --table           (the table of bench/results.json, nothing run)

`make bench` runs the default topics (about 20 minutes on a quiet 2-core host); `make
bench-strength` the LONG ones: the AI's 200-game matches and the levels' ladder with its Elo
round robin (tools/bench/bench_strength.py, tools/bench/bench_ladder.py), and the Tholian Go and Throngs AI benches (their matches repeat
tools/bench/bench_ai.py's games, with their own per-turn figures).
"""
import importlib
import json
import os
import time

from tools.bench import benchlib


LONG = ("strength", "ai_tholian_go", "ai_throngs")


def topics():
    """bench_<topic>.py files that define run(benchlib) (`def run(` or, for the rules
    benchmarks, `run = benchlib.rules_run(...)`); others are their helper scripts."""
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    for name in os.listdir(here):
        if name.startswith("bench_") and name.endswith(".py"):
            with open(os.path.join(here, name)) as f:
                text = f.read()
                if "\ndef run(" in text or "\nrun = " in text:
                    found.append(name[6:-3])
    return sorted(found)


def flatten(prefix, value, rows):
    if isinstance(value, dict):
        for key in value:
            flatten(prefix + "." + str(key) if prefix else str(key), value[key], rows)
    else:
        rows.append((prefix, value))


def fmt(value):
    if isinstance(value, float):
        return "%.4g" % value
    return str(value)


def chosen_topics(argv):
    """The topics the command line names: `--long` the LONG ones, none every other one."""
    if argv == ["--long"]:
        return list(LONG)
    return argv or [t for t in topics() if t not in LONG]


def print_saved_table(path):
    if not os.path.exists(path):
        print("no %s yet: run make bench" % os.path.relpath(path))
        return 1
    with open(path) as f:
        saved = json.load(f).get("targets", {})
    print_targets([(topic, row) for topic in sorted(saved) for row in saved[topic]])
    return 0


def main(argv):
    path = os.path.join(benchlib.ROOT, "bench", "results.json")
    if argv == ["--table"]:
        return print_saved_table(path)
    if argv in (["--help"], ["-h"]):
        print((__doc__ or "").strip())
        print("topics: %s; LONG: %s" % (" ".join(topics()), " ".join(LONG)))
        return 0
    chosen = chosen_topics(argv)
    unknown = [t for t in chosen if t not in topics()]
    if unknown:
        print("unknown benchmark(s): %s; available: %s" % (" ".join(unknown), " ".join(topics())))
        return 2
    print("host pystones/s (CPU time of this process, median of 5; measured again near each "
          "figure): %.0f" % benchlib.host_pystones(), flush=True)
    results = {}
    if os.path.exists(path) and argv:  # a partial run keeps the other topics' figures
        with open(path) as f:
            results = json.load(f)
    results["host_pystones"] = benchlib.host_pystones()
    results["device_pystones"] = benchlib.DEVICE_PYSTONES
    failed = []
    checked = []        # (topic, target row) in the order measured
    for topic in chosen:
        print("== %s ..." % topic, flush=True)
        t0 = time.time()
        try:
            figures = importlib.import_module("tools.bench.bench_" + topic).run(benchlib)
        except Exception as e:  # one broken benchmark must not hide the others
            print("   FAILED: %s: %s" % (type(e).__name__, e))
            failed.append(topic)
            continue
        targets = figures.pop("targets", [])
        for row in targets:
            checked.append((topic, row))
        merge(results, figures)
        results.setdefault("targets", {})[topic] = targets
        rows = []
        flatten("", figures, rows)
        for key, value in rows:
            print("   %-58s %s" % (key, fmt(value)))
        print("   (%.0f s)" % (time.time() - t0), flush=True)
    print_targets(checked)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print("wrote %s" % os.path.relpath(path))
    return 1 if failed else 0


MARKS = {"yes": "\u2713", "no": "\u2717", "?": "?", "info": "-"}


def print_targets(checked):
    """Each figure that has a target, beside it: met (check mark), missed (cross), or not
    decided by the games played (?); an estimate shown for information (-) counts as none."""
    if not checked:
        return
    print("== targets")
    width = max(len("%s %s" % (t, r["figure"])) for t, r in checked)
    for topic, row in checked:
        print("   %s %-*s %-34s %s" % (MARKS[row["ok"]], width, "%s %s" % (topic, row["figure"]),
                                     row["value"], row["target"]))
    counts = [sum(1 for _, r in checked if r["ok"] == k) for k in ("yes", "no", "?", "info")]
    print("   %d met, %d missed, %d undecided; %d for information" % tuple(counts))


def merge(into, figures):
    for key, value in figures.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = value

