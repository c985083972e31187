"""The one pipeline: every surface grades through here.

    load → observe → places → judge → diagnose → score

`grade run`, `grade ci`, `grade gradescope-run`, the fleet (`grade run
--queue`), `grade check`, a notebook's `check()` and the submission service
all call `grade_path`, `grade_files` or `grade_submissions`; none assembles the steps itself.
They differ only in *where the observation runs* (an `Observer`: this
machine's pool of sandboxed workers, the fleet's workers, or another) and in
which renderer reads the result (grader/report/, grader/integrations/,
grader/classroom/student_check.py).

    from grader.pipeline import Settings, grade_path

    graded = grade_path("submissions/", Settings(exercise="03-tanh"))
    graded.scores                  # the scores record (docs/contract.md §4, grader.records.ScoresRecord)
    graded.outcomes["bob"]         # bob's test outcomes (grader.records.Outcome), with their failure's parts
    graded.runs["bob"]             # bob's run (grader.records.Run), places in his own files

One submission (a service's upload, a student's check):

    graded = grade_path("upload/bob.py", Settings(exercise="engine", cache_dir=None), one_submission=True)
    row = graded.scores["submissions"][0]

Every step's record is a type of grader/records.py. A place in a run is the
student's own (`bob.py, line 12`, `carol.ipynb, cell 7, line 3`) from the
judge on. A suite that cannot judge (a test that fails on the reference
engine, a stored PyTorch result missing) stops the pipeline before any
submission is observed: `SuiteError`, whose one line says what to run.
"""

from __future__ import annotations

import dataclasses
import time
import traceback
from typing import Callable, Protocol

from .distribution import require_instructor_part
from .judge.drawn import for_record
from .judge.expectations import Expectations  # the judge (pytest) is imported when a batch is judged
from .load import Submission, load_submissions  # noqa: F401 - grader.pipeline.load_submissions, as before
from .machine_size import default_jobs
from .observe import grader_error_run, observe_all
from .observe.cache import ObservationCache
from .pipeline_diagnose import _diagnose, _diagnosed_in_parts
from .pipeline_rows import Rows, Steps, fewer_collections
from .records import Strength
from .sandbox import Limits, open_sandbox
from .scores import RowsAhead, scores_record
from .suites import SuiteError, load_suite
from .verdicts import VerdictCache


@dataclasses.dataclass(frozen=True)
class Settings:
    """How to grade: the same for every surface, each choosing its own."""

    exercise: str = "engine"  # the suite
    limits: Limits = Limits()
    torch: str = "stored"  # PyTorch's expected values: "stored" in the suite, or "live"
    jobs: int | None = None  # submissions observed at once (None: what this machine fits, grader.machine_size)
    cache_dir: str | None = None  # finished observations by content hash; None: nothing cached or read
    require_sandbox: bool = False  # refuse to observe without bubblewrap
    use_bwrap: bool = True  # False: the rlimits-only sandbox (tests of it)
    queue: str | None = None  # observe on the fleet's workers at this Redis URL (grader.fleet)
    tests: str = "all"  # "all", or "visible": a student's check runs only the tests a student may see
    diagnose: str = "all"  # "all" (a check's too: the same findings of its tests as `grade run`'s), "none"
    check_verdicts: bool = False  # without a cache: a run's verdicts kept for this boot (a check's, grader/verdicts.py)
    # judge and diagnose rows in a thread while the others are observed (pipeline_rows.py), not on one core after
    # the last observation while the others wait; the scores are the same either way. That thread shares the GIL
    # with the observing threads: it runs with a short switch interval, beside one worker more than the CPUs
    # (pipeline_rows.quick_handoff, machine_size.jobs_for). An observer whose `observes_elsewhere` is true (the
    # fleet) always has it: this process only waits.
    judge_while_observing: bool = True
    # the scores file's text of each row made as its part is done too, for a caller that writes the record with
    # private_files.write_json_atomically(path, graded.scores, graded.written_ahead) (the command line)
    write_ahead: bool = False
    # the secret the grade of record draws its inputs from where MICROGRAD_GRADER_SECRET is not set: one the surface
    # keeps where no student reads it (judge/drawn.secret); None: the digest of the grader's hidden part
    draw_secret: bytes | None = dataclasses.field(default=None, repr=False)


@dataclasses.dataclass
class Graded:
    """What the pipeline made of a batch: the scores record and the records behind it."""

    scores: dict  # grader.records.ScoresRecord
    runs: dict  # id -> grader.records.Run, places in the student's files (timings and printed output live here)
    seconds: float
    observed: int  # submissions observed in this run (not from the cache)
    sandbox: str  # grader.records.Strength: the weakest the batch's runs were observed in
    warning: str | None  # what the sandbox here says of itself (weaker than the grader's)
    grader_errors: list = dataclasses.field(default_factory=list)  # [{"id", "stage", "detail"}]: the run log
    submissions: list = dataclasses.field(default_factory=list)  # as loaded: each file's Origin (grade ci)
    outcomes: dict = dataclasses.field(default_factory=dict)  # id -> [grader.records.Outcome], suite order
    suite: object = None  # the suite graded against (grader.suites.Suite)
    written_ahead: object = None  # private_files.WrittenAhead: the text of rows made ahead (Settings.write_ahead)

    def row(self, submission_id) -> dict:
        """One submission's row of the scores record."""
        return next(r for r in self.scores["submissions"] if r["id"] == submission_id)


BatchResult = Graded  # its former name


class Observer(Protocol):
    """Where submissions are observed. `observe` returns {id: Run} for every submission that is not
    rejected, calling `on_done(submission, run, cached)` as each finishes; runs in `cache` are reused."""

    strength: str  # a grader.records.Strength
    warning: str | None
    # True when the submissions are observed outside this process (the fleet's workers): the rows are then
    # judged as their runs arrive (pipeline_rows.py), with nothing of this process's own to slow down
    observes_elsewhere: bool

    def observe(self, submissions: list[Submission], suite, *, cache: ObservationCache,
                on_done: Callable) -> dict: ...


class LocalPool:
    """This machine's pool: one sandboxed worker per submission, `jobs` at a time (grader/observe/)."""

    observes_elsewhere = False  # in this process's threads, which a judging thread would slow (one GIL)

    def __init__(self, sandbox, jobs, prework=None):
        self.sandbox, self.jobs, self.prework = sandbox, jobs, prework
        self.strength, self.warning = sandbox.strength, sandbox.warning

    def observe(self, submissions, suite, *, cache, on_done):
        return observe_all(submissions, suite, self.sandbox, jobs=self.jobs, cache=cache, on_done=on_done,
                           prework=self.prework)


class FleetPool:
    """The fleet's workers on a Redis queue (grader/fleet/, docs/scaling.md)."""

    warning = None
    observes_elsewhere = True  # this process waits for the workers' results: it judges the rows meanwhile

    def __init__(self, url, limits, *, require_sandbox, notify=None):
        try:
            from .fleet.submit import QueueObserver
        except ImportError:
            from .fleet import MISSING, FleetError
            raise FleetError(MISSING) from None
        self.queue, self.limits = QueueObserver(url, require_sandbox=require_sandbox, notify=notify), limits

    @property
    def strength(self):
        return self.queue.strength

    def observe(self, submissions, suite, *, cache, on_done):
        return self.queue.observe_all(submissions, suite, self.limits, cache=cache, on_done=on_done)


def grade_path(path, settings: Settings = Settings(), *, one_submission=False, row_id=None, progress=None,
               notify=None, observer: Observer | None = None) -> Graded:
    """Grade every entry of `path` (a class folder), or `path` as one submission; see grade_submissions.
    `row_id` (with one_submission): the row's id, where the folder's name is not the student's (`grade ci`)."""
    suite = load_suite(settings.exercise)
    submissions = load_submissions(path, suite, one_submission=one_submission)
    if row_id is not None:
        if not one_submission:
            raise ValueError("row_id names the one row of one_submission=True")
        submissions = [dataclasses.replace(submission, id=row_id) for submission in submissions]
    return grade_submissions(submissions, suite, settings, progress=progress, notify=notify, observer=observer)


def grade_files(files, settings: Settings = Settings(), **kwargs) -> Graded:
    """Grade files kept under names of their own (grader/serve's `uploads/alice/<id>.py`), `files` [(path, the
    student's name for it)]: a row's id is its path's, its places say `my_engine.py, line 12` as `grade run` does."""
    from .load import allowed_files, for_suite, load_entry
    suite = load_suite(settings.exercise)
    submissions = for_suite([load_entry(path, allowed_files(suite), name=name) for path, name in files], suite.forbid)
    return grade_submissions(submissions, suite, settings, **kwargs)


def grade_submissions(submissions: list[Submission], suite, settings: Settings = Settings(), *, progress=None,
                      notify=None, observer: Observer | None = None, sandbox=None) -> Graded:
    """Observe, judge, diagnose and score `submissions` (loaded: grader.load) against `suite`.

    `observer`: where they are observed (default: this machine's pool, or the fleet at `settings.queue`);
    the variants diagnosis observes always run in this machine's sandbox. `progress`: an object with
    start(total, rejected), advance(submission, run, cached) and finish() (grader/cli/terminal.py).
    `notify(text)`: what the fleet has to say while the batch waits (a refusal, no worker).
    `sandbox`: one the caller opened and closes (a check that starts its worker before the judge is imported,
    grader/classroom/student_check.py); default: this machine's, opened and closed here.
    Raises SuiteError before observing anything when the suite cannot judge.
    """
    fewer_collections.enter()  # the cyclic collector less often while grading (pipeline_rows.py)
    try:
        return _grade_submissions(submissions, suite, settings, progress, notify, observer, sandbox)
    finally:
        fewer_collections.leave()


def _grade_submissions(submissions, suite, settings, progress, notify, observer, sandbox):
    started = time.monotonic()
    if settings.tests == "all":
        require_instructor_part("Grading")  # the hidden suites, the reference and the diagnosis
    expectations = Expectations(suite, torch=settings.torch)
    verdicts = VerdictCache(settings.cache_dir, suite, settings)  # a rerun's: grader/verdicts.py
    verdicts.dry_run(expectations)
    expectations.check_suite(settings.tests)  # a broken suite stops here, before any student is observed
    fixed = suite  # the diagnosis reads the fixed observations alone: its variants' runs are the suite's own
    if settings.tests == "all" and observer is None:
        # with the drawn inputs of the grade of record (judge/drawn.py)
        suite = for_record(suite, expectations, settings.draw_secret)
    jobs = settings.jobs or default_jobs(settings.limits.memory_mb)
    if observer is None and settings.queue:
        observer = FleetPool(settings.queue, settings.limits, require_sandbox=settings.require_sandbox,
                             notify=notify)
    # With another observer, this machine's sandbox runs only the grader's own bug variants (for diagnosis),
    # never a submission: the --require-sandbox that matters is the workers', and travels with each job.
    own_sandbox = sandbox is None
    if own_sandbox:
        sandbox = open_sandbox(settings.limits, require=settings.require_sandbox and observer is None,
                               use_bwrap=settings.use_bwrap)
    observer = observer or LocalPool(sandbox, jobs, prework=_reading_ahead(suite, settings))
    cache = ObservationCache(settings.cache_dir)
    observed = 0
    # rows are judged and diagnosed as their runs arrive, beside the observation of the others (pipeline_rows.py)
    # a check's one row has no others to wait for
    in_parts = ((settings.judge_while_observing or getattr(observer, "observes_elsewhere", False))
                and sum(not s.rejected for s in submissions) > 1)
    rows = Rows(suite, submissions, settings, verdicts, Steps(
        judge=lambda runs, so_far: _judge_contained(suite, runs, settings, expectations, so_far),
        diagnose=lambda subs, runs, outcomes, kept: _diagnose(fixed, subs, runs, outcomes, settings, expectations,
                                                              sandbox, jobs, cache, kept),
        student_diagnose=lambda subs, runs, outcomes, kept: _student_diagnoses(
            fixed, subs, runs, outcomes, settings, expectations, sandbox, jobs, cache, kept),
        in_parts=in_parts, diagnose_in_parts=in_parts and _diagnosed_in_parts(fixed, settings, submissions, sandbox),
        ahead=RowsAhead(suite, _declared(suite, settings), lambda run: _tests_read({0: run}, expectations),
                        written=settings.write_ahead) if in_parts else None))
    try:
        try:
            if progress:
                progress.start(len(submissions), sum(1 for s in submissions if s.rejected),
                               [s.id for s in submissions if not s.rejected])

            def on_done(submission, run, cached):
                nonlocal observed
                observed += not cached
                rows.arrived(submission, run, cached)
                if progress:
                    progress.advance(submission, run, cached)

            rows.start()
            try:
                runs = observer.observe(submissions, suite, cache=cache, on_done=on_done)
            except BaseException:
                rows.stop()
                raise
        finally:
            if progress:
                progress.finish()
        runs, outcomes, diagnoses, shown = rows.finish(runs)
        if rows.kept.get("walks") is not None:
            rows.kept["walks"].keep()  # what this batch's diagnosis observed of the walks, for the next one
    finally:
        if own_sandbox:
            sandbox.close()
    record = scores_record(suite, submissions, runs, outcomes, diagnoses,
                           tests_read=_tests_read(runs, expectations), tests=_declared(suite, settings),
                           student_diagnoses=shown, ahead=rows.steps.ahead)
    errors = [{"id": sid, **run["grader_error"]} for sid, run in sorted(runs.items()) if "grader_error" in run]
    errors += [{"id": row["id"], **row.pop("grader_error")} for row in record["submissions"] if "grader_error" in row]
    return Graded(record, runs, time.monotonic() - started, observed, Strength(observer.strength), observer.warning,
                  errors, submissions, outcomes, suite, rows.steps.ahead and rows.steps.ahead.written)


def _declared(suite, settings):
    """The tests the scores' maximum counts: all of the suite's, or the visible ones a check runs."""
    from .scores import suite_tests

    tests = suite_tests(suite)
    return tests if settings.tests == "all" else [t for t in tests if t["visibility"] == "visible"]


def _tests_read(runs, expectations):
    """The probes the hidden tests read, for a row whose run ran out of time (scores._row_status); the
    judge's dry run has been made by then (or kept by an earlier run), so this costs nothing."""
    if not any(run.get("status") == "timeout" for run in runs.values()):
        return None
    return expectations.probes_tests_read()


def _reading_ahead(suite, settings):
    """What the diagnosis reads of each source (its hints, its seed), read while the submission's worker
    starts (observe_submission) and kept by content (diagnose/hints.py), not after the whole batch is
    observed, when only this process works and the other cores wait: None where nothing is diagnosed.
    pops_a_stack too: the diagnosis asks it of nearly every row, after its walked tree (source_tree.analysed,
    the last 16 texts) has made way for the later rows' own, so that it parsed and walked each file a second
    time (98 of a batch of 100, in the thread that judges: 198 walks for 100 files)."""
    if not suite.diagnose or settings.diagnose != "all":
        return None
    from .diagnose.hints import pops_a_stack, seed_facts, silent_backward_hints, static_hints
    from .diagnose.class_home import class_sources

    engine = f"{suite.module}.py"

    def read(submission):
        for source, _ in class_sources(submission.files, engine):  # the engine file, and its class's own module
            for reading in (static_hints, seed_facts, silent_backward_hints, pops_a_stack):
                reading(submission.files, engine=source)
    return read


def _student_diagnoses(suite, submissions, runs, outcomes, settings, expectations, sandbox, jobs, cache, kept=None):
    """{id: [DiagnosisEntry]} made from the visible tests alone, for a suite with tests a student does not see
    yet, else None. A finding that cites a withheld test is never shown to a student (report.record.
    student_view), so without these a student's feedback (`grade ci`, Gradescope, the pages) had no `why`
    where `grade check`, which judges the visible tests alone, named the mistake."""
    if settings.tests != "all" or all(t["visibility"] == "visible" for t in _declared(suite, settings)):
        return None
    visible = {sid: [o for o in found if o["visibility"] == "visible"] for sid, found in outcomes.items()}
    check = dataclasses.replace(settings, tests="visible")
    return _diagnose(suite, submissions, runs, visible, check, expectations, sandbox, jobs, cache, kept)


def judge(suite, runs, **kwargs):
    """grader.judge.plugin.judge, imported when a batch is first judged: pytest and its plugins take a tenth of a
    second to import, which a check whose verdicts are kept (grader/verdicts.py) never needs."""
    from .judge.plugin import judge as judge_with_pytest

    return judge_with_pytest(suite, runs, **kwargs)


def _judge_contained(suite, runs, settings, expectations, so_far=None):
    """The judge's outcomes, with a failure of the grader on some runs kept to those runs' rows.

    The judge runs the whole batch at once. When that raises (and not because the suite is
    broken, which is every submission's problem: SuiteError), the batch is halved until the
    runs it fails on are found; each of those becomes a `crashed` run saying "grader error"
    (its traceback in the run log), and is judged as such.
    """
    def judged(part):
        try:
            return judge(suite, part, torch=settings.torch, expectations=expectations, tests=settings.tests,
                         so_far=so_far)
        except SuiteError:
            raise
        except Exception:
            if len(part) == 1:
                (sid, run), = part.items()
                runs[sid] = grader_error_run(sid, "judging it", traceback.format_exc())
                return judge(suite, {sid: runs[sid]}, torch=settings.torch, expectations=expectations,
                             tests=settings.tests, so_far=so_far)
            ids = sorted(part)
            half = len(ids) // 2
            return {**judged({sid: part[sid] for sid in ids[:half]}),
                    **judged({sid: part[sid] for sid in ids[half:]})}

    return judged(dict(runs))


def grade(path, *, exercise="engine", jobs=None, limits=Limits(), cache_dir=None, torch="stored",
          require_sandbox=False, progress=None, use_bwrap=True, one_submission=False, queue=None,
          notify=None, write_ahead=False, row_id=None, draw_secret=None) -> Graded:
    """grade_path with the settings as keywords (what the command line passes)."""
    settings = Settings(exercise=exercise, limits=limits, torch=torch, jobs=jobs, cache_dir=cache_dir,
                        require_sandbox=require_sandbox, use_bwrap=use_bwrap, queue=queue, write_ahead=write_ahead,
                        draw_secret=draw_secret)
    return grade_path(path, settings, one_submission=one_submission, row_id=row_id, progress=progress,
                      notify=notify)
