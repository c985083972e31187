"""A notebook exported as a Python script, read as the notebook it was.

Colab's File > Download > Download .py keeps a notebook's IPython escapes as they were (`!pip install graphviz`,
`%matplotlib inline`): the file is not Python, and the engine did not import (session 26: SyntaxError, 0/63).
Jupyter's File > Save and Export Notebook As > Executable Script (`jupyter nbconvert --to script`) writes them as
calls (`get_ipython().system('pip install graphviz')`, `get_ipython().run_line_magic('matplotlib', 'inline')`),
and outside IPython `get_ipython` is not defined (NameError at that line, 0/63). Such a file's escapes are
dropped as a notebook's are (notebooks.without_escapes: each becomes `pass`, never run), and every other line
stays where it was, so that a place said (`engine.py, line 40`) is the student's own line. A file that binds the
name `get_ipython` itself (`from IPython import get_ipython`, a stand-in of its own) keeps its calls; a file that
Python cannot compile after the drop either is left as it is, for its own SyntaxError to be said.
"""

from __future__ import annotations

import ast
import re

from ..parsing import python_lines, tree_or_none
from .notebooks import IPYTHON_CALL, without_escapes

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
