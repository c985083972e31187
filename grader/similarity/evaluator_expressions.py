"""The expressions meanings.py's evaluator follows (a mixin of evaluator.Evaluator)."""

from __future__ import annotations

import ast
import collections

from .evaluator_library import LIBRARY, math_member, member_of
from .evaluator_objects import (Bound, Budget, Builtin, Function, Iterated, Klass, Module, Obj, PartialMethod, Scope,
                                Super, is_number, sized)
from .symbolic import COMPARE, Sym, Unread, arith, choose, compare, mul, text_of


class Expressions:
    def expr(self, e, scope):
        self.steps -= 1
        if self.steps < 0:
            raise Budget
        method = self.dispatch.get(type(e))
        if method is None:
            raise Unread(type(e).__name__)
        return method(e, scope)

    def e_Constant(self, e, scope):
        return e.value

    def e_Name(self, e, scope):
        return scope.get(e.id)

    def e_Attribute(self, e, scope):
        return self.attribute(self.expr(e.value, scope), e.attr)

    def decorate(self, decorator, value, scope):
        """VALUE, a function or class the file defines, under DECORATOR: the builtins that mark a method as what they
        name, the ones that change nothing the meanings read, and the file's own decorators."""
        named = getattr(decorator, "func", decorator)  # `@functools.wraps(f)` is named `wraps`
        name = named.id if isinstance(named, ast.Name) else getattr(named, "attr", None)
        if name in ("staticmethod", "classmethod", "property"):
            value.kind = name
            return value
        if name in ("wraps", "lru_cache", "cache"):
            return value
        # a decorator of the file's own, or what a call of one of the file's own functions returns (`@primitive("+")`, a
        # decorator factory: session 29, a level-4 copy's ops lifted from functions on floats)
        own = self.expr(decorator, scope) if isinstance(decorator, (ast.Name, ast.Call)) else None
        if isinstance(own, Function) and own.kind == "function":
            return self.call(own, [value], {})  # a decorator of the file's own: what it returns
        raise Unread("a decorator")

    def attribute(self, owner, name):
        if isinstance(owner, Builtin) and (owner.name, name) == ("dict", "fromkeys"):
            return Builtin("fromkeys", lambda keys, value=None, _evaluator=None: dict.fromkeys(
                _evaluator.iterable(keys), value))
        if isinstance(owner, Obj):
            if name in owner.attrs:
                return owner.attrs[name]
            if name == "__class__":
                return owner.klass
            if name == "__dict__":
                return owner.attrs  # `self.__dict__.update(grad=...)`: its attributes, as Python keeps them
            _, value = owner.klass.lookup(name)
            return self.bind(value, owner)
        if isinstance(owner, Klass):
            if name == "__name__":
                return owner.name
            _, value = owner.lookup(name)
            return value if not isinstance(value, Function) or value.kind != "classmethod" else Bound(value, owner)
        if isinstance(owner, Super):
            mro = owner.this.klass.mro()
            for k in mro[mro.index(owner.klass) + 1:] if owner.klass in mro else []:
                if name in k.attrs:
                    return self.bind(k.attrs[name], owner.this)
            if name == "__init__":
                return Builtin("object.__init__", lambda *a, **k: None)
            raise Unread("super")
        if isinstance(owner, Module):
            if owner.name == "math":
                return math_member(name)
            if name in LIBRARY.get(owner.name, {}):
                return LIBRARY[owner.name][name]
            raise Unread(f"module {owner.name}")
        if isinstance(owner, Function) and name in NAMES_OF_FUNCTIONS:
            # a def's own name (`setattr(cls, fn.__name__, fn)`), else text: `wrapper.__name__ = op.__name__`
            return owner.name() if name == "__name__" else "<str>"
        return member_of(owner, name)

    def bind(self, value, this):
        if isinstance(value, Function):
            if value.kind == "property":
                return self.call(value, [this], {})
            if value.kind == "staticmethod":
                return value
            if value.kind == "classmethod":
                return Bound(value, this.klass)
            return Bound(value, this)
        if isinstance(value, PartialMethod):  # the instance first, then what partialmethod bound, then the call's
            return Builtin("partialmethod", lambda *more, _evaluator=None, **k: _evaluator.call(
                value.function, [this] + value.args + list(more), {**value.keywords, **k}))
        return value

    def e_Subscript(self, e, scope):
        owner, key = self.expr(e.value, scope), self.expr(e.slice, scope)
        if isinstance(owner, (dict, list, tuple, str, collections.deque)):
            try:
                return owner[key]
            except (KeyError, IndexError, TypeError):
                raise Unread("a subscript") from None
        raise Unread("a subscript")

    def e_Slice(self, e, scope):
        parts = [None if p is None else self.expr(p, scope) for p in (e.lower, e.upper, e.step)]
        if any(isinstance(p, Sym) for p in parts):
            raise Unread("a slice")
        return slice(*parts)

    def e_Tuple(self, e, scope):
        return tuple(self.elements(e.elts, scope))

    def e_List(self, e, scope):
        return self.elements(e.elts, scope)

    def e_Set(self, e, scope):
        return set(self.elements(e.elts, scope))

    def e_Dict(self, e, scope):
        out = {}
        for k, v in zip(e.keys, e.values):
            if k is None:
                out.update(self.expr(v, scope))
            else:
                out[self.expr(k, scope)] = self.expr(v, scope)
        return out

    def elements(self, elts, scope):
        out = []
        for elt in elts:
            if isinstance(elt, ast.Starred):
                out += self.iterable(self.expr(elt.value, scope))
            else:
                out.append(self.expr(elt, scope))
        return out

    def e_BinOp(self, e, scope):
        return self.binary(e.op, self.expr(e.left, scope), self.expr(e.right, scope))

    def binary(self, op, a, b):
        if isinstance(a, Obj) or isinstance(b, Obj):
            name = _DUNDER.get(type(op))
            if name is None:
                raise Unread("an operator")
            if isinstance(a, Obj):
                try:
                    _, method = a.klass.lookup(f"__{name}__")
                    result = self.call(self.bind(method, a), [b], {})
                    if result is not NotImplemented:
                        return result
                except Unread:
                    if not isinstance(b, Obj):
                        raise
            if isinstance(b, Obj):
                _, method = b.klass.lookup(f"__r{name}__")
                return self.call(self.bind(method, b), [a], {})
            raise Unread("an operator")
        if isinstance(a, (list, tuple, str)) and isinstance(b, type(a)) and isinstance(op, ast.Add):
            return sized(a + b)
        if isinstance(a, str) and isinstance(op, ast.Mod):
            return "<str>"  # a label formatted printf's way (`"**%s" % k`), read as an f-string is: text
        if isinstance(op, ast.Mult) and isinstance(a, (list, tuple)) and isinstance(b, int) and 0 <= b <= 64:
            return sized(a * b)
        if not (is_number(a) or isinstance(a, bool)) or not (is_number(b) or isinstance(b, bool)):
            raise Unread("an operator")
        return arith(op, a, b)

    def e_UnaryOp(self, e, scope):
        return self.unary(e.op, self.expr(e.operand, scope))

    def unary(self, op, value):
        if isinstance(op, ast.Not):
            return not self.truth(value)
        if isinstance(value, Obj):
            name = {ast.USub: "__neg__", ast.UAdd: "__pos__"}.get(type(op))
            if name is None:
                raise Unread("an operator")
            _, method = value.klass.lookup(name)
            return self.call(self.bind(method, value), [], {})
        if isinstance(op, ast.USub):
            return mul(-1.0, value) if isinstance(value, Sym) else -value
        if isinstance(op, ast.UAdd):
            return value
        raise Unread("an operator")

    def e_BoolOp(self, e, scope):
        value = None
        for operand in e.values:
            value = self.expr(operand, scope)
            if self.truth(value) == isinstance(e.op, ast.Or):
                return value
        return value

    def e_Compare(self, e, scope):
        left = self.expr(e.left, scope)
        result = True
        for op, right_node in zip(e.ops, e.comparators):
            right = self.expr(right_node, scope)
            if isinstance(op, (ast.In, ast.NotIn)):
                if isinstance(left, Sym) and not isinstance(right, (dict, set)):
                    raise Unread("membership of a symbolic value")
                try:
                    inside = left in (right.items if isinstance(right, Iterated) else right)
                except TypeError:
                    raise Unread("membership") from None
                value = inside if isinstance(op, ast.In) else not inside
            elif isinstance(op, (ast.Is, ast.IsNot)):
                value = (left is right) == isinstance(op, ast.Is)
            elif isinstance(left, Sym) or isinstance(right, Sym):
                if len(e.ops) > 1:
                    raise Unread("a chained comparison")
                return compare(COMPARE[type(op)], left, right)
            elif isinstance(left, Obj) or isinstance(right, Obj):
                if isinstance(op, (ast.Eq, ast.NotEq)):
                    value = (left is right) == isinstance(op, ast.Eq)
                else:
                    raise Unread("an ordering of nodes")
            else:
                try:
                    value = _PLAIN_COMPARE[type(op)](left, right)
                except TypeError:
                    raise Unread("a comparison") from None
            if not value:
                return False
            left = right
        return result

    def e_IfExp(self, e, scope):
        test = self.expr(e.test, scope)
        if isinstance(test, Sym):
            body, orelse = self.expr(e.body, scope), self.expr(e.orelse, scope)
            _t(body), _t(orelse)  # each a number (a choice of anything else is unread)
            return choose(test, body, orelse)
        return self.expr(e.body if self.truth(test) else e.orelse, scope)

    def e_Lambda(self, e, scope):
        return Function(e, scope)

    def e_Yield(self, e, scope):
        self.forbid_in_branch("yield")
        _generator(scope).append(None if e.value is None else self.expr(e.value, scope))

    def e_YieldFrom(self, e, scope):
        self.forbid_in_branch("yield")
        _generator(scope).extend(self.iterable(self.expr(e.value, scope)))

    def e_JoinedStr(self, e, scope):
        return "<str>"

    def e_NamedExpr(self, e, scope):
        value = self.expr(e.value, scope)
        self.store_name(scope, e.target.id, value)
        return value

    def e_ListComp(self, e, scope):
        return self.comprehension(e, scope, lambda s: [self.expr(e.elt, s)])

    e_GeneratorExp = e_ListComp

    def e_SetComp(self, e, scope):
        return set(self.comprehension(e, scope, lambda s: [self.expr(e.elt, s)]))

    def e_DictComp(self, e, scope):
        return dict(self.comprehension(e, scope, lambda s: [(self.expr(e.key, s), self.expr(e.value, s))]))

    def comprehension(self, e, scope, element):
        inner = Scope(scope)
        out = []

        def run(generators):
            if not generators:
                out.extend(element(inner))
                return
            first = generators[0]
            for item in self.iterable(self.expr(first.iter, inner)):
                self.charge()
                self.assign(first.target, item, inner)
                if all(self.truth(self.expr(c, inner)) for c in first.ifs):
                    run(generators[1:])

        run(e.generators)
        return out


NAMES_OF_FUNCTIONS = ("__name__", "__qualname__", "__doc__")
_DUNDER = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv", ast.Pow: "pow",
           ast.MatMult: "matmul", ast.FloorDiv: "floordiv"}
_PLAIN_COMPARE = {ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b,
                  ast.GtE: lambda a, b: a >= b, ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b}


def _generator(scope) -> list:
    """What the running generator (the nearest scope that collects) has yielded so far."""
    while scope is not None and not hasattr(scope, "yielded"):
        scope = scope.parent
    if scope is None:
        raise Unread("yield")
    return scope.yielded


def _t(x):
    if isinstance(x, (Sym, int, float)) and not isinstance(x, bool):
        return text_of(x)
    raise Unread("a choice of no number")
