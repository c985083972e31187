"""Static hints about a student's own tests (09-write-tests): an `assert` that can never fail, read from the test
file as a syntax tree, never executed.

- `tuple-assert`: `assert (cond, "message")`: the parentheses make one non-empty tuple, which is always true, so
  the line passes whatever `cond` is (Python says so only as a SyntaxWarning, which a test run does not show). A
  test whose only check is such a line catches no buggy engine, and nothing else says why.
- `constant-assert`: `assert "message"`, `assert 1`, `assert f"got {x}"`: a true constant (a non-empty string, a
  non-zero number, `True`), which is always true. `assert False`, `assert 0`, `assert ""` and `assert ()` always
  fail: the reference run says so already, so they are not named here.

- `tuple-assert` too for `self.assertTrue((cond, "message"))` (or `assert_`, `failUnless`, on any receiver): the
  same one tuple, handed to unittest's check as its condition (session 39); `constant-assert` for `self.assertTrue(
  "message")`. `assertFalse` of either always fails, which the reference run says.
- `asserts-nothing`: a test (a function `test*` at the top of the file or in a class there) that checks nothing:
  no `assert`, no `raise`, no call of a check (a name that says so: `assert*`, `fail*`, `check*`, `verify*`,
  `expect*`, `ensure*`, `raises`, `warns`, `skip`, `xfail`), nor of anything the file defines or imports from
  outside the standard library but the engine's classes (a helper may check), nor `yield`, `exec` or `eval`. It fails only where the engine raises,
  never for a wrong number. A comparison it computes and drops (`x.grad == 1 - t ** 2` on a line of its own) is
  said where it stands (`compared`), with the `assert` it lacks; else the hint stands at the `def`.

- `float-equality` (session 39): `assert got == want` (or `!=`, `assertEqual`, `assertNotEqual`) where `want` is a
  float worked out another way: a call of `math`'s functions (`math.exp(1.3)`, `math.tanh(0.6) * math.exp(0.6)`) or
  a float literal that is no multiple of 1/1024 (`0.1`, `0.9785681127687023`), written there, assigned to the name
  in the same function or at the top of the file, unpacked from a row of a table the file defines (`expression,
  numbers, value = CASES[name]`, the row's item at that place) or a column of `pytest.mark.parametrize`; a loop's
  variable and a function's return value too (session 40: grader/diagnose/float_sources.py). Two correct
  ways of computing the same number may differ in the last bits, so such a test is right only by luck on the engine
  it was written on. A whole number or a short binary fraction (`a.grad == 1`, `== 0.25`) is exact and not named,
  nor a string, nor `pytest.approx(...)` or `math.isclose(...)`, nor one side of an `or` (`abs(got - want) < 1e-9 or
  got == want`).

Each is a diagnosis entry of kind "hint" (grader/diagnose/hints.py's shape) on the line of the `assert`, one per
line, in the order of the file; it cites no test (it says what the student's own file holds, so it is shown
whatever the tests' visibility). A file that does not parse gets none: its reference run already says where it
stopped.
"""

from __future__ import annotations

import ast

from ..i18n import msg, said
from ..parsing import called_name
from .float_sources import Reading, rounded_side
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
    """{assert node, or a `self.assertTrue(...)` call: the name of the innermost function it is in (None at module
    level)}."""
    owner = {}

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Assert) or _true_check(child) or _equal_check(child):
                owner[child] = function
            visit(child, child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function)
    visit(tree, None)
    return owner


def vacuous_asserts(files: dict, *, tests: str = TESTS_FILE) -> list[dict]:
    """Every `assert` (or `self.assertTrue(...)`) of the student's test file that is always true, and every test that
    checks nothing, as hint entries (the first per line), in the order of the file."""
    tree = tree_of(files, tests)
    if tree is None:
        return []
    found = []
    for node, function in _functions(tree.tree).items():
        if not isinstance(node, ast.Assert) and not _true_check(node):
            continue
        condition = node.test if isinstance(node, ast.Assert) else node.args[0]
        kind = _always_true(condition)
        if kind is not None:
            found.append((node.lineno, node.col_offset, _words(kind, node, function, tests, condition)))
    for node, function, compared, source in _float_equalities(tree.tree):
        found.append((node.lineno, node.col_offset, _float_words(node, function, tests, compared, source)))
    for test, compared in _checking_nothing(tree.tree):
        line = compared.lineno if compared is not None else test.lineno
        found.append((line, -1, _nothing_words(test, compared, line, tests)))
    hints, lines = [], set()
    for line, _, hint in sorted(found, key=lambda item: item[:2]):
        if line not in lines:
            lines.add(line)
            hints.append(hint)
    return hints


# unittest's methods that pass when their one condition is true
_TRUE_CHECKS = frozenset({"assertTrue", "assert_", "failUnless"})
# a call whose name starts so (any case) may check: `assertEqual`, `assert_allclose`, `fail`, `check_grad`, ...
_CHECK_PREFIXES = ("assert", "fail", "check", "verify", "expect", "ensure")
_CHECK_NAMES = frozenset({"raises", "warns", "deprecated_call", "skip", "xfail", "exec", "eval", "approx_equal"})


def _true_check(node) -> bool:
    """`self.assertTrue(cond, ...)`: a call of unittest's truth check on any receiver, with its condition."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _TRUE_CHECKS
            and bool(node.args))


def _tests(module):
    """[the test functions of MODULE]: `test*` at its top, and `test*` methods of a class at its top."""
    found = []
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            found.append(node)
        elif isinstance(node, ast.ClassDef):
            found += [f for f in node.body
                      if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name.startswith("test")]
    return found


def _own_names(module) -> set:
    """The names the file defines (its functions, classes, methods) or imports from a module outside the standard
    library (a helper of the student's own, which may check), but the engine's classes (`from engine import
    Value`: a check's name is no class's)."""
    import sys

    names = set()
    for node in ast.walk(module):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            module_name = (node.module or "") if isinstance(node, ast.ImportFrom) else ""
            for alias in node.names:
                top = (module_name or alias.name).split(".")[0]
                if top == "engine" and alias.name[:1].isupper():
                    continue
                if getattr(node, "level", 0) or top not in sys.stdlib_module_names:
                    names.add(alias.asname or alias.name.split(".")[0])
    return names


def _may_check(node, own: set) -> bool:
    if isinstance(node, (ast.Assert, ast.Raise, ast.Yield, ast.YieldFrom, ast.Await)):
        return True
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = called_name(func)
    if name is None:
        return True  # a call of what a call or an item gives: not read
    if name.lower().startswith(_CHECK_PREFIXES) or name in _CHECK_NAMES or name in own:
        return True
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name) and func.id in own and func.id != "self"


def _checking_nothing(module):
    """[(a test that checks nothing, the first comparison it computes and drops, or None)] (the module docstring)."""
    own = _own_names(module)
    found = []
    for test in _tests(module):
        if any(_may_check(node, own) for node in ast.walk(test) if node is not test):
            continue
        if any(isinstance(d, ast.Call) or isinstance(d, ast.Attribute) for d in test.decorator_list):
            continue  # `@pytest.mark.skip(...)`, `@unittest.expectedFailure`: not read
        dropped = [s for s in ast.walk(test) if isinstance(s, ast.Expr) and isinstance(s.value, ast.Compare)]
        found.append((test, min(dropped, key=lambda s: (s.lineno, s.col_offset)) if dropped else None))
    return found


def _words(kind, node, function, tests, condition):
    entry = {"kind": "hint", "hint": kind, "file": tests, "line": node.lineno, "tests": []}
    where = (msg("Line {line} (`{function}`)", line=node.lineno, function=function) if function
             else msg("Line {line}", line=node.lineno))
    if isinstance(node, ast.Call):
        return said({**entry, "call": node.func.attr}, **_call_words(kind, node, where, condition))
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


def _call_words(kind, node, where, condition) -> dict:
    """The title and explanation of `self.assertTrue(...)` handed a tuple or a true constant."""
    call = f"{ast.unparse(node.func)}(...)"
    if kind == "tuple-assert":
        first = ast.unparse(condition.elts[0])
        message = ast.unparse(condition.elts[1]) if len(condition.elts) > 1 else '"message"'
        return {"title": msg("This `{check}` tests a tuple, which is always true", check=node.func.attr),
                "explanation": msg(
                    "{where} reads `{call}` with one tuple of {n} values as its condition: a tuple that is not empty "
                    "is always true, so this check never fails, whatever the engine computes, and catches no bug. "
                    "Hand the condition and the message as two arguments, without parentheses around both: "
                    "`{receiver}.{check}({condition}, {message})`.", where=where, call=call, n=len(condition.elts),
                    receiver=ast.unparse(node.func.value), check=node.func.attr, condition=first, message=message)}
    return {"title": msg("This `{check}` tests a constant, which is always true", check=node.func.attr),
            "explanation": msg(
                "{where} reads `{call}` with the constant `{constant}` as its condition: a constant that is not empty "
                "or zero is always true, so this check never fails and catches no bug. Check a condition on what the "
                "engine computes, with the message after it: `{receiver}.{check}(cond, \"message\")`.", where=where,
                call=call, constant=ast.unparse(condition), receiver=ast.unparse(node.func.value),
                check=node.func.attr)}


def _nothing_words(test, compared, line, tests) -> dict:
    """The hint of a test that checks nothing (`asserts-nothing`), at the comparison it drops or at its `def`."""
    entry = {"kind": "hint", "hint": "asserts-nothing", "file": tests, "line": line, "tests": [],
             "function": test.name}
    title = msg("`{function}` checks nothing: it passes whatever the engine computes", function=test.name)
    if compared is not None:
        return said({**entry, "compared": ast.unparse(compared.value)}, title=title, explanation=msg(
            "Line {line} (`{function}`) computes `{comparison}` and throws the result away: a comparison on a line "
            "of its own checks nothing. The test has no `assert` and no other check, so it fails only where the "
            "engine raises, never for a wrong number. Write `assert` before it: `assert {comparison}`.",
            line=line, function=test.name, comparison=ast.unparse(compared.value)))
    return said(entry, title=title, explanation=msg(
        "Line {line}: `{function}` runs the engine but has no `assert` and no other check (a `self.assert...` call, "
        "an exception raised), so it fails only where the engine raises, never for a wrong number, and catches "
        "almost no bug. Assert what a correct engine gives: `assert abs(a.grad - want) < 1e-9, \"message\"`.",
        line=line, function=test.name))


# unittest's methods that compare their two arguments exactly
_EQUAL_CHECKS = frozenset({"assertEqual", "assertEquals", "assertNotEqual", "assertNotEquals", "failUnlessEqual"})


def _equal_check(node) -> bool:
    """`self.assertEqual(a, b)`: unittest's exact comparison of two arguments, on any receiver."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _EQUAL_CHECKS
            and len(node.args) >= 2)


def _float_equalities(module):
    """[(an assert or `assertEqual` comparing with `==` a float worked out another way, the name of its function,
    the comparison, the rounded part it compares with)] (the module docstring's `float-equality`)."""
    reading = Reading(module)
    functions = {}

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Assert, ast.Call)):
                functions[child] = function
            visit(child, child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function)
    visit(module, None)
    found = []
    for node, function in functions.items():
        if isinstance(node, ast.Assert):
            # `abs(got - want) < 1e-9 or got == want`: one side of an `or` is not the check
            either = {id(v) for b in ast.walk(node.test) if isinstance(b, ast.BoolOp) and isinstance(b.op, ast.Or)
                      for v in b.values}
            pairs = [(c, [c.left, *c.comparators][i:i + 2]) for c in ast.walk(node.test)
                     if isinstance(c, ast.Compare) and id(c) not in either
                     for i, op in enumerate(c.ops) if isinstance(op, (ast.Eq, ast.NotEq))]
        elif _equal_check(node):
            pairs = [(node, node.args[:2])]
        else:
            continue
        for compared, sides in pairs:
            source = rounded_side(sides, function, reading)
            if source is not None:
                found.append((node, function.name if function is not None else None, compared, source))
                break
    return found


def _float_words(node, function, tests, compared, source) -> dict:
    """The hint of a float compared with `==` (`float-equality`), at its line."""
    where = (msg("Line {line} (`{function}`)", line=node.lineno, function=function) if function
             else msg("Line {line}", line=node.lineno))
    if isinstance(compared, ast.Call):
        got, want = (ast.unparse(a) for a in compared.args[:2])
        comparison = f"{ast.unparse(compared.func)}({got}, {want})"
    else:
        comparison = ast.unparse(compared)
        got, want = ast.unparse(compared.left), ast.unparse(compared.comparators[0])
    entry = {"kind": "hint", "hint": "float-equality", "file": tests, "line": node.lineno, "tests": [],
             "compared": comparison, "rounded": ast.unparse(source)}
    return said(entry, title=msg("This test compares floats with `==`"), explanation=msg(
        "{where} reads `{comparison}`, and the number it is compared with is a float worked out another way "
        "(`{rounded}`). Two correct ways of computing the same number often differ in the last digits (0.1 + 0.2 is "
        "0.30000000000000004), so this check holds only by luck, on the engine it was written on, and may fail on "
        "another correct one. Compare with a tolerance: `math.isclose({got}, {want}, rel_tol=1e-9)` or `{got} == "
        "pytest.approx({want})`.", where=where, comparison=comparison, rounded=ast.unparse(source), got=got,
        want=want))
