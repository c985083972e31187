"""A file's smoke test: what it runs as a script to try its own code, which every student of an exercise writes alike.

`if __name__ == "__main__":` at the module's level (either way round, any quotes) whose body only builds values from
constants and the file's own names, calls the exercise's operations on them and prints or asserts what they give is
a smoke test (session 19): statements that assign (`a = Value(2.0)`, `c = (a * b + a).tanh()`), call (`c.backward()`,
`print(a.grad)`) or assert, and nothing that makes code of its own (no `def`, `class`, `lambda` or comprehension, no
loop, no branch, no `import`, no `with`/`try`). The exercise's obvious smoke test (two leaves, the new op, backward,
the grads printed) is what independent students write alike, the constants apart: weaker evidence between two
students than the engine's own code (cohort.py counts it as it counts canonical code), and a copy keeps the engine
its source wrote besides it. A `__main__` block that does anything else (a training loop, a helper, a branch) is
the student's own program and counts as code.
"""

from __future__ import annotations

import ast

from ..parsing import is_main_test
from .walk import walk

# what a smoke test's statements and expressions may be: anything else makes code of its own
_STATEMENTS = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Assert, ast.Pass)
_OWN_CODE = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.NamedExpr, ast.Await,
             ast.Yield, ast.YieldFrom)


def smoke_test_lines(tree: ast.Module) -> frozenset[int]:
    """The lines of TREE's module-level `if __name__ == "__main__":` blocks that are a smoke test (the module
    docstring), their `if` line included; none when it has no such block."""
    lines: set[int] = set()
    for statement in tree.body if isinstance(tree, ast.Module) else ():
        if isinstance(statement, ast.If) and not statement.orelse and is_main_test(statement.test) \
                and all(_plain_statement(s) for s in statement.body):
            lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
    return frozenset(lines)


def _plain_statement(statement) -> bool:
    return isinstance(statement, _STATEMENTS) and not any(isinstance(node, _OWN_CODE) for node in walk(statement))
