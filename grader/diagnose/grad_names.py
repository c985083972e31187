"""The attribute names a student's engine keeps a node's gradient under, read from its syntax tree: `grad`, and
what a `grad` property, `grad = property(...)` or an attribute hook routes it to (sessions 34-42). Moved out of
source_tree.py (session 43: the module limit)."""

from __future__ import annotations

import ast

from .source_tree import FUNCTIONS


def grad_names(tree) -> frozenset:
    """The attribute names a node's gradient is kept under: `grad`, and the one a `grad` property hands back or
    its setter writes (`return self.градиент`, `self.градиент = new`: session 34's strangers named their fields
    in their own language behind `data` and `grad` properties), and the name of another property that hands one of
    these back (`@property def g(self): return self._g`: session 40). Remembered on the tree."""
    known = getattr(tree, "_grad_names", None)
    if known is not None:
        return known
    names = {"grad"}
    for function in tree.nodes(*FUNCTIONS):
        if function.name == "grad" and function.decorator_list:
            names |= _fields_held(function)
    for statement in tree.nodes(ast.Assign):  # `grad = property(getGrad, setGrad)` in a class body (session 37)
        tree.in_time()
        owner = tree.parents.get(statement)
        if isinstance(owner, ast.ClassDef) and any(isinstance(t, ast.Name) and t.id == "grad" for t in statement.targets) \
                and isinstance(statement.value, ast.Call) and getattr(statement.value.func, "id", None) == "property":
            accessors = {a.id for a in statement.value.args if isinstance(a, ast.Name)}
            names |= {a.body.attr for a in statement.value.args if isinstance(a, ast.Lambda)  # `lambda s: s._g`
                      and isinstance(a.body, ast.Attribute) and isinstance(a.body.value, ast.Name)}
            for function in owner.body:
                if isinstance(function, FUNCTIONS) and function.name in accessors:
                    names |= _fields_held(function)
    for function in tree.nodes(*FUNCTIONS):  # `__getattr__`/`__setattr__` that route `grad` to a field (session 42)
        if function.name in ("__getattr__", "__getattribute__", "__setattr__"):
            names |= _routed_fields(function)
    for function in tree.nodes(*FUNCTIONS):  # a property that hands one of them back names it too (session 40)
        if any(isinstance(d, ast.Name) and d.id == "property" for d in function.decorator_list) \
                and _fields_held(function) & names:
            names.add(function.name)
    tree._grad_names = frozenset(names)
    return tree._grad_names


def _routed_fields(function) -> set:
    """The fields an attribute hook keeps `grad` in: under `if name == "grad":` (its name parameter), what it hands
    back (`return self._g`, `return object.__getattribute__(self, "_g")`) or writes (`object.__setattr__(self, "_g",
    value)`, `super().__setattr__("_g", value)`, `self.__dict__["_g"] = value`)."""
    params = [a.arg for a in function.args.args]
    if len(params) < 2:
        return set()
    fields = set()
    for test in (n for n in ast.walk(function) if isinstance(n, ast.If)):
        compare = test.test
        if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1 and isinstance(compare.ops[0], ast.Eq)
                and {_name_or_text(compare.left), _name_or_text(compare.comparators[0])} == {params[1], "'grad'"}):
            continue
        for node in (n for statement in test.body for n in ast.walk(statement)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                    and node.attr != "__dict__":
                fields.add(node.attr)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "__getattribute__", "__setattr__"):
                fields |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
            elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "__dict__" and isinstance(node.slice, ast.Constant) \
                    and isinstance(node.slice.value, str):
                fields.add(node.slice.value)
    return fields - {"grad"}


def _name_or_text(node) -> str | None:
    """A name's id, or a string constant's repr (`'grad'`); else None."""
    if isinstance(node, ast.Name):
        return node.id
    return repr(node.value) if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _fields_held(function) -> set:
    """The `self.X` a property's getter hands back (`return self.X`) or its setter writes (`self.X = v`)."""
    names = set()
    for node in function.body:
        held = node.value if isinstance(node, ast.Return) else \
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if isinstance(held, ast.Attribute) and isinstance(held.value, ast.Name) and held.value.id == "self":
            names.add(held.attr)
    return names
