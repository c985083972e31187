"""Canonical statements and dead code (steps 1, 3 and 4 of normalise.py's docstring), block by block."""

from __future__ import annotations

import ast
import re
import sys

from .blocks import rewrite_blocks, run_once
from .budget import FREE, Work
from .roles import kept_as_written
from .unparse import unparse
from .walk import children, walk
from .while_loops import counting_whiles

_ENDS_BLOCK = (ast.Return, ast.Raise, ast.Break, ast.Continue)


def canonical(statements: list, work: Work = FREE) -> list:
    """Steps 1, 3 and 4 of normalise.py's docstring on a block and every block inside it (statements only: cheap).

    `b > a` is turned round where it is emitted (Emitter.expression), so that
    expressions need not be walked here. The nodes looked at beyond the statements charged to WORK.
    """
    for statement in statements:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(statement, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(statement, field, canonical(block, work))
        for handler in getattr(statement, "handlers", ()):
            handler.body = canonical(handler.body, work)
    out = []
    for statement in statements:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and _no_effect(statement.value):
            continue  # a docstring, a string used as a comment, or `()`, `x`, `a.b`: computed and thrown away
        if isinstance(statement, ast.AnnAssign):
            if statement.value is None:
                continue  # `x: float` declares, it assigns nothing
            statement = ast.copy_location(ast.Assign([statement.target], statement.value), statement)
        once = run_once(statement, work)
        if once is not None:
            out.extend(once)  # `for _ in range(1):` or `while True: ...; break` around a block is the block
            continue
        if isinstance(statement, ast.Assign) and _splittable(statement):
            out.extend(ast.copy_location(ast.Assign([t], v), statement)
                       for t, v in zip(statement.targets[0].elts, statement.value.elts))
            continue
        if isinstance(statement, ast.AugAssign):
            load = ast.copy_location(_as_load(statement.target), statement.target)
            value = ast.copy_location(ast.BinOp(load, statement.op, statement.value), statement)
            statement = ast.copy_location(ast.Assign([statement.target], value), statement)
        if isinstance(statement, ast.If):
            choice = _as_choice(statement)
            if choice is not None:
                out.append(choice)
                if isinstance(choice, ast.Return):
                    break
                continue
            statement, after = _early_return(statement)
            if after:
                out.append(statement)
                out.extend(after)
                if isinstance(after[-1], _ENDS_BLOCK):
                    break
                continue
        if isinstance(statement, ast.Return) and out and _returns_if(out[-1]) and statement.value is not None:
            test, value = out[-1].test, out[-1].body[0].value
            out[-1] = ast.copy_location(ast.Return(ast.IfExp(test, value, statement.value)), out[-1])
            break
        out.append(statement)
        if isinstance(statement, _ENDS_BLOCK):
            break  # what follows never runs
    return independent_in_order(_comprehensions(counting_whiles(out, work)), work)


def may_unwrap(block: list) -> bool:
    """Whether unwrapped(BLOCK) may be other than BLOCK: it takes off only an if, a for or a while."""
    return any(isinstance(statement, (ast.If, ast.For, ast.While)) for statement in block)


def unwrapped(block: list) -> list:
    """BLOCK with what runs its body once around it taken off (`if True:`, `for _ in range(1):`, `while True: ...
    break`: blocks.run_once), as canonical reads it; the tree is not changed."""
    out = []
    for statement in block:
        once = run_once(statement)
        out.extend(unwrapped(once) if once is not None else [statement])
    return out


def _comprehensions(statements: list) -> list:
    """Each list or set built by a loop (`_built_by_loop`) becomes its comprehension."""
    out = []
    for statement in statements:
        built = _built_by_loop(out[-1], statement) if isinstance(statement, ast.For) and out else None
        if built is not None:
            out[-1] = built
        else:
            out.append(statement)
    return out


def _early_return(statement: ast.If):
    """`if c: ...; return x` + `else: rest` is `if c: ...; return x` + rest: the else of a branch that ends is no block.

    Returns the `if` without that else, and the statements that follow it (none when nothing moves).
    """
    if statement.orelse and statement.body and isinstance(statement.body[-1], _ENDS_BLOCK):
        after = statement.orelse
        return ast.copy_location(ast.If(statement.test, statement.body, []), statement), after
    return statement, []


def _returns_if(statement) -> bool:
    """`if c: return x` with no else (an early return): with the `return y` after it, `return x if c else y`."""
    return (isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1
            and isinstance(statement.body[0], ast.Return) and statement.body[0].value is not None)


def _as_choice(statement: ast.If):
    """`if c: t = a` / `else: t = b` is `t = a if c else b` (and `if c: return a` / `else: return b` one return);
    `if c: t = a` alone, for a name t, is `t = a if c else t` (`if not isinstance(x, Value): x = Value(x)` is the
    starter's `x = x if isinstance(x, Value) else Value(x)`); a test `not c` is `c` with the two swapped."""
    if len(statement.body) != 1 or len(statement.orelse) > 1:
        return None
    yes = statement.body[0]
    if not statement.orelse:
        if isinstance(yes, ast.Assign) and len(yes.targets) == 1 and isinstance(yes.targets[0], ast.Name):
            kept = ast.copy_location(ast.Name(yes.targets[0].id, ast.Load()), yes.targets[0])
            return ast.copy_location(ast.Assign(yes.targets, _choice(statement.test, yes.value, kept)), statement)
        return None
    no = statement.orelse[0]
    if (isinstance(yes, ast.Assign) and isinstance(no, ast.Assign) and len(yes.targets) == len(no.targets) == 1
            and ast.dump(yes.targets[0]) == ast.dump(no.targets[0])):
        return ast.copy_location(ast.Assign(yes.targets, _choice(statement.test, yes.value, no.value)), statement)
    if isinstance(yes, ast.Return) and isinstance(no, ast.Return) and yes.value is not None and no.value is not None:
        return ast.copy_location(ast.Return(_choice(statement.test, yes.value, no.value)), statement)
    return None


def _choice(test, yes, no) -> ast.IfExp:
    """`yes if test else no`, a test `not c` read as `c` with the two swapped."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return ast.IfExp(test.operand, no, yes)
    return ast.IfExp(test, yes, no)


_BUILDERS = {"append": (ast.List, ast.ListComp), "add": (ast.Set, ast.SetComp)}


def _built_by_loop(before, loop):
    """`xs = []` + `for v in s: xs.append(e)` (maybe under one `if`) is `xs = [e for v in s]`; `add` into a set alike."""
    if loop.orelse or len(loop.body) != 1 or not _assigns_empty(before):
        return None
    name, body, ifs = before.targets[0].id, loop.body[0], []
    if isinstance(body, ast.If) and not body.orelse and len(body.body) == 1:
        ifs, body = [body.test], body.body[0]
    call = body.value if isinstance(body, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in _BUILDERS
            and isinstance(call.func.value, ast.Name) and call.func.value.id == name
            and len(call.args) == 1 and not call.keywords):
        return None
    empty, comprehension = _BUILDERS[call.func.attr]
    if not _is_empty(before.value, empty):
        return None
    generator = ast.comprehension(loop.target, loop.iter, ifs, 0)
    return ast.copy_location(ast.Assign(before.targets, comprehension(call.args[0], [generator])), before)


def _assigns_empty(statement) -> bool:
    return (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name))


def _is_empty(value, kind) -> bool:
    if kind is ast.List:
        return isinstance(value, ast.List) and not value.elts or (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "list"
            and not value.args and not value.keywords)
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "set" \
        and not value.args and not value.keywords


_EFFECTS = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)


def _no_effect(expression, work: Work = FREE) -> bool:
    """An expression statement that calls nothing and assigns nothing: what it computes is thrown away. Its nodes
    charged to WORK."""
    return not any(isinstance(node, _EFFECTS) for node in work.walked(expression))


def strip_noise(tree, work: Work = FREE) -> None:
    """Before any rewrite: statements that do nothing go and `x: T = e` is `x = e`, in every block of the tree.

    A copy with `()` after every statement, or an annotation on every
    assignment, must read like its original to the rewrites too (a one-line
    helper is still one line). One pass over the statements, in place; each `if` decided once (an `if` in an `if`
    is decided for both), each node looked at charged to WORK.
    """
    decided: dict[int, tuple[ast.If, bool]] = {}  # id of an `if` -> (it, whether it is noise)
    rewrite_blocks(tree, lambda statement: _noise_stripped(statement, work, decided), work)


def _noise_stripped(statement, work: Work, decided: dict) -> list:
    return [] if _is_noise(statement, work, decided) else _annotation_dropped(statement)


def _is_noise(statement, work: Work, decided: dict) -> bool:
    if isinstance(statement, ast.Expr) and not isinstance(statement.value, ast.Constant):
        return _no_effect(statement.value, work)  # docstrings stay until `canonical`, which drops them too
    if isinstance(statement, ast.Assert) and isinstance(statement.test, ast.Constant) and statement.test.value:
        return True  # `assert True`: checks nothing
    if isinstance(statement, ast.If):
        if id(statement) not in decided:
            # `if x: pass`: tests what calls nothing, to do nothing
            decided[id(statement)] = statement, _no_effect(statement.test, work) and all(
                _is_noise(s, work, decided) for s in statement.body + statement.orelse if not isinstance(s, ast.Pass))
        return decided[id(statement)][1]
    return isinstance(statement, ast.AnnAssign) and statement.value is None


def _annotation_dropped(statement) -> list:
    """`x: T = e` as `x = e` (`x: T` alone is noise: `_is_noise`)."""
    if isinstance(statement, ast.AnnAssign):
        return [ast.copy_location(ast.Assign([statement.target], statement.value), statement)]
    return [statement]


def _splittable(node: ast.Assign) -> bool:
    return (len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple)
            and len(node.targets[0].elts) == len(node.value.elts)
            and not any(isinstance(e, ast.Starred) for e in node.targets[0].elts + node.value.elts))


_IDENTIFIER = re.compile(r"(id|attr|arg)='([^']*)'")
# From 3.13 ast.dump leaves out empty fields (`keywords=[]`) unless told: shown, a shape sorts as on 3.10 to 3.12
_DUMP = {"show_empty": True} if sys.version_info >= (3, 13) else {}


def _shape(statement) -> str:
    """The statement's tree with every name a student chooses blanked: the same for a renamed copy."""
    return _IDENTIFIER.sub(lambda m: f"{m.group(1)}='{m.group(2) if kept_as_written(m.group(2)) else ''}'",
                           ast.dump(statement, **_DUMP))


def _reads_writes(statement) -> tuple[set[str], set[str]]:
    reads, writes = set(), set()
    for node in walk(statement):
        if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
            text = unparse(node)
            (reads if isinstance(node.ctx, ast.Load) else writes).add(text)
            if isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load):
                reads.add(unparse(node.value))  # `a.x = ...` reads `a`
    return reads, writes


MAX_RUN = 8  # assignments in a row put in order; a longer run is left as written (the sort is quadratic)


def independent_in_order(statements: list, work: Work = FREE) -> list:
    """Adjacent assignments that neither reads nor writes what the other writes, put in a fixed order.

    `self.grad += ...; other.grad += ...` and the same two lines the other way
    round do the same: a copy that swaps independent statements reads like its
    original. Only assignments that call nothing are moved (a call may depend
    on anything), only past each other, and only in runs of at most MAX_RUN. Only an assignment beside another
    is looked into (for calls; its nodes charged to WORK): one alone moves nowhere.
    """
    assigns = [isinstance(s, ast.Assign) for s in statements]
    beside = [a and (i > 0 and assigns[i - 1] or i + 1 < len(assigns) and assigns[i + 1]) for i, a in enumerate(assigns)]
    movable = [b and not any(isinstance(n, ast.Call) for n in work.walked(s)) for s, b in zip(statements, beside)]
    out, start = list(statements), 0
    while start < len(out):
        if not movable[start]:
            start += 1
            continue
        end = start
        while end < len(out) and movable[end]:
            end += 1
        if 2 <= end - start <= MAX_RUN:
            out[start:end] = _in_order(out[start:end])
        start = end
    return out


def _in_order(run: list) -> list:
    """A bubble sort of a short run by shape, each swap only between independent statements."""
    facts = [(_shape(s), *_reads_writes(s)) for s in run]
    run = list(run)
    changed = True
    while changed:
        changed = False
        for i in range(len(run) - 1):
            (sa, ra, wa), (sb, rb, wb) = facts[i], facts[i + 1]
            if sb < sa and not (wa & (rb | wb)) and not (wb & ra):
                run[i], run[i + 1] = run[i + 1], run[i]
                facts[i], facts[i + 1] = facts[i + 1], facts[i]
                changed = True
    return run


def _as_load(target):
    if isinstance(target, ast.Name):
        return ast.Name(target.id, ast.Load())
    if isinstance(target, ast.Attribute):
        return ast.Attribute(target.value, target.attr, ast.Load())
    if isinstance(target, ast.Subscript):
        return ast.Subscript(target.value, target.slice, ast.Load())
    return target
