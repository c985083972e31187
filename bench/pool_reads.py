"""The boot's kept files beside another process: how many reference runs a long-lived process makes for draws'
slots (judge/draw_pool.py) and named mistakes' replays (grader/engines.py) another process kept meanwhile.

    python bench/pool_reads.py                       # this checkout
    python bench/pool_reads.py --root /path/to/another/checkout

A fresh boot folder and secret. This process (an xdist worker, `grade serve`) fills the engine suite's drawn
probes for FIRST submissions (its first fill reads the kept file: empty); another process (a `grade run` beside it)
fills them for the next BESIDE submissions and keeps its slots; then this process grades those BESIDE submissions
too. Printed: this process's reference runs and CPU seconds for them, and the other process's (what a run that
reads the kept file would have saved), counted by wrapping judge/drawn.regions. The same for 07's and 11's named
mistakes: this process replays one, the other all of them (each on every probe), then this one all of them (counted
by wrapping engines.replayed). Counts, not wall time: a loaded machine gives the same figures.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FILL = """
import os, sys, time
sys.path.insert(0, sys.argv[1])
from grader.judge import drawn
from grader.suites import load_suite
suite = load_suite("engine")
probes = [n for n in suite.probe_names if not getattr(suite.probe(n), "takes_modules", False)
          and not getattr(suite.probe(n), "fixed_inputs", False) and n not in suite.fixed_inputs]
runs = []
real = drawn.regions
drawn.regions = lambda probe, token=None: runs.append(token) or real(probe, token)
draws = drawn.Draws(suite, probes, key=b"bench pool reads")


def fill(first, last):
    runs.clear()
    cpu = time.process_time()
    for i in range(first, last):
        draws.names(f"{i:064x}")
    return len(runs), time.process_time() - cpu


first, beside = int(sys.argv[2]), int(sys.argv[3])
if sys.argv[4] == "other":
    print(*fill(first, first + beside))
else:
    fill(0, first)
    import subprocess
    other = subprocess.run([sys.executable, "-c", sys.argv[5], sys.argv[1], str(first), str(beside), "other"],
                           capture_output=True, text=True, check=True).stdout.split()
    print(*fill(first, first + beside), *other)
"""


REPLAYS = """
import sys, time
sys.path.insert(0, sys.argv[1])
import grader.engines as engines
from grader.suites import load_suite, suite_module
runs = []
real = engines.replayed
engines.replayed = lambda *args: runs.append(1) or real(*args)


def replay(first=None):
    runs.clear()
    cpu = time.process_time()
    for exercise, module in (("11-fit-line", "fit_line"), ("07-mlp-xor", "nn")):
        suite = load_suite(exercise)
        pairs = [(m, getattr(suite.probes, p)) for m in suite_module(suite.folder, "mistakes").MISTAKES
                 for p in suite.probe_names]
        for mistake, probe in pairs[:first]:
            try:
                engines.mistake_replayed(module, mistake, probe)
            except Exception:  # noqa: BLE001 - a probe that takes no mistaken module: not this bench's
                pass
    return len(runs), time.process_time() - cpu


if sys.argv[2] == "other":
    print(*replay())
else:
    replay(1)
    import subprocess
    other = subprocess.run([sys.executable, "-c", sys.argv[3], sys.argv[1], "other"], capture_output=True, text=True,
                           check=True).stdout.split()
    engines.mistake_replayed.cache_clear()
    print(*replay(), *other)
"""


def _run(root, *args):
    with tempfile.TemporaryDirectory(prefix="pool-reads-") as runtime:
        os.chmod(runtime, 0o700)
        env = dict(os.environ, XDG_RUNTIME_DIR=runtime, PYTHONPATH=str(root))
        env.pop("GRADE_HOST_FACTS", None)
        out = subprocess.run([sys.executable, "-c", *args], capture_output=True, text=True, env=env, cwd=runtime)
    if out.returncode:
        raise SystemExit(out.stderr)
    return out.stdout.split()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--first", type=int, default=5, help="submissions this process grades first")
    parser.add_argument("--beside", type=int, default=20, help="submissions the other process grades, then this one")
    args = parser.parse_args()
    out = _run(args.root, FILL, str(args.root), str(args.first), str(args.beside), "mine", FILL)
    runs, cpu, other_runs, other_cpu = out
    print(f"{args.root}: the other process {other_runs} reference runs ({float(other_cpu):.2f} s of CPU) for "
          f"{args.beside} submissions; this one then {runs} ({float(cpu):.2f} s) for the same submissions")
    runs, cpu, other_runs, other_cpu = _run(args.root, REPLAYS, str(args.root), "mine", REPLAYS)
    print(f"{args.root}: the other process {other_runs} replays of 07's and 11's named mistakes "
          f"({float(other_cpu):.2f} s of CPU); this one then {runs} ({float(cpu):.2f} s)")


if __name__ == "__main__":
    main()
