"""More spellings a copier could script, each on the sources of the tuning classes: python
bench/similarity/fresh_tricks.py [TRICK ...] [--fourth N ..] [--fifth N ..] [--sixth N ..] (the tricks first)

Session 14 (simread2). read_tricks.py's tricks were written for the ninth class's sources (a held-out class since);
these are fresh ones, from docs/similarity.md's list of what is not read and from a copier's habits, measured on
the tuning classes' sources only (fourth, fifth and sixth seeds 1-9; never the eighth, ninth or tenth). Each trick
is a script on the syntax tree a student could run on a copy; as in read_tricks.py the copy is compared with the
plain copy made the same way (`unparsed`: the source's tree written out again), the first copy of each source in its
class replaced by the variant of its source (each variant checked against the reference engine's gradients first:
fifth.check; a source a trick cannot apply to is left out of that trick's row). Printed: for each trick mean ·
lowest · largest drop from `unparsed` · pairs dropping more than 0.1 (the issue's bar), over every source.

Session 15 (simread3) added 23 (FRESH15): the spellings docs/similarity.md still listed as read as written, written
other ways (`0 - x`, `list(reversed(xs))`, `%`, `x * 0.5`, `1.0 * e`, `__dict__`), and a red team's: what Python
ignores (`pass`, brackets, `if True:` bodies, `not not`, `e if True else None`, chained comparisons split, docstrings
moved, imports moved into functions, `from math import *`, `__private` names) and what any student can script
(decorators that do nothing, `@staticmethod` helpers, keyword arguments, defaults, lambdas, `+=` written out).

Session 17 (simread6) added 9 (FRESH17): Python's own equivalences a student who read the method could script
(`assert` as `if not: raise`, an `if`/`else` swapped under `not`, `if c: f()` as the statement `c and f()`,
`operator.methodcaller` / `operator.attrgetter` for method calls and attribute loads, `for i in range(len(xs))`,
`for x in iter(xs)`, constants of __init__ as class attributes, a closure's free names bound as defaults).

Session 19 (simread8) added 4 (FRESH19): rewrites other hands' copiers may use that the tuning classes may not hold
(a binary op's coercion lifted into a decorator of the file, an iterator bound the line before its `for`, an op-string
or isinstance if/elif chain reversed, `==` and `!=` swapped with the branches of an if/else).

The classes are read as rescore.py reads them (its kept readings: run rescore.py on the same classes first).
"""

from __future__ import annotations

import argparse
import ast
import copy
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from read_tricks import _module, _out, _wrapped, sources_and_copies  # noqa: E402


def _parse_stmt(text: str):
    return ast.parse(text).body[0]


def _with_import(tree: ast.Module, *modules: str) -> ast.Module:
    """TREE with `import MODULE` after its docstring and `from __future__` imports."""
    at = 0
    while at < len(tree.body) and (isinstance(tree.body[at], ast.ImportFrom) and tree.body[at].module == "__future__"
                                   or at == 0 and isinstance(tree.body[0], ast.Expr)
                                   and isinstance(tree.body[0].value, ast.Constant)):
        at += 1
    tree.body[at:at] = [ast.Import([ast.alias(m)]) for m in modules]
    return tree


def _functions(tree):
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _methods_of(cls):
    return [s for s in cls.body if isinstance(s, ast.FunctionDef)]


def _classes(tree):
    return [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]


# -- operators and names ---------------------------------------------------------------------------------------

_OPERATOR = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv", ast.Pow: "pow"}


class _OperatorCalls(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        name = _OPERATOR.get(type(node.op))
        if name is None:
            return node
        return ast.Call(ast.Attribute(ast.Name("operator", ast.Load()), name, ast.Load()), [node.left, node.right], [])

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        name = _OPERATOR.get(type(node.op))
        if name is None:
            return node
        load = copy.deepcopy(node.target)
        load.ctx = ast.Load()
        call = ast.Call(ast.Attribute(ast.Name("operator", ast.Load()), name, ast.Load()), [load, node.value], [])
        return ast.copy_location(ast.Assign([node.target], call), node)


def operator_calls(text: str) -> str:
    """`a + b` as `operator.add(a, b)` (and sub, mul, truediv, pow), `x += e` as `x = operator.add(x, e)`."""
    return _out(_with_import(_OperatorCalls().visit(_module(text)), "operator"))


class _PowCalls(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow):
            return ast.Call(ast.Name("pow", ast.Load()), [node.left, node.right], [])
        return node


def pow_builtin(text: str) -> str:
    """`x ** n` as `pow(x, n)`."""
    return _out(_PowCalls().visit(_module(text)))


_API = ("data", "grad", "_prev", "_backward", "_op")


class _GetAttr(ast.NodeTransformer):
    def __init__(self, stores: bool):
        self.stores = stores

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr in _API and isinstance(node.ctx, ast.Load):
            return ast.Call(ast.Name("getattr", ast.Load()), [node.value, ast.Constant(node.attr)], [])
        return node

    def visit_Assign(self, node):
        self.generic_visit(node)
        target = node.targets[0]
        if self.stores and len(node.targets) == 1 and isinstance(target, ast.Attribute) and target.attr in _API:
            call = ast.Call(ast.Name("setattr", ast.Load()), [target.value, ast.Constant(target.attr), node.value],
                            [])
            return ast.copy_location(ast.Expr(call), node)
        return node


def getattr_loads(text: str) -> str:
    """`v.data` (and grad, _prev, _backward, _op) read as `getattr(v, "data")`."""
    return _out(_GetAttr(False).visit(_module(text)))


def setattr_stores(text: str) -> str:
    """`getattr_loads`, and `v.grad = e` as `setattr(v, "grad", e)` (`+=` first written out)."""
    tree = _module(text)
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                for i, s in enumerate(block):
                    if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Attribute):
                        load = copy.deepcopy(s.target)
                        load.ctx = ast.Load()
                        block[i] = ast.copy_location(ast.Assign([s.target], ast.BinOp(load, s.op, s.value)), s)
    return _out(_GetAttr(True).visit(tree))


def _class_names(tree) -> set:
    return {c.name for c in tree.body if isinstance(c, ast.ClassDef)}


class _InMethods(ast.NodeTransformer):
    """Names of the module's classes, read inside a method, replaced by REPLACE(name node)."""

    def __init__(self, names, replace):
        self.names, self.replace, self.depth = names, replace, 0

    def visit_FunctionDef(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1
        return node

    def visit_Name(self, node):
        if self.depth and node.id in self.names and isinstance(node.ctx, ast.Load):
            return self.replace(node)
        return node


def type_of_self(text: str) -> str:
    """`Value(...)` and `isinstance(o, Value)` inside methods whose first parameter is `self` as `type(self)`."""
    tree = _module(text)
    names = _class_names(tree)
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            for method in _methods_of(cls):
                if method.args.args and method.args.args[0].arg == "self" and not method.decorator_list:
                    _InMethods({cls.name}, lambda n: ast.Call(ast.Name("type", ast.Load()),
                                                              [ast.Name("self", ast.Load())], [])).visit(method)
    del names
    return _out(tree)


def globals_lookup(text: str) -> str:
    """A class named inside a function as `globals()["Value"]`."""
    tree = _module(text)
    sub = lambda n: ast.Subscript(ast.Call(ast.Name("globals", ast.Load()), [], []), ast.Constant(n.id), ast.Load())
    return _out(_InMethods(_class_names(tree), sub).visit(tree))


def module_qualified(text: str) -> str:
    """A class named inside a function through the module: `_engine = sys.modules[__name__]` after the imports,
    `_engine.Value` (as `import engine; engine.Value` would in a second file)."""
    tree = _module(text)
    sub = lambda n: ast.Attribute(ast.Name("_engine", ast.Load()), n.id, ast.Load())
    tree = _with_import(_InMethods(_class_names(tree), sub).visit(tree), "sys")
    at = next(i for i, s in enumerate(tree.body) if isinstance(s, ast.Import) and s.names[0].name == "sys")
    tree.body.insert(at + 1, _parse_stmt("_engine = sys.modules[__name__]"))
    return _out(tree)


class _MathExp(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "exp" and isinstance(f.value, ast.Name) \
                and f.value.id == "math" and len(node.args) == 1 and not node.keywords:
            return ast.BinOp(ast.Attribute(ast.Name("math", ast.Load()), "e", ast.Load()), ast.Pow(), node.args[0])
        return node


def math_e(text: str) -> str:
    """`math.exp(x)` as `math.e ** x`."""
    return _out(_MathExp().visit(_module(text)))


class _NegMul(ast.NodeTransformer):
    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            return ast.BinOp(node.operand, ast.Mult(), ast.UnaryOp(ast.USub(), ast.Constant(1)))
        return node


def neg_mul(text: str) -> str:
    """`-x` as `x * -1`."""
    return _out(_NegMul().visit(_module(text)))


class _Reversed(ast.NodeTransformer):
    """Each `reversed(xs)` call as SPELT(the call)."""

    def __init__(self, spelt):
        self.spelt = spelt

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "reversed" and len(node.args) == 1:
            return self.spelt(node)
        return node


def reversed_slice(text: str) -> str:
    """`reversed(xs)` as `xs[::-1]` (on a list: a topological order)."""
    return _out(_Reversed(lambda call: ast.Subscript(
        call.args[0], ast.Slice(None, None, ast.UnaryOp(ast.USub(), ast.Constant(1))), ast.Load())).visit(_module(text)))


class _Format(ast.NodeTransformer):
    def visit_JoinedStr(self, node):
        pieces, args = [], []
        for v in node.values:
            if isinstance(v, ast.Constant):
                pieces.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            else:
                spec = ast.unparse(v.format_spec)[2:-1] if v.format_spec else ""
                conv = "" if v.conversion == -1 else "!" + chr(v.conversion)
                pieces.append("{" + conv + (":" + spec if spec else "") + "}")
                args.append(v.value)
        return ast.Call(ast.Attribute(ast.Constant("".join(pieces)), "format", ast.Load()), args, [])


def str_format(text: str) -> str:
    """f-strings as `"...{}...".format(...)`."""
    return _out(_Format().visit(_module(text)))


class _FloatLiterals(ast.NodeTransformer):
    def visit_Constant(self, node):
        if type(node.value) is int and not isinstance(node.value, bool) and abs(node.value) < 100:
            return ast.Constant(float(node.value))
        return node

    def visit_Subscript(self, node):
        node.value = self.visit(node.value)
        return node  # an index stays an int

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id in ("range", "enumerate", "round"):
            return node
        self.generic_visit(node)
        return node


def float_literals(text: str) -> str:
    """Small integer constants as floats (`2` as `2.0`), but indices and range bounds."""
    return _out(_FloatLiterals().visit(_module(text)))


# -- statements --------------------------------------------------------------------------------------------------


def _blocks(tree):
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield node, field, block


def tuple_assignments(text: str) -> str:
    """Two adjacent assignments to single names, neither reading the other's name, as `a, b = x, y`."""
    tree = _module(text)
    for node, field, block in list(_blocks(tree)):
        out, i = [], 0
        while i < len(block):
            s, t = block[i], block[i + 1] if i + 1 < len(block) else None
            if all(isinstance(x, ast.Assign) and len(x.targets) == 1 and isinstance(x.targets[0], ast.Name)
                   for x in (s, t)) and s.targets[0].id != t.targets[0].id \
                    and s.targets[0].id not in {n.id for n in ast.walk(t.value) if isinstance(n, ast.Name)}:
                out.append(ast.copy_location(ast.Assign(
                    [ast.Tuple([s.targets[0], t.targets[0]], ast.Store())],
                    ast.Tuple([s.value, t.value], ast.Load())), s))
                i += 2
            else:
                out.append(s)
                i += 1
        setattr(node, field, out)
    return _out(tree)


def return_none(text: str) -> str:
    """`return None` at the end of every function that does not end in a return or raise; `return` as `return
    None`."""
    tree = _module(text)
    for f in _functions(tree):
        if not isinstance(f.body[-1], (ast.Return, ast.Raise)):
            f.body.append(ast.Return(ast.Constant(None)))
        for n in ast.walk(f):
            if isinstance(n, ast.Return) and n.value is None:
                n.value = ast.Constant(None)
    return _out(tree)


def docstrings(text: str) -> str:
    """A docstring on every function and class that has none."""
    tree = _module(text)
    for f in _functions(tree) + _classes(tree):
        first = f.body[0]
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            f.body.insert(0, ast.Expr(ast.Constant(f"{f.name.strip('_').replace('_', ' ').capitalize()}.")))
    return _out(tree)


def type_hints(text: str) -> str:
    """Every parameter but self annotated `"Value"`, every function's return `-> "Value"`; `*args: object`."""
    tree = _module(text)
    for f in _functions(tree):
        for a in f.args.posonlyargs + f.args.args + f.args.kwonlyargs:
            if a.arg != "self" and a.annotation is None:
                a.annotation = ast.Constant("Value")
        for a in (f.args.vararg, f.args.kwarg):
            if a is not None and a.annotation is None:
                a.annotation = ast.Name("object", ast.Load())
        if f.returns is None:
            f.returns = ast.Constant("Value")
    return _out(tree)


def extra_parameters(text: str) -> str:
    """`*_extra, **_kw` added to every def that has neither."""
    tree = _module(text)
    for f in _functions(tree):
        if f.args.vararg is None and not f.args.kwonlyargs:
            f.args.vararg = ast.arg("_extra")
        if f.args.kwarg is None:
            f.args.kwarg = ast.arg("_kw")
    return _out(tree)


def identity_decorator(text: str) -> str:
    """`def _keep(f): return f` at the top, `@_keep` on every method and function."""
    tree = _module(text)
    for f in _functions(tree):
        f.decorator_list.insert(0, ast.Name("_keep", ast.Load()))
    at = next(i for i, s in enumerate(tree.body) if isinstance(s, (ast.ClassDef, ast.FunctionDef)))
    tree.body.insert(at, _parse_stmt("def _keep(f):\n    return f"))
    return _out(tree)


def _store_attributes(tree) -> list:
    seen = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and n.attr not in seen:
            seen.append(n.attr)
    return seen


def slots(text: str) -> str:
    """`__slots__ = (...)` of every attribute the file assigns, first in each class that has an `__init__`."""
    tree = _module(text)
    names = _store_attributes(tree)
    for cls in _classes(tree):
        if any(m.name == "__init__" for m in _methods_of(cls)) and not cls.bases:
            first = 1 if isinstance(cls.body[0], ast.Expr) else 0
            cls.body.insert(first, _parse_stmt(f"__slots__ = {tuple(names)!r}"))
    return _out(tree)


def properties(text: str) -> str:
    """`data` and `grad` kept in `_data_`, `_grad_` behind a property and its setter, in each class with an
    `__init__` that sets them."""
    tree = _module(text)
    for cls in _classes(tree):
        init = next((m for m in _methods_of(cls) if m.name == "__init__"), None)
        if init is None:
            continue
        set_here = {n.attr for n in ast.walk(init) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
        for name in ("data", "grad"):
            if name in set_here:
                cls.body += ast.parse(f"@property\ndef {name}(self):\n    return self._{name}_\n\n"
                                      f"@{name}.setter\ndef {name}(self, value):\n    self._{name}_ = value\n").body
    return _out(tree)


def super_init(text: str) -> str:
    """`super().__init__()` first in every `__init__`, and `(object)` as the base of every class without one."""
    tree = _module(text)
    for cls in _classes(tree):
        if not cls.bases:
            cls.bases = [ast.Name("object", ast.Load())]
        for m in _methods_of(cls):
            if m.name == "__init__":
                first = 1 if isinstance(m.body[0], ast.Expr) and isinstance(m.body[0].value, ast.Constant) else 0
                m.body.insert(first, _parse_stmt("super().__init__()"))
    return _out(tree)


def if_expressions(text: str) -> str:
    """`x = a if c else b` as `if c: x = a` / `else: x = b`."""
    tree = _module(text)
    for node, field, block in list(_blocks(tree)):
        out = []
        for s in block:
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.value, ast.IfExp):
                e = s.value
                out.append(ast.copy_location(ast.If(e.test, [ast.Assign(s.targets, e.body)],
                                                    [ast.Assign(copy.deepcopy(s.targets), e.orelse)]), s))
            elif isinstance(s, ast.Return) and isinstance(s.value, ast.IfExp):
                e = s.value
                out.append(ast.copy_location(ast.If(e.test, [ast.Return(e.body)], [ast.Return(e.orelse)]), s))
            else:
                out.append(s)
        setattr(node, field, out)
    return _out(tree)


def comprehension_loops(text: str) -> str:
    """`for x in xs: f(x)` (a body of one call) as the statement `[f(x) for x in xs]`."""
    tree = _module(text)
    for node, field, block in list(_blocks(tree)):
        for i, s in enumerate(block):
            if isinstance(s, ast.For) and not s.orelse and len(s.body) == 1 and isinstance(s.body[0], ast.Expr) \
                    and isinstance(s.body[0].value, ast.Call):
                block[i] = ast.copy_location(ast.Expr(ast.ListComp(
                    s.body[0].value, [ast.comprehension(s.target, s.iter, [], 0)])), s)
    return _out(tree)


def for_as_while(text: str) -> str:
    """`for x in xs: B` as `_it = iter(xs)`, `while True: try: x = next(_it) except StopIteration: break; B`
    (loops with no `else` and no `continue`)."""
    tree = _module(text)
    count = [0]
    for node, field, block in list(_blocks(tree)):
        out = []
        for s in block:
            if isinstance(s, ast.For) and not s.orelse \
                    and not any(isinstance(n, ast.Continue) for b in s.body for n in ast.walk(b)):
                count[0] += 1
                it = f"_it{count[0]}"
                head = ast.parse(f"{it} = iter(_)\nwhile True:\n    try:\n        _ = next({it})\n"
                                 f"    except StopIteration:\n        break\n").body
                head[0].value.args = [s.iter]
                head[1].body[0].body[0].targets = [s.target]
                head[1].body += s.body
                out += [ast.copy_location(h, s) for h in head]
            else:
                out.append(s)
        setattr(node, field, out)
    return _out(tree)


def _wrap_body(text: str, head: str, imports=()) -> str:
    tree = _module(text)
    for f in _functions(tree):
        doc = f.body[:1] if isinstance(f.body[0], ast.Expr) and isinstance(f.body[0].value, ast.Constant) else []
        outer = _parse_stmt(head + "\n    pass")
        outer.body = f.body[len(doc):]
        f.body = doc + [outer]
    return _out(_with_import(tree, *imports))


def bodies_in_exitstack(text: str) -> str:
    """Every function's body in `with contextlib.ExitStack():`."""
    return _wrap_body(text, "with contextlib.ExitStack():", ("contextlib",))


def bodies_in_reraise(text: str) -> str:
    """Every function's body in `try:` ... `except Exception as e: raise e`."""
    tree = _module(text)
    for f in _functions(tree):
        outer = _parse_stmt("try:\n    pass\nexcept Exception as _e:\n    raise _e")
        outer.body = f.body
        f.body = [outer]
    return _out(tree)


def module_in_catch_warnings(text: str) -> str:
    """The whole module in `with warnings.catch_warnings():`."""
    return _wrapped(text, "import warnings\nwith warnings.catch_warnings():")


# -- classes -----------------------------------------------------------------------------------------------------


def partialmethods(text: str) -> str:
    """Every method but __init__ a module function after the class, bound as `m = functools.partialmethod(_v_m)` in
    the class (the function defined before the class, so the class body can name it)."""
    tree = _module(text)
    body = []
    for top in tree.body:
        if not isinstance(top, ast.ClassDef):
            body.append(top)
            continue
        moved = {}
        for i, s in enumerate(top.body):
            if isinstance(s, ast.FunctionDef) and s.name != "__init__" and not s.decorator_list:
                name = f"_{top.name.lower()}_{s.name.strip('_')}"
                moved[s.name] = name
                top.body[i] = _parse_stmt(f"{s.name} = functools.partialmethod({name})")
                s.name = name
                body.append(s)
        body.append(top)
    tree.body = body
    return _out(_with_import(tree, "functools"))


def partial_aliases(text: str) -> str:
    """A class-level alias `__radd__ = __add__` as `__radd__ = functools.partialmethod(__add__)`."""
    tree = _module(text)
    for cls in _classes(tree):
        for s in cls.body:
            if isinstance(s, ast.Assign) and isinstance(s.value, ast.Name):
                s.value = ast.Call(ast.Attribute(ast.Name("functools", ast.Load()), "partialmethod", ast.Load()),
                                   [s.value], [])
    return _out(_with_import(tree, "functools"))


def dataclass_init(text: str) -> str:
    """The `__init__` of each class whose `__init__` only assigns to self as a dataclass: its parameters fields (with
    their defaults), the rest of its body `__post_init__` (a parameter read there as `self.p`)."""
    tree = _module(text)
    done = False
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        init = next((m for m in _methods_of(cls) if m.name == "__init__"), None)
        if init is None or init.args.vararg or init.args.kwarg or init.args.kwonlyargs or cls.bases:
            continue
        params = [a.arg for a in init.args.args[1:]]
        defaults = [None] * (len(params) - len(init.args.defaults)) + list(init.args.defaults)
        if any(isinstance(d, (ast.List, ast.Dict, ast.Set)) for d in defaults):
            continue
        fields = [ast.AnnAssign(ast.Name(p, ast.Store()), ast.Name("object", ast.Load()), d, 1)
                  for p, d in zip(params, defaults)]
        post = []
        for s in init.body:
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Attribute) \
                    and isinstance(s.targets[0].value, ast.Name) and s.targets[0].value.id == "self" \
                    and isinstance(s.value, ast.Name) and s.value.id == s.targets[0].attr == s.value.id \
                    and s.value.id in params:
                continue  # the dataclass sets it
            post.append(s)

        class Params(ast.NodeTransformer):
            def visit_Name(self, node):
                if node.id in params and isinstance(node.ctx, ast.Load):
                    return ast.Attribute(ast.Name("self", ast.Load()), node.id, ast.Load())
                return node

        post = [Params().visit(s) for s in post] or [ast.Pass()]
        index = cls.body.index(init)
        cls.body[index:index + 1] = fields + [ast.FunctionDef("__post_init__", ast.arguments(
            [], [ast.arg("self")], None, [], [], None, []), post, [], None)]
        cls.decorator_list.insert(0, _parse_stmt("@dataclasses.dataclass(eq=False, repr=False)\ndef f(): pass")
                                  .decorator_list[0])
        done = True
    if not done:
        raise ValueError("no __init__ a dataclass can take")
    return _out(_with_import(tree, "dataclasses"))


TRICKS = {"operator-calls": operator_calls, "pow-builtin": pow_builtin, "getattr": getattr_loads,
          "setattr-stores": setattr_stores, "type-of-self": type_of_self, "globals-lookup": globals_lookup,
          "module-qualified": module_qualified, "math-e": math_e, "neg-mul": neg_mul,
          "reversed-slice": reversed_slice, "str-format": str_format, "float-literals": float_literals,
          "tuple-assignments": tuple_assignments, "return-none": return_none, "docstrings": docstrings,
          "type-hints": type_hints, "extra-parameters": extra_parameters,
          "identity-decorator": identity_decorator, "slots": slots, "properties": properties,
          "super-init": super_init, "if-expressions": if_expressions,
          "comprehension-loops": comprehension_loops, "for-as-while": for_as_while,
          "bodies-in-exitstack": bodies_in_exitstack, "bodies-in-reraise": bodies_in_reraise,
          "module-in-catch-warnings": module_in_catch_warnings, "partialmethods": partialmethods,
          "partial-aliases": partial_aliases, "dataclass-init": dataclass_init}


# -- session 15 (simread3): more spellings Python ignores or a copier scripts -----------------------------------


class _NegSub(ast.NodeTransformer):
    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            return ast.BinOp(ast.Constant(0), ast.Sub(), node.operand)
        return node


def neg_sub(text: str) -> str:
    """`-x` as `0 - x`."""
    return _out(_NegSub().visit(_module(text)))


def list_reversed(text: str) -> str:
    """`reversed(xs)` as `list(reversed(xs))`."""
    return _out(_Reversed(lambda call: ast.Call(ast.Name("list", ast.Load()), [call], [])).visit(_module(text)))


class _PercentFormat(ast.NodeTransformer):
    def visit_JoinedStr(self, node):
        pieces, args = [], []
        for v in node.values:
            if isinstance(v, ast.Constant):
                pieces.append(str(v.value).replace("%", "%%"))
            else:
                if v.format_spec is not None:
                    raise ValueError("a format spec")
                pieces.append("%r" if v.conversion == ord("r") else "%s")
                args.append(v.value)
        return ast.BinOp(ast.Constant("".join(pieces)), ast.Mod(), ast.Tuple(args, ast.Load()))


def percent_format(text: str) -> str:
    """f-strings as `"...%s..." % (...)` (one without a format spec)."""
    return _out(_PercentFormat().visit(_module(text)))


class _HalfTimes(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div) and isinstance(node.right, ast.Constant) \
                and type(node.right.value) in (int, float) and node.right.value in (2, 4, 10):
            return ast.BinOp(node.left, ast.Mult(), ast.Constant(1 / node.right.value))
        if isinstance(node.op, ast.Mult) and isinstance(node.right, ast.Constant) \
                and type(node.right.value) is float and node.right.value in (0.5, 0.25):
            return ast.BinOp(node.left, ast.Div(), ast.Constant(int(1 / node.right.value)))
        return node


def half_times(text: str) -> str:
    """`x / 2` as `x * 0.5` (and 4, 10), `x * 0.5` as `x / 2`."""
    return _out(_HalfTimes().visit(_module(text)))


class _OneTimes(ast.NodeTransformer):
    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Add) and (isinstance(node.target, ast.Attribute) and node.target.attr == "grad"
                                             or isinstance(node.target, ast.Subscript)):
            node.value = ast.BinOp(ast.Constant(1.0), ast.Mult(), node.value)
        return node


def one_times(text: str) -> str:
    """`v.grad += e` as `v.grad += 1.0 * e` (the lecture's), and `grads[k] += e` so too."""
    return _out(_OneTimes().visit(_module(text)))


def dict_stores(text: str) -> str:
    """`v.grad = e` (and data, _prev, _backward, _op; `+=` written out) as `v.__dict__["grad"] = e`."""
    tree = _module(text)
    for node, field, block in list(_blocks(tree)):
        for i, s in enumerate(block):
            if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Attribute) and s.target.attr in _API:
                load = copy.deepcopy(s.target)
                load.ctx = ast.Load()
                s = block[i] = ast.copy_location(ast.Assign([s.target], ast.BinOp(load, s.op, s.value)), s)
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Attribute) \
                    and s.targets[0].attr in _API:
                t = s.targets[0]
                s.targets = [ast.Subscript(ast.Attribute(t.value, "__dict__", ast.Load()), ast.Constant(t.attr),
                                           ast.Store())]
    return _out(tree)


def pass_statements(text: str) -> str:
    """`pass` after every statement."""
    tree = _module(text)
    for node, field, block in list(_blocks(tree)):
        setattr(node, field, [x for s in block for x in (s, ast.Pass())])
    return _out(tree)


def parenthesised(text: str) -> str:
    """Redundant parentheses around every returned and assigned value (in the text: the tree has none)."""
    out = _out(_module(text))
    return re.sub(r"^(\s*(?:return|[\w.]+ =) )(.+)$", lambda m: f"{m[1]}({m[2]})", out, flags=re.M)


def bodies_in_if_true(text: str) -> str:
    """Every function's body (its docstring apart) in `if True:`."""
    return _wrap_body(text, "if True:")


class _SplitChains(ast.NodeTransformer):
    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) < 2:
            return node
        lefts = [node.left, *node.comparators[:-1]]
        return ast.BoolOp(ast.And(), [ast.Compare(l, [o], [r]) for l, o, r in zip(lefts, node.ops, node.comparators)])


class _JoinChains(ast.NodeTransformer):
    def visit_BoolOp(self, node):
        self.generic_visit(node)
        v = node.values
        if isinstance(node.op, ast.And) and len(v) == 2 and all(isinstance(c, ast.Compare) and len(c.ops) == 1
                                                               for c in v) \
                and ast.dump(v[0].comparators[0]) == ast.dump(v[1].left):
            return ast.Compare(v[0].left, [v[0].ops[0], v[1].ops[0]], [v[0].comparators[0], v[1].comparators[0]])
        return node


def chains_split(text: str) -> str:
    """`a < b < c` as `a < b and b < c`, and the other way round."""
    tree = _module(text)
    if not any(isinstance(n, ast.Compare) and len(n.ops) > 1 for n in ast.walk(tree)):
        return _out(_JoinChains().visit(tree))
    return _out(_SplitChains().visit(tree))


class _NotNot(ast.NodeTransformer):
    def _test(self, node):
        self.generic_visit(node)
        node.test = ast.UnaryOp(ast.Not(), ast.UnaryOp(ast.Not(), node.test))
        return node

    visit_If = visit_While = visit_IfExp = _test


def not_not(text: str) -> str:
    """Every `if`, `while` and conditional expression's test as `not not test`."""
    return _out(_NotNot().visit(_module(text)))


class _IfTrueElse(ast.NodeTransformer):
    def visit_Return(self, node):
        self.generic_visit(node)
        if node.value is not None:
            node.value = ast.IfExp(ast.Constant(True), node.value, ast.Constant(None))
        return node


def if_true_else(text: str) -> str:
    """`return e` as `return e if True else None`."""
    return _out(_IfTrueElse().visit(_module(text)))


def _docstring(node):
    first = node.body[0] if node.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first
    return None


def docstrings_dropped(text: str) -> str:
    """Every docstring (module, class, function) out."""
    tree = _module(text)
    for n in [tree, *_functions(tree), *_classes(tree)]:
        if _docstring(n) is not None:
            n.body = n.body[1:] or [ast.Pass()]
    return _out(tree)


def docstrings_as_doc(text: str) -> str:
    """Each class's docstring as `__doc__ = "..."` at the end of its body, the module's after its imports."""
    tree = _module(text)
    for cls in _classes(tree):
        doc = _docstring(cls)
        if doc is not None:
            cls.body = cls.body[1:] + [ast.Assign([ast.Name("__doc__", ast.Store())], doc.value)]
    doc = _docstring(tree)
    if doc is not None:
        rest = tree.body[1:]
        at = next((i for i, s in enumerate(rest) if not isinstance(s, (ast.Import, ast.ImportFrom))), len(rest))
        tree.body = rest[:at] + [ast.Assign([ast.Name("__doc__", ast.Store())], doc.value)] + rest[at:]
    return _out(tree)


def imports_in_functions(text: str) -> str:
    """Each module-level `import m` (not `from __future__`) out of the module and into every function that names
    m (the first statement after its docstring)."""
    tree = _module(text)
    imports = [s for s in tree.body if isinstance(s, ast.Import)]
    if not imports:
        raise ValueError("no import")
    tree.body = [s for s in tree.body if s not in imports]
    for f in _functions(tree):
        used = {n.id for n in ast.walk(f) if isinstance(n, ast.Name)}
        mine = [copy.deepcopy(s) for s in imports if any((a.asname or a.name).split(".")[0] in used for a in s.names)]
        at = 1 if _docstring(f) is not None else 0
        f.body[at:at] = mine
    return _out(tree)


def star_import(text: str) -> str:
    """`import math` as `from math import *`, `math.exp(x)` as `exp(x)` (names the file binds itself excepted)."""
    import math as math_module

    tree = _module(text)
    if not any(isinstance(s, ast.Import) and any(a.name == "math" and a.asname is None for a in s.names)
               for s in tree.body):
        raise ValueError("no import math")
    in_classes = {id(s) for c in _classes(tree) for s in c.body}  # a method's name is no global
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)} \
        | {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and id(n) not in in_classes} \
        | {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}

    class Star(ast.NodeTransformer):
        def visit_Attribute(self, node):
            self.generic_visit(node)
            if isinstance(node.value, ast.Name) and node.value.id == "math" and node.attr not in bound \
                    and hasattr(math_module, node.attr):
                return ast.Name(node.attr, node.ctx)
            return node

    tree = Star().visit(tree)
    for i, s in enumerate(tree.body):
        if isinstance(s, ast.Import) and any(a.name == "math" for a in s.names):
            rest = [a for a in s.names if a.name != "math"]
            tree.body[i:i + 1] = [ast.ImportFrom("math", [ast.alias("*")], 0)] + ([ast.Import(rest)] if rest else [])
            break
    if any(isinstance(n, ast.Name) and n.id == "math" for n in ast.walk(tree)):
        raise ValueError("math still named")
    return _out(tree)


def mangled(text: str) -> str:
    """Every attribute and method named `_x` (one underscore, not a dunder) as `__x`: mangled by Python to `_C__x`
    inside each class."""
    tree = _module(text)
    names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} \
        | {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    private = {x for x in names if x.startswith("_") and not x.startswith("__") and len(x) > 1}
    if len(_classes(tree)) != 1:
        raise ValueError("one class only: a mangled name is its class's")
    cls = _classes(tree)[0]
    outside = [n for top in tree.body if top is not cls for n in ast.walk(top)
               if isinstance(n, ast.Attribute) and n.attr in private]
    if outside:
        raise ValueError("a private name used outside the class")
    for n in ast.walk(cls):
        if isinstance(n, ast.Attribute) and n.attr in private:
            n.attr = "_" + n.attr
        elif isinstance(n, ast.FunctionDef) and n.name in private and n in cls.body:
            n.name = "_" + n.name
    return _out(tree)


def wraps_decorator(text: str) -> str:
    """`def _keep(f): @functools.wraps(f) def inner(*a, **k): return f(*a, **k); return inner` at the top, `@_keep` on
    every method and function."""
    tree = _module(text)
    for f in _functions(tree):
        f.decorator_list.insert(0, ast.Name("_keep", ast.Load()))
    at = next(i for i, s in enumerate(tree.body) if isinstance(s, (ast.ClassDef, ast.FunctionDef)))
    tree.body.insert(at, _parse_stmt("def _keep(f):\n    @functools.wraps(f)\n    def inner(*a, **k):\n"
                                     "        return f(*a, **k)\n    return inner"))
    return _out(_with_import(tree, "functools"))


def static_helpers(text: str) -> str:
    """Every module-level function moved into the first class as a `@staticmethod`, called as `Class.f(...)`."""
    tree = _module(text)
    classes = [s for s in tree.body if isinstance(s, ast.ClassDef)]
    moved = [s for s in tree.body if isinstance(s, ast.FunctionDef) and not s.decorator_list]
    if not classes or not moved:
        raise ValueError("no class or no module function")
    cls, names = classes[0], {f.name for f in moved}

    class Calls(ast.NodeTransformer):
        def visit_Name(self, node):
            if node.id in names and isinstance(node.ctx, ast.Load):
                return ast.Attribute(ast.Name(cls.name, ast.Load()), node.id, ast.Load())
            return node

    tree.body = [s for s in tree.body if s not in moved]
    for f in moved:
        f.decorator_list = [ast.Name("staticmethod", ast.Load())]
    cls.body = moved + cls.body
    return _out(Calls().visit(tree))


def keyword_arguments(text: str) -> str:
    """Calls of the file's own classes and functions with their arguments after the first as keywords (by the
    parameters of the class's `__init__` or the function)."""
    tree = _module(text)
    params = {}
    for top in tree.body:
        if isinstance(top, ast.FunctionDef):
            params[top.name] = [a.arg for a in top.args.args]
        elif isinstance(top, ast.ClassDef):
            init = next((m for m in _methods_of(top) if m.name == "__init__"), None)
            if init is not None:
                params[top.name] = [a.arg for a in init.args.args[1:]]
    done = 0
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in params \
                and not any(isinstance(a, ast.Starred) for a in n.args) \
                and len(n.args) <= len(params[n.func.id]) and len(n.args) > 1:
            names = params[n.func.id]
            n.keywords = [ast.keyword(names[i], a) for i, a in enumerate(n.args) if i >= 1] + n.keywords
            n.args = n.args[:1]
            done += 1
    if not done:
        raise ValueError("no call to take keywords")
    return _out(tree)


def default_arguments(text: str) -> str:
    """Every parameter after `self` (and a function's) with a default: `None` where it had none."""
    tree = _module(text)
    for f in _functions(tree):
        args = f.args.posonlyargs + f.args.args
        skip = 1 if args and args[0].arg in ("self", "cls") else 0
        f.args.defaults = [ast.Constant(None)] * (len(args) - skip - len(f.args.defaults)) + f.args.defaults
        f.args.kw_defaults = [d if d is not None else ast.Constant(None) for d in f.args.kw_defaults]
    return _out(tree)


def lambdas_assigned(text: str) -> str:
    """Every function (not a method) whose body is one `return e` as `name = lambda ...: e` (a closure's too)."""
    tree = _module(text)
    methods = {id(m) for c in _classes(tree) for m in _methods_of(c)}
    done = 0
    for node, field, block in list(_blocks(tree)):
        for i, s in enumerate(block):
            if isinstance(s, ast.FunctionDef) and id(s) not in methods and not s.decorator_list \
                    and len(s.body) == 1 and isinstance(s.body[0], ast.Return) and s.body[0].value is not None:
                block[i] = ast.copy_location(ast.Assign([ast.Name(s.name, ast.Store())],
                                                        ast.Lambda(s.args, s.body[0].value)), s)
                done += 1
    if not done:
        raise ValueError("no one-return function")
    return _out(tree)


def aug_written_out(text: str) -> str:
    """`x += e` as `x = x + e` (attributes and names)."""
    tree = _module(text)
    for node, field, block in list(_blocks(tree)):
        for i, s in enumerate(block):
            if isinstance(s, ast.AugAssign) and isinstance(s.target, (ast.Name, ast.Attribute)):
                load = copy.deepcopy(s.target)
                load.ctx = ast.Load()
                block[i] = ast.copy_location(ast.Assign([s.target], ast.BinOp(load, s.op, s.value)), s)
    return _out(tree)


FRESH15 = {"neg-sub": neg_sub, "list-reversed": list_reversed, "percent-format": percent_format,
           "half-times": half_times, "one-times": one_times, "dict-stores": dict_stores,
           "pass-statements": pass_statements, "parenthesised": parenthesised,
           "bodies-in-if-true": bodies_in_if_true, "chains-split": chains_split, "not-not": not_not,
           "if-true-else": if_true_else, "docstrings-dropped": docstrings_dropped,
           "docstrings-as-doc": docstrings_as_doc, "imports-in-functions": imports_in_functions,
           "star-import": star_import, "mangled": mangled, "wraps-decorator": wraps_decorator,
           "static-helpers": static_helpers, "keyword-arguments": keyword_arguments,
           "default-arguments": default_arguments, "lambdas-assigned": lambdas_assigned,
           "aug-written-out": aug_written_out}
TRICKS.update(FRESH15)


# -- session 16 (simread5): a hostile student who has read docs/similarity.md and the source ---------------------
# Each is what Python runs (the same values, the same gradients), and none is in docs/similarity.md's list of what
# the reading normalises, fresh_tricks' earlier tables, read_tricks.py's or thirteenth.py's.


class _NotIn(ast.NodeTransformer):
    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.NotIn, ast.IsNot)):
            plain = ast.In() if isinstance(node.ops[0], ast.NotIn) else ast.Is()
            return ast.UnaryOp(ast.Not(), ast.Compare(node.left, [plain], node.comparators))
        return node


def not_in_spelt(text: str) -> str:
    """`a not in b` as `not a in b`, `a is not b` as `not a is b`."""
    return _out(_NotIn().visit(_module(text)))


class _IsinstanceTuple(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "isinstance" and len(node.args) == 2 \
                and not isinstance(node.args[1], ast.Tuple):
            node.args[1] = ast.Tuple([node.args[1]], ast.Load())
        return node


def isinstance_tuple(text: str) -> str:
    """`isinstance(x, C)` as `isinstance(x, (C,))`."""
    return _out(_IsinstanceTuple().visit(_module(text)))


_UNBOUND = {"append": "list", "add": "set", "extend": "list", "pop": "list"}


class _Unbound(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in _UNBOUND and isinstance(f.value, (ast.Name, ast.Attribute)) \
                and not (isinstance(f.value, ast.Name) and f.value.id in ("math", "self")) and not node.keywords:
            return ast.Call(ast.Attribute(ast.Name(_UNBOUND[f.attr], ast.Load()), f.attr, ast.Load()),
                            [f.value, *node.args], [])
        return node


def unbound_methods(text: str) -> str:
    """`xs.append(e)` as `list.append(xs, e)`, `s.add(e)` as `set.add(s, e)` (extend, pop too)."""
    return _out(_Unbound().visit(_module(text)))


class _ExtendUpdate(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in ("append", "add") and len(node.args) == 1 \
                and not node.keywords and not isinstance(node.args[0], ast.Starred) \
                and isinstance(f.value, (ast.Name, ast.Attribute)):
            f.attr = "extend" if f.attr == "append" else "update"
            node.args = [ast.Tuple([node.args[0]], ast.Load())]
        return node


def extend_update(text: str) -> str:
    """`xs.append(e)` as `xs.extend((e,))`, `s.add(e)` as `s.update((e,))`."""
    return _out(_ExtendUpdate().visit(_module(text)))


_DUNDER = {ast.Add: "__add__", ast.Sub: "__sub__", ast.Mult: "__mul__", ast.Div: "__truediv__", ast.Pow: "__pow__"}


def dunder_calls(text: str) -> str:
    """`self + e` (and - * / **) as `self.__add__(e)` in a class that defines that method."""
    tree = _module(text)
    for cls in _classes(tree):
        defined = {m.name for m in cls.body if isinstance(m, ast.FunctionDef)}

        class Calls(ast.NodeTransformer):
            def visit_BinOp(self, node):
                self.generic_visit(node)
                name = _DUNDER.get(type(node.op))
                if name in defined and isinstance(node.left, ast.Name) and node.left.id == "self":
                    return ast.Call(ast.Attribute(node.left, name, ast.Load()), [node.right], [])
                return node

        Calls().visit(cls)
    return _out(tree)


class _AugNeg(ast.NodeTransformer):
    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Add) and isinstance(node.target, ast.Attribute) and node.target.attr == "grad":
            node.op, node.value = ast.Sub(), ast.UnaryOp(ast.USub(), node.value)
        return node


def aug_neg(text: str) -> str:
    """`v.grad += e` as `v.grad -= -e` (-(e) for a compound e)."""
    return _out(_AugNeg().visit(_module(text)))


class _Constructors(ast.NodeTransformer):
    def visit_Constant(self, node):
        for value, name in ((0, "int"), (0.0, "float"), ("", "str")):
            if type(node.value) is type(value) and node.value == value:
                return ast.Call(ast.Name(name, ast.Load()), [], [])
        return node

    def visit_Tuple(self, node):
        self.generic_visit(node)
        return node if node.elts or not isinstance(node.ctx, ast.Load) else ast.Call(ast.Name("tuple", ast.Load()),
                                                                                      [], [])

    def visit_List(self, node):
        self.generic_visit(node)
        return node if node.elts or not isinstance(node.ctx, ast.Load) else ast.Call(ast.Name("list", ast.Load()),
                                                                                     [], [])

    def visit_JoinedStr(self, node):
        return node

    def visit_arguments(self, node):  # defaults stay literals
        return node


def constructors(text: str) -> str:
    """`0`, `0.0`, `""`, `()` and `[]` as `int()`, `float()`, `str()`, `tuple()` and `list()` (not defaults)."""
    return _out(_Constructors().visit(_module(text)))


class _StarCall(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        if len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args):
            node.args = [ast.Starred(ast.Tuple(node.args, ast.Load()), ast.Load())]
        return node


def star_calls(text: str) -> str:
    """Every call of two or more positional arguments as `f(*(a, b))`."""
    return _out(_StarCall().visit(_module(text)))


def eta_lambdas(text: str) -> str:
    """`out._backward = _backward` (a closure of the function bound to an attribute) as `out._backward = lambda:
    _backward()`."""
    tree = _module(text)
    for function in _functions(tree):
        local = {s.name for s in function.body if isinstance(s, ast.FunctionDef) and not s.args.args}
        for s in ast.walk(function):
            if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Attribute) \
                    and isinstance(s.value, ast.Name) and s.value.id in local:
                s.value = ast.Lambda(ast.arguments([], [], None, [], [], None, []),
                                     ast.Call(ast.Name(s.value.id, ast.Load()), [], []))
    return _out(tree)


class _ExpPow(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "exp" and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "math" and len(node.args) == 1:
            return ast.Call(ast.Attribute(ast.Name("math", ast.Load()), "pow", ast.Load()),
                            [ast.Attribute(ast.Name("math", ast.Load()), "e", ast.Load()), node.args[0]], [])
        return node


def exp_math_pow(text: str) -> str:
    """`math.exp(x)` as `math.pow(math.e, x)`."""
    return _out(_ExpPow().visit(_module(text)))


class _Singleton(ast.NodeTransformer):
    def visit_Attribute(self, node):
        self.generic_visit(node)
        if node.attr in ("data", "grad") and isinstance(node.ctx, ast.Load):
            return ast.Subscript(ast.Tuple([node], ast.Load()), ast.Constant(0), ast.Load())
        return node


def singleton_index(text: str) -> str:
    """Every read of `v.data` and `v.grad` as `(v.data,)[0]`."""
    return _out(_Singleton().visit(_module(text)))


class _Cast(ast.NodeTransformer):
    def visit_Return(self, node):
        self.generic_visit(node)
        if node.value is not None:
            node.value = ast.Call(ast.Attribute(ast.Name("typing", ast.Load()), "cast", ast.Load()),
                                  [ast.Constant("Value"), node.value], [])
        return node


def typing_casts(text: str) -> str:
    """Every returned value as `typing.cast("Value", e)` (typing.cast returns e)."""
    return _out(_with_import(_Cast().visit(_module(text)), "typing"))


def enumerate_loops(text: str) -> str:
    """`for x in xs:` (statements and comprehensions) as `for _, x in enumerate(xs):`."""
    tree = _module(text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.comprehension)) and not (
                isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name)
                and node.iter.func.id in ("enumerate", "zip")):
            node.target = ast.Tuple([ast.Name("_", ast.Store()), node.target], ast.Store())
            node.iter = ast.Call(ast.Name("enumerate", ast.Load()), [node.iter], [])
    return _out(tree)


def loops_over_lists(text: str) -> str:
    """`for x in xs:` as `for x in list(xs):` (statements; xs not a call already)."""
    tree = _module(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and not isinstance(node.iter, ast.Call):
            node.iter = ast.Call(ast.Name("list", ast.Load()), [node.iter], [])
    return _out(tree)


def asserts_added(text: str) -> str:
    """`assert isinstance(self, Value)` (the class's name) first in every method."""
    tree = _module(text)
    for cls in _classes(tree):
        for m in _methods_of(cls):
            if m.args.args and m.args.args[0].arg == "self" and not m.decorator_list:
                at = 1 if m.body and isinstance(m.body[0], ast.Expr) and isinstance(m.body[0].value, ast.Constant) \
                    else 0
                m.body.insert(at, _parse_stmt(f"assert isinstance(self, {cls.name})"))
    return _out(tree)


class _Concat(ast.NodeTransformer):
    def visit_JoinedStr(self, node):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(v)
            elif v.format_spec is None and v.conversion in (-1, 115, 114):
                parts.append(ast.Call(ast.Name("repr" if v.conversion == 114 else "str", ast.Load()), [v.value], []))
            else:
                return node
        if not parts:
            return node
        out = parts[0] if not isinstance(parts[0], ast.Constant) or len(parts) > 1 else parts[0]
        if isinstance(out, ast.Call) or len(parts) == 1:
            out = ast.BinOp(ast.Constant(""), ast.Add(), parts[0]) if isinstance(parts[0], ast.Call) else parts[0]
        for p in parts[1:]:
            out = ast.BinOp(out, ast.Add(), p)
        return out


def fstring_concat(text: str) -> str:
    """f-strings without format specs as `"..." + str(e) + "..."`."""
    return _out(_Concat().visit(_module(text)))


FRESH16 = {"not-in-spelt": not_in_spelt, "isinstance-tuple": isinstance_tuple, "unbound-methods": unbound_methods,
           "extend-update": extend_update, "dunder-calls": dunder_calls, "aug-neg": aug_neg,
           "constructors": constructors, "star-calls": star_calls, "eta-lambdas": eta_lambdas,
           "exp-math-pow": exp_math_pow, "singleton-index": singleton_index, "typing-casts": typing_casts,
           "enumerate-loops": enumerate_loops, "loops-over-lists": loops_over_lists, "asserts-added": asserts_added,
           "fstring-concat": fstring_concat}
TRICKS.update(FRESH16)


class _ElsePass(ast.NodeTransformer):
    def __init__(self, kinds):
        self.kinds = kinds

    def generic_visit(self, node):
        super().generic_visit(node)
        if isinstance(node, self.kinds) and not node.orelse:
            node.orelse = [ast.Pass()]
        return node


def loops_else_pass(text: str) -> str:
    """`else: pass` after every `for` and `while` that has no `else`."""
    return _out(_ElsePass((ast.For, ast.While)).visit(_module(text)))


def ifs_else_pass(text: str) -> str:
    """`else: pass` after every `if` that has no `else`."""
    return _out(_ElsePass((ast.If,)).visit(_module(text)))


class _Invoked(ast.NodeTransformer):
    def visit_Return(self, node):
        self.generic_visit(node)
        if node.value is not None and not any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr))
                                              for n in ast.walk(node.value)):
            node.value = ast.Call(ast.Lambda(ast.arguments([], [], None, [], [], None, []), node.value), [], [])
        return node


def invoked_lambdas(text: str) -> str:
    """`return e` as `return (lambda: e)()` (in a method: `super()` aside, which a lambda cannot call)."""
    tree = _module(text)
    if "super()" in text:
        return text
    return _out(_Invoked().visit(tree))


class _BoolTests(ast.NodeTransformer):
    def generic_visit(self, node):
        super().generic_visit(node)
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            node.test = ast.Call(ast.Name("bool", ast.Load()), [node.test], [])
        return node


def bool_tests(text: str) -> str:
    """Every `if`, `while` and conditional expression's test T as `bool(T)`."""
    return _out(_BoolTests().visit(_module(text)))


class _SplitConstants(ast.NodeTransformer):
    def visit_Constant(self, node):
        if type(node.value) is int and 1 <= node.value <= 4:
            return ast.BinOp(ast.Constant(node.value - 1), ast.Add(), ast.Constant(1))
        if type(node.value) is float and node.value in (0.5, 1.0, 2.0):
            return ast.BinOp(ast.Constant(node.value / 2), ast.Mult(), ast.Constant(2))
        return node

    def visit_Subscript(self, node):  # indices stay
        node.value = self.visit(node.value)
        return node

    def visit_arguments(self, node):
        return node


def split_constants(text: str) -> str:
    """Small numbers written as arithmetic of constants: `2` as `1 + 1`, `1.0` as `0.5 * 2` (Python folds them)."""
    return _out(_SplitConstants().visit(_module(text)))


class _ProtocolDunders(ast.NodeTransformer):
    def visit_Subscript(self, node):
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and not isinstance(node.slice, ast.Slice):
            return ast.Call(ast.Attribute(node.value, "__getitem__", ast.Load()), [node.slice], [])
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1:
            return ast.Call(ast.Attribute(node.args[0], "__len__", ast.Load()), [], [])
        return node


def protocol_dunders(text: str) -> str:
    """`xs[i]` (a load) as `xs.__getitem__(i)`, `len(xs)` as `xs.__len__()`."""
    return _out(_ProtocolDunders().visit(_module(text)))


FRESH16.update({"loops-else-pass": loops_else_pass, "ifs-else-pass": ifs_else_pass,
                "invoked-lambdas": invoked_lambdas, "bool-tests": bool_tests, "split-constants": split_constants,
                "protocol-dunders": protocol_dunders})
TRICKS.update(FRESH16)


def _bodies_in(text: str, head: str) -> str:
    """Every function's body (its docstring apart) inside the compound statement HEAD (`match 0:` ...)."""
    tree = _module(text)
    for function in _functions(tree):
        at = 1 if function.body and isinstance(function.body[0], ast.Expr) \
            and isinstance(function.body[0].value, ast.Constant) and isinstance(function.body[0].value.value, str) \
            else 0
        if function.body[at:]:
            outer = ast.parse(head + "\n" + " " * 4 * head.count(":") + "pass\n").body[0]
            inner = outer.cases[0] if isinstance(outer, ast.Match) else outer
            inner.body = function.body[at:]
            function.body[at:] = [outer]
    return _out(tree)


def bodies_in_match(text: str) -> str:
    """Every function's body in `match 0:` / `case _:` (one wildcard case: it runs once)."""
    return _bodies_in(text, "match 0:\n    case _:")


def bodies_in_one_loop(text: str) -> str:
    """Every function's body in `for _ in (None,):` (a loop over one item it never reads: it runs once)."""
    return _bodies_in(text, "for _ in (None,):")


FRESH16.update({"bodies-in-match": bodies_in_match, "bodies-in-one-loop": bodies_in_one_loop})
TRICKS.update(FRESH16)


# -- session 17 (simread6): FRESH17, Python's own equivalences a student who read the method could script ----------

def _edited(text: str, transformer) -> str:
    tree = _module(text)
    tree = transformer.visit(tree)
    ast.fix_missing_locations(tree)
    return _out(tree)


class _AssertRaise(ast.NodeTransformer):
    def visit_Assert(self, node):
        raised = ast.Call(ast.Name("AssertionError", ast.Load()), [node.msg] if node.msg else [], [])
        return ast.If(ast.UnaryOp(ast.Not(), node.test), [ast.Raise(raised, None)], [])


def assert_as_raise(text: str) -> str:
    """`assert c, m` as `if not c: raise AssertionError(m)` (what `assert` is, optimisation apart)."""
    return _edited(text, _AssertRaise())


class _SwappedIfs(ast.NodeTransformer):
    def visit_If(self, node):
        self.generic_visit(node)
        if not node.orelse or len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            return node
        return ast.If(ast.UnaryOp(ast.Not(), node.test), node.orelse, node.body)


def ifs_swapped(text: str) -> str:
    """`if c: A else: B` (B not an elif) as `if not c: B else: A`."""
    return _edited(text, _SwappedIfs())


class _ShortCircuit(ast.NodeTransformer):
    def visit_If(self, node):
        self.generic_visit(node)
        if node.orelse or len(node.body) != 1 or not isinstance(node.body[0], ast.Expr):
            return node
        return ast.Expr(ast.BoolOp(ast.And(), [node.test, node.body[0].value]))


def ifs_as_and(text: str) -> str:
    """`if c: f(x)` (one expression, no else) as the statement `c and f(x)` (short circuit as control flow)."""
    return _edited(text, _ShortCircuit())


class _Methodcaller(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Attribute) and not node.keywords \
                and not any(isinstance(a, ast.Starred) for a in node.args) \
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id in ("math", "operator")):
            caller = ast.Call(ast.Attribute(ast.Name("operator", ast.Load()), "methodcaller", ast.Load()),
                              [ast.Constant(node.func.attr), *node.args], [])
            return ast.Call(caller, [node.func.value], [])
        return node


def methodcaller_calls(text: str) -> str:
    """`v._backward()` / `topo.append(v)` as `operator.methodcaller('_backward')(v)` (every method call)."""
    return _edited(_out(_with_import(_module(text), "operator")), _Methodcaller())


class _Attrgetter(ast.NodeTransformer):
    def visit_Attribute(self, node):
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and node.attr in _API:
            return ast.Call(ast.Call(ast.Attribute(ast.Name("operator", ast.Load()), "attrgetter", ast.Load()),
                                     [ast.Constant(node.attr)], []), [node.value], [])
        return node


def attrgetter_loads(text: str) -> str:
    """`x.grad` (the engine's attributes, loaded) as `operator.attrgetter('grad')(x)`."""
    return _edited(_out(_with_import(_module(text), "operator")), _Attrgetter())


class _RangeLen(ast.NodeTransformer):
    def visit_For(self, node):
        self.generic_visit(node)
        if node.orelse or not isinstance(node.target, ast.Name) or not isinstance(node.iter, ast.Name):
            return node
        index = f"_{node.target.id}_i"
        head = ast.Assign([ast.Name(node.target.id, ast.Store())],
                          ast.Subscript(ast.Name(node.iter.id, ast.Load()), ast.Name(index, ast.Load()), ast.Load()))
        iterated = ast.Call(ast.Name("range", ast.Load()),
                            [ast.Call(ast.Name("len", ast.Load()), [ast.Name(node.iter.id, ast.Load())], [])], [])
        return ast.For(ast.Name(index, ast.Store()), iterated, [head, *node.body], [])


def range_len_loops(text: str) -> str:
    """`for x in xs:` (a list named) as `for i in range(len(xs)): x = xs[i]`."""
    return _edited(text, _RangeLen())


class _IterCalls(ast.NodeTransformer):
    def visit_For(self, node):
        self.generic_visit(node)
        node.iter = ast.Call(ast.Name("iter", ast.Load()), [node.iter], [])
        return node


def iter_loops(text: str) -> str:
    """`for x in xs:` as `for x in iter(xs):` (what `for` calls)."""
    return _edited(text, _IterCalls())


def class_attributes(text: str) -> str:
    """`self.grad = 0` (a constant stored in __init__) as the class attribute `grad = 0` (read the same way)."""
    tree = _module(text)
    for cls in _classes(tree):
        init = next((m for m in _methods_of(cls) if m.name == "__init__"), None)
        if init is None:
            continue
        moved = [s for s in init.body if isinstance(s, ast.Assign) and len(s.targets) == 1
                 and isinstance(s.targets[0], ast.Attribute) and isinstance(s.targets[0].value, ast.Name)
                 and s.targets[0].value.id == init.args.args[0].arg and isinstance(s.value, ast.Constant)
                 and s.targets[0].attr != "__slots__"]
        if not moved or any(isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                               for t in s.targets) for s in cls.body):
            continue
        init.body = [s for s in init.body if s not in moved] or [ast.Pass()]
        cls.body[0:0] = [ast.Assign([ast.Name(s.targets[0].attr, ast.Store())], s.value) for s in moved]
    return _out(tree)


class _FreeAsDefaults(ast.NodeTransformer):
    def visit_FunctionDef(self, node):
        params = {a.arg for a in node.args.args + node.args.kwonlyargs}
        stored = {n.id for s in node.body for n in ast.walk(s) if isinstance(n, ast.Name)
                  and isinstance(n.ctx, ast.Store)}
        for inner in [s for s in node.body if isinstance(s, ast.FunctionDef)]:
            if inner.args.args or inner.args.vararg or inner.args.kwonlyargs or inner.args.kwarg:
                continue
            own = {n.id for n in ast.walk(inner) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            free = sorted({n.id for n in ast.walk(inner) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                           and n.id in params | stored and n.id not in own and n.id != inner.name})
            nonlocals = {name for s in ast.walk(inner) if isinstance(s, ast.Nonlocal) for name in s.names}
            free = [f for f in free if f not in nonlocals]
            inner.args.args = [ast.arg(f) for f in free]
            inner.args.defaults = [ast.Name(f, ast.Load()) for f in free]
        self.generic_visit(node)
        return node


def defaults_captured(text: str) -> str:
    """A nested `def _backward():` closing over self, other, out as `def _backward(self=self, other=other,
    out=out):` (each free name bound as a default when the function is made)."""
    return _edited(text, _FreeAsDefaults())


FRESH17 = {"assert-as-raise": assert_as_raise, "ifs-swapped": ifs_swapped, "ifs-as-and": ifs_as_and,
           "methodcaller-calls": methodcaller_calls, "attrgetter-loads": attrgetter_loads,
           "range-len-loops": range_len_loops, "iter-loops": iter_loops, "class-attributes": class_attributes,
           "defaults-captured": defaults_captured}
TRICKS.update(FRESH17)


# -- session 19 (simread8): FRESH19, rewrites other hands' copiers may use that the tuning classes may not hold -----

def _coercion(method):
    """The opening statement of METHOD (self, other) that coerces `other` and reads nothing else of the method's
    own, or None."""
    args = method.args
    if len(args.args) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.defaults or method.decorator_list:
        return None
    other = args.args[1].arg
    body = method.body[1:] if _docstring(method) else method.body
    if len(body) < 2:
        return None
    first = body[0]
    assigned = first if isinstance(first, ast.Assign) else first.body[0] if isinstance(first, ast.If) \
        and len(first.body) == 1 and isinstance(first.body[0], ast.Assign) and not first.orelse else None
    if assigned is None or len(assigned.targets) != 1 or not isinstance(assigned.targets[0], ast.Name) \
            or assigned.targets[0].id != other:
        return None
    names = {n.id for n in ast.walk(first) if isinstance(n, ast.Name)}
    if args.args[0].arg in names:
        return None
    return first


def lifted_coercion(text: str) -> str:
    """Each binary method that opens by coercing its operand (`other = other if isinstance(other, Value) else
    Value(other)`) as the method without that line under a decorator the file defines, which coerces (`def
    _lifted(f): def w(self, other): <the line>; return f(self, other); return w`)."""
    tree = _module(text)
    made = {}
    for cls in [s for s in tree.body if isinstance(s, ast.ClassDef)]:
        for method in _methods_of(cls):
            first = _coercion(method)
            if first is None:
                continue
            other = method.args.args[1].arg
            key = ast.dump(first)
            if key not in made:
                name = f"_lifted{len(made) or ''}"
                wrapper = ast.parse(f"def {name}(f):\n    def w(self, {other}):\n        pass\n"
                                    f"        return f(self, {other})\n    return w\n").body[0]
                wrapper.body[0].body[0] = copy.deepcopy(first)
                made[key] = (name, wrapper)
            method.body.remove(first)
            method.decorator_list = [ast.Name(made[key][0], ast.Load())]
    if not made:
        raise ValueError("no coercing method")
    at = next(i for i, s in enumerate(tree.body) if isinstance(s, ast.ClassDef))
    tree.body[at:at] = [w for _, w in made.values()]
    return _out(tree)


class _IterBound(ast.NodeTransformer):
    def __init__(self):
        self.count = 0

    def _block(self, block):
        out = []
        for s in block:
            s = self.visit(s)
            if isinstance(s, ast.For):
                name = f"_it{self.count}"
                self.count += 1
                out.append(ast.copy_location(ast.Assign([ast.Name(name, ast.Store())],
                                                         ast.Call(ast.Name("iter", ast.Load()), [s.iter], [])), s))
                s.iter = ast.Name(name, ast.Load())
            out.append(s)
        return out

    def generic_visit(self, node):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(node, field, self._block(block))
        for h in getattr(node, "handlers", []):
            h.body = self._block(h.body)
        return node


def iter_bound(text: str) -> str:
    """`for x in xs:` as `_it = iter(xs)` then `for x in _it:` (`_it` read nowhere else)."""
    return _edited(text, _IterBound())


def _dispatch(node) -> list | None:
    """The branches [(test, body)] and the last else of an if/elif chain testing one name against distinct constants
    (`op == "+"`) or classes (`isinstance(x, C)`), or None."""
    branches, subject = [], None
    while True:
        t = node.test
        if isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq) \
                and isinstance(t.comparators[0], ast.Constant):
            key = ("eq", ast.dump(t.left))
        elif isinstance(t, ast.Call) and isinstance(t.func, ast.Name) and t.func.id == "isinstance" \
                and len(t.args) == 2:
            key = ("isinstance", ast.dump(t.args[0]))
        else:
            return None
        if subject not in (None, key):
            return None
        subject = key
        branches.append((t, node.body))
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        return (branches, node.orelse) if len(branches) > 1 else None


def _changed(text: str, made: str) -> str:
    """MADE, or ValueError where it is TEXT written out again (the trick found nothing to apply to)."""
    if made == _out(_module(text)):
        raise ValueError("nothing to apply to")
    return made


class _Reordered(ast.NodeTransformer):
    def visit_If(self, node):
        found = _dispatch(node)
        self.generic_visit(node)
        if found is None:
            return node
        branches, rest = found
        out = rest
        for test, body in branches:  # built from the last: the first branch ends innermost
            out = [ast.If(test, body, out)]
        return out[0]


def elif_reordered(text: str) -> str:
    """An if/elif chain of `x == constant` (or `isinstance(x, C)`) tests of one subject, its branches reversed."""
    return _changed(text, _edited(text, _Reordered()))


class _EqSwapped(ast.NodeTransformer):
    def visit_If(self, node):
        self.generic_visit(node)
        t = node.test
        if node.orelse and not (len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If)) \
                and isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], (ast.Eq, ast.NotEq)):
            turned = ast.NotEq() if isinstance(t.ops[0], ast.Eq) else ast.Eq()
            return ast.If(ast.Compare(t.left, [turned], t.comparators), node.orelse, node.body)
        return node


def eq_swapped(text: str) -> str:
    """`if a == b: X else: Y` as `if a != b: Y else: X` (and `!=` as `==`)."""
    return _changed(text, _edited(text, _EqSwapped()))


FRESH19 = {"lifted-coercion": lifted_coercion, "iter-bound": iter_bound, "elif-reordered": elif_reordered,
           "eq-swapped": eq_swapped}
TRICKS.update(FRESH19)


def table(classes: dict, tricks: dict) -> dict:
    """{variant: {(class, cluster): (source, copy) score}} for `unparsed` and each of TRICKS (a source a trick
    cannot apply to, or whose variant fails the check, left out of that variant)."""
    import rescore
    import run
    from fifth import check

    from grader.similarity.cohort import read_document, starter_kgrams

    cache = run.HERE / "build" / "rescore-cache" / rescore.reading_digest()
    variants = {"unparsed": lambda t: _out(_module(t)), **tricks}
    scores = {v: {} for v in variants}
    skipped = {v: 0 for v in variants}
    for name, (data, labels) in classes.items():
        folder = data / "main"
        documents, public = rescore.kept_reading(folder, cache)
        texts = run.submitted_texts(folder / "submissions")
        starter = run.starter_file(folder)
        kgrams = starter_kgrams({starter.name: starter.read_text(encoding="utf-8")}, restyled=True)
        public_kgrams, variant_kgrams = run.known_kgrams(
            {starter.name: run.public_source(folder).read_text(encoding="utf-8")}, run.canonical_sources())
        sources, first = sources_and_copies(labels)
        for variant, trick in variants.items():
            cohort = {d.id: d for d in documents}
            made = {}
            for cluster, copy_id in first.items():
                try:
                    made[cluster] = trick(texts[sources[cluster]])
                    check(made[cluster], f"{variant}-{copy_id}")
                except Exception:  # noqa: BLE001 (a trick that does not apply to this source)
                    made.pop(cluster, None)
                    skipped[variant] += 1
                    continue
                cohort[copy_id] = read_document(copy_id, {starter.name: made[cluster]}, kgrams, public_kgrams,
                                                variant_kgrams)
            group, _ = run.scored_cohort(list(cohort.values()), public)
            pairs = {"|".join(sorted((p.a, p.b))): p.score
                     for p in group.pairs(public={"micrograd": {}}, threshold=run.THRESHOLD)}
            for c in made:
                scores[variant][(name, c)] = pairs.get("|".join(sorted((first[c], sources[c]))), 0.0)
        print(f"read {name}", file=sys.stderr, flush=True)
    return scores, skipped


def print_table(scores: dict, skipped: dict) -> None:
    print("| copy of the source | mean · lowest · largest drop from `unparsed` · pairs dropping > 0.1 (of) |")
    print("| --- | ---: |")
    before = scores["unparsed"]
    worst = {}
    for variant, now in scores.items():
        drops = {k: before[k] - now[k] for k in now}
        worst[variant] = sorted(drops.items(), key=lambda kv: -kv[1])[:3]
        print(f"| {variant} | {sum(now.values()) / max(len(now), 1):.3f} · {min(now.values(), default=0):.3f} · "
              f"{max(drops.values(), default=0):+.3f} · {sum(d > 0.1 for d in drops.values())}/{len(drops)}"
              f"{f' ({skipped[variant]} not applicable)' if skipped[variant] else ''} |")
    for variant, rows in worst.items():
        print(variant, [(k[0].split(' (')[0] + ' ' + k[0].rsplit('seed ', 1)[-1].rstrip(')'), k[1], round(d, 3))
                        for k, d in rows])


def main():
    import run

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tricks", nargs="*", choices=[[], *TRICKS], help="the tricks to measure (default: all)")
    for kind in ("fourth", "fifth", "sixth"):
        parser.add_argument(f"--{kind}", nargs="*", type=int, default=[], metavar="SEED")
    args = parser.parse_args()
    if any(s > 9 for s in args.fourth + args.fifth + args.sixth):
        parser.error("the tuning seeds only (1-9): the rest are the validation set")
    argv = [a for k in ("fourth", "fifth", "sixth") if getattr(args, k)
            for a in (f"--{k}", *map(str, getattr(args, k)))]
    options = run.arguments().parse_args(["--first-seeds", "--second-seeds", "--third", *argv])
    classes = run.labelled_classes(options, reuse=True)
    print_table(*table(classes, {name: TRICKS[name] for name in args.tricks or TRICKS}))


if __name__ == "__main__":
    main()
