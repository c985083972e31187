"""A worker's CPU time, every process of it, from spawn to exit: the sandbox's own path, one worker at a time.

    python bench/worker_cpu.py                    # 30 workers on the reference engine, no probes, then all
    python bench/worker_cpu.py --root /path/to/another/checkout -n 40
    python bench/worker_cpu.py --compare /path/to/another/checkout --pairs 4   # ABAB, in one run

Each worker is started as `grade` starts one (Sandbox.prepare, start, kill, cleanup: every exec hop,
the grader's placing and go), on bench/run.py's submission (the reference engine) with the engine
suite's request, either running no probe (the start: hops, Python, the runner, importing the engine)
or every probe. Its CPU is counted in a cgroup v2 of this process's own (bench/profile.py's OwnCgroup:
the slots' cgroups are made under it, and processes not yet moved into a slot are counted too), less this
process's own CPU time: every process of the worker's chain, none of the grader's. It prints the median,
the quartiles and the mean in ms, and the same of the grader's own CPU in `Sandbox.start` (spawning,
placing, limits, the go). `--compare` runs this checkout and another alternately, each in a
process of its own, and prints each pair: read the pairs, not the figures, on a busy machine.
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _own_cgroup():
    spec = importlib.util.spec_from_file_location("bench_profile", HERE / "profile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.OwnCgroup()


def measure(n, probes):
    """(worker CPU seconds, this process's CPU seconds), one pair a worker: `probes` False runs none, True every
    probe of the engine suite."""
    from grader.sandbox import Limits, open_sandbox
    from grader.suites import load_suite

    suite = load_suite("engine")
    source = (HERE.parent / "reference" / "engine.py").read_bytes()
    request = {"module": suite.module, "forbid": list(suite.forbid), "refuse": list(suite.refuse),
               "modules": [os.path.splitext(name)[0] for name in suite.files], "recursion_limit": 1000,
               "run": list(suite.probe_names) if probes else []}
    own = _own_cgroup()
    if own.cpu() is None:
        raise SystemExit("needs a cgroup v2 of its own (root, a cgroup without controllers in its subtree)")
    box = open_sandbox(Limits())
    figures = []
    try:
        for i in range(n + 1):  # the first one warms the runner folder and the caches: not counted
            base = box.prepare(0, {"engine.py": b"# %d\n" % i + source}, suite.runner_files)
            obs_r, obs_w = os.pipe()
            out_r, out_w = os.pipe()
            before, mine = own.cpu(), time.process_time()
            proc = box.start(0, base, request, obs_w, out_w)
            started = time.process_time() - mine
            os.close(obs_w)
            os.close(out_w)
            report = b""
            while chunk := os.read(obs_r, 1 << 16):
                report += chunk
            proc.wait()
            box.kill(0, proc)
            mine = time.process_time() - mine
            spent = own.cpu() - before - mine
            os.close(obs_r)
            os.close(out_r)
            box.cleanup(base)
            assert b'"event":"done"' in report, report[-500:]
            if i:
                figures.append((spent, started))
    finally:
        box.close()
        own.close()
    return figures


def summary(figures):
    q = statistics.quantiles(figures, n=4)
    return (f"median {1000 * statistics.median(figures):6.2f}  quartiles {1000 * q[0]:6.2f}-{1000 * q[2]:6.2f}  "
            f"mean {1000 * statistics.mean(figures):6.2f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=30, help="workers of each kind (default 30)")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to measure (default: this one)")
    parser.add_argument("--only", choices=("none", "all"), help="only workers with no probe, or with every probe")
    parser.add_argument("--compare", type=Path, help="another checkout, measured alternately with --root")
    parser.add_argument("--pairs", type=int, default=3, help="pairs with --compare (default 3)")
    args = parser.parse_args()
    if args.compare:
        for pair in range(args.pairs):
            for root in (args.root, args.compare):
                load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                print(f"pair {pair + 1}, {root.resolve()} (load {load})", flush=True)
                command = [sys.executable, __file__, "-n", str(args.n), "--root", str(root)]
                subprocess.run(command + (["--only", args.only] if args.only else []), check=True)
        return
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    import grader

    assert Path(grader.__file__).resolve().parent == root / "grader", f"imported {grader.__file__}, not {root}"
    for kind in ("none", "all"):
        if args.only in (None, kind):
            figures = measure(args.n, kind == "all")
            print(f"  {'no probe' if kind == 'none' else 'every probe':12} {summary([w for w, _ in figures])}",
                  flush=True)
            if kind == "none":
                print(f"  {'(grader: start)':12} {summary([g for _, g in figures])}", flush=True)


if __name__ == "__main__":
    main()
