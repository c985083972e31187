"""Benchmark: how far honest engines are from the sandbox's time limits, and what a slower CPU leaves.

    python bench/cpu_margins.py               # every exercise, factors 1, 3, 10
    python bench/cpu_margins.py --factor 1 --factor 30 --exercise engine

Every limit of the sandbox is CPU time (docs/security.md, "Limits and their margins"), so a CPU k
times slower than this one spends k times the CPU seconds on the same probe: grading with every
limit divided by k here is grading with the default limits there. Three measurements:

  1. the reference's heaviest probes, each run in this process (the code the worker runs), in CPU
     seconds, and the probe limit over that: the margin of the heaviest probe;
  2. each exercise's reference solution (and, for the engine suite, a recursive engine that raises
     the recursion limit and an honest engine that needs 150 ms of CPU per backward()) graded in the
     sandbox with the limits divided by each factor: the score must stay full;
  3. 09-write-tests: the reference solution's own tests (reference/test_engine.py) per engine, in CPU
     seconds, against the runner's TOTAL_SECONDS.

A timing is this machine's, under whatever load it has: run it on a quiet one for figures to quote.
"""

import argparse
import dataclasses
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RECURSIVE = (ROOT / "tests" / "fixtures" / "general" / "correct-recursive-raised-limit" / "engine.py").read_text()
# engine-suite submissions that must keep full marks, besides the reference: micrograd's recursive walk
# (recursion limit raised); the same walk with a list for its visited nodes (quadratic: the slowest
# correct engine we have seen handed in); an engine that burns 150 ms of CPU in every backward()
HONEST = {
    "recursive-raised-limit": RECURSIVE,
    "recursive-list-visited": RECURSIVE.replace("visited = set()", "visited = []").replace(
        "visited.add(v)", "visited.append(v)"),
    "honest-slow": (ROOT / "tests" / "fixtures" / "neighbours" / "honest-slow" / "engine.py").read_text(),
}
IN_PROCESS = ("recursive-raised-limit", "recursive-list-visited")  # honest-slow costs its 150 ms by design


def heaviest_probes(exercise, top, engine_source=None):
    """[(CPU seconds, probe name)] of the reference (or of an engine's source) on the suite's probes,
    heaviest first."""
    from grader.judge.expectations import Expectations
    from grader.suites import load_suite

    suite = load_suite(exercise)
    if suite.cases:  # 09-write-tests: its cases run the student's tests (part 3)
        return []
    if engine_source is None:
        expectations = Expectations(suite)
        run = lambda probe: expectations.reference(probe)  # noqa: E731
    else:
        engine = {}
        exec(compile(engine_source, "engine.py", "exec"), engine)
        run = lambda probe: probe(engine["Value"])  # noqa: E731
    timings = []
    for name in suite.probe_names:
        started = time.process_time()
        run(suite.probe(name))
        timings.append((time.process_time() - started, name))
    return sorted(timings, reverse=True)[:top]


def class_folder(exercise, folder):
    from grader.classroom.starters import solved_files

    files = {"engine.py": (ROOT / "reference" / "engine.py").read_text()} if exercise == "engine" \
        else solved_files(exercise)
    (folder / "reference").mkdir(parents=True)
    for name, text in files.items():
        (folder / "reference" / name).write_text(text)
    if exercise == "engine":
        for name, source in HONEST.items():
            (folder / name).mkdir()
            (folder / name / "engine.py").write_text(source)
    return folder


def graded_with_limits_divided(exercise, folder, factor):
    """{id: (score, max, status, seconds)} with every CPU limit of the sandbox divided by `factor`."""
    from grader.pipeline import grade
    from grader.sandbox import Limits

    default = Limits()
    limits = dataclasses.replace(default, probe_seconds=default.probe_seconds / factor,
                                 import_seconds=default.import_seconds / factor,
                                 submission_seconds=default.submission_seconds / factor)
    with tempfile.TemporaryDirectory() as cache:
        result = grade(folder, exercise=exercise, jobs=1, limits=limits, cache_dir=cache)
    return {row["id"]: (row["score"], result.scores["max_score"], row["status"], result.runs[row["id"]]["seconds"])
            for row in result.scores["submissions"]}


def write_tests_cpu():
    """CPU seconds the reference's own tests (09's solution) take on the reference engine."""
    import importlib

    sys.path.insert(0, str(ROOT / "reference"))  # the tests say `from engine import Value`, as a student's do
    tests = importlib.import_module("test_engine")
    functions = [getattr(tests, n) for n in dir(tests) if n.startswith("test") and callable(getattr(tests, n))]
    started = time.process_time()
    for test in functions:
        test()
    return time.process_time() - started, len(functions)


def main():
    from grader.sandbox import Limits
    from grader.suites import available, load_suite

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exercise", action="append", help="an exercise (repeatable; default: all)")
    parser.add_argument("--factor", action="append", type=float, help="divide the limits by this (repeatable)")
    parser.add_argument("--top", type=int, default=3, help="heaviest probes shown per exercise")
    args = parser.parse_args()
    exercises = args.exercise or available()
    factors = args.factor or [1.0, 3.0, 10.0]
    probe_limit = Limits().probe_seconds

    print(f"1. heaviest probes of the reference (CPU s, in-process); probe limit {probe_limit:g} s")
    engines = [(exercise, "reference", None) for exercise in exercises]
    engines += [("engine", name, HONEST[name]) for name in IN_PROCESS if "engine" in exercises]
    for exercise, engine, source in engines:
        for used, name in heaviest_probes(exercise, args.top, source):
            print(f"   {exercise:16} {engine:24} {name:28} {used * 1000:8.1f} ms   "
                  f"margin {probe_limit / max(used, 1e-6):6.0f}x")

    print("2. honest engines graded with every limit divided by k (= a CPU k times slower)")
    for exercise in exercises:
        with tempfile.TemporaryDirectory() as tmp:
            folder = class_folder(exercise, Path(tmp) / exercise)
            for factor in factors:
                for sid, (score, top, status, seconds) in graded_with_limits_divided(exercise, folder, factor).items():
                    verdict = "full" if score == top else "LOST POINTS"
                    print(f"   {exercise:16} k={factor:<5g} {sid:24} {score:g}/{top:g} {status:8} {verdict}"
                          f"  ({seconds:.2f} s wall)")

    if "09-write-tests" in exercises:
        suite = load_suite("09-write-tests")
        runner = suite.probes
        used, count = write_tests_cpu()
        print(f"3. 09-write-tests: the reference's {count} tests on one engine take {used * 1000:.1f} ms of CPU; "
              f"the runner gives {runner.TOTAL_SECONDS:g} s per engine ({runner.TEST_SECONDS:g} s per test): "
              f"margin {runner.TOTAL_SECONDS / max(used, 1e-6):.0f}x")


if __name__ == "__main__":
    main()
