"""Backward rules and walks written with generators: where an `=` on a gradient passes one path's gradient on.

The `assign-grad` reading (source_patterns.grad_assignments) says `x.grad = ...` where it runs once per edge: in a
closure (a rule), in the loop of a walk, in a helper the rules call. Session 35 adds the three shapes a generator
gives the same line (session 34's strangers: an `=` in a coroutine every rule sends to had no line):

- a generator that is itself a rule the walk resumes (`def _rule(pairs, out): while True: yield; node.grad =
  local() * out.grad`, or one `yield from` drives), whose value reads a gradient as a closure's does;
- a coroutine sent each edge's share (`node, amount = yield` ... `node.grad = amount`, where some `.send((parent,
  local * node.grad))` of the file sends, in that position, what reads a gradient);
- a loop over a generator of the file that yields each edge's share (`for target, amount in self._flows(): target.grad
  = amount`, where `_flows` yields `parent, local * node.grad`), followed through `yield from` a few levels deep.

A name is matched by its position where the sent or yielded value and the name bound are tuples of one length; else
the name counts where any part of what is sent or yielded reads a gradient. A value that reads no such name, nor a
gradient, is a total summed elsewhere, and is not said (as `self.grad = g` in a helper is not). Read as a syntax
tree, never executed.
"""

from __future__ import annotations

import ast

from ..parsing import called_name
from .rule_owner import reads_a_gradient
from .source_tree import FUNCTIONS, children

_FOLLOWED = 3  # `yield from` levels followed from the generator a loop walks


def passes_a_gradient(tree, parents, node, function, names) -> bool:
    """Whether the assignment NODE (`x.grad = ...`, in FUNCTION, the innermost function around it) passes one
    edge's gradient on through a generator (the module's docstring): a rule the walk resumes, a coroutine's
    received share, or a loop over a generator's yielded share."""
    if is_generator(tree, function):
        if reads_a_gradient(node.value, function, names):
            return True
        if _reads(node.value, _received(tree, function, names)):
            return True
    return _reads(node.value, _walked(tree, parents, node, function, names))


def is_generator(tree, function) -> bool:
    """Whether FUNCTION's own body (not the functions, lambdas or classes defined in it) yields."""
    known = _memo(tree, "generator")
    if id(function) not in known:
        known[id(function)] = any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in _own(function))
    return known[id(function)]


def _memo(tree, name) -> dict:
    memo = getattr(tree, "_generators", None)
    if memo is None:
        memo = tree._generators = {}
    return memo.setdefault(name, {})


def _own(function):
    """Every node in FUNCTION's body, not descending into the functions, lambdas or classes defined in it."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in children(node) if not isinstance(c, (*FUNCTIONS, ast.ClassDef, ast.Lambda)))


def _reads(value, held) -> bool:
    return bool(held) and any(isinstance(n, ast.Name) and n.id in held for n in ast.walk(value))


def _bound(target, value, reads) -> set:
    """The names TARGET binds (a name, or a tuple or list of them) that receive a part of VALUE reading a gradient
    (READS: part -> bool): by position where both are tuples of one length, else every name where any part does."""
    if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) \
            and len(target.elts) == len(value.elts) and not any(isinstance(e, ast.Starred) for e in target.elts):
        return set().union(*(_bound(t, v, reads) for t, v in zip(target.elts, value.elts)))
    if not reads(value):
        return set()
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _received(tree, function, names) -> set:
    """The names FUNCTION (a generator) binds from `yield` (`node, amount = yield`) that some `.send(...)` of the
    file hands a gradient's share in."""
    receivers = [n for n in _own(function) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Yield)]
    if not receivers:
        return set()
    held = set()
    for sent, sender in _sends(tree):
        def reads(part, sender=sender):
            return reads_a_gradient(part, sender, names) if sender is not None else any(
                isinstance(n, ast.Attribute) and n.attr in names for n in ast.walk(part))
        for assign in receivers:
            for target in assign.targets:
                held |= _bound(target, sent, reads)
    return held


def _sends(tree) -> list:
    """Every `x.send(value)` of the file, with the innermost function it is in (None at module level)."""
    memo = _memo(tree, "sends")
    if "all" not in memo:
        found = []
        for call in tree.nodes(ast.Call):
            tree.in_time()
            if isinstance(call.func, ast.Attribute) and call.func.attr == "send" and len(call.args) == 1 \
                    and not call.keywords:
                found.append((call.args[0], _function_around(tree, call)))
        memo["all"] = found
    return memo["all"]


def _function_around(tree, node):
    current = tree.parents.get(node)
    while current is not None and not isinstance(current, FUNCTIONS):
        current = tree.parents.get(current)
    return current


def _walked(tree, parents, node, function, names) -> set:
    """The names the loops around NODE (inside FUNCTION) bind from a generator of the file that yields a gradient's
    share in that position (`for target, amount in self._flows():`)."""
    held = set()
    current = parents.get(node)
    while current is not None and current is not function:
        if isinstance(current, (ast.For, ast.AsyncFor)) and isinstance(current.iter, ast.Call):
            for generator in _generators_named(tree, _called(current.iter)):
                for yielded, around in _yields(tree, generator, _FOLLOWED, set()):
                    held |= _bound(current.target, yielded,
                                   lambda part, around=around: reads_a_gradient(part, around, names))
        current = parents.get(current)
    return held


def _called(call) -> str | None:
    return called_name(call.func)


def _generators_named(tree, name) -> list:
    memo = _memo(tree, "named")
    if "all" not in memo:
        by_name: dict[str, list] = {}
        for function in tree.nodes(*FUNCTIONS):
            tree.in_time()
            if is_generator(tree, function):
                by_name.setdefault(function.name, []).append(function)
        memo["all"] = by_name
    return memo["all"].get(name, []) if name else []


def _yields(tree, generator, depth, seen):
    """(value, the generator it is yielded in) for each `yield value` of GENERATOR, and of the generators of the
    file it hands on to by `yield from f(...)`, DEPTH levels deep."""
    if id(generator) in seen:
        return
    seen.add(id(generator))
    for node in _own(generator):
        tree.in_time()
        if isinstance(node, ast.Yield) and node.value is not None:
            yield node.value, generator
        elif isinstance(node, ast.YieldFrom) and isinstance(node.value, ast.Call) and depth > 0:
            for inner in _generators_named(tree, _called(node.value)):
                yield from _yields(tree, inner, depth - 1, seen)
