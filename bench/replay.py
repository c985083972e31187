"""The grader's own CPU per submission without the workers: bench/run.py's batch graded with its observations
replayed, so that two versions can be compared on what they do with the same runs.

    python bench/replay.py -n 1000                          # observes once, then replays (runs kept in --store)
    python bench/replay.py -n 1000 --root /path/to/an/older/checkout
    python bench/replay.py -n 1000 --scores scores.json     # the scores record, to compare byte for byte
    python bench/replay.py -n 1000 --serial                 # judged after the replay, in one thread
    python bench/replay.py --class tests/fixtures/single-bug --fresh-boot   # a class of one's own, as a first batch

The first call for a given -n observes the batch for real (sandboxed workers, as `grade`) and stores its runs
(pickle) in --store; each later call replaces `observe_all` with those runs, each handed to the pipeline as if
just observed (the reading ahead, `prework`, done for it in this thread), and times the rest: the reading ahead,
the judge, the diagnosis and the scores. It prints this process's CPU milliseconds per submission. Alternate the
two versions (ABAB) on a busy machine: CPU time moves by a fifth between runs of the same code there.

--class DIR replays a class folder of one's own instead of bench/run.py's batch (its runs stored under the folder's
name and a digest of its path): distinct engines, each with its own mistakes, make the diagnosis try the variants in
every style, which bench's batch of named variants rarely does. --fresh-boot gives the process a per-boot folder of
its own (XDG_RUNTIME_DIR, empty): nothing an earlier batch of this boot kept (the variant book's in-process engines,
the walks, the pool of draws) is read, as in a first batch after a boot or a fresh CI run.
"""

import argparse
import hashlib
import os
import pickle
import shutil
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
    parser.add_argument("--class", dest="folder", type=Path, help="replay this class folder, not bench/run.py's batch")
    parser.add_argument("--fresh-boot", action="store_true",
                        help="an empty per-boot folder of this process's own: nothing kept by an earlier batch is read")
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

    if args.fresh_boot:
        runtime = Path(tempfile.mkdtemp(prefix="replay-boot-"))
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)
        os.environ.pop("GRADE_HOST_FACTS", None)
    if args.folder is not None:
        folder = args.folder.resolve()
        args.n = sum(1 for _ in folder.iterdir())
        tag = hashlib.sha256(str(folder).encode()).hexdigest()[:12]
        args.store.mkdir(parents=True, exist_ok=True)
        runs_file = args.store / f"runs-{folder.name}-{tag}.pickle"
    else:
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
    if args.fresh_boot:
        shutil.rmtree(runtime, ignore_errors=True)


if __name__ == "__main__":
    main()
