"""One pytest session of a suite's hidden tests, in the grader's process, with the judge's plugin.

The arguments keep pytest's start-up, its end and its every item small (no installed plugin, no terminal
reporter, no traceback text, no end-of-run garbage collections) and make a suite folder's own test files
the ones that run (grader/judge/imports.py). The judge's plugin records the outcomes itself (plugin.py).
"""

import io
import os
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from ..suites import SuiteError, test_files
from . import own_session
from .imports import forget_other_copies, remember


_SESSION_ENV = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTEST_PLUGINS": "", "PYTEST_ADDOPTS": None}  # None: unset
_ENV_HELD = []  # while pytest's sessions run: [how many, the environment's values before the first]


@contextmanager
def _no_installed_plugin():
    """Load no installed pytest plugin: they (hypothesis, ...) cost a third of a second at start-up, and a
    check should be quick. And no option of the shell's PYTEST_ADDOPTS: an instructor's `-k add` or `-m slow`
    deselected hidden tests silently (bob 35 -> 4/63, graded), `--durations` sent every session to pytest.
    Set by the first of sessions at once and given back by the last, as _output_of_this_thread_to's streams (each
    session saving what it found left the first one's values in the environment for good when two overlapped)."""
    with _ROUTES_LOCK:
        if not _ENV_HELD:
            _ENV_HELD[:] = [0, {key: os.environ.get(key) for key in _SESSION_ENV}]
            _put_environment(_SESSION_ENV)
        _ENV_HELD[0] += 1
    try:
        yield
    finally:
        with _ROUTES_LOCK:
            _ENV_HELD[0] -= 1
            if not _ENV_HELD[0]:
                _put_environment(_ENV_HELD[1])
                _ENV_HELD.clear()


def _put_environment(values):
    for key, value in values.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


class _ThisThreadTo:
    """sys.stdout or sys.stderr while a session runs: what a judging thread writes goes to its session's `captured`
    (_ROUTES), what the others write (the observing threads, a progress line, the fleet's notices: the judge runs
    beside them, grader/pipeline_rows.py) to where it went before."""

    def __init__(self, others):
        self._others = others

    def _target(self):
        return _ROUTES.get(threading.get_ident(), self._others)

    def write(self, text):
        return self._target().write(text)

    def flush(self):
        return self._target().flush()

    def __getattr__(self, name):
        return getattr(self._target(), name)


# thread id -> its session's `captured`: one pair of _ThisThreadTo for every session at once, put in place by the
# first and taken away by the last. A pair per session, each saving what it found, left the first one's in place for
# good when two sessions of two threads overlapped (A, B begin; A, B end): a later thread that got A's id wrote
# into A's buffer, nowhere (session 37's review)
_ROUTES, _ROUTES_LOCK, _SAVED = {}, threading.Lock(), []


@contextmanager
def _output_of_this_thread_to(captured):
    me = threading.get_ident()
    with _ROUTES_LOCK:
        if not _ROUTES:
            _SAVED[:] = sys.stdout, sys.stderr
            sys.stdout, sys.stderr = _ThisThreadTo(_SAVED[0]), _ThisThreadTo(_SAVED[1])
        before = _ROUTES.get(me)  # a session inside a session of this thread's
        _ROUTES[me] = captured
    try:
        yield
    finally:
        with _ROUTES_LOCK:
            if before is None:
                del _ROUTES[me]
            else:
                _ROUTES[me] = before
            if not _ROUTES:
                sys.stdout, sys.stderr = _SAVED
                _SAVED.clear()


def _a_folder_to_start_in(folder):
    """pytest's session starts in the current folder (its config reads it first): from a folder deleted under a
    library caller or a long-running `grade serve`/`grade worker` (a release folder replaced), it ended in a
    FileNotFoundError before any item ran, where the judge's own session carries on (review 38). There is no folder
    to go back to, so the process goes to the suite's folder, which pytest's session is rooted at anyway."""
    try:
        os.getcwd()
    except FileNotFoundError:
        os.chdir(folder)


def run_pytest(suite, plugin):
    tests = [str(p) for p in test_files(suite)]
    if not tests:
        raise SuiteError(f"suite {suite.name!r} has no test_*.py files")
    args = [
        *tests, "--import-mode=importlib", "-p", "no:cacheprovider",
        "-p", "no:logging", "-p", "no:warnings", "-p", "no:faulthandler", "-p", "no:randomly",
        # each of these ends a run with a full garbage collection (to catch unraisable exceptions, which
        # no hidden test raises): 0.05 s apiece with a batch's observations in memory, half a check's judge
        "-p", "no:unraisableexception", "-p", "no:threadexception",
        # built-in plugins for what the judge never does (XML reports, pastebin, doctests, --sw, --setup-*,
        # unittest classes, which take no fixtures, --pdb): 20 ms of a check's 60-80 ms of judging
        "-p", "no:junitxml", "-p", "no:pastebin", "-p", "no:doctest", "-p", "no:stepwise", "-p", "no:setuponly",
        "-p", "no:setupplan", "-p", "no:unittest", "-p", "no:debugging",
        # the terminal reporter: a line of dots nobody reads, and two hooks on each of an item's three reports
        # (the plugin keeps what it said of a test file that could not be collected)
        "-p", "no:terminal",
        # output capture, off anyway (this thread's output goes to `captured`, below), and assertion rewriting
        # (plain asserts: a suite's test files are imported as they are), whose hooks still wrapped every item
        # (the capture plugin three times): 5 % of a session
        "-p", "no:capture", "-p", "no:assertion",
        "--rootdir", str(suite.folder), "-c", str(Path(__file__).with_name("pytest.ini")),
    ]
    captured = io.StringIO()
    forget_other_copies(tests, suite.folder)  # judged by this folder's test files, not a same-named module's
    with _output_of_this_thread_to(captured):
        code = own_session.run(suite, plugin, tests)  # plain tests: the judge's own session (own_session.py)
        if code is None:
            _a_folder_to_start_in(suite.folder)
            with _no_installed_plugin():
                code = pytest.main(args, plugins=[plugin])
    remember(tests, suite.folder)
    if plugin.collect_errors:  # pytest stops a session whose collection failed as if interrupted
        raise SuiteError(f"the hidden suite {suite.name!r} could not be collected:\n"
                         + "\n".join(plugin.collect_errors)[-3000:])
    if code == pytest.ExitCode.INTERRUPTED:
        raise KeyboardInterrupt  # Ctrl-C or SIGTERM while judging: pytest caught it, the batch stops
    if plugin.suite_errors:
        raise SuiteError(f"the hidden suite {suite.name!r} cannot be used: " + "; ".join(plugin.suite_errors))
    if code not in (0, 1):
        raise SuiteError(f"the hidden suite {suite.name!r} could not run (pytest exit {int(code)}):\n"
                         + captured.getvalue()[-3000:])
    if plugin.internal_errors:
        print("\n".join(plugin.internal_errors), file=sys.stderr)
