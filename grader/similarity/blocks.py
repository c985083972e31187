"""Blocks written inside something that runs them once, read as the block (plain_module's step; session 13).

`if True:`, `for _ in range(1):` (or over one constant, `(None,)`), a loop whose body ends in `break`, a `try:` whose
handlers only pass or re-raise, `with contextlib.suppress():`, `match 0:` with the one case `case _:`: see
plain_module.py's docstring. canonical.py reads the same forms with `run_once`.
"""

from __future__ import annotations

import ast

from .budget import FREE, Work
from .walk import children


def rewrite_blocks(tree, rewrite, work: Work = FREE) -> None:
    """Each statement of every block of TREE (bodies, else blocks, handlers, cases) replaced by the statements
    REWRITE(statement) gives, in place; a block left empty is `pass`. Each node it looks at charged to WORK."""
    stack = [tree]
    while stack:
        node = stack.pop()
        work.charge(1)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [s for statement in block for s in rewrite(statement)]
                setattr(node, field, kept or [ast.copy_location(ast.Pass(), block[0])])
                stack.extend(kept)
        stack.extend(getattr(node, "handlers", ()))
        stack.extend(getattr(node, "cases", ()))


def blocks_as_written(tree, work: Work = FREE) -> bool:
    """Each block that a statement runs once (see the module docstring) in the statement's place, at every level;
    whether there was any. What it looks at charged to WORK."""
    stack = list(tree.body)
    while stack:  # looked for first, statements only: most files have none, and a rewrite copies every block
        node = stack.pop()
        work.charge(1)
        if run_once(node, work) is not None:
            rewrite_blocks(tree, lambda statement: _as_written(statement, work), work)
            return True
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                stack.extend(block)
        for inner in [*getattr(node, "handlers", ()), *getattr(node, "cases", ())]:
            stack.extend(inner.body)
    return False


def _as_written(statement, work: Work) -> list:
    block = run_once(statement, work)
    return [statement] if block is None else [s for inner in block for s in _as_written(inner, work)]


def run_once(statement, work: Work = FREE) -> list | None:
    """The block STATEMENT runs exactly once and does nothing else around (see the module docstring), or None. The
    nodes it looks at in the block charged to WORK."""
    if isinstance(statement, ast.If) and isinstance(statement.test, ast.Constant):
        return statement.body if statement.test.value else statement.orelse
    if isinstance(statement, ast.For) and not statement.orelse and isinstance(statement.target, ast.Name):
        it = statement.iter
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"
                and len(it.args) == 1 and not it.keywords and isinstance(it.args[0], ast.Constant)
                and it.args[0].value == 1
                or isinstance(it, (ast.Tuple, ast.List)) and len(it.elts) == 1 and isinstance(it.elts[0], ast.Constant)):
            return None  # (session 16: `for _ in (None,):`, one constant item, as `range(1)`)
        if jumps(statement.body, work) or any(isinstance(n, ast.Name) and n.id == statement.target.id
                                              for b in statement.body for n in work.walked(b)):
            return None
        return statement.body
    if isinstance(statement, ast.While) and statement.body and isinstance(statement.body[-1], _LEAVES):
        body = statement.body[:-1] if isinstance(statement.body[-1], ast.Break) else statement.body
        if jumps(body, work):
            return None
        body = body or [ast.copy_location(ast.Pass(), statement)]
        if isinstance(statement.test, ast.Constant):  # true: the body leaves, its `else` never runs
            return body if statement.test.value else statement.orelse
        return [ast.copy_location(ast.If(statement.test, body, statement.orelse), statement)]
    if isinstance(statement, ast.Try) and all(_does_nothing(h) for h in statement.handlers) \
            and all(isinstance(s, ast.Pass) for s in statement.finalbody):
        return statement.body + statement.orelse
    if isinstance(statement, ast.With) and all(_no_op_context(item) for item in statement.items):
        return statement.body
    if isinstance(statement, ast.Match) and isinstance(statement.subject, (ast.Constant, ast.Name)) \
            and len(statement.cases) == 1 and _wildcard(statement.cases[0]):
        return statement.cases[0].body  # (session 16) `match 0:` / `case _:`: its one case runs, once
    return None


def _wildcard(case) -> bool:
    """`case _:` with no guard: it matches anything and binds nothing."""
    return case.guard is None and isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None \
        and case.pattern.name is None


_LEAVES = (ast.Break, ast.Return, ast.Raise)


def _does_nothing(handler) -> bool:
    """Whether an exception handler only passes or re-raises what it caught (`raise`, or `raise e` of its `as e`)."""
    return all(isinstance(s, ast.Pass) or isinstance(s, ast.Raise) and s.cause is None and (
        s.exc is None or isinstance(s.exc, ast.Name) and s.exc.id == handler.name) for s in handler.body)


def _no_op_context(item) -> bool:
    """A context manager bound to nothing (`with contextlib.suppress():`, `with warnings.catch_warnings():`): its
    block runs once where it is, whatever the manager does around it (session 14: any manager, where session 13
    read only `suppress` and `nullcontext`)."""
    return item.optional_vars is None


def jumps(block: list, work: Work = FREE) -> bool:
    """Whether a `break` or `continue` of this loop level is in BLOCK (not inside a nested loop or function); the
    nodes it looks at charged to WORK."""
    stack = list(block)
    while stack:
        node = stack.pop()
        work.charge(1)
        if isinstance(node, (ast.Break, ast.Continue)):
            return True
        if not isinstance(node, (ast.For, ast.While, ast.AsyncFor, ast.FunctionDef, ast.AsyncFunctionDef,
                                 ast.Lambda, ast.ClassDef)):
            stack.extend(children(node))
        elif isinstance(node, (ast.For, ast.While, ast.AsyncFor)):
            stack.extend(node.orelse)  # a loop's else belongs to the outer level
    return False
