"""Static hints: classic mistakes read from the student's source as a syntax tree, never executed.

- `recursive-topo`: a topological sort that calls itself (a nested
  `build_topo` inside `backward`, or a function or method whose name says it
  sorts or walks the graph). Deep graphs raise RecursionError. Not said of a
  file that raises the limit with `sys.setrecursionlimit`: there the
  deep-chain test decides, and its own message explains a RecursionError.
- `assign-grad`: `x.grad = ...` with `=` inside a backward closure (a
  function nested in another), where the right-hand side does not read
  `x.grad` itself. A number (`= 0`, `= 1`: resets and seeds) and
  `x.grad = x.grad + ...` are not flagged, nor is anything outside a nested
  function (the seed `self.grad = 1` in `backward`, `zero_grad`), nor a
  helper nested in `backward()` that reads no gradient on the right (it
  writes back totals summed elsewhere: `node.grad = totals[node]`).

Each hint is a diagnosis entry of kind "hint":
`{"kind": "hint", "hint", "title", "explanation", "file", "line", "tests": []}`.
A hint cites no test: it says what the student's own file contains, which
gives nothing of a hidden test away, so it is shown whatever the tests'
visibility.
"""

from __future__ import annotations

import ast
import functools
import re

from ..places import line_words

_SORT_NAME = re.compile(r"topo|sort|order|dfs|visit|walk|build|trace|collect", re.IGNORECASE)
_RESET_NAME = re.compile(r"zero|reset|clear|init", re.IGNORECASE)


class _Tree:
    """A parsed file walked once: each node's parent, and the nodes of each type in file order.

    Every hint looks at a few kinds of node (calls, functions, imports,
    assignments); walking the whole tree once for all of them, instead of once
    per hint, is what keeps the hints cheap for a class of hundreds.
    """

    def __init__(self, tree):
        self.tree, self.parents, self._by_type = tree, {}, {}
        stack = [tree]
        while stack:
            node = stack.pop()
            self._by_type.setdefault(type(node), []).append(node)
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
                stack.append(child)
        for nodes in self._by_type.values():
            nodes.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))

    def nodes(self, *types):
        found = [n for t in types for n in self._by_type.get(t, [])]
        if len(types) > 1:
            found.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        return found


@functools.lru_cache(maxsize=64)
def _analysed(text, filename):
    """The walked tree of a source text (hints and seed facts of one file share it); None if it does not parse."""
    try:
        return _Tree(ast.parse(text, filename=filename))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _enclosing(node, parents):
    """The functions `node` is inside, innermost first."""
    functions = []
    current = parents.get(node)
    while current is not None:
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(current)
        current = parents.get(current)
    return functions


def _own_body_nodes(function):
    """Every node inside `function`, not descending into functions or classes defined in it."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)


def _calls_itself(function, is_method):
    for node in _own_body_nodes(function):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == function.name and not is_method:
                return node.lineno
            if isinstance(f, ast.Attribute) and f.attr == function.name and is_method:
                return node.lineno
    return None


def _raises_recursion_limit(tree):
    """Whether the file calls `sys.setrecursionlimit` (or an imported `setrecursionlimit`)."""
    for node in tree.nodes(ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if name == "setrecursionlimit":
            return True
    return False


def _recursive_sorts(tree, parents, place):
    hints = []
    if _raises_recursion_limit(tree):
        # The hint's words ("Python stops at about 1,000") would be untrue; whether the raised limit is
        # enough is the deep-chain test's to say, and its failure names the recursion itself.
        return hints
    for node in tree.nodes(ast.FunctionDef, ast.AsyncFunctionDef):
        if node.name.startswith("__"):
            continue
        is_method = isinstance(parents.get(node), ast.ClassDef)
        in_backward = any("backward" in f.name.lower() for f in [node, *_enclosing(node, parents)])
        if not (in_backward or _SORT_NAME.search(node.name)):
            continue
        if _calls_itself(node, is_method) is None:
            continue
        hints.append({
            "kind": "hint", "hint": "recursive-topo",
            "title": "Your topological sort calls itself once per node",
            "explanation": (
                f"`{node.name}` on {line_words(place(node.lineno))} is recursive: every level of the graph costs a "
                "Python stack frame, and Python stops at about 1,000 of them with RecursionError. A loss summed "
                "over thousands of examples makes a graph that deep, so small examples work and training fails. "
                "Sort with an explicit stack (an iterative depth-first search) instead."
            ),
            **place(node.lineno), "tests": [],
        })
        break  # one is enough
    return hints


def _reads(expr, target):
    """Whether `expr` reads the attribute `target` (an ast.Attribute), e.g. `x.grad` in `x.grad + d`."""
    want = ast.unparse(target)
    return any(isinstance(n, ast.Attribute) and ast.unparse(n) == want for n in ast.walk(expr))


def _reads_any_grad(expr):
    """Whether `expr` reads some `x.grad` (a backward rule's `out.grad`, or the node's own)."""
    return any(isinstance(n, ast.Attribute) and n.attr == "grad" for n in ast.walk(expr))


def _is_number(expr):
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) \
        and not isinstance(expr.value, bool)


def _grad_assignments(tree, parents, place):
    lines = []
    for node in tree.nodes(ast.Assign):
        if _is_number(node.value):
            continue
        functions = _enclosing(node, parents)
        if len(functions) < 2 or _RESET_NAME.search(functions[0].name):
            continue  # not in a nested function (a closure), or in a reset
        if any("backward" in f.name.lower() for f in functions[1:]) and not _reads_any_grad(node.value):
            continue  # a helper inside backward() writing back totals it summed itself (`n.grad = total[n]`)
        targets = []
        for target in node.targets:
            targets.extend(target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target])
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr == "grad" and not _reads(node.value, target):
                lines.append((node.lineno, ast.unparse(target), functions))
                break
    if not lines:
        return []
    line, target, functions = lines[0]
    closure, op = functions[0].name, functions[1].name
    where = f"`{closure}`" + (f" (in `{op}`)" if op != closure else "")
    more = f" (and {len(lines) - 1} more line{'s' if len(lines) > 2 else ''})" if len(lines) > 1 else ""
    return [{
        "kind": "hint", "hint": "assign-grad",
        "title": "A backward rule sets `grad` with `=` instead of adding to it",
        "explanation": (
            f"{_capitalised(line_words(place(line)))}{more}: {where} assigns `{target} = ...`, which throws away "
            "whatever gradient the node had already received. A node used more than once gets gradient along "
            "every path, and the contributions must add up. Use `+=`."
        ),
        **place(line), "lines": [place(n)["line"] for n, _, _ in lines], "tests": [],
    }]


def _capitalised(words):
    return words[:1].upper() + words[1:]


def static_hints(files: dict, *, engine: str = "engine.py", place=None) -> list[dict]:
    """The hints for a submission's engine file; [] when it is missing or not valid Python.

    `place(line)` names a line of the file as the student knows it (Submission.place); by default
    `{"file": engine, "line": line}`.
    """
    place = place or (lambda line: {"file": engine, "line": line})
    source = files.get(engine)
    if source is None:
        return []
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else str(source)
    except UnicodeDecodeError:
        return []
    tree = _analysed(text, engine)
    if tree is None:
        return []
    parents = tree.parents
    # (a forbidden import is not a hint: the suite's own "from scratch" test names its line)
    return _recursive_sorts(tree, parents, place) + _grad_assignments(tree, parents, place)


def seed_facts(files: dict, *, engine: str = "engine.py") -> dict:
    """What the source says about the seed, read as a syntax tree: {"seeds": bool, "seeds_before_walk": bool}.

    A backward pass that leaves every gradient 0 looks the same in numbers
    whether the seed is missing, set after the walk, or set and then wiped out
    (grads zeroed inside the walk, the output's own rule skipped): the source
    tells these apart where the numbers cannot. `seeds`: some function named
    `backward` assigns the literal 1 (or 1.0) to a `.grad`; `seeds_before_walk`:
    it does so before its first loop.
    """
    facts = {"seeds": False, "seeds_before_walk": False}
    source = files.get(engine, b"")
    tree = _analysed(source.decode("utf-8", errors="replace") if isinstance(source, bytes) else str(source), engine)
    if tree is None:
        return facts
    for function in tree.nodes(ast.FunctionDef, ast.AsyncFunctionDef):
        if function.name != "backward":
            continue
        seeds = [node.lineno for node in ast.walk(function)
                 if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                 and type(node.value.value) in (int, float) and node.value.value == 1
                 and any(isinstance(t, ast.Attribute) and t.attr == "grad" for t in node.targets)]
        loops = [node.lineno for node in ast.walk(function) if isinstance(node, (ast.For, ast.While))]
        if seeds:
            facts["seeds"] = True
            if loops and min(seeds) < min(loops):
                facts["seeds_before_walk"] = True
    return facts
