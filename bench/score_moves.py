"""Which submissions' scores a change moves: every fixture batch and the examples, graded by two checkouts.

    python bench/score_moves.py --compare /path/to/main                  # this checkout against another
    python bench/score_moves.py --compare /path/to/main --only unseen --only examples

A change to what the worker allocates moves the scores of engines whose result follows the order of a `set` of
Values (docs/determinism.md); bench/heap_witness.py says in seconds whether the heap moved, this says which
rows moved and from what to what: each folder of tests/fixtures of engines (ENGINE_BATCHES, graded against
the engine suite) and examples/submissions, graded by each checkout's own `grade` (`grade run --no-cache`, in a
process of its own with that checkout's grader), the rows compared by status, score and failing tests. It
prints every row that differs and exits 1 if any did. Minutes on two cores: use --only while working.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


# the fixture folders of engines graded against the engine suite (the others are other exercises' or odd files)
ENGINE_BATCHES = ("charging", "forbidden", "general", "hostile", "hostile-round3", "real-looking", "single-bug",
                  "special", "strangers", "submissions", "template", "unseen")


def batches():
    """{name: folder}: the engine suite's fixture folders, and the examples."""
    found = {name: ROOT / "tests" / "fixtures" / name for name in ENGINE_BATCHES}
    found["examples"] = ROOT / "examples" / "submissions"
    return found


def graded(root, folder, out, jobs):
    """{id: (status, score, failing tests)} of `folder` graded by the checkout `root`."""
    env = dict(os.environ, PYTHONPATH=str(root))
    result = subprocess.run([sys.executable, "-m", "grader", "run", str(folder), "-o", str(out), "--no-cache", "-q",
                             "-j", str(jobs)], env=env, cwd=out.parent, capture_output=True, text=True)
    if not out.is_file():
        raise SystemExit(f"{root} could not grade {folder}:\n{result.stdout}{result.stderr}")
    rows = json.loads(out.read_text())["submissions"]
    return {row["id"]: (row["status"], row["score"], sorted(t["name"] for t in row["tests"]
                                                            if t["status"] != "passed")) for row in rows}


def moved(before, after):
    """[(id, before, after)] of every row that differs."""
    return [(sid, before.get(sid), after.get(sid)) for sid in sorted(set(before) | set(after))
            if before.get(sid) != after.get(sid)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the changed checkout (default: this one)")
    parser.add_argument("--compare", type=Path, required=True, help="the checkout before the change")
    parser.add_argument("--only", action="append", help="only these batches (a fixture folder's name, examples)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    chosen = batches()
    if args.only:
        unknown = sorted(set(args.only) - set(chosen))
        if unknown:
            raise SystemExit(f"no such batch: {', '.join(unknown)} (there are: {', '.join(chosen)})")
        chosen = {name: chosen[name] for name in args.only}
    any_moved = False
    with tempfile.TemporaryDirectory(prefix="score-moves-") as scratch:
        for name, folder in chosen.items():
            before = graded(args.compare.resolve(), folder, Path(scratch) / f"{name}.before.json", args.jobs)
            after = graded(args.root.resolve(), folder, Path(scratch) / f"{name}.after.json", args.jobs)
            rows = moved(before, after)
            print(f"{name}: {len(after)} rows, {len(rows)} moved")
            for sid, was, now in rows:
                gone = sorted(set(was[2] if was else []) - set(now[2] if now else []))
                new = sorted(set(now[2] if now else []) - set(was[2] if was else []))
                print(f"    {sid}: {was and was[:2]} -> {now and now[:2]}; now passing {gone}, now failing {new}")
            any_moved = any_moved or bool(rows)
    sys.exit(1 if any_moved else 0)


if __name__ == "__main__":
    main()
