"""A reflected operator inherited from a built-in number: `2 + a` answered by `float.__radd__` (session 35).

A `Value` that subclasses `float` (or `int`) and writes `__add__` but not `__radd__` raises nothing at `2 + a`:
Python finds the base's `__radd__`, which returns a plain float, with no node and no gradient. The worker's facts
name a missing method only where the class lacks it (`hasattr(Value, "__radd__")` is true here: missing.py), so
the tests that need `2 + a` failed with nothing said (the probe raised AttributeError reading `.data` of the float
the student's `2 + a` gave back).

Said where both show it: a failing probe that needs the reflected op (its ops, traced on the reference:
judge/ops.ops_of) raised AttributeError on an object of the very built-in type the class subclasses (the facts'
`owner`), and the source (read as a syntax tree, never executed) shows the class `Value` subclassing that type
with no such method of its own: none defined or assigned in its body, in a class of the file it derives from, or
set on it from outside (`setattr`, `Value.__radd__ = ...`); a class made by a metaclass or a decorator is not read.
"""

from __future__ import annotations

import ast

from ..judge.ops import ops_of
from .source_tree import BUDGET_SECONDS, FUNCTIONS, OverBudget, clock, tree_of

_BUILTIN_NUMBERS = frozenset({"float", "int"})
# the op's name (judge/ops.py) -> (the method Python asks the right operand for, the expression that needs it)
_REFLECTED = {"radd": ("__radd__", "2 + a"), "rsub": ("__rsub__", "2 - a"), "rmul": ("__rmul__", "2 * a"),
              "rtruediv": ("__rtruediv__", "2 / a")}


def inherited_reflected(files: dict, engine: str, cls: str = "Value") -> tuple[str, frozenset] | None:
    """(the built-in base, the reflected methods the class inherits from it) for ENGINE's class CLS, or None where
    the class is not a plain subclass of a built-in number or the source may give it the methods otherwise."""
    tree = tree_of(files, engine)
    if tree is None:
        return None
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        classes = {c.name: c for c in tree.nodes(ast.ClassDef)}
        chain, base, seen = [], None, set()
        current = classes.get(cls)
        while current is not None and current.name not in seen:
            seen.add(current.name)
            if current.decorator_list or current.keywords:  # a decorator or a metaclass may add methods
                return None
            chain.append(current)
            names = [b.id for b in current.bases if isinstance(b, ast.Name)]
            if len(names) != len(current.bases):
                return None
            builtin = [n for n in names if n in _BUILTIN_NUMBERS]
            if builtin:
                base = builtin[0]
                break
            current = classes.get(names[0]) if len(names) == 1 else None
        if base is None:
            return None
        defined = set()
        for c in chain:
            for statement in c.body:
                if isinstance(statement, FUNCTIONS):
                    defined.add(statement.name)
                elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
                    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                    defined |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        for node in tree.nodes(ast.Call):
            tree.in_time()
            if isinstance(node.func, ast.Name) and node.func.id == "setattr":
                return None  # ops set on the class at run time: not read here
        for node in tree.nodes(ast.Assign):
            defined |= {t.attr for t in node.targets if isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name) and t.value.id in {c.name for c in chain}}
        methods = frozenset(m for m, _ in _REFLECTED.values() if m not in defined)
        return (base, methods) if methods else None
    except (OverBudget, RecursionError):
        return None


def inherited_entries(diagnoser, submission, run, outcomes, entries, engine) -> list[dict]:
    """A missing-op finding per reflected op the class inherits from its built-in base, citing the failing tests
    whose probe needs it and raised AttributeError on that base's type, where no finding cites those tests yet."""
    from .missing import missing_entry

    probes = (run or {}).get("probes") or {}
    failing = [o for o in outcomes if o.get("status") in ("failed", "error", "timeout")]
    if not failing or not probes:
        return []
    cited = {t for e in entries for t in e.get("tests", [])}
    if all(o["name"] in cited for o in failing):
        return []
    found = inherited_reflected(submission.files, engine)
    if found is None:
        return []
    base, methods = found
    W = diagnoser.wrong_probes(run, outcomes)
    shown: dict[str, list[str]] = {}
    for p in W:
        obs = probes.get(p) or {}
        facts = obs.get("facts") or {}
        if obs.get("status") != "error" or obs.get("exception") != "AttributeError" or facts.get("owner") != base:
            continue
        needs = [_REFLECTED[op] for op in sorted(ops_of(getattr(diagnoser.suite.probes, p))) if op in _REFLECTED]
        for method, expression in needs:
            if method in methods:
                shown.setdefault(method, []).append(p)
    from .evidence import evidence

    made = []
    for method, ps in shown.items():
        tests = [t for t in diagnoser.cited(ps, outcomes) if t not in cited]
        if not tests:
            continue
        smallest = min(ps, key=lambda p: diagnoser._size(p, probes))
        sentence, _ = evidence(getattr(diagnoser.suite.probes, smallest), probes[smallest],
                               diagnoser.reference(smallest))
        expression = next(e for m, e in _REFLECTED.values() if m == method)
        entry = missing_entry({"method": method, "expression": expression, "raised": "AttributeError",
                               "cls": "Value", "base": base}, tests, sentence)
        entry["inherited_from"] = base
        entry["table"] = diagnoser._table(smallest, probes)
        made.append(entry)
    return made
