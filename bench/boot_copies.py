"""A second copy of the same checkout at another path: does its first batch build the boot's kept files again?

    python bench/boot_copies.py                       # this checkout
    python bench/boot_copies.py --root /path/to/another/checkout

The kept files of a boot (grader/boot_files.py: the walks, the variant book, the named mistakes replayed, the pools
of draws, the dry runs; grader/boot_sets.py) are named by digests of the grader's and the suite's files and the
reference's. Until session 39 those digests held each file's absolute path, so another checkout of the same commit
(a wheel installed in a new venv, a CI runner's folder, the suite's scratch checkouts) built them all again. Here
the checkout's grader/ and reference/ are copied to two new folders, A and B, and tests/fixtures/submissions is
graded (`grade run`'s defaults, a cache folder of its own each time, so that every row is observed) three times,
each in a process of its own:

    base   copy A, an empty boot folder                      (builds the kept files)
    shared copy B, the boot folder copy A filled             (another path of the same tree)
    fresh  copy B, an empty boot folder                      (what every new path paid before session 39)

Printed: each batch's CPU seconds (the process and its children: the sandbox's workers), the kept files each made
and the lines it appended to them (counts: the same figures on a loaded machine), and shared/base, fresh/base.
"""

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GRADE = """
import json, sys
from grader.pipeline import grade
rows = grade(sys.argv[1], cache_dir=sys.argv[2]).scores["submissions"]
print(json.dumps({row["id"]: row for row in rows}, sort_keys=True))
"""
KEPT = re.compile(r"[a-z][a-z-]*-[0-9a-f]{16}-[0-9a-f]{64}\.[a-z]+")  # boot_sets._KEPT: a kept file of a set


def kept(boot) -> dict:
    """{name: lines} of the kept files of `boot`'s per-boot folder (a .json file: 1)."""
    folder = boot / "micrograd-grader"
    names = [n for n in os.listdir(folder) if KEPT.fullmatch(n)] if folder.is_dir() else []
    return {n: (folder / n).read_bytes().count(b"\n") if n.endswith(".jsonl") else 1 for n in names}


def copy_checkout(root, dest):
    """The grader and the reference of checkout `root` copied to `dest` (what a run imports, with PYTHONPATH)."""
    for tree in ("grader", "reference"):
        shutil.copytree(root / tree, dest / tree, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def batch(copy, boot, submissions, scratch):
    """(CPU seconds, rows' JSON, kept files made, lines appended) of one batch graded by `copy` in `boot`."""
    before = kept(boot)
    env = {**os.environ, "PYTHONPATH": str(copy), "XDG_RUNTIME_DIR": str(boot)}
    env.pop("GRADE_HOST_FACTS", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", GRADE, str(submissions), tempfile.mkdtemp(dir=scratch)], env=env,
                         cwd=scratch, capture_output=True, text=True, check=True).stdout
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    after = kept(boot)
    made = sorted(set(after) - set(before))
    appended = sum(after[n] - before.get(n, 0) for n in after if n.endswith(".jsonl"))
    return end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime, out, made, appended


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="boot-copies-") as tmp:
        tmp = Path(tmp)
        for copy in ("A", "B"):
            copy_checkout(args.root, tmp / copy)
        for boot in ("boot1", "boot2"):
            (tmp / boot).mkdir(mode=0o700)
        submissions = args.root / "tests" / "fixtures" / "submissions"
        runs = {"base": batch(tmp / "A", tmp / "boot1", submissions, tmp),
                "shared": batch(tmp / "B", tmp / "boot1", submissions, tmp),
                "fresh": batch(tmp / "B", tmp / "boot2", submissions, tmp)}
    print(f"{len(os.listdir(submissions))} entries of {submissions}, graded by copies of {args.root}")
    for name, (cpu, _, made, appended) in runs.items():
        print(f"  {name:7} {cpu:6.1f} s of CPU, {len(made):2} kept files made, {appended:5} lines appended")
    print(f"  shared/base {runs['shared'][0] / runs['base'][0]:.2f}   fresh/base {runs['fresh'][0] / runs['base'][0]:.2f}"
          f"   rows: shared {'==' if runs['shared'][1] == runs['base'][1] else '!='} base,"
          f" fresh {'==' if runs['fresh'][1] == runs['base'][1] else '!='} base")


if __name__ == "__main__":
    main()
