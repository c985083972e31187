"""Where a node's own gradient starts at 1, not 0: the line of the walk `grad-starts-one` (walk_places.py), read
from the student's syntax tree. The assignment of what may be 1 in the constructor of the class that has
`backward()`, or a field or class attribute of that class declared so; else in a helper of the module the constructor calls; else the
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
    found, shared = [], []  # (line, named as a gradient)
    makers = []
    for cls in _classes_with_backward(tree):
        for statement in cls.body:  # a dataclass's field: `grad: float = 1.0`
            if isinstance(statement, ast.AnnAssign) and statement.value is not None \
                    and can_be_one(statement.value):
                found.append((statement.lineno, gradish(statement.target)))
            # a class attribute every node reads until it writes its own, `grad = 1.0` (session 44): by its name only
            if isinstance(statement, ast.Assign) and can_be_one(statement.value) and any(
                    isinstance(t, ast.Name) and gradish(t) for t in statement.targets):
                shared.append((statement.lineno, True))
        own = [f for f in cls.body if isinstance(f, FUNCTIONS) and f.name in _MAKERS]
        found += [(line, True) for line in _cells_of_one(cls, own, tree)]
        makers += own
    for init in makers:
        found += _stores_of_one(init)
    if not any(_writes_a_gradient(init) for init in makers):  # a node's own `self.grad = ...` hides the class's
        found += shared
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


def _writes_a_gradient(function) -> bool:
    """Whether FUNCTION assigns anything to a node's field named as a gradient (`self.grad = 0.0`)."""
    return any(isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and gradish(t) for t in node.targets)
               for node in ast.walk(function))


def _cells_of_one(cls, makers, tree) -> list:
    """The lines of MAKERS that store a container whose cell the class's `grad` property reads, that cell what may
    be 1: `self.cells = array("d", [data, 1.0])` beside `@property def grad(self): return self.cells[GRAD]`, GRAD
    a whole number of the module (a node's number and gradient side by side: session 44's strangers)."""
    cell = _grad_cell(cls, tree)
    if cell is None:
        return []
    field, index = cell
    lines = []
    for init in makers:
        for node in ast.walk(init):
            if not isinstance(node, ast.Assign) or not any(
                    isinstance(t, ast.Attribute) and t.attr == field and isinstance(t.value, ast.Name)
                    and t.value.id == "self" for t in node.targets):
                continue
            value = node.value  # `[data, 1.0]`, or a call that makes a container of it: `array("d", [...])`
            shown = [value] if isinstance(value, (ast.List, ast.Tuple)) else \
                [a for a in value.args if isinstance(a, (ast.List, ast.Tuple))] if isinstance(value, ast.Call) else []
            if len(shown) == 1 and index < len(shown[0].elts) and can_be_one(shown[0].elts[index]):
                lines.append(node.lineno)
    return lines


def _grad_cell(cls, tree):
    """(field, index) where CLS's `grad` is a property that hands back `self.<field>[<index>]`, the index a whole
    number or a name the module binds to one (`DATA, GRAD = 0, 1`); None otherwise."""
    for function in cls.body:
        body = [s for s in getattr(function, "body", ()) if not (isinstance(s, ast.Expr)
                                                                 and isinstance(s.value, ast.Constant))]
        if not isinstance(function, FUNCTIONS) or function.name != "grad" or len(body) != 1 \
                or not any(isinstance(d, ast.Name) and d.id == "property" for d in function.decorator_list):
            continue
        got = body[0].value if isinstance(body[0], ast.Return) else None
        if isinstance(got, ast.Subscript) and isinstance(got.value, ast.Attribute) \
                and isinstance(got.value.value, ast.Name) and got.value.value.id == "self":
            index = _whole_number(got.slice, tree)
            return None if index is None else (got.value.attr, index)
    return None


def _whole_number(node, tree):
    """NODE's value where it is a whole number written there or bound once at the top of the module to one."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int and node.value >= 0 else None
    if not isinstance(node, ast.Name):
        return None
    bound = []
    for statement in tree.tree.body:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                pairs = zip(target.elts, statement.value.elts) if isinstance(target, ast.Tuple) and isinstance(
                    statement.value, ast.Tuple) and len(target.elts) == len(statement.value.elts) else \
                    [(target, statement.value)]
                bound += [v for t, v in pairs if isinstance(t, ast.Name) and t.id == node.id]
    return _whole_number(bound[0], tree) if len(bound) == 1 and isinstance(bound[0], ast.Constant) else None


def _module_helpers(makers, tree) -> list:
    """The functions at the top of TREE's module that the constructors MAKERS call, in turn (`_new_slot()`, which
    hands a node the index of its gradient in a buffer and writes the slot's start): a node's gradient that starts
    at 1 there is written in no method of its class (session 42's strangers: a memoryview of doubles)."""
    top = [f for f in tree.tree.body if isinstance(f, FUNCTIONS)]
    return [f for init in makers for f in _reached(init, tree) if any(f is t for t in top)]
