"""An engine's walk read as its design: how `backward` orders the graph, what it keys its visited nodes by, where
the chain rule is applied, whether it zeroes grads.

A restructured copy (level 4) rewrites the walk's code (recursion into an explicit stack, a tape into a heap, a
deque into a list) and keeps its design: a walk that orders nodes by a creation counter stays one (sorted by the
serial, or a heap of it), a walk that counts each node's users and releases a node when the count falls to 0 stays
one (Kahn's algorithm, with a dict or a `Counter`), visited nodes keyed by `id(...)` stay so keyed, and a walk that
applies the chain rule itself (`for p, g in zip(v.parents, v.local_grads): p.grad += g * v.grad`) instead of
calling each node's closure stays so. Each of these is a choice many honest authors make; together they say how an
author thinks the walk, which two independent engines share less often than any one of them (the lecture's design,
a topological order of the nodes themselves, each node's closure called, is the reference's and subtracted as
canonical). Only the engine's design counts (meanings.py puts it with the engine's whole, counted when its author
wrote four ops or more), so a filler who wrote the starter's walk has none. The seed's type (`1` or `1.0`) is not
read: a copier's restyle changes it (tried: docs/similarity.md, session 13).
Read from the syntax tree in plain_module.py's plain form, never run.
"""

from __future__ import annotations

import ast

from .plain_module import module_classes, module_functions
from .unparse import unparse
from .walk import walk

DESIGN = "design "  # how the text of an engine's walk design begins
MAX_DEPTH = 3  # helpers followed from backward: a method or function it calls, and those they call, this deep


def design(tree: ast.Module) -> str | None:
    """The engine's walk design as text (`design ORDER KEY CHAIN ZERO`), or None when the module has no engine class
    with a `backward` method. TREE is in plain_module's form (not changed)."""
    klass = _engine_class(tree)
    if klass is None:
        return None
    methods = {f.name: f for f in klass.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    backward = methods.get("backward")
    if backward is None:
        return None
    functions = {f.name: f for f in module_functions(tree) if f not in methods.values()}
    scope = _scope(backward, methods, functions, klass.name)
    nodes = [n for f in scope for n in walk(f)]
    counters = _counters(methods.get("__init__"))
    attributes = {n.attr for n in nodes if isinstance(n, ast.Attribute)}
    if counters & attributes:
        order = "creation"
    elif any(_counts_down(n) or _called(n) == "Counter" for n in nodes):
        order = "users"
    elif any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "backward"
             and not (isinstance(n.func.value, ast.Name) and n.func.value.id == _first(backward)) for n in nodes):
        order = "recursive"
    else:
        order = "topological"
    key = "id" if any(_called(n) == "id" for n in nodes) else "serial" if order == "creation" else "node"
    grads = [n for n in nodes if isinstance(n, ast.AugAssign) and _is_grad(n.target) or isinstance(n, ast.Assign)
             and len(n.targets) == 1 and _is_grad(n.targets[0]) and isinstance(n.value, ast.BinOp)
             and any(unparse(x) == unparse(n.targets[0]) for x in walk(n.value))]  # `p.grad = p.grad + ...`
    chain = "walk" if grads else "node"
    zero = "zero" if any(isinstance(n, ast.Assign) and any(_is_grad(t) for t in n.targets)
                         and isinstance(n.value, ast.Constant) and n.value.value == 0 for n in nodes) else "keep"
    return f"{DESIGN}{order} {key} {chain} {zero}"


def _engine_class(tree):
    """The class named Value, else the class with the most op methods."""
    classes = module_classes(tree)
    for c in classes:
        if c.name == "Value":
            return c
    ops = ("__add__", "__mul__", "__pow__", "__neg__", "__sub__", "__truediv__", "tanh", "exp", "relu", "log")
    counted = [(sum(isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in ops for f in c.body), c)
               for c in classes]
    best = max(counted, key=lambda t: t[0], default=None)
    return best[1] if best and best[0] else None


def _scope(backward, methods: dict, functions: dict, name: str) -> list:
    """BACKWARD and the methods and module functions it calls (and they call, MAX_DEPTH deep): the walk's code. The
    node's own rule (`_backward`, any op) is not the walk."""
    seen, frontier = [backward], [backward]
    for _ in range(MAX_DEPTH):
        found = []
        for function in frontier:
            for node in walk(function):
                if not isinstance(node, ast.Call):
                    continue
                func, target = node.func, None
                if isinstance(func, ast.Name):
                    target = functions.get(func.id)
                elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                        func.value.id in (_first(function), name):
                    target = methods.get(func.attr)  # the walk's helper: `self._topo()`, `Value._order(self)`
                if target is not None and target.name not in ("_backward", "backward", "__init__") \
                        and target not in seen:
                    seen.append(target)
                    found.append(target)
        frontier = found
    return seen


def _called(node) -> str | None:
    """The name a call calls when it calls a plain name or a module's member (`id(v)`, `collections.Counter(...)`)."""
    if not isinstance(node, ast.Call):
        return None
    return node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) \
        and isinstance(node.func.value, ast.Name) and node.func.value.id == "collections" else None


def _counters(init) -> set[str]:
    """The attributes __init__ sets from a creation counter: `self.n = next(counter)`, or from a name or attribute
    that __init__ itself counts up (`Value._made += 1; self.n = Value._made`)."""
    if init is None:
        return set()
    first = _first(init)
    counted = {unparse(n.target) for n in walk(init) if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add)
               and not _is_self(n.target, first)}
    out = set()
    for n in walk(init):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and _is_self(n.targets[0], first):
            if any(_called(c) == "next" for c in walk(n.value)) or unparse(n.value) in counted:
                out.add(n.targets[0].attr)
    return out


def _first(function) -> str | None:
    """The name of FUNCTION's first parameter (a method's `self`, however named)."""
    arguments = function.args.posonlyargs + function.args.args
    return arguments[0].arg if arguments else None


def _is_self(target, first: str | None) -> bool:
    return isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == first


def _is_grad(target) -> bool:
    return isinstance(target, ast.Attribute) and target.attr == "grad"


def _counts_down(node) -> bool:
    """`users[k] -= 1`: a count of a node's users, released when it falls to 0 (Kahn's algorithm)."""
    return isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Sub) and isinstance(node.target, ast.Subscript)
