"""`newer-syntax`: why a file did not import when its SyntaxError is a newer Python's syntax.

A student's own Python may be newer than the one that grades (`grading_python`, the sandbox's interpreter): their
`grade check` passes, and the class's batch scores the same file 0, "could not be used: f-string: unmatched '('".
The import error alone does not say that the line is right in the Python they wrote it for. This hint does, for the
syntax Python 3.12 added that students meet (measured: session 28's strangers, an engine whose f-string reused its
quotes, 0/63 with no word of a version):

- an f-string that Python 3.12 reads (PEP 701: the same quotes inside `{...}`, a backslash or a comment there), and
  3.11 refuses with an error of its own that begins `f-string`;
- a `type` statement (`type Number = float | int`, PEP 695);
- type parameters in brackets (`def f[T](x: T)`, `class Box[T]:`, PEP 695).

Read from the import error's fields (its `exception`, its line) and that one line of the source; said only when the
grading Python is older than 3.12 (where this syntax exists, the error is the student's own). An f-string error is
said from Python's own words (`f-string...`): the one field that tells a 3.11 f-string error from another; a genuine
f-string mistake gets the hint too, which then still points at the line and the fix (no nested quotes) that works in
every Python.
"""

from __future__ import annotations

import re

from ..i18n import msg, place, said
from ..parsing import python_line

# The first version that reads all three
NEWER = (3, 12)
_TYPE_STATEMENT = re.compile(r"type\s+[A-Za-z_]\w*\s*(\[[^=]*\])?\s*=")
_TYPE_PARAMETERS = re.compile(r"(async\s+def|def|class)\s+[A-Za-z_]\w*\s*\[")


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:2])


def _kind(error: dict, line: str) -> str | None:
    text = re.sub(r"^SyntaxError: ", "", str(error.get("error") or ""))  # the worker's text: `Type: words`
    stripped = line.strip()
    if text.startswith("f-string"):
        return "f-string"
    if _TYPE_STATEMENT.match(stripped):
        return "type-statement"
    if _TYPE_PARAMETERS.match(stripped):
        return "type-parameters"
    return None


def _explanation(kind: str, python: str):
    if kind == "f-string":
        return msg("This line has an f-string that Python 3.12 and later read (the same quotes inside its braces, "
                   "a backslash or a comment there), but Python {python}, which grades your file, does not: the "
                   "import fails and every test is skipped, even if your own Python runs it. Compute the value in a "
                   "variable before the f-string, or use the other kind of quotes inside it.",
                   python=python)
    if kind == "type-statement":
        return msg("This line is a `type` statement, which Python 3.12 added; Python {python}, which grades your "
                   "file, cannot read it: the import fails and every test is skipped, even if your own Python runs "
                   "it. Write the alias as an assignment (`Number = float | int`), or leave it out.",
                   python=python)
    return msg("This line gives type parameters in brackets (`def f[T](...)`, `class Box[T]:`), which Python 3.12 "
               "added; Python {python}, which grades your file, cannot read them: the import fails and every test "
               "is skipped, even if your own Python runs it. Leave the brackets out (use `typing.TypeVar` if you "
               "want the annotation).", python=python)


def newer_syntax_hint(files: dict, import_error: dict | None, python_version: str, *, engine: str = "engine.py",
                      student_place=None):
    """Why the file did not import, when its SyntaxError's line is syntax a newer Python reads; else None.
    `student_place(file, line)`: the place as the student knows it (Submission.place: `bob.py`, a notebook's cell),
    which the title names."""
    error = import_error or {}
    if error.get("exception") != "SyntaxError" or _version(python_version) >= NEWER:
        return None
    number = (error.get("where") or {}).get("line")
    line = python_line(files.get(engine), number)
    if line is None:
        return None
    kind = _kind(error, line)
    if kind is None:
        return None
    return said({"kind": "hint", "hint": "newer-syntax", "syntax": kind, "file": engine, "line": number,
                 "tests": []},
                title=msg("{place} needs a newer Python than the grader's ({python})",
                          place=place((student_place or as_sent)(engine, number)), python=python_version),
                explanation=_explanation(kind, python_version))


def as_sent(file: str, line: int) -> dict:
    """A place as the sandbox sent it, where no `student_place` says the student's (import_io.py's default too)."""
    return {"file": file, "line": line}
