"""The grader's layering, read from its syntax trees (nothing is imported): no import circle among its
modules, no module over MAX_LINES, `import grader` loads nothing but the version, and what the student
wheel ships imports nothing that only the instructor's holds (issue 25)."""

import ast
import functools
from pathlib import Path

import pytest

from grader.distribution import instructor_only

ROOT = Path(__file__).resolve().parents[1]
GRADER = ROOT / "grader"
MAX_LINES = 400


def _modules():
    """{dotted name: path} of every module of the grader; a suite's files are named by their folder
    (grader.suites.03-tanh.probes): the grader loads them by path, but they import the grader."""
    found = {}
    for path in sorted(GRADER.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name, nodes):
    """The grader modules that the import statements among `nodes` (of module `name`) import."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            base = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _tree(name):
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


@functools.cache
def _graph():
    """{module: the grader modules it imports}, anywhere in it (an import in a function is an import too): parsed
    when a test first asks, not at import (at collection, in every pytest-xdist worker)."""
    return {name: _imports(name, ast.walk(_tree(name))) for name in MODULES}


def _circles(graph):
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, circles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_the_circle_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_among_the_graders_modules():
    assert _circles(_graph()) == []


def test_no_module_of_the_grader_is_over_the_line_limit():
    over = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert over == {}


def test_import_grader_loads_nothing_but_the_version():
    tree = ast.parse((GRADER / "__init__.py").read_text(encoding="utf-8"))
    top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert [(node.module, node.level) for node in top] == [("version", 1)]


def _relative(name):
    return MODULES[name].relative_to(ROOT).as_posix()


def _top_level_imports(name):
    """What a module imports when it is imported (its top level, not its functions)."""
    top = [n for statement in _tree(name).body if not isinstance(statement, (ast.FunctionDef, ast.ClassDef,
                                                                               ast.AsyncFunctionDef))
           for n in ast.walk(statement)]
    return _imports(name, top)


SHIPPED = [name for name in MODULES if not instructor_only(_relative(name))]


@pytest.mark.parametrize("name", [n for n in SHIPPED if n.startswith("grader.judge")])
def test_the_judge_imports_nothing_only_the_instructor_has(name):
    """The judge ships to students: grader.variants, imported by judge/charging.py, made the student wheel's
    check of the reference engine fail 49 tests with ModuleNotFoundError."""
    assert [m for m in _graph()[name] if instructor_only(_relative(m))] == []


def test_what_the_student_wheel_ships_loads_nothing_only_the_instructor_has():
    loads = {name: sorted(m for m in _top_level_imports(name) if instructor_only(_relative(m))) for name in SHIPPED}
    assert {name: found for name, found in loads.items() if found} == {}
