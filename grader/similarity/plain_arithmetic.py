"""Arithmetic and list-building spelt another way, read as Python plainly writes it (plain_module's step after
plain_names; session 15, simread4).

Each is a spelling any student can script (a search-and-replace on the tree, issue 27's "changes that any student
can script"), undone on the tree as soon as it is parsed (`arithmetic_as_written`), so that every reading sees the
plain spelling:

- **A subtraction as an addition of the negation**: `a + b * -1`, `a + -1 * b`, `a + (-b)` (either operand of the
  `+`) are `a - b`; `x += e * -1` (and `-1 * e`, `-e`) is `x -= e`. And the other way (session 16, simread5): an
  addition as a subtraction of the negation, `a - (-b)`, `a - b * -1` are `a + b`, `x -= -e` is `x += e`.
- **A division as a product with the reciprocal after it**: `a * b ** -1` (as the engine's own `__truediv__` writes
  it) is `a / b`; `x *= e ** -1` is `x /= e`. The reciprocal first, `b ** -1 * a`, stays: it is how a log's
  derivative is written (`x ** -1 * out.grad`, the reference's `1 / x` as a power), which read as `out.grad / x`
  met honest students' own `out.grad / x` (docs/similarity.md, Measured: session 15).
- **An append as a concatenation**: the statement `xs += [e]` or `xs = xs + [e]` (xs a name or an attribute of one,
  one item, not starred) is `xs.append(e)`.
- **A sum as a fold**: `functools.reduce(operator.add, items, 0)` (and `reduce` imported by name, the operator as
  `operator.add`, `operator.iadd`, `operator.__add__` or `lambda a, b: a + b`; no start, or `0`) is `sum(items)`, and
  the imports of functools and operator that nothing else names go with it.
- **A zip as an index loop**: `for i in range(len(xs)):` whose body begins `x = xs[i]` or `x, y = xs[i], ys[i]`
  (xs, ys names or attributes of them) and reads `i` nowhere else, no `else`, is `for x in xs:` / `for x, y in zip(xs,
  ys):` and the rest of the body.

- **A compound's square as its product** (session 16, simread5): `(p - y) * (p - y)` (the same arithmetic on both
  sides, at most 30 nodes, calling nothing) is `(p - y) ** 2`.

Not read: `e * e` as `e ** 2` for a name or an attribute (the shapes and lines as written read a name's or attribute's
product so: traits.py). A filler who wrote `1 - t * t` would be the reference's tanh, with nothing of their own; tried
again in session 15 on any call-free operand: tuning 0.8390 -> 0.8330 and a public pair into a top k (Measured).

None is applied inside the method that defines the operator it reads (`__sub__` may be `self + (-other)`,
`__truediv__` `self * other ** -1`: there the spelling is the definition, and the operator would call itself). Each
is exact for numbers and the engine's values but for the zip loop (zip stops at the shorter sequence, the index loop
at the first's length: the same for sequences of one length, as a working loop has) and the concatenation (a new
list, where append changes the one held: the same to a loop that holds no other name of it).
"""

from __future__ import annotations

import ast
from collections import Counter

from .blocks import rewrite_blocks
from .budget import FREE, Work
from .walk import bounded_size, children, walk

# the text a file must hold for each step to look for anything (the tree is walked only then)
MARKS = ("-", "+", "reduce", "range(")
# the methods that define each operator: their code is left as written
_DEFINES = {"sub": {"__sub__", "__rsub__", "__isub__", "__neg__"},
            "add": {"__add__", "__radd__", "__iadd__", "__neg__"},
            "div": {"__truediv__", "__rtruediv__", "__itruediv__", "__pow__", "__rpow__"}}


def arithmetic_as_written(tree: ast.Module, text: str | None = None, work: Work = FREE) -> bool:
    """TREE's arithmetic and list-building spelt otherwise as the plain spelling (the module docstring), in place;
    whether anything changed. TEXT: what TREE was parsed from. Charged to WORK: a walk, each node once more for the
    looks, and the statements' rewrite when there is one."""
    if text is not None and not any(mark in text for mark in MARKS):
        return False
    nodes = work.walked(tree)
    work.charge(len(nodes))
    inside = _inside_definitions(nodes, work)
    changed = False
    for node in reversed(nodes):  # children before their parents: `a + b * -1 * -1` reads its inner part first
        if isinstance(node, ast.BinOp):
            changed |= _binary(node, inside.get(id(node), ()))
        elif isinstance(node, ast.AugAssign):
            changed |= _augmented(node, inside.get(id(node), ()))
    changed |= _folds_as_sums(tree, nodes, work)
    if any(isinstance(n, (ast.AugAssign, ast.Assign)) for n in nodes) or any(isinstance(n, ast.For) for n in nodes):
        found = []
        rewrite_blocks(tree, lambda statement: _statement(statement, found, work), work)
        changed |= bool(found)
    return changed


def _inside_definitions(nodes, work: Work) -> dict:
    """{id of a node: the operator definitions it is in ('sub', 'div')} for the nodes of the methods that
    define an operator (_DEFINES) in any class of NODES (the module's walk); one walk of those methods."""
    inside = {}
    for node in nodes:
        for method in (node.body if isinstance(node, ast.ClassDef) else ()):
            if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                kinds = tuple(kind for kind, names in _DEFINES.items() if method.name in names and kind != "add")
                if kinds:
                    inside.update((id(n), kinds) for n in work.walked(method))
                if method.name in _DEFINES["add"]:  # its own code, not its closures' (their operands are numbers)
                    for n in _own_nodes(method, work):
                        inside[id(n)] = (*inside.get(id(n), ()), "add")
    return inside


def _own_nodes(function, work: Work) -> list:
    """FUNCTION's nodes but those of the functions and lambdas defined in it."""
    out, todo = [], list(children(function))
    while todo:
        node = todo.pop()
        work.charge(1)
        out.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(children(node))
    return out


def _minus_one(node) -> bool:
    return (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant)
            and node.operand.value == 1 and type(node.operand.value) is int
            or isinstance(node, ast.Constant) and node.value == -1 and type(node.value) is int)


def _negated(node):
    """e of `e * -1`, `-1 * e` or `-e` (e not a constant), else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        if _minus_one(node.right):
            return node.left
        if _minus_one(node.left):
            return node.right
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
        return node.operand
    return None


def _reciprocal(node):
    """e of `e ** -1`, else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and _minus_one(node.right):
        return node.left
    return None


def _square(left, right) -> bool:
    """Whether `LEFT * RIGHT` is a compound's square: the same arithmetic of at most 30 nodes, calling nothing
    (`(p - y) * (p - y)`; not `t * t`, which honest fillers write)."""
    if not (isinstance(left, ast.BinOp) and isinstance(right, ast.BinOp) and type(left.op) is type(right.op)):
        return False
    if bounded_size(left, 30) > 30 or bounded_size(right, 30) > 30 \
            or any(isinstance(n, (ast.Call, ast.NamedExpr)) for n in walk(left)):
        return False
    return ast.dump(left) == ast.dump(right)


def _binary(node: ast.BinOp, inside) -> bool:
    if isinstance(node.op, ast.Add) and "sub" not in inside:
        for kept, other in ((node.left, node.right), (node.right, node.left)):
            taken = _negated(other)
            if taken is not None and _negated(kept) is None:
                node.left, node.op, node.right = kept, ast.Sub(), taken
                return True
    elif isinstance(node.op, ast.Sub) and "add" not in inside:
        taken = _negated(node.right)
        if taken is not None and _negated(node.left) is None:
            node.op, node.right = ast.Add(), taken
            return True
    elif isinstance(node.op, ast.Mult) and "div" not in inside and _square(node.left, node.right):
        node.op, node.right = ast.Pow(), ast.Constant(2)
        return True
    elif isinstance(node.op, ast.Mult) and "div" not in inside:
        denominator = _reciprocal(node.right)
        if denominator is not None and _reciprocal(node.left) is None and not _minus_one(node.left):
            node.op, node.right = ast.Div(), denominator
            return True
    return False


def _augmented(node: ast.AugAssign, inside) -> bool:
    if isinstance(node.op, ast.Add) and "sub" not in inside:
        taken = _negated(node.value)
        if taken is not None:
            node.op, node.value = ast.Sub(), taken
            return True
    elif isinstance(node.op, ast.Sub) and "add" not in inside:
        taken = _negated(node.value)
        if taken is not None:
            node.op, node.value = ast.Add(), taken
            return True
    elif isinstance(node.op, ast.Mult) and "div" not in inside:
        denominator = _reciprocal(node.value)
        if denominator is not None:
            node.op, node.value = ast.Div(), denominator
            return True
    return False


# -- statements -------------------------------------------------------------------------------------------------


def _statement(statement, found: list, work: Work) -> list:
    """STATEMENT as an append or a zip loop when it spells one (found gets one item), else [STATEMENT]."""
    out = _as_append(statement)
    if out is None and isinstance(statement, ast.For):
        out = _as_zip(statement, work)
    if out is None:
        return [statement]
    found.append(statement)
    return [ast.copy_location(out, statement)]


def _plain_target(node) -> bool:
    """A name, or an attribute of a name or of such an attribute (`xs`, `self.losses`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _one_item(node):
    if isinstance(node, ast.List) and len(node.elts) == 1 and not isinstance(node.elts[0], ast.Starred):
        return node.elts[0]
    return None


def _as_append(statement):
    if isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add):
        target, item = statement.target, _one_item(statement.value)
    elif isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.value, ast.BinOp) \
            and isinstance(statement.value.op, ast.Add) and _plain_target(statement.targets[0]) \
            and _plain_target(statement.value.left) and _same_load(statement.value.left, statement.targets[0]):
        target, item = statement.targets[0], _one_item(statement.value.right)
    else:
        return None
    if item is None or not _plain_target(target):
        return None
    return ast.Expr(ast.Call(ast.Attribute(_load(target), "append", ast.Load()), [item], []))


def _same_load(expression, target) -> bool:
    return ast.dump(expression) == ast.dump(_load(target))


def _load(target):
    """TARGET (a name or attribute chain) as read."""
    if isinstance(target, ast.Name):
        return ast.copy_location(ast.Name(target.id, ast.Load()), target)
    return ast.copy_location(ast.Attribute(_load(target.value), target.attr, ast.Load()), target)


def _as_zip(loop: ast.For, work: Work):
    """`for i in range(len(xs)): x, y = xs[i], ys[i]; B` (i read nowhere else) as `for x, y in zip(xs, ys): B`."""
    if loop.orelse or not isinstance(loop.target, ast.Name) or len(loop.body) < 2:
        return None
    index = loop.target.id
    length = _range_of_length(loop.iter)
    first = loop.body[0]
    if length is None or not (isinstance(first, ast.Assign) and len(first.targets) == 1):
        return None
    target, value = first.targets[0], first.value
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts) > 1:
        names, items = target.elts, value.elts
    else:
        names, items = [target], [value]
    if not all(isinstance(n, ast.Name) for n in names):
        return None
    sequences = [item.value for item in items if isinstance(item, ast.Subscript) and _is_name(item.slice, index)
                 and _plain_target(item.value)]
    if len(sequences) != len(items) or ast.dump(sequences[0]) != ast.dump(length):
        return None
    body = [n for s in loop.body[1:] for n in work.walked(s)]  # the loop's own, once: a loop in it is looked at alone
    if any(isinstance(n, ast.Name) and n.id == index for n in body) \
            or any(isinstance(n, ast.Name) and n.id == index for n in work.walked(first.targets[0])):
        return None
    if len(sequences) == 1:
        loop_target, iterable = names[0], sequences[0]
    else:
        loop_target = ast.copy_location(ast.Tuple(names, ast.Store()), target)
        iterable = ast.copy_location(ast.Call(ast.Name("zip", ast.Load()), sequences, []), value)
    return ast.For(loop_target, iterable, loop.body[1:], [], None)


def _range_of_length(node):
    """xs of `range(len(xs))` or `range(0, len(xs))`, else None."""
    if not (isinstance(node, ast.Call) and _is_name(node.func, "range") and not node.keywords
            and 1 <= len(node.args) <= 2):
        return None
    if len(node.args) == 2 and not (isinstance(node.args[0], ast.Constant) and node.args[0].value == 0
                                    and type(node.args[0].value) is int):
        return None
    length = node.args[-1]
    if isinstance(length, ast.Call) and _is_name(length.func, "len") and len(length.args) == 1 \
            and not length.keywords and _plain_target(length.args[0]):
        return length.args[0]
    return None


# -- reduce as sum ----------------------------------------------------------------------------------------------


def _folds_as_sums(tree, nodes, work: Work) -> bool:
    """`functools.reduce(operator.add, items[, 0])` as `sum(items)`; the imports it leaves unnamed out."""
    bound = Counter()
    for n in nodes:
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            bound[n.id] += 1
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound[n.name] += 1
        elif isinstance(n, ast.arg):
            bound[n.arg] += 1
    imported = {}  # local name -> "functools", "operator", "functools.reduce", "operator.add" ...
    for n in nodes:
        if isinstance(n, ast.Import):
            imported.update((a.asname or a.name, a.name) for a in n.names if a.name in ("functools", "operator"))
        elif isinstance(n, ast.ImportFrom) and n.module in ("functools", "operator") and not n.level:
            imported.update((a.asname or a.name, f"{n.module}.{a.name}") for a in n.names)
    imported = {local: name for local, name in imported.items() if not bound[local]}
    if not any(name in ("functools", "functools.reduce") for name in imported.values()) or bound["sum"]:
        return False
    folds = [n for n in nodes if isinstance(n, ast.Call) and _spelt(n.func, imported) == "functools.reduce"
             and not n.keywords and 2 <= len(n.args) <= 3 and not any(isinstance(a, ast.Starred) for a in n.args)
             and _adds(n.args[0], imported)
             and (len(n.args) == 2 or isinstance(n.args[2], ast.Constant) and n.args[2].value == 0
                  and type(n.args[2].value) is int)]
    if not folds:
        return False
    for call in folds:
        call.func, call.args = ast.copy_location(ast.Name("sum", ast.Load()), call.func), [call.args[1]]
    named = Counter(n.id for n in work.walked(tree) if isinstance(n, ast.Name))
    unnamed = {local for local in imported if not named[local]}
    for node in list(nodes):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and any(isinstance(s, (ast.Import, ast.ImportFrom)) for s in block):
                kept = [s for s in block if not _unnamed_import(s, unnamed)]
                setattr(node, field, kept or [ast.copy_location(ast.Pass(), block[0])])
    return True


def _unnamed_import(statement, unnamed) -> bool:
    """Whether STATEMENT imports functools or operator (or names of them) and nothing the file still names: the
    statement's aliases that are named stay."""
    if isinstance(statement, ast.Import) or isinstance(statement, ast.ImportFrom) \
            and statement.module in ("functools", "operator") and not statement.level:
        mine = [a for a in statement.names if (a.asname or a.name) in unnamed]
        statement.names = [a for a in statement.names if a not in mine]
        return not statement.names
    return False


def _spelt(func, imported) -> str | None:
    """The dotted name FUNC stands for through the imports ('functools.reduce', 'operator.add'), else None."""
    if isinstance(func, ast.Name):
        return imported.get(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in imported:
        return f"{imported[func.value.id]}.{func.attr}"
    return None


def _adds(node, imported) -> bool:
    """Whether NODE is the addition of two things: `operator.add` (iadd, __add__) or `lambda a, b: a + b`."""
    if _spelt(node, imported) in ("operator.add", "operator.iadd", "operator.__add__", "operator.__iadd__"):
        return True
    if isinstance(node, ast.Lambda) and len(node.args.args) == 2 and not node.args.vararg and not node.args.kwarg \
            and not node.args.kwonlyargs and not node.args.defaults and not node.args.posonlyargs:
        a, b = (arg.arg for arg in node.args.args)
        body = node.body
        return isinstance(body, ast.BinOp) and isinstance(body.op, ast.Add) and _is_name(body.left, a) \
            and _is_name(body.right, b)
    return False


def _is_name(node, text) -> bool:
    return isinstance(node, ast.Name) and node.id == text
