"""The building blocks of loop_variants.py's identities: the transformer that rewrites a function's statements,
the small tree makers, and the identities that need nothing else (zip turned round, the step, a list and one more,
a one-statement method called as its body). loop_variants.py's docstring says what each identity reads.
"""

from __future__ import annotations

import ast
import copy

from .walk import walk


class _Blocks(ast.NodeTransformer):
    """An identity on statements: `block` rewrites each block of the tree (every body, else and finally), counting
    what it changed in `changes`."""

    def __init__(self):
        self.changes = 0

    def visit(self, tree):
        for node in _holders(tree):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    setattr(node, field, self.block(block))
        return tree

    def block(self, statements: list) -> list:
        out = []
        for statement in statements:
            rewritten = self.statement(statement)
            if rewritten is None:
                out.append(statement)
            else:
                self.changes += 1
                out.extend(rewritten)
        return out

    def statement(self, statement) -> list | None:
        """What STATEMENT is rewritten as, or None when this identity leaves it (each identity says)."""
        return None


_HOLDERS = (ast.stmt, ast.excepthandler, ast.match_case)


def _holders(tree) -> list:
    """TREE and the nodes under it that may hold a block (statements, handlers, cases), in walk.walk's order: the
    nodes of list(walk(tree)) that have a block, without the walk through every expression (no statement is inside
    one: each node that holds one is under another, so each is as deep, and as far along, as in the whole walk)."""
    out = [tree]
    for node in out:  # breadth first: each node's children appended as it is reached, as walk.walk reads them
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, list):
                out.extend(item for item in value if isinstance(item, _HOLDERS))
    return out


def _name(name: str, store: bool = False) -> ast.Name:
    return ast.Name(name, ast.Store() if store else ast.Load())


def _call(function: str, *args) -> ast.Call:
    return ast.Call(_name(function), list(args), [])


def _method(owner, method: str, *args) -> ast.Call:
    return ast.Call(ast.Attribute(copy.deepcopy(owner), method, ast.Load()), list(args), [])


def _load(target):
    """TARGET (a name or an attribute being assigned) as read."""
    out = copy.deepcopy(target)
    for node in walk(out):
        if hasattr(node, "ctx"):
            node.ctx = ast.Load()
    return out


def _stored(statements, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names and not isinstance(n.ctx, ast.Load)
               for s in statements for n in walk(s))


def _substitute(statements: list, items: dict[str, ast.expr]) -> list:
    """STATEMENTS with each name of ITEMS read as its expression."""
    out = [copy.deepcopy(s) for s in statements]

    class Put(ast.NodeTransformer):
        def visit_Name(self, node):
            return copy.deepcopy(items[node.id]) if node.id in items and isinstance(node.ctx, ast.Load) else node

    return [Put().visit(s) for s in out]


class _ZipTurned(ast.NodeTransformer):
    """`for a, b in zip(xs, ys)` (a loop or a comprehension's) as `for b, a in zip(ys, xs)` (the lecture's
    `zip(ys, ypred)`)."""

    def __init__(self):
        self.changes = 0

    def visit(self, tree):
        for node in walk(tree):
            if isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Call) \
                    and isinstance(node.iter.func, ast.Name) and node.iter.func.id == "zip" \
                    and len(node.iter.args) == 2 and not node.iter.keywords and isinstance(node.target, ast.Tuple) \
                    and len(node.target.elts) == 2:
                node.iter.args.reverse()
                node.target.elts.reverse()
                self.changes += 1
        return tree


class _StepAdded(_Blocks):
    """`x -= a * g` as `x += -a * g`."""

    def statement(self, statement):
        if isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Sub) \
                and isinstance(statement.value, ast.BinOp) and isinstance(statement.value.op, ast.Mult):
            value = statement.value
            negated = ast.BinOp(ast.UnaryOp(ast.USub(), value.left), ast.Mult(), value.right)
            return [ast.AugAssign(statement.target, ast.Add(), negated)]
        return None


def _one_more(node):
    """(a, b) of `a + [b]`."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.List) \
            and len(node.right.elts) == 1 and not isinstance(node.left, ast.List):
        return node.left, node.right.elts[0]
    return None


class _Unpacked(ast.NodeTransformer):
    """`a + [b]` as `[*a, b]`."""

    def __init__(self):
        self.changes = 0

    def visit_BinOp(self, node):
        self.generic_visit(node)
        found = _one_more(node)
        if found is None:
            return node
        self.changes += 1
        return ast.List([ast.Starred(found[0], ast.Load()), found[1]], ast.Load())


class _CopyAppended(_Blocks):
    """`return a + [b]` as `t = list(a)`, `t.append(b)`, `return t`."""

    def statement(self, statement):
        found = _one_more(statement.value) if isinstance(statement, ast.Return) else None
        if found is None:
            return None
        return [ast.Assign([_name("out", True)], _call("list", found[0]), lineno=0),
                ast.Expr(_method(_name("out"), "append", found[1])), ast.Return(_name("out"))]


def _on_name(statement):
    """(a, the statement with a read as `p`, and its dump) for an assignment to an attribute of a name a (`w.grad = 0`,
    `w.data -= lr * w.grad`); None for any other statement, or one that reads a `p` of its own."""
    targets = statement.targets if isinstance(statement, ast.Assign) else \
        [statement.target] if isinstance(statement, ast.AugAssign) else []
    if len(targets) != 1 or not isinstance(targets[0], ast.Attribute) or not isinstance(targets[0].value, ast.Name) \
            or any(isinstance(n, ast.Name) and n.id == "p" for n in walk(statement)):
        return None
    name = targets[0].value.id

    class Put(ast.NodeTransformer):
        def visit_Name(self, node):
            return ast.Name("p", node.ctx) if node.id == name else node

    rewritten = Put().visit(copy.deepcopy(statement))
    return name, rewritten, ast.dump(rewritten)


class _LoopedOverNames(_Blocks):
    """The same assignment to each of several names' attributes in a row (`w.grad = 0`, `b.grad = 0`) as one loop over
    them, `for p in (w, b): p.grad = 0` (the course's loop over the parameters, written for the ones at hand)."""

    def block(self, statements):
        out, start = [], 0
        while start < len(statements):
            first, end = _on_name(statements[start]), start + 1
            names = [first[0]] if first else []
            while first and end < len(statements):
                found = _on_name(statements[end])
                if found is None or found[2] != first[2] or found[0] in names:
                    break
                names.append(found[0])
                end += 1
            if len(names) >= 2:
                self.changes += 1
                out.append(ast.For(_name("p", True), ast.Tuple([_name(n) for n in names], ast.Load()), [first[1]], [],
                                   lineno=0))
            else:
                out.append(statements[start])
            start = end
        return out


def _mean(first, second):
    """(the generator, the sequence it counts) of `t = [e for v in s]` followed by `return sum(t) / len(t)`: s, or xs
    for `zip(xs, ys)`; None for any other two statements."""
    made = first.value if isinstance(first, ast.Assign) and len(first.targets) == 1 \
        and isinstance(first.targets[0], ast.Name) else None
    if not (isinstance(made, ast.ListComp) and len(made.generators) == 1 and not made.generators[0].ifs
            and not made.generators[0].is_async and isinstance(second, ast.Return)):
        return None
    name, value = first.targets[0].id, second.value
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div)
            and ast.dump(value.left) == ast.dump(_call("sum", _name(name)))
            and ast.dump(value.right) == ast.dump(_call("len", _name(name)))):
        return None
    iterable = made.generators[0].iter
    zipped = isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "zip" \
        and iterable.args and not iterable.keywords
    return (ast.GeneratorExp(copy.deepcopy(made.elt), copy.deepcopy(made.generators)),
            copy.deepcopy(iterable.args[0] if zipped else iterable))


class _Mean(_Blocks):
    """A list built only for its mean, `t = [e for v in s]` then `return sum(t) / len(t)`, as `return sum(e for v in
    s) / len(s)` (`len(xs)` for `zip(xs, ys)`); `_MeanSummed` as `total = sum(e for v in s)` then `return total /
    len(s)`, whose sum loop_variants reads as its loop (`_SumLooped`)."""

    summed = False

    def block(self, statements):
        out, at = [], 0
        while at < len(statements):
            found = _mean(statements[at], statements[at + 1]) if at + 1 < len(statements) else None
            if found is None:
                out.append(statements[at])
                at += 1
                continue
            generator, counted = found
            self.changes += 1
            if self.summed:
                out += [ast.Assign([_name("total", True)], _call("sum", generator), lineno=0),
                        ast.Return(ast.BinOp(_name("total"), ast.Div(), _call("len", counted)))]
            else:
                out.append(ast.Return(ast.BinOp(_call("sum", generator), ast.Div(), _call("len", counted))))
            at += 2
        return out


class _MeanSummed(_Mean):
    summed = True


# in the order they are applied when combined: a loop made (from a sum, a comprehension) before it is indexed, a

class _Inlined(_Blocks):
    """`obj.m()` as a statement, for a method m of `bodies` (its one statement, `self` read as `obj`)."""

    bodies: dict[str, ast.stmt] = {}

    def statement(self, statement):
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and not call.args
                and not call.keywords and call.func.attr in self.bodies):
            return None
        return _substitute([self.bodies[call.func.attr]], {"self": call.func.value})


def inliner(tree: ast.Module):
    """The identity that inlines TREE's methods of one statement taking only `self` (`zero_grad`) where they are
    called as a statement; None when it has none."""
    bodies = {}
    for node in tree.body:
        for method in node.body if isinstance(node, ast.ClassDef) else ():
            if not isinstance(method, ast.FunctionDef):
                continue
            body = [s for s in method.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(method.args.args) == 1 and not method.args.vararg \
                    and not method.args.kwarg and not method.args.kwonlyargs and len(body) == 1 \
                    and not isinstance(body[0], ast.Return) and not method.name.startswith("__"):
                bodies[method.name] = body[0]
    return type("_Inlined", (_Inlined,), {"bodies": bodies}) if bodies else None


_PURE = (ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Load, ast.operator,
         ast.unaryop)
_PURE_CALLS = {"abs", "min", "max", "pow", "float"}


def _pure(expression) -> bool:
    """Whether EXPRESSION computes a number from what it reads and nothing else: names, attributes, constants, an
    item by a constant, arithmetic, and calls of the math module's functions or of abs, min, max, pow, float."""
    for node in walk(expression):
        if isinstance(node, ast.Call):
            func = node.func
            if node.keywords or not (isinstance(func, ast.Name) and func.id in _PURE_CALLS or isinstance(
                    func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "math"):
                return False
        elif isinstance(node, ast.Subscript):
            if not isinstance(node.slice, ast.Constant):
                return False
        elif not isinstance(node, _PURE):
            return False
    return True


class _TemporaryPut(ast.NodeTransformer):
    """A temporary of a number put in place at each read (`t = math.tanh(self.value)` then `t ** 2` is
    `math.tanh(self.value) ** 2`): the name assigned once in the function, by a statement of its own body, to a pure
    expression (`_pure`) whose names and attributes nothing in the function assigns, and read by no function nested
    in it (a closure runs later)."""

    def __init__(self):
        self.changes = 0

    def visit_FunctionDef(self, node):
        stored = [n for n in walk(node) if isinstance(n, (ast.Name, ast.Attribute)) and not isinstance(n.ctx, ast.Load)]
        names = [n.id for n in stored if isinstance(n, ast.Name)]
        parameters = {a.arg for a in walk(node.args) if isinstance(a, ast.arg)}
        attributes = {n.attr for n in stored if isinstance(n, ast.Attribute)}
        for statement in list(node.body):
            if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                    and isinstance(statement.targets[0], ast.Name) and names.count(statement.targets[0].id) == 1
                    and statement.targets[0].id not in parameters
                    and _pure(statement.value)):
                continue
            value, name = statement.value, statement.targets[0].id
            if any(isinstance(n, ast.Name) and n.id == name for inner in walk(node) if inner is not node
                   and isinstance(inner, (ast.FunctionDef, ast.Lambda)) for n in walk(inner)):
                continue  # read in a closure: when it runs, what the expression reads may have changed
            if any(isinstance(n, ast.Name) and n.id in names or isinstance(n, ast.Attribute) and n.attr in attributes
                   for n in walk(value)):
                continue
            node.body.remove(statement)
            _put(node, name, value)
            self.changes += 1
        return node


def _put(node, name: str, value) -> None:
    """Each read of NAME under NODE as a copy of VALUE."""
    for parent in list(walk(node)):
        for field, item in ast.iter_fields(parent):
            if isinstance(item, list):
                item[:] = [copy.deepcopy(value) if isinstance(v, ast.Name) and v.id == name
                           and isinstance(v.ctx, ast.Load) else v for v in item]
            elif isinstance(item, ast.Name) and item.id == name and isinstance(item.ctx, ast.Load):
                setattr(parent, field, copy.deepcopy(value))
