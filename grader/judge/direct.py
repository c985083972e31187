"""The judge runs a session's items itself where pytest's runtest protocol would add nothing, and classifies
every outcome (its own runs' and pytest's) alike.

A hidden test is a function of the plugin's fixtures alone (observe, observation, expect, torch_expect, imported,
run; the `submission` parameter), with no mark but the judge's parametrisation: pytest's protocol for such an item
(its setup state, fixture requests, three reports, the hooks around each) cost about two thirds of the judge's
time, a submission's test taking 0.7 ms of CPU where the test itself took a quarter of that. So when every item of
a session is such a test, the plugin calls each item's function with the values its fixtures would give and
classifies what it raised as the report would have said it: passed; skipped for pytest.skip (and pytest.xfail, which
the skipping plugin reports as skipped); pytest's Exit and a KeyboardInterrupt end the session as they do in its
protocol. A session holding any other item (a fixture of pytest's or of a conftest, a mark, a test class's setup,
an async test, a conftest.py or plugin with hooks around items: an instructor's own suite may have
them) runs every item by pytest's protocol, as before, so that its
setup and teardown of modules and classes stay in step (tests/test_judge.py runs the two ways and holds them alike).
"""

import inspect
import traceback
import types

import pytest
from _pytest.outcomes import Exit

from . import Mismatch, NotRun, ProbeTimeout, StudentError, _Verdict
from ..i18n import Message, msg
from .charging import Excused
from .memo import IMPORTED

FIXTURES = frozenset({"submission", "run", "imported", "observation", "observe", "expect", "torch_expect"})
SKIPPED = (pytest.skip.Exception, pytest.xfail.Exception)  # what the report of a call says is skipped


def runs_directly(item) -> bool:
    """Whether the judge may call `item`'s function itself: the plugin's fixtures only, no mark but parametrize,
    a plain function (see the module's text)."""
    function = getattr(item, "function", None)
    params = getattr(getattr(item, "callspec", None), "params", {})
    return (function is not None and "submission" in params and set(item.fixturenames) <= FIXTURES
            and all(_the_plugins(item, name) for name in item.fixturenames if name != "submission")
            and all(mark.name == "parametrize" for mark in item.iter_markers())
            and not (inspect.iscoroutinefunction(function) or inspect.isasyncgenfunction(function)
                     or inspect.isgeneratorfunction(function)))


def _the_plugins(item, name) -> bool:
    """Whether the fixture `name` that `item` gets is the judge plugin's: a test file or a conftest.py may define one
    of the same name, which pytest gives the test in its place."""
    defs = item._fixtureinfo.name2fixturedefs.get(name)
    return bool(defs) and isinstance(getattr(defs[-1].func, "__self__", None), DirectItems)


# the hooks pytest's protocol calls around an item: a plugin other than pytest's own and the judge's that implements
# one (a conftest.py beside a suite's tests, a plugin an instructor's suite loads) is owed that protocol
_RUNTEST_HOOKS = ("pytest_runtest_protocol", "pytest_runtest_logstart", "pytest_runtest_setup", "pytest_runtest_call",
                  "pytest_runtest_teardown", "pytest_runtest_makereport", "pytest_runtest_logreport",
                  "pytest_runtest_logfinish", "pytest_pyfunc_call", "pytest_fixture_setup",
                  "pytest_fixture_post_finalizer")


def _only_pytests_hooks(config, judge_plugin) -> bool:
    for name in _RUNTEST_HOOKS:
        for hook in getattr(config.hook, name).get_hookimpls():
            plugin = hook.plugin
            module = plugin.__name__ if isinstance(plugin, types.ModuleType) else type(plugin).__module__
            if plugin is not judge_plugin and not module.startswith("_pytest."):
                return False
    return True


class DirectItems:
    """JudgePlugin's running of its items (runs, expectations, testing, results, internal_errors are its)."""

    direct = False  # every item of the session runs directly (set once collected)
    draws = None  # judge/drawn.Draws when the runs are the drawn view (judge/drawn.py)

    def value(self, name, submission):
        """What the fixture `name` gives the test of `submission`."""
        if name == "submission":
            return submission
        if name in ("run", "imported"):
            run = self.runs[submission]
            return run if name == "run" else {k: run.get(k) for k in IMPORTED}
        if name in ("expect", "torch_expect"):
            if self.draws is not None:  # the grade of record's judging at drawn inputs (judge/drawn.py)
                return self.drawn_expect(submission)
            return self.expectations.reference if name == "expect" else self.expectations.torch
        return self.observation_of(submission) if name == "observation" else self.observe_of(submission)

    def drawn_expect(self, submission):
        """`expect` at the inputs drawn for `submission`: the reference's observation at each probe's draw (which
        the drawn view's observation names), for `torch_expect` too; a probe without a draw, as fixed."""
        probes = self.runs[submission]["probes"]

        def expect(probe):
            token = (probes.get(probe.__name__) or {}).get("drawn")
            return self.expectations.reference(probe) if token is None else self.draws.reference(probe.__name__, token)

        return expect

    def choose_protocol(self, items):
        self.direct = bool(items) and _only_pytests_hooks(items[0].config, self) and all(
            runs_directly(item) for item in items)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        if not self.direct:
            return None  # pytest's protocol (pytest_runtest_setup and the report hook below)
        self.testing = item.function.__name__
        submission = item.callspec.params["submission"]
        kwargs = {name: self.value(name, submission) for name in item._fixtureinfo.argnames}
        try:
            item.obj(**kwargs)
        except (Exit, KeyboardInterrupt):
            raise
        except BaseException as exc:  # noqa: BLE001 - as pytest's protocol catches it: a test's outcome
            self.results[item.nodeid] = self.classify(item, exc, isinstance(exc, SKIPPED))
        else:
            self.results[item.nodeid] = self.classify(item, None, False)
        return True

    def classify(self, item, exc, skipped):
        """The grading record of `item`'s call, which raised `exc` (None: it passed); `skipped`: what pytest's
        report of it says."""
        grading = item.function.grading
        submission = item.callspec.params["submission"]
        if exc is None:
            status, output = "passed", ""
        elif isinstance(exc, Excused):
            # every probe it got wrong needs an op whose own test already charged for it (charging.py)
            status, output = "passed", str(exc)
        elif skipped:
            status, output = "skipped", str(getattr(exc, "msg", exc))
        elif isinstance(exc, Mismatch):
            status, output = "failed", str(exc)
        elif isinstance(exc, AssertionError):
            status, output = "failed", str(exc) or f"{grading['doc'] or grading['name']}: not as expected"
        elif isinstance(exc, StudentError):
            status, output = "error", str(exc)
        elif isinstance(exc, ProbeTimeout):
            status, output = "timeout", str(exc)
        elif isinstance(exc, NotRun):
            status, output = "skipped", str(exc)
        else:
            # A bug in the suite or the grader, never the student's: keep the traceback for the instructor.
            detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            self.internal_errors.append(f"{item.nodeid}:\n{detail}")
            exc = Mismatch(msg("internal grader error in this test ({exception}); tell your instructor",
                               exception=type(exc).__name__))
            status, output = "error", str(exc)
        # partial credit (charging.py): the share of a test's probes right or charged by another test
        credit = 1.0 if status == "passed" else float(exc.credit) if isinstance(exc, _Verdict) else 0.0
        said = getattr(exc, "message", None)
        return {"submission": submission, "function": item.function.__name__, "name": grading["name"],
                "status": status, "output": output, "earned": grading["points"] * credit,
                # the output as data (grader/i18n): what a report renders in the student's language
                "output_message": said.to_json() if isinstance(said, Message) else None,
                "where": getattr(exc, "where", None),  # and the type of what the student's engine raised there:
                "exception": getattr(exc, "exception", None) if status in ("failed", "error") else None,
                "detail": getattr(exc, "detail", None) if status != "passed" else None,
                "points": grading["points"], "concept": grading["concept"], "visibility": grading["visibility"],
                "with_other_credit": grading.get("with_other_credit", False)}
