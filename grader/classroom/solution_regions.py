"""The reference's solution regions, and what a starter or the solution makes of one file of the reference.

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

Words meant for instructors are dropped from starters: the phrase ": the
instructor's reference" in a module docstring's first line, and any docstring
paragraph that mentions the solution markers or `grade starters`. The
reference is a package, a student's folder is flat: the reference's
`try: from .engine import Value / except ImportError: from engine import Value`
becomes `from engine import Value`.

An exercise that breaks the engine instead of stubbing it: breaks.py. Every file
of every exercise, and the notebooks: starters.py.
"""

from __future__ import annotations

import ast
import dataclasses
import re

from ..course import COURSE, position
from ..load import STUDENT_MODULES
from ..parsing import parse

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
        if region.exercise not in COURSE:
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
    tree = parse(text)
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
    tree = parse(text)
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


def for_students(text: str) -> str:
    return _flat_imports(_student_docstring(text))


def solution_source(text: str, filename: str = "<text>") -> str:
    """The reference with every region kept and every marker removed: what a full-marks student writes."""
    spans = regions(text, filename)
    marker_lines = {r.begin for r in spans} | {r.end for r in spans}
    lines = text.splitlines()
    kept = [line for i, line in enumerate(lines) if i not in marker_lines]
    return for_students("\n".join(kept) + "\n")


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
    tree = parse(text, filename)
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
    return for_students(re.sub(r"\n{4,}", "\n\n\n", text).rstrip("\n") + "\n")
