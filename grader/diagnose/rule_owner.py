"""Which op's own rule an `=` of a backward rule belongs to, where the function it is written in does not say by its
name (session 34; closing33's leftover): the assign-grad reading (source_patterns.grad_assignments) gives each of its
lines the function it serves, and same_line.py takes an op's own method (`__mul__`, `relu`) for that op's rule and
anything else for a line every op runs (the walk, a shared helper). Two shapes of one op's rule are read here:

- a helper that one op's method owns: registered to it (`Value.__mul__.register(Value)(Value._mul_values)`,
  `@__mul__.register`: functools.singledispatchmethod's cases), or called by that method alone;
- a `case` of a `match` whose pattern names one op (`case Mul(a, b):`, `case "mul":`, `case Unary("tanh", a):`).

Read as a syntax tree, never executed; a pattern of several ops (`case Add(a, b) | Mul(a, b):`) names none.
"""

from __future__ import annotations

import ast

from .source_tree import FUNCTIONS

# an op's name or symbol as a record, a tag or a string says it -> the method its own rule is written in
_METHODS = {"add": "__add__", "mul": "__mul__", "pow": "__pow__", "sub": "__sub__", "div": "__truediv__",
            "truediv": "__truediv__", "neg": "__neg__", "relu": "relu", "tanh": "tanh", "exp": "exp", "log": "log",
            "+": "__add__", "*": "__mul__", "**": "__pow__", "-": "__sub__", "/": "__truediv__"}
_OWN = frozenset(_METHODS.values())


def rule_of(tree, parents, node, functions) -> str | None:
    """The method of the op whose own rule the assignment NODE is part of (FUNCTIONS: those it is inside, innermost
    first), where none of those functions is an op's own method by name; else None."""
    if any(f.name in _OWN for f in functions):
        return None  # its function says it already
    case = parents.get(node)
    while case is not None and not isinstance(case, (ast.match_case, *FUNCTIONS)):
        case = parents.get(case)
    if isinstance(case, ast.match_case):
        return _named_by(case.pattern)
    for function in functions:
        owner = _owner(tree, function)
        if owner is not None:
            return owner
    return None


def reads_a_gradient(value, function, names) -> bool:
    """Whether the expression VALUE reads a gradient (an attribute in NAMES, grad_names.grad_names), itself or
    through a local name FUNCTION assigns one to (`g = self.grad` above a `match`: `a.grad = b.data * g`)."""
    def reads(expr):
        return any(isinstance(n, ast.Attribute) and n.attr in names for n in ast.walk(expr))
    held = {t.id for n in ast.walk(function) if isinstance(n, ast.Assign)
            for t, v in _names_bound(n) if reads(v)}
    return reads(value) or any(isinstance(n, ast.Name) and n.id in held for n in ast.walk(value))


def _names_bound(assign) -> list:
    """[(name, the value it gets)] of an assignment: `g = self.grad`, and each of `g, edges = node.grad, node.edges`
    with its own side (session 38: a walk that unpacked `g` so wrote `p.grad = d * g` had no line)."""
    pairs = []
    for target in assign.targets:
        if isinstance(target, ast.Name):
            pairs.append((target, assign.value))
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(assign.value, (ast.Tuple, ast.List)) \
                and len(target.elts) == len(assign.value.elts):
            pairs += [(t, v) for t, v in zip(target.elts, assign.value.elts) if isinstance(t, ast.Name)]
    return pairs


def _name(node) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _named_by(pattern) -> str | None:
    """The op one `case` pattern names: a record's class (`Mul(a, b)`), else the string in it (`Unary("tanh", a)`,
    `"mul"`, `("*", a, b)`); None for a pattern of several ops or none."""
    if isinstance(pattern, ast.MatchAs):
        return _named_by(pattern.pattern) if pattern.pattern is not None else None
    if isinstance(pattern, ast.MatchValue):
        value = pattern.value
        return _METHODS.get(value.value.lower()) if isinstance(value, ast.Constant) and isinstance(value.value, str) \
            else _METHODS.get((_name(value) or "").lower())
    if isinstance(pattern, ast.MatchClass):
        by_class = _METHODS.get((_name(pattern.cls) or "").lower())
        if by_class is not None:
            return by_class
    if isinstance(pattern, (ast.MatchClass, ast.MatchSequence)):
        inner = pattern.patterns if isinstance(pattern, ast.MatchSequence) else [*pattern.patterns,
                                                                                  *pattern.kwd_patterns]
        named = {m for m in map(_named_by, (p for p in inner if isinstance(p, (ast.MatchValue, ast.MatchAs))))
                 if m is not None}
        return named.pop() if len(named) == 1 else None
    return None


def _owner(tree, function) -> str | None:
    """The op method that owns FUNCTION: it is registered to it (a decorator `@__mul__.register`, or a call
    `X.__mul__.register(T)(X.helper)` / `X.__mul__.register(T, X.helper)`), or it alone calls it."""
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr == "register" and _name(target.value) in _OWN:
            return _name(target.value)
    callers = set()
    for call in tree.nodes(ast.Call):
        tree.in_time()
        registered = call.func.func if isinstance(call.func, ast.Call) else call.func
        if isinstance(registered, ast.Attribute) and registered.attr == "register" \
                and _name(registered.value) in _OWN and function.name in {_name(a) for a in call.args}:
            return _name(registered.value)
        if _name(call.func) == function.name:
            caller = next((f for f in _functions_around(tree, call)), None)
            callers.add(caller.name if caller is not None else None)
    return callers.pop() if len(callers) == 1 and next(iter(callers)) in _OWN else None


def _functions_around(tree, node):
    current = tree.parents.get(node)
    while current is not None:
        if isinstance(current, FUNCTIONS):
            yield current
        current = tree.parents.get(current)


def in_a_lambda_in_a_function(node, parents) -> bool:
    """Whether NODE is inside a lambda written in a function (`out.rule = lambda: self._mul_rule(other, out)`)."""
    current, lambdas = parents.get(node), 0
    while current is not None and not isinstance(current, FUNCTIONS):
        lambdas += isinstance(current, ast.Lambda)
        current = parents.get(current)
    return bool(lambdas) and current is not None
