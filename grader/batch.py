"""The main job, end to end: load → observe (sandboxed, parallel, cached) → judge → diagnose → score."""

import dataclasses
import time
import traceback

from .distribution import require_instructor_part
from .judge.plugin import Expectations, judge
from .load import LoadError, load_entry, load_folder, nothing_to_grade
from .machine_size import default_jobs
from .observe import grader_error_run, observe_all
from .observe.cache import ObservationCache
from .places import as_the_student_sees
from .sandbox import Limits, open_sandbox
from .scores import scores_record
from .suites import SuiteError, load_suite


@dataclasses.dataclass
class BatchResult:
    scores: dict
    runs: dict  # id -> run record (timings and printed output live here, not in scores)
    seconds: float
    observed: int  # submissions observed in this run (not from the cache)
    sandbox: str
    warning: str | None
    grader_errors: list = dataclasses.field(default_factory=list)  # [{"id", "stage", "detail"}]: the run log
    submissions: list = dataclasses.field(default_factory=list)  # as loaded: each file's Origin (grade ci)


def grade(path, *, exercise="engine", jobs=None, limits=Limits(), cache_dir=None, torch="stored",
          require_sandbox=False, progress=None, use_bwrap=True, one_submission=False, queue=None, notify=None):
    """Grade every entry of `path` (a folder of submissions, or one submission).

    one_submission=True takes `path` as one student's work whatever it holds
    (Gradescope's submission folder, a student's repository in CI), never as a
    class folder. queue="redis://..." observes on the workers of that queue
    (grader.fleet) instead of this machine's pool; `notify(text)` hears what
    the fleet has to say while the batch waits (a refusal, no worker).
    """
    require_instructor_part("Grading")  # the hidden suites, the reference and the diagnosis
    from .diagnose import diagnose_batch

    started = time.monotonic()
    suite = load_suite(exercise)
    allowed = frozenset(suite.files) | {"engine.py"}
    submissions = [load_entry(path, allowed)] if one_submission else load_folder(path, allowed_files=allowed)
    if not submissions:
        raise LoadError(nothing_to_grade(path))
    jobs = jobs or default_jobs(limits.memory_mb)
    fleet = None
    if queue:
        try:
            from .fleet.submit import QueueObserver
        except ImportError:
            from .fleet import MISSING, FleetError
            raise FleetError(MISSING) from None
        fleet = QueueObserver(queue, require_sandbox=require_sandbox, notify=notify)
    # With a queue, this machine's sandbox runs only the grader's own bug variants (for diagnosis), never
    # a submission: the --require-sandbox that matters is the workers', and travels with each job.
    sandbox = open_sandbox(limits, require=require_sandbox and not fleet, use_bwrap=use_bwrap)
    observed = 0
    cache = ObservationCache(cache_dir)
    try:
        try:
            if progress:
                progress.start(len(submissions), sum(1 for s in submissions if s.rejected))

            def on_done(submission, run, cached):
                nonlocal observed
                observed += not cached
                if progress:
                    progress.advance(submission, run, cached)

            if fleet:
                runs = fleet.observe_all(submissions, suite, limits, cache=cache, on_done=on_done)
            else:
                runs = observe_all(submissions, suite, sandbox, jobs=jobs, cache=cache, on_done=on_done)
            # From here on, a place in a run is the student's own: bob.py, or carol.ipynb's cell and line.
            by_id = {s.id: s for s in submissions}
            runs = {sid: as_the_student_sees(run, by_id[sid], suite.module) for sid, run in runs.items()}
        finally:
            if progress:
                progress.finish()
        expectations = Expectations(suite, torch=torch)
        outcomes = _judge_contained(suite, runs, torch, expectations)
        # The bug variants run in the same sandbox and cache, once per batch, only if a submission needs them.
        diagnoses = (diagnose_batch(suite, submissions, runs, outcomes, expectations=expectations,
                                    sandbox=sandbox, jobs=jobs, cache=cache)
                     if suite.diagnose else {})
    finally:
        sandbox.close()
    record = scores_record(suite, submissions, runs, outcomes, diagnoses,
                           tests_read=_tests_read(runs, expectations))
    errors = [{"id": sid, **run["grader_error"]} for sid, run in sorted(runs.items()) if "grader_error" in run]
    errors += [{"id": row["id"], **row.pop("grader_error")} for row in record["submissions"] if "grader_error" in row]
    if fleet:
        return BatchResult(record, runs, time.monotonic() - started, observed, fleet.strength, None, errors,
                           submissions)
    return BatchResult(record, runs, time.monotonic() - started, observed, sandbox.strength, sandbox.warning,
                       errors, submissions)


def _tests_read(runs, expectations):
    """The probes the hidden tests read, for a row whose run ran out of time (scores._row_status); the
    judge's dry run has been made by then (it groups by it), so this costs nothing."""
    if not any(run.get("status") == "timeout" for run in runs.values()):
        return None
    return expectations.probes_tests_read()


def _judge_contained(suite, runs, torch, expectations):
    """The judge's outcomes, with a failure of the grader on some runs kept to those runs' rows.

    The judge runs the whole batch at once. When that raises (and not because the suite is
    broken, which is every submission's problem: SuiteError), the batch is halved until the
    runs it fails on are found; each of those becomes a `crashed` run saying "grader error"
    (its traceback in the run log), and is judged as such.
    """
    def judged(part):
        try:
            return judge(suite, part, torch=torch, expectations=expectations)
        except SuiteError:
            raise
        except Exception:
            if len(part) == 1:
                (sid, run), = part.items()
                runs[sid] = grader_error_run(sid, "judging it", traceback.format_exc())
                return judge(suite, {sid: runs[sid]}, torch=torch, expectations=expectations)
            ids = sorted(part)
            half = len(ids) // 2
            return {**judged({sid: part[sid] for sid in ids[:half]}),
                    **judged({sid: part[sid] for sid in ids[half:]})}

    return judged(dict(runs))
