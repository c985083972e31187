"""Benchmark: static hints on adversarial engine files (issue 11, item 7).

    python bench/hints.py             # each case once, in a fresh process, with its seconds
    python bench/hints.py --budget 1  # exit 1 if any case takes a second or more

Every case is a correct engine (the reference) with one never-executed
statement added that used to cost the hints super-linear time: the multiple
assignment `x.grad, x.grad, ... (K targets) = x.grad.b.b...(depth D)`
inside a backward closure, padded with copies to the size given. Each case
runs in its own process (no cache shared between cases) and reports the
wall time of `static_hints`, `silent_backward_hints` and `seed_facts`, then
of the same calls again (the content cache).
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = [  # (name, K targets, depth D, size in bytes)
    ("K=1200 D=1200 (60 s before the fix)", 1200, 1200, 0),
    ("1 MiB of K=1200 D=1200", 1200, 1200, 1 << 20),
    ("1 MiB of K=20000 D=100", 20000, 100, 1 << 20),
    ("100 KiB of K=1200 D=1200 (under the size cap)", 1200, 1200, 100 << 10),
    ("one statement, D=100000", 2, 100000, 0),
]

_ONE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from grader.diagnose.hints import seed_facts, silent_backward_hints, static_hints
from grader.variants import reference_source
K, D, size = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
statement = ", ".join(["self.grad"] * K) + " = self.grad" + ".b" * D
closure = "            if False:\n                " + statement + "\n"
source = reference_source().replace("        def _backward():\n", "        def _backward():\n" + closure, 1)
while len(source) < size:
    source += "\n\ndef padding():\n    def inner():\n" + closure.replace("            ", "        ", 1)
files = {"engine.py": source.encode()}
times = []
for _ in range(2):
    started = time.monotonic()
    hints = static_hints(files)
    silent_backward_hints(files)
    seed_facts(files)
    times.append(time.monotonic() - started)
print(json.dumps({"bytes": len(source), "first": times[0], "cached": times[1], "hints": [h["hint"] for h in hints]}))
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=None, help="fail (exit 1) if a case takes this long")
    args = parser.parse_args(argv)
    worst = 0.0
    for name, k, d, size in CASES:
        done = subprocess.run([sys.executable, "-c", _ONE, str(ROOT), str(k), str(d), str(size)],
                              capture_output=True, text=True, check=True)
        result = json.loads(done.stdout)
        worst = max(worst, result["first"])
        print(f"{name:<48} {result['bytes'] / 1024:8.0f} KiB  {result['first']:6.3f} s  "
              f"(again: {result['cached'] * 1000:.1f} ms)  hints: {', '.join(result['hints']) or '-'}")
    print(f"slowest: {worst:.3f} s")
    return 1 if args.budget is not None and worst >= args.budget else 0


if __name__ == "__main__":
    sys.exit(main())
