#!/usr/bin/env python3
"""Warm read commands at a large history, timed as whole processes, alternating command by
command so that load on a shared machine hits them alike; prints medians and each command's
paired ratio to `week`.

    scripts/bench-pairs.py REPO NOW RUNS [WEEK] [SPRINT]

TEAMFLOW_BIN names another binary. REPO holds the history (e.g. an import of teamflow-bench's organisation), NOW is TEAMFLOW_NOW
(the Tuesday of the last week for a standup of Monday's work). The release binary is
.build/release/teamflow (swift build -c release --static-swift-stdlib --product teamflow).
"""
import os, statistics, subprocess, sys, time

binary = os.environ.get("TEAMFLOW_BIN") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "teamflow")
repo, now, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
week = sys.argv[4] if len(sys.argv) > 4 else "2025-W07"
sprint = sys.argv[5] if len(sys.argv) > 5 else "Sprint 1"
env = dict(os.environ, TZ="Asia/Seoul", NO_COLOR="1", TEAMFLOW_NOW=now)
commands = [("week", ["week", week]), ("standup", ["standup"]), ("sprint", ["sprint", sprint]), ("stats", ["stats"])]

def run(args):
    start = time.perf_counter()
    subprocess.run([binary, "-C", repo] + args, stdout=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - start

samples = {}
for round in range(runs + 1):  # the first round warms the cache and is not counted
    for name, args in commands:
        seconds = run(args)
        if round > 0:
            samples.setdefault(name, []).append(seconds)
for name, values in samples.items():
    ratio = statistics.median(a / b for a, b in zip(values, samples["week"]))
    print(f"{name}: median {statistics.median(values) * 1000:.0f} ms (min {min(values) * 1000:.0f}, "
          f"max {max(values) * 1000:.0f}); paired ratio to week {ratio:.2f}x")
