"""A notebook exported as a Python script, read as the notebook it was.

Colab's File > Download > Download .py keeps a notebook's IPython escapes as they were (`!pip install graphviz`,
`%matplotlib inline`): the file is not Python, and the engine did not import (session 26: SyntaxError, 0/63).
Jupyter's File > Save and Export Notebook As > Executable Script (`jupyter nbconvert --to script`) writes them as
calls (`get_ipython().system('pip install graphviz')`, `get_ipython().run_line_magic('matplotlib', 'inline')`),
and outside IPython `get_ipython` is not defined (NameError at that line, 0/63). Such a file's escapes are
dropped as a notebook's are (notebooks.without_escapes: each becomes `pass`, never run), and every other line
stays where it was, so that a place said (`engine.py, line 40`) is the student's own line; a `%%time` or
`%%capture` cell, which nbconvert writes as one call holding the cell's code as a string, is that code
(`_cells_run_as_python`). A file that binds the
name `get_ipython` itself (`from IPython import get_ipython`, a stand-in of its own) keeps its calls; a file that
Python cannot compile after the drop either is left as it is, for its own SyntaxError to be said.
"""

from __future__ import annotations

import ast
import re

from ..parsing import python_lines, tree_or_none
from .notebooks import CELL_MAGICS_RUN_AS_PYTHON, IPYTHON_CALL, without_escapes

# a line that may hold an escape (`!pip`, `%time`, `x = !ls`, `Value?`) or a call of IPython's: only a file with
# one is compiled here
_MAYBE = re.compile(rb"^[ \t]*[%!]|=[ \t]*[!%]|\?[ \t]*\r?$|get_ipython\(\)", re.MULTILINE)


def exported_script(code: bytes) -> bytes:
    """CODE (UTF-8 Python source, as reading.python_source gives it) with its IPython escapes and calls into IPython
    made `pass` and a notebook's stand-ins on a line of its own (`_with_stand_ins`), where it is a notebook exported
    as a script; else CODE as it is."""
    if not _MAYBE.search(code):
        return code
    text = code.decode("utf-8")
    tree = tree_or_none(text)
    if tree is not None and (not IPYTHON_CALL.search(text) or _binds_get_ipython(tree)):
        return code  # Python as it is: a `%` or `!` at a line's start inside a string or a bracket
    text = _cells_run_as_python(text, tree)
    lines = python_lines(text)
    kept = [""] * len(lines)
    # a first line "#" so that a `%%time` opening the file is an escape of its line, not the magic of a cell
    for line, number in without_escapes("#\n" + text):
        if number > 1:
            kept[number - 2] = line
    converted = "\n".join(kept) + "\n"
    tree = tree_or_none(converted)
    if tree is None:
        return code
    if not any(isinstance(node, ast.ImportFrom) and node.module == "__future__" for node in tree.body):
        converted = _with_stand_ins(kept)  # (a `from __future__` import must come first: without them there)
    return converted.encode("utf-8")


# what a notebook's code starts with (notebooks.IPYTHON_STAND_INS), on one line: Jupyter's `display(...)` shows
# nothing and `get_ipython()` returns None, as outside IPython
STAND_INS_LINE = "display = lambda *objects, **options: None; get_ipython = lambda: None  # grader: as in a notebook"


def _with_stand_ins(lines: list[str]) -> str:
    """LINES (an exported notebook's, its escapes dropped) with a notebook's stand-ins on a line of the comments and
    blank lines before its first statement (a blank one first; a comment stays after them), so that every line
    stays where it was: nbconvert's script begins `#!/usr/bin/env python`, `# coding: utf-8` and a blank line, Colab's
    download `# -*- coding: utf-8 -*-`. Review 26: a notebook that calls `display(...)` scored 63/63 as the .ipynb
    and 0/63 as its export (NameError). With no such line, LINES as they are. A statement there, before the
    first, leaves the module's syntax as it was."""
    head = []
    for index, line in enumerate(lines):
        if line.strip() and not line.lstrip().startswith("#"):
            break
        head.append(index)
    if not head:
        return "\n".join(lines) + "\n"
    blank = [index for index in head if not lines[index].strip()]
    at = (blank or head)[0]
    comment = lines[at].strip()
    placed = [*lines[:at], STAND_INS_LINE + (f"  {comment}" if comment else ""), *lines[at + 1:]]
    return "\n".join(placed) + "\n"


def _binds_get_ipython(tree: ast.Module) -> bool:
    """Whether the module binds the name `get_ipython` anywhere (a def, an import, an assignment)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "get_ipython" and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == "get_ipython":
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (alias.asname or alias.name.partition(".")[0]) == "get_ipython" for alias in node.names):
            return True
    return False


def _cells_run_as_python(text: str, tree: ast.Module | None) -> str:
    """TEXT with each cell nbconvert wrote as `get_ipython().run_cell_magic('time', '', '<its code>')` (`%%time`,
    `%%capture`: IPython runs the body as the notebook's code) made that code, in the call's place. The code takes
    the blank lines that follow the call (nbconvert writes five between cells), so the lines below stay where they
    were unless the cell was longer than that. Session 27: the call was dropped with its code, and a `Value`
    defined under `%%time` scored 63/63 as the .ipynb and 0/63 exported ("defines no class named `Value`")."""
    if tree is None:
        return text
    lines = python_lines(text)
    for statement in reversed(tree.body):  # from the end, so that the places above stay as they are
        body = _cell_magic_body(statement)
        if body is None:
            continue
        code = python_lines(body) or ["pass"]
        end, more = statement.end_lineno, len(code) - (statement.end_lineno - statement.lineno + 1)
        while more > 0 and end < len(lines) and not lines[end].strip():  # the blank lines below, taken
            end, more = end + 1, more - 1
        lines[statement.lineno - 1:end] = code
    return "\n".join(lines) + "\n"


def _cell_magic_body(statement: ast.stmt) -> str | None:
    """The code of `get_ipython().run_cell_magic(<magic run as Python>, <line>, <code>)` as a statement of its own;
    None for any other statement."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "run_cell_magic"
            and isinstance(call.func.value, ast.Call) and isinstance(call.func.value.func, ast.Name)
            and call.func.value.func.id == "get_ipython" and len(call.args) == 3 and not call.keywords
            and all(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in call.args)):
        return None
    magic = call.args[0].value.split()
    return call.args[2].value if magic and magic[0] in CELL_MAGICS_RUN_AS_PYTHON else None
