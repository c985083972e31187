"""A test file read as the cases it checks (session 40): what a copy of a student's tests keeps through any
restructuring.

A test of an engine is a case: an expression built on leaves with input numbers, and the numbers it expects (by
hand, or the reference it compares to). A copier who turns a table of cases into one function per case, a unittest
class into a parametrised table, or separate functions into a seeded loop over a list of tuples rewrites every line,
and keeps every case's numbers. So each case of a test file is read as the set of numbers it writes, in two forms:
the literals as written (`-3 / 1.5 ** 2`: -3, 1.5, 2) and with each expression of literals worked out (`-3 / 1.5 **
2`: -1.33333333; `math.tanh(2.0)`, `math.e` alike), so that `3 * t * t` at t = 1.1 and `3 * 1.1 * 1.1` are one case
as written and `-3 / 1.5 ** 2` and `-1.3333333333` one case worked out. A case is:

- a row of a table: each element of a list, tuple or set literal of two or more rows (each a tuple or list of two or
  more items: a `parametrize` table, a module's list of cases, a list of tuples a loop walks), or each item of a dict
  literal of two or more items (a case's name and its numbers);
- in a test (a function of the module or a method of one of its classes whose name starts with `test`), each run of
  statements up to its asserts (a new case starts at the first statement after an assert: `assert ...` or a call
  `self.assert...(...)`), the tables in it read as rows instead.

A keyword argument's value (`rel=1e-6`, `places=6`) and a number under TOLERANCE (a tolerance, a step h) are no part
of a case; a case of fewer than MIN_NUMBERS distinct numbers says nothing (a lone 2.0). Only a file with a test (a
`test` function or a `unittest.TestCase` class) is read: an engine's tables of ops are no cases. case_scores.py weighs
each case by how many students hold it, as code (the canonical `a * b` at 2 and 3 that every student writes is
common), and the cases two students hold alike are a piece of evidence of their own.
"""

from __future__ import annotations

import ast
import math
import re

from ..parsing import UNPARSABLE, parse
from .normalise import MAX_CHARS
from .traits import _hash
from .walk import walk

MIN_NUMBERS = 2  # a case of fewer distinct numbers says nothing
TOLERANCE = 1e-3  # a number of smaller size but 0 is a tolerance or a step, no part of a case
SIZE = 0.5  # each of a case's two readings (as written, worked out): one case weighs 1
# the pure functions of `math` whose value at a literal is worked out (`math.tanh(2.0)`), and its constants
FUNCTIONS = frozenset({"exp", "log", "tanh", "sqrt", "sin", "cos", "tan", "atan", "log1p", "expm1", "cosh", "sinh",
                       "fabs"})
CONSTANTS = {"e": math.e, "pi": math.pi, "tau": math.tau}
MAX_DEPTH = 32  # an expression of literals worked out at most this deep
MAX_POWER = 64  # an exponent worked out at most this large (no 10 ** 10 ** 10 in a hostile file)
ASSERTS = ("assert",)  # a call whose name starts so is an assert (unittest's self.assertAlmostEqual, ...)
# what a test file writes somewhere (a `def test...`, a TestCase): a file without it is not parsed again (an engine)
_TESTS = re.compile(r"def\s+test|TestCase", re.IGNORECASE)


def case_prints(texts: dict[str, str]) -> dict[int, float]:
    """{hash: size} of the cases of each test file of TEXTS (read_cases)."""
    found: dict[int, float] = {}
    for name in sorted(texts):
        found.update(read_cases(texts[name]))
    return found


def own_cases(texts: dict[str, str], *known: frozenset[int]) -> dict[int, float]:
    """case_prints of TEXTS less those in any of KNOWN (the starter's and handouts', a public source's, the
    reference's: starter_kgrams reads their cases too)."""
    return {h: size for h, size in case_prints(texts).items() if not any(h in given for given in known)}


def read_cases(source: str) -> dict[int, float]:
    """{hash: size} of the cases of one file (the module's docstring says what a case is); none when it is no test file,
    is over MAX_CHARS or does not parse."""
    if len(source) > MAX_CHARS or not _TESTS.search(source):
        return {}
    try:
        tree = parse(source)
    except UNPARSABLE:
        return {}
    nodes = list(walk(tree))
    if not any(_is_test(node) for node in nodes):
        return {}
    # the tables that are in no other table's row (walk reaches the outer first): a table in a row (a case's inputs as
    # a tuple of tuples) is part of that row; each node is under one outer table at most, so this is linear
    inner: set[int] = set()
    outer = []
    for node in nodes:
        if id(node) not in inner and (rows := _rows(node)):
            outer.append(rows)
            inner.update(id(n) for row in rows for item in row for n in walk(item))
    skip = {id(node) for node in nodes if _rows(node) and id(node) not in inner}
    found: dict[int, float] = {}
    for rows in outer:
        for row in rows:
            _add(found, row, skip)
    # the tests: the module's functions and its classes' methods (a test nested in a test is part of its run)
    tests = [node for body in [tree.body] + [c.body for c in tree.body if isinstance(c, ast.ClassDef)] for node in body
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.lower().startswith("test")]
    for test in tests:
        for run in _runs(test.body):
            _add(found, run, skip)
    return found


def _is_test(node: ast.AST) -> bool:
    """A test function, or a class that derives from a TestCase."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return node.name.lower().startswith("test")
    return isinstance(node, ast.ClassDef) and any(
        (base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")).endswith("TestCase")
        for base in node.bases)


def _rows(node: ast.AST) -> list:
    """The rows of a table literal (each a list of nodes), or none when NODE is no table."""
    if isinstance(node, ast.Dict):
        return [[k, v] if k is not None else [v] for k, v in zip(node.keys, node.values)] if len(node.keys) >= 2 else []
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and len(node.elts) >= 2 and all(
            isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) >= 2 for e in node.elts):
        return [e.elts for e in node.elts]
    return []


def _runs(body: list[ast.stmt]) -> list[list[ast.stmt]]:
    """BODY cut into runs of statements, each up to and with its asserts."""
    runs: list[list[ast.stmt]] = [[]]
    asserted = False
    for statement in body:
        checks = _asserts(statement)
        if asserted and not checks:
            runs.append([])
        runs[-1].append(statement)
        asserted = checks
    return [run for run in runs if run]


def _asserts(statement: ast.stmt) -> bool:
    """Whether STATEMENT is an assert: `assert ...` or a call of a name that starts with `assert`."""
    if isinstance(statement, ast.Assert):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return name.lower().startswith(ASSERTS)
    return False


def _add(found: dict[int, float], nodes: list, skip: set[int]) -> None:
    """The case NODES write, as written and worked out, into FOUND (when it has MIN_NUMBERS numbers or more)."""
    written, worked = set(), set()
    for node in nodes:
        _numbers(node, skip, written, worked)
    for kind, numbers in (("case as written", written), ("case worked out", worked)):
        if len(numbers) >= MIN_NUMBERS:
            found[_hash(kind, " ".join(sorted(numbers)))] = SIZE


def _numbers(node: ast.AST, skip: set[int], written: set[str], worked: set[str]) -> None:
    """The numbers under NODE (not in a table of SKIP, not a keyword's value) into WRITTEN and WORKED."""
    stack = [(node, False)]
    while stack:
        node, folded = stack.pop()
        if not folded:
            value = _value(node)
            if value is not None:
                _keep(worked, value)
                folded = True  # below it, the literals as written only
        literal = _literal(node)
        if literal is not None:
            _keep(written, literal)
            continue
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.keyword) or id(child) in skip:
                continue
            stack.append((child, folded))


def _keep(numbers: set[str], value: float) -> None:
    if value == 0 or abs(value) >= TOLERANCE:
        numbers.add(f"{value + 0.0:.9g}")


def _literal(node: ast.AST) -> float | None:
    """A number as written: a literal, its negation, or a constant of `math`."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) and \
            not isinstance(node.operand, ast.UnaryOp):  # one sign: `- - 1` is worked out, not a literal
        inner = _literal(node.operand)
        return None if inner is None else -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return float(node.value) if math.isfinite(node.value) else None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math":
        return CONSTANTS.get(node.attr)
    return None


def _value(node: ast.AST) -> float | None:
    """The value of an expression of literals (arithmetic, math's functions and constants), or None (one nested deeper
    than MAX_DEPTH is not worked out: each node of a hostile chain of a thousand `+` is tried once, at most MAX_DEPTH
    deep)."""
    try:
        value = _worked(node, MAX_DEPTH)
    except (ArithmeticError, ValueError, TypeError):
        return None
    return value if value is not None and isinstance(value, float) and math.isfinite(value) else None


def _worked(node: ast.AST, depth: int) -> float | None:
    literal = _literal(node)
    if literal is not None or depth <= 0:
        return literal
    if isinstance(node, ast.BinOp):
        left, right = _worked(node.left, depth - 1), _worked(node.right, depth - 1)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Div):
            return left / right
        if isinstance(node.op, ast.Pow) and abs(right) <= MAX_POWER:
            return float(left ** right)
        return None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
            and node.func.value.id == "math" and node.func.attr in FUNCTIONS and len(node.args) == 1 \
            and not node.keywords:
        inner = _worked(node.args[0], depth - 1)
        return None if inner is None else float(getattr(math, node.func.attr)(inner))
    return None
