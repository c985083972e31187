"""The grader's CPU for loading a class (grader/load: reading each entry, finding its files, the helpers they
import), without observing or judging anything.

    python bench/load_cpu.py tests/fixtures/strangers24/engine                  # this checkout
    python bench/load_cpu.py CLASS --baseline /path/to/an/older/checkout        # and another, alternating

Each round loads the folder in a fresh process (`load_submissions`, the engine suite's files), --repeat times in a
row, and prints this process's CPU milliseconds per submission (the median of the repeats after the first, which
imports). With --baseline the two versions alternate round by round (ABAB), so that a loaded machine weighs on both
alike; compare the medians of the rounds, and the `same` column: whether both loaded the same submissions (their
ids, files and digests).
"""

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import hashlib, json, statistics, sys, time
from pathlib import Path
root, folder, repeat = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, root)
from grader.load import load_submissions
from grader.suites import load_suite
suite = load_suite("engine")
spent = []
for _ in range(repeat):
    started = time.process_time()
    submissions = load_submissions(folder, suite)
    spent.append(time.process_time() - started)
said = hashlib.sha256(json.dumps(sorted((s.id, s.digest, sorted(s.files)) for s in submissions)).encode()).hexdigest()
print(json.dumps({"ms": 1000 * statistics.median(spent[1:] or spent) / len(submissions), "n": len(submissions),
                  "said": said, "module": sys.modules["grader.load"].__file__}))
"""


def _round(root, folder, repeat):
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(folder), str(repeat)], capture_output=True,
                         text=True, check=True, cwd=root)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert Path(result["module"]).resolve().is_relative_to(Path(root).resolve()), result["module"]
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a class folder")
    parser.add_argument("--baseline", type=Path, help="another checkout, loaded alternately")
    parser.add_argument("--rounds", type=int, default=4, help="processes per version (default 4)")
    parser.add_argument("--repeat", type=int, default=11, help="loads of the folder per process (default 11)")
    args = parser.parse_args()
    roots = [HERE.parent] + ([args.baseline.resolve()] if args.baseline else [])
    got = {root: [] for root in roots}
    for _ in range(args.rounds):
        for root in roots:
            got[root].append(_round(root, args.folder.resolve(), args.repeat))
    said = {r["said"] for results in got.values() for r in results}
    for root, results in got.items():
        ms = [r["ms"] for r in results]
        print(f"{root.name}: {statistics.median(ms):.3f} ms of CPU a submission (rounds: "
              f"{' / '.join(f'{m:.3f}' for m in ms)}; {results[0]['n']} submissions)")
    print("same submissions loaded by every round:", len(said) == 1)


if __name__ == "__main__":
    main()
