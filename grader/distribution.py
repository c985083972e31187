"""Two installs: what a student's `pip install micrograd-grader` holds, and what stays the instructor's.

"Hidden" tests readable in an installed package are not hidden, and the
reference engine is the solution. So the project builds two wheels:

- `micrograd-grader` (the checkout's pyproject.toml and setup.py): the grader,
  each suite's probes and a copy of its test files with only the visible
  tests in them (`visible_test_*.py`), and the expected values of the probes
  those tests read, computed from the reference when the wheel is built
  (`visible_expectations.json`, with the ops each probe uses, for charging, and
  the single-op probes' values, for the local derivatives the diagnosis reads
  off a student's numbers), and the diagnosis that ships no solution (missing
  ops, local derivatives, source hints). Enough for `grade check` and `check()` in a
  notebook, on any OS, for every exercise but 09-write-tests (whose probes
  carry the reference and the buggy engines into the sandbox).
- `micrograd-grader-instructor` (instructor/): the reference engine, the bug
  variant library (`grader/variants/`, and the diagnosis's book.py, rule.py,
  styles.py, stored.py and walks.py, which run and name the variants and the
  walks in the wrong order), and
  the translations of its words and of the starters' comments,
  `grader/locale/*/LC_MESSAGES/{diagnose,starters}.mo`), the
  suites' full test files, stored PyTorch results, stored variant runs,
  09-write-tests' buggy engines, and the exercises with the students' guide
  (`grader/exercises/`, for `grade handout`). `pip install
  "micrograd-grader[instructor]"` installs both; batch grading, `grade
  handout` and `grade starters` need it.

The exercises are the instructor's, not the student wheel's: from 06 on a
starter holds the complete engine, the solutions of 01-05, and the course
hands exercises out one at a time (`grade handout OUT -e EXERCISE`).
Probes are no secret: they travel into the sandbox with every submission, and
an expression without its expected value gives nothing away.

A checkout (`pip install -e ".[test]"`) has everything, in place.
"""

from __future__ import annotations

import ast
import importlib.util
import json
from pathlib import Path

from .parsing import parse
from .suites import SuiteError

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent  # the project's root, when the grader runs from a checkout

# Paths relative to the project's root (or to site-packages, installed) that only the instructor's wheel holds.
INSTRUCTOR_PACKAGES = ("reference",)
# The variant library: the catalogue of bug variants (patches of the reference: its code) and the diagnosis
# parts that run or name them. The rest of grader/diagnose/ ships to students: a missing op, a local
# derivative read off the student's own numbers, hints from the source (docs/distribution.md).
INSTRUCTOR_MODULES = ("grader/variants/", "grader/diagnose/book.py", "grader/diagnose/rule.py",
                      "grader/diagnose/styles.py", "grader/diagnose/stored.py", "grader/diagnose/walks.py",
                      "grader/diagnose/walk_book.py",
                      # micrograd's own tests (public, MIT), a public source of `grade similarity` on a class of test
                      # files (pub40): the student wheel holds no file named as a test (test_distribution)
                      "grader/data/public/karpathy-micrograd/test_engine.py")
# of a suite's folder; everything else there is the instructor's. course.py: 07's replay of the course's gradient
# descent, which holds no solution (the tanh MLP's gradient by hand; 03's README gives tanh's derivative) and never
# travels into the sandbox (not a RUNNER_FILES entry, and the sandbox holds no site-packages): shipped, so that a
# student's `grade check` judges train/train-xor as grading does (review 28)
STUDENT_SUITE_FILES = ("__init__.py", "probes.py", "course.py")
VISIBLE_PREFIX = "visible_"  # grader/suites/<id>/visible_test_*.py: the visible tests alone (student wheel)
EXPECTATIONS = "visible_expectations.json"  # read by grader.judge.expectations
EXERCISES_IN_PACKAGE = PACKAGE / "exercises"  # where the instructor wheel puts exercises/
STUDENTS_GUIDE = "students.md"  # docs/students.md, beside the exercises in the wheel
INSTRUCTOR_CATALOGS = ("diagnose", "starters", "suites")  # gettext domains (grader/locale) only the instructor's wheel holds


class InstructorPartMissing(SuiteError):
    """A command needs what only the instructor's install holds: the grader cannot do its job here."""


def library_missing(exc: ImportError) -> bool:
    """Whether EXC says that a library of an optional extra (`[fleet]`, `[serve]`) is not installed, so that the
    command may say which extra to install: a module that is not found, and none of the grader's own (session 25:
    an ImportError inside the grader, a half-upgraded or broken install, made `grade worker` say that RQ was not
    installed, and `grade serve` that its libraries were not)."""
    return isinstance(exc, ModuleNotFoundError) and bool(exc.name) and exc.name.partition(".")[0] != "grader"


def instructor_only(relative: str) -> bool:
    """Whether a file of the project (a path relative to its root, with /) stays out of the student wheel."""
    parts = relative.split("/")
    if parts[0] in INSTRUCTOR_PACKAGES:
        return True
    if any(relative == m or (m.endswith("/") and relative.startswith(m)) for m in INSTRUCTOR_MODULES):
        return True
    if parts[:2] == ["grader", "suites"] and len(parts) == 4:  # grader/suites/<id>/<file>
        return parts[3] not in STUDENT_SUITE_FILES and not parts[3].startswith("probes_")  # probes.py's own modules
    if parts[:2] == ["grader", "locale"] and len(parts) == 5:  # grader/locale/<lang>/LC_MESSAGES/<domain>.mo
        # the diagnosis's words name the fixes, and the starters' are the handout's (grader/i18n)
        return parts[4].split(".")[0] in INSTRUCTOR_CATALOGS
    return parts[:2] == ["grader", "exercises"]


def instructor_part_installed() -> bool:
    return importlib.util.find_spec("reference") is not None and (PACKAGE / "variants" / "__init__.py").is_file()


def require_instructor_part(what: str) -> None:
    """One message for everything a student's install cannot do (`what`: "`grade handout`", "Grading", ...)."""
    if not instructor_part_installed():
        raise InstructorPartMissing(
            f"{what} needs the instructor's part of the grader (the reference solution, the hidden suites "
            "and the bug variants), which a student's install does not hold: "
            'pip install "micrograd-grader[instructor]", or install from the course\'s checkout '
            "(pip install -e .)")


def exercises_folder() -> Path:
    """The exercises: the checkout's exercises/ when the grader runs from one, else the installed copy."""
    checkout = CHECKOUT / "exercises"
    return checkout if checkout.is_dir() else EXERCISES_IN_PACKAGE


def students_guide() -> Path:
    checkout = CHECKOUT / "docs" / "students.md"
    return checkout if checkout.is_file() else EXERCISES_IN_PACKAGE / STUDENTS_GUIDE


# -- the student wheel's generated files -------------------------------------------------------


def _visibility(decorator) -> str | None:
    """The visibility a `@points(...)` decorator declares ("visible" when it says none); None if not @points."""
    if not (isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "points"):
        return None
    for keyword in decorator.keywords:
        if keyword.arg == "visibility":
            if not isinstance(keyword.value, ast.Constant):
                raise ValueError(f"line {decorator.lineno}: visibility must be a literal string to be shipped")
            return keyword.value.value
    return "visible"


def visible_test_source(text: str) -> str:
    """A suite's test file with every test that is not `visibility="visible"` cut out, lines and all."""
    tree = parse(text)
    cut = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            visibilities = [v for v in map(_visibility, node.decorator_list) if v is not None]
            if visibilities and visibilities[0] != "visible":
                first = min(d.lineno for d in node.decorator_list)
                cut.update(range(first, node.end_lineno + 1))
    lines = text.splitlines(keepends=True)
    kept = [line for number, line in enumerate(lines, start=1) if number not in cut]
    header = "# Generated for the student wheel (grader/distribution.py): the visible tests only.\n"
    return header + "".join(kept)


def _recording_fixtures(run, expectations, read):
    """The fixtures a test asks for, answering from `run`, and noting each probe whose expected values it reads."""

    def observation(probe):
        # the reference's own observation of every probe a visible test reads: the judge's dry run (which
        # probes each test reads, Expectations.reads) runs the visible tests on it in a student's install too
        read["observed"].add(probe.__name__)
        return run["probes"].get(probe.__name__, {})

    def observe(probe):
        obs = observation(probe)
        if obs.get("status") != "ok":
            raise LookupError(probe.__name__)  # the test stops here, as the judge's fixture would
        return obs["values"]

    def expect(probe):
        read["reference"].add(probe.__name__)
        return expectations.reference(probe)

    def torch_expect(probe):
        read["torch"].add(probe.__name__)
        return expectations.torch(probe)

    imported = {k: v for k, v in run.items() if k != "probes"}  # a superset of the judge's IMPORTED
    return {"observe": observe, "observation": observation, "expect": expect, "torch_expect": torch_expect,
            "imported": imported, "run": run}


def visible_expectations(suite, expectations, runs) -> dict:
    """{"reference": {probe: values}, "torch": {probe: values}} of every probe whose expected values a visible
    test reads, found by running each visible test on each of `runs` (the reference's, the variants'), and
    "ops": {probe: [op, ...]} of every probe."""
    import inspect

    from .suites import test_functions

    read = {"reference": set(), "torch": set(), "observed": set()}
    for test in test_functions(suite):
        if test.grading["visibility"] != "visible":
            continue
        names = list(inspect.signature(test).parameters)
        for run in runs:
            fixtures = _recording_fixtures(run, expectations, read)
            try:
                test(**{name: fixtures[name] for name in names})
            except Exception:  # a failing verdict: what it read before failing is recorded
                pass
    probes = {name: suite.probe(name) for name in suite.probe_names}
    if not suite.cases:  # a probe case (09-write-tests) runs only in a worker, never on the reference here
        read["reference"] |= read["observed"]
    # the single-op probes from which the diagnosis reads a local derivative off the student's numbers
    read["reference"].update(name for name, probe in probes.items() if getattr(probe, "local_op", None))
    from .judge.ops import traced_ops

    return {"reference": {n: expectations.reference(probes[n]) for n in sorted(read["reference"])},
            "torch": {n: expectations.torch(probes[n]) for n in sorted(read["torch"])},
            # which ops each probe uses (judge/charging.py), traced on the reference, which the student lacks
            "ops": {} if suite.cases else {n: sorted(traced_ops(probes[n])) for n in suite.probe_names}}


def student_build_files() -> dict[str, bytes]:
    """{path in the wheel: bytes} of the student wheel's generated files: visible tests and their expectations."""
    from .judge.expectations import Expectations
    from .suites import available, load_suite

    out = {}
    for name in available():
        suite = load_suite(name)
        for path in sorted(suite.folder.glob("test_*.py")):
            out[f"grader/suites/{name}/{VISIBLE_PREFIX}{path.name}"] = visible_test_source(
                path.read_text(encoding="utf-8")).encode()
        expectations = Expectations(suite, reference="live")
        # A suite of probe cases (09) runs only in a worker, never on the reference in this process.
        reference_run = {"status": "ok", "message": None, "import_error": None,
                         "probes": {p: {"status": "ok", "values": expectations.reference(suite.probe(p))}
                                    for p in suite.probe_names} if not suite.cases else {}}
        stored_runs = suite.folder / "variant_runs.json"  # grader.diagnose.stored, read without the variants
        variant_runs = json.loads(stored_runs.read_text(encoding="utf-8"))["runs"] if stored_runs.is_file() else {}
        record = visible_expectations(suite, expectations, [reference_run, *variant_runs.values()])
        # not sort_keys: each probe's values keep the probe's own order, in which a failing test names the first
        # node that differs (`a.grad`), as the checkout's live reference does
        out[f"grader/suites/{name}/{EXPECTATIONS}"] = (json.dumps(record, indent=1) + "\n").encode()
    out.update(visible_catalogs())
    return out


def visible_catalogs() -> dict[str, bytes]:
    """The student wheel's part of the `suites` catalogs (grader/i18n): the words of the visible tests (their
    docs) and the probes' descriptions (probes are no secret), compiled, per language: `visible.mo`."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from .i18n import LANGUAGES, LOCALE_DIR
    from .suites import available, load_suite, test_functions

    hidden = {t.grading["doc"] for name in available() for t in test_functions(load_suite(name))
              if t.grading["visibility"] != "visible"}
    shown = {t.grading["doc"] for name in available() for t in test_functions(load_suite(name))
             if t.grading["visibility"] == "visible"}
    out = {}
    for lang in LANGUAGES[1:]:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / "suites.po"
        if not path.exists():
            continue
        with open(path, "rb") as f:
            full = read_po(f, locale=lang)
        part = Catalog(locale=lang, domain="visible")
        for message in full:
            if message.id and message.string and (message.id in shown or message.id not in hidden):
                part.add(message.id, message.string)
        data = io.BytesIO()
        write_mo(data, part)
        out[f"grader/locale/{lang}/LC_MESSAGES/visible.mo"] = data.getvalue()
    return out


def instructor_build_files(root: Path) -> dict[str, bytes]:
    """{path in the wheel: bytes} of what the instructor wheel holds: every instructor-only file of the
    checkout at `root`, and the exercises with the students' guide as package data."""
    out = {}
    for top in (*INSTRUCTOR_PACKAGES, "grader"):
        for path in sorted((root / top).rglob("*")):
            relative = path.relative_to(root).as_posix()
            if path.is_file() and "__pycache__" not in path.parts and instructor_only(relative):
                out[relative] = path.read_bytes()
    exercises = root / "exercises"
    for path in sorted(exercises.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and ".ipynb_checkpoints" not in path.parts:
            out["grader/exercises/" + path.relative_to(exercises).as_posix()] = path.read_bytes()
    out[f"grader/exercises/{STUDENTS_GUIDE}"] = (root / "docs" / "students.md").read_bytes()
    for translated in sorted((root / "docs").glob("students.*.md")):  # students.ru.md, ...: `grade handout --lang`
        out[f"grader/exercises/{translated.name}"] = translated.read_bytes()
    return out
