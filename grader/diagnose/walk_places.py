"""The line of a walk's mistake that is no one op's: read from the student's syntax tree (never executed).

The where_written probe places a finding about one op's local derivative (written_at.py); two of the course's
classic mistakes belong to no op, and were said without a line (session 32's leftovers):

- `forward-order`: the loop that calls the backward rules walks the topological order forwards. Its line is the
  one loop of `backward()` (and of what it calls in the same file: `gradients(self)`, `self._walk()`) that passes
  gradient node by node (calls a method of its loop variable, hands it to a function, or adds into an attribute or
  an item) over an order not reversed (`reversed(...)`, `[::-1]`, `sorted(..., reverse=True)`), when the walk
  has one such loop and no reversed one.
- `grad-starts-one`: a node's gradient starts at 1, not 0. Its line is the assignment of what may be 1
  (seed_source.can_be_one) in `__init__` (`__new__`, `__post_init__`) of the class that has `backward()`, or a
  field of that class declared so (`grad: float = 1.0`): to a name that says grad (`self.grad`, `self._g`, `_GRADS[uid]`), else the only such
  assignment there is (`self.梯度 = 1.0`).

A place is given only to a finding the numbers already made (Diagnoser.diagnose): nothing here is said alone, so a
loop that is right for a reason this reading does not see (an order built already reversed) is never blamed.
Where the reading finds no single line, the finding stays without one, as before.
"""

from __future__ import annotations

import ast
import posixpath
import re

from .seed_source import _reached, can_be_one
from .source_patterns import _classes_with_backward
from .source_tree import BUDGET_SECONDS, FUNCTIONS, OverBudget, clock, tree_of

_GRADISH = re.compile(r"grad|^_?g$|adjoint|adj", re.IGNORECASE)
_CONTAINER_METHODS = frozenset({"append", "appendleft", "extend", "add", "insert", "put", "push", "discard",
                                "remove", "setdefault", "get", "pop", "index", "count"})
_MAKERS = ("__init__", "__new__", "__post_init__")  # where a node's own gradient starts
_PLAIN_CALLS = frozenset({"id", "len", "isinstance", "print", "zip", "enumerate", "iter", "next", "hash", "repr",
                          "str", "type", "getattr", "hasattr"})


def walk_place(variant: str, files: dict, engine: str = "engine.py") -> int | None:
    """The line of ENGINE (in the file the sandbox ran) where `variant`'s mistake is written, or None."""
    finder = _FINDERS.get(variant)
    tree = tree_of(files, engine) if finder else None
    if tree is None:
        return None
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        return finder(tree)
    except (OverBudget, RecursionError):
        return None


def _backward_methods(tree):
    return [f for cls in _classes_with_backward(tree) for f in cls.body
            if isinstance(f, FUNCTIONS) and f.name == "backward"]


def _is_reversed(iterable) -> bool:
    """Whether a loop's iterable is an order walked backwards."""
    if isinstance(iterable, ast.Call):
        name = iterable.func.id if isinstance(iterable.func, ast.Name) else getattr(iterable.func, "attr", "")
        if "revers" in name.lower():
            return True
        if name == "sorted" and any(k.arg == "reverse" and not (isinstance(k.value, ast.Constant)
                                                                and not k.value.value) for k in iterable.keywords):
            return True
        if name == "range" and len(iterable.args) == 3:  # range(n - 1, -1, -1)
            step = iterable.args[2]
            return isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub)
    if isinstance(iterable, ast.Subscript) and isinstance(iterable.slice, ast.Slice):
        step = iterable.slice.step
        return isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub)
    return False


def _passes_gradient(loop) -> bool:
    """Whether a `for` loop's body passes gradient node by node: calls a method of its loop variable
    (`node._backward()`), hands the variable to a function (`RULES[node.op](node)`), or adds into an attribute or
    an item (`parent.grad += ...`, `grads[p] = grads.get(p, 0) + ...`)."""
    names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    for node in (n for statement in loop.body for n in ast.walk(statement)):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, (ast.Attribute, ast.Subscript)):
            return True
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in names \
                and func.attr not in _CONTAINER_METHODS:
            return True
        if isinstance(func, ast.Attribute) and func.attr in _CONTAINER_METHODS:
            continue
        if isinstance(func, ast.Name) and func.id in _PLAIN_CALLS:
            continue
        if any(isinstance(a, ast.Name) and a.id in names for a in node.args):
            return True
    return False


def _forward_loop(tree, starts=None) -> int | None:
    """The one loop that walks the order forwards, from `backward()` (else from STARTS, functions of TREE)."""
    loops = []
    for method in _backward_methods(tree) if starts is None else starts:
        for function in _reached(method, tree):
            tree.in_time()
            loops += [n for n in ast.walk(function) if isinstance(n, ast.For) and _passes_gradient(n)]
    walks = [loop for loop in loops if not _over_a_nodes_inputs(loop) and not _is_loop_over_children(loop, loops)]
    forwards = sorted({loop.lineno for loop in walks if not _is_reversed(loop.iter)})
    if len(forwards) == 1 and not any(_is_reversed(loop.iter) for loop in walks):
        return forwards[0]
    return None


def _over_a_nodes_inputs(loop) -> bool:
    """Whether `loop` walks one node's inputs (`for child in v._prev`, `for p in node.parents`), not an order: a
    recursive sort's `build(child)` passes no gradient."""
    iterable = loop.iter
    return isinstance(iterable, ast.Attribute) and isinstance(iterable.value, ast.Name) and iterable.value.id != "self"


def _is_loop_over_children(loop, loops) -> bool:
    """Whether `loop` sits inside another of the gradient-passing loops (`for parent, d in zip(node.parents, ...)`
    within `for node in order`): the walk is the outer one."""
    return any(loop is not outer and any(n is loop for n in ast.walk(outer)) for outer in loops)


def _gradish(target) -> bool:
    if isinstance(target, ast.Attribute):
        return bool(_GRADISH.search(target.attr))
    if isinstance(target, ast.Subscript):
        return _gradish(target.value) or (isinstance(target.value, ast.Name)
                                          and bool(_GRADISH.search(target.value.id)))
    if isinstance(target, ast.Name):
        return bool(_GRADISH.search(target.id))
    return False


def _grad_starts_one(tree) -> int | None:
    found = []  # (line, named as a gradient)
    for cls in _classes_with_backward(tree):
        for statement in cls.body:  # a dataclass's field: `grad: float = 1.0`
            if isinstance(statement, ast.AnnAssign) and statement.value is not None \
                    and can_be_one(statement.value):
                found.append((statement.lineno, _gradish(statement.target)))
        for init in (f for f in cls.body if isinstance(f, FUNCTIONS) and f.name in _MAKERS):
            for node in ast.walk(init):
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None \
                        and can_be_one(node.value):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        if isinstance(target, (ast.Attribute, ast.Subscript)):
                            found.append((node.lineno, _gradish(target)))
    named = sorted({line for line, gradish in found if gradish})
    if len(named) == 1:
        return named[0]
    lines = sorted({line for line, _ in found})
    return lines[0] if not named and len(lines) == 1 else None


_FINDERS = {"forward-order": _forward_loop, "grad-starts-one": _grad_starts_one}


def walk_file_place(variant: str, files: dict, engine: str = "engine.py") -> tuple[str, int] | None:
    """(file, line) of `variant`'s mistake: in ENGINE (walk_place), else, for a walk in the wrong order, in a module
    of the student's own that backward() hands the walk to (session 34: `from graph import backpropagate`, the loop
    in graph.py beside engine.py, was left without a line)."""
    line = walk_place(variant, files, engine)
    if line is not None:
        return engine, line
    tree = tree_of(files, engine) if variant == "forward-order" else None
    if tree is None:
        return None
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        for module, names in _walks_handed_on(tree, files, engine):
            other = tree_of(files, module)
            if other is None:
                continue
            other.deadline = tree.deadline
            line = _forward_loop(other, [f for f in other.nodes(*FUNCTIONS) if f.name in names])
            if line is not None:
                return module, line
    except (OverBudget, RecursionError):
        return None
    return None


def _walks_handed_on(tree, files: dict, engine: str) -> list[tuple[str, set[str]]]:
    """[(a module of the submission beside ENGINE, the names of its functions backward() calls)]: the names
    ENGINE imports from it (`from graph import backpropagate`, `from .graph import ...`) that backward() (or
    what it calls in ENGINE) calls."""
    folder = posixpath.dirname(engine)
    imported = {}  # name -> the module's file
    for node in tree.nodes(ast.ImportFrom):
        if node.module and node.level <= 1:
            module = posixpath.join(folder, node.module.replace(".", "/") + ".py")
            if module in files and module != engine:
                imported.update({alias.asname or alias.name: (module, alias.name) for alias in node.names})
    called = {}
    for method in _backward_methods(tree):
        for function in _reached(method, tree):
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in imported:
                    module, name = imported[node.func.id]
                    called.setdefault(module, set()).add(name)
    return sorted(called.items())


def place_walks(entries: list[dict], submission, engine: str) -> None:
    """Give each `variant` finding of a walk's mistake that has no place (`forward-order`, `grad-starts-one`) the
    line the source shows it at, in the student's terms (a notebook's cell), where there is one."""
    for entry in entries:
        if entry.get("kind") != "variant" or entry.get("line") or entry["variant"] not in _FINDERS:
            continue
        found = walk_file_place(entry["variant"], submission.files, engine)
        if found is not None:
            entry.update({k: v for k, v in submission.place(*found).items() if v is not None})
