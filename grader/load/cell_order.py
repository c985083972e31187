"""Which later cell of a notebook defines the name its import stopped at, read from the notebook's source.

A notebook is graded top to bottom, as Jupyter's Restart & Run All runs it. A
cell that uses `Value` above the cell that defines it stops the import with a
NameError; when the execution counts Jupyter stored say the defining cell ran
before the using one, the student ran the cells out of order. Nothing here runs
the student's code: the cells are parsed (ast), and the counts are read.
"""

from __future__ import annotations

import ast

from ..i18n import Message, msg
from ..parsing import UNPARSABLE, parse
from .reading import in_cell


def defined_below(submission, error: dict, where: dict | None) -> dict | None:
    """`{"name", "cell", "ran_before"}` when the import stopped at `where` (a cell of a notebook) on a name
    (NameError, or AttributeError on a module: `import engine` in the notebook, graded as engine.py, is the
    notebook partly run; or the ImportError of `from engine import Value` there, `_imported_from_itself`) that a
    later code cell defines at its top level: that cell, and whether the stored
    execution counts say it ran before the failing cell; None otherwise. The name is the exception's own
    (`.name`, and for an AttributeError the type of `.obj`), which the sandbox sends as data with the error
    (`facts`, grader/sandbox/worker.py); the error's text is for people (session 26: read from it, a Python whose
    words differ, `partially initialized module 'engine' from '...'`, gave no sentence)."""
    facts = error.get("facts") or {}
    if not where or where.get("cell") is None or error.get("exception") not in ("NameError", "AttributeError",
                                                                                "ImportError"):
        return None
    failing = where["cell"]
    if error["exception"] == "AttributeError" and facts.get("owner") != "module":
        return None
    for sandbox_name, origin, lines, cells in _notebooks(submission, where.get("file")):
        names = [facts.get("name")] if error["exception"] != "ImportError" else _imported_from_itself(
            lines, origin.cells, where, sandbox_name.rpartition(".")[0])
        for name in (name for name in names if isinstance(name, str) and name.isidentifier()):
            # (the import's own cell binds the names it takes: the cells above it, for an ImportError)
            if any(name in _bound(code) for cell, code in cells.items()
                   if cell < failing or cell == failing and error["exception"] != "ImportError"):
                continue  # defined above (then deleted, or in a branch not taken): not a question of order
            below = next((cell for cell in sorted(cells) if cell > failing and name in _bound(cells[cell])), None)
            if below is None:
                return None
            counts = dict(origin.runs or ())
            ran_before = counts.get(below) is not None and counts.get(failing) is not None \
                and counts[below] < counts[failing]
            return {"name": name, "cell": below, "ran_before": ran_before}
        return None
    return None


def _notebooks(submission, file):
    """(sandbox name, origin, the joined file's lines, {cell: its lines}) of each module of the notebook FILE."""
    for sandbox_name, origin in submission.origins.items():
        if origin.file != file or origin.cells is None or sandbox_name not in submission.files:
            continue
        lines = submission.files[sandbox_name].decode("utf-8", "replace").split("\n")
        numbered: dict[int, dict[int, str]] = {}
        for text, place in zip(lines, origin.cells):
            if in_cell(place):
                numbered.setdefault(place[0], {})[place[1]] = text
        # each cell's lines at their own numbers (a line the loader left out, blank), so a tree's are the cell's
        cells = {cell: [code.get(k, "") for k in range(1, max(code) + 1)] for cell, code in numbered.items()}
        yield sandbox_name, origin, lines, cells


def defining_cell(submission, where: dict | None, method: str) -> dict | None:
    """`{"cell": n}`: the first code cell of the notebook at WHERE (the cell a notebook's import stopped at: the run's
    `import_stopped`, in the student's terms) that Run All never reached, and that defines METHOD: a `def METHOD` (a
    class's, or a function assigned to it), an assignment to an attribute `.METHOD`, or `setattr(..., "METHOD",
    ...)`; the stopping cell's own lines after the one that raised count too. `{"line": n}`: the first such line
    below WHERE in a notebook exported as a script (Submission.notebooks; its places are its lines). None where no
    such cell is (then the method is missing whatever the cells above do). Read from syntax trees: nothing runs."""
    if not where or where.get("line") is None and where.get("cell") is None:
        return None
    if where.get("cell") is None:
        for name, origin in submission.origins.items():
            if origin.file == where.get("file") and origin.cells is None and name in submission.notebooks:
                text = submission.files[name].decode("utf-8", "replace").split("\n")
                below = [node.lineno for node in _defining(text, method) if node.lineno > where["line"]]
                return {"line": min(below)} if below else None
        return None
    for _name, _origin, _lines, cells in _notebooks(submission, where.get("file")):
        for cell in sorted(c for c in cells if c >= where["cell"]):
            after = (where.get("line") or 0) if cell == where["cell"] else 0
            if any(node.lineno > after for node in _defining(cells[cell], method)):
                return {"cell": cell}
    return None


def _defining(lines: list[str], method: str) -> list[ast.AST]:
    """The statements of a cell's code that define METHOD (defining_cell's three forms)."""
    try:
        tree = parse("\n".join(lines))
    except UNPARSABLE:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == method:
            found.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and any(
                isinstance(t, ast.Attribute) and t.attr == method
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            found.append(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value == method:
            found.append(node)
    return found


def _imported_from_itself(lines: list[str], places: tuple, where: dict, module: str) -> list[str]:
    """The names `from <module> import ...` takes at `where` (a cell and its line), where <module> is the notebook's
    own (graded as `engine.py`, it imports `engine` partly run): ImportError ("cannot import name 'Value' from
    partially initialized module"), whose `.name` is the module's, not the name's. Session 27: a notebook whose first
    cell was `from engine import Value`, a leftover of a file beside it, got no sentence for the cell below that
    defines `Value`. Read from the cell's source (ast), never from the error's text."""
    numbered = {place[1]: text for text, place in zip(lines, places) if place is not None and place[0] == where["cell"]}
    try:
        tree = parse("\n".join(numbered.get(k, "") for k in range(1, max(numbered, default=0) + 1)))
    except UNPARSABLE:
        return []
    return next(([alias.name for alias in node.names] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == module
                 and node.lineno <= (where.get("line") or 0) <= node.end_lineno), [])


def _bound(lines: list[str]) -> set[str]:
    """The names a cell binds at its top level (also inside its top-level if/try/with/for/while)."""
    try:
        tree = parse("\n".join(lines))
    except UNPARSABLE:
        return set()
    names: set[str] = set()
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = list(node.targets if isinstance(node, ast.Assign) else [node.target])
            while targets:  # `a, (b, *c) = ...` binds a, b and c; `Value.op = ...` and `d[k] = ...` bind nothing
                target = targets.pop()
                if isinstance(target, ast.Name):
                    names.add(target.id)
                elif isinstance(target, (ast.Tuple, ast.List)):
                    targets.extend(target.elts)
                elif isinstance(target, ast.Starred):
                    targets.append(target.value)
        if isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            for part in ("body", "orelse", "finalbody"):
                pending.extend(getattr(node, part, []))
            pending.extend(statement for handler in getattr(node, "handlers", []) for statement in handler.body)
    return names


def cells_out_of_order(below: dict, cell: int) -> Message:
    """The import test's advice (where a multi-file exercise's hint would stand) for a name a later cell
    defines: `below` is defined_below's record, `cell` the failing cell. The cells ran out of order only
    when Jupyter's stored execution counts say the defining cell ran first; otherwise the fact alone (the
    cells may have been moved after running, or the counts cleared)."""
    values = {"name": below["name"], "below": below["cell"], "cell": cell}
    if below.get("ran_before"):
        return msg("`{name}` is defined in cell {below}, below cell {cell} that uses it: your notebook ran its "
                   "cells out of order (cell {below} ran before cell {cell}). Graders run a notebook top to "
                   "bottom, as Restart & Run All does: move cell {below} above cell {cell} and run it again.",
                   **values)
    return msg("`{name}` is defined in cell {below}, below cell {cell} that uses it. Graders run a notebook top "
               "to bottom, as Restart & Run All does: move cell {below} above cell {cell} and run it again.",
               **values)
