"""The grader's own CPU per submission without the workers: bench/run.py's batch graded with its observations
replayed, so that two versions can be compared on what they do with the same runs.

    python bench/replay.py -n 1000                          # observes once, then replays (runs kept in --store)
    python bench/replay.py -n 1000 --root /path/to/an/older/checkout
    python bench/replay.py -n 1000 --scores scores.json     # the scores record, to compare byte for byte
    python bench/replay.py -n 1000 --serial                 # judged after the replay, in one thread

The first call for a given -n observes the batch for real (sandboxed workers, as `grade`) and stores its runs
(pickle) in --store; each later call replaces `observe_all` with those runs, each handed to the pipeline as if
just observed (the reading ahead, `prework`, done for it in this thread), and times the rest: the reading ahead,
the judge, the diagnosis and the scores. It prints this process's CPU milliseconds per submission. Alternate the
two versions (ABAB) on a busy machine: CPU time moves by a fifth between runs of the same code there.
"""

import argparse
import pickle
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="submissions (default 1000)")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to measure (default: this one)")
    parser.add_argument("--store", type=Path, default=Path(tempfile.gettempdir()) / "grade-replay",
                        help="where the batch and its observed runs are kept between calls")
    parser.add_argument("--scores", type=Path, help="write the scores record here (grader.private_files)")
    parser.add_argument("--serial", action="store_true",
                        help="judge and diagnose after the replay, in one thread (Settings.judge_while_observing "
                             "off): the replaying thread and the judging one otherwise hand the GIL to each other "
                             "every 0.5 ms, which on a loaded machine costs CPU in proportion to the wall time")
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(HERE))
    import run as bench_run  # bench/run.py's batch

    # run.py puts its own checkout first on the path: the grader measured is --root's (it was this checkout's,
    # whatever --root said, until session 7)
    sys.path[:] = [str(root)] + [p for p in sys.path if p != str(root)]
    import grader.pipeline as pipeline
    from grader.observe.cache import share_observations

    folder, runs_file = args.store / f"submissions-{args.n}", args.store / f"runs-{args.n}.pickle"
    if not folder.exists():
        bench_run.build_submissions(folder, args.n)
    observed = pipeline.observe_all

    def replay(submissions, suite, sandbox, *, jobs=2, cache=None, on_done=None, prework=None):
        if not runs_file.exists():
            runs = observed(submissions, suite, sandbox, jobs=jobs, cache=cache, on_done=on_done, prework=prework)
            runs_file.write_bytes(pickle.dumps(runs))
            return runs
        runs = pickle.loads(runs_file.read_bytes())
        shared, by_id = {}, {s.id: s for s in submissions}
        for sid in sorted(runs):
            if prework:
                prework(by_id[sid])
            share_observations(runs[sid], shared)
            on_done(by_id[sid], runs[sid], False)
        return runs

    pipeline.observe_all = replay
    if args.serial:
        import functools

        pipeline.Settings = functools.partial(pipeline.Settings, judge_while_observing=False)
    replayed = runs_file.exists()
    cpu = time.process_time()
    graded = pipeline.grade(folder, jobs=2, cache_dir=None)
    cpu = time.process_time() - cpu
    assert Path(pipeline.__file__).resolve().is_relative_to(root), pipeline.__file__
    print(f"{root.name}: {1000 * cpu / args.n:.2f} ms of CPU a submission "
          f"({'replayed' if replayed else 'observed, and stored for the next calls'})")
    if args.scores:
        from grader.private_files import write_json_atomically

        write_json_atomically(args.scores, graded.scores)


if __name__ == "__main__":
    main()
