"""Which notebook cells only run the student's own check (`from grader import check; check("03-tanh")`).

Graded, such a cell would import the grader inside the sandbox, where it is forbidden (or, its import dropped,
call a `check` that is not there): the loader drops it instead (grader/load/notebooks.py), and a notebook's
`check()` leaves it out of the cells it replays (grader/classroom/notebook_check.py), so every exercise notebook
can end with one. Anything else in the cell keeps it, as the student's code.

The forms a cell may take, each what the docs and the starters show a student (session 30: every form but the
first two had the handed-in notebook graded 0, "NameError: name 'check' is not defined" or the forbidden import,
while the same call in the kernel showed the student their check):

- `check("03-tanh")`, `grader.check("03-tanh")`, `check(exercise="03-tanh", lang="ru")`;
- the call shown: `print(check(...))` (its text), `display(check(...))` (its table);
- under another name imported in the same cell: `from grader import check as c` then `c("03-tanh")`, `import
  grader as g` then `g.check("03-tanh")`;
- its result kept and shown in the same cell: `result = check("03-tanh")` then `result`;
- any of these under `if __name__ == "__main__":`, or the same test turned round, `if "__main__" == __name__:`
  (session 31: it runs in Jupyter as the other does; before, such a cell was kept and the notebook graded 0), one
  reading of it with the similarity's smoke tests (grader/parsing.is_main_test).

A call of the grader's check is one whose exercise, its first argument or `exercise=`, is written as a string,
so that a student's own function named `check` (`check(a)`) is never taken for it. Limit: a name bound in
one cell and used in another (`c = check` here, `c("03-tanh")` there; `result.tests` in a later cell) is not
followed: that cell stays, and fails as the student's code.
"""

from __future__ import annotations

import ast

from ..parsing import UNPARSABLE, is_main_test, parse

SHOWN_BY = ("print", "display")  # what shows a check's result: its text printed, its table in Jupyter


def is_self_check_cell(code: str) -> bool:
    """Whether a cell only runs the student's own check, in one of the forms of the module's docstring."""
    try:
        body = parse(code).body
    except UNPARSABLE:
        return False
    callers = {"check"}  # the names the grader's check is called by in this cell
    modules = {"grader"}  # the names the grader is imported as in this cell (`grader.check(...)`)
    results = set()  # the names a check's result is kept under in this cell

    def is_check(node) -> bool:
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        named = ((isinstance(func, ast.Name) and func.id in callers)
                 or (isinstance(func, ast.Attribute) and func.attr == "check"
                     and isinstance(func.value, ast.Name) and func.value.id in modules))
        exercise = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "exercise"), None)
        return named and isinstance(exercise, ast.Constant) and isinstance(exercise.value, str)

    def shown(node) -> bool:
        """`print(check(...))`, `display(check(...))`, or the check's call itself."""
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SHOWN_BY
                and len(node.args) == 1 and not node.keywords):
            node = node.args[0]
        return is_check(node) or (isinstance(node, ast.Name) and node.id in results)

    def checks_only(statements) -> bool:
        for node in statements:
            if isinstance(node, ast.ImportFrom) and node.module == "grader" and node.level == 0:
                callers.update(a.asname for a in node.names if a.name == "check" and a.asname)
                continue
            if isinstance(node, ast.Import) and all(a.name == "grader" for a in node.names):
                modules.update(a.asname for a in node.names if a.asname)
                continue
            if isinstance(node, ast.Expr) and shown(node.value):
                continue
            if (isinstance(node, ast.Assign) and is_check(node.value)
                    and all(isinstance(t, ast.Name) for t in node.targets)):
                results.update(t.id for t in node.targets)
                continue
            if isinstance(node, ast.If) and not node.orelse and is_main_test(node.test) and checks_only(node.body):
                continue
            return False
        return True

    return bool(body) and checks_only(body)
