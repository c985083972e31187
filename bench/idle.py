"""Where a batch leaves cores idle: how many of its threads want a CPU, sampled while `grade` runs.

    python bench/idle.py                     # 200 submissions of bench/run.py's batch, grade's defaults
    python bench/idle.py -n 300 -- --jobs 2  # arguments after -- go to `grade run`
    python bench/idle.py --root /path/to/another/checkout

It runs bench/run.py's `grade` (cache off) in a cgroup v2 of its own and, every few milliseconds, counts
the threads in state R (running or runnable) in the grader's process and in its workers (the slots'
cgroups under it). On a quiet machine of C cores, a moment with fewer than C such threads leaves a core
idle: `idle core-s` adds up max(0, C - R) over the samples, for three phases: before the first worker
starts (imports, the suite, the dry run, loading the submissions), while workers run, and after the last
one (the serial tail: what is judged, diagnosed and written once every submission is observed). It also
prints the batch's CPU seconds (cpu.stat: the grader and every worker) against wall x C.

On a loaded machine a runnable thread stays in R longer while it waits for a CPU, so R over-counts the
demand and the wall time stretches: compare versions in the same minutes, alternating (--root), and read
the phases' shares rather than their seconds. Needs cgroup v2 where this process may make a cgroup
(root, or a delegated subtree); Linux only.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run as bench_run  # noqa: E402  (bench/run.py: the batch and its `grade`)


def own_cgroup():
    """A new cgroup v2 folder beside this process's own one (None where that cannot be made)."""
    try:
        with open("/proc/self/cgroup") as f:
            own = next(line[3:].strip() for line in f if line.startswith("0::"))
        with open("/proc/self/mounts") as f:
            mount = next(line.split()[1] for line in f if line.split()[2] == "cgroup2")
        folder = os.path.join(mount + own.rstrip("/"), f"grade-idle-{os.getpid()}")
        os.mkdir(folder)
        return folder
    except (OSError, StopIteration, IndexError):
        return None


def running_threads(folder):
    """(threads in R in `folder` itself, in its sub-cgroups, whether any sub-cgroup holds a process)."""
    grader = workers = 0
    any_worker = False
    for path, _, _ in os.walk(folder):
        try:
            with open(os.path.join(path, "cgroup.threads")) as f:
                tids = f.read().split()
        except OSError:
            continue
        if path != folder and tids:
            any_worker = True
        for tid in tids:
            try:
                with open(f"/proc/{tid}/stat", "rb") as f:
                    state = f.read().rpartition(b")")[2].split()[0]
            except (OSError, IndexError):
                continue
            if state == b"R":
                if path == folder:
                    grader += 1
                else:
                    workers += 1
    return grader, workers, any_worker


def measure(root, n, grade_args, cores, every):
    folder = own_cgroup()
    if folder is None:
        raise SystemExit("bench/idle.py needs a cgroup v2 it may make a folder in (root, or a delegated subtree)")
    tmp = Path(tempfile.mkdtemp(prefix="grade-idle-"))
    try:
        bench_run.build_submissions(tmp / "submissions", n)

        def enter():
            with open(os.path.join(folder, "cgroup.procs"), "w") as f:
                f.write("0")

        proc = subprocess.Popen([sys.executable, "-c", bench_run.GRADE_ONCE, str(root), str(tmp / "submissions"),
                                 str(tmp / "scores.json"), *grade_args], cwd=tmp, preexec_fn=enter,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        samples, started = [], time.perf_counter()
        while proc.poll() is None:
            samples.append((time.perf_counter() - started, *running_threads(folder)))
            time.sleep(every)
        out, err = proc.communicate()
        wall = time.perf_counter() - started
        if proc.returncode != 0:
            raise SystemExit(f"grade failed:\n{out}\n{err}")
        with open(os.path.join(folder, "cpu.stat")) as f:
            cpu = int(f.read().split()[1]) / 1e6
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for path, _, _ in sorted(os.walk(folder), reverse=True):
            try:
                os.rmdir(path)
            except OSError:
                pass
    with_workers = [t for t, _, _, busy in samples if busy]
    first, last = (with_workers[0], with_workers[-1]) if with_workers else (wall, wall)
    phases = {}
    for name, inside in (("before the first worker", lambda t: t < first),
                         ("while workers run", lambda t: first <= t <= last),
                         ("after the last worker", lambda t: t > last)):
        chosen = [s for s in samples if inside(s[0])]
        span = (chosen[-1][0] - chosen[0][0]) if len(chosen) > 1 else 0.0
        step = span / (len(chosen) - 1) if len(chosen) > 1 else 0.0
        phases[name] = {
            "seconds": round(span, 2),
            "idle_core_seconds": round(sum(max(0, cores - g - w) for _, g, w, _ in chosen) * step, 2),
            "mean_running": [round(sum(s[i] for s in chosen) / len(chosen), 2) if chosen else 0.0 for i in (1, 2)],
        }
    return {"n": n, "grade_args": grade_args, "cores": cores, "wall": round(wall, 2), "cpu": round(cpu, 2),
            "load": round(os.getloadavg()[0], 1), "phases": phases}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="submissions (default 200)")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to run (default: this one)")
    parser.add_argument("--cores", type=int, default=os.cpu_count(), help="cores a quiet machine gives the batch")
    parser.add_argument("--every", type=float, default=0.005, help="seconds between samples (default 0.005)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("grade_args", nargs="*", help="after --: arguments for `grade run` (e.g. --jobs 2)")
    args = parser.parse_args()
    figures = measure(args.root.resolve(), args.n, args.grade_args, args.cores, args.every)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{figures['n']} submissions, {' '.join(args.grade_args) or 'grade defaults'}, {args.root}, "
          f"load {figures['load']}")
    print(f"wall {figures['wall']:.2f} s, CPU {figures['cpu']:.2f} s (grader and workers) of "
          f"{figures['wall'] * args.cores:.2f} core-s")
    print(f"{'phase':26} {'s':>8} {'idle core-s':>12} {'R grader':>9} {'R workers':>10}")
    for name, phase in figures["phases"].items():
        print(f"{name:26} {phase['seconds']:8.2f} {phase['idle_core_seconds']:12.2f} "
              f"{phase['mean_running'][0]:9.2f} {phase['mean_running'][1]:10.2f}")


if __name__ == "__main__":
    main()
