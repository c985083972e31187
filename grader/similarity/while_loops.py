"""Index loops written with `while`, read as the `for` they stand for (canonical.py's step)."""

from __future__ import annotations

import ast

from .budget import FREE, Work


def counting_whiles(statements, work: Work = FREE):
    """Index loops written with `while` become the `for` they stand for.

    `i = a; while i < b: ...; i = i + 1` → `for i in range(a, b)`, and a walk over
    a sequence by index, up or down (`i = 0; while i < len(s): v = s[i]; ...; i = i + 1`,
    `i = len(s) - 1; while i >= 0: v = s[i]; ...; i = i - 1`, the sequence maybe
    copied first with `s = list(x)`) → `for v in x` or `for v in reversed(x)`. The nodes of each loop made (given
    their places) charged to WORK.
    """
    out = []
    for statement in statements:
        loop = _index_walk(statement, out) if isinstance(statement, ast.While) and not statement.orelse else None
        if loop is not None:
            out.append(ast.fix_missing_locations(ast.copy_location(loop, statement)))
            work.walked(loop)
        else:
            out.append(statement)
    return out


def _index_walk(loop: ast.While, before: list):
    """The `for` loop that `loop` (with the statements `before` it) stands for, removing its set-up from `before`."""
    if not before or not _assigns_name(before[-1]):
        return None
    counter, start = before[-1].targets[0].id, before[-1].value
    test, body = loop.test, loop.body
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and any(isinstance(side, ast.Name) and side.id == counter for side in (test.left, test.comparators[0]))):
        return None
    steps = [s for s in body if _is_step(s, counter)]
    if len(steps) != 1:
        return None
    rest = [s for s in body if s is not steps[0]]
    up = isinstance(steps[0].value.op, ast.Add)
    item = rest[0] if rest else None
    is_item = (isinstance(item, ast.Assign) and len(item.targets) == 1 and isinstance(item.targets[0], ast.Name)
               and isinstance(item.value, ast.Subscript) and isinstance(item.value.slice, ast.Name)
               and item.value.slice.id == counter and isinstance(item.value.value, ast.Name))
    if is_item:
        sequence = item.value.value
        source = sequence
        copied = len(before) >= 2 and _assigns_name(before[-2]) and before[-2].targets[0].id == sequence.id
        if copied and isinstance(before[-2].value, ast.Call) and len(before[-2].value.args) == 1:
            source = before[-2].value.args[0]
        iterable = source if up else ast.Call(ast.Name("reversed", ast.Load()), [source], [])
        del before[-2 if copied else -1:]
        target = ast.Name(item.targets[0].id, ast.Store())
        return ast.For(target, iterable, rest[1:] or [ast.Pass()], [], None)
    if up and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name):
        del before[-1]
        call = ast.Call(ast.Name("range", ast.Load()), [start, test.comparators[0]], [])
        return ast.For(ast.Name(counter, ast.Store()), call, rest or [ast.Pass()], [], None)
    return None


def _assigns_name(statement) -> bool:
    return isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)


def _is_step(statement, counter):
    """`i = i + 1` or `i = i - 1` (augmented assignments are already written out)."""
    return (_assigns_name(statement) and statement.targets[0].id == counter
            and isinstance(statement.value, ast.BinOp) and isinstance(statement.value.op, (ast.Add, ast.Sub))
            and isinstance(statement.value.left, ast.Name) and statement.value.left.id == counter
            and isinstance(statement.value.right, ast.Constant) and statement.value.right.value == 1)
