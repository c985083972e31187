"""The course's network written the other ways its loops and lists are written (variants.py's identities for nn.py).

The reference writes each of the network's loops one way (`for w_i, x_i in zip(self.w, x)`, a comprehension, `sum`
of a generator, `self.w + [self.b]`); students who never saw each other write the same code the other plain ways,
and those are canonical too. Each identity below rewrites one way into another, as variants.py's do, and is applied
to every function of the canonical texts, alone and with the others (variants.canonical_variants):

- **an index for the items**: `for a, b in zip(xs, ys): ... a ... b` is `for i in range(len(xs)): ... xs[i] ...
  ys[i]` (`_Indexed`; over the last one's length with `_ZipTurned`, below), and `for p in f(): ...` is `ps = f()` then
  `for i in range(len(ps)): ... ps[i] ...`;
- **a list built by a loop**: `t = [e for v in s]` (or `return [...]`) is `t = []` then `for v in s: t.append(e)`,
  a comprehension of two `for`s two loops (`_Appended`); one that flattens (`[p for n in ns for p in n.ps()]`)
  is `t.extend(n.ps())` in one loop (`_Extended`), and `t.extend(e)` is `t += e` (`_ExtendedByAdd`);
- **a sum and its loop**: `t = s` then `for ...: t = t + e` is `t = sum((e for ...), s)` (`_Summed`); `sum(g, s)` is
  `sum(g) + s` (`_StartApart`); `t = sum(g)` is `t = 0` then the loop (`_SumLooped`), and `t = sum(g) + s` the loop
  then `t = t + s`;
- **a choice as statements**: `return a if c else b` is `if c: return a` then `return b` (`_ChoiceReturned`), and
  `return f(v) if c else v` is `if c: v = f(v)` then `return v` (`_ChoiceUpdated`);
- **the predictions first**: a sum over `zip(xs, ys)` that calls `f(x)` is `preds = [f(x) for x in xs]` and a sum
  over `zip(preds, ys)` (`_Predicted`, the lecture's loss); `zip(xs, ys)` is `zip(ys, xs)`, its items named the other
  way round (`_ZipTurned`);
- **a method called as its body**: `model.zero_grad()` is the body of the canonical text's own `zero_grad` with
  `self` as `model` (`inliner`: for a method of one statement that takes only `self`);
- **no check**: an `assert` left out (`_Unasserted`);
- **the step**: `x -= a * g` is `x += -a * g` (the lecture's `p.data += -0.1 * p.grad`; `_StepAdded`);
- **a list and one more**: `a + [b]` is `[*a, b]` (`_Unpacked`), and `return a + [b]` is `t = list(a)`, then
  `t.append(b)`, then `return t` (`_CopyAppended`), and `t = list(a)` is `t = []` then `for v in a: t.append(v)`
  (`_CopiedByLoop`);
- **a mean**: a list built only for its mean, `t = [e for v in s]` then `return sum(t) / len(t)`, is `return
  sum(e for v in s) / len(s)` (`len(xs)` for `zip(xs, ys)`), or the sum named and then looped (`_Mean`,
  `_MeanSummed`, before `_SumLooped`);
- **one loop over the names**: the same assignment to each of several names' attributes in a row (`w.grad = 0`,
  `b.grad = 0`) is `for p in (w, b): p.grad = 0` (`_LoopedOverNames`, the course's loop over the parameters);
- **a temporary of a number in place**: `t = e` (names, attributes, constants, arithmetic, `math`'s functions) then
  `t` read is `e` at each read, where no closure reads `t` (`_TemporaryPut`: dual.py's `t = math.tanh(self.value)`);
- **a test given as two branches**: `f(..., k=c)` is `if c: f(..., k=True)` / `else: f(..., k=False)`, or the same
  with the test turned round (`if i == n - 1:` first for `nonlin=(i != n - 1)`; `_Branched`, `_BranchedTurned`).

The structure already reads some of these as one (an `append` loop into a local as its comprehension, `x -= e` as
`x = x - e`); the methods' shapes and lines as written do not, and the variants hold those too. `0` as `0.0` is not
an identity: the engine's `self.grad = 0` would gain the lecture's `self.grad = 0.0`, a choice that holds the
examples' ring together (docs/similarity.md, Measured, session 14).
"""

from __future__ import annotations

import ast
import copy

from .loop_forms import (_Blocks, _call, _CopyAppended, _load, _LoopedOverNames, _Mean, _MeanSummed,  # noqa: F401
                         _method, _name, _StepAdded, _stored, _substitute, _TemporaryPut, _Unpacked, _ZipTurned,
                         inliner)
from .walk import walk


class _Indexed(_Blocks):
    """`for a, b in zip(xs, ys):` as an index over the first's length; `for p in f():` over `ps = f()`."""

    def statement(self, statement):
        if not isinstance(statement, ast.For) or statement.orelse:
            return None
        target, iterable = statement.target, statement.iter
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "zip" \
                and not iterable.keywords and len(iterable.args) >= 2 and isinstance(target, ast.Tuple) \
                and len(target.elts) == len(iterable.args) and all(isinstance(e, ast.Name) for e in target.elts) \
                and all(isinstance(a, (ast.Name, ast.Attribute)) for a in iterable.args):
            names, sequences, before = [e.id for e in target.elts], list(iterable.args), []
        elif isinstance(target, ast.Name) and isinstance(iterable, (ast.Name, ast.Attribute, ast.Call)) \
                and not (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name)):
            names, sequences, before = [target.id], [iterable], []
            if isinstance(iterable, ast.Call):  # the items named first: `ps = self.parameters()`
                before = [ast.Assign([_name(target.id + "s", True)], iterable, lineno=0)]
                sequences = [_name(target.id + "s")]
        else:
            return None
        if _stored(statement.body, set(names)) or "i" in {n.id for n in walk(statement) if isinstance(n, ast.Name)}:
            return None
        index = _name("i")
        items = {name: ast.Subscript(copy.deepcopy(sequence), index, ast.Load())
                 for name, sequence in zip(names, sequences)}
        loop = ast.For(_name("i", True), _call("range", _call("len", copy.deepcopy(sequences[0]))),
                       _substitute(statement.body, items), [], lineno=0)
        return before + [loop]


def _comprehension_loops(generators, innermost: list) -> list:
    """The comprehension's `for`s (and their `if`s) as nested loops around INNERMOST."""
    body = innermost
    for generator in reversed(generators):
        for test in reversed(generator.ifs):
            body = [ast.If(copy.deepcopy(test), body, [])]
        body = [ast.For(copy.deepcopy(generator.target), copy.deepcopy(generator.iter), body, [], lineno=0)]
    return body


def _built(statement):
    """(what is assigned, the list comprehension, whether it is returned) of `t = [...]` or `return [...]`."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0], (ast.Name, ast.Attribute)) and isinstance(statement.value, ast.ListComp):
        return statement.targets[0], statement.value, False
    if isinstance(statement, ast.Return) and isinstance(statement.value, ast.ListComp):
        return _name("out", True), statement.value, True
    return None


class _Appended(_Blocks):
    """`t = [e for v in s]` as `t = []` then `for v in s: t.append(e)`."""

    def statement(self, statement):
        found = _built(statement)
        if found is None or any(g.is_async for g in found[1].generators):
            return None
        target, comprehension, returned = found
        made = self.made(target, comprehension)
        if made is None:
            return None
        return [ast.Assign([target], ast.List([], ast.Load()), lineno=0)] + made + \
            ([ast.Return(_load(target))] if returned else [])

    @staticmethod
    def made(target, comprehension):
        append = ast.Expr(_method(_load(target), "append", copy.deepcopy(comprehension.elt)))
        return _comprehension_loops(comprehension.generators, [append])


class _Extended(_Blocks):
    """`t = [p for n in ns for p in n.ps()]` as `t = []` then `for n in ns: t.extend(n.ps())`."""

    def statement(self, statement):
        found = _built(statement)
        if found is None:
            return None
        target, comprehension, returned = found
        generators = comprehension.generators
        last = generators[-1] if generators else None
        if len(generators) != 2 or last.ifs or last.is_async or generators[0].is_async or \
                not (isinstance(comprehension.elt, ast.Name) and isinstance(last.target, ast.Name)
                     and comprehension.elt.id == last.target.id):
            return None
        extend = ast.Expr(_method(_load(target), "extend", copy.deepcopy(last.iter)))
        return [ast.Assign([target], ast.List([], ast.Load()), lineno=0)] + \
            _comprehension_loops(generators[:1], [extend]) + ([ast.Return(_load(target))] if returned else [])


class _ExtendedByAdd(_Blocks):
    """`t.extend(e)` as `t += e`."""

    def statement(self, statement):
        call = statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "extend" \
                and len(call.args) == 1 and not call.keywords \
                and isinstance(call.func.value, (ast.Name, ast.Attribute)):
            target = copy.deepcopy(call.func.value)
            target.ctx = ast.Store()
            return [ast.AugAssign(target, ast.Add(), call.args[0])]
        return None


def _accumulates(loop, name: str):
    """The term E of a loop whose body is only `name = name + E` (or `name += E`), else None."""
    if not isinstance(loop, ast.For) or loop.orelse or len(loop.body) != 1:
        return None
    step = loop.body[0]
    if isinstance(step, ast.AugAssign) and isinstance(step.op, ast.Add) and isinstance(step.target, ast.Name) \
            and step.target.id == name:
        return step.value
    if isinstance(step, ast.Assign) and len(step.targets) == 1 and isinstance(step.targets[0], ast.Name) \
            and step.targets[0].id == name and isinstance(step.value, ast.BinOp) \
            and isinstance(step.value.op, ast.Add) \
            and isinstance(step.value.left, ast.Name) and step.value.left.id == name:
        return step.value.right
    return None


def _assigned_name(statement) -> str | None:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    return None


class _Summed(_Blocks):
    """`t = s` then `for v in g: t = t + e` as `t = sum((e for v in g), s)`."""

    def block(self, statements):
        out = []
        for statement in statements:
            name = _assigned_name(out[-1]) if out else None
            term = _accumulates(statement, name) if name else None
            if term is not None and not _reads(term, name) and not _reads(statement.iter, name):
                generator = ast.GeneratorExp(copy.deepcopy(term), [ast.comprehension(
                    copy.deepcopy(statement.target), copy.deepcopy(statement.iter), [], 0)])
                out[-1] = ast.Assign([_name(name, True)], _call("sum", generator, out[-1].value), lineno=0)
                self.changes += 1
            else:
                out.append(statement)
        return out


def _reads(node, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in walk(node))


def _sum_of(node):
    """(generator, start or None) of `sum(generator[, start])`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum" and not node.keywords \
            and 1 <= len(node.args) <= 2 and isinstance(node.args[0], ast.GeneratorExp):
        return node.args[0], (node.args[1] if len(node.args) == 2 else None)
    return None


class _StartApart(_Blocks):
    """`sum(g, s)` as `sum(g) + s`."""

    def statement(self, statement):
        value = getattr(statement, "value", None)
        found = _sum_of(value)
        if isinstance(statement, (ast.Assign, ast.Return)) and found and found[1] is not None:
            statement = copy.deepcopy(statement)
            statement.value = ast.BinOp(_call("sum", found[0]), ast.Add(), found[1])
            return [statement]
        return None


class _SumLooped(_Blocks):
    """`t = sum(g)` as `t = 0` then the loop (`t = sum(g, s)` from s); `t = sum(g) + s` the loop, then `t = t + s`."""

    def statement(self, statement):
        name = _assigned_name(statement)
        if name is None:
            return None
        value, after = statement.value, []
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and _sum_of(value.left) \
                and _sum_of(value.left)[1] is None:
            value, after = value.left, [ast.Assign([_name(name, True)], ast.BinOp(_name(name), ast.Add(),
                                                                                   value.right), lineno=0)]
        found = _sum_of(value)
        if found is None or any(g.is_async for g in found[0].generators) or _reads(found[0], name):
            return None
        generator, start = found
        step = ast.Assign([_name(name, True)], ast.BinOp(_name(name), ast.Add(), copy.deepcopy(generator.elt)),
                          lineno=0)
        begin = ast.Assign([_name(name, True)], start if start is not None else ast.Constant(0), lineno=0)
        return [begin] + _comprehension_loops(generator.generators, [step]) + after


class _ChoiceReturned(_Blocks):
    """`return a if c else b` as `if c: return a` then `return b`."""

    def statement(self, statement):
        if isinstance(statement, ast.Return) and isinstance(statement.value, ast.IfExp):
            choice = statement.value
            return [ast.If(choice.test, [ast.Return(choice.body)], []), ast.Return(choice.orelse)]
        return None


class _ChoiceUpdated(_Blocks):
    """`return f(v) if c else v` as `if c: v = f(v)` then `return v`."""

    def statement(self, statement):
        if isinstance(statement, ast.Return) and isinstance(statement.value, ast.IfExp) \
                and isinstance(statement.value.orelse, ast.Name):
            choice, name = statement.value, statement.value.orelse.id
            return [ast.If(choice.test, [ast.Assign([_name(name, True)], choice.body, lineno=0)], []),
                    ast.Return(_name(name))]
        return None


class _CopiedByLoop(_Blocks):
    """`t = list(a)` as `t = []` then `for v in a: t.append(v)`."""

    def statement(self, statement):
        name = _assigned_name(statement)
        value = statement.value if name else None
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "list"
                and len(value.args) == 1 and not value.keywords):
            return None
        append = ast.Expr(_method(_name(name), "append", _name("v")))
        return [ast.Assign([_name(name, True)], ast.List([], ast.Load()), lineno=0),
                ast.For(_name("v", True), value.args[0], [append], [], lineno=0)]


_TURNED = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt}


class _Branched(_Blocks):
    """A call as a statement with a keyword that is a test, `f(..., k=c)`, as `if c: f(..., k=True)` / `else: f(...,
    k=False)` (`nonlin=(i != n - 1)` written as two branches)."""

    turned = False

    def statement(self, statement):
        call = statement.value if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) else None
        tests = [k for k in getattr(call, "keywords", ()) if isinstance(k.value, (ast.Compare, ast.BoolOp))
                 or isinstance(k.value, ast.UnaryOp) and isinstance(k.value.op, ast.Not)]
        for inner in ([a for a in call.args if isinstance(a, ast.Call)] if call is not None else []):
            tests = tests or [k for k in inner.keywords if isinstance(k.value, ast.Compare)]
        if call is None or len(tests) != 1:
            return None
        keyword = tests[0]
        test = keyword.value

        def made(value):
            keyword.value = ast.Constant(value)
            return [copy.deepcopy(statement)]

        yes, no = made(True), made(False)
        keyword.value = test
        if self.turned:
            if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _TURNED):
                return None
            return [ast.If(ast.Compare(test.left, [_TURNED[type(test.ops[0])]()], test.comparators), no, yes)]
        return [ast.If(test, yes, no)]


class _BranchedTurned(_Branched):
    """The same with the test turned round: `if i == n - 1: f(..., k=False)` / `else: f(..., k=True)`."""

    turned = True


class _Unasserted(_Blocks):
    """An `assert` left out: the reference checks its inputs, a student need not."""

    def statement(self, statement):
        return [] if isinstance(statement, ast.Assert) else None


class _Predicted(_Blocks):
    """`sum(f(x) ... for x, y in zip(xs, ys))`, `x` read only as `f(x)`, as `preds = [f(x) for x in xs]` then the
    sum over `zip(preds, ys)` (the lecture's `ypred = [n(x) for x in xs]` before its loss)."""

    def statement(self, statement):
        found = _sum_of(statement.value) if isinstance(statement, (ast.Assign, ast.Return)) else None
        if found is None or len(found[0].generators) != 1:
            return None
        generator = found[0].generators[0]
        target, iterable = generator.target, generator.iter
        if generator.ifs or not (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name)
                                 and iterable.func.id == "zip" and isinstance(target, ast.Tuple)
                                 and len(target.elts) == len(iterable.args) and not iterable.keywords
                                 and all(isinstance(e, ast.Name) for e in target.elts)):
            return None
        for position, name in enumerate(e.id for e in target.elts):
            reads = [n for n in walk(found[0].elt) if isinstance(n, ast.Name) and n.id == name]
            calls = [n for n in walk(found[0].elt) if isinstance(n, ast.Call) and len(n.args) == 1 and not n.keywords
                     and isinstance(n.args[0], ast.Name) and n.args[0].id == name]
            if len(reads) == 1 and len(calls) == 1:
                break
        else:
            return None
        predicted = ast.Assign([_name("preds", True)], ast.ListComp(copy.deepcopy(calls[0]), [ast.comprehension(
            _name(name, True), iterable.args[position], [], 0)]), lineno=0)
        elt = copy.deepcopy(found[0].elt)

        class Put(ast.NodeTransformer):
            def visit_Call(self, node):
                return _name("pred") if ast.dump(node) == ast.dump(calls[0]) else self.generic_visit(node)

        elt = Put().visit(elt)
        names = [e.id for e in target.elts]
        names[position] = "pred"
        sequences = list(iterable.args)
        sequences[position] = _name("preds")
        again = ast.comprehension(ast.Tuple([_name(n, True) for n in names], ast.Store()),
                                  _call("zip", *sequences), [], 0)
        statement = copy.deepcopy(statement)
        statement.value = ast.Call(_name("sum"), [ast.GeneratorExp(elt, [again])] + statement.value.args[1:], [])
        return [predicted, statement]


# list built by a loop before its `extend` as `+=`, a sum's start apart before the sum as a loop
IDENTITIES = (_Predicted, _ZipTurned, _Mean, _MeanSummed, _Summed, _StartApart, _SumLooped, _Appended, _Extended, _ExtendedByAdd, _Indexed,
              _ChoiceReturned, _ChoiceUpdated, _StepAdded, _Unpacked, _CopyAppended, _CopiedByLoop,
              _Branched, _BranchedTurned, _Unasserted, _LoopedOverNames, _TemporaryPut)
