"""Starter files and notebooks, generated from the reference so the two cannot drift apart.

Each exercise's starter, solved and solution files are the reference's files
made as the course stands at the exercise (solution_regions.py says how a
file is cut), with the exercise's break applied where it has one (breaks.py).

`generated_files()` is everything this module makes: per exercise the starter
files, the notebook and the `.exercise` marker, plus the buggy engines that
`09-write-tests` carries into its sandbox. `grade starters` writes them and
`grade starters --check` lists the ones that drift.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from ..course import COURSE, position
from ..suites import suite_module
from .breaks import BREAKS
from .notebooks import notebook
from .solution_regions import StarterError, solution_source, starter_source


MARKER_FILE = ".exercise"  # in each starter folder: the exercise's id, for `grade check`
SUITES = Path(__file__).parent.parent / "suites"
REPO = Path(__file__).resolve().parents[2]  # the checkout (an editable install)


def reference_folder() -> Path:
    """The installed `reference/` package (found through a module, as grader/variants.py does)."""
    return Path(importlib.util.find_spec("reference.engine").origin).parent


# -- the exercises' files ------------------------------------------------------------------


def suite_config(exercise: str):
    """The suite's declarations (TITLE, FILES, ...) without importing its probes: the one module object
    the judge reads too (suites.suite_module)."""
    return suite_module(SUITES / exercise, "__init__")


def exercise_files(exercise: str) -> tuple[str, ...]:
    """The files of an exercise's starter, the engine first."""
    return tuple(suite_config(exercise).FILES)


def exercise_title(exercise: str) -> str:
    return suite_config(exercise).TITLE


def _reference_text(name: str) -> str:
    return (reference_folder() / name).read_text(encoding="utf-8")


def _course_files(exercise: str, *, solved: bool) -> dict[str, str]:
    files = {name: starter_source(_reference_text(name), exercise, name, solved=solved)
             for name in exercise_files(exercise)}
    for broken, (name, breaks) in BREAKS.items():
        if name in files and (position(broken) > position(exercise) or broken == exercise and not solved):
            files[name] = breaks(files[name])
    return files


def starter_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the untouched starter of `exercise` (see solution_regions.py and breaks.py)."""
    return _course_files(exercise, solved=False)


def solved_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the starter with the exercise done as the reference does it: what a student hands in."""
    return _course_files(exercise, solved=True)


def solution_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the whole reference (every exercise solved): the instructor's solution."""
    return {name: solution_source(_reference_text(name), name) for name in exercise_files(exercise)}


# -- everything generated, and drift ----------------------------------------------------------


def engines_json() -> str:
    """The engines 09-write-tests runs a student's tests against: the reference and every variant.

    It stays in the grader: each engine travels into the sandbox alone, without its name,
    title or comments, as the one file under test of a run of its own (the suite's
    `probe_cases`).
    """
    from ..variants import VARIANTS

    record = {
        "reference": solution_source(_reference_text("engine.py"), "engine.py"),
        "variants": [
            {"name": v.name, "title": v.title, "concept": v.concept,
             "source": solution_source(v.source(), f"variant {v.name}")}
            for v in VARIANTS
        ],
    }
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def generated_files(exercises_dir: Path | None = None) -> dict[Path, str]:
    """{path: text} of every file `grade starters` writes."""
    from ..distribution import exercises_folder

    exercises_dir = Path(exercises_dir or exercises_folder())
    out = {}
    for exercise in COURSE:
        folder = exercises_dir / exercise
        readme_path = folder / "README.md"
        if not readme_path.exists():
            raise StarterError(f"{readme_path} is missing: every exercise needs its instructions")
        files = starter_files(exercise)
        for name, text in files.items():
            out[folder / name] = text
        out[folder / f"{exercise}.ipynb"] = notebook(exercise, files, readme_path.read_text(encoding="utf-8"))
        out[folder / MARKER_FILE] = exercise + "\n"
    out[SUITES / "09-write-tests" / "engines.json"] = engines_json()
    return out


def drift(exercises_dir: Path | None = None) -> list[Path]:
    """Generated files whose committed copy is missing or differs from what the generator makes."""
    return [path for path, text in generated_files(exercises_dir).items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def write(exercises_dir: Path | None = None) -> list[Path]:
    """Write every generated file; returns the ones that changed."""
    changed = []
    for path, text in generated_files(exercises_dir).items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        changed.append(path)
    return changed
