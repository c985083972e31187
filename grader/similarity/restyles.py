"""A public source as a copier restyles it where the reading does not undo the restyle: its guard clauses.

`if v not in visited: <the walk>` at the end of a function is `if v in visited: return` + the walk (and at the end of
a loop's body, `continue`): the same code to Python, and a way many students write it. The reading keeps the two
apart (normalise.py): written the way the reference is not, the guard form is a filler's own code, evidence between
two fillers (nesting every guard was tried in session 17: the tuning classes' mean AP 0.8504 -> 0.8378). So only the
public match reads it both ways (public_match.against: a copy's score is the higher of the two), and what the source
explains in every pair stays the source as written.
"""

from __future__ import annotations

import ast

from ..parsing import parse
from .unparse import unparse
from .walk import walk

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_TURNED = {ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Eq: ast.NotEq,
           ast.NotEq: ast.Eq}


def guarded(text: str) -> str | None:
    """TEXT with the `if c: <block>` (no else) that ends each function's or loop's body written as a guard clause,
    `if not c: return` (`continue` in a loop) and the block after it; None when it has none (or does not parse)."""
    try:
        tree = parse(text)
    except (SyntaxError, ValueError):
        return None
    changed = False
    for node in [n for n in walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef) + _LOOPS)]:
        if node.body:
            last = node.body[-1]
            if isinstance(last, ast.If) and not last.orelse and last.body:
                end = ast.Continue() if isinstance(node, _LOOPS) else ast.Return(None)
                guard = ast.copy_location(ast.If(negated(last.test), [ast.copy_location(end, last)], []), last)
                node.body[-1:] = [guard, *last.body]
                changed = True
    return unparse(ast.fix_missing_locations(tree)) + "\n" if changed else None


def negated(test, turned: dict = _TURNED):
    """`not TEST`: `a in b` for `a not in b` (and each comparison TURNED maps turned round: `is`, `==`), `c` for
    `not c`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in turned:
        return ast.copy_location(ast.Compare(test.left, [turned[type(test.ops[0])]()], test.comparators), test)
    return ast.copy_location(ast.UnaryOp(ast.Not(), test), test)


def starter_restyled(text: str) -> list[str]:
    """The starter as a copier restyles the code it was given, where the reading keeps the two spellings apart on
    purpose (a filler's own `[::-1]` or `1.0` is a choice its copies keep: docs/similarity.md): each walk over
    `reversed(xs)` as one over `xs[::-1]` and back, and each whole number as the other type (`self.grad = 1` as `1.0`),
    each alone and both. Only the starter is read so (documents.starter_kgrams' RESTYLED): a copier's restyle of the
    given walk or seed is still the starter's code, not code of the copy's own."""
    out = []
    for steps in ((_reversed,), (_whole_numbers,), (_whole_numbers, _reversed)):
        try:
            tree = parse(text)  # a fresh tree for each reading: the steps rewrite it in place
        except (SyntaxError, ValueError):
            return []
        if sum(step(tree) for step in steps):
            out.append(unparse(ast.fix_missing_locations(tree)) + "\n")
    return out


def _reversed(tree) -> int:
    """Each `for` over `reversed(e)` as over `e[::-1]`, and over `e[::-1]` as over `reversed(e)`: how many."""
    changed = 0
    for node in walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor)):
            it = node.iter
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "reversed" \
                    and len(it.args) == 1 and not it.keywords:
                node.iter = ast.copy_location(ast.Subscript(it.args[0], ast.Slice(None, None, ast.UnaryOp(
                    ast.USub(), ast.Constant(1))), ast.Load()), it)
                changed += 1
            elif isinstance(it, ast.Subscript) and isinstance(it.slice, ast.Slice) and it.slice.lower is None \
                    and it.slice.upper is None and _minus_one(it.slice.step):
                node.iter = ast.copy_location(ast.Call(ast.Name("reversed", ast.Load()), [it.value], []), it)
                changed += 1
    return changed


def _minus_one(step) -> bool:
    return isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub) and isinstance(step.operand, ast.Constant) \
        and step.operand.value == 1 or isinstance(step, ast.Constant) and step.value == -1


def _whole_numbers(tree) -> int:
    """Each whole number as the other type: `1` as `1.0`, `0.0` as `0` (not a bool): how many."""
    changed = 0
    for node in walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float) and float(node.value).is_integer() \
                and abs(node.value) < 1e15:
            node.value = float(node.value) if type(node.value) is int else int(node.value)
            changed += 1
    return changed
