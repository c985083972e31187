"""Score: turn submissions, their runs and the judge's outcomes into the contract's scores record."""

import traceback
from pathlib import Path

from .version import __version__
from .judge import location_suffix
from .load.reading import name_text
from .observe import grader_error_message
from .records import ROW_STATUS_OF_RUN, earned, kept, summed
from .student_text import valid_utf8_tree
from .suites import SuiteError, test_functions


def suite_tests(suite):
    """The grading declarations of a suite's tests, in file order, without running anything."""
    tests = [test.grading for test in test_functions(suite)]
    if not tests:
        raise SuiteError(f"suite {suite.name!r} declares no tests")
    return tests


def location_of(where, submission):
    """`{"file", "line"}` of a verdict's `where` (and `"cell"` in a notebook) when it is one of the
    submission's own files, else {}.

    The run's places are the student's by then (grader.places): `bob.py`, `carol.ipynb` with its cell.
    Reporters point at it (a CI annotation on the line, JUnit's file/line).
    Only the submission's own files count, so a place can never be in the grader.
    """
    names = {origin.file for origin in submission.origins.values()} or set(submission.files)
    if not where or not where.get("line") or where.get("file") not in names:
        return {}
    if where.get("cell") is not None:  # and the later cell that defines the name an import stopped at
        below = {"defined_in_cell": int(where["defined_in_cell"])} if where.get("defined_in_cell") else {}
        return {"file": where["file"], "cell": int(where["cell"]), "line": int(where["line"]), **below}
    return {"file": where["file"], "line": int(where["line"])}


def _row_status(run, tests_read):
    """The row's status: the run's, except that a run whose time ran out after every probe a test reads
    had reported is `graded`.

    The probes that only diagnosis reads (the engine suite's single-op probes, from which it infers
    local derivatives) come last; a correct but slow engine on a slow machine may spend the submission's
    time on them. That costs no point, so its row must not say `timeout` beside its full score; the run's
    message still says that the time ran out. `tests_read`: the probes any hidden test reads (the judge's
    dry run), None when a test reads the whole run, and then the run's status stands. A probe the run
    never reached, or the one it was in when its time ran out, is a `timeout` observation: one of those
    read by a test, and the row stays `timeout`.
    """
    status = ROW_STATUS_OF_RUN[run["status"]].value
    if status != "timeout" or tests_read is None or run.get("import_error"):
        return status
    finished = {name for name, obs in run.get("probes", {}).items()  # skipped: by the suite's choice (stop_early)
                if obs.get("status") == "skipped" or obs.get("status") in ("ok", "error") and not obs.get("not_run")}
    return "graded" if tests_read <= finished else status


def submission_record(submission, run, outcomes, max_score, tests_read=None):
    """One row of the scores file; `tests_read` as for _row_status."""
    if submission.rejected:
        return {"id": submission.id, "status": "rejected", "score": 0.0, "max_score": max_score,
                "message": submission.problem,
                **({"message_data": submission.problem_message} if submission.problem_message else {}),
                "source": name_text(Path(submission.source).name), **_export(submission), "tests": []}
    tests = [
        {"name": o["name"], "status": o["status"], "score": kept(earned(o)),
         "max_score": kept(o["points"]), "visibility": o["visibility"], "output": o["output"],
         **({"output_message": o["output_message"]} if o.get("output_message") else {}),
         "concept": o["concept"], **location_of(o.get("where"), submission),
         **({"exception": o["exception"]} if o.get("exception") else {})}
        for o in outcomes
    ]
    message = run.get("message")
    if run.get("import_error"):
        error = run["import_error"]
        where = error.get("where")
        message = error["error"] + location_suffix(error, where)
    # why the run ended as data too (grader/i18n), when the message is the observer's own (an import error's is
    # the student's exception and its place)
    said = run.get("message_data") if message is not None and message == run.get("message") else None
    if run.get("import_error") and run["import_error"].get("error_message") and message == run["import_error"]["error"]:
        said = run["import_error"]["error_message"]  # the observer's words for it (a module without `Value`)
    status = _row_status(run, tests_read)
    return {"id": submission.id, "status": status,
            "score": summed(tests), "max_score": max_score,
            "message": message, **({"message_data": said} if said else {}),
            "source": name_text(Path(submission.source).name), **_export(submission),
            **({"starved": True} if status == "timeout" and run.get("waited_for_cpu") else {}), "tests": tests}


def _export(submission) -> dict:
    """`export`: an LMS export's student, as grader/load/exports.py found them (the LMS, the student and their id
    there, the files, the attempt graded and those left out, and `said`, that choice in words); and `look_alike`,
    the other ids of the class that look like this one and what tells it apart (alike_ids.told_apart)."""
    return ({"export": submission.export} if getattr(submission, "export", None) else {}) | (
        {"look_alike": submission.look_alike} if getattr(submission, "look_alike", None) else {})


def scores_record(suite, submissions, runs, outcomes, diagnoses=None, tests_read=None, tests=None,
                  student_diagnoses=None, ahead=None):
    """The scores record; `diagnoses` ({id: [entry, ...]}, grader.diagnose) fills each row's `diagnosis`.
    `tests`: the grading declarations the maximum counts (default: every test of the suite; a student's
    check counts the visible ones it ran). `student_diagnoses` ({id: [entry, ...]}, made from the visible tests
    alone, for a suite with withheld tests) fills each row's `student_diagnosis`. `ahead`: a RowsAhead whose
    rows, made from these very records as their parts were done, are taken as they are.

    A row the grader fails to build is `crashed` with a "grader error" message, and carries the
    traceback in `grader_error` (grader.pipeline moves it to the run log); every string is valid
    UTF-8, so the record can always be written.
    """
    max_score = max_score_of(suite, tests)
    made = ahead.rows if ahead is not None else {}
    rows = []
    for s in submissions:
        row = made.get(s.id)
        if row is None:
            row = scored_row(s, runs.get(s.id), outcomes.get(s.id, []), max_score, tests_read,
                             (diagnoses or {}).get(s.id, []),
                             None if student_diagnoses is None else student_diagnoses.get(s.id, []))
        rows.append(row)
    return {"exercise": suite.name, "max_score": max_score, "grader_version": __version__, "submissions": rows}


def max_score_of(suite, tests=None):
    return kept(sum(t["points"] for t in (suite_tests(suite) if tests is None else tests)))


def scored_row(s, run, outcomes, max_score, tests_read, diagnosis, student_diagnosis):
    """One row of the scores record, its strings valid UTF-8; `student_diagnosis` None where the suite
    withholds no test (the row then has none)."""
    try:
        row = submission_record(s, run, outcomes, max_score, tests_read)
        row["diagnosis"] = list(diagnosis)  # [] when nothing is known to explain it
        if student_diagnosis is not None and not s.rejected:
            row["student_diagnosis"] = list(student_diagnosis)
    except Exception:
        detail = traceback.format_exc()
        message = grader_error_message("scoring it", detail)
        row = {"id": s.id, "status": "crashed", "score": 0.0, "max_score": max_score, "message": message,
               "source": name_text(Path(s.source).name), **_export(s), "tests": [], "diagnosis": [],
               "grader_error": {"stage": "scoring it", "detail": detail}}
    return valid_utf8_tree(row)


class RowsAhead:
    """Rows of the scores record made while the rest of the batch is observed (grader/pipeline_rows.py), each
    once its outcomes and diagnoses are final, and with `written` their text too (private_files.WrittenAhead): what
    the batch's single-threaded tail did for every row (about 1 ms of a row's CPU at 1,000, while the other core
    waited). `tests_read(run)`: what _row_status is given for that run (pipeline._tests_read of the run alone:
    only a run that timed out reads it, and then the batch's is the same)."""

    def __init__(self, suite, tests, tests_read, *, written=False):
        from .private_files import WrittenAhead

        self.max_score, self.tests_read = max_score_of(suite, tests), tests_read
        self.rows, self.written = {}, WrittenAhead() if written else None

    def add(self, submission, run, outcomes, diagnosis, student_diagnosis):
        row = self.rows[submission.id] = scored_row(submission, run, outcomes, self.max_score,
                                                    self.tests_read(run), diagnosis, student_diagnosis)
        if self.written is not None and "grader_error" not in row:  # the pipeline takes that out, for the run log
            try:
                self.written.keep(row, 2)  # the level of a row in the record: {"submissions": [row]}
            except OSError:  # no room in the temporary folder: every row is written with the record, as before
                self.written.close()
                self.written = None

    def forget(self):
        """Drop every row (their verdicts changed at the end: pipeline_rows.Rows.finish)."""
        self.rows = {}
        if self.written is not None:
            self.written.close()
