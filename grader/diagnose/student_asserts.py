"""Static hints about a student's own tests (09-write-tests): an `assert` that can never fail, read from the test
file as a syntax tree, never executed.

- `tuple-assert`: `assert (cond, "message")`: the parentheses make one non-empty tuple, which is always true, so
  the line passes whatever `cond` is (Python says so only as a SyntaxWarning, which a test run does not show). A
  test whose only check is such a line catches no buggy engine, and nothing else says why.
- `constant-assert`: `assert "message"`, `assert 1`, `assert f"got {x}"`: a true constant (a non-empty string, a
  non-zero number, `True`), which is always true. `assert False`, `assert 0`, `assert ""` and `assert ()` always
  fail: the reference run says so already, so they are not named here.

Each is a diagnosis entry of kind "hint" (grader/diagnose/hints.py's shape) on the line of the `assert`, one per
line, in the order of the file; it cites no test (it says what the student's own file holds, so it is shown
whatever the tests' visibility). A file that does not parse gets none: its reference run already says where it
stopped.
"""

from __future__ import annotations

import ast

from ..i18n import msg, said
from .source_tree import tree_of

TESTS_FILE = "test_engine.py"


def _always_true(test) -> str | None:
    """Which kind of always-true condition `test` is, or None."""
    if isinstance(test, ast.Tuple) and test.elts:
        return "tuple-assert"
    if isinstance(test, ast.Constant) and test.value is not Ellipsis and bool(test.value):
        return "constant-assert"
    if isinstance(test, ast.JoinedStr) and any(isinstance(part, ast.Constant) and part.value
                                               for part in test.values):
        return "constant-assert"  # an f-string with text of its own is never empty
    return None


def _functions(tree):
    """{assert node: the name of the innermost function it is in (None at module level)}."""
    owner = {}

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Assert):
                owner[child] = function
            visit(child, child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function)
    visit(tree, None)
    return owner


def vacuous_asserts(files: dict, *, tests: str = TESTS_FILE) -> list[dict]:
    """Every `assert` of the student's test file that is always true, as hint entries (the first per line)."""
    tree = tree_of(files, tests)
    if tree is None:
        return []
    hints, lines = [], set()
    for node, function in sorted(_functions(tree.tree).items(), key=lambda item: (item[0].lineno, item[0].col_offset)):
        kind = _always_true(node.test)
        if kind is None or node.lineno in lines:
            continue
        lines.add(node.lineno)
        hints.append(_words(kind, node, function, tests))
    return hints


def _words(kind, node, function, tests):
    entry = {"kind": "hint", "hint": kind, "file": tests, "line": node.lineno, "tests": []}
    where = (msg("Line {line} (`{function}`)", line=node.lineno, function=function) if function
             else msg("Line {line}", line=node.lineno))
    if kind == "tuple-assert":
        condition = ast.unparse(node.test.elts[0])
        message = ast.unparse(node.test.elts[1]) if len(node.test.elts) > 1 else '"message"'
        return said(entry, title=msg("This `assert` tests a tuple, which is always true"), explanation=msg(
            "{where} reads `assert (...)`: the parentheses make one tuple of {n} values, and a tuple that is not "
            "empty is always true, so this line never fails, whatever the engine computes, and catches no bug. "
            "Write the condition, a comma, then the message, without parentheses around both: `assert {condition}, "
            "{message}`.", where=where, n=len(node.test.elts), condition=condition, message=message))
    return said(entry, title=msg("This `assert` tests a constant, which is always true"), explanation=msg(
        "{where} reads `assert {constant}`: a constant that is not empty or zero is always true, so this line never "
        "fails and catches no bug. Assert a condition on what the engine computes, with the message after a comma: "
        "`assert cond, \"message\"`.", where=where, constant=ast.unparse(node.test)))
