"""How long a student waits for `grade check`, and where that time goes.

    python bench/check_latency.py                                  # 10 runs each of -e 03-tanh and -e engine
    python bench/check_latency.py --baseline ../old                 # and an older checkout, alternating
    python bench/check_latency.py --stages                         # one check's time, stage by stage
    python bench/check_latency.py --stages --edited                # the same, of a file not checked before
    python bench/check_latency.py --stages --root /path/to/another/checkout

Latency: `grade check examples/submissions/alice/engine.py -e EXERCISE` as a
student runs it, a fresh `python -m grader` process each time (this checkout's
grader, or --baseline's, by PYTHONPATH), the runs of each version and exercise
alternating so that the machine's load falls on all of them alike. It prints
the median wall time with its range, the children's CPU, and the machine's
load before and after. Every run of a version must print the same lines (the
check's output is deterministic); a run that differs is reported.
`--edited` also checks a copy of alice whose source gained a comment line
each run: a file the grader has not seen this boot, so nothing kept from an
earlier check of it applies (what a student waits after changing their code).

PYTHONDONTWRITEBYTECODE is removed from the children's environment: with it
set, every process compiles the grader's modules again (about 0.2 s), which a
student's install, whose .pyc files exist, does not.

--stages: one check in this process's child, with timers on the stages
(interpreter start, imports, loading, opening the sandbox, the worker's run,
the judge's import and run, the diagnosis, rendering), in wall milliseconds
from the moment the child was started. A stage that the version at --root
does not have is left out. The observation runs on a thread of its own while
the main thread imports the judge: overlapping stages are printed as they are.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ALICE = Path("examples") / "submissions" / "alice" / "engine.py"

# The stages --stages times: (module, attribute) wrapped as soon as the module is imported; a name that a
# version does not have is skipped. An import is timed by its module's name with "import " before it.
STAGES = [
    ("grader.suites", "load_suite"),
    ("grader.pipeline", "load_submissions"),
    ("grader.load", "load_submissions"),
    ("grader.sandbox", "open_sandbox"),
    ("grader.observe", "observe_submission"),
    ("grader.verdicts", "VerdictCache.dry_run"),
    ("grader.pipeline", "grade_submissions"),
    ("grader.pipeline", "_judge_contained"),
    ("grader.pipeline", "_diagnose"),
    ("grader.pipeline", "scores_record"),
    ("grader.classroom.check_report", "report_lines"),
]
IMPORTS = ["grader.cli", "grader.classroom.commands", "grader.classroom.student_check", "grader.pipeline",
           "grader.sandbox", "grader.observe", "pytest", "grader.judge.plugin", "grader.diagnose"]

_DRIVER = r'''
import importlib.abc, sys, threading, time
launched = float(sys.argv[1])
T = lambda: (time.time() - launched) * 1000
marks = [("python started, site imported", T(), None)]
stages, imports = STAGES, set(IMPORTS)
lock = threading.Lock()

def timed(name, function):
    def run(*args, **kwargs):
        start = T()
        try:
            return function(*args, **kwargs)
        finally:
            with lock:
                marks.append((name, start, T(), threading.current_thread().name))
    return run

def patch(module):
    for owner, attribute in stages:
        if owner != module.__name__:
            continue
        target, *rest = attribute.split(".")
        holder = module
        if rest:
            holder = getattr(module, target, None)
            target = rest[0]
        function = getattr(holder, target, None) if holder is not None else None
        if function is not None:
            setattr(holder, target, timed(attribute, function))

class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in imports and not any(name == owner for owner, _ in stages):
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        execute = loader.exec_module
        def exec_module(module):
            start = T()
            execute(module)
            if name in imports:
                marks.append(("import " + name, start, T(), threading.current_thread().name))
            patch(module)
        loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Finder())
from grader.cli import main
sys.argv = ["grade", *sys.argv[2:]]
try:
    main(prog_name="grade", standalone_mode=False)
finally:
    marks.append(("end", T(), None))
    import json
    sys.stderr.write("STAGES " + json.dumps(marks) + "\n")
'''


def child_env(root):
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def load():
    return "{:.2f}".format(os.getloadavg()[0])


def one_check(root, exercise, path):
    """(wall seconds, children's CPU seconds, stdout) of one `python -m grader check`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "grader", "check", str(path), "-e", exercise], cwd=root,
                          env=child_env(root), capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"grade check failed in {root} ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def latency(versions, exercises, runs, edited):
    """Every (version, exercise) run `runs` times, alternating; prints the table."""
    results = {(v, e, kind): [] for v in versions for e in exercises for kind in ("same", "edited")}
    outputs = {}
    differing = set()
    scratch = Path(tempfile.mkdtemp(prefix="check-latency-"))
    print(f"load before: {load()} (1 min)")
    for i in range(runs):
        for exercise in exercises:
            for name, root in versions.items():
                paths = [("same", root / ALICE)]
                if edited:
                    copy = scratch / name / exercise / "engine.py"
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    copy.write_text((root / ALICE).read_text() + f"\n# edited {i}\n")
                    paths.append(("edited", copy))
                for kind, path in paths:
                    wall, cpu, out = one_check(root, exercise, path)
                    results[(name, exercise, kind)].append((wall, cpu))
                    if kind == "same":
                        if outputs.setdefault((name, exercise), out) != out:
                            differing.add((name, exercise))
    print(f"load after: {load()} (1 min)")
    print(f"\n`grade check {ALICE} -e EXERCISE`, {runs} runs each, alternating; seconds, median (min-max)\n")
    print("| version | exercise | file | wall | children's CPU |")
    print("| --- | --- | --- | ---: | ---: |")
    for (name, exercise, kind), got in results.items():
        if not got:
            continue
        walls, cpus = [w for w, _ in got], [c for _, c in got]
        print(f"| {name} | {exercise} | {'alice' if kind == 'same' else 'alice, edited each run'} | "
              f"{statistics.median(walls):.3f} ({min(walls):.3f}-{max(walls):.3f}) | "
              f"{statistics.median(cpus):.3f} ({min(cpus):.3f}-{max(cpus):.3f}) |")
    for name, exercise in sorted(differing):
        print(f"\nWARNING: {name} -e {exercise} printed different lines on different runs")


def stages(root, exercise, edited=False):
    driver = _DRIVER.replace("STAGES", repr(STAGES), 1).replace("IMPORTS", repr(IMPORTS), 1)
    path = root / ALICE
    if edited:  # a file not seen before: nothing kept from an earlier check applies
        path = Path(tempfile.mkdtemp(prefix="check-stages-")) / "engine.py"
        path.write_text((root / ALICE).read_text() + f"\n# edited {time.time()}\n")
    launched = time.time()
    done = subprocess.run([sys.executable, "-c", driver, repr(launched), "check", str(path), "-e", exercise],
                          cwd=root, env=child_env(root), capture_output=True, text=True)
    line = next((x for x in done.stderr.splitlines() if x.startswith("STAGES ")), None)
    if line is None:
        raise SystemExit(f"the check did not finish:\n{done.stderr}")
    import json

    marks = json.loads(line[len("STAGES "):])
    what = "a copy of alice edited just now" if edited else ALICE
    print(f"\n{_name(root)}: `grade check` of {what} -e {exercise}, ms since the process was started "
          f"(load {load()})\n")
    print("| stage | thread | from | to | ms |")
    print("| --- | --- | ---: | ---: | ---: |")
    for mark in sorted(marks, key=lambda m: m[1]):
        name, start = mark[0], mark[1]
        if len(mark) == 3:
            print(f"| {name} | | | {start:.0f} | |")
        else:
            end, thread = mark[2], mark[3]
            print(f"| {name} | {'main' if thread == 'MainThread' else thread} | {start:.0f} | {end:.0f} | "
                  f"{end - start:.0f} |")


def _name(root):
    """A checkout as the table names it: its commit, else its folder."""
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or root.name


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=10, help="runs of each version and exercise")
    parser.add_argument("-e", "--exercise", action="append", help="exercises (default: 03-tanh and engine)")
    parser.add_argument("--baseline", type=Path, action="append", default=[],
                        help="another checkout to time alternating with this one (repeatable)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to time (default: this one)")
    parser.add_argument("--edited", action="store_true",
                        help="also a copy of alice edited before each run (a file not seen before); with "
                             "--stages, only that copy")
    parser.add_argument("--stages", action="store_true", help="one check's stages instead of latency")
    args = parser.parse_args()
    exercises = args.exercise or ["03-tanh", "engine"]
    if args.stages:
        for exercise in exercises:
            stages(args.root.resolve(), exercise, args.edited)
        return
    versions = {_name(args.root.resolve()): args.root.resolve()}
    for baseline in args.baseline:
        versions[_name(baseline.resolve())] = baseline.resolve()
    latency(versions, exercises, args.runs, args.edited)


if __name__ == "__main__":
    main()
