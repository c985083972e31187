"""The small evaluator of meanings.py: a file's own code followed on symbolic values, never run by Python.

Only the statements and expressions below are followed (evaluator_expressions.py), with the evaluator's own
objects (evaluator_objects.py) and a few builtins (evaluator_library.py); anything else, or a decision on a
symbolic value, raises Unread. Each node evaluated is a step, and the steps are counted (Budget).
"""

from __future__ import annotations

import ast
import collections

from .evaluator_branches import Branches
from .evaluator_expressions import NAMES_OF_FUNCTIONS, Expressions
from .evaluator_library import imported
from .evaluator_objects import (MAX_ITEMS, Bound, Broken, Budget, Builtin, Continued, Function, Iterated, Klass,
                                Module, Obj, Returned, Scope, Super, yields)
from .symbolic import Sym, Unread

FALLS_OFF = ast.Return(value=None)  # what a function's end does
_DICT_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))  # `for k, v in table.items():`


class Evaluator(Branches, Expressions):
    """Follows the statements of one module on symbolic values, counting each node it evaluates."""

    def __init__(self, steps: int, depth: int = 60):
        self.steps, self.depth, self.calls = steps, depth, 0
        self.globals = Scope()
        self.generators: dict[int, bool] = {}  # id of a function's node -> whether it yields (walked once)
        # each kind of expression node -> the method that evaluates it (e_Name for ast.Name, ...)
        self.dispatch = {getattr(ast, name[2:]): getattr(self, name) for name in dir(type(self))
                         if name.startswith("e_") and hasattr(ast, name[2:])}

    def charge(self):
        self.steps -= 1
        if self.steps < 0:
            raise Budget

    # -- modules and statements -------------------------------------------------------------------

    def module(self, tree) -> None:
        """Each top-level statement followed in turn; one it cannot follow, or that fails as Python would (`max([])`,
        `{[]: 1}`: the file is a student's, not checked), is left out."""
        for statement in tree.body:
            try:
                self.block([statement], self.globals)
            except (Unread, Returned, Broken, Continued, ArithmeticError, LookupError, TypeError, ValueError,
                    AttributeError):
                continue

    def block(self, statements, scope) -> None:
        for i, statement in enumerate(statements):
            self.charge()
            if isinstance(statement, ast.If):
                if self.if_statement(statement, scope, statements[i + 1:]):
                    return  # the rest of the block was followed after both branches
            else:
                self.statement(statement, scope)

    def if_statement(self, s, scope, rest=()) -> bool:
        """`if`: the branch its test takes; on a symbolic test both, their effects merged, then REST (the statements
        after it, evaluator_branches.py; `if not c: A else: B` is `if c: B else: A`). Returns whether REST was
        followed."""
        test, body, orelse = s.test, s.body, s.orelse
        while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, body, orelse = test.operand, orelse, body
        test = self.expr(test, scope)
        if isinstance(test, Sym):
            self.branches(test, body, orelse, scope, rest)
            return True
        self.block(body if self.truth(test) else orelse, scope)
        return False

    def statement(self, s, scope):
        if isinstance(s, ast.Expr):
            if not isinstance(s.value, ast.Constant):
                self.expr(s.value, scope)
        elif isinstance(s, ast.Assign):
            value = self.expr(s.value, scope)
            for target in s.targets:
                self.assign(target, value, scope)
        elif isinstance(s, ast.AnnAssign):
            if s.value is not None:
                self.assign(s.target, self.expr(s.value, scope), scope)
        elif isinstance(s, ast.AugAssign):
            current = self.load(s.target, scope)
            self.assign(s.target, self.binary(s.op, current, self.expr(s.value, scope)), scope)
        elif isinstance(s, ast.Return):
            raise Returned(None if s.value is None else self.expr(s.value, scope))
        elif isinstance(s, ast.If):  # in a class body (a block's `if` is block's)
            self.if_statement(s, scope)
        elif isinstance(s, (ast.For, ast.While)):
            self.loop(s, scope)
        elif isinstance(s, ast.Break):
            raise Broken
        elif isinstance(s, ast.Continue):
            raise Continued
        elif isinstance(s, ast.FunctionDef):
            value = Function(s, scope)
            for decorator in reversed(s.decorator_list):
                value = self.decorate(decorator, value, scope)
            self.store_name(scope, s.name, value)
        elif isinstance(s, ast.ClassDef):
            self.forbid_in_branch("a class")
            value = self.klass(s, scope)
            for decorator in reversed(s.decorator_list):
                # a class decorator of the file's own (one that binds ops with setattr): the class it returns; the
                # others (`@dataclass`, read by Klass) leave it as it is
                own = self.expr(decorator, scope) if isinstance(decorator, ast.Name) else None
                if isinstance(own, Function) and own.kind == "function":
                    value = self.call(own, [value], {})
            scope.set(s.name, value)
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            self.forbid_in_branch("an import")
            imported(s, scope)
        elif isinstance(s, ast.Global):
            self.forbid_in_branch("global")
            scope.global_.update(s.names)
        elif isinstance(s, ast.Nonlocal):
            self.forbid_in_branch("nonlocal")
            scope.nonlocal_.update(s.names)
        elif isinstance(s, ast.Assert):
            if not self.truth(self.expr(s.test, scope)):
                raise Unread("assert")
        elif isinstance(s, ast.Try):
            self.block(s.body, scope)
            self.block(s.orelse, scope)
            self.block(s.finalbody, scope)
        elif isinstance(s, ast.Match):
            self.match(s, scope)
        elif isinstance(s, (ast.Pass, ast.Delete)):
            pass
        else:
            raise Unread(type(s).__name__)

    def loop(self, s, scope):
        if isinstance(s, ast.For):
            items = iter(self.iterable(self.expr(s.iter, scope)))
        while True:
            self.charge()
            if isinstance(s, ast.For):
                try:
                    item = next(items)
                except StopIteration:
                    break
                self.assign(s.target, item, scope)
            elif not self.truth(self.expr(s.test, scope)):
                break
            try:
                self.block(s.body, scope)
            except Broken:
                return
            except Continued:
                continue
        self.block(s.orelse, scope)

    def klass(self, node, scope):
        bases = [self.expr(b, scope) for b in node.bases]
        klass = Klass(node, [b for b in bases if isinstance(b, Klass)], scope)
        body = Scope(scope, is_class=True)
        for s in node.body:
            try:
                self.statement(s, body)
            except Unread:
                continue
        for name, value in body.names.items():
            if isinstance(value, Function) and value.owner is None:
                value.owner = klass
            klass.attrs[name] = value
        if klass.dataclass and "__init__" not in klass.attrs:
            klass.fields = [(s.target.id, s.value) for s in node.body
                            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
        return klass

    def load(self, target, scope):
        """The value of an assignment's target (`x`, `a.b`, `a[k]`) before `+=` changes it."""
        if isinstance(target, ast.Name):
            return scope.get(target.id)
        if isinstance(target, ast.Attribute):
            return self.attribute(self.expr(target.value, scope), target.attr)
        if isinstance(target, ast.Subscript):
            return self.e_Subscript(target, scope)
        raise Unread("a target")

    def assign(self, target, value, scope):
        if isinstance(target, ast.Name):
            self.store_name(scope, target.id, value)
        elif isinstance(target, ast.Attribute):
            owner = self.expr(target.value, scope)
            if isinstance(owner, (Obj, Klass)):
                self.store(owner, owner.attrs, target.attr, value)
            elif isinstance(owner, Function) and target.attr in NAMES_OF_FUNCTIONS:  # a wrapper's name: no code
                owner.renamed = True  # what it is named is not followed (nor put back after a branch: it stays unknown)
            else:
                raise Unread("an attribute set")
        elif isinstance(target, ast.Subscript):
            self.forbid_in_branch("a subscript set")
            owner, key = self.expr(target.value, scope), self.expr(target.slice, scope)
            if isinstance(owner, (dict, list)):
                try:
                    owner[key] = value
                except (TypeError, IndexError):
                    raise Unread("a subscript set") from None
            else:
                raise Unread("a subscript set")
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = list(self.iterable(value))
            starred = [i for i, t in enumerate(target.elts) if isinstance(t, ast.Starred)]
            if starred:
                i = starred[0]
                after = len(target.elts) - i - 1
                if len(items) < len(target.elts) - 1:
                    raise Unread("unpacking")
                for t, v in zip(target.elts[:i], items[:i]):
                    self.assign(t, v, scope)
                self.assign(target.elts[i].value, items[i:len(items) - after], scope)
                for t, v in zip(target.elts[i + 1:], items[len(items) - after:]):
                    self.assign(t, v, scope)
            elif len(items) != len(target.elts):
                raise Unread("unpacking")
            else:
                for t, v in zip(target.elts, items):
                    self.assign(t, v, scope)
        else:
            raise Unread("a target")

    # -- expressions ------------------------------------------------------------------------------

    def truth(self, value) -> bool:
        if isinstance(value, Sym):
            raise Unread("a decision on a symbolic value")
        if isinstance(value, (Obj, Klass, Function, Bound, Builtin, Module)):
            return True
        return bool(value)

    def iterable(self, value):
        if isinstance(value, range) and len(value) > MAX_ITEMS:
            raise Unread("a long range")
        if isinstance(value, (list, tuple, set, frozenset, dict, range, zip, enumerate, str, collections.deque)) \
                or isinstance(value, _DICT_VIEWS):
            return list(value)
        if isinstance(value, Iterated):
            return value.items
        raise Unread("iteration")

    def e_Call(self, e, scope):
        function = self.expr(e.func, scope)
        args = self.elements(e.args, scope)
        keywords = {}
        for k in e.keywords:
            if k.arg is None:
                value = self.expr(k.value, scope)
                if not isinstance(value, dict):
                    raise Unread("**")
                keywords.update(value)
            else:
                keywords[k.arg] = self.expr(k.value, scope)
        if isinstance(function, Builtin) and function.name == "super":
            return self.super_of(scope)
        return self.call(function, args, keywords)

    def super_of(self, scope):
        this = scope.get("self") if "self" in scope.names else None
        owner = getattr(scope, "owner", None)
        frame = scope
        while frame is not None and owner is None:
            owner = OWNERS.get(id(frame))
            frame = frame.parent
        if this is None:
            first = next(iter(scope.names.values()), None)
            this = first
        if not isinstance(this, Obj) or owner is None:
            raise Unread("super")
        return Super(owner, this)

    def call(self, function, args, keywords):
        self.charge()
        if isinstance(function, Bound):
            return self.call(function.function, [function.this] + list(args), keywords)
        if isinstance(function, Builtin):
            return function.run(*args, _evaluator=self, **keywords)
        if isinstance(function, Klass):
            return self.construct(function, args, keywords)
        if isinstance(function, Function):
            return self.invoke(function, args, keywords)
        if isinstance(function, Obj):  # an instance of the file's own class with a `__call__` (an op object, session 29)
            return self.call(self.attribute(function, "__call__"), args, keywords)
        raise Unread("a call")

    def construct(self, klass, args, keywords):
        this = Obj(klass)
        try:
            owner, init = klass.lookup("__init__")
        except Unread:
            fields = next((getattr(k, "fields", None) for k in klass.mro() if getattr(k, "fields", None)), None)
            if fields is None:
                if args or keywords:
                    raise
                return this
            values = dict(zip([f for f, _ in fields], args), **keywords)
            for name, default in fields:
                if name not in values:
                    values[name] = self.field_default(default, klass.scope)
                this.attrs[name] = values[name]
            return this
        self.call(self.bind(init, this), args, keywords)
        return this

    def field_default(self, default, scope):
        if default is None:
            raise Unread("a field without a value")
        name = getattr(default, "func", None)
        if isinstance(default, ast.Call) and getattr(name, "id", getattr(name, "attr", None)) == "field":
            for k in default.keywords:
                if k.arg == "default_factory":
                    return self.call(self.expr(k.value, scope), [], {})
                if k.arg == "default":
                    return self.expr(k.value, scope)
            raise Unread("a field")
        return self.expr(default, scope)

    def invoke(self, function, args, keywords):
        node = function.node
        if self.calls >= self.depth:
            raise Unread("too deep")
        scope = Scope(function.scope.enclosing())
        if function.owner is not None:
            OWNERS[id(scope)] = function.owner
        self.bind_arguments(node.args, args, keywords, scope, function.scope)
        self.calls += 1
        try:
            if isinstance(node, ast.Lambda):
                return self.expr(node.body, scope)
            generator = self.generators.get(id(node))
            if generator is None:
                generator = self.generators[id(node)] = yields(node)
            if generator:
                scope.yielded = []  # a generator runs at once; what it yields is iterated
                try:
                    self.block(node.body, scope)
                except Returned:
                    pass
                return Iterated(scope.yielded)
            try:
                # its end is a `return None`: a branch that returns early (`if k == 0: return`) and one that runs to
                # the end both return, and merge (evaluator_branches.py)
                self.block(node.body + [FALLS_OFF], scope)
            except Returned as done:
                return done.value
            return None
        finally:
            self.calls -= 1
            OWNERS.pop(id(scope), None)

    def bind_arguments(self, a, args, keywords, scope, outer):
        params = a.posonlyargs + a.args
        defaults = [None] * (len(params) - len(a.defaults)) + list(a.defaults)
        args, keywords = list(args), dict(keywords)
        for i, (p, default) in enumerate(zip(params, defaults)):
            if i < len(args):
                scope.names[p.arg] = args[i]
            else:
                self.bind_keyword(p.arg, default, keywords, scope, outer)
        extra = args[len(params):]
        if a.vararg is not None:
            scope.names[a.vararg.arg] = tuple(extra)
        elif extra:
            raise Unread("too many arguments")
        for p, default in zip(a.kwonlyargs, a.kw_defaults):
            self.bind_keyword(p.arg, default, keywords, scope, outer)
        if a.kwarg is not None:
            scope.names[a.kwarg.arg] = keywords
        elif keywords:
            raise Unread("an unknown keyword")

    def bind_keyword(self, name, default, keywords, scope, outer):
        """A parameter given by keyword, else its default, else the call is not followed."""
        if name in keywords:
            scope.names[name] = keywords.pop(name)
        elif default is not None:
            scope.names[name] = self.expr(default, outer)
        else:
            raise Unread("a missing argument")


OWNERS: dict[int, Klass] = {}  # the scope of a running method -> its class (for super())
