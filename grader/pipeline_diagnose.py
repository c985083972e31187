"""The pipeline's diagnosis step (grader/pipeline.py): the bug variants run once per batch, only if a submission
needs them, and the walks' book shared by a batch's diagnosers."""

from __future__ import annotations

from .distribution import instructor_part_installed
from .verdicts import walks_path


def _diagnosed_in_parts(suite, settings, submissions, sandbox):
    """Whether rows may be diagnosed as they arrive (pipeline_rows.py): nothing to diagnose, no variant book
    (a student's install), or a book that is the suite's stored variant runs alone and that no submission's
    files stand in for (diagnose/book.py); else the rows are diagnosed once all are observed."""
    if not suite.diagnose or settings.diagnose == "none" or sandbox is None or not instructor_part_installed():
        return True
    from .diagnose.book import stored_suffices

    return stored_suffices(suite, {s.digest for s in submissions if not s.rejected})


def _diagnose(suite, submissions, runs, outcomes, settings, expectations, sandbox, jobs, cache, kept=None):
    """{id: [grader.records.DiagnosisEntry]}: the bug variants run in the same sandbox and cache, once per
    batch, only if a submission needs them. Nothing where the diagnosis is not installed (a student's
    install, grader/distribution.py) or not asked for. `kept`: the batch's diagnosers, kept across its parts
    (pipeline_rows.py), one for all tests and one for the visible ones."""
    if settings.diagnose == "none":
        return {}
    if not suite.diagnose:
        return _read_tests(suite, submissions)
    from .diagnose import Diagnoser, diagnose_batch

    if kept is not None and settings.tests not in kept:
        if "walks" not in kept:
            kept["walks"] = _walk_book(suite)
        kept[settings.tests] = Diagnoser(suite, expectations, walks=kept["walks"])
    # A student's install has no variant library (grader/distribution.py): no sandbox for it, and its
    # diagnosis is what needs none (a missing op, a local derivative, hints from the source).
    with expectations.active():  # which ops a probe uses: stored, in a student's install (judge/ops.py)
        found = diagnose_batch(suite, submissions, runs, outcomes, expectations=expectations,
                               sandbox=sandbox if instructor_part_installed() else None, jobs=jobs, cache=cache,
                               diagnoser=None if kept is None else kept[settings.tests])
    if settings.tests == "all":
        return found
    # a check: only what cites the tests it ran (the visible ones)
    return {sid: [d for d in entries if all(name in {o["name"] for o in outcomes.get(sid, [])}
                                             for name in d.get("tests") or [])]
            for sid, entries in found.items()}


def _read_tests(suite, submissions):
    """A suite the bug variants cannot explain: only what its STUDENT_TESTS hold that cannot fail (an `assert` of a
    tuple or a constant), in the student's terms (a notebook's cell and line). Each cites no test, so a check shows
    it too."""
    if not suite.student_tests:
        return {}
    from .diagnose import _in_students_terms
    from .diagnose.student_asserts import vacuous_asserts

    return {s.id: _in_students_terms([h for name in suite.student_tests for h in vacuous_asserts(s.files, tests=name)],
                                     s)
            for s in submissions if not s.rejected}


def _walk_book(suite):
    """The batch's walks in the wrong order (diagnose/walk_book.py), whose observations depend on no student: kept
    for this boot (verdicts.walks_path) and shared by the batch's diagnosers; None in a student's install."""
    try:
        from .diagnose.walk_book import WalkBook
    except ImportError:
        return None
    return WalkBook(suite, walks_path(suite))
