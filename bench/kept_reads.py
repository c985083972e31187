"""What reading the boot's kept files costs a fresh process (grader/boot_files.read_appended): every `grade` process
that diagnoses reads the variant book's file whole once, every one that draws reads the pool's.

    python bench/kept_reads.py                                   # the largest kept files of this user's boot folder
    python bench/kept_reads.py FILE... --baseline /path/to/an/older/checkout   # and another version, alternating

Each round parses each file in a fresh process of each version (`boot_files._entries` on its bytes, the best of
--repeat parses, CPU time), the versions alternating round by round (ABAB) so that a loaded machine weighs on both
alike, and prints per file its size, its entries, the median milliseconds of each version and whether both read the
same {name: value} (a digest of the entries). The engine suite's book after a test run: 8.6 MB, 26,000 lines.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from grader import boot_files
for path in sys.argv[3:]:
    data = open(path, "rb").read()
    whole = data.rfind(b"\n") + 1
    best = None
    for _ in range(int(sys.argv[2])):
        start = time.process_time()
        entries = boot_files._entries(data, whole)
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    digest = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    print(json.dumps([path, len(data), len(entries), best * 1000, digest]))
"""


def largest_kept(count):
    sys.path.insert(0, str(ROOT))
    from grader.sandbox.host_facts import host_folder

    folder = host_folder()
    files = sorted(Path(folder).glob("*.jsonl"), key=lambda p: p.stat().st_size) if folder else []
    return [str(p) for p in files[-count:]]


def run(root, files, repeat):
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(repeat), *files], capture_output=True, text=True,
                         check=True).stdout
    import json

    return {row[0]: row[1:] for row in map(json.loads, out.splitlines())}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="kept files (default: the 4 largest of this user's boot folder)")
    parser.add_argument("--baseline", type=Path, help="another checkout, read alternately")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    files = args.files or largest_kept(4)
    if not files:
        raise SystemExit("no kept file: grade a class first, or name the files")
    versions = {"this": ROOT} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    ms = {name: {f: [] for f in files} for name in versions}
    digests = {name: {} for name in versions}
    for _ in range(args.rounds):
        for name, root in versions.items():
            for path, (size, entries, spent, digest) in run(root, files, args.repeat).items():
                ms[name][path].append(spent)
                digests[name][path] = (size, entries, digest)
    print(f"{'file':44} {'MB':>6} {'entries':>8} " + " ".join(f"{n + ' ms':>12}" for n in versions) + "  same")
    for path in files:
        size, entries, digest = digests["this"][path]
        same = all(d[path][2] == digest for d in digests.values())
        print(f"{os.path.basename(path)[:44]:44} {size / 1e6:6.2f} {entries:8d} "
              + " ".join(f"{statistics.median(ms[n][path]):12.1f}" for n in versions) + f"  {same}")


if __name__ == "__main__":
    main()
