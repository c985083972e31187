"""`grade similarity`'s CPU on a small class, a checkout before the canonical variants' k-grams were kept across
processes (grader/similarity/kept.py) against this tree, cold (an empty cache folder) and warm (the kept entries).

    git worktree add /tmp/base 192306e8          # a checkout of the base
    python bench/similarity/kept_cost.py --base /tmp/base -n 3 [CLASS]

Each run is one fresh `python -m grader similarity CLASS` (CLASS: examples/submissions by default), its CPU (user +
system, all its processes) read from getrusage; base, this tree warm and this tree cold alternate (ABC ABC ...), each
with a cache folder of its own (the warm one filled by one run first, not counted). Prints each one's median and the
ratios, and checks that the three wrote the same record (the scores must not move).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(tree: Path, folder: str, cache: str, out: Path) -> float:
    """CPU seconds of one `grade similarity` of FOLDER by the grader of TREE, with the cache folder CACHE."""
    env = {**os.environ, "PYTHONPATH": str(tree), "XDG_CACHE_HOME": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "grader", "similarity", folder, "-o", str(out)], cwd=tree, env=env,
                   check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "examples" / "submissions"))
    parser.add_argument("--base", type=Path, required=True, help="a checkout of the base (git worktree add)")
    parser.add_argument("-n", type=int, default=3, help="runs of each (default 3)")
    args = parser.parse_args()
    folder = str(Path(args.folder).resolve())
    with tempfile.TemporaryDirectory(prefix="kept-cost-") as scratch:
        scratch = Path(scratch)
        warm = str(scratch / "warm")
        run(ROOT, folder, warm, scratch / "fill.json")  # fills the warm cache folder: not counted
        kinds = {"base": (args.base.resolve(), None), "warm": (ROOT, warm), "cold": (ROOT, None)}
        cpu = {kind: [] for kind in kinds}
        for i in range(args.n):
            for kind, (tree, cache) in kinds.items():
                fresh = str(scratch / f"{kind}-{i}")  # base and cold: a cache folder nothing was kept in
                cpu[kind].append(run(tree, folder, cache or fresh, scratch / f"{kind}.json"))
        records = {kind: json.loads((scratch / f"{kind}.json").read_text(encoding="utf-8")) for kind in kinds}
    for kind, times in cpu.items():
        print(f"{kind:5} CPU s: median {statistics.median(times):.2f} ({', '.join(f'{t:.2f}' for t in times)})")
    base = statistics.median(cpu["base"])
    warm, cold = (statistics.median(cpu[kind]) / base for kind in ("warm", "cold"))
    print(f"warm / base: {warm:.2f}; cold / base: {cold:.2f}")
    same = records["base"] == records["warm"] == records["cold"]
    print("records: the same" if same else "records: DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
