"""Why a file did not import when, at its import, it wrote a file or asked for input: two hints from the import
error's fields.

A notebook or script that works in Colab or on the student's machine can stop at import where it is graded, for
two reasons that Python's own words do not explain (session 31's and 32's strangers):

- `read-only-folder`: it writes a file beside itself (`open('results.txt', 'w')`); the submission's folder is
  read-only where it is graded (docs/security.md), and Python says only "[Errno 30] Read-only file system". Told
  from the worker's `errno` field (EROFS, or EACCES from a folder whose permissions refuse it), never the text.
- `asks-for-input`: it calls `input()`; nobody types while a file is graded, so input() finds the end of an empty
  stdin and raises EOFError. Told from the `exception` field and the failing line's source (an `input(` call).

Each names the place as the student knows it (a notebook's cell and line) and the way out. Read only when the import
failed; the import error itself stays the row's message.
"""

from __future__ import annotations

import ast
import errno as errnos
import re
import sys

from ..i18n import msg, place, said
from ..parsing import python_line, tree_or_none
from ..places import joined_line, ran_line
from .newer_syntax import as_sent

# what a write into a folder that may not be written says
_REFUSED_WRITES = (errnos.EROFS, errnos.EACCES)
# a call of the builtin written on a line that does not parse alone (`data = (input('?')`), not `my_input(`
_INPUT_CALL = re.compile(r"(?<![\w.])input\s*\(")


def _calls_input(line: str) -> bool:
    """Whether LINE (one line of source) calls the builtin `input`."""
    tree = tree_or_none(line.strip())
    if tree is None:  # a line of a longer statement: a call written on it is enough
        return _INPUT_CALL.search(line) is not None
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "input"
               for n in ast.walk(tree))


def import_io_hint(files: dict, import_error: dict | None, *, engine: str = "engine.py", student_place=None,
                   stopped: bool = False):
    """The hint for an import that wrote into the read-only folder or asked for input; else None.
    `student_place(file, line)`: the place as the student knows it (Submission.place), which the title names.
    `stopped`: IMPORT_ERROR is a notebook's cell that raised (the run's `import_stopped`), and the cells above it
    are graded: the words say so (session 42: a Colab notebook saving results.txt lost its hint when session 41
    graded it as Run All leaves it)."""
    error = import_error or {}
    where = error.get("where") or {}
    number = where.get("line")
    if (shadowed := _standard_module_hint(files, error, where, student_place)) is not None:
        return shadowed
    line = python_line(files.get(engine), number)
    if line is None:
        return None
    at = place((student_place or as_sent)(engine, number))
    if (error.get("facts") or {}).get("errno") in _REFUSED_WRITES:
        why = (msg("Your notebook is graded in a folder that nothing may write to, so Run All stops at this line: the "
                   "cells above it are graded, the cells below it never run, even though it runs in Colab or on your "
                   "machine. Write files under `tempfile.gettempdir()`, or remove this line before you hand the "
                   "notebook in.") if stopped else
               msg("Your file is graded in a folder that nothing may write to, so the import stops at this line and "
                   "every test is skipped, even though it runs in Colab or on your machine. Write files under "
                   "`tempfile.gettempdir()`, or remove this line before you hand the file in."))
        return said({"kind": "hint", "hint": "read-only-folder", "file": engine, "line": number, "tests": []},
                    title=msg("{place} writes to your submission's folder, which is read-only where it is graded",
                              place=at), explanation=why)
    if error.get("exception") == "EOFError" and _calls_input(line):
        return said({"kind": "hint", "hint": "asks-for-input", "file": engine, "line": number, "tests": []},
                    title=msg("{place} waits for someone to type (`input()`)", place=at),
                    explanation=msg("Nobody types while your file is graded: `input()` finds the end of its input "
                                    "at once and raises `EOFError`, so the import stops at this line and every test "
                                    "is skipped. Write the value into the code, or remove this line before you hand "
                                    "the file in."))
    return None


def _standard_module_hint(files: dict, error: dict, where: dict, student_place):
    """`standard-module-file`: the import failed on a module named as their own `random.py` beside their files
    (the worker's `module` fact, sandbox/raised.py), which is Python's (`time.py`: built in, never imported, as
    `python engine.py` never imports it) or their file importing itself (`from random import uniform` in their
    random.py: a circular import, as under Python). Sandbox/shadows.py says which file is whose."""
    facts = error.get("facts") or {}
    module = facts.get("module")
    top = module.partition(".")[0] if isinstance(module, str) else ""
    file = top + ".py"
    if top not in sys.stdlib_module_names or file not in files or not where.get("file"):
        return None
    at = place((student_place or as_sent)(where["file"], where.get("line")))
    finding = {"kind": "hint", "hint": "standard-module-file", "file": where["file"], "line": where.get("line"),
               "tests": []}
    if not facts.get("module_theirs"):
        return said(finding, title=msg("{place}: your {file} is never imported; `{module}` is Python's own", place=at,
                                       file=file, module=top),
                    explanation=msg("Python takes its own `{module}` module here, not your file (a module built "
                                    "into Python or loaded before your program starts comes first; in a package, "
                                    "`import {module}` never looks beside your files), and so does the grader: "
                                    "`{module}` has only Python's names. Rename your file (`my_{module}.py`) and "
                                    "its imports.", module=top))
    if where["file"] == file:
        return said(finding, title=msg("{place}: your {file} imports `{module}`, which is itself", place=at, file=file,
                                       module=top),
                    explanation=msg("Beside your program, your {file} comes before Python's `{module}` (as "
                                    "`python engine.py` finds it), so its own `import {module}` imports the file "
                                    "itself, not finished yet: a circular import. Python's `{module}` cannot be "
                                    "reached from a file named so: rename your file (`my_{module}.py`) and its "
                                    "imports.", file=file, module=top))
    return None


def as_the_sandbox_saw(import_error: dict | None, origin) -> dict | None:
    """IMPORT_ERROR with its place as the sandbox saw it: a notebook's `(cell, line)` (what places.py made of it)
    back to the line of the joined file the hints read, by ORIGIN's map (load/reading.Origin; None: as it is)."""
    where = (import_error or {}).get("where") or {}
    if origin is None or origin.cells is None:
        return import_error
    if where.get("file") not in (None, origin.file):  # a file a `%run` ran: a `.py` file (diag40b), a notebook's cell (diag41)
        number = ran_line(origin, where.get("file"), where.get("line"), where.get("cell"))
        line = {k: v for k, v in where.items() if k != "cell"}  # the joined file's line, as a `.py` file's is
        return import_error if number is None else {**import_error, "where": {**line, "line": number}}
    if "cell" not in where:
        return import_error
    return {**import_error, "where": {**where, "line": joined_line(origin, where["cell"], where.get("line"))}}
