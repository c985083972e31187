"""What the whole suite shares: a cache folder of its own, and the two tiers (tests/costs.py).

Every test that uses a fixture declared with `costs.slow_fixture` (a class graded
in the sandbox, a wheel, a notebook kernel, Redis, a browser...) is marked `slow`,
as is a test marked `@pytest.mark.slow` itself. `python -m pytest -m "not slow"`
is the quick loop for editing; `python -m pytest -q` (the README's, and CI's) runs
all. A quick-loop run ends by naming the tests that cost more CPU than a quick
test should.
"""

import os
import resource
import tempfile

import pytest

from costs import FAST_CPU_SECONDS, uses_slow_fixture

_CPU = {}  # nodeid -> CPU seconds of the test (setup, call, teardown), its children's included


def pytest_configure(config):
    # The grader's default cache is the user's ($XDG_CACHE_HOME/micrograd-grader): a test that grades
    # without --cache-dir must neither read nor fill the cache of whoever runs the tests.
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="grader-tests-cache-")
    # The feedback's language follows $GRADE_LANG, then the locale (grader/i18n): the suite's expected words
    # are English whatever the machine's locale; a test of another language asks for it.
    os.environ["GRADE_LANG"] = "en"


def pytest_collection_modifyitems(config, items):
    stale = sorted({item.module.__name__ for item in items if hasattr(getattr(item, "module", None), "SLOW_FIXTURES")})
    if stale:  # the old per-module list, which nothing reads now: its tests would run in the quick loop
        raise pytest.UsageError(f"{', '.join(stale)}: SLOW_FIXTURES is not read; declare those fixtures with "
                                "costs.slow_fixture instead of pytest.fixture (tests/costs.py)")
    for item in items:
        if uses_slow_fixture(item):
            item.add_marker(pytest.mark.slow)


def _cpu_seconds():
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = _cpu_seconds()
    yield
    _CPU[item.nodeid] = (_cpu_seconds() - before, item.get_closest_marker("slow") is not None)


def pytest_terminal_summary(terminalreporter):
    # Not an assertion (tests never assert a time): a note for whoever keeps the quick loop quick.
    costly = sorted(((seconds, nodeid) for nodeid, (seconds, slow) in _CPU.items()
                     if not slow and seconds > FAST_CPU_SECONDS), reverse=True)
    if costly:
        terminalreporter.write_sep("-", f"not slow, yet over {FAST_CPU_SECONDS:g} s of CPU (tests/costs.py)")
        for seconds, nodeid in costly:
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
