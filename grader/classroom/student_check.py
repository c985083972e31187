"""`grade check`: what a student runs on their own work before handing it in.

It grades one submission (a starter folder, a .py file or the notebook) with
the exercise's *visible* tests only, through the same pipeline as the main
job: the submission is loaded as the grader loads it, observed in the same
sandboxed worker, and judged by the same hidden-suite tests, deselected down
to those declared `visibility="visible"`. The submission is observed every
time, so a check always sees the current files and what they do now.

What keeps a check quick (bench/check_latency.py measures it): the worker
starts before the judge is imported, and pytest and the judge's modules
(about a tenth of a second) load while the probes run in the sandbox
(_StartedFirst hands the pipeline the running observation); and the verdicts
of a run are kept for this boot (grader/verdicts.py), so a check whose run is
the very same as the last check's of the same files skips pytest, the judge
and the diagnosis altogether (and does not load them).

The exercise is taken from `-e`, else from the `.exercise` marker that every
starter folder carries, else from the name of the file (`03-tanh.ipynb`) or
of the folder (`03-tanh/`).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path

from ..i18n import Message, choose, items, msg
from ..load import STUDENT_MODULES, load_submissions
from ..load.reading import name_text
from ..observe import observe_all
from ..records import earned, kept, summed
from ..sandbox import Limits, open_sandbox
from ..sandbox.portable import STRENGTH as PORTABLE
from ..suites import SuiteError, available, load_suite

# How a result reads (check_report.py): LABELS, html_table, report_lines and table_rows are this module's names
# too, imported when first asked for (__getattr__ below), since a check loads the renderer while its worker runs.
_RENDERERS = ("LABELS", "html_table", "report_lines", "table_rows")


def __getattr__(name):
    if name in _RENDERERS:
        from . import check_report

        return getattr(check_report, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# The labels stay PASS/FAIL/SKIP in every language: short, aligned, and what scripts and the README match.


class CheckError(ValueError):
    """The check cannot start (no exercise to check against, nothing at PATH). `message`: its words as a
    Message (grader/i18n); str() is it in `lang` (grader.i18n.choose's default when None), as a notebook shows it."""

    def __init__(self, message, lang: str | None = None):
        from ..i18n import translator

        super().__init__(translator(choose(lang)).render(message))
        self.message = message


@dataclasses.dataclass
class CheckResult:
    exercise: str
    title: str
    checked: str  # what was graded, as the student knows it: "engine.py", "03-tanh.ipynb", ...
    rejected: Message | str | None  # why the submission could not be read, if it could not (said in `lang`)
    tests: list  # visible test outcomes, in suite order: name, status, output, points, score (kept), doc
    notes: list  # things worth saying that are not test results
    seconds: float
    diagnosis: list = dataclasses.field(default_factory=list)  # the scores record's kind, visible tests only
    lang: str = "en"  # the language it is shown in (grader.i18n): the words, never the numbers or the code

    def __str__(self):
        """What `grade check` prints; a notebook's check() prints the same."""
        from .check_report import report_lines

        return "\n".join(report_lines(self))

    def _repr_pretty_(self, printer, cycle):
        """IPython's plain-text form (a terminal, a notebook saved as text): the same words."""
        printer.text(str(self))

    def _repr_html_(self):
        """Jupyter, JupyterLab, VS Code and Colab show this table instead of the text."""
        from .check_report import html_table

        return html_table(self)

    @property
    def points(self):
        """The visible tests' points, summed as the scores file sums a row's (grader.records.summed)."""
        return summed(self.tests)

    @property
    def max_points(self):
        return sum(t["points"] for t in self.tests)

    @property
    def all_passed(self):
        return self.rejected is None and all(t["status"] == "passed" for t in self.tests)


def infer_exercise(path: Path) -> str | None:
    """The exercise PATH belongs to: its folder's `.exercise` marker, else its own name or its folder's."""
    from .starters import MARKER_FILE

    path = Path(path).resolve()
    folder = path if path.is_dir() else path.parent
    known = set(available())
    marker = folder / MARKER_FILE
    if marker.is_file():
        named = marker.read_text(encoding="utf-8", errors="replace").strip()
        if named in known:
            return named
    # A file named after a module of the exercise (engine.py, nn.py, ...) says nothing about the exercise.
    own_name = path.name if path.is_dir() else None if path.stem in STUDENT_MODULES else path.stem
    for name in (own_name, folder.name):
        if name in known:
            return name
    return None


def _what_is_checked(path: Path, suite, submission) -> tuple[str, list]:
    """The file(s) a check grades, in the student's words (named as a row's `source` names them: a byte of a name
    that is not UTF-8 as `\\xe9`, never written raw), and a note when a notebook looks newer."""
    if not path.is_dir():
        return name_text(path.name), []
    present = [f for f in suite.files if (path / f).is_file()]
    if not present:
        # what the loader took instead, e.g. the folder's one notebook; else the folder, by its real name
        taken = sorted({origin.file for origin in submission.origins.values()})
        return ", ".join(taken) if taken else name_text(path.resolve().name) + "/", []
    own = [f for f in present if f != "engine.py"] or present
    notes = []
    notebook = path / f"{suite.name}.ipynb"
    # Seconds apart: a handout unpacked or copied writes them within a moment of each other.
    if notebook.is_file() and notebook.stat().st_mtime > max((path / f).stat().st_mtime for f in own) + 5:
        notes.append(msg("{notebook} was saved after {files}; to check the notebook instead, run "
                         "`grade check {notebook}`.", notebook=notebook.name, files=items(own, join="comma")))
    return ", ".join(own), notes


def suite_of(exercise: str, lang: str | None = None):
    """The suite of `exercise`; a name the grader has no suite for is refused in the student's words and
    language, as `grade check -e` and a notebook's `check("…")` were given it (session 32: the suites'
    English `no suite named '03-tnah'; available: …` in every language)."""
    if exercise not in available():
        raise CheckError(msg("there is no exercise named {exercise}; the exercises are {exercises}",
                             exercise=exercise, exercises=items(available(), join="comma")), lang)
    try:
        return load_suite(exercise)
    except SuiteError as exc:
        if exc.message is None:  # the suite itself is broken: the instructor's English
            raise
        raise CheckError(exc.message, lang) from None  # 09-write-tests on a student's install


def check(path, exercise: str | None = None, *, limits: Limits = Limits(), use_bwrap: bool = True,
          lang: str | None = None) -> CheckResult:
    """Grade PATH with the visible tests of its exercise, through the one pipeline (grader/pipeline.py); see
    the module docstring. `lang`: the language of the result's words (default: $GRADE_LANG, then the
    locale, then English; grader.i18n.choose)."""
    started = time.monotonic()
    path = Path(path)
    if not path.exists():
        raise CheckError(msg("{path}: no such file or folder", path=str(path)), lang)
    exercise = exercise or infer_exercise(path)
    if exercise is None:
        from .starters import MARKER_FILE

        raise CheckError(msg("cannot tell which exercise {path} is for (no {marker} file, and its name is not an "
                             "exercise's): pass -e EXERCISE, one of {exercises}", path=str(path), marker=MARKER_FILE,
                             exercises=items(available(), join="comma")), lang)
    suite = suite_of(exercise, lang)
    (submission,) = load_submissions(path, suite, one_submission=True)
    checked, notes = _what_is_checked(path, suite, submission)
    return check_submission(submission, suite, checked, notes, limits=limits, use_bwrap=use_bwrap, lang=lang,
                            started=started)


def check_submission(submission, suite, checked: str, notes: list, *, limits: Limits = Limits(),
                     use_bwrap: bool = True, lang: str | None = None, started: float | None = None) -> CheckResult:
    """A loaded submission checked with `suite`'s visible tests; `checked`: what it is in the student's words."""
    started = time.monotonic() if started is None else started
    lang = choose(lang)
    exercise = suite.name
    if submission.rejected:
        why = Message.from_json(submission.problem_message) if submission.problem_message else submission.problem
        return CheckResult(exercise, msg(suite.title), checked, why, [], notes,
                           time.monotonic() - started, lang=lang)
    sandbox = open_sandbox(limits, use_bwrap=use_bwrap)
    observer = _StartedFirst(submission, suite, sandbox)
    try:
        observer.start()
        # while the worker runs: the pipeline and what the rest of the check needs, the renderer included
        from . import check_report  # noqa: F401
        from ..observe.cache import ObservationCache
        from ..pipeline import Settings, grade_submissions
        from ..scores import suite_tests
        from ..verdicts import VerdictCache

        settings = Settings(exercise=exercise, limits=limits, jobs=1, cache_dir=None, use_bwrap=use_bwrap,
                            tests="visible", check_verdicts=True)
        if not VerdictCache(None, suite, settings).kept_for(ObservationCache.key(submission, suite, limits)):
            # not checked this boot: pytest, the judge and the diagnosis are loaded while the worker runs
            import grader.diagnose  # noqa: F401
            import grader.judge.plugin  # noqa: F401

        graded = grade_submissions([submission], suite, settings, observer=observer, sandbox=sandbox)
    except BaseException:
        sandbox.interrupt()  # a suite that cannot judge, Ctrl-C: the worker is killed, its run not used
        raise
    finally:
        observer.join()
        sandbox.close()
    if graded.sandbox == PORTABLE:
        # grader.sandbox.portable.NOTICE, in the student's language
        notes.append(msg("This is a check on your own machine, not your grade: your code ran in a plain "
                         "subprocess (no sandbox), and your instructor grades what you hand in."))
    elif graded.warning:
        notes.append(msg("the sandbox here is weaker than the grader's (no bubblewrap); the results are the same"))
    if suite.draw_inputs:  # the grade of record's drawn inputs (grader/judge/drawn.py), which a check never has
        notes.append(msg("Your instructor's grade also checks these tests at other inputs, drawn for each "
                         "submission: numbers worked out for the inputs shown here pass only here."))
    run, row = graded.runs[submission.id], graded.row(submission.id)
    if run["status"] != "ok" and run.get("message"):
        notes.append(Message.from_json(run["message_data"]) if run.get("message_data") else run["message"])
    # a test's doc: its English text (the catalog's id), or a message record where it is made from parts (09's)
    docs = {t["name"]: t.get("doc_message") or t["doc"] for t in suite_tests(suite)}
    tests = visible_rows(graded.outcomes[submission.id], docs)
    return CheckResult(exercise, msg(suite.title), checked, None, tests, notes, time.monotonic() - started,
                       row["diagnosis"], lang=lang)


def visible_rows(outcomes: list[dict], docs: dict) -> list[dict]:
    """A check's tests: each outcome with its doc, and its points as the scores file keeps them (`score`, `earned`
    kept: 0.6667, not 0.6666666666666666; closing32's leftover), so a check's row says the scores file's numbers."""
    return [dict(o, doc=docs.get(o["name"], ""), score=kept(earned(o)),
                 **({"earned": kept(o["earned"])} if o.get("earned") is not None else {})) for o in outcomes]


class _StartedFirst:
    """The pipeline's Observer (grader.pipeline.Observer) for one submission whose observation starts before
    the pipeline asks for it: in this machine's sandbox, as the pipeline's own pool would observe it
    (observe_all, one worker, nothing cached), on a thread while the grader imports the judge."""

    def __init__(self, submission, suite, sandbox):
        self.submission, self.suite, self.sandbox = submission, suite, sandbox
        self.strength, self.warning = sandbox.strength, sandbox.warning
        self._thread, self._runs, self._error = None, None, None

    def start(self):
        self._thread = threading.Thread(target=self._observe, name="grade-check-observe", daemon=True)
        self._thread.start()

    def _observe(self):
        try:
            self._runs = observe_all([self.submission], self.suite, self.sandbox, jobs=1)
        except BaseException as exc:  # the grader's own failure: raised where the pipeline asks for the runs
            self._error = exc

    def join(self):
        if self._thread is not None:
            self._thread.join()

    def observe(self, submissions, suite, *, cache, on_done):
        if [s.id for s in submissions] != [self.submission.id] or suite is not self.suite:
            raise ValueError("a check's observation was started for another submission or suite")
        self.join()
        if self._error is not None:
            raise self._error
        for sid, run in self._runs.items():
            on_done(self.submission, run, False)
        return self._runs
