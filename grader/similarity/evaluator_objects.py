"""The values of meanings.py's evaluator: the file's classes, instances, functions and scopes, as its own objects."""

from __future__ import annotations

import ast
import collections
import itertools

from .symbolic import Sym, Unread
from .walk import children

_SERIAL = itertools.count()  # when each class, node and scope was made (evaluator_branches: a branch's own)


def born() -> int:
    return next(_SERIAL)


BUILTINS: dict = {}  # the builtins the evaluator knows (evaluator_library fills it)


class Klass:
    def __init__(self, node, bases, scope):
        self.name, self.bases, self.attrs, self.born = node.name, bases, {}, born()
        self.node, self.scope = node, scope
        self.dataclass = any((d.id if isinstance(d, ast.Name) else getattr(d, "attr", "")) == "dataclass"
                             for d in (getattr(d, "func", d) for d in node.decorator_list))

    def mro(self):
        out = [self]
        for base in self.bases:
            out += [k for k in base.mro() if k not in out]
        return out

    def lookup(self, name):
        for k in self.mro():
            if name in k.attrs:
                return k, k.attrs[name]
        raise Unread(f"no attribute {name}")


class Obj:
    def __init__(self, klass):
        self.klass, self.attrs, self.born = klass, {}, born()


class Function:
    def __init__(self, node, scope, owner=None, kind="function"):
        self.node, self.scope, self.owner, self.kind = node, scope, owner, kind
        self.renamed = False  # its `__name__` (or `__qualname__`) set by the file: what to, not followed

    def name(self) -> str:
        """Its `__name__`: a `def`'s own name, when nothing may have changed it (a decorator, `f.__name__ = ...`)."""
        if isinstance(self.node, ast.Lambda):
            return "<lambda>"
        return "<str>" if self.renamed or self.node.decorator_list else self.node.name


class Bound:
    def __init__(self, function, this):
        self.function, self.this = function, this


class Builtin:
    def __init__(self, name, run):
        self.name, self.run = name, run


class Module:
    def __init__(self, name):
        self.name = name


class Super:
    def __init__(self, klass, this):
        self.klass, self.this = klass, this


class Returned(Exception):
    def __init__(self, value):
        self.value = value


class Broken(Exception):
    pass


class Continued(Exception):
    pass


class Scope:
    __slots__ = ("names", "parent", "nonlocal_", "global_", "yielded", "is_class", "born")

    def __init__(self, parent=None, is_class=False):
        self.names, self.parent, self.nonlocal_, self.global_ = {}, parent, set(), set()
        self.born = born()  # when it was made (evaluator_branches: what a branch made is its own)
        self.is_class = is_class  # a class body: the functions defined in it do not see its names (as in Python)

    def enclosing(self):
        """The scope a function defined here reads names from: this one, past any class body."""
        scope = self
        while scope is not None and scope.is_class:
            scope = scope.parent
        return scope

    def get(self, name):
        scope = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        if name in BUILTINS:
            return BUILTINS[name]
        raise Unread(f"unknown name {name}")

    def set(self, name, value):
        self.target(name).names[name] = value

    def target(self, name) -> "Scope":
        """The scope that setting NAME here writes into (this one, or the global or nonlocal one it names)."""
        scope = self
        if name in self.global_:
            while scope.parent is not None:
                scope = scope.parent
        elif name in self.nonlocal_:
            scope = self.parent
            while scope is not None and name not in scope.names:
                scope = scope.parent
            if scope is None:
                raise Unread("nonlocal")
        return scope


MAX_ITEMS = 10_000  # a range longer than this is not walked (each item would be one step, but building it is not)


def sized(value):
    """VALUE, unless it is a container or string longer than MAX_ITEMS (doubling a list at each step is no engine's)."""
    if len(value) > MAX_ITEMS:
        raise Unread("too long")
    return value


class Budget(Exception):
    """The steps given are spent."""


def is_number(x):
    return isinstance(x, (int, float, Sym)) and not isinstance(x, bool)


class Iterated:
    def __init__(self, items):
        self.items = list(items)
        self.at = 0


def yields(node) -> bool:
    """A function (not the functions nested in it) that yields: a generator."""
    todo = list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(children(n))
    return False


def iterate(x, _evaluator=None):
    return x if isinstance(x, Iterated) else Iterated(_evaluator.iterable(x))


def next_of(x, *default, _evaluator=None):
    if isinstance(x, Iterated):
        if x.at < len(x.items):
            x.at += 1
            return x.items[x.at - 1]
        if default:
            return default[0]
        raise Unread("StopIteration")
    if isinstance(x, Counting):
        x.at += x.step
        return x.at - x.step
    raise Unread("next")


class Counting:
    def __init__(self, start=0, step=1):
        self.at, self.step = start, step


def partial_of(function, *args, _evaluator=None, **keywords):
    return Builtin("partial", lambda *more, _evaluator=None, **k: _evaluator.call(function, list(args) + list(more),
                                                                                 {**keywords, **k}))


class PartialMethod:
    """`functools.partialmethod(f, *args, **keywords)` in a class's body: bound, it calls f with the instance first,
    then ARGS and what the call gives (as Python's descriptor does)."""

    def __init__(self, function, args, keywords):
        self.function, self.args, self.keywords = function, list(args), dict(keywords)


def partialmethod_of(function, *args, _evaluator=None, **keywords):
    return PartialMethod(function, args, keywords)


class Sorter:
    """`graphlib.TopologicalSorter(graph)`: each node's predecessors (`static_order` and `add` followed)."""

    def __init__(self, graph=None, _evaluator=None):
        if graph is not None and not isinstance(graph, dict):
            raise Unread("TopologicalSorter")
        self.graph = {}
        for node, before in (graph or {}).items():
            self.add(node, *_evaluator.iterable(before), _evaluator=_evaluator)

    def add(self, node, *before, _evaluator=None):
        for n in (node,) + before:
            _evaluator.charge()
            if not isinstance(n, (Obj, str, int)) or isinstance(n, bool):
                raise Unread("TopologicalSorter")  # a node whose hash is not its identity or its value
            self.graph.setdefault(n, [])
        self.graph[node] += before

    def static_order(self, _evaluator=None) -> list:
        """The nodes, each after its predecessors (Kahn's algorithm, as graphlib's; any such order gives a walk the
        same grads)."""
        users: dict = {n: [] for n in self.graph}
        waiting = {}
        for n, before in self.graph.items():
            before = list(dict.fromkeys(before))
            waiting[n] = len(before)
            for p in before:
                users[p].append(n)
        ready = collections.deque(n for n in self.graph if waiting[n] == 0)
        order = []
        while ready:
            _evaluator.charge()
            n = ready.popleft()
            order.append(n)
            for u in users[n]:
                waiting[u] -= 1
                if waiting[u] == 0:
                    ready.append(u)
        if len(order) != len(self.graph):
            raise Unread("a cycle")
        return order


def property_of(getter=None, *rest, _evaluator=None, **keywords):
    """`property(getter)` called, not written as a decorator: the getter read as a property."""
    if not isinstance(getter, Function):
        raise Unread("property")
    return Function(getter.node, getter.scope, getter.owner, "property")


def type_of(x, _evaluator=None):
    """An object's class; a number's type (a symbolic one is a float: `type(x) in (int, float)` holds for it)."""
    if isinstance(x, Obj):
        return x.klass
    if isinstance(x, bool):
        return BUILTINS["bool"]
    if isinstance(x, int):
        return BUILTINS["int"]
    if isinstance(x, (float, Sym)):
        return BUILTINS["float"]
    raise Unread("type")
