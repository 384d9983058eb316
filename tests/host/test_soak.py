"""tools/bench/soak.py (`make soak`): whole random games with every invariant, at scale."""
import types

from tools.bench import soak


def test_a_small_soak_plays_whole_games_of_every_game_and_reports_them(capsys):
    import signal
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    assert soak.main(["--scale", "0.0001", "--jobs", "1"]) == 0     # in this process: no fork of pytest
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before
    out = capsys.readouterr().out
    for name in soak.PLAN:
        assert "%-12s %6d games" % (name, 1) in out, out
    assert "0 failed" in out and "games/s" in out


def test_the_full_plan_spreads_tholian_go_over_each_of_its_cases():
    tg = soak.driver("tholian_go")
    assert soak.PLAN["tholian_go"] == 200 * len(tg.SOAK_CASES)
    assert all(soak.PLAN[n] >= 10000 for n in ("trap", "thoughtwave", "lazo", "throngs"))
    seeds = {n: [s for task in soak.tasks(soak.PLAN, 0) if task[0] == n for s in task[1]] for n in soak.PLAN}
    assert all(sorted(seeds[n]) == list(range(soak.PLAN[n])) for n in soak.PLAN)


def test_a_failing_game_is_reported_with_the_seed_that_replays_it(monkeypatch, capsys):
    real_driver = soak.driver

    def soak_that_fails_on_seed_3(seed):
        if seed == 3:
            raise AssertionError("no legal move in an ongoing game")
        return real_driver("trap").soak(seed)
    monkeypatch.setattr(soak, "driver", lambda name: types.SimpleNamespace(soak=soak_that_fails_on_seed_3))
    assert soak.main(["--only", "trap", "--scale", "0.0005", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAILED trap seed 3: AssertionError: no legal move in an ongoing game" in out
    assert "python -m tools.bench.soak --only trap --seed 3 --scale 0" in out


def test_sigterm_stops_the_run_with_the_figures_so_far_and_no_worker_left(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "tools.bench.soak", "--scale", "0.05", "--jobs", "2"],
                            cwd=soak.ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("soak: 500 trap")
    time.sleep(3)
    workers = [int(p) for p in subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                              text=True).stdout.split()]
    assert len(workers) == 2
    proc.send_signal(signal.SIGTERM)
    out = proc.communicate(timeout=60)[0]
    assert proc.returncode == 130, out
    assert "soak: interrupted" in out and " games in " in out, out
    time.sleep(0.5)
    for pid in workers:
        try:
            os.kill(pid, 0)
            alive = not open("/proc/%d/stat" % pid).read().split()[2] == "Z"
        except (ProcessLookupError, FileNotFoundError):
            alive = False
        assert not alive, "worker %d outlived the soak" % pid
