"""The judge's sessions alone: CPU of judging stored runs in the judge's own session against pytest's, alternating.

    python bench/replay.py -n 100                 # once: observes bench's batch and stores its runs
    python bench/judge_sessions.py -n 100         # sessions of 1 and of 20 runs, the two ways alternating
    python bench/judge_sessions.py -n 100 --sizes 1 5 20 --rounds 20

Each round judges the same part of the stored runs (bench/replay.py's --store) once in the judge's own session
(grader/judge/own_session.py) and once in pytest's (own_session.ENABLED off: pytest's start-up and collection, the
judge running the items itself), the order swapped every round, in this one process with the same expectations; it
prints the median thread CPU of each with its range, their ratio, and whether every outcome was the same both ways.
A lone `grade check` judges a session of 1; a batch's parts (pipeline_rows.py) are sessions of a few to a few
dozen runs. The machine's load is printed before and after: read the ratio, not the milliseconds.
"""

import argparse
import json
import os
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="the stored batch's size (bench/replay.py -n)")
    parser.add_argument("--store", type=Path, default=Path(tempfile.gettempdir()) / "grade-replay",
                        help="bench/replay.py's --store")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 20], help="runs a session (default 1 20)")
    parser.add_argument("--rounds", type=int, default=10, help="sessions of each size each way (default 10)")
    args = parser.parse_args()
    stored = args.store / f"runs-{args.n}.pickle"
    if not stored.exists():
        sys.exit(f"no stored runs at {stored}: run `python bench/replay.py -n {args.n} --store {args.store}` first")
    runs = pickle.loads(stored.read_bytes())

    from grader.judge import own_session
    from grader.judge.expectations import Expectations
    from grader.judge.plugin import judge
    from grader.suites import load_suite

    suite = load_suite("engine")
    expectations = Expectations(suite)
    ids = sorted(runs)

    def session(part, own):
        own_session.ENABLED = own
        try:
            start = time.thread_time()
            found = judge(suite, {sid: runs[sid] for sid in part}, expectations=expectations)
            return time.thread_time() - start, json.dumps(found, sort_keys=True)
        finally:
            own_session.ENABLED = True

    session(ids[:5], True), session(ids[:5], False)  # warm: the modules imported, the reference's values made
    print(f"load {os.getloadavg()[0]:.1f}; {len(runs)} stored runs; median thread CPU of {args.rounds} sessions each")
    print(f"{'runs':>5} {'own ms':>16} {'pytest ms':>16} {'ratio':>6}  same")
    for size in args.sizes:
        times = {True: [], False: []}
        same = True
        for i in range(args.rounds):
            start = (i * size) % max(1, len(ids) - size + 1)
            part = ids[start:start + size]
            said = {}
            for own in ((True, False) if i % 2 == 0 else (False, True)):
                cpu, said[own] = session(part, own)
                times[own].append(cpu * 1000)
            same = same and said[True] == said[False]
        own, other = statistics.median(times[True]), statistics.median(times[False])
        shown = {k: f"{statistics.median(v):.1f} ({min(v):.0f}-{max(v):.0f})" for k, v in times.items()}
        print(f"{size:>5} {shown[True]:>16} {shown[False]:>16} {own / other:>6.2f}  {'yes' if same else 'NO'}")
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
