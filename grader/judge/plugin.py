"""Judge: run a suite's hidden tests under pytest, once per batch, in the grader's process.

Every test is parametrised by submission id; its fixtures hand it the
observations that came back from the sandbox, the reference engine's values
(computed here) and PyTorch's (stored). The plugin records each (test,
submission) outcome, our status and feedback, as pytest makes its report, and
the scores are read from those records (no report plugin: pytest-json-report's
hooks and serialisation of every item were a tenth of a session).
"""

import inspect

import pytest

from . import Mismatch, ProbeTimeout, StudentError, expression_of, shape_difference
from ..i18n import Message, msg, place
from .expectations import Expectations  # noqa: F401  (grader.judge.plugin.Expectations, as before)
from ..suites import SuiteError
from .direct import DirectItems
from .dry_run import SINGLE_PROBE_FIXTURES
from .memo import IMPORTED, JudgedSoFar, RunDigests, groups_of, rows_of
from .value_grads import charge
from .pytest_session import run_pytest as _run_pytest




def _said(record, text):
    """A reason the observer decided, as data when the run kept it (grader/observe's endings), else its text."""
    return Message.from_json(record) if record else text


def skip(message: Message):
    """pytest.skip with a message as data (grader/i18n): the outcome keeps both its English text and its id."""
    skipped = pytest.skip.Exception(str(message))
    skipped.message = message
    raise skipped

def _no_traceback(excinfo, *args, **kwargs):
    return f"{excinfo.typename}: {excinfo.value}"[:2000]


_JUDGED_BEFORE = "\0judged before"  # a test's only parameter when an earlier part judged all it sees


class _WholeRun(Exception):
    """A test reads more than single probes (the run record): it depends on all of it."""


class JudgePlugin(DirectItems):
    """The pytest plugin object: fixtures over a batch's observations, and outcome classification.

    A test's outcome is a function of the observations it reads, so each test
    is run once per distinct set of *its* observations, not once per
    submission: `relu/zero` is run twice for a class in which one student has
    the relu bug, however large the class. The probes a test reads are found by
    running it once on the reference's observations, and checked while judging:
    a test that reads a probe it did not read on the reference is judged again
    per submission (see `judge`).
    """

    def __init__(self, suite, runs, expectations, ungrouped=frozenset(), so_far: JudgedSoFar | None = None):
        self.suite, self.runs, self.expectations = suite, runs, expectations
        self.ungrouped = ungrouped  # tests judged once per distinct whole run
        self.so_far = so_far  # what earlier parts of the batch judged: those groups are not run again
        self.names = {}  # test public name -> nodeid prefix, to refuse duplicates
        self.internal_errors = []
        self.suite_errors = []  # what makes the suite unusable, found while collecting
        self.collect_errors = []  # a test file that could not be collected: what pytest said of it
        self.groups = {}  # test function name -> {what it sees: the submissions that show it}
        self.lead_keys = {}  # (test function name, lead submission) -> what the test sees of the lead
        self.order, self.gradings = [], {}  # the test functions in the order they run; each one's @points
        self.deps = {}  # test function name -> probe names, or None for the whole run
        self.violations = set()  # tests that read a probe they did not declare by reading it
        self.digests = {}  # submission -> memo.RunDigests, made on first use
        self.hashed = so_far.hashed if so_far is not None else {}  # id of an observation -> (digest, object)
        self.kept = so_far.kept if so_far is not None else {}  # what is asked of an observation object: _remembered
        self.per_runs = {}  # (id of a run, question) -> (the run, its answer): observe.per_run's, this session's
        self.results = {}  # nodeid -> its grading record (None until made), in the order the tests ran
        self.testing = None  # the test function whose item is being set up (pytest_runtest_setup)

    # -- parametrise every test by its distinct observations -----------------------

    def _dependencies(self, function, argnames):
        """The probes a test reads (the batch's dry run), or None: judge it per whole run."""
        if function.__name__ in self.ungrouped:
            return None
        reads = self.expectations.reads().get(function.__name__)
        if reads is None or not reads.complete or not set(argnames) <= SINGLE_PROBE_FIXTURES:
            return None
        # a Value in a gradient is charged by the first of the suite's charging probes that shows it (value_grads.py)
        return frozenset(reads.probes) | frozenset(self.suite.value_grads if reads.probes else ())

    def pytest_generate_tests(self, metafunc):
        if "submission" not in metafunc.fixturenames:
            return
        # the test's own arguments (fixturenames also holds what those fixtures need)
        argnames = list(inspect.signature(metafunc.function).parameters)
        deps = self._dependencies(metafunc.function, argnames)
        self.deps[metafunc.function.__name__] = deps
        for sid in self.runs:
            if sid not in self.digests:
                self.digests[sid] = RunDigests(self.runs[sid], self.hashed)
        name = metafunc.function.__name__
        self.groups[name] = groups = groups_of(self.digests, deps)
        known = self.so_far.outcomes if self.so_far is not None else {}
        leads = []
        for key, members in groups.items():
            self.lead_keys[(name, members[0])] = key
            if (name, key) not in known:
                leads.append(members[0])
        if not leads:  # every group judged in an earlier part of the batch: collected, then left out
            metafunc.parametrize("submission", [_JUDGED_BEFORE], ids=["judged-before"])
            return
        metafunc.parametrize("submission", leads, ids=leads)

    def pytest_collectreport(self, report):
        if report.failed:
            self.collect_errors.append(f"{report.nodeid}: {report.longreprtext}")

    def pytest_collection_modifyitems(self, items):
        for item in items:
            # the outcome is classified from the exception itself (_classify); pytest's rendering of
            # each failure's traceback, which nothing reads (--tb=no), was a fifth of the judge's time
            item.repr_failure = item._repr_failure_py = _no_traceback
            grading = getattr(getattr(item, "function", None), "grading", None)
            if grading is None:
                self.suite_errors.append(f"{item.nodeid}: a hidden test needs @points(...)")
                continue
            owner = self.names.setdefault(grading["name"], item.originalname)
            if owner != item.originalname:
                self.suite_errors.append(f"two tests are named {grading['name']!r}: {owner} and {item.originalname}")
        if self.suite_errors:
            raise pytest.UsageError("; ".join(self.suite_errors))  # stops the run; judge() says why

    def pytest_collection_finish(self, session):
        self.collected(session.items)
        self.choose_protocol(session.items)  # direct.py: the judge runs the items itself, or pytest does

    def collected(self, items):
        """The tests in the order they run (after every plugin's selection), each one's grading; the ones
        whose every group an earlier part judged are left out of `items` here (JudgedSoFar)."""
        for item in items:
            function = getattr(item, "function", None)
            if function is not None and function.__name__ not in self.gradings:
                self.order.append(function.__name__)
                self.gradings[function.__name__] = getattr(function, "grading", None) or {}
        items[:] = [i for i in items
                    if getattr(i, "callspec", None) is None or i.callspec.params.get("submission") != _JUDGED_BEFORE]

    # -- fixtures ----------------------------------------------------------------

    # what each fixture gives is the plugin's value (direct.py), which the judge's own run of an item passes too
    @pytest.fixture
    def run(self, submission):
        return self.value("run", submission)

    # imported, observation and observe read the run themselves: no `run` fixture to set up on every item
    @pytest.fixture
    def imported(self, submission):
        """Whether the student's module imported: status, message, import error, forbidden imports."""
        return self.value("imported", submission)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):  # `observe`'s test, not from pytest's `request` (made anew on each ask)
        self.testing = getattr(getattr(item, "function", None), "__name__", None)

    @pytest.fixture
    def observation(self, submission):
        """The raw observation record of a probe ({"status", "values" | "error", ...}), or {}."""
        return self.value("observation", submission)

    def observation_of(self, submission):
        run, test = self.runs[submission], self.testing
        deps = self.deps.get(test)

        def observation(probe):
            if deps is not None and probe.__name__ not in deps:
                self.violations.add(test)
            return run["probes"].get(probe.__name__, {})

        return observation

    def _remembered(self, obs, question, compute, store=None):
        """compute(), once per observation object and question (hashable) in a batch: observations are shared
        between runs (observe.cache.share_observations), so every test that asks the same of the same
        observation (its shape; charging.py's verdict of an isolating probe) gets one answer. The object is
        kept with the answer, so that its id stays its own while the answer is kept. `store`: another dict to
        keep them in (per_run's, this session's runs) than the batch's `kept`."""
        store = self.kept if store is None else store
        key = (id(obs), question)
        kept = store.get(key)
        if kept is None:
            kept = store[key] = (obs, compute())
        return kept[1]

    @pytest.fixture
    def observe(self, submission):
        return self.value("observe", submission)

    def observe_of(self, submission):
        run, test = self.runs[submission], self.testing
        deps = self.deps.get(test)

        def remembered(probe, question, compute):
            """compute() (which reads `probe` through this fixture, as `question` says: a hashable of
            everything else it depends on), once per observation object of `probe` in the batch."""
            obs = run["probes"].get(probe.__name__)
            if obs is None or run.get("import_error"):
                return compute()  # what observe says then depends on the run, not the observation
            if deps is not None and probe.__name__ not in deps:
                self.violations.add(test)
            return self._remembered(obs, (probe.__name__, question), compute)

        def observe(probe):
            if deps is not None and probe.__name__ not in deps:
                self.violations.add(test)
            if run.get("import_error"):
                own = run["import_error"].get("file") or f"{self.suite.module}.py"
                skip(msg("not run: {file} could not be used (see the import test)", file=own))
            obs = run["probes"].get(probe.__name__)
            if obs is None:
                if run["status"] != "ok":
                    skip(msg("not run: {reason}", reason=_said(run.get("message_data"), run.get("message"))))
                raise SuiteError(f"no observation for probe {probe.__name__!r}")
            expression = expression_of(probe)
            status = obs["status"]
            if status == "ok":
                values = obs["values"]
                want = self.expectations.shape_of(probe)
                difference = None if want is None else self._remembered(
                    obs, (probe.__name__, "shape"), lambda: shape_difference(values, want))
                if difference:
                    # not what the probe records: the submission replaced it or wrote into the report
                    got = msg("reported an observation that its probe does not make ({difference}): the "
                              "submission replaced the probe or wrote into the grader's report, so it is not used",
                              difference=difference)
                    raise Mismatch(msg("{expression}: your engine {got}", expression=expression, got=got),
                                   expression=expression, got=got)
                got = charge(probe.__name__, obs, run["probes"], self.suite.value_grads)
                if got is not None:  # a gradient that holds a Value, charged once (value_grads.py)
                    raise Mismatch(msg("{expression}: your engine {got}", expression=expression, got=got),
                                   expression=expression, got=got)
                return _Observed(values, expression)
            if status == "timeout":
                got = _said(obs.get("error_message"), obs.get("error")) or msg("timed out")
                raise ProbeTimeout(msg("{expression}: {got}", expression=expression, got=got), expression=expression,
                                   got=got)
            if status == "crashed":
                got = _said(obs.get("error_message"), obs.get("error"))
                raise StudentError(msg("{expression}: {got}", expression=expression, got=got),
                                   expression=expression, got=got)
            where = obs.get("where")
            at = place(where)
            error = _said(obs.get("error_message"), obs.get("error"))  # the sandbox's words, or the student's
            got = (msg("raised {error} ({place})", error=error, place=at) if at else msg("raised {error}", error=error)
                   if not obs.get("unreadable") else msg("gave what the grader cannot read: {error}", error=error))
            # the exception as the engine raised it, for charging.py: its type and the facts the worker reported
            # (where it was raised, what was missing) as one comparable key, never its message text ("" and
            # None for a probe that never ran)
            facts = None if obs.get("not_run") else (obs.get("facts") or {})
            raised = "" if facts is None else repr((obs.get("exception"), *(
                facts.get(k) for k in ("raised_in", "name", "owner", "operator")), tuple(facts.get("missing") or ())))
            raise StudentError(msg("{expression}: your engine {got}", expression=expression, got=got), where=where,
                               expression=expression, got=got, raised=raised,
                               exception=None if obs.get("not_run") else obs.get("exception"), facts=facts)

        def per_run(question, probes, compute):
            """compute() (which reads the probes named `probes` through this fixture, every one of them, and
            nothing else; `question`: a hashable of everything else it depends on), once per run in this session:
            a lead's tests ask charging.py the same of its run again and again (2,358 asks, 677 distinct, in a batch
            of 60). The probes count as read by this test, as compute() would read them."""
            if deps is not None and not deps.issuperset(probes):
                self.violations.add(test)
            return self._remembered(run, question, compute, self.per_runs)

        observe.remembered, observe.per_run = remembered, per_run
        return observe

    @pytest.fixture
    def expect(self, submission):
        return self.value("expect", submission)

    @pytest.fixture
    def torch_expect(self, submission):
        return self.value("torch_expect", submission)

    # -- outcome of each (test, submission) ------------------------------------

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        if call.when == "call" or (call.when == "setup" and report.outcome != "passed"):
            self.results[item.nodeid] = self.classify(item, call.excinfo.value if call.excinfo else None,
                                                      report.skipped)
        elif call.when == "setup":
            self.results.setdefault(item.nodeid, None)  # its place in the order; its record comes with its call

class _Observed(dict):
    """A probe's values as a hidden test reads them: a name the observation does not hold is the
    student's failure, never the suite's KeyError ("internal grader error"). The shape rule above
    keeps such an observation from a test wherever the reference's shape is known; a suite of probe
    cases (09-write-tests) has none, and there a forged observation that leaves a name out ends here."""

    def __init__(self, values, expression):
        super().__init__(values)
        self.expression = expression

    def __missing__(self, key):
        got = (f"reported an observation that holds no {key!r}, which its probe always records: the submission "
               "replaced the probe or wrote into the grader's report, so it is not used")
        raise Mismatch(msg("{expression}: your engine {got}", expression=self.expression, got=got),
                       expression=self.expression, got=got)


def _observed(run):
    """What a test may look at in a run: everything but timings and printed output."""
    return {k: run.get(k) for k in (*IMPORTED, "probes")}


class VisibleOnly(JudgePlugin):
    """The judge's plugin, restricted to the tests declared visible (a student's check): the others are
    never run."""

    def pytest_generate_tests(self, metafunc):
        if getattr(metafunc.function, "grading", {}).get("visibility") == "visible":
            return super().pytest_generate_tests(metafunc)
        if "submission" in metafunc.fixturenames:  # deselected below, so never evaluated
            metafunc.parametrize("submission", sorted(self.runs))
        return None

    def pytest_collection_modifyitems(self, items):
        super().pytest_collection_modifyitems(items)
        items[:] = [i for i in items if i.function.grading["visibility"] == "visible"]


PLUGINS = {"all": JudgePlugin, "visible": VisibleOnly}  # which tests are judged


def judge(suite, runs, *, torch="stored", expectations=None, tests="all", so_far: JudgedSoFar | None = None):
    """Outcomes of the hidden tests on every submission: {id: [grader.records.Outcome, ...]} in suite order.

    `tests`: "all", or "visible" (a student's check runs only the tests a student may see). `so_far`: what
    earlier parts of the same batch judged (memo.py), used and added to; without it, `runs` is the batch.
    The grade of record's runs (a suite with draws) hold observations at drawn inputs too: each test that passes on
    the fixed ones is cross-checked on those (judge/cross_check.py), in this one judging.
    """
    if not runs:
        return {}
    expectations = expectations or Expectations(suite, torch=torch)
    plugin_class = PLUGINS[tests]
    observed = {sid: _observed(run) for sid, run in runs.items()}
    if so_far is not None and so_far.regrouped:
        so_far = None  # the pipeline judges the whole batch again, in one session
    if so_far is not None and (found := so_far.without_pytest(observed)) is not None:
        return _cross_checked(plugin_class, suite, runs, found, expectations, tests)
    ungrouped = frozenset()
    for _ in range(2):
        plugin = plugin_class(suite, observed, expectations, ungrouped, None if ungrouped else so_far)
        with expectations.active():
            _run_pytest(suite, plugin)
        if not plugin.violations:
            break
        # A test read a probe it did not read on the reference: its grouping may be too coarse.
        ungrouped = frozenset(plugin.violations)
        if so_far is not None:
            so_far.regrouped = True
    else:
        raise SuiteError(f"tests {sorted(plugin.violations)} read different probes on different runs")
    plugin.digests, plugin.hashed, plugin.kept, plugin.runs = {}, {}, {}, {}  # pytest may keep the plugin
    plugin.per_runs = {}
    judged = {}  # (test function, what it saw) -> [outcome]
    for nodeid, grading in plugin.results.items():
        if grading is None:
            raise SuiteError(f"{nodeid} left no grading record")
        outcome = {k: grading[k] for k in ("name", "status", "output", "where", "points", "earned", "concept",
                                           "visibility")}
        outcome.update({k: grading[k] for k in ("output_message", "exception") if grading.get(k)})
        if grading.get("detail"):
            outcome["detail"] = grading["detail"]  # the failure's fields, for `grade check`'s table
        key = plugin.lead_keys[(grading["function"], grading["submission"])]
        judged.setdefault((grading["function"], key), []).append(outcome)
    credited = {g["name"] for g in plugin.gradings.values() if g.get("with_other_credit", False)}
    if so_far is not None and not ungrouped:
        so_far.learn(plugin.order, plugin.deps, credited, judged)
        judged = so_far.outcomes
    return _cross_checked(plugin_class, suite, runs, rows_of(runs, plugin.order, plugin.groups, judged, credited),
                          expectations, tests)


def _cross_checked(plugin_class, suite, runs, rows, expectations, tests):
    """`rows` cross-checked at the drawn inputs where the runs hold any (the grade of record: judge/cross_check.py)."""
    if tests != "all" or getattr(suite, "draws", None) is None:
        return rows
    from .cross_check import cross_check

    return cross_check(plugin_class, suite, runs, rows, expectations)
