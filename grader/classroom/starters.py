"""Starter files and notebooks, generated from the reference so the two cannot drift apart.

Each exercise's starter, solved and solution files are the reference's files
made as the course stands at the exercise (solution_regions.py says how a
file is cut), with the exercise's break applied where it has one (breaks.py).

`generated_files()` is everything this module makes: per exercise the starter
files, the notebook and the `.exercise` marker, plus the buggy engines that
`09-write-tests` carries into its sandbox. `grade starters` writes them and
`grade starters --check` lists the ones that drift.

The other languages (grader/i18n): each exercise's README has hand-written
translations beside it (README.ru.md, README.zh.md), which must hold the
English README's code blocks, `TODO(...)` markers and sections, one for one
(`translation_problems`); `generated_files(lang=...)` is a handout's exercise
folders in that language: the translated README, the starters with their
comments and docstrings translated (grader/i18n/starters.py: the code
byte for byte the English), and the notebook made from them.
"""

from __future__ import annotations

import importlib.util
import json
import re
import tokenize
from pathlib import Path

from ..course import COURSE, position
from ..i18n import LANGUAGES, translator
from ..i18n import starters as prose
from ..suites import suite_module
from .breaks import BREAKS
from .notebooks import notebook
from .solution_regions import StarterError, solution_source, starter_source


MARKER_FILE = ".exercise"  # in each starter folder: the exercise's id, for `grade check`
SUITES = Path(__file__).parent.parent / "suites"
REPO = Path(__file__).resolve().parents[2]  # the checkout (an editable install)


def reference_folder() -> Path:
    """The installed `reference/` package (found through a module, as grader/engines.py does)."""
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
    """The engines 09-write-tests runs a student's tests against: the reference, the reference written another way
    (`grader/variants/restyled.py`: correct, never handed out) and every variant.

    It stays in the grader: each engine travels into the sandbox alone, without its name,
    title or comments, as the one file under test of a run of its own (the suite's
    `probe_cases`).
    """
    from ..variants import VARIANTS
    from ..variants.restyled import SOURCE as RESTYLED

    record = {
        "reference": solution_source(_reference_text("engine.py"), "engine.py"),
        "restyled": RESTYLED,
        "variants": [
            # title_words: the title as a message record, said in the student's language where a test names the
            # engine (a title made from parts, `in {op}'s backward`, has no catalog entry under its English text)
            {"name": v.name, "title": v.title, "title_words": v.title_message().to_json(), "lead_in": v.lead_in,
             "concept": v.concept,
             "source": solution_source(v.source(), f"variant {v.name}")}
            for v in VARIANTS
        ],
    }
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def readme_name(lang: str = "en") -> str:
    """An exercise's instructions in a language: README.md, README.ru.md, README.zh.md."""
    return "README.md" if lang == "en" else f"README.{lang}.md"


def translated_files(exercise: str, lang: str) -> dict[str, str]:
    """{file name: text} of the starter with its comments and docstrings in `lang`, its code the English's."""
    gettext = translator(lang).translations.gettext
    return {name: prose.translate(text, gettext) for name, text in starter_files(exercise).items()}


def _code_blocks(markdown: str) -> list[tuple[str, str]]:
    """The fenced code blocks of a README, in order: (language tag, text)."""
    return [(m[1], m[2]) for m in re.finditer(r"^```([\w-]*)\n(.*?)^```", markdown, re.S | re.M)]


def readme_problems(english: str, translated: str) -> list[str]:
    """What a translated README lacks of the English one: the same code blocks (a ```python block the same
    code, its comments free to be translated; any other block, an example's output or a command, the same
    text), the same `TODO(...)` markers and as many sections, in the same order. Empty when it holds them."""
    problems = []
    a, b = _code_blocks(english), _code_blocks(translated)
    if len(a) != len(b):
        problems.append(f"it has {len(b)} code blocks, the English README {len(a)}")
    for i, ((tag, code), (other_tag, other)) in enumerate(zip(a, b), start=1):
        if tag != other_tag:
            problems.append(f"code block {i} is ```{other_tag}, the English ```{tag}")
        elif tag == "python":
            try:
                differs = prose.same_code(code, other)
            except (SyntaxError, ValueError, tokenize.TokenError) as exc:  # the block no longer parses
                differs = f"it does not parse ({exc})"
            if differs:
                problems.append(f"code block {i}: {differs}")
        elif code != other:
            problems.append(f"code block {i} differs from the English README's")
    if prose.todos(english) != prose.todos(translated):
        problems.append(f"its TODO markers {prose.todos(translated)} are not the English {prose.todos(english)}")
    sections = [len(re.findall(r"^## ", text, re.M)) for text in (english, translated)]
    if sections[0] != sections[1]:
        problems.append(f"it has {sections[1]} `## ` sections, the English {sections[0]}")
    return problems


def translation_problems(exercises_dir: Path | None = None) -> list[str]:
    """'path: what' for every exercise README translation that is missing or does not hold the English's code."""
    from ..distribution import exercises_folder

    exercises_dir = Path(exercises_dir or exercises_folder())
    found = []
    for exercise in COURSE:
        english = exercises_dir / exercise / "README.md"
        if not english.exists():
            continue  # generated_files says so
        for lang in LANGUAGES[1:]:
            path = exercises_dir / exercise / readme_name(lang)
            if not path.exists():
                found.append(f"{path}: missing (every exercise's README is translated by hand; docs/i18n.md)")
                continue
            found += [f"{path}: {problem}" for problem in readme_problems(
                english.read_text(encoding="utf-8"), path.read_text(encoding="utf-8"))]
    return found


def exercise_folder_files(exercise: str, readmes: Path, lang: str = "en") -> dict[str, str]:
    """{file name: text} of the generated files of one exercise's folder in `lang`, made from the READMEs in
    the folder `readmes` (the checkout's exercises/<exercise>). In another language the folder's README.md
    is the translation, which is generated too."""
    english = (readmes / "README.md").read_text(encoding="utf-8")
    if lang == "en":
        out = starter_files(exercise)
        out[f"{exercise}.ipynb"] = notebook(exercise, out, english)
    else:
        translated = (readmes / readme_name(lang)).read_text(encoding="utf-8")
        out = translated_files(exercise, lang)
        for name, english_text in starter_files(exercise).items():
            differs = prose.same_code(english_text, out[name])
            if differs:
                raise StarterError(f"{exercise}/{name} in {lang}: {differs}")
        out = {"README.md": translated, **out,
               f"{exercise}.ipynb": notebook(exercise, out, translated, lang, english)}
    out[MARKER_FILE] = exercise + "\n"
    return out


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
        for name, text in exercise_folder_files(exercise, folder).items():
            out[folder / name] = text
    out[SUITES / "09-write-tests" / "engines.json"] = engines_json()
    return out


def handout_drift(handout_dir: Path, lang: str) -> list[Path]:
    """The files of a handout's exercise folders (in `lang`) that differ from what `grade handout --lang`
    makes from this checkout: a handout checked as the checkout's own starters are."""
    from ..distribution import exercises_folder

    handout_dir, source = Path(handout_dir), exercises_folder()
    present = [e for e in COURSE if (handout_dir / e).is_dir()]
    if not present:
        raise StarterError(f"{handout_dir} holds no exercise folder (one named as in `grade suites`)")
    drifting = []
    for exercise in present:
        for name, text in exercise_folder_files(exercise, source / exercise, lang).items():
            path = handout_dir / exercise / name
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                drifting.append(path)
    return drifting


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
