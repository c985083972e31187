"""What the whole suite shares: a cache folder of its own, and the two tiers (tests/costs.py).

Every test that uses a fixture declared with `costs.slow_fixture` (a class graded
in the sandbox, a wheel, a notebook kernel, Redis, a browser...) is marked `slow`,
as is a test marked `@pytest.mark.slow` itself. `python -m pytest -m "not slow"`
is the quick loop for editing; `python -m pytest -q` (the README's, and CI's) runs
all. A quick-loop run ends by naming the tests that cost more CPU than a quick
test should.
"""

import json
import os
import resource
import sys
import tempfile
import warnings

import pytest

from costs import FAST_CPU_SECONDS, measured_seconds, run_order, shared_fixture_groups, unit_seconds, uses_slow_fixture
from grader.private_files import write_text_atomically
from grader.sandbox.workers_cpu import workers_cpu_seconds

_CPU = {}  # nodeid -> (CPU seconds of the test (setup, call, teardown), its children's and sandbox workers'; slow?)
_STARTED = pytest.StashKey[tuple]()
_CPU_PROPERTY = "cpu_seconds"  # this process's and the children it waited for
_WORKERS_PROPERTY = "worker_cpu_seconds"  # its sandbox workers' that no rusage counted (grader/sandbox/workers_cpu.py)
# tests/fixtures/ holds students' submissions, a repository's own test files among them (a clone of micrograd
# with its test/test_engine.py, tests/fixtures/strangers27): they are graded, never collected as this suite's tests
collect_ignore_glob = ["fixtures/*"]
TEST_SECRET = "micrograd-grader's own tests"  # MICROGRAD_GRADER_SECRET for the whole suite (pytest_configure)


def pytest_configure(config):
    # The grader's default cache is the user's ($XDG_CACHE_HOME/micrograd-grader): a test that grades
    # without --cache-dir must neither read nor fill the cache of whoever runs the tests.
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="grader-tests-cache-")
    # The feedback's language follows $GRADE_LANG, then the locale (grader/i18n): the suite's expected words
    # are English whatever the machine's locale; a test of another language asks for it.
    os.environ["GRADE_LANG"] = "en"
    # `grade ci` names its row after $GITHUB_REPOSITORY in GitHub Actions (grader/integrations/ci.row_id): the
    # suite's expected ids are the folders' on any machine, this project's own CI included; a test of it sets it.
    os.environ.pop("GITHUB_REPOSITORY", None)
    # The grade of record's drawn inputs (grader/judge/drawn.py) follow the instructor's secret, by default a digest
    # of the hidden tests: the suite's figures and goldens hold whatever a session changes there (and
    # tests/golden/renderings.py draws with the same one).
    os.environ["MICROGRAD_GRADER_SECRET"] = TEST_SECRET
    # Python's bytecode cache, for the suite and every process it starts (`grade` run as a command, the sandbox's
    # worker, a notebook's kernel, pytest's rewritten test modules): with PYTHONDONTWRITEBYTECODE set in the
    # environment (as it is on this project's machines) every Python a run starts compiled the grader's modules
    # (and pytest its test modules) from source again. The cache is Python's default; what reads the checkout leaves
    # __pycache__ out (the wheels' and the docs' copies, a handout, `grade`'s loading of a folder).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


def pytest_collection_modifyitems(config, items):
    stale = sorted({item.module.__name__ for item in items if hasattr(getattr(item, "module", None), "SLOW_FIXTURES")})
    if stale:  # the old per-module list, which nothing reads now: its tests would run in the quick loop
        raise pytest.UsageError(f"{', '.join(stale)}: SLOW_FIXTURES is not read; declare those fixtures with "
                                "costs.slow_fixture instead of pytest.fixture (tests/costs.py)")
    for item in items:
        if uses_slow_fixture(item):
            item.add_marker(pytest.mark.slow)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        # Each worker collects alike; the scheduler (below) hands out the groups and lone tests in this order,
        # to whichever worker is free: the costly ones first, the longest first (tests/costs.py: run_order), so
        # that no worker starts a long one at the end. Within a group the order is the files' (a stable sort).
        groups = shared_fixture_groups(items)
        items[:] = run_order(items, groups, measured_seconds())
        path = config._tmp_path_factory.getbasetemp().parent / f"{_GROUPS}-{worker}.json"
        write_text_atomically(str(path), json.dumps(groups))
    elif config.getoption("record_run_seconds"):
        config.stash[_UNITS] = shared_fixture_groups(items)


_GROUPS = "xdist-groups"
_UNITS = pytest.StashKey[dict]()
_SECONDS = {}  # nodeid -> wall seconds of its setup, call and teardown (--record-run-seconds)


def pytest_addoption(parser):
    parser.addoption("--record-run-seconds", metavar="PATH", default=None,
                     help="write each costly unit's wall seconds to PATH, longest first: the table the scheduler "
                          "orders the units by (tests/costs.py, RUN_SECONDS)")


def pytest_sessionfinish(session):
    path = session.config.getoption("record_run_seconds")
    if not path or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    groups = session.config.stash.get(_UNITS, None)
    if groups is None:  # the workers' collections wrote them (the scheduler's, below)
        groups = {}
        for written in sorted(session.config._tmp_path_factory.getbasetemp().glob(f"{_GROUPS}-*.json")):
            groups.update(json.loads(written.read_text()))
    write_text_atomically(path, json.dumps(unit_seconds(_SECONDS, groups), indent=0) + "\n")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml's addopts): one worker more than the CPUs this process may use, counted as `grade
    --jobs` counts them (grader/machine_size.py). A worker spends minutes of a run asleep with nothing to run (pip
    installing from the index, a server restarted, a wait bounded in wall time: 12% of each worker's samples
    at a load of 10, two stretches of 2 minutes): with two workers on two CPUs a CPU idles meanwhile."""
    from grader.machine_size import usable_cpus

    return usable_cpus() + 1


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduler by scope, the scopes being the groups of tests/costs.py: the workers' collections
    wrote them (a test's id alone cannot say which fixtures it shares; pytest-xdist's own `xdist_group` suffix on
    the id no longer takes with pytest 9)."""
    from xdist.scheduler import LoadScopeScheduling

    folder = config._tmp_path_factory.getbasetemp()

    class SharedFixtureScheduling(LoadScopeScheduling):
        _groups = None

        def _split_scope(self, nodeid):
            if self._groups is None:  # read once every worker has collected (scheduling starts then)
                self._groups = {}
                for path in sorted(folder.glob(f"{_GROUPS}-*.json")):
                    self._groups.update(json.loads(path.read_text()))
            return self._groups.get(nodeid, nodeid)

    return SharedFixtureScheduling(config, log)


def _cpu_seconds():
    """(this process's CPU, the children's it reaped, its sandbox workers'): the workers' is every process of theirs,
    reaped or not (their slots' cgroups count it: grader/sandbox/workers_cpu.py)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime, workers_cpu_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    item.stash[_STARTED] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # The test's CPU (setup, call, teardown) travels on its teardown report, which a pytest-xdist
    # worker sends to the process that writes the summary (and the junit: `--junitxml`, tests/costs.py ranks it).
    report = (yield).get_result()
    if call.when == "teardown" and _STARTED in item.stash:
        own, children, workers = (now - then for now, then in zip(_cpu_seconds(), item.stash[_STARTED]))
        report.user_properties.append((_CPU_PROPERTY, round(own + children, 3)))
        # A worker that ends on its own is reaped (the grader adopts and waits for bubblewrap's sandbox process), its
        # CPU in `children`; one killed in its cgroup (a timeout, a limit) is not: what the workers used beyond the
        # children's CPU is what no rusage counted. Exact where the test's children are all workers; where it also
        # started other processes, at least that.
        report.user_properties.append((_WORKERS_PROPERTY, round(max(0.0, workers - children), 3)))


def pytest_runtest_logreport(report):
    _SECONDS[report.nodeid] = _SECONDS.get(report.nodeid, 0.0) + report.duration
    properties = dict(report.user_properties)
    if _CPU_PROPERTY in properties:
        _CPU[report.nodeid] = (properties[_CPU_PROPERTY] + properties.get(_WORKERS_PROPERTY, 0.0),
                               "slow" in report.keywords)


def pytest_terminal_summary(terminalreporter):
    # Not an assertion (tests never assert a time): a note for whoever keeps the quick loop quick.
    costly = sorted(((seconds, nodeid) for nodeid, (seconds, slow) in _CPU.items()
                     if not slow and seconds > FAST_CPU_SECONDS), reverse=True)
    if costly:
        terminalreporter.write_sep("-", f"not slow, yet over {FAST_CPU_SECONDS:g} s of CPU (tests/costs.py)")
        for seconds, nodeid in costly:
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")


@pytest.fixture(autouse=True)
def _recursion_limit_unchanged(request):
    """A test that leaves the interpreter's recursion limit other than it found it fails, by name, and the limit is
    put back: an engine run in the test process may raise it as it loads (`sys.setrecursionlimit(10000)`), and a
    later test in the same worker then sees a deep walk succeed that fails at the default (session 19: the
    recursive-topo variant of tests/test_variant_library.py, after test_rewrites_exact ran a class's engines)."""
    limit = sys.getrecursionlimit()
    yield
    left = sys.getrecursionlimit()
    if left != limit:
        sys.setrecursionlimit(limit)
        pytest.fail(f"{request.node.nodeid} left the recursion limit at {left} (it was {limit}): put it back "
                    "(test_rewrites_exact's _recursion_limit_kept is one way)", pytrace=False)


@pytest.fixture(scope="session")
def torch():
    """PyTorch (the test extra's), or the test skipped where it is not installed. The tests that use it are one
    group (tests/costs.py: a session fixture), so that only the pytest-xdist worker that runs them imports it: a
    module importing it at collection (tests/oracle/test_engine_vs_torch.py) cost every worker 2.7 s of CPU."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # this torch build warns on import that NumPy is absent
        return pytest.importorskip("torch")


@pytest.fixture
def boot_folder(tmp_path, monkeypatch):
    """A per-boot folder of this test's own (grader/sandbox/host_facts.py: the sandbox's trials, a check's
    verdicts), under a private XDG_RUNTIME_DIR; not made yet."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.delenv("GRADE_HOST_FACTS", raising=False)
    return runtime / "micrograd-grader"
