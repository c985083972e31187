"""Backward rules written as small callable classes, read as the closures they stand for (session 22, siml4h).

A copier who hides a copy of micrograd's closures turns each into a class: `class _MulRule:` whose `__init__` keeps
its arguments (`self.a, self.b, self.out = a, b, out`) and whose `__call__` is the closure's body (`self.a.grad +=
self.b.data * self.out.grad`), made where the closure was (`out._backward = _MulRule(self, other, out)`, or passed
to the node: `Value(d, (self, other), _MulRule(self, other), "*")`). Such an object is the closure with the values it
was made of put in: `def _backward(): self.grad += other.data * out.grad` then `out._backward = _backward`, as
closures.bound_rules_as_closures reads `partial(_mul_rule, self, other, out)`. Only a class of the module with no
decorator whose body (a docstring aside) is `__init__`, every statement of which keeps one of its parameters as an
attribute of `self` (`self.a = a`, or a tuple of them), and `__call__`, which reads `self` only through those
attributes, assigns no parameter and returns nothing; each call of it with as many arguments as its `__init__`
takes, none starred or by keyword, each an expression of names, attributes, numbers, operators, comparisons and
conditionals (put in as closures.InlineFactories puts a helper's value in), in a statement of a function's body,
no name they read bound by that statement or one after it (the object keeps the value; the closure would read the
name when it runs); the rule reads no name the file binds (where the closure is written, the name could be
another). The closure takes
`__call__`'s other parameters (`def rule(g): ...` for `lambda g:`) and is written just before that statement, named
`_backward` where the statement binds it to a node's `_backward`, else `rule`; the class goes when nothing names it
any more. The nodes added are capped by the one-line helpers' budget.
"""

from __future__ import annotations

import ast
import copy

from .walk import bounded_size, walk

MAX_RULE = 150  # nodes of one __call__'s body (closures.InlineFactories.MAX_BODY)
_VALUE = (ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.IfExp, ast.Compare, ast.expr_context,
          ast.operator, ast.unaryop, ast.cmpop)


def _rule_class(node) -> tuple[list[str], dict[str, str], ast.FunctionDef] | None:
    """(the __init__'s parameters, {attribute: parameter}, __call__) when NODE is such a class, else None."""
    if not isinstance(node, ast.ClassDef) or node.decorator_list or node.keywords:
        return None
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                                         and isinstance(s.value.value, str))]
    methods = {s.name: s for s in body if isinstance(s, ast.FunctionDef)}
    if len(body) != 2 or set(methods) != {"__init__", "__call__"}:
        return None
    init, call = methods["__init__"], methods["__call__"]
    for function in (init, call):
        arguments = function.args
        if (function.decorator_list or arguments.vararg or arguments.kwarg or arguments.kwonlyargs
                or arguments.posonlyargs or arguments.defaults or not arguments.args):
            return None
    this, params = init.args.args[0].arg, [a.arg for a in init.args.args[1:]]
    kept = {}
    for statement in init.body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            return None
        target, value = statement.targets[0], statement.value
        pairs = (list(zip(target.elts, value.elts)) if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
                 and len(target.elts) == len(value.elts) else [(target, value)])
        for t, v in pairs:
            if not (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == this
                    and isinstance(v, ast.Name) and v.id in params and t.attr not in kept):
                return None
            kept[t.attr] = v.id
    me = call.args.args[0].arg
    own = [a.arg for a in call.args.args[1:]]
    if bounded_size(call, MAX_RULE) > MAX_RULE:
        return None
    for n in walk(call):
        if isinstance(n, ast.Name) and n.id == me and not _read_through(n, call, kept):
            return None  # `self` itself, or an attribute __init__ does not keep
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in own:
            return None
        if isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await, ast.Lambda, ast.FunctionDef, ast.Global,
                          ast.Nonlocal)) and n is not call and not (isinstance(n, ast.Return) and n.value is None):
            return None
        if isinstance(n, ast.Name) and n.id in params and n.id not in own:
            return None  # a name __init__ took would read another thing in the closure
    return params, kept, call


def _read_through(name, call, kept) -> bool:
    """Whether the Name NAME (`self` of __call__) is read as `self.<kept attribute>`, and only so."""
    for n in walk(call):
        if isinstance(n, ast.Attribute) and n.value is name:
            return isinstance(n.ctx, ast.Load) and n.attr in kept
    return False


class _Put(ast.NodeTransformer):
    """`self.<attribute>` in __call__ becomes a copy of the argument its __init__ kept there."""

    def __init__(self, me: str, values: dict):
        self.me, self.values = me, values

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id == self.me and node.attr in self.values:
            return copy.deepcopy(self.values[node.attr])
        return self.generic_visit(node)


def rule_objects_as_closures(tree, budget: int) -> int:
    """Each call of a rule class (module docstring) read as the closure it stands for; returns the nodes added."""
    rules = {}
    for node in tree.body:
        found = _rule_class(node)
        if found is not None:
            rules[node.name] = found
    if not rules:
        return 0
    # a name the file binds (a function may: a closure written there would read its own in place of the module's)
    local = {n.arg if isinstance(n, ast.arg) else n.id for n in walk(tree)
             if isinstance(n, ast.arg) or isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    rules = {name: found for name, found in rules.items()
             if not ({n.id for n in walk(found[2]) if isinstance(n, ast.Name)}
                     - {a.arg for a in found[2].args.args}) & local}
    if not rules:
        return 0
    added, used, kept_calls = 0, set(), set()
    for owner in list(walk(tree)):
        if not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue  # an op's own statements: where micrograd binds its closure
        out, block = [], owner.body
        # the names each statement from there on binds: a closure reads a name when it runs, an object kept it
        rebound = [set() for _ in range(len(block) + 1)]
        for i in range(len(block) - 1, -1, -1):
            rebound[i] = rebound[i + 1] | {n.id for n in _own(block[i])
                                           if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        for i, statement in enumerate(block):
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.append(statement)
                continue
            calls = [n for n in _own(statement) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                     and n.func.id in rules]
            if len(calls) != 1:
                kept_calls.update(c.func.id for c in calls)
                out.append(statement)
                continue
            call = calls[0]
            params, kept, method = rules[call.func.id]
            size = bounded_size(method, MAX_RULE)
            if (call.keywords or len(call.args) != len(params) or added + size > budget
                    or not all(isinstance(n, _VALUE) for a in call.args for n in walk(a))
                    or {n.id for a in call.args for n in walk(a) if isinstance(n, ast.Name)} & rebound[i]):
                kept_calls.add(call.func.id)
                out.append(statement)
                continue
            values = dict(zip(params, call.args))
            target = statement.targets[0] if isinstance(statement, ast.Assign) else None
            bound = (len(getattr(statement, "targets", ())) == 1 and isinstance(target, ast.Attribute)
                     and target.attr == "_backward" and statement.value is call)
            name = "_backward" if bound else "rule"
            me = method.args.args[0].arg
            body = [_Put(me, {a: values[p] for a, p in kept.items()}).visit(copy.deepcopy(s)) for s in method.body]
            closure = ast.FunctionDef(name=name, args=ast.arguments(
                posonlyargs=[], args=[copy.deepcopy(a) for a in method.args.args[1:]], kwonlyargs=[],
                kw_defaults=[], defaults=[]), body=body, decorator_list=[], returns=None, type_comment=None)
            out.append(ast.fix_missing_locations(ast.copy_location(closure, statement)))
            _replace(statement, call, ast.copy_location(ast.Name(name, ast.Load()), call))
            out.append(statement)
            added += size
            used.add(call.func.id)
        owner.body = out
    named = {n.id for n in walk(tree) if isinstance(n, ast.Name)}
    gone = used - kept_calls - named
    if gone:
        tree.body = [s for s in tree.body if not (isinstance(s, ast.ClassDef) and s.name in gone)] or [ast.Pass()]
    return added


def _own(statement):
    """STATEMENT's nodes outside the functions, lambdas and classes in it (each function's are looked at once)."""
    stack = [statement]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in ast.iter_child_nodes(node)
                     if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)))


def _replace(statement, old, new) -> None:
    """OLD (a node of STATEMENT) replaced by NEW where it is."""
    for parent in walk(statement):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new
                        return
