"""Calls, displays, numbers and tests spelt another way that Python runs as the plain ones (plain_module's first step
for expressions, before plain_names; session 16, simread5).

Each is a spelling a hostile student who has read docs/similarity.md can script on the tree of a copy (issue 27:
"changes that any student can script"), undone as soon as the tree is parsed (`calls_as_written`) so that every
reading sees the plain spelling (bench/similarity/fresh_tricks.py, FRESH16: each measured there):

- **Arguments unpacked from a display**: `f(*(a, b), c)` is `f(a, b, c)` (a tuple or list display, no starred item),
  `f(**{"k": v})` is `f(k=v)` (identifier keys).
- **A display indexed by a constant**: `(e,)[0]`, `[a, b][-1]` is the item, where the other items are names,
  attributes of names or constants (nothing of theirs runs but a lookup).
- **A cast**: `typing.cast(T, e)` (or `cast` imported from typing) is `e`: it returns its value.
- **A builtin type called with nothing**: `int()`, `float()`, `str()`, `bool()`, `tuple()`, `list()`, `dict()` are
  `0`, `0.0`, `""`, `False`, `()`, `[]`, `{}` (the builtin's name bound nowhere in the file; no honest file of the
  tuning classes calls one so).
- **A method called through its builtin type**: `list.append(xs, e)` is `xs.append(e)` (and `set.`, `dict.`,
  `str.`, `float.`, `int.`, `tuple.`; the type's name bound nowhere): the same method of the same object.
- **One item added through a display**: the statement `xs.extend([e])` (or `(e,)`) is `xs.append(e)`, and
  `s.update({e})` (or `(e,)`, `[e]`) is `s.add(e)`.
- **A lambda that only calls a name with its own parameters**: `lambda: f()`, `lambda x: f(x)` is `f` (no defaults,
  no `*`; f not a parameter of it).
- **A test written around `in` and `is`**: `not a in b` is `a not in b`, `not a is b` is `a is not b`.
- **A class tested against a tuple of one**: `isinstance(x, (C,))` is `isinstance(x, C)`.
- **A loop that numbers what it never reads**: `for _, x in enumerate(xs):` whose index name the file reads nowhere is
  `for x in xs:` (statements and comprehensions).
- **An assertion true of every call**: in a method of class C, `assert isinstance(self, C)`, `assert self` and
  `assert self is not None` (the method's first parameter, never rebound) are out.
- **e by the power function**: `math.pow(math.e, x)` is `math.exp(x)`.
- **A lambda called where it is written**: `(lambda: e)()` is `e`.
- **A truth taken twice**: `bool(e)` where only its truth is used (the test of an `if`, a `while`, a conditional
  expression, an `assert`, a comprehension's `if`, and their `and`, `or` and `not` operands) is `e`.
- **A protocol's method called by name**: `x.__getitem__(i)`, `x.__len__()`, `x.__contains__(a)` are `x[i]`,
  `len(x)`, `a in x`.
- **Arithmetic of number constants**: `1 + 1`, `0.5 * 2` (+, -, * and / of ints and floats up to 2 ** 31, folded
  from the inside out) are the number, as Python's own compiler folds them (`2`, `1.0`).

Each is exact for an engine's values but the unbound method (the same method where the object is of that type, as a
copy's is). Not read (docs/similarity.md, Measured, session 16): `a.__add__(b)` as `a + b` (honest students write
`return self.__add__(other)` in `__radd__`) and `.format` or `%` as an f-string (honest `__repr__`s): each cost the
tuning classes.
"""

from __future__ import annotations

import ast
import re
from collections import Counter

from .budget import FREE, Work
from .plain_names import looked, replaced
from .plain_values import truth_read

# the text a file must hold for any step to look for anything (the tree is walked only then)
# (each mark as loose as Python's syntax is: spaces, line breaks and backslashes where Python allows them)
MARKS = re.compile(r"\*[\s\\]*[(\[{]|[)\]][\s\\]*\[|cast\b|\b(?:int|float|str|bool|tuple|list|dict)\b|\.[\s\\]*(?:extend|update)\b"
                   r"|lambda|\bnot\b|isinstance|enumerate|\bpow\b|assert\b|__(?:getitem|len|contains)__"
                   r"|[\d.][\s\\)]*[-+*/]")
# a builtin type called with nothing, as the display or constant it gives
_EMPTY = {"int": lambda: ast.Constant(0), "float": lambda: ast.Constant(0.0), "str": lambda: ast.Constant(""),
          "bool": lambda: ast.Constant(False), "tuple": lambda: ast.Tuple([], ast.Load()),
          "list": lambda: ast.List([], ast.Load()), "dict": lambda: ast.Dict([], [])}
_TYPES = ("list", "set", "dict", "str", "float", "int", "tuple")
_CLASS_METHODS = {"fromkeys", "maketrans", "from_bytes", "fromhex"}  # `dict.fromkeys(xs)`: no instance first


def calls_as_written(tree: ast.Module, text: str | None = None, work: Work = FREE) -> bool:
    """TREE's calls, displays and strings spelt otherwise as the plain spelling (the module docstring), in place;
    whether anything changed. TEXT: what TREE was parsed from (a text without any of MARKS has nothing to look for).
    Charged to WORK: one walk, its nodes once more for the looks."""
    looks = looked(tree, text, MARKS, work)
    if looks is None:
        return False
    kinds, bound = looks
    changed = _unpacked(kinds)
    changed |= _statements(kinds)
    changed |= _unnumbered(kinds, bound)
    changed |= _asserts_of_self(kinds, bound)
    changed |= _tests(kinds, bound)
    replace = {}
    casts = _expressions(kinds, bound, replace)
    if not replace:
        return changed
    replaced(kinds.nodes, replace)
    _casts_unimported(tree, kinds, casts)
    return True


def _unpacked(kinds) -> bool:
    """`f(*(a, b))` as `f(a, b)`, `f(**{"k": v})` as `f(k=v)`, in place."""
    changed = False
    for call in kinds.of(ast.Call):
        if any(isinstance(a, ast.Starred) and _display(a.value) for a in call.args):
            args = []
            for a in call.args:
                args += a.value.elts if isinstance(a, ast.Starred) and _display(a.value) else [a]
            call.args, changed = args, True
        if any(k.arg is None and _keywords(k.value) for k in call.keywords):
            keywords = []
            for k in call.keywords:
                keywords += ([ast.keyword(key.value, value) for key, value in zip(k.value.keys, k.value.values)]
                             if k.arg is None and _keywords(k.value) else [k])
            call.keywords, changed = keywords, True
    return changed


def _display(node) -> bool:
    return isinstance(node, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in node.elts)


def _keywords(node) -> bool:
    return isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str)
                                              and k.value.isidentifier() for k in node.keys)


def _statements(kinds) -> bool:
    """The statements `xs.extend([e])` as `xs.append(e)` and `s.update({e})` as `s.add(e)`, in place."""
    changed = False
    for statement in kinds.of(ast.Expr):
        call = statement.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and len(call.args) == 1 \
                and not call.keywords and call.func.attr in ("extend", "update"):
            (item,) = call.args
            one = isinstance(item, (ast.Tuple, ast.List, ast.Set)) and len(item.elts) == 1 \
                and not isinstance(item.elts[0], ast.Starred)
            if one and (not isinstance(item, ast.Set) if call.func.attr == "extend"
                        else not isinstance(item.elts[0], ast.Tuple)):  # a pair: a dict's update
                call.func.attr = "append" if call.func.attr == "extend" else "add"
                call.args, changed = [item.elts[0]], True
    return changed


def _asserts_of_self(kinds, bound) -> bool:
    """In a method of class C whose first parameter P it never rebinds, the statements `assert isinstance(P, C)`,
    `assert P` and `assert P is not None` (true of every call Python makes of it) out of its body, in place."""
    changed = False
    stored = {n.id for n in kinds.of(ast.Name) if not isinstance(n.ctx, ast.Load)}  # rebound somewhere
    for cls in kinds.of(ast.ClassDef):
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or not method.args.args or method.decorator_list \
                    or method.args.args[0].arg in stored:
                continue
            first = method.args.args[0].arg
            kept = [s for s in method.body if not _true_of(s, first, cls.name, bound)]
            if len(kept) != len(method.body):
                method.body, changed = kept or [ast.Pass()], True
    return changed


def _true_of(statement, first: str, cls: str, bound) -> bool:
    if not isinstance(statement, ast.Assert) or statement.msg is not None and not isinstance(statement.msg,
                                                                                              ast.Constant):
        return False
    test = statement.test
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot) \
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None:
        test = test.left
    if isinstance(test, ast.Name):
        return test.id == first
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance" \
            and bound["isinstance"] == 0 and len(test.args) == 2 and not test.keywords:
        of, kind = test.args
        kinds = kind.elts if isinstance(kind, ast.Tuple) else [kind]
        return isinstance(of, ast.Name) and of.id == first and any(isinstance(k, ast.Name) and k.id == cls for k in kinds)
    return False


def _unnumbered(kinds, bound) -> bool:
    """`for _, x in enumerate(xs)` whose index name the file reads nowhere as `for x in xs`, in place."""
    read = {n.id for n in kinds.of(ast.Name) if isinstance(n.ctx, ast.Load)}
    changed = False
    for loop in kinds.of(ast.For, ast.AsyncFor, ast.comprehension):
        it, target = loop.iter, loop.target
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" \
                and len(it.args) == 1 and not it.keywords and not isinstance(it.args[0], ast.Starred) \
                and isinstance(target, ast.Tuple) and len(target.elts) == 2 \
                and isinstance(target.elts[0], ast.Name) and target.elts[0].id not in read and bound["enumerate"] == 0:
            loop.iter, loop.target, changed = it.args[0], target.elts[1], True
    return changed


def _expressions(kinds, bound, replace) -> Counter:
    """Each expression spelt otherwise put in REPLACE (id -> what it is read as); how many calls of each cast name
    were read so."""
    for n in kinds.of(ast.Subscript):
        at = _index(n.slice)
        if isinstance(n.ctx, ast.Load) and _display(n.value) and at is not None \
                and -len(n.value.elts) <= at < len(n.value.elts) \
                and all(_inert(e) for i, e in enumerate(n.value.elts) if i != at % len(n.value.elts)):
            replace[id(n)] = lambda s, at=at: s.value.elts[at]
    casts = Counter(dict.fromkeys(_cast_names(kinds, bound), 0))
    for call in kinds.of(ast.Call):
        f, args = call.func, call.args
        if any(isinstance(a, ast.Starred) for a in args):
            continue
        if call.keywords:
            continue
        if len(args) == 2 and (isinstance(f, ast.Name) and f.id in casts or isinstance(f, ast.Attribute)
                               and f.attr == "cast" and isinstance(f.value, ast.Name) and f.value.id in casts):
            replace[id(call)] = lambda c: c.args[1]
            casts[f.id if isinstance(f, ast.Name) else f.value.id] += 1
        elif not args and isinstance(f, ast.Name) and bound[f.id] == 0 and f.id in _EMPTY:
            replace[id(call)] = lambda c: ast.copy_location(_EMPTY[c.func.id](), c)
        elif args and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in _TYPES \
                and bound[f.value.id] == 0 and not (f.attr.startswith("__") and f.attr.endswith("__")) \
                and f.attr not in _CLASS_METHODS:
            replace[id(call)] = lambda c: ast.copy_location(
                ast.Call(ast.Attribute(c.args[0], c.func.attr, ast.Load()), c.args[1:], []), c)
        elif len(args) == 2 and _dotted(f, "math", "pow") and _dotted(args[0], "math", "e") and bound["math"] <= 1:
            replace[id(call)] = lambda c: ast.copy_location(
                ast.Call(ast.Attribute(c.func.value, "exp", ast.Load()), [c.args[1]], []), c)
        elif len(args) == 2 and isinstance(f, ast.Name) and f.id == "isinstance" and bound["isinstance"] == 0 \
                and isinstance(args[1], ast.Tuple) and len(args[1].elts) == 1 \
                and not isinstance(args[1].elts[0], ast.Starred):
            replace[id(args[1])] = lambda t: t.elts[0]
    for n in kinds.of(ast.Lambda):
        if passed_on(n) is not None:
            replace[id(n)] = _called
    for n in kinds.of(ast.UnaryOp):
        if isinstance(n.op, ast.Not) and isinstance(n.operand, ast.Compare) and len(n.operand.ops) == 1 \
                and isinstance(n.operand.ops[0], (ast.In, ast.Is)):
            replace[id(n)] = lambda u: ast.copy_location(ast.Compare(
                u.operand.left, [ast.NotIn() if isinstance(u.operand.ops[0], ast.In) else ast.IsNot()],
                u.operand.comparators), u)
    foldable = set()
    for n in reversed(kinds.of(ast.BinOp)):  # the walk's order read backwards: an operand before its operation
        if type(n.op) in _FOLDS and all(_number(x) or id(x) in foldable for x in (n.left, n.right)):
            foldable.add(id(n))
            replace[id(n)] = _fold
    for call in kinds.of(ast.Call):
        f, args = call.func, call.args
        if call.keywords or any(isinstance(a, ast.Starred) for a in args):
            continue
        if not args and isinstance(f, ast.Lambda) and not _parameters(f.args):
            replace[id(call)] = _invoked  # `(lambda: e)()`
        elif isinstance(f, ast.Attribute) and (f.attr, len(args)) in _PROTOCOL and _name_bound(bound, _PROTOCOL[
                f.attr, len(args)]):
            replace[id(call)] = lambda c: ast.copy_location(_PROTOCOL_READ[c.func.attr](c.func.value, *c.args), c)
    return casts


def _tests(kinds, bound) -> bool:
    """Each test's `bool(e)` as `e` (in place); whether a test's top was one (one below it may be, uncounted)."""
    changed = False
    for node in kinds.of(ast.If, ast.While, ast.IfExp, ast.Assert):
        was, node.test = node.test, _unbooled(node.test, bound)
        changed |= node.test is not was
    for node in kinds.of(ast.comprehension):
        was, node.ifs = node.ifs, [_unbooled(t, bound) for t in node.ifs]
        changed |= any(a is not b for a, b in zip(was, node.ifs))
    return changed


# `x.__getitem__(i)`, `x.__len__()`, `x.__contains__(a)`: the operation Python runs them for (the builtin it needs
# unbound: len)
_PROTOCOL = {("__getitem__", 1): None, ("__len__", 0): "len", ("__contains__", 1): None}
_PROTOCOL_READ = {"__getitem__": lambda x, i: ast.Subscript(x, i, ast.Load()),
                  "__len__": lambda x: ast.Call(ast.Name("len", ast.Load()), [x], []),
                  "__contains__": lambda x, a: ast.Compare(a, [ast.In()], [x])}


def _invoked(call):
    """`(lambda: e)()` as e; CALL as it is where its lambda was read as a name already (`(lambda: g())()`)."""
    return call.func.body if isinstance(call.func, ast.Lambda) else call


def passed_on(lam: ast.Lambda) -> str | None:
    """F of `lambda a, b: F(a, b)` (or `lambda: F()`), a lambda that only passes its own parameters on, in order, to a
    name that is none of them (no defaults, no `*`, no keywords): the lambda that is F; else None."""
    a, body = lam.args, lam.body
    names = [p.arg for p in a.args]
    if not (a.posonlyargs or a.vararg or a.kwonlyargs or a.kwarg or a.defaults) and isinstance(body, ast.Call) \
            and isinstance(body.func, ast.Name) and body.func.id not in names and not body.keywords \
            and [x.id if isinstance(x, ast.Name) else None for x in body.args] == names:
        return body.func.id
    return None


def _called(lam):
    """`lambda x: f(x)` as f; LAM as it is where its call was read as something else already (`lambda: int()` is
    `lambda: 0`)."""
    body = lam.body
    if isinstance(body, ast.Call) and isinstance(body.func, ast.Name):
        return ast.copy_location(ast.Name(body.func.id, ast.Load()), lam)
    return lam


def _name_bound(bound, name) -> bool:
    """Whether NAME (a builtin the reading writes, or None) is the builtin: bound nowhere in the file."""
    return name is None or bound[name] == 0


def _parameters(arguments) -> bool:
    a = arguments
    return bool(a.posonlyargs or a.args or a.vararg or a.kwonlyargs or a.kwarg)


def _unbooled(test, bound):
    """TEST (only its truth used) with `bool(e)` as `e`, at its top and in its `and`/`or` operands and the operand
    of each `not` (plain_values.truth_read); the top returned."""
    return truth_read(test, lambda node: _bool_out(node, bound))


def _bool_out(test, bound):
    while isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "bool" \
            and bound["bool"] == 0 and len(test.args) == 1 and not test.keywords \
            and not isinstance(test.args[0], ast.Starred):
        test = test.args[0]
    return test


_FOLDS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
          ast.Div: lambda a, b: a / b}


def _number(node) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def _fold(node):
    """`c op d` of two numbers (its operands folded first) as the number it is, as Python's compiler folds it (+, -,
    *, /; operands up to 2 ** 31), else NODE."""
    if not (_number(node.left) and _number(node.right)):
        return node
    a, b = node.left.value, node.right.value
    if abs(a) > 2 ** 31 or abs(b) > 2 ** 31 or isinstance(node.op, ast.Div) and b == 0:
        return node
    return ast.copy_location(ast.Constant(_FOLDS[type(node.op)](a, b)), node)


def _casts_unimported(tree, kinds, casts: Counter) -> None:
    """The module's imports of typing (or of cast from it) that only the casts read out as `e` named: out."""
    read = Counter(n.id for n in kinds.of(ast.Name) if isinstance(n.ctx, ast.Load) and n.id in casts)
    gone = {name for name, count in casts.items() if count and read[name] == count}
    if not gone:
        return
    body = []
    for s in tree.body:
        if isinstance(s, (ast.Import, ast.ImportFrom)) and (isinstance(s, ast.Import) or s.module == "typing"):
            s.names = [a for a in s.names if (a.asname or a.name) not in gone or a.name not in ("typing", "cast")]
            if not s.names:
                continue
        body.append(s)
    tree.body = body or [ast.Pass()]


def _index(node):
    """The int a constant index is (`0`, `-1`), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) is int:
        return -node.operand.value
    return node.value if isinstance(node, ast.Constant) and type(node.value) is int else None


def _inert(node) -> bool:
    """A name, an attribute of one (a chain) or a constant: evaluating it runs nothing of the file's."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, (ast.Name, ast.Constant))


def _dotted(node, owner: str, attr: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.value, ast.Name) \
        and node.value.id == owner


def _cast_names(kinds, bound) -> set:
    """The names a call of which is typing.cast: `typing` (or its alias) for `typing.cast`, `cast` (or its alias)
    imported from typing; each bound nowhere else."""
    names = set()
    for imp in kinds.of(ast.Import):
        names |= {a.asname or a.name for a in imp.names if a.name == "typing"}
    for imp in kinds.of(ast.ImportFrom):
        if imp.module == "typing" and not imp.level:
            names |= {a.asname or a.name for a in imp.names if a.name == "cast"}
    return {n for n in names if bound[n] == 1}
