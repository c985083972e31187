"""Starter files and notebooks, generated from the reference so the two cannot drift apart.

The reference marks what a student writes in an exercise:

    def tanh(self):
        # BEGIN SOLUTION 03-tanh
        t = math.tanh(self.data)
        ...
        # END SOLUTION

In the starter of that exercise the region becomes a stub at the same
indentation (`raise NotImplementedError("03-tanh: write Value.tanh")`); a
region at the top level of a module becomes a TODO comment only, since a
module-level `raise` would stop the file from importing. Every other region
is kept, and every marker line is removed, so a starter reads like ordinary
code. `02-accumulate` keeps every region and breaks the engine instead: each
`.grad +=` inside a `_backward` becomes `.grad =`.

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

# The course's exercises, in order. The ids are fixed: instructors script against them.
EXERCISES = (
    "01-mul-backward",
    "02-accumulate",
    "03-tanh",
    "04-more-ops",
    "05-backward",
    "06-gradcheck",
    "07-mlp-xor",
    "08-dual-numbers",
    "09-write-tests",
)

MARKER_FILE = ".exercise"  # in each starter folder: the exercise's id, for `grade check`
SUITES = Path(__file__).parent / "suites"
REPO = Path(__file__).resolve().parents[1]  # the checkout (an editable install)

_BEGIN = re.compile(r"^(?P<indent>[ \t]*)# BEGIN SOLUTION (?P<exercise>\S+)[ \t]*$")
_END = re.compile(r"^[ \t]*# END SOLUTION[ \t]*$")
_INSTRUCTOR_PHRASE = ": the instructor's reference"
_EXERCISE_MODULES = ("engine", "nn", "dual", "gradcheck", "test_engine")


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


def solution_lines(text: str, exercise: str) -> list[str]:
    """The code lines inside `exercise`'s regions of `text` (stripped, comments and blanks left out)."""
    lines = text.splitlines()
    out = []
    for region in regions(text):
        if region.exercise == exercise:
            for line in lines[region.begin + 1: region.end]:
                code = line.strip()
                if code and not code.startswith("#"):
                    out.append(code)
    return out


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
                and node.body[0].module in _EXERCISE_MODULES and len(node.handlers[0].body) == 1
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


def starter_source(text: str, exercise: str, filename: str = "<text>") -> str:
    """The reference with `exercise`'s regions replaced by stubs, other regions kept, markers removed."""
    spans = regions(text, filename)
    lines = text.splitlines()
    out, i = [], 0
    by_begin = {r.begin: r for r in spans}
    ends = {r.end for r in spans}
    while i < len(lines):
        region = by_begin.get(i)
        if region is not None:
            if region.exercise == exercise:
                out.extend(_stub(lines, region))
                i = region.end + 1
                continue
        elif i not in ends:
            out.append(lines[i])
        i += 1
    return _for_students("\n".join(out) + "\n")


def accumulate_bug(text: str) -> str:
    """02-accumulate's starter: every `.grad +=` inside a `_backward` becomes `.grad =`.

    Comments that mention `+=` would give the answer away, so they go too.
    Raises StarterError if the engine has fewer backward rules than expected.
    """
    out, inside, width, changed = [], False, 0, 0
    for line in text.splitlines():
        body = line.lstrip()
        here = len(line) - len(body)
        if inside and body and here <= width:
            inside = False
        if re.match(r"def _backward\(", body):
            inside, width = True, here
        elif inside and body.startswith("#") and "+=" in body:
            continue
        elif inside and re.match(r"[\w.]+\.grad \+= ", body):
            line = line.replace(".grad += ", ".grad = ", 1)
            changed += 1
        out.append(line)
    if changed < 7:  # add, mul, pow, relu, tanh, exp, log at the least
        raise StarterError(f"02-accumulate: only {changed} `.grad +=` lines found in backward rules")
    return "\n".join(out) + "\n"


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


def starter_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the untouched starter of `exercise`."""
    files = {}
    for name in exercise_files(exercise):
        text = _reference_text(name)
        if exercise == "02-accumulate":
            files[name] = accumulate_bug(solution_source(text, name))
        else:
            files[name] = starter_source(text, exercise, name)
    return files


def solution_files(exercise: str) -> dict[str, str]:
    """{file name: text} of the reference solution, as a student would hand it in."""
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
            return (node.module or "") in _EXERCISE_MODULES
        if isinstance(node, ast.Import):
            return all(alias.name in _EXERCISE_MODULES for alias in node.names)
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


def _code_block(text: str) -> str | None:
    match = re.search(r"```python\n(.*?)```", text, re.S)
    return match[1] if match else None


def _file_note(exercise: str, name: str, code: str) -> str:
    if exercise == "02-accumulate" and name == "engine.py":
        return (f"### `{name}`\n\nThe engine with the bug described above. Find it in the backward rules "
                "and fix it, then run this cell again.")
    if f"TODO({exercise})" in code:
        return (f"### `{name}`\n\nYour work goes where it says `TODO({exercise})`. "
                "Run the cell again after every change.")
    return f"### `{name}`\n\nGiven: run this cell; you do not need to change it."


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
    for heading, text in sections:
        if heading == "Try it":
            example = _code_block(text)
            prose = re.sub(r"```python\n.*?```", "", text, flags=re.S).strip()
            cells.append(v4.new_markdown_cell(prose))
            if example:
                cells.append(v4.new_code_cell(_try_it_cell(example).rstrip("\n")))
        elif heading == "Check your work":
            cells.append(v4.new_markdown_cell(text))
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

    It travels into the sandbox with the suite's probes (it is no secret from
    student code there, only from the handout).
    """
    from .variants import VARIANTS

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
    exercises_dir = Path(exercises_dir or REPO / "exercises")
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
