"""`grade check`: what a student runs on their own work before handing it in.

It grades one submission (a starter folder, a .py file or the notebook) with
the exercise's *visible* tests only, through the same pipeline as the main
job: the submission is loaded as the grader loads it, observed in the same
sandboxed worker, and judged by the same hidden-suite tests, deselected down
to those declared `visibility="visible"`. Nothing is cached, so a check
always sees the current files.

The exercise is taken from `-e`, else from the `.exercise` marker that every
starter folder carries, else from the name of the file (`03-tanh.ipynb`) or
of the folder (`03-tanh/`).
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from .load import STUDENT_MODULES, load_entry
from .observe import ObservationCache, observe_all
from .sandbox import Limits, Sandbox
from .starters import MARKER_FILE
from .suites import available, load_suite

LABELS = {"passed": "PASS", "failed": "FAIL", "error": "FAIL", "timeout": "FAIL", "skipped": "SKIP"}


class CheckError(ValueError):
    """The check cannot start (no exercise to check against, nothing at PATH)."""


@dataclasses.dataclass
class CheckResult:
    exercise: str
    title: str
    checked: str  # what was graded, as the student knows it: "engine.py", "03-tanh.ipynb", ...
    rejected: str | None  # why the submission could not be read, if it could not
    tests: list  # visible test outcomes, in suite order: name, status, output, points, doc
    notes: list  # things worth saying that are not test results
    seconds: float

    @property
    def points(self):
        return sum(t["points"] for t in self.tests if t["status"] == "passed")

    @property
    def max_points(self):
        return sum(t["points"] for t in self.tests)

    @property
    def all_passed(self):
        return self.rejected is None and all(t["status"] == "passed" for t in self.tests)


def infer_exercise(path: Path) -> str | None:
    """The exercise PATH belongs to: its folder's `.exercise` marker, else its own name or its folder's."""
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


def _what_is_checked(path: Path, suite) -> tuple[str, list]:
    """The file(s) a check grades, in the student's words, and a note when a notebook looks newer."""
    if not path.is_dir():
        return path.name, []
    present = [f for f in suite.files if (path / f).is_file()]
    if not present:
        return path.name + "/", []
    own = [f for f in present if f != "engine.py"] or present
    notes = []
    notebook = path / f"{suite.name}.ipynb"
    # Seconds apart: a handout unpacked or copied writes them within a moment of each other.
    if notebook.is_file() and notebook.stat().st_mtime > max((path / f).stat().st_mtime for f in own) + 5:
        notes.append(f"{notebook.name} was saved after {', '.join(own)}; to check the notebook instead, run "
                     f"`grade check {notebook.name}`.")
    return ", ".join(own), notes


def _visible_plugin_class():
    from .judge.plugin import JudgePlugin

    class VisibleOnly(JudgePlugin):
        """The judge's plugin, restricted to the tests declared visible: the others are never run."""

        def pytest_generate_tests(self, metafunc):
            if getattr(metafunc.function, "grading", {}).get("visibility") == "visible":
                return super().pytest_generate_tests(metafunc)
            if "submission" in metafunc.fixturenames:  # deselected below, so never evaluated
                metafunc.parametrize("submission", sorted(self.runs))
            return None

        def pytest_collection_modifyitems(self, items):
            super().pytest_collection_modifyitems(items)
            items[:] = [i for i in items if i.function.grading["visibility"] == "visible"]

    return VisibleOnly


def judge_visible(suite, runs) -> dict:
    """The visible tests' outcomes for every run, {id: [outcome, ...]}: grader.judge.plugin.judge, deselected."""
    from .judge.plugin import judge

    return judge(suite, runs, plugin_class=_visible_plugin_class())


def check(path, exercise: str | None = None, *, limits: Limits = Limits(), use_bwrap: bool = True) -> CheckResult:
    """Grade PATH with the visible tests of its exercise; see the module docstring."""
    started = time.monotonic()
    path = Path(path)
    if not path.exists():
        raise CheckError(f"{path}: no such file or folder")
    exercise = exercise or infer_exercise(path)
    if exercise is None:
        raise CheckError(f"cannot tell which exercise {path} is for (no {MARKER_FILE} file, and its name is not "
                         f"an exercise's): pass -e EXERCISE, one of {', '.join(available())}")
    suite = load_suite(exercise)
    checked, notes = _what_is_checked(path, suite)
    submission = load_entry(path, allowed_files=frozenset(suite.files) | {"engine.py"})
    grading = {t["name"]: t for t in _declared_tests(suite)}
    if submission.rejected:
        return CheckResult(exercise, suite.title, checked, submission.problem, [], notes,
                           time.monotonic() - started)
    sandbox = Sandbox(limits, use_bwrap=use_bwrap)
    try:
        runs = observe_all([submission], suite, sandbox, jobs=1, cache=ObservationCache(None))
    finally:
        sandbox.close()
    if sandbox.warning:
        notes.append("the sandbox here is weaker than the grader's (no bubblewrap); the results are the same")
    run = runs[submission.id]
    if run["status"] != "ok" and run.get("message"):
        notes.append(run["message"])
    outcomes = judge_visible(suite, runs)[submission.id]
    tests = [dict(o, doc=grading.get(o["name"], {}).get("doc", "")) for o in outcomes]
    return CheckResult(exercise, suite.title, checked, None, tests, notes, time.monotonic() - started)


def _declared_tests(suite):
    from .scores import suite_tests

    return suite_tests(suite)


def report_lines(result: CheckResult) -> list[str]:
    """What `grade check` prints: a header, one line per visible test, notes, and a score line."""
    lines = [f"{result.exercise}: {result.title}. Visible tests on {result.checked}:"]
    if result.rejected:
        lines.append(f"FAIL  {result.checked} could not be read: {result.rejected}")
        lines.append("Score on the visible tests: 0 (nothing could be graded).")
        return lines
    width = max([len(t["name"]) for t in result.tests] + [4])
    for t in result.tests:
        label = LABELS.get(t["status"], "FAIL")
        text = t["doc"] if t["status"] == "passed" or not t["output"] else t["output"]
        lines.append(f"{label}  {t['name']:<{width}}  {text}".rstrip())
    lines.extend(f"note: {n}" for n in result.notes)
    passed = sum(t["status"] == "passed" for t in result.tests)
    lines.append(f"Score on the visible tests: {result.points:g}/{result.max_points:g} points "
                 f"({passed} of {len(result.tests)} tests pass). Hidden tests are graded after you hand in.")
    return lines
