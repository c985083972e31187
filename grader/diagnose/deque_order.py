"""An order built in a deque meant to be filled from the left (session 36): where its `append` is the mistake.

A walk in the wrong order (the `forward-order` variant) is placed at its loop (walk_places.py). A deque is chosen to
build the topological order already reversed (`order.appendleft(node)`, then `for node in order:`): a student who
writes `append` there has the loop right and the fill wrong, and the finding is placed at that `append`.
"""

from __future__ import annotations

import ast

from .source_tree import FUNCTIONS


def appended_to_a_deque(order, function, tree, depth=2) -> int | None:
    """The line of the one `order.append(...)` that fills ORDER (the order a loop of FUNCTION walks forwards), where
    the order is a deque (`order = deque()`, `collections.deque()`) that is never filled from its left
    (`appendleft`, `extendleft`): a deque is chosen to be built already reversed, and its `append` is the mistake,
    not the loop (session 35's strangers: the loop was named, two lines below the `append`). An order FUNCTION gets
    from a function of the same file (`order = _order(root)`, that function returning its deque) is followed there."""
    if not isinstance(order, ast.Name) or depth == 0:
        return None
    made = [value for n in ast.walk(function) if isinstance(n, ast.Assign) for value in _assigned_to(order.id, n)]
    if len(made) == 1 and not _calls_deque(made[0]) and isinstance(made[0].func, ast.Name):
        returned = [(r.value, f) for f in tree.nodes(*FUNCTIONS) if f.name == made[0].func.id
                    for r in ast.walk(f) if isinstance(r, ast.Return) and isinstance(r.value, ast.Name)]
        return appended_to_a_deque(*returned[0], tree, depth - 1) if len(returned) == 1 else None
    if not made or not all(_calls_deque(call) for call in made):
        return None
    filled = [n for n in ast.walk(function) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
              and isinstance(n.func.value, ast.Name) and n.func.value.id == order.id]
    appends = [n.lineno for n in filled if n.func.attr == "append"]
    if len(appends) != 1 or any(n.func.attr in ("appendleft", "extendleft", "extend", "insert", "rotate",
                                                 "reverse") for n in filled):
        return None
    return appends[0]


def _assigned_to(name, assign) -> list:
    """The calls ASSIGN gives NAME: `name = f()`, `name, seen = f(), set()` (each target of a tuple its value)."""
    pairs = []
    for target in assign.targets:
        if isinstance(target, ast.Tuple) and isinstance(assign.value, ast.Tuple) \
                and len(target.elts) == len(assign.value.elts):
            pairs += zip(target.elts, assign.value.elts)
        else:
            pairs.append((target, assign.value))
    return [value for target, value in pairs
            if isinstance(target, ast.Name) and target.id == name and isinstance(value, ast.Call)]


def _calls_deque(call) -> bool:
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "deque") or \
        (isinstance(func, ast.Attribute) and func.attr == "deque")
