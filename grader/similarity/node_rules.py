"""Closures written with their node as an argument, and node-making helpers, read as micrograd's form.

Two restructurings a copier uses to hide a copy (level 4) beside those closures.py reads: each op's rule
defined once as a function of the node (`out._backward = lambda: rule(out)`), and a helper that makes
every node (`self._node(data, children, local, op)`). Each changes the tree in place and returns the
nodes it walked (the caller's work budget).
"""

from __future__ import annotations

import ast

from .canonical import unwrapped
from .closures import _Put
from .roles import API_NAMES, api_methods, called_name, is_dunder
from .plain_module import module_classes
from .walk import walk


def closures_called_with_node(tree, nodes) -> bool:
    """`def rule(node): self.grad += ... node.grad`, `out._backward = lambda: rule(out)` is read as micrograd's
    `def rule(): self.grad += ... out.grad`, `out._backward = rule`: the closure that gets the node it belongs to as
    an argument is the closure that reads it from its op, defined where it is bound (just before
    `out._backward = rule`: defined before its node is made, it could not name the node; it runs after either
    way). A closure defined before its node in micrograd's own form stays where it is written: that order is
    a student's habit, which a copy keeps. Returns the nodes it walked."""
    walked = 0
    for function in nodes:
        if not isinstance(function, ast.FunctionDef):
            continue
        if not any(isinstance(s, ast.FunctionDef) for s in function.body):
            if not any(isinstance(s, (ast.If, ast.For, ast.While)) for s in function.body):
                continue
            body = unwrapped(function.body)  # a function defined in what runs once is in the function's body
            if not any(isinstance(s, ast.FunctionDef) for s in body):
                continue
            function.body = body
        local = {s.name: s for s in function.body if isinstance(s, ast.FunctionDef) and not s.decorator_list
                 and not s.args.defaults and not s.args.vararg and not s.args.kwarg and not s.args.kwonlyargs}
        if not local:
            continue
        loads = {}
        for n in walk(function):
            walked += 2  # this walk, and _defined_where_used's
            if isinstance(n, ast.Name) and n.id in local:
                loads[n.id] = loads.get(n.id, 0) + 1
        rebound = {}
        for statement in function.body:
            rule = _bound_with_node(statement, local)
            if rule is None or loads.get(rule.name) != 1:
                continue
            (param,), node_name = rule.args.args, statement.targets[0].value.id
            if any(isinstance(n, ast.Name) and n.id == param.arg and not isinstance(n.ctx, ast.Load)
                   for b in rule.body for n in walk(b)):
                continue
            _Put({param.arg: ast.Name(node_name, ast.Load())}).visit(rule)
            rule.args.args = []
            statement.value = ast.copy_location(ast.Name(rule.name, ast.Load()), statement.value)
            rebound[rule.name] = rule
        if rebound:
            _defined_where_used(function, rebound)
    return walked


def _bound_with_node(statement, local):
    """The local function of `x._backward = lambda: f(x)` (f taking one parameter), else None."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return None
    target, value = statement.targets[0], statement.value
    if not (isinstance(target, ast.Attribute) and target.attr == "_backward" and isinstance(target.value, ast.Name)
            and isinstance(value, ast.Lambda) and not value.args.args and not value.args.vararg
            and not value.args.kwarg and not value.args.kwonlyargs and not value.args.posonlyargs):
        return None
    call = value.body
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in local
            and not call.keywords and len(call.args) == 1 and isinstance(call.args[0], ast.Name)
            and call.args[0].id == target.value.id):
        return None
    rule = local[call.func.id]
    return rule if len(rule.args.args) == 1 and not rule.args.posonlyargs else None


def _defined_where_used(function, local) -> bool:
    """Move each function defined in FUNCTION's body to just before the first later statement that names it."""
    body = function.body
    named_at: dict[str, list[int]] = {}
    for i, statement in enumerate(body):
        for n in walk(statement):
            if isinstance(n, ast.Name) and n.id in local and (not named_at.get(n.id) or named_at[n.id][-1] != i):
                named_at.setdefault(n.id, []).append(i)
    before: dict[int, list] = {}  # index of a statement -> the definitions moved to just before it
    moving = set()
    for i, statement in enumerate(body):
        if isinstance(statement, ast.FunctionDef) and local.get(statement.name) is statement:
            use = next((u for u in named_at.get(statement.name, ()) if u > i), None)
            if use is not None and use > i + 1:
                before.setdefault(use, []).append(statement)
                moving.add(i)
    if not moving:
        return False
    function.body = [m for i, s in enumerate(body) for m in before.get(i, []) + ([] if i in moving else [s])]
    return True


def node_makers_as_class(tree, nodes) -> int:
    """A call of a helper that makes the node (`def _node(self, data, children, local, op): out = Value(data,
    children, op) ... return out`) is read as a call of the class with the same arguments: `self._node(d, (self,
    other), (other.data, self.data), "*")` is `Value(d, (self, other), (other.data, self.data), "*")`, as an
    engine whose class takes the local derivatives writes it. Helpers that the factories above inlined are gone
    by then; what is left is one whose rules loop over its parameters. Returns the nodes it walked."""
    classes = {n.name for n in nodes if isinstance(n, ast.ClassDef)}
    methods = api_methods(nodes)
    makers = {}
    for node in nodes:
        if not (isinstance(node, ast.FunctionDef) and 2 <= len(node.body) <= 8 and not node.args.vararg
                and not node.args.kwarg and not node.args.kwonlyargs and not node.args.defaults
                and not is_dunder(node.name) and node.name not in methods and node.name not in API_NAMES
                and all(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)):
            continue
        last = node.body[-1]
        made = [b for b in node.body if isinstance(b, ast.Assign) and len(b.targets) == 1
                and isinstance(b.targets[0], ast.Name) and isinstance(b.value, ast.Call)
                and isinstance(b.value.func, ast.Name) and b.value.func.id in classes]
        params = [a.arg for a in node.args.posonlyargs + node.args.args]
        # the node is made of what it was given (`Value(data, children, op)`): an op that computes its node
        # (`def add(self, other): out = Value(self.data + other.data, ...)`) is no maker
        if (len(made) == 1 and isinstance(last, ast.Return) and isinstance(last.value, ast.Name)
                and last.value.id == made[0].targets[0].id
                and all(isinstance(a, ast.Constant) or isinstance(a, ast.Name) and a.id in params
                        for a in made[0].value.args)):
            makers[node.name] = (made[0].value.func.id, len(params), bool(node.decorator_list))
    if not makers:
        return 0
    walked = 0
    for call in walk(tree):
        walked += 1
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        name = called_name(func)
        if name not in makers or call.keywords:
            continue
        cls, count, static = makers[name]
        # self._node(d, ...) passes self as its first parameter, _node(d, ...) of the module or a static one not
        expected = count - 1 if isinstance(func, ast.Attribute) and not static else count
        if len(call.args) != expected or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        call.func = ast.copy_location(ast.Name(cls, ast.Load()), func)
    return walked


def delegated_methods(tree, nodes) -> int:
    """A method whose whole body hands its parameters on to another function of the file (`def __add__(self,
    other): return self.add(other)`, or `return add(self, other)` of a module function) is that function, when
    nothing else names it: the op written in one place or the other computes the same. The function's definition
    moves into the method (its parameters and body) and leaves its own place. Returns the nodes it walked."""
    classes = module_classes(tree)
    if not classes:
        return 0
    functions = {n.name: (tree, n) for n in tree.body if isinstance(n, ast.FunctionDef)}
    walked = _named_ops_as_operators(tree, classes, nodes)
    if walked:
        nodes = list(walk(tree))
    named: dict[str, int] = {}
    for node in nodes:
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if name is not None:
            named[name] = named.get(name, 0) + 1
    moved: dict[str, tuple] = {}
    for cls in classes:
        own = {n.name: (cls, n) for n in cls.body if isinstance(n, ast.FunctionDef)}
        for _, method in own.values():
            target = _delegate(method, own, functions)
            if target is not None and named.get(target[1].name) == 1 and target[1].name not in moved:
                moved[target[1].name] = (method, *target)
    for method, holder, function in moved.values():
        method.args, method.body = function.args, function.body
        holder.body = [s for s in holder.body if s is not function] or [ast.Pass()]
    return len(nodes) + walked


_OPERATORS = {"__add__": ast.Add, "__sub__": ast.Sub, "__mul__": ast.Mult, "__truediv__": ast.Div,
              "__pow__": ast.Pow, "__matmul__": ast.MatMult}


def _named_ops_as_operators(tree, classes, nodes) -> int:
    """An op written as a named method that its operator's method hands on to (`def __add__(self, other): return
    self.add(other)`) is the operator wherever the file calls it by name: `a.add(b.multiply(-1))` is `a + b * -1`,
    as a copy that writes the operators reads. Only names a class's forward operator delegates to, each to one
    operator, called for their value (`seen.add(node)` as a statement is a set's); the delegating method itself is
    left as written. Returns the nodes it walked (0: nothing to read)."""
    found: dict[str, type] = {}
    kept = set()
    for cls in classes:
        own = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
        for name, op in _OPERATORS.items():
            method = own.get(name)
            target = _delegate(method, {k: (cls, v) for k, v in own.items()}, {}) if method is not None else None
            if target is not None:
                if target[1].name in found and found[target[1].name] is not op:
                    found[target[1].name] = None
                else:
                    found[target[1].name] = op
                kept.add(id(method.body[0].value))
    found = {k: v for k, v in found.items() if v is not None}
    if not found:
        return 0
    _Operators(found, kept).visit(tree)  # bottom-up: an operand called by name is read first
    return len(nodes)


class _Operators(ast.NodeTransformer):
    def __init__(self, found, kept):
        self.found, self.kept = found, kept  # kept: the ids of the calls left as written

    def visit_Expr(self, node):
        self.kept.add(id(node.value))  # a call whose value is thrown away is no op's
        return self.generic_visit(node)

    def visit_Call(self, node):
        self.generic_visit(node)
        return node if id(node) in self.kept else _as_operator(node, self.found)


def _as_operator(call, found):
    func = call.func
    if (isinstance(func, ast.Attribute) and func.attr in found and len(call.args) == 1 and not call.keywords
            and not isinstance(call.args[0], ast.Starred)):
        return ast.copy_location(ast.BinOp(func.value, found[func.attr](), call.args[0]), call)
    return call


def _delegate(method, own: dict, functions: dict):
    """(holder, function) that METHOD hands all of its parameters on to, in order, or None."""
    params = [a.arg for a in method.args.posonlyargs + method.args.args]
    if (len(method.body) != 1 or not isinstance(method.body[0], ast.Return) or method.decorator_list or not params
            or method.args.vararg or method.args.kwarg or method.args.kwonlyargs):
        return None
    call = method.body[0].value
    if not isinstance(call, ast.Call) or call.keywords or not all(isinstance(a, ast.Name) for a in call.args):
        return None
    args = [a.id for a in call.args]
    if (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
            and call.func.value.id == params[0] and args == params[1:]):
        found = own.get(call.func.attr)
    elif isinstance(call.func, ast.Name) and args == params:
        found = functions.get(call.func.id)
    else:
        return None
    if found is None or found[1] is method or is_dunder(found[1].name) or found[1].decorator_list:
        return None
    function = found[1]
    if (len(function.args.posonlyargs + function.args.args) != len(params) or function.args.vararg
            or function.args.kwarg or function.args.kwonlyargs or function.args.defaults):
        return None
    return found
