"""The modules a notebook writes with `%%writefile NAME.py` (Colab's way of making engine.py), put where they run.

IPython writes such a cell's body to a file and runs nothing; the code runs when the notebook imports that
module (once: Python imports a module once), `%run`s it or reloads it (`importlib.reload(engine)`: each time, in
the file's content at that point). The notebook is graded as one module, so the module's code is put in those
places and the import binds what it names from it (grader/load/notebooks.py joins the cells).
"""

from __future__ import annotations

import ast
import re
import shlex

from ..parsing import UNPARSABLE, called_name, parse, python_lines

_WRITEFILE_MAGICS = frozenset({"writefile", "file"})
_RUN = re.compile(r"^%run(?:\s+-[a-zA-Z]+)*\s+(?:\./)?([A-Za-z_]\w*)(?:\.py)?\s*$")
# `%run ./helpers.py`, `%run engine_impl.ipynb`: a file handed in beside the notebook, by its name in that folder
_RUN_FILE = re.compile(r"^%run(?:\s+-[a-zA-Z]+)*\s+(?:\./)?([A-Za-z_][\w-]*\.(?:py|ipynb))\s*$", re.IGNORECASE)


def written_module(source: str) -> tuple[str, bool, list[tuple[str, int]]] | None:
    """A `%%writefile [-a] NAME.py` cell's module NAME (a plain name, in the notebook's folder), whether it appends,
    and its body's lines as written (each with its line number in the cell, from 1); None for any other cell."""
    lines = python_lines(source)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or not lines[first].lstrip().startswith("%%"):
        return None
    try:
        words = shlex.split(lines[first].strip()[2:])
    except ValueError:
        return None
    if not words or words[0] not in _WRITEFILE_MAGICS:
        return None
    flags = [w for w in words[1:] if w.startswith("-")]
    names = [w for w in words[1:] if not w.startswith("-")]
    if len(names) != 1 or any(f not in ("-a", "--append") for f in flags):
        return None
    name = names[0][2:] if names[0].startswith("./") else names[0]
    if not name.endswith(".py") or not name[:-3].isidentifier():
        return None
    return name[:-3], bool(flags), [(lines[k], k + 1) for k in range(first + 1, len(lines))]


def runs_a_file(lines: list[str]) -> bool:
    """Whether one of a cell's LINES is a `%run` of a file by its name (`%run ./engine_impl.ipynb`)."""
    return any(_RUN_FILE.match(line.strip()) for line in lines if "%run" in line)


class TooMuchCode(Exception):
    """The modules put in place grew past the budget: `size`, how far past it when it was found (a lower bound)."""

    def __init__(self, size: int):
        super().__init__(size)
        self.size = size


def with_written_modules(entries: list, written: dict, inlined: set, raw: list[str] | None = None,
                         budget: list[int] | None = None, expanding: frozenset = frozenset(),
                         beside=None) -> list:
    """ENTRIES ((text, place) lines of code) with each top-level import of a module in WRITTEN replaced by that
    module's code (the first time: `inlined` records it) and the names the import binds, and each `%run NAME`
    (a line RAW, the cell's own lines, has where ENTRIES hold its `pass`) by the module's code. BUDGET ([bytes
    left]: the notebook's joining gives each cell what its code so far leaves of a few times the file limit) is
    charged for every module's code put in place, and TooMuchCode raised once it is spent: a cell of 20,000 `%run
    engine` lines grew 357 MiB of code in the grader (two minutes of its CPU) before the notebook's size was
    checked. A module is not put in place inside its own code (`EXPANDING`: a module that reloads itself recursed
    until Python's recursion limit). BESIDE (a file's name and the `%run` line naming it -> its code's lines, each with
    its place there, or None: notebooks.ran_beside) gives the code of a file
    handed in beside the notebook that a `%run` names and the notebook did not write (`%run ./engine_impl.ipynb`:
    IPython runs that file's code in the notebook's namespace, each time; session 38's strangers: 0/63, a
    NameError below it), each line placed in that file (diag40b: a `.py` file's; diag41: a notebook's)."""
    budget = [1 << 62] if budget is None else budget

    def put(module: str) -> list:
        if module in expanding:
            return []
        inlined.add(module)
        code = with_written_modules(list(written[module]), written, inlined, budget=budget,
                                    expanding=expanding | {module})
        budget[0] -= sum(len(text.encode("utf-8", "surrogatepass")) + 1 for text, _ in code)
        if budget[0] < 0:
            raise TooMuchCode(-budget[0])
        return code

    spans = {}  # index of a statement's first line -> (index past its last line, the lines put in its place)
    try:
        tree = parse("\n".join(text for text, _ in entries))
    except UNPARSABLE:
        tree = None  # Python says what is wrong with it, where it runs
    statements = tree.body if tree is not None else []
    for k, node in enumerate(statements):
        shares_a_line = (k and statements[k - 1].end_lineno == node.lineno) or (
            k + 1 < len(statements) and statements[k + 1].lineno == node.end_lineno)
        found = None if shares_a_line else _written_import(node, written)
        reloaded = None if shares_a_line else _reloaded(node, written)
        if found is None and reloaded is None:
            continue
        modules, binds = found or ([], [])
        place = entries[node.lineno - 1][1]
        code = []
        if reloaded is not None:  # run again, as the file holds it now
            code += put(reloaded)
        for module in modules:
            if module not in inlined:
                code += put(module)
        code += [(bind, place) for bind in binds]
        spans[node.lineno - 1] = (node.end_lineno, code or [("pass", place)])
    if raw is not None:
        for i, (text, place) in enumerate(entries):
            line = raw[place[1] - 1].strip() if text == "pass" and 0 < place[1] <= len(raw) else ""
            run = _RUN.match(line)
            if run is not None and run.group(1) in written and i not in spans:
                spans[i] = (i + 1, put(run.group(1)) or [("pass", place)])
                continue
            ran = _RUN_FILE.match(line) if beside is not None and i not in spans else None
            code = beside(ran.group(1), line) if ran is not None else None
            if code:
                budget[0] -= sum(len(text.encode("utf-8", "surrogatepass")) + 1 for text, _ in code)
                if budget[0] < 0:
                    raise TooMuchCode(-budget[0])
                indent = raw[place[1] - 1][:len(raw[place[1] - 1]) - len(raw[place[1] - 1].lstrip())]
                # each line placed in the file it came from (ran_beside): a `.py` file's at its own line
                # (`("impl.py", 12)`, diag40b), a notebook's at its cell's line (`("core.ipynb", 3, 2)`, diag41)
                spans[i] = (i + 1, [(indent + text if text.strip() else text, at) for text, at in code]
                            + [(indent + "pass", place)])
    if not spans:
        return entries
    out, i = [], 0
    while i < len(entries):
        if i in spans:
            end, code = spans[i]
            out += code
            i = end
        else:
            out.append(entries[i])
            i += 1
    return out


def _written_import(node, written: dict) -> tuple[list[str], list[str]] | None:
    """For an import statement that names a module the notebook wrote: those modules, and the statements that
    bind what the import binds once their code has run in the notebook's own module. None for any other node."""
    if isinstance(node, ast.ImportFrom):
        if node.level or node.module not in written:
            return None
        return [node.module], [f"{a.asname} = {a.name}" for a in node.names
                               if a.name != "*" and a.asname and a.asname != a.name]
    if isinstance(node, ast.Import) and any(a.name in written for a in node.names):
        binds = [f'{a.asname or a.name} = __import__("sys").modules[__name__]' if a.name in written
                 else f"import {a.name}" + (f" as {a.asname}" if a.asname else "") for a in node.names]
        return [a.name for a in node.names if a.name in written], binds
    return None


def _reloaded(node, written: dict) -> str | None:
    """The module a statement `importlib.reload(engine)` (or `reload(engine)`, `imp.reload(engine)`) reloads, where
    the notebook wrote it; else None."""
    call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
    if call is None or len(call.args) != 1 or call.keywords or not isinstance(call.args[0], ast.Name):
        return None
    if called_name(call.func) != "reload":
        return None
    return call.args[0].id if call.args[0].id in written else None
