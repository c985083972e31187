"""Where a node's own gradient starts at 1, not 0: the line of the walk `grad-starts-one` (walk_places.py), read
from the student's syntax tree. The assignment of what may be 1 in the constructor of the class that has
`backward()`, or a field of that class declared so; else in a helper of the module the constructor calls; else the
one default of a store of gradients that may be 1 (walk_places.py's docstring has the whole rule). Moved out of
walk_places.py in session 42, to keep it under the line limit.
"""

from __future__ import annotations

import ast

from .seed_source import _reached, can_be_one
from .source_patterns import _classes_with_backward
from .source_tree import FUNCTIONS
from .walk_reading import defaults_of_one, gradish

_MAKERS = ("__init__", "__new__", "__post_init__")  # where a node's own gradient starts


def _grad_starts_one(tree) -> int | None:
    found = []  # (line, named as a gradient)
    makers = []
    for cls in _classes_with_backward(tree):
        for statement in cls.body:  # a dataclass's field: `grad: float = 1.0`
            if isinstance(statement, ast.AnnAssign) and statement.value is not None \
                    and can_be_one(statement.value):
                found.append((statement.lineno, gradish(statement.target)))
        makers += [f for f in cls.body if isinstance(f, FUNCTIONS) and f.name in _MAKERS]
    for init in makers:
        found += _stores_of_one(init)
    if not found:  # a slot the constructor takes from a helper of the module: `self._slot = _new_slot()` (session 42)
        found = [place for helper in _module_helpers(makers, tree) for place in _stores_of_one(helper)]
    named = sorted({line for line, gradish in found if gradish})
    if len(named) == 1:
        return named[0]
    lines = sorted({line for line, _ in found})
    if not found:  # no node's own gradient starts at one: a store of gradients whose default may be 1
        lines = sorted(set(defaults_of_one(tree)))
    return lines[0] if not named and len(lines) == 1 else None


def _stores_of_one(function) -> list:
    """(line, named as a gradient) of each assignment in FUNCTION of what may be 1 to an attribute or an item."""
    found = []
    for node in ast.walk(function):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and can_be_one(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [(node.lineno, gradish(target)) for target in targets
                      if isinstance(target, (ast.Attribute, ast.Subscript))]
    return found


def _module_helpers(makers, tree) -> list:
    """The functions at the top of TREE's module that the constructors MAKERS call, in turn (`_new_slot()`, which
    hands a node the index of its gradient in a buffer and writes the slot's start): a node's gradient that starts
    at 1 there is written in no method of its class (session 42's strangers: a memoryview of doubles)."""
    top = [f for f in tree.tree.body if isinstance(f, FUNCTIONS)]
    return [f for init in makers for f in _reached(init, tree) if any(f is t for t in top)]
