"""An op bound under a name of its own: a callable set as the op whose code names no op.

The worker reports the qualified name of the student's function that raised (`facts.raised_in`, `entered`:
raising.py). An op written as `def tanh(self)` is named there (`Value.tanh`); one bound as a callable made
elsewhere is not: `tanh = lambda self: ...` in the class body (`Value.<lambda>`), `Value.tanh = my_tanh` or
`setattr(Value, "tanh", my_tanh)` (`my_tanh`, maybe from a module of the student's own), `tanh =
functools.partialmethod(_unary, math.tanh)` (`_unary`), `tanh = Helpers.squash` (`Helpers.squash`). The source
says which op each is bound as: `as_ops` gives a run whose facts name the op (`Value.tanh`, its rule
`Value.tanh.<locals>._backward`), so the diagnosis reads them as it reads a `def tanh`. Where one function is
bound as several ops (two lambdas of one class share `Value.<lambda>`), the line that raised tells them apart
(a lambda's lines); a name still bound to two ops is left as the worker said it (no op is guessed).
"""

from __future__ import annotations

import ast

from ..forbidden import tree
from ..parsing import called_name
from ..places import sandbox_line
from .raising import OPS, _op_in, _walk

_WRAPPERS = {"partial", "partialmethod", "staticmethod", "classmethod", "wraps"}


def as_ops(run: dict | None, submission) -> dict | None:
    """`run` with each probe's `raised_in` and `entered` naming the op a callable is bound as (module
    docstring); `run` itself when no fact names a function that is no op (the common case: nothing read)."""
    probes = (run or {}).get("probes")
    if not isinstance(probes, dict):
        return run
    unnamed = [p for p, obs in probes.items() if isinstance(obs, dict) and _unnamed(obs.get("facts"))]
    if not unnamed:
        return run
    bindings = _bindings(submission.files)
    if not bindings:
        return run
    renamed = dict(probes)
    for p in unnamed:
        obs = probes[p]
        facts = dict(obs["facts"])
        at = sandbox_line(submission, obs.get("where")) if isinstance(obs.get("where"), dict) else None
        for key, line in (("raised_in", at), ("entered", None)):
            name = _as_op(facts.get(key), bindings, line)
            if name is not None:
                facts[key] = name
        if facts != obs["facts"]:
            renamed[p] = {**obs, "facts": facts}
    return {**run, "probes": renamed}


def _unnamed(facts) -> bool:
    return isinstance(facts, dict) and any(
        isinstance(facts.get(k), str) and _op_in(facts[k]) is None and not _walk(facts[k])
        for k in ("raised_in", "entered"))


def _as_op(qualname, bindings, at) -> str | None:
    """The op's name for `qualname` (`Value.tanh`, `Value.tanh.<locals>._backward`); None when no binding
    names it, or it is bound to more than one op and `at` ((file, line) that raised) does not tell them apart."""
    if not isinstance(qualname, str) or _op_in(qualname) is not None or _walk(qualname):
        return None
    found = [b for b in bindings if qualname == b[0] or qualname.startswith(b[0] + ".")]
    if not found:
        return None
    longest = max(len(b[0]) for b in found)
    found = [b for b in found if len(b[0]) == longest]
    if len({b[1:3] for b in found}) > 1 and at is not None:
        found = [b for b in found if b[3] == at[0] and b[4] <= at[1] <= b[5]] or found
    if len({b[1:3] for b in found}) != 1:
        return None
    _, owner, op, *_ = found[0]
    return f"{owner}.{op}{qualname[len(found[0][0]):]}" if owner else op + qualname[len(found[0][0]):]


def _bindings(files: dict) -> list[tuple]:
    """(qualname of the callable, owning class, op, file, first line, last line) for each op of the student's
    .py files bound as a callable whose name is no op."""
    found = []
    for name, source in sorted(files.items()):
        if not name.endswith(".py") or not isinstance(source, (bytes, str)):
            continue
        parsed = tree(source)  # the tree the forbidden-imports walk and the hints parsed already (one parse a text)
        if parsed is not None:
            found += _read(parsed, name)
    return [b for b in found if _op_in(b[0]) is None and not _walk(b[0])]


def _read(tree: ast.Module, file: str) -> list[tuple]:
    imported = {a.asname: a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for a in node.names if a.asname}
    imported.update({a.asname or a.name: None for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for a in node.names if "." not in (a.asname or a.name)})  # a module: `squash.f` is `f`
    found = []

    def bind(owner, op, value, scope):
        got = _callable(value, scope, imported)
        if got is not None and op in OPS:
            found.append((got[0], owner, op, file, got[1], got[2]))
            helper = _delegate(value, scope)
            if helper is not None:  # `lambda self, other: self._mul(other)`: `_mul`'s code is the op's too
                found.append((helper, owner, op, file, 0, 0))

    def classes(body, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef):
                scope = f"{prefix}{node.name}."
                defined = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
                for statement in node.body:
                    for target, value in _assignments(statement):
                        if isinstance(target, ast.Name):
                            bind(scope[:-1], target.id, value, (scope, defined))
                classes(node.body, scope)

    classes(tree.body, "")
    for node in ast.walk(tree):
        for target, value in _assignments(node):
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                bind(target.value.id, target.attr, value, ("", set()))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                and len(node.args) == 3 and isinstance(node.args[0], ast.Name)
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            bind(node.args[0].id, node.args[1].value, node.args[2], ("", set()))
    return found


def _assignments(node):
    if isinstance(node, ast.Assign):
        return [(t, node.value) for t in node.targets]
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [(node.target, node.value)]
    return []


def _delegate(value, scope) -> str | None:
    """The qualname of the method of the class a lambda only calls on its first argument (`lambda self, other:
    self._mul(other)` -> `Value._mul`), whose code (its backward rule) is then the op's own; else None."""
    prefix, defined = scope
    if not (isinstance(value, ast.Lambda) and value.args.args and isinstance(value.body, ast.Call)):
        return None
    func = value.body.func
    if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id == value.args.args[0].arg and func.attr in defined):
        return f"{prefix}{func.attr}"
    return None


def _callable(value, scope, imported):
    """(qualname, first line, last line) of the function `value` names, as Python names its code; None if
    the source cannot tell."""
    prefix, defined = scope
    if isinstance(value, ast.Lambda):
        return f"{prefix}<lambda>", value.lineno, value.end_lineno
    if isinstance(value, ast.Name):
        name = value.id
        return (f"{prefix}{name}" if name in defined else imported.get(name) or name), 0, 0
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        module = value.value.id in imported and imported[value.value.id] is None
        return (value.attr if module else f"{value.value.id}.{value.attr}"), 0, 0
    if isinstance(value, ast.Call) and value.args:
        if called_name(value.func) in _WRAPPERS:
            return _callable(value.args[0], scope, imported)
    return None
