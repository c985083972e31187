"""The student handout: each exercise's instructions, starter files and notebook, and nothing secret.

`build(out_dir)` copies, for every exercise of the course (or the course up
to one exercise, or the ones asked for), exactly the files a student needs
from `exercises/<id>/`: README.md, the `.exercise` marker, the starter files
and the notebook. It refuses to build from starters that drift from the
reference, and it scans what it wrote with `secrets()` before it says it is
done.

What counts as a secret:

- a file of a hidden suite (probes, tests, stored PyTorch results, the buggy
  engines of 09-write-tests), by name or by content;
- any piece of the solution of an exercise in the folder of that exercise or
  of one taught before it (`grader/course.py`), and of any exercise in the
  files beside the folders (the index README). A piece is a code line of the
  solution or its value (`other.data * out.grad` of `self.grad += other.data
  * out.grad`), compared with all whitespace removed, so that it is found in
  a sentence of a README, in a comment or in a notebook cell too. What the
  exercise's starter already shows is not a secret of it, nor are making
  leaves (`a = Value(3.0)`) and calling `backward()`, every example's
  vocabulary;
- a buggy engine's source, or a solution marker.

The starters are built in course order (`grader/classroom/starters.py`), so a handout
up to any exercise holds the solutions before it and nothing of it or after.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import re
import shutil
from pathlib import Path

from ..course import COURSE, comes_before, upto
from ..distribution import exercises_folder, students_guide as students_guide_path
from ..i18n import msg, translator
from ..parsing import parse
from . import starters
from .breaks import BREAKS
from .solution_regions import StarterError, regions
from .starters import MARKER_FILE, SUITES


class HandoutError(ValueError):
    """The handout cannot be built (drifting starters, a missing exercise, a secret found)."""


def handout_files(exercise: str) -> list[str]:
    """The names of the files a student receives for `exercise`, in a fixed order."""
    return ["README.md", MARKER_FILE, *starters.exercise_files(exercise), f"{exercise}.ipynb"]


def _index(exercises: list[str], students_guide: str | None, lang: str = "en") -> str:
    t = translator(lang)
    lines = ["# " + t._("Exercises"), ""]
    if students_guide:
        lines += [students_guide.strip(), ""]
    headings = (t._("exercise"), t._("what you build"), t._("files"))  # not inside an f-string: pybabel reads calls
    lines += ["| " + " | ".join(headings) + " |", "| --- | --- | --- |"]
    for exercise in exercises:
        files = ", ".join(f"`{f}`" for f in starters.exercise_files(exercise))
        title = t.render(msg(starters.exercise_title(exercise))) if lang != "en" else starters.exercise_title(exercise)
        lines.append(f"| [{exercise}]({exercise}/README.md) | {title} | {files} |")
    return "\n".join(lines) + "\n"


def build(out_dir, exercises=None, *, upto_exercise=None, exercises_dir=None, lang="en") -> list[Path]:
    """Write the handout into OUT_DIR; returns the files written. Raises HandoutError.

    The exercises are `exercises`, or the course up to `upto_exercise`, or
    the whole course; in course order either way. In another `lang` (ru, zh)
    each README is its hand-written translation, the starters' comments and
    docstrings are translated and the notebooks are made from them; the code
    is byte for byte the English handout's.
    """
    out_dir = Path(out_dir)
    exercises_dir = Path(exercises_dir or exercises_folder())
    asked = list(exercises or ()) + ([upto_exercise] if upto_exercise else [])
    unknown = [e for e in asked if e not in COURSE]
    if unknown:
        raise HandoutError(f"no exercise named {', '.join(map(repr, unknown))}; the exercises, in course order, "
                           f"are {', '.join(COURSE)}")
    if exercises and upto_exercise:
        raise HandoutError("give the exercises one by one or the course up to one of them, not both")
    wanted = set(exercises) if exercises else set(upto(upto_exercise)) if upto_exercise else set(COURSE)
    chosen = [e for e in COURSE if e in wanted]
    if not exercises_dir.is_dir():
        raise HandoutError(f"no exercises folder at {exercises_dir}: pass --exercises-dir")
    try:
        drifting = [p for p in starters.drift(exercises_dir) if p.parent.name in chosen]
    except StarterError as exc:
        raise HandoutError(str(exc)) from None
    if drifting:
        raise HandoutError("the committed starters differ from what the reference gives; run `grade starters` "
                           "first:\n  " + "\n  ".join(str(p) for p in drifting))
    if out_dir.exists() and any(out_dir.iterdir()):
        raise HandoutError(f"{out_dir} is not empty; give a new folder")
    if lang != "en":
        untranslated = [p for p in starters.translation_problems(exercises_dir)
                        if Path(p.split(":")[0]).parent.name in chosen and Path(p.split(":")[0]).name ==
                        starters.readme_name(lang)]
        if untranslated:
            raise HandoutError(f"the {lang} READMEs are not ready:\n  " + "\n  ".join(untranslated))
    written = []
    for exercise in chosen:
        if lang == "en":
            for name in handout_files(exercise):
                source, target = exercises_dir / exercise / name, out_dir / exercise / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
                written.append(target)
            continue
        try:
            files = starters.exercise_folder_files(exercise, exercises_dir / exercise, lang)
        except (StarterError, ValueError) as exc:
            raise HandoutError(str(exc)) from None
        for name in handout_files(exercise):
            target = out_dir / exercise / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(files[name], encoding="utf-8")
            written.append(target)
    guide = students_guide_path()
    index = out_dir / "README.md"
    # The students' guide (docs/students.md) is English: a guide in another language is docs/students.<lang>.md
    if lang != "en" and guide.with_name(f"{guide.stem}.{lang}.md").exists():
        guide = guide.with_name(f"{guide.stem}.{lang}.md")
    index.write_text(_index(chosen, guide.read_text(encoding="utf-8") if guide.exists() else None, lang),
                     encoding="utf-8")
    written.append(index)
    found = secrets(out_dir)
    if found:
        shutil.rmtree(out_dir)
        raise HandoutError("the handout would contain secrets; nothing was written:\n  " + "\n  ".join(found))
    return written


# -- the scan -----------------------------------------------------------------------------------------


def _normalised(text: str) -> str:
    """`text` as pieces of code are compared: whitespace only where it separates two words, as one space.

    `self.grad  +=  other.data*out.grad` and `self.grad += other.data * out.grad`
    read the same, however they are indented, spaced or wrapped.
    """
    return re.sub(r" (?=\W)|(?<=\W) ", "", re.sub(r"\s+", " ", text))


# Pieces shorter than this are the vocabulary of any Python (`x = 1`, `a * b`), not a solution;
# the shortest solution piece in the reference is `self * -1` (7 characters normalised).
_SHORTEST = 7

# The vocabulary of every example, not a solution: making leaves (`a, b = Value(3.0), Value(-2.0)`)
# and calling backward().
_GENERIC = re.compile(r"^(?:(?:[\w,]+=)?Value\([-\d.e]+\)(?:,Value\([-\d.e]+\))*|[\w.]+\.backward\(\))$")


def _pieces(line: str) -> dict[str, str]:
    """{readable: normalised} for the pieces of one line of code that give it away.

    The line itself and, for an assignment, an augmented assignment or a
    return, its value: `self.grad += other.data * out.grad` gives away
    `other.data * out.grad` even when a README writes it in a sentence. A value
    that is one name or constant (`return out`) gives nothing away.
    """
    code = line.strip()
    if not code or code.startswith("#"):
        return {}
    found = {code: _normalised(code)}
    try:
        statement = parse(code).body[0]
    except (SyntaxError, IndexError):  # a line of a block (`while stack:`), or part of a longer statement
        statement = None
    if (isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)) and statement.value
            and not isinstance(statement.value, (ast.Name, ast.Attribute, ast.Constant))):
        value = ast.get_source_segment(code, statement.value)
        found[value] = _normalised(value)
    return {text: piece for text, piece in found.items()
            if len(piece) >= _SHORTEST and not _GENERIC.match(piece)}


@functools.cache
def _pattern(piece: str) -> re.Pattern:
    # a piece that begins or ends with a word is found only as whole words: `return t` is not in `return the`
    return re.compile(r"(?<!\w)" * bool(re.match(r"\w", piece)) + re.escape(piece)
                      + r"(?!\w)" * bool(re.search(r"\w$", piece)))


def _occurs(piece: str, normalised_text: str) -> bool:
    return piece in normalised_text and _pattern(piece).search(normalised_text) is not None


def _solution_lines(exercise: str) -> list[str]:
    """The lines of code the student writes in `exercise`, as the reference writes them."""
    folder = starters.reference_folder()
    if exercise in BREAKS:  # the solution is the repair: the lines the break changes
        name = BREAKS[exercise][0]
        solved, broken = starters.solved_files(exercise)[name], starters.starter_files(exercise)[name]
        return sorted(set(solved.splitlines()) - set(broken.splitlines()))
    lines = []
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        all_lines = text.splitlines()
        ours = [line for region in regions(text, path.name) if region.exercise == exercise
                for line in all_lines[region.begin + 1: region.end]]
        if path.name.startswith("test_"):
            # Tests as the solution (09): what gives them away is what they claim, their asserts and
            # names. The expressions they build are the course's own examples, in every README.
            ours = [line for line in ours if re.match(r"\s*(assert\b|def test_)", line)]
        lines += ours
    return lines


@functools.cache
def solution_secrets(exercise: str) -> dict[str, str]:
    """{readable: squeezed} pieces of `exercise`'s solution that its starter does not already show.

    The code lines of its `BEGIN SOLUTION` regions (for an exercise that
    repairs a break, the lines the break changes) and their values, less what
    the exercise's starter gives: the reference outside the regions, and the
    solutions of the exercises taught before it.
    """
    starter = _normalised("\n".join(starters.starter_files(exercise).values()))
    secret = {}
    for line in _solution_lines(exercise):
        secret.update({text: piece for text, piece in _pieces(line).items() if not _occurs(piece, starter)})
    return secret


def _suite_files() -> dict[str, str]:
    """sha256 → path of every file of every hidden suite."""
    found = {}
    for path in sorted(SUITES.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            found[hashlib.sha256(path.read_bytes()).hexdigest()] = str(path.relative_to(SUITES))
    return found


def _variant_sources() -> set[str]:
    engines = json.loads((SUITES / "09-write-tests" / "engines.json").read_text(encoding="utf-8"))
    return {hashlib.sha256(v["source"].encode()).hexdigest() for v in engines["variants"]}


def _text_of(path: Path) -> str:
    """A file's text; a notebook's cell sources, so that a secret split by JSON escapes is still found."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":
        try:
            cells = json.loads(text)["cells"]
            return "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells)
        except (ValueError, KeyError, TypeError):
            return text
    return text


def secrets(out_dir) -> list[str]:
    """Everything in OUT_DIR that a student must not receive, as 'path: why' lines (empty when clean)."""
    out_dir = Path(out_dir)
    suite_files, variants = _suite_files(), _variant_sources()
    suite_test_names = {p.name for p in SUITES.rglob("test_*.py")}
    secret_pieces = {e: solution_secrets(e) for e in COURSE}
    found = []
    for path in sorted(p for p in out_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(out_dir)
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest in suite_files:
            found.append(f"{rel}: a copy of the hidden suite's {suite_files[digest]}")
            continue
        if path.name in ("torch_results.json", "engines.json", "probes.py") or (
                path.name in suite_test_names and path.name != "test_engine.py"):
            found.append(f"{rel}: a hidden suite's file name")
        if digest in variants:
            found.append(f"{rel}: the source of a buggy engine of 09-write-tests")
        text = _text_of(path)
        if "BEGIN SOLUTION" in text or "END SOLUTION" in text:
            found.append(f"{rel}: a solution marker")
        # An exercise's folder holds the solutions of the exercises taught before it (its starter is
        # built on them) and nothing of its own or of any later one. Files beside the exercises'
        # folders (the index README): no solution at all.
        exercise = rel.parts[0] if len(rel.parts) > 1 and rel.parts[0] in COURSE else None
        normalised = _normalised(text)
        for owner, pieces in secret_pieces.items():
            if exercise is None or not comes_before(owner, exercise):
                leaked = sorted(readable for readable, piece in pieces.items() if _occurs(piece, normalised))
                if leaked:
                    found.append(f"{rel}: {len(leaked)} piece(s) of the solution of {owner}, e.g. {leaked[0]!r}")
    return found
