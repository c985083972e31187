"""A pull-style walk's `=` (session 41): a backward pass that visits each node once, after every node that reads it,
and sets its gradient to the sum of what each of those users hands it (`v.grad = sum(u.rule(u.grad)[i] for u, i in
users[v])`, `math.fsum(...)`, `functools.reduce(operator.add, ...)`, or a local added to in a loop over the users and
written once) writes the whole gradient with one `=`: the right way to write such a walk, not the `=` for `+=`
mistake that overwrites.py and source_patterns.grad_assignments name. Writing only one user's share (`for u, i in
users[v]: v.grad = u.rule(u.grad)[i]`) is still the mistake."""

from __future__ import annotations

import ast

from .source_tree import FUNCTIONS

_SUMS = frozenset({"sum", "fsum"})
_COMPREHENSIONS = (ast.GeneratorExp, ast.ListComp, ast.SetComp)


def pulled_sum(tree, value, own, parents) -> bool:
    """Whether VALUE, written into the gradient of the object whose chain is OWN, adds up a term for each item of
    a table keyed by that object (its users: `users[id(node)]`, `node.consumers`): a `sum`/`fsum`/`reduce`-with-add
    over such a comprehension, or a local name the enclosing function only sets to a number and adds to (`+=`) in a
    loop over such a table."""
    if own is None:
        return False
    if isinstance(value, ast.Call):
        return _summed_over(tree, value, own)
    if isinstance(value, ast.Name):
        return _accumulated_over(tree, value, own, parents)
    return False


def _keyed_by(tree, expr, own) -> bool:
    """Whether EXPR (a loop's or a comprehension's iterable) names the object whose chain is OWN."""
    return any(isinstance(n, (ast.Name, ast.Attribute)) and tree.chain.get(id(n)) == own for n in ast.walk(expr))


def _summed_over(tree, call, own) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if call.keywords and name != "sum":
        return False
    if name in _SUMS and call.args:
        items = call.args[0]
    elif name == "reduce" and len(call.args) >= 2 and _adds(call.args[0]):
        items = call.args[1]
    else:
        return False
    return isinstance(items, _COMPREHENSIONS) and any(_keyed_by(tree, g.iter, own) for g in items.generators)


def _adds(func) -> bool:
    """`operator.add`, `add`, `lambda a, b: a + b`."""
    if isinstance(func, (ast.Attribute, ast.Name)):
        return (func.attr if isinstance(func, ast.Attribute) else func.id) in ("add", "__add__")
    if isinstance(func, ast.Lambda) and len(func.args.args) == 2:
        body, (a, b) = func.body, [x.arg for x in func.args.args]
        return isinstance(body, ast.BinOp) and isinstance(body.op, ast.Add) \
            and {getattr(body.left, "id", None), getattr(body.right, "id", None)} == {a, b}
    return False


def _accumulated_over(tree, name, own, parents) -> bool:
    """Whether the function around NAME sets the local NAME only to numbers and adds to it in a loop over a table
    keyed by OWN (`total = 0.0` ... `for u, i in users[id(v)]: total += ...`)."""
    function = parents.get(name)
    while function is not None and not isinstance(function, FUNCTIONS):
        function = parents.get(function)
    if function is None:
        return False
    added = False
    for node in ast.walk(function):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) \
            else []
        if any(isinstance(t, ast.Name) and t.id == name.id for t in targets):
            if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, (int, float))):
                return False  # `total = u.rule(u.grad)[i]`: one user's share
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name.id:
            if not isinstance(node.op, ast.Add):
                return False
            loop = parents.get(node)
            while loop is not None and loop is not function and not isinstance(loop, ast.For):
                loop = parents.get(loop)
            if not isinstance(loop, ast.For) or not _keyed_by(tree, loop.iter, own):
                return False
            added = True
        elif isinstance(node, (ast.For, ast.comprehension)) and any(
                isinstance(t, ast.Name) and t.id == name.id for t in ast.walk(node.target)):
            return False
    return added
