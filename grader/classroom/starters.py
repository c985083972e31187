"""Starter files and notebooks, generated from the reference so the two cannot drift apart.

The reference marks what a student writes in an exercise:

    def tanh(self):
        # BEGIN SOLUTION 03-tanh
        t = math.tanh(self.data)
        ...
        # END SOLUTION

A starter is the reference as the course stands at its exercise (the order
is `grader.course.COURSE`):

- a region of an exercise taught earlier is kept: its solution is given;
- a region of the exercise itself becomes a stub at the same indentation
  (`raise NotImplementedError("03-tanh: write Value.tanh")`); a region at the
  top level of a module becomes a TODO comment only, since a module-level
  `raise` would stop the file from importing;
- a region of an exercise taught later goes, with the method or function
  around it (its docstring and the comments right above it too): the
  starter of 01 has no `backward()` and no `tanh`, not even a stub. A section
  comment (`# -- ... ---`) left with nothing under it goes as well;
- every marker line is removed, so a starter reads like ordinary code.

An exercise that is not "write the marked part" breaks the engine instead,
and that break stays in every starter up to it: `02-accumulate` turns each
`.grad +=` inside a `_backward` into `.grad =`, in its own starter and in
01's (whose lesson comes before accumulation).

Words meant for instructors are dropped from starters: the phrase ": the
instructor's reference" in a module docstring's first line, and any docstring
paragraph that mentions the solution markers or `grade starters`. The
reference is a package, a student's folder is flat: the reference's
`try: from .engine import Value / except ImportError: from engine import Value`
becomes `from engine import Value`.

`generated_files()` is everything this module makes: per exercise the starter
files, the notebook and the `.exercise` marker, plus the buggy engines that
`09-write-tests` carries into its sandbox. `grade starters` writes them and
`grade starters --check` lists the ones that drift.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import json
import re
import textwrap
from pathlib import Path

from ..course import COURSE, position
from ..load import STUDENT_MODULES

# The exercises in course order (declared in grader/course.py). The ids are fixed: instructors script
# against them, so they are not renumbered when the order changes.
EXERCISES = COURSE

MARKER_FILE = ".exercise"  # in each starter folder: the exercise's id, for `grade check`
SUITES = Path(__file__).parent.parent / "suites"
REPO = Path(__file__).resolve().parents[2]  # the checkout (an editable install)

_BEGIN = re.compile(r"^(?P<indent>[ \t]*)# BEGIN SOLUTION (?P<exercise>\S+)[ \t]*$")
_END = re.compile(r"^[ \t]*# END SOLUTION[ \t]*$")
_INSTRUCTOR_PHRASE = ": the instructor's reference"


class StarterError(ValueError):
    """The reference's markers cannot be turned into a starter (a bug in the reference)."""


@dataclasses.dataclass(frozen=True)
class Region:
    exercise: str
    begin: int  # index of the BEGIN line
    end: int  # index of the END line
    indent: str


def reference_folder() -> Path:
    """The installed `reference/` package (found through a module, as grader/variants.py does)."""
    return Path(importlib.util.find_spec("reference.engine").origin).parent


def regions(text: str, filename: str = "<text>") -> list[Region]:
    """Every marked region of `text`, in order; StarterError for unmatched or nested markers."""
    found, open_at = [], None
    for i, line in enumerate(text.splitlines()):
        begin = _BEGIN.match(line)
        if begin:
            if open_at is not None:
                raise StarterError(f"{filename}, line {i + 1}: BEGIN SOLUTION inside the region opened at line "
                                   f"{open_at[0] + 1}; regions do not nest")
            open_at = (i, begin["exercise"], begin["indent"])
        elif _END.match(line):
            if open_at is None:
                raise StarterError(f"{filename}, line {i + 1}: END SOLUTION without a BEGIN SOLUTION")
            found.append(Region(open_at[1], open_at[0], i, open_at[2]))
            open_at = None
        elif "BEGIN SOLUTION" in line or "END SOLUTION" in line:
            if line.lstrip().startswith("#"):
                raise StarterError(f"{filename}, line {i + 1}: malformed marker {line.strip()!r}; "
                                   "expected '# BEGIN SOLUTION <exercise-id>' or '# END SOLUTION'")
    if open_at is not None:
        raise StarterError(f"{filename}, line {open_at[0] + 1}: BEGIN SOLUTION {open_at[1]} is never closed")
    for region in found:
        if region.exercise not in EXERCISES:
            raise StarterError(f"{filename}, line {region.begin + 1}: unknown exercise {region.exercise!r}")
    return found


def _enclosing(lines: list[str], index: int, indent: str) -> list[str]:
    """Names of the defs and classes around line `index`, outermost first."""
    chain, width = [], len(indent)
    for line in reversed(lines[:index]):
        body = line.lstrip()
        here = len(line) - len(body)
        if body and here < width:
            match = re.match(r"(?:async\s+)?(def|class)\s+(\w+)", body)
            if match:
                chain.append(match[2])
                width = here
            elif not body.startswith(("#", "@", ")", '"', "'")):
                width = here
        if width == 0:
            break
    return chain[::-1]


def _what(lines: list[str], region: Region) -> str:
    chain = _enclosing(lines, region.begin, region.indent)
    if len(chain) >= 2 and chain[-1] == "_backward":
        return f"the _backward of {'.'.join(chain[:-1])}"
    return ".".join(chain)


def _stub(lines: list[str], region: Region) -> list[str]:
    what = _what(lines, region)
    if not region.indent:  # the top level of a module: a raise here would stop the file importing
        return [f"# TODO({region.exercise}): your code here"]
    return [
        f"{region.indent}# TODO({region.exercise}): your code here",
        f'{region.indent}raise NotImplementedError("{region.exercise}: write {what}")',
    ]


def _student_docstring(text: str) -> str:
    """The module docstring without the words meant for instructors."""
    tree = ast.parse(text)
    if ast.get_docstring(tree) is None:
        return text
    node = tree.body[0]
    lines = text.splitlines(keepends=True)
    start, end = node.lineno - 1, node.end_lineno
    raw = "".join(lines[start:end]).rstrip("\n")
    if not (raw.startswith('"""') and raw.endswith('"""')):
        return text
    # Edit the source text itself (not the parsed string), so escapes stay as written.
    inner = raw[3:-3]
    paragraphs = [p for p in inner.split("\n\n") if "BEGIN SOLUTION" not in p and "grade starters" not in p]
    first, newline, rest = "\n\n".join(paragraphs).partition("\n")
    first = first.replace(_INSTRUCTOR_PHRASE + ".", ".")
    inner = first + newline + rest
    if "\n" in inner and not inner.endswith("\n"):
        inner += "\n"  # the closing quotes on a line of their own, as before
    return "".join(lines[:start]) + '"""' + inner + '"""\n' + "".join(lines[end:])


def _flat_imports(text: str) -> str:
    """`try: from .engine import X / except ImportError: from engine import X` becomes `from engine import X`.

    The reference is a package and a student's folder is flat; a starter only needs the flat import.
    """
    tree = ast.parse(text)
    lines = text.splitlines()
    for node in reversed(tree.body):
        if (isinstance(node, ast.Try) and len(node.body) == 1 and len(node.handlers) == 1
                and isinstance(node.body[0], ast.ImportFrom) and node.body[0].level == 1
                and node.body[0].module in STUDENT_MODULES and len(node.handlers[0].body) == 1
                and isinstance(node.handlers[0].body[0], ast.ImportFrom)
                and node.handlers[0].body[0].level == 0 and not node.orelse and not node.finalbody):
            flat = ast.unparse(node.handlers[0].body[0])
            lines[node.lineno - 1: node.end_lineno] = [flat]
    return "\n".join(lines) + "\n"


def _for_students(text: str) -> str:
    return _flat_imports(_student_docstring(text))


def solution_source(text: str, filename: str = "<text>") -> str:
    """The reference with every region kept and every marker removed: what a full-marks student writes."""
    spans = regions(text, filename)
    marker_lines = {r.begin for r in spans} | {r.end for r in spans}
    lines = text.splitlines()
    kept = [line for i, line in enumerate(lines) if i not in marker_lines]
    return _for_students("\n".join(kept) + "\n")


def _later_span(tree: ast.Module, lines: list[str], region: Region) -> range:
    """The lines that go with a region of a later exercise: the method or function around it, or the region alone.

    The outermost function around the region goes (a method of a class, or a
    function of the module), with its decorators, the comment lines right above
    it and the blank lines after it: a later exercise's method is not in the
    starter at all. A region outside any function (09's module-level tests)
    goes on its own, markers included.
    """
    line = region.begin + 1  # ast counts from 1
    candidates = list(tree.body)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.lineno <= line <= node.end_lineno:
            candidates = list(node.body)
    around = next((n for n in candidates if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                   and n.lineno <= line <= n.end_lineno), None)
    if around is None:
        return range(region.begin, region.end + 1)
    first = min([around.lineno] + [d.lineno for d in around.decorator_list]) - 1
    while first > 0 and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    last = around.end_lineno  # exclusive, as an index
    # ast ends the function at its last statement: its trailing comments (the END marker) and blank lines go too
    while last < len(lines) and (not lines[last].strip() or lines[last].lstrip().startswith("#")
                                 and len(lines[last]) - len(lines[last].lstrip()) > around.col_offset):
        last += 1
    return range(first, last)


_SECTION = re.compile(r"^(?P<indent>[ \t]*)# -- .*-$")  # `# -- backpropagation -----`


def _without_empty_sections(lines: list[str]) -> list[str]:
    """`lines` without the section comments that nothing follows any more (their code was a later exercise's)."""
    out = []
    for i, line in enumerate(lines):
        header = _SECTION.match(line)
        if header:
            following = next((n for n in lines[i + 1:] if n.strip()), None)
            if (following is None or _SECTION.match(following)
                    or len(following) - len(following.lstrip()) < len(header["indent"])):
                continue
        if not line.strip() and out and not out[-1].strip() and _SECTION.match(lines[i - 1] if i else ""):
            continue
        out.append(line)
    return out


def starter_source(text: str, exercise: str, filename: str = "<text>", *, solved: bool = False) -> str:
    """`text` as the course stands at `exercise`: earlier exercises' regions kept, its own as stubs, later ones gone.

    With `solved`, `exercise`'s own regions are kept too: the starter once the
    student has written the reference's solution into it. Markers are removed.
    Breaking transforms (02's `=` for `+=`) are `starter_files`' business.
    """
    spans = regions(text, filename)
    lines = text.splitlines()
    here = position(exercise)
    tree = ast.parse(text, filename)
    dropped: set[int] = set()
    stubs: dict[int, list[str]] = {}
    for region in spans:
        dropped.update((region.begin, region.end))
        at = position(region.exercise)
        if at > here:
            dropped.update(_later_span(tree, lines, region))
        elif at == here and not solved:
            dropped.update(range(region.begin, region.end + 1))
            stubs[region.begin] = _stub(lines, region)
    out = []
    for i, line in enumerate(lines):
        out.extend(stubs.get(i, ()))
        if i not in dropped:
            out.append(line)
    text = "\n".join(_without_empty_sections(out))
    # what is gone leaves no run of blank lines longer than PEP 8's two, and none at the end
    return _for_students(re.sub(r"\n{4,}", "\n\n\n", text).rstrip("\n") + "\n")


def accumulate_bug(text: str) -> str:
    """02-accumulate's break: every `.grad +=` inside a `_backward` becomes `.grad =`.

    Comments that mention `+=` would give the answer away, so they go too.
    Raises StarterError if the text has no backward rule that accumulates (the
    reference changed shape, and 02 would have nothing to repair).
    """
    out, inside, width, changed = [], False, 0, 0
    for line in text.splitlines():
        body = line.lstrip()
        indent = len(line) - len(body)
        if inside and body and indent <= width:
            inside = False
        if re.match(r"def _backward\(", body):
            inside, width = True, indent
        elif inside and body.startswith("#") and "+=" in body:
            continue
        elif inside and re.match(r"[\w.]+\.grad \+= ", body):
            line = line.replace(".grad += ", ".grad = ", 1)
            changed += 1
        out.append(line)
    if not changed:
        raise StarterError("02-accumulate: no `.grad +=` line found in a backward rule; nothing to break")
    return "\n".join(out) + "\n"


# Exercises whose starter is a broken engine rather than stubs: {exercise: (file, the break)}. The break
# is in that exercise's starter and in every starter before it in the course, until it is repaired.
BREAKS = {"02-accumulate": ("engine.py", accumulate_bug)}


# -- the exercises' files ------------------------------------------------------------------


def suite_config(exercise: str):
    """The suite's declarations (TITLE, FILES, ...) without importing its probes."""
    path = SUITES / exercise / "__init__.py"
    spec = importlib.util.spec_from_file_location(f"grader_suite_config_{exercise.replace('-', '_')}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    """{file name: text} of the untouched starter of `exercise` (see the module's docstring)."""
    return _course_files(exercise, solved=False)


def solved_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the starter with the exercise done as the reference does it: what a student hands in."""
    return _course_files(exercise, solved=True)


def solution_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the whole reference (every exercise solved): the instructor's solution."""
    return {name: solution_source(_reference_text(name), name) for name in exercise_files(exercise)}


# -- notebooks -------------------------------------------------------------------------------


def _readme_sections(readme: str) -> list[tuple[str, str]]:
    """(heading, text) pairs of a README split at its `## ` headings; the first heading is ''."""
    sections, heading, chunk = [], "", []
    for line in readme.splitlines():
        if line.startswith("## "):
            sections.append((heading, "\n".join(chunk).strip()))
            heading, chunk = line[3:].strip(), [line]
        else:
            chunk.append(line)
    sections.append((heading, "\n".join(chunk).strip()))
    return [(h, t) for h, t in sections if t]


def _without_module_imports(code: str) -> str:
    """`code` without top-level imports of the exercise's own modules (a notebook has them all in one).

    Handles `from engine import Value`, `import engine` and the reference's
    `try: from .engine import Value / except ImportError: from engine import Value`.
    """
    tree = ast.parse(code)
    lines = code.splitlines()
    drop = set()

    def imports_exercise_module(node):
        if isinstance(node, ast.ImportFrom):
            return (node.module or "") in STUDENT_MODULES
        if isinstance(node, ast.Import):
            return all(alias.name in STUDENT_MODULES for alias in node.names)
        if isinstance(node, ast.Try):
            inner = node.body + [s for h in node.handlers for s in h.body]
            return bool(inner) and all(imports_exercise_module(s) for s in inner) and not node.orelse
        return False

    for node in tree.body:
        if imports_exercise_module(node):
            first = node.lineno - 1
            # a comment on the line itself belongs to the statement; comments above it go too
            while first > 0 and lines[first - 1].lstrip().startswith("#"):
                first -= 1
            drop.update(range(first, node.end_lineno))
    kept = [line for i, line in enumerate(lines) if i not in drop]
    return re.sub(r"\n{3,}", "\n\n\n", "\n".join(kept)).strip("\n") + "\n"


def _try_it_cell(code: str) -> str:
    body = _without_module_imports(code).rstrip("\n")
    return (
        "# Runs here in Jupyter. When the notebook is graded its code cells become one module,\n"
        "# which is imported rather than run, so this cell does nothing there.\n"
        'if __name__ == "__main__":\n' + textwrap.indent(body, "    ") + "\n"
    )


@dataclasses.dataclass(frozen=True)
class TryIt:
    """A README's `## Try it` section: the prose around its example, the example, and what it prints."""

    before: str  # the prose above the ```python block
    code: str  # the example: the first ```python block
    expected: str | None  # the ```text block right after it: the example's output, when the README gives it
    after: str  # the rest of the section, the output block included


def try_it(readme: str) -> TryIt | None:
    """The README's `## Try it` example, or None when it has none."""
    text = dict(_readme_sections(readme)).get("Try it")
    match = re.search(r"```python\n(.*?)```", text or "", re.S)
    if match is None:
        return None
    before, after = text[:match.start()].strip(), text[match.end():].strip()
    output = re.match(r"```text\n(.*?)```", after, re.S)
    return TryIt(before, match[1], output[1] if output else None, after)


def _file_note(exercise: str, name: str, code: str) -> str:
    if exercise in BREAKS and name == BREAKS[exercise][0]:
        return (f"### `{name}`\n\nThe engine with the bug described above. Find it in the backward rules "
                "and fix it, then run this cell again.")
    if f"TODO({exercise})" in code:
        return (f"### `{name}`\n\nYour work goes where it says `TODO({exercise})`. "
                "Run the cell again after every change.")
    return f"### `{name}`\n\nGiven: run this cell; you do not need to change it."


_CHECK_CELL_NOTE = (
    "### Check this notebook\n\n"
    "The cell below runs the exercise's visible tests on the cells you have run, in a separate process, and "
    "shows a table. It needs the grader installed where this notebook runs (`pip install micrograd-grader`; "
    "in Colab, a cell with `!pip install micrograd-grader`). When the notebook is graded, this cell is left out."
)


def check_cell(exercise: str) -> str:
    """The last cell of every exercise notebook: the student's own check (the loader drops it when grading)."""
    return f'from grader import check\ncheck("{exercise}")'


def notebook(exercise: str, files: dict[str, str], readme: str) -> str:
    """The exercise as a notebook: the README's sections as markdown, each starter file as a code cell.

    A notebook is graded as one module (its code cells joined), so the files'
    imports of each other are left out, and the README's "Try it" code is
    wrapped in `if __name__ == "__main__":`, true in Jupyter and false when graded.
    """
    import nbformat
    from nbformat import v4

    sections = _readme_sections(readme)
    late = ("Try it", "Check your work")
    cells = [v4.new_markdown_cell(text) for heading, text in sections if heading not in late]
    for name, code in files.items():
        if name != "engine.py":
            code = _without_module_imports(code)
        cells.append(v4.new_markdown_cell(_file_note(exercise, name, code)))
        cells.append(v4.new_code_cell(code.rstrip("\n")))
    example = try_it(readme)
    for heading, text in sections:
        if heading == "Try it" and example is None:
            cells.append(v4.new_markdown_cell(text))
        elif heading == "Try it":
            # the prose, the example as a cell, then what it prints, as Jupyter shows output under a cell
            cells.append(v4.new_markdown_cell(example.before))
            cells.append(v4.new_code_cell(_try_it_cell(example.code).rstrip("\n")))
            if example.after:
                cells.append(v4.new_markdown_cell(example.after))
    # the closing cells: how to check the work
    cells += [v4.new_markdown_cell(text) for heading, text in sections if heading == "Check your work"]
    cells.append(v4.new_markdown_cell(_CHECK_CELL_NOTE))
    cells.append(v4.new_code_cell(check_cell(exercise)))
    nb = v4.new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    for i, cell in enumerate(nb.cells):
        cell.id = f"{exercise}-{i:02d}"  # fixed ids: the notebook is byte-for-byte reproducible
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


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
    for exercise in EXERCISES:
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
