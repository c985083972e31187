"""Where a walk takes a node's inputs, for two of walk_places.py's findings (session 37): a sort with no visited set
whose inputs come from a method (`for u in self.predecessors(node): stack.append(u)`), and a backward() that runs only
the output's direct inputs' rules. Read only for a finding the numbers made (walk_places.place_walks)."""

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
    item = loop.target.id
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _PUSHED_BY
               and any(isinstance(a, ast.Name) and a.id == item for arg in n.args for a in ast.walk(arg))
               for statement in loop.body for n in ast.walk(statement))


_PUSHED_BY = frozenset({"append", "appendleft", "extend", "push", "put", "insert"})


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
