"""The methods of a student's engine that write or hand back a node's gradient, read from its syntax tree
(source_tree.py): Java-style accessors, `def setGrad(self, g): self._grad = g` and `def getGrad(self): return
self._grad` (session 37), by the fields grad_names.grad_names knows or by their names (`set_grad`,
`getGradient`). Moved out of source_tree.py in session 42, to keep it under the line limit.
"""

from __future__ import annotations

import ast
import re

from .grad_names import grad_names
from .source_tree import FUNCTIONS


def grad_accessors(tree) -> tuple[frozenset, frozenset]:
    """(setters, getters): the names of the methods that write a node's gradient from their one argument
    (`def setGrad(self, g): self._grad = g`) and that only hand it back (`def getGrad(self): return self._grad`),
    by grad_names.grad_names's fields (session 37: Java-style accessors). A method named as a gradient's accessor
    (`setGrad`, `set_grad`, `getGradient`) is one whatever its field (`self.m_grad`, `self.state["grad"]`), and a
    setter may check its argument first (`if not isinstance(g, float): raise TypeError(...)`) and hand itself back
    after (`return self`: a fluent setter; session 39). Remembered on the tree."""
    known = getattr(tree, "_grad_accessors", None)
    if known is not None:
        return known
    names, setters, getters = grad_names(tree), set(), set()
    for function in tree.nodes(*FUNCTIONS):
        tree.in_time()
        body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        params = [a.arg for a in function.args.args]
        if not body or not params or params[0] != "self" or function.name == "grad":
            continue
        named = ACCESSOR_NAME.match(function.name)
        field = (lambda node: _is_self_field(node, names) or (named and _is_self_slot(node)))
        if len(params) == 2 and (not named or named.group(1).lower() == "set"):
            if len(body) > 1 and isinstance(body[-1], ast.Return) and isinstance(body[-1].value, ast.Name) \
                    and body[-1].value.id == "self":
                body = body[:-1]
            *checks, statement = body
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and field(statement.targets[0]) \
                    and isinstance(statement.value, ast.Name) and statement.value.id == params[1] \
                    and all(_only_checks(check) for check in checks):
                setters.add(function.name)
        elif len(params) == 1 and len(body) == 1 and isinstance(body[0], ast.Return) and field(body[0].value) \
                and (not named or named.group(1).lower() == "get"):
            getters.add(function.name)
    tree._grad_accessors = (frozenset(setters), frozenset(getters))
    return tree._grad_accessors


ACCESSOR_NAME = re.compile(r"^_*(set|get)_?grad(?:ient)?$", re.IGNORECASE)


def _is_self_field(node, names) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in names and isinstance(node.value, ast.Name) \
        and node.value.id == "self"


def _is_self_slot(node) -> bool:
    """`self.X`, or `self.X[k]` for a constant k (`self.state["grad"]`)."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        node = node.value
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _only_checks(statement) -> bool:
    """Whether STATEMENT only checks (an `assert`, an `if` whose body only raises), writing nothing."""
    return isinstance(statement, ast.Assert) or (
        isinstance(statement, ast.If) and not statement.orelse and all(isinstance(s, ast.Raise) for s in statement.body))
