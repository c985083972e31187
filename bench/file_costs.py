"""What test files cost in CPU: each run alone, its tests' own CPU and their sandbox workers', ranked.

    nice -n 10 python bench/file_costs.py tests/test_seams.py tests/test_strangers24.py
    nice -n 10 python bench/file_costs.py --top 40          # the 40 costliest files of tests/run_seconds.json
    python bench/file_costs.py --junit a.xml b.xml          # rank junits a run already wrote (tests/costs.py)

Each file runs in a pytest of its own (`-q -n 0`, one file at a time: never the whole suite beside other work), its
junit read by tests/costs.py: a test's `cpu_seconds` (its own and the children it reaped) and `worker_cpu_seconds`
(what its sandbox workers used beyond that: a worker killed in its cgroup is reaped by no parent that waits;
grader/sandbox/workers_cpu.py). Where this process can have a cgroup v2 of its own (bench/profile.py's OwnCgroup: root,
a parent that enables no controllers), the run is counted there too (`cgroup`: every process it started, pytest's
start and collection, and the grader processes a test starts as commands, whose workers no junit figure counts).
A file's figure is its CPU, not its wall time: a run under load stretches wall seconds 5 to 20 times (README,
"Keeping the suite fast"). The per-boot kept files (grader/boot_files.py) are whatever earlier runs as this user
left: a file that makes them (the walks, the dry run) costs more the first time; run twice to read the second.
"""

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


costs = _module("bench_file_costs_costs", ROOT / "tests" / "costs.py")


def costliest(top):
    """The `top` test files whose units tests/run_seconds.json gives the most seconds, summed per file."""
    files = {}
    for unit, seconds in costs.measured_seconds().items():
        name = unit.split("::")[0]
        files[name] = files.get(name, 0.0) + seconds
    return sorted(files, key=lambda name: (-files[name], name))[:top]


def run_file(name, folder, cgroup):
    """(its junit's path, the cgroup's CPU seconds of the run or None, pytest's last line)."""
    junit = Path(folder) / (name.replace("/", "_") + ".xml")
    before = cgroup.cpu() if cgroup is not None else None
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", name, f"--junitxml={junit}"],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    counted = cgroup.cpu() - before if before is not None else None
    last = (done.stdout.strip().splitlines() or [""])[-1]
    if done.returncode not in (0, 1) or not junit.exists():  # 1: a test failed, still ranked; else it did not run
        raise SystemExit(f"{name}: pytest ran no test (exit status {done.returncode}: {last})")
    return junit, counted, last


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="test files, each run alone")
    parser.add_argument("--top", type=int, help="the costliest TOP files of tests/run_seconds.json")
    parser.add_argument("--junit", nargs="+", help="rank these junits instead of running anything")
    args = parser.parse_args(argv)
    if args.junit:
        print(costs.cost_table(costs.file_costs(args.junit)))
        return
    files = [*args.files, *(costliest(args.top) if args.top else [])]
    if not files:
        parser.error("name test files, or --top N")
    cgroup = _module("bench_file_costs_profile", ROOT / "bench" / "profile.py").OwnCgroup()
    if cgroup.cpu() is None:
        cgroup = None
    counted = {}
    with tempfile.TemporaryDirectory(prefix="file-costs-") as folder:
        try:
            junits = []
            for name in files:
                junit, seconds, last = run_file(name, folder, cgroup)
                junits.append(str(junit))
                counted[name] = seconds
                print(f"{name}: {last}" + (f" ({seconds:.1f} s of CPU in its cgroup)" if seconds is not None else ""),
                      file=sys.stderr, flush=True)
            rows = costs.file_costs(junits)
        finally:
            if cgroup is not None:
                cgroup.close()
    print(costs.cost_table(rows))
    if cgroup is not None:
        print(json.dumps({"cgroup seconds (the whole run of each file)": {
            name: round(seconds, 1) for name, seconds in counted.items()}}, indent=1))


if __name__ == "__main__":
    main()
