"""The builtins and library members meanings.py's evaluator follows: each works on the evaluator's own values,
and refuses (Unread) what would need the file to run or what would cost more than a step."""

from __future__ import annotations

import ast
import collections

from .evaluator_objects import (BUILTINS, MAX_ITEMS, Builtin, Counting, Klass, Module, Obj, Sorter, iterate, next_of,
                                partial_of, partialmethod_of, property_of, sized, type_of)
from .symbolic import Sym, Unread, call

def math_member(name):
    if name in ("pi", "e", "inf"):
        return getattr(__import__("math"), name)
    if name in ("exp", "tanh", "log", "sqrt", "sinh", "cosh", "fabs", "log1p", "expm1", "pow", "isclose",
                "isfinite", "isnan", "copysign", "erf", "atan", "sin", "cos"):
        return Builtin(f"math.{name}", lambda *args, _evaluator=None, **k: call(f"math.{name}", *args))
    raise Unread(f"math.{name}")


def member_of(owner, name):
    import collections

    if isinstance(owner, (list, set, dict, tuple, collections.deque)) and name in _CONTAINER:
        method = getattr(owner, name, None)
        if method is None:
            raise Unread(f".{name}")

        def run(*args, _evaluator=None, **keywords):
            if any(isinstance(a, range) and len(a) > MAX_ITEMS for a in args):
                raise Unread("a long range")
            if name in _CHANGES and _evaluator is not None:
                _evaluator.forbid_in_branch(f".{name}")  # a container changed in place: no trail puts it back
            try:
                out = method(*args, **keywords)
                sized(owner)
                return out
            except (IndexError, KeyError, TypeError, ValueError):
                raise Unread(f".{name}") from None
        return Builtin(name, run)
    if isinstance(owner, Sorter) and name in ("add", "static_order"):
        return Builtin(name, getattr(owner, name))
    if isinstance(owner, str) and name == "join":  # a label built of pieces: `"".join(["ReL", "U"])`
        return Builtin("join", lambda items, _evaluator=None: owner.join(_strings(_evaluator.iterable(items))))
    raise Unread(f".{name}")


def _strings(items: list) -> list[str]:
    if not all(isinstance(item, str) for item in items):
        raise Unread(".join")
    return sized(items)


# the container methods that change it in place
_CHANGES = {"append", "add", "extend", "pop", "insert", "reverse", "update", "setdefault", "discard", "remove",
            "appendleft", "popleft", "clear"}
_CONTAINER = {"append", "add", "extend", "pop", "insert", "reverse", "get", "items", "keys", "values", "update",
              "setdefault", "discard", "remove", "appendleft", "popleft", "index", "count", "copy", "clear",
              "difference", "union"}


def _plain(function):
    def run(*args, _evaluator=None, **keywords):
        if any(isinstance(a, (Sym, Obj)) or isinstance(a, range) and len(a) > MAX_ITEMS for a in args):
            raise Unread(function.__name__)
        try:
            return function(*args, **keywords)
        except (TypeError, ValueError, OverflowError):
            raise Unread(function.__name__) from None
    return Builtin(function.__name__, run)


def _isinstance(value, kinds, _evaluator=None):
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    for kind in kinds:
        if isinstance(kind, Builtin):
            kind = TYPES.get(kind.name, kind)
        if isinstance(kind, Klass):
            if isinstance(value, Obj) and kind in value.klass.mro():
                return True
        elif kind in (int, float) and isinstance(value, (int, float, Sym)) and not isinstance(value, bool):
            return True
        elif isinstance(kind, type) and not isinstance(value, (Sym, Obj)) and isinstance(value, kind):
            return True
    return False


def _number(name):
    def run(x=0, _evaluator=None):
        if isinstance(x, Sym):
            return x  # a comparison used as a number is the comparison (a truth read as 1 or 0: symbolic.choose)
        if isinstance(x, Obj):
            raise Unread(name)
        try:
            return {"float": float, "int": int, "bool": bool}[name](x)
        except (TypeError, ValueError):
            raise Unread(name) from None
    return Builtin(name, run)


_NONE = object()


def _extreme(name):
    def run(*args, _evaluator=None, **keywords):
        default = keywords.pop("default", _NONE)
        if keywords:
            raise Unread(name)
        items = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
        if not items and default is not _NONE and len(args) == 1:
            return default  # `max((depth(p) for p in v._prev), default=0)` of a leaf
        if any(isinstance(a, Obj) for a in items):
            raise Unread(name)
        if any(isinstance(a, Sym) for a in items):
            return call(name, *sorted(items, key=lambda x: x.text if isinstance(x, Sym) else repr(float(x))))
        return {"max": max, "min": min}[name](items)
    return Builtin(name, run)


def _setattr(owner, name, value):
    if not isinstance(owner, (Obj, Klass)) or not isinstance(name, str):
        raise Unread("setattr")
    owner.attrs[name] = value


def _sum(items, start=0, _evaluator=None):
    total = start
    for item in _evaluator.iterable(items):
        total = _evaluator.binary(ast.Add(), total, item)
    return total


def _sorted(items, key=None, reverse=False, _evaluator=None):
    items = _evaluator.iterable(items)
    keys = [item if key is None else _evaluator.call(key, [item], {}) for item in items]
    if any(isinstance(k, (Sym, Obj)) for k in keys):
        raise Unread("sorted")
    try:
        order = sorted(range(len(items)), key=lambda i: keys[i], reverse=reverse)
    except TypeError:
        raise Unread("sorted") from None
    return [items[i] for i in order]


BUILTINS.update({
    "isinstance": Builtin("isinstance", _isinstance),
    # a node's label (`"**" + str(k)`), read as an f-string is: text, whatever it says
    "str": Builtin("str", lambda *a, _evaluator=None: "<str>"),
    "repr": Builtin("repr", lambda *a, _evaluator=None: "<str>"),
    "len": _plain(len), "range": _plain(range), "dict": _plain(dict),
    "id": Builtin("id", lambda x, _evaluator=None: id(x)),
    "list": Builtin("list", lambda a=(), _evaluator=None: list(_evaluator.iterable(a))),
    "tuple": Builtin("tuple", lambda a=(), _evaluator=None: tuple(_evaluator.iterable(a))),
    "set": Builtin("set", lambda a=(), _evaluator=None: set(_evaluator.iterable(a))),
    "reversed": Builtin("reversed", lambda a, _evaluator=None: list(reversed(_evaluator.iterable(a)))),
    "zip": Builtin("zip", lambda *a, _evaluator=None: list(zip(*(_evaluator.iterable(x) for x in a)))),
    "enumerate": Builtin("enumerate", lambda a, start=0, _evaluator=None: list(enumerate(_evaluator.iterable(a),
                                                                                          start))),
    "float": _number("float"), "int": _number("int"), "bool": _number("bool"),
    "abs": Builtin("abs", lambda x, _evaluator=None: call("abs", x)),
    "all": Builtin("all", lambda xs, _evaluator=None: all(_evaluator.truth(x) for x in _evaluator.iterable(xs))),
    "any": Builtin("any", lambda xs, _evaluator=None: any(_evaluator.truth(x) for x in _evaluator.iterable(xs))),
    "map": Builtin("map", lambda f, *xs, _evaluator=None: [_evaluator.call(f, list(a), {}) for a in zip(
        *(_evaluator.iterable(x) for x in xs))]),
    "setattr": Builtin("setattr", lambda o, n, v, _evaluator=None: _evaluator.forbid_in_branch("setattr")
                       or _setattr(o, n, v)),
    "pow": Builtin("pow", lambda x, y, _evaluator=None: _evaluator.binary(ast.Pow(), x, y)),
    "max": _extreme("max"), "min": _extreme("min"), "sum": Builtin("sum", _sum),
    "sorted": Builtin("sorted", _sorted),
    "super": Builtin("super", lambda *a, _evaluator=None: None),
    "print": Builtin("print", lambda *a, _evaluator=None, **k: None),
    "hasattr": Builtin("hasattr", lambda o, n, _evaluator=None: isinstance(o, Obj) and (
        n in o.attrs or any(n in k.attrs for k in o.klass.mro()))),
    "getattr": Builtin("getattr", lambda o, n, *d, _evaluator=None: _evaluator.attribute(o, n)),
    "object": Builtin("object", lambda *a, _evaluator=None: None),
    "iter": Builtin("iter", iterate), "next": Builtin("next", next_of), "type": Builtin("type", type_of),
    "property": Builtin("property", property_of),
    "NotImplemented": NotImplemented, "None": None, "True": True, "False": False,
    "__name__": "<similarity>",
})
TYPES = {"int": int, "float": float, "bool": bool, "list": list, "tuple": tuple, "set": set, "dict": dict}


def _heap(name):
    import heapq

    function = getattr(heapq, name)

    def run(*args, _evaluator=None):
        try:
            return function(*args)
        except (TypeError, IndexError):
            raise Unread(name) from None
    return Builtin(name, run)


def _collection(name):
    import collections

    def run(*args, _evaluator=None, **keywords):
        if name == "defaultdict":
            factory = TYPES.get(args[0].name) if args and isinstance(args[0], Builtin) else None
            if args and factory is None:
                raise Unread("defaultdict")
            return collections.defaultdict(factory)
        items = [list(_evaluator.iterable(a)) for a in args]
        return getattr(collections, name)(*items)
    return Builtin(name, run)


def _operator(name):
    """`operator.add` and its kin: the operator, as the expression `a + b` (or `-a`) applies it."""
    binary = {"add": ast.Add, "sub": ast.Sub, "mul": ast.Mult, "truediv": ast.Div, "pow": ast.Pow}.get(name)
    if binary is not None:
        return Builtin(f"operator.{name}", lambda a, b, _evaluator=None: _evaluator.binary(binary(), a, b))
    return Builtin(f"operator.{name}", lambda a, _evaluator=None: _evaluator.unary(ast.USub(), a))


LIBRARY = {"heapq": {n: _heap(n) for n in ("heappush", "heappop", "heapify")},
            "itertools": {"count": Builtin("count", lambda start=0, step=1, _evaluator=None: Counting(start, step))},
            "functools": {"partial": Builtin("partial", partial_of),
                          "partialmethod": Builtin("partialmethod", partialmethod_of)},
            # the recursion limit a walk raises: no part of what an op computes (its value read as a symbol)
            "sys": {"setrecursionlimit": Builtin("setrecursionlimit", lambda n, _evaluator=None: None),
                    "getrecursionlimit": Builtin("getrecursionlimit",
                                                 lambda _evaluator=None: call("sys.getrecursionlimit"))},
            "collections": {n: _collection(n) for n in ("deque", "defaultdict", "Counter", "OrderedDict")},
            "operator": {n: _operator(n) for n in ("add", "sub", "mul", "truediv", "pow", "neg")},
            "graphlib": {"TopologicalSorter": Builtin("TopologicalSorter", Sorter)}}


def imported(s, scope) -> None:
    """An import statement's names bound in SCOPE: math's members and LIBRARY's as the evaluator knows them, any other
    a module (whose members are not followed)."""
    if isinstance(s, ast.Import):
        for alias in s.names:
            scope.set(alias.asname or alias.name.split(".")[0], Module(alias.name))
    elif s.module == "math":
        for alias in s.names:
            scope.set(alias.asname or alias.name, math_member(alias.name))
    else:
        for alias in s.names:
            member = LIBRARY.get(s.module, {}).get(alias.name)
            scope.set(alias.asname or alias.name, member or Module(f"{s.module}.{alias.name}"))
