"""What a name of a file becomes in the tokens: its role (step 2 of normalise.py's docstring).

A name the engine's API fixes, or a dunder name, is kept as written; a name the file binds becomes
`v`, `f` or `c`; an imported module's name becomes the module's own; a name imported from a module
(`from math import tanh as _tanh`) is that module's attribute (`math.tanh`: `members`); a builtin keeps its name.
"""

from __future__ import annotations

import ast
import builtins
import copy
import sys

from .plain_module import module_classes
from .walk import walk

# The engine API's fixed names (contract §2): a copy cannot rename them, an honest student cannot avoid them.
API_NAMES = frozenset({
    "data", "grad", "_prev", "_backward", "backward", "Value",
    "relu", "tanh", "exp", "log", "zero_grad", "parameters", "Module", "Neuron", "Layer", "MLP",
})
# The API's classes, which the course's tests import by name: kept as written wherever they appear.
API_CLASSES = frozenset({"Value", "Module", "Neuron", "Layer", "MLP"})
BUILTINS = frozenset(dir(builtins))


def is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def kept_as_written(name: str) -> bool:
    return name in API_NAMES or is_dunder(name)


def called_name(func) -> str | None:
    """The name a call's function is spelt with: `f(...)` and `x.f(...)` call f; anything else (a call of a call,
    of a subscript) None."""
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def api_methods(nodes) -> frozenset[str]:
    """The API's names that the file gives to a method (`def relu(self)`): a helper of the module called `log` or
    `tanh` is a name the student chose (a renaming makes `g` into `log`), inlined as any one-line helper."""
    return frozenset(m.name for c in nodes if isinstance(c, ast.ClassDef) for m in c.body
                     if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name in API_NAMES)


# what Names reads: every other node binds no name
_BINDING = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Name,
            ast.Global, ast.Nonlocal, ast.ExceptHandler)


class Names:
    """What every name of a file is: bound by the file (and as what), imported, or a builtin."""

    def __init__(self, nodes):
        self.modules: dict[str, str] = {}
        # a name imported from a module is read as the module's attribute: `_exp(x)` after
        # `from math import exp as _exp` is `math.exp(x)` (how a name is imported is a spelling, not code)
        self.members: dict[str, tuple[str, str]] = {}
        self.functions: set[str] = set()
        self.classes: set[str] = set()
        self.variables: set[str] = set()
        for node in nodes:
            if not isinstance(node, _BINDING):
                continue  # most nodes: one test, not one a kind below
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.modules[alias.asname or alias.name.split(".")[0]] = alias.name
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    self.modules[alias.asname or alias.name] = alias.name
                    if node.module and not node.level and alias.name != "*" \
                            and node.module.split(".")[0] in sys.stdlib_module_names:  # not `from engine import Value`
                        self.members[alias.asname or alias.name] = (node.module, alias.name)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.add(node.name)
                args = node.args
                for arg in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
                    if arg is not None:
                        self.variables.add(arg.arg)
            elif isinstance(node, ast.Lambda):
                for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
                    self.variables.add(arg.arg)
            elif isinstance(node, ast.ClassDef):
                self.classes.add(node.name)
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.variables.add(node.id)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.variables.update(node.names)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.variables.add(node.name)

    def within(self, function) -> "Names":
        """The roles inside one function: a name it binds is read as it binds it there (a one-letter name may be
        a function in one method and a variable in another), any other as the file binds it."""
        local = Names(walk(function))
        bound = (local.variables | local.functions) - {function.name}
        scoped = copy.copy(self)
        scoped.variables = (self.variables - bound) | local.variables
        scoped.functions = (self.functions - bound) | (local.functions & bound)
        return scoped

    def beneath(self, outer: "Names") -> "Names":
        """These names as code run by `exec` in OUTER's namespace reads them (the code a file hides and runs, unpacked:
        opaque.py): a name the hidden code binds is read as it binds it, any other as the file around it binds it (a
        packed test file's `close(a.grad, 1.0)` calls the file's helper `close`, its `math.tanh` the file's import)."""
        own = set(self.modules) | self.functions | self.classes | self.variables
        merged = copy.copy(self)
        merged.modules = {**{k: v for k, v in outer.modules.items() if k not in own}, **self.modules}
        merged.members = {**{k: v for k, v in outer.members.items() if k not in own}, **self.members}
        merged.functions = self.functions | (outer.functions - own)
        merged.classes = self.classes | (outer.classes - own)
        merged.variables = self.variables | (outer.variables - own)
        return merged

    def chosen(self, name: str) -> bool:
        """Whether the file binds NAME as a variable, parameter or function: the student's choice (a local `sum`, a
        helper `log`), which a renaming changes without changing the code. (The structure still reads a bound API
        word, `data` as a parameter or a closure `_backward`, as written: docs/similarity.md, Limits.)"""
        return name not in API_CLASSES and not is_dunder(name) and (name in self.variables or name in self.functions)

    def role(self, name: str) -> str:
        if name in API_NAMES:
            return name
        if name in self.modules:
            return "mod:" + self.modules[name]
        if name in self.classes:
            return "c"
        if name in self.functions and name not in self.variables:
            return "f"
        if name in self.variables or name not in BUILTINS:
            return "v"
        return name  # a builtin: isinstance, set, reversed


_CONTAINERS = frozenset({"set", "frozenset", "tuple", "list"})


def children_attribute(tree) -> bool:
    """The attribute a class's constructor keeps its children in is `_prev`, whatever the file calls it.

    `def __init__(self, data, parents=()): self._parents = set(parents)` is micrograd's `self._prev =
    set(_children)` renamed: the engine's internals are the student's own (contract §2), so a copy can rename the
    attribute as it renames a variable, and every line that reads it would otherwise read as another line. The
    attribute is one `__init__` assigns from a parameter whose default is an empty tuple, list or set, as it is or
    through set/frozenset/tuple/list; only when the file has no `_prev` attribute of its own and one such attribute.
    Returns whether anything changed.
    """
    found = set()
    for cls in module_classes(tree):
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or method.name != "__init__" or not method.args.args:
                continue
            args = method.args.args
            defaults = dict(zip([a.arg for a in args][len(args) - len(method.args.defaults):], method.args.defaults))
            empty = {name for name, default in defaults.items() if _empty(default)}
            this = args[0].arg
            for statement in method.body:
                if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                        and isinstance(statement.targets[0], ast.Attribute)
                        and isinstance(statement.targets[0].value, ast.Name) and statement.targets[0].value.id == this
                        and _holds(statement.value, empty)):
                    found.add(statement.targets[0].attr)
    if len(found) != 1 or kept_as_written(next(iter(found))):  # `_prev` itself is the API's: nothing to do
        return False
    attributes = [node for node in walk(tree) if node.__class__ is ast.Attribute]
    if any(node.attr == "_prev" for node in attributes):
        return False
    old = found.pop()
    for node in attributes:
        if node.attr == old:
            node.attr = "_prev"
    return True


def _empty(node) -> bool:
    """`()`, `[]`, `set()` (or `tuple()`, `list()`, `frozenset()`): an empty collection as a default."""
    if isinstance(node, (ast.Tuple, ast.List)):
        return not node.elts
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CONTAINERS
            and not node.args and not node.keywords)


def _holds(value, parameters: set[str]) -> bool:
    """Whether VALUE is one of PARAMETERS, as it is or through set/frozenset/tuple/list."""
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _CONTAINERS
            and len(value.args) == 1 and not value.keywords):
        value = value.args[0]
    return isinstance(value, ast.Name) and value.id in parameters


def backward_attribute(tree) -> bool:
    """The attribute `backward` calls on each node is `_backward`, whatever the file calls it, when the file writes
    it in the starter's form.

    `self._grad_fn = lambda: None`, `def _grad_fn(): ...; out._grad_fn = _grad_fn` and `node._grad_fn()` in
    `backward` is the starter's `_backward` renamed by one search-and-replace: the engine's internals are the
    student's own (contract §2), and every line that names it would otherwise read as another line (a verbatim copy
    so renamed scored 0.62-0.98 against its source on the eighth class). The attribute is the one the `backward`
    method calls, without arguments, on a name other than its own first parameter (`node._grad_fn()`), that the file
    assigns and does not define as a method; only when the file gives it a no-op lambda somewhere (the leaf's
    `lambda: None`) and defines functions of its name (the closures), and has no `_backward` attribute of its own.
    Its closures, and the names that refer to them, are renamed with it unless the name is also a variable's or a
    parameter's. An engine of another design that names it otherwise (`self.send = None`, closures called `step`)
    keeps its name: read as the lecture's, its own code would be the lecture's (Measured, session 12).
    Returns whether anything changed.
    """
    called, methods = set(), set()
    for cls in module_classes(tree):
        methods.update(m.name for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))
        for method in cls.body:
            if isinstance(method, ast.FunctionDef) and method.name == "backward" and method.args.args:
                this = method.args.args[0].arg
                called.update(node.func.attr for node in walk(method)
                              if isinstance(node, ast.Call) and not node.args and not node.keywords
                              and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                              and node.func.value.id != this)
    if not called or "_backward" in called:  # nearly every engine: `node._backward()`, the file's own
        return False
    nodes = list(walk(tree))
    attributes = [node for node in nodes if node.__class__ is ast.Attribute]
    called = (called - methods) & {node.attr for node in attributes if isinstance(node.ctx, ast.Store)}
    if len(called) != 1 or kept_as_written(next(iter(called))) or any(node.attr == "_backward" for node in attributes):
        return False
    old = called.pop()
    leaf = any(isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda)
               and any(isinstance(t, ast.Attribute) and t.attr == old for t in node.targets) for node in nodes)
    if not leaf or not any(isinstance(node, ast.FunctionDef) and node.name == old for node in nodes):
        return False
    closures = not any(isinstance(node, ast.Name) and node.id == old and not isinstance(node.ctx, ast.Load)
                       or isinstance(node, ast.arg) and node.arg == old for node in nodes)
    for node in nodes:
        if node.__class__ is ast.Attribute and node.attr == old:
            node.attr = "_backward"
        elif closures and isinstance(node, ast.FunctionDef) and node.name == old:
            node.name = "_backward"
        elif closures and isinstance(node, ast.Name) and node.id == old:
            node.id = "_backward"
    return True


def engine_class(tree) -> bool:
    """The file's engine class is `Value` whatever the file calls it: micrograd pasted into a network's or a
    training loop's file beside the course's `from engine import Value` is renamed (`RefValue`, `MicroValue`,
    `Scalar`), and the name a copier gives the class is no more code than a variable's. The engine class is one
    that defines `backward` and `__add__` or `__mul__`; only a module with exactly one, none named Value, is read
    so. Returns whether anything changed."""
    engines = [c for c in module_classes(tree) if {"backward"} <= _methods(c) and {"__add__", "__mul__"} & _methods(c)]
    if len(engines) != 1 or any(c.name == "Value" for c in module_classes(tree)):
        return False
    old = engines[0].name
    engines[0].name = "Value"
    for node in walk(tree):
        if node.__class__ is ast.Name and node.id == old:
            node.id = "Value"
    return True


def _methods(cls) -> set[str]:
    return {m.name for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
