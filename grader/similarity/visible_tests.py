"""An exercise's visible tests as the Python a student pastes of them: handed out as its README is (handouts.py).

`grade check` runs an exercise's visible tests and prints, for each, the expression it builds and the value
expected ("x.grad for y = tanh(x) at x = 2: expected 0.0706508249"); the probes they read ship in the student's
install (grader/suites/<id>/probes.py and shared_probes.py), a few plain lines each (`x = V(2.0)`, `y = x.tanh()`,
`y.backward()`). Students paste them into their engine as a smoke test (`if __name__ == "__main__":`, a
`test_` function, asserts on the numbers): every student has them, so two who do share the course's text, not
each other's work.

`visible_texts(exercise)` reads, without running the tests:
- which probes the visible tests read: each test function decorated `@points(...)` without a `visibility`
  or with "visible" (as grader/distribution.py cuts the student's copy), and the `p.<probe>` it names;
- each such probe's body from probes.py, or from shared_probes.py for the names probes.py imports from it,
  as a student writes it in their engine: the engine's class (the probe's `V`) as `Value`, a module the probe
  takes (`m.engine.Value`, `nn = module_of(m, "nn")`, `nn.MLP`) as the names the student's file defines, the
  docstring and the final `return` of the observation left out; as statements, and as a `test_<probe>` function;
- the values the checks expect, as `grade check` prints them (grader.judge.fmt) and in full: the reference's
  values of those probes (grader.judge.expectations: computed with the reference where it is installed, else
  the student install's stored ones), as numbers, as strings, and as the lines that name them; of the probes
  that take `Value` and run straight through (`_straight`: no deep chain, no training).
"""

from __future__ import annotations

import ast
import copy
import functools

from ..parsing import parse
from .unparse import unparse  # 3.11's ast.unparse on every Python

ENGINE_CLASS = "Value"  # what a probe's V is in the student's file
ASSERTS = {"abs": "assert abs({e} - {v}) < 1e-6", "equal": "assert {e} == {v}",
           "isclose": "assert math.isclose({e}, {v})"}  # a check as a student asserts it: the usual three ways
PLAIN = "probes"  # the form with no checks: the probes' statements alone
MOST_VALUES = 200  # numbers taken from the expectations, at most (a probe may return a long list)


@functools.lru_cache(maxsize=32)
def visible_texts(exercise: str) -> tuple[tuple[str, str], ...]:
    """((name, Python text), ...) of EXERCISE's visible tests (see the module's docstring); () for no suite."""
    from ..suites import SUITES

    folder = SUITES / exercise
    tests = sorted(folder.glob("test_*.py")) or sorted(folder.glob("visible_test_*.py"))
    if not (folder / "probes.py").is_file() or not tests:
        return ()
    wanted: list[str] = []
    for path in tests:
        tree = _parsed(path)
        for node in tree.body if tree else ():
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _visible(node):
                wanted += [n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
                           and isinstance(n.value, ast.Name) and n.value.id == "p"]
    probes = _probe_functions(folder)
    found = [probes[name] for name in dict.fromkeys(wanted) if name in probes]
    if not found:
        return ()
    expected = _expected(exercise, found)  # {probe: [(key, value)]}
    out = {}
    for form in (None, *ASSERTS):
        pasted = [(f, _pasted(f) + _asserts(form, expected.get(f.name, ()))) for f in found]
        statements = [s for _, body in pasted for s in body]
        main = ast.If(test=parse('__name__ == "__main__"').body[0].value, body=statements, orelse=[])
        functions = [ast.FunctionDef(name=f"test_{f.name}", args=ast.arguments([], [], None, [], [], None, []),
                                     body=body, decorator_list=[], returns=None, type_comment=None)
                     for f, body in pasted if body]
        named = f"{exercise} visible tests <{form or PLAIN}>"
        out.update({f"{named} <statements>": _unparsed(statements),
                    f"{named} <main>": _unparsed([main] * bool(statements)), f"{named} <functions>": _unparsed(functions)})
    out[f"{exercise} visible tests <expected>"] = _values_text(found, expected)
    return tuple((name, text) for name, text in out.items() if text.strip())


@functools.lru_cache(maxsize=32)
def checks_kgrams(exercise: str) -> frozenset[int]:
    """What the visible tests of EXERCISE add to every student's text (visible_texts): the k-grams and traits of
    their checks (the asserts on the values expected, and the fragments around them) and of those values, not
    those of the probes' own statements. A probe makes leaves and calls backward() (`a, b = Value(2.0),
    Value(3.0)`, `y = a * b + b`), every smoke test's vocabulary once names are read past: subtracting it took
    from copies that share a smoke test of their own (session 18: the fourth class's seed 8, 0.8471 -> 0.8016),
    as subtracting the README's example with its `if __name__` line did (handouts.py)."""
    from .documents import starter_kgrams

    texts = dict(visible_texts(exercise))
    plain = {name: text for name, text in texts.items() if f"<{PLAIN}>" in name}
    checks = {name: text for name, text in texts.items() if name not in plain}
    return starter_kgrams(checks) - starter_kgrams(plain) if checks else frozenset()


def _parsed(path) -> ast.Module | None:
    try:
        return parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return None


def _visible(function) -> bool:
    """Whether FUNCTION is a test that a student's `grade check` runs: @points(...) saying no other visibility."""
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "points":
            said = [k.value for k in decorator.keywords if k.arg == "visibility"]
            return not said or (isinstance(said[0], ast.Constant) and said[0].value == "visible")
    return False


def _probe_functions(folder) -> dict[str, ast.FunctionDef]:
    """{name: its def} of the probes probes.py defines or imports from a module beside the suites."""
    tree = _parsed(folder / "probes.py")
    if tree is None:
        return {}
    out = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            beside = _parsed(folder.parent / f"{node.module}.py")
            defined = {n.name: n for n in beside.body if isinstance(n, ast.FunctionDef)} if beside else {}
            out.update({alias.asname or alias.name: defined[alias.name] for alias in node.names
                        if alias.name in defined})
    return out


class _AsPasted(ast.NodeTransformer):
    """A probe's body as a student's file writes it: V as the engine's class, the student's modules as the names
    their file defines (`m.engine.Value`, `nn.MLP` of `nn = module_of(m, "nn")`: `Value`, `MLP`)."""

    def __init__(self, parameter: str | None, modules: set[str]):
        self.parameter, self.modules = parameter, modules

    def visit_Name(self, node):
        return ast.Name(ENGINE_CLASS, node.ctx) if node.id == self.parameter else node

    def visit_Attribute(self, node):
        inner = node.value
        if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name) and inner.value.id in self.modules:
            return ast.Name(node.attr, node.ctx)  # m.engine.Value
        if isinstance(inner, ast.Name) and inner.id in self.modules and inner.id != self.parameter:
            return ast.Name(node.attr, node.ctx)  # nn.MLP
        return self.generic_visit(node)


def _pasted(function: ast.FunctionDef) -> list[ast.stmt]:
    """FUNCTION's statements as pasted (see _AsPasted): no docstring, no final return, no `x = module_of(m, ...)`."""
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if body and isinstance(body[-1], ast.Return):
        body = body[:-1]
    parameter = function.args.args[0].arg if function.args.args else None
    modules = {parameter} if parameter else set()
    kept = []
    for statement in body:
        value = getattr(statement, "value", None)
        if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name) and isinstance(value, ast.Call)
                and any(isinstance(n, ast.Name) and n.id == parameter for n in ast.walk(value))
                and not isinstance(value.func, ast.Attribute)
                and getattr(value.func, "id", None) != parameter):
            modules.add(statement.targets[0].id)  # nn = module_of(m, "nn"): the student's module, not code
            continue
        kept.append(statement)
    uses_modules = any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Attribute)
                       and isinstance(n.value.value, ast.Name) and n.value.value.id == parameter
                       for s in kept for n in ast.walk(s))
    rewrite = _AsPasted(None if uses_modules or len(modules) > 1 else parameter, modules)
    return [rewrite.visit(ast.fix_missing_locations(copy.deepcopy(s))) for s in kept]


def _unparsed(statements: list[ast.stmt]) -> str:
    if not statements:
        return ""
    return unparse(ast.fix_missing_locations(ast.Module(body=statements, type_ignores=[]))) + "\n"


def _expected(exercise: str, probes: list[ast.FunctionDef]) -> dict[str, list[tuple[str, float]]]:
    """{probe: [(key, number)]} of what the visible tests expect of PROBES (the module's docstring); {} without."""
    from ..judge.expectations import Expectations
    from ..suites import SuiteError, load_suite

    out = {}
    try:
        suite = load_suite(exercise)
        expectations = Expectations(suite)
        for function in probes:
            probe = getattr(suite.probes, function.name, None)
            if probe is not None and not getattr(probe, "takes_modules", False) and _straight(function):
                out[function.name] = _numbers(expectations.reference(probe))[:MOST_VALUES]
    except (SuiteError, ImportError, ArithmeticError, ValueError, TypeError, KeyError, AttributeError):
        pass  # no reference and no stored values: the probes' code is handed out all the same
    return out


def _straight(function: ast.FunctionDef) -> bool:
    """Whether FUNCTION runs straight through: no loop, no comprehension. Only such a probe's values are computed
    (a few nodes each, milliseconds): a 10,000-node chain or a network's training (0.5-1.3 s each on the
    reference) is no value a student pastes, and would cost every run seconds."""
    return not any(isinstance(n, (ast.For, ast.While, ast.comprehension)) for n in ast.walk(function))


def _asserts(form: str | None, values) -> list[ast.stmt]:
    """The checks of VALUES as a student asserts them in FORM (ASSERTS), each value as `grade check` prints it."""
    from ..judge import fmt

    if form is None:
        return []
    out = []
    for key, value in values:
        if key.endswith(".data"):
            continue  # an input's value, which the observation echoes and no check is about
        try:
            node = parse(key, mode="eval").body if key.isidentifier() or "." in key else None
        except SyntaxError:
            node = None
        if not isinstance(node, (ast.Name, ast.Attribute)):
            continue
        expression = f"{key}.data" if isinstance(node, ast.Name) else key
        out.append(parse(ASSERTS[form].format(e=expression, v=fmt(value))).body[0])
    return out


def _values_text(probes: list[ast.FunctionDef], expected) -> str:
    """The expected values as `grade check` names them (lines, as comments and as a string) and as numbers and
    strings, as printed and in full."""
    from ..judge import fmt

    docs = {f.name: (ast.get_docstring(f) or f.name).strip().splitlines()[0] for f in probes}
    lines = [f"{key} for {docs[name]}: expected {fmt(value)}" for name, values in expected.items()
             for key, value in values]
    numbers = list(dict.fromkeys(value for values in expected.values() for _, value in values))
    if not numbers:
        return ""
    shown = list(dict.fromkeys(text for value in numbers for text in (repr(value), fmt(value))))
    quoted = "\n".join(lines).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return ("\n".join(f"# {line}" for line in lines) + f'\n\n"""{quoted}"""\n\n'
            + "expected = [\n" + "".join(f"    {text},\n" for text in shown) + "]\n"
            + "expected = [\n" + "".join(f"    {text!r},\n" for text in shown) + "]\n")


def _numbers(values, key="") -> list[tuple[str, float]]:
    """(key, number) of every int or float in VALUES (nested dicts and lists), keys joined by '.'."""
    if isinstance(values, bool):
        return []
    if isinstance(values, (int, float)):
        return [(key, values)]
    if isinstance(values, dict):
        return [found for k, v in values.items() for found in _numbers(v, f"{key}.{k}" if key else str(k))]
    if isinstance(values, (list, tuple)):
        return [found for i, v in enumerate(values) for found in _numbers(v, f"{key}[{i}]")]
    return []
