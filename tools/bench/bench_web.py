"""The browser version in headless Chromium (`python -m tools.bench web`): `make web`'s folder
on a plain static server, the page driven by tools/web/web_page.mjs as a player would.

    load_to_first_frame_ms  from the navigation's start to the main menu's first frame, each
                            profile (the page, the VM's download and start, the app's imports)
    reply_ms                per game, a human's random moves against the AI at the default
                            level on pico_lcd13: from the worker reading the press that ends
                            the human's move to the app waiting for the next one (the move
                            drawn, the AI's search, its move drawn), REPLIES replies

Targets: the main menu within 3 s of the load; a reply within 1 s median, 3 s worst.
Needs Debian's chromium (apt-get install -y chromium).
"""
import statistics
import tempfile
from pathlib import Path

REPLIES = 8
PROFILE = "pico_lcd13"
LOAD_MS = 3000
REPLY_MEDIAN_MS = 1000
REPLY_WORST_MS = 3000


def run(benchlib):
    from desktop_sim import profiles
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    from tools.web import web_build, web_plans
    browser = web_plans.chromium_path()
    if browser is None:
        raise RuntimeError("chromium is missing: apt-get install -y chromium")
    games = registry.game_names()
    with tempfile.TemporaryDirectory(prefix="tholia-bench-web-") as tmp:
        tmp = Path(tmp)
        web_build.build(tmp / "site")
        scenarios = [{"board": p, "steps": []} for p in profiles.names()]
        plans = []
        for i, name in enumerate(games):
            hw = web_plans.against_the_ai(name, PROFILE, tmp / name, 100 + i, REPLIES, 3)
            plans.append(hw)
            scenarios.append({"board": PROFILE, "steps": [s for s in web_plans.steps(hw) if "press" in s]})
        result = web_plans.play(tmp / "site", scenarios, tmp, browser)
    loads = {p: round(r["loadMs"][0]) for p, r in zip(profiles.names(), result["scenarios"])}
    out = {"load_to_first_frame_ms": loads, "games": {}}
    rows = [benchlib.at_most("load to the main menu (worst profile)", max(loads.values()), LOAD_MS, "ms")]
    worst_all, medians = 0, []
    for name, hw, run_ in zip(games, plans, result["scenarios"][len(loads):]):
        replies = [run_["busyMs"][presses - 1] for presses, _ in hw.shots]
        median, worst = statistics.median(replies), max(replies)
        out["games"][name] = {"reply_median_ms": round(median), "reply_worst_ms": round(worst),
                              "replies": len(replies)}
        print("   %s: reply %.0f ms median, %.0f worst (%d replies)" % (name, median, worst, len(replies)),
              flush=True)
        worst_all = max(worst_all, worst)
        medians.append(median)
        rows.append(benchlib.at_most("%s reply median" % name, round(median), REPLY_MEDIAN_MS, "ms"))
    rows.append(benchlib.at_most("reply worst (every game)", round(worst_all), REPLY_WORST_MS, "ms"))
    out["errors"] = result["errors"] + result["console"]
    return {"web": out, "targets": rows}
