"""The test suite's two tiers, given by what a test uses (tests/conftest.py applies them).

A fixture that costs seconds of CPU is declared with `slow_fixture` instead of
`pytest.fixture`: every test that uses it, directly or through another fixture,
is marked `slow`, and `python -m pytest -m "not slow"` (the edit-and-test loop)
leaves it out. The costly things a test can use are fixtures of this kind:

- a class graded in the sandbox (a module's graded batch: `batch`, `rows`,
  `graded`, `fresh`...; `class_batch` and `grade_in_sandbox` of tests/exercises);
- a wheel built, or a venv installed from it (`wheels`, `student_install`);
- a notebook executed headless in a Jupyter kernel (`executed`);
- a Redis server, `grade worker` processes, the examples graded to compare with
  (`server`, `fleet`, `local_run`);
- a headless browser (`chromium`);
- the docs' commands run in a copy of the checkout (`scratch_checkout`).

A test that is costly on its own, without such a fixture, says so with
`@pytest.mark.slow`. The terminal summary of a `-m "not slow"` run names every
test that used more than FAST_CPU_SECONDS of CPU anyway (its own and its
children's): give it a slow fixture, or the mark.

The suite runs on every core (pytest-xdist, `-n auto` in pyproject.toml's
addopts; the scheduler is tests/conftest.py's): a test goes to whichever worker is free, except
that the tests sharing a fixture wider than one test (scope "module", "class",
"package" or "session") run in one worker, in the order they are written, so
that the fixture is made once and what one test leaves for the next (a cache a
rerun reads) is there. `shared_fixture_groups` names those groups. A fixture
declared `any_worker=True` groups nothing: one that holds no state, or one
made once per run for every worker (`made_once`: kept on disk under a lock).
A costly one of that second kind makes every other worker that reaches it
meanwhile wait on the lock, idle: the wheels (tests/test_distribution.py) are
therefore a group of their own, made by the one worker that runs their tests.

A test's CPU is in the junit of a run (`--junitxml`): `cpu_seconds`, its own (setup, call, teardown) and its reaped
children's, and `worker_cpu_seconds`, what its sandbox workers used beyond that: a worker killed in its cgroup (a
timeout, a limit) is reaped by no parent that waits, so no rusage counts it; its slot's cgroup does
(grader/sandbox/workers_cpu.py). `python tests/costs.py JUNIT...` ranks the files by the two summed (`file_costs`).
On this project's machine (-n 0, in a cgroup of its own: test_strangers25) the sum was 30.6 s where the cgroup
counted 32.7 s, pytest's start and collection 1.7 s of the difference; the rusage alone said 24.5.

The scheduler hands out the costly units (groups and lone tests) longest first, by the seconds a run
measured for each (RUN_SECONDS, `run_order`): a long group started last keeps one worker busy while the others
have nothing left. `python -m pytest -q --record-run-seconds tests/run_seconds.json` measures them again; a unit
the table does not name (a new module) goes after the ones it names, a name it keeps for a unit gone is never read.
"""

import json
import os
import shutil
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:  # Windows: no pytest-xdist worker shares a folder there without it; one process made it
    fcntl = None

FAST_CPU_SECONDS = 2.0
RUN_SECONDS = Path(__file__).with_name("run_seconds.json")
RECORDED_SECONDS = 5.0  # units shorter than this are left out of the table: their order matters little


def slow_fixture(function=None, *, any_worker=False, memo_of=None, **kwargs):
    """`pytest.fixture(**kwargs)` for a fixture that costs seconds of CPU: its tests are `slow`.
    any_worker: its tests need not share a worker (the fixture is made once per run for all of them, or
    holds no state). memo_of: the fixture hands out a memo of costly things, one per value of this
    parameter of its tests (`class_batch(exercise)`): only the tests of one value need share a worker."""

    def declare(f):
        f.slow_fixture = True
        f.any_worker = any_worker
        f.memo_of = memo_of
        return pytest.fixture(**kwargs)(f)

    return declare(function) if function is not None else declare


def uses_slow_fixture(item):
    """The name of the first slow fixture `item` uses, directly or through another fixture, or None."""
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    for name in item.fixturenames:
        if any(getattr(d.func, "slow_fixture", False) for d in definitions.get(name, ())):
            return name
    return None


def _shared_instances(item):
    """The instances of the suite's fixtures wider than one test that `item` uses: (scope's node, name)."""
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    module = item.nodeid.split("::")[0]
    found = []
    for name in item.fixturenames:
        for d in definitions.get(name, ())[-1:]:
            if not d.baseid or d.scope == "function" or getattr(d.func, "any_worker", False):
                continue  # pytest's or a plugin's own (no baseid), one per test, or made once for all workers
            if d.scope == "session":
                memo_of = getattr(d.func, "memo_of", None)
                value = getattr(getattr(item, "callspec", None), "params", {}).get(memo_of) if memo_of else None
                found.append(f"{d.baseid}::{name}" + (f"[{value}]" if value is not None else ""))
            elif d.scope == "class" and item.cls is not None:
                found.append(f"{module}::{item.cls.__name__}::{name}")
            else:  # module, package: one per module at most
                found.append(f"{module}::{name}")
    return found


def shared_fixture_groups(items):
    """{nodeid: pytest-xdist group} of the tests that share a fixture wider than one test: the tests that
    use one instance of such a fixture, or of two fixtures another test uses together, are one group,
    named by one of those instances. A test that shares none is in no group (it runs in any worker)."""
    parent = {}

    def root(key):
        while parent.setdefault(key, key) != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    used = {item.nodeid: _shared_instances(item) for item in items}
    for keys in used.values():
        for key in keys[1:]:
            parent[root(key)] = root(keys[0])
    return {nodeid: root(keys[0]) for nodeid, keys in used.items() if keys}


def made_once(tmp_path_factory, name, make):
    """The folder `name` of this test run, made by `make(folder)` by whichever pytest-xdist worker asks
    first; the others wait for it, then share it (without xdist: the one process's). For a costly thing
    every worker would otherwise make again: a wheel, a venv installed from it."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's own folder, which holds each worker's
    folder, done = base / f"made-once-{name}", base / f"made-once-{name}.done"
    with open(base / f"made-once-{name}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a worker that failed to make it left this
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


def measured_seconds(path=RUN_SECONDS):
    """{unit: wall seconds} as a run recorded them (`--record-run-seconds`), or {} where there is no table."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def unit_seconds(durations, groups):
    """{unit: wall seconds} of the units taking RECORDED_SECONDS or more, longest first: the seconds of each test
    ({nodeid: seconds}: setup, call and teardown) summed over its unit (`groups`: shared_fixture_groups)."""
    total = {}
    for nodeid, seconds in durations.items():
        unit = groups.get(nodeid, nodeid)
        total[unit] = total.get(unit, 0.0) + seconds
    return {unit: round(seconds, 1) for unit, seconds in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))
            if seconds >= RECORDED_SECONDS}


def run_order(items, groups, seconds):
    """`items` in the order the scheduler hands their units out: the units holding a `slow` test first, then the
    others; in each tier the longest first by `seconds` ({unit: seconds}: measured_seconds; a unit it does not name
    after those it names); otherwise (and within a unit) as collected."""
    unit = lambda item: groups.get(item.nodeid, item.nodeid)  # noqa: E731
    costly = {unit(i) for i in items if i.get_closest_marker("slow")}
    return sorted(items, key=lambda i: (unit(i) not in costly, -seconds.get(unit(i), 0.0)))


def file_costs(junit_paths):
    """[(file, tests, own CPU seconds, workers' CPU seconds)] of the test files of these junits (tests/conftest.py's
    `cpu_seconds` and `worker_cpu_seconds` of each test case), the costliest (own + workers') first. A file is its
    cases' `file` attribute where the junit has one, else their classname's module (`tests.test_x`: tests/test_x.py)."""
    files = {}
    for path in junit_paths:
        for case in ElementTree.parse(path).getroot().iter("testcase"):
            name = case.get("file") or case.get("classname", "").split("::")[0]
            if not name.endswith(".py"):  # a classname: the module's dotted name, then a class's name, if any
                parts = name.split(".")
                while len(parts) > 1 and parts[-1][:1].isupper():
                    parts.pop()
                name = "/".join(parts) + ".py"
            properties = {p.get("name"): float(p.get("value")) for p in case.iter("property")
                          if p.get("name") in ("cpu_seconds", "worker_cpu_seconds")}
            row = files.setdefault(name, [0, 0.0, 0.0])
            row[0] += 1
            row[1] += properties.get("cpu_seconds", 0.0)
            row[2] += properties.get("worker_cpu_seconds", 0.0)
    return sorted(((name, n, own, workers) for name, (n, own, workers) in files.items()),
                  key=lambda row: (-(row[2] + row[3]), row[0]))


def cost_table(rows):
    """file_costs' rows as text: a line a file, then their sum."""
    lines = [f"{'file':<56} {'tests':>5} {'own':>8} {'workers':>8} {'sum':>8}"]
    for name, n, own, workers in rows:
        lines.append(f"{name:<56} {n:>5} {own:>8.1f} {workers:>8.1f} {own + workers:>8.1f}")
    n, own, workers = (sum(row[i] for row in rows) for i in (1, 2, 3))
    lines.append(f"{'all ' + str(len(rows)) + ' files':<56} {n:>5} {own:>8.1f} {workers:>8.1f} {own + workers:>8.1f}")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit("usage: python tests/costs.py JUNIT.xml... (a run's `--junitxml`: the files it ran, ranked by "
                         "their tests' own CPU and their sandbox workers')")
    print(cost_table(file_costs(sys.argv[1:])))
