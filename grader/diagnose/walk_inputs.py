"""Where a walk takes a node's inputs, for two of walk_places.py's findings (session 37): a sort with no visited set
whose inputs come from a method (`for u in self.predecessors(node): stack.append(u)`), and a backward() that runs only
the output's direct inputs' rules; and (session 38) a dict node's field a sort walks and pushes (`for child, _ in
node["edges"]:`), or one input taken by its index into a name the sort pushes (`kid = v._kids[i]`). Read only for a
finding the numbers made (walk_places.place_walks)."""

from __future__ import annotations

import ast

from .seed_source import backward_functions
from .source_patterns import receiver_of


def pushes_its_item(loop) -> bool:
    """Whether LOOP (a `for`) over something other than a node's attribute (`for u in preds:`, the inputs a method
    handed back) pushes its item onto a container (`stack.append((u, ...))`): where a sort with no membership test
    at all takes a node's inputs (session 37: strangers35's DiGraph, `preds = self.predecessors(node)`)."""
    if not isinstance(loop, ast.For) or not isinstance(loop.target, ast.Name):
        return False
    return any(_pushed_in({loop.target.id}, statement) for statement in loop.body)


_PUSHED_BY = frozenset({"append", "appendleft", "extend", "push", "put", "insert"})


def a_nodes_field(expression, subscript=False) -> bool:
    """Whether EXPRESSION is a field of a node other than the receiver: `v._kids`, and with SUBSCRIPT a dict node's
    field under a string key too (`node["edges"]`)."""
    if isinstance(expression, ast.Attribute):
        return isinstance(expression.value, ast.Name) and expression.value.id != "self"
    return (subscript and isinstance(expression, ast.Subscript) and isinstance(expression.value, ast.Name)
            and expression.value.id != "self" and isinstance(expression.slice, ast.Constant)
            and isinstance(expression.slice.value, str))


def _pushed_in(names: set, where) -> bool:
    """Whether one of NAMES is an argument of a push (`stack.append((kid, 0))`, `todo.extend(...)`) in WHERE."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _PUSHED_BY
               and any(isinstance(a, ast.Name) and a.id in names for arg in n.args for a in ast.walk(arg))
               for n in ast.walk(where))


def pushes_a_target(loop) -> bool:
    """Whether LOOP pushes a name its target binds (`for child, _ in node["edges"]: stack.append((child, 0))`)."""
    names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    return any(_pushed_in(names, statement) for statement in loop.body)


def input_by_index_pushed(assign, function) -> bool:
    """Whether ASSIGN takes one input of a node by its index (`kid = v._kids[i]`) into a name FUNCTION pushes."""
    value = assign.value
    if len(assign.targets) != 1 or not isinstance(assign.targets[0], ast.Name) or not isinstance(value, ast.Subscript) \
            or not a_nodes_field(value.value) or isinstance(value.slice, (ast.Constant, ast.Slice)):
        return False
    return _pushed_in({assign.targets[0].id}, function)


def direct_inputs(tree) -> int | None:
    """The line of the one loop of `backward()` itself over the output's own inputs (`for child in self._inputs:`,
    an attribute of its receiver, or what a method of it hands back: `self.getChildren()`) that hands each input on
    (calls a method of it, or passes it to a call), where backward() has no other loop: the walk that stops at the
    direct inputs (session 37: strangers35's thread-local graph; before: no line). None where backward() also walks
    an order or a stack."""
    lines = set()
    for method in backward_functions(tree):
        receiver = receiver_of(method)
        loops = [n for n in ast.walk(method) if isinstance(n, (ast.For, ast.While))]
        tree.in_time()
        if len(loops) != 1 or not isinstance(loops[0], ast.For) or not isinstance(loops[0].target, ast.Name):
            continue
        loop, item = loops[0], loops[0].target.id
        inputs = loop.iter.func if isinstance(loop.iter, ast.Call) and not loop.iter.args else loop.iter
        own = isinstance(inputs, ast.Attribute) and isinstance(inputs.value, ast.Name) and inputs.value.id == receiver
        handed = any(isinstance(n, ast.Call) and (
            isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and n.func.value.id == item
            or any(isinstance(a, ast.Name) and a.id == item for a in n.args))
            for statement in loop.body for n in ast.walk(statement))
        if own and handed:
            lines.add(loop.lineno)
    return lines.pop() if len(lines) == 1 else None
