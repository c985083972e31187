"""Rewrites of a whole file that undo a disguise of any code before its tokens are read.

Keyword arguments of the file's own class are put in the order of its __init__; a temporary read once is put in place; strings and attributes spelt as
expressions read as written plainly; a module-level alias of a class names the class. Each changes
the tree in place, or returns the new tree (the NodeTransformers). The rewrites that read an engine
written another way round as micrograd's closures (node-making helpers, bound rules, op-string
dispatch, edge lists) are in closures.py, which uses own_nodes and drop_definitions from here (bounded_size from walk.py);
a one-line helper put in place of its calls is inline_helpers.py's.
"""

from __future__ import annotations

import ast

from .canonical import independent_in_order
from .reach import names_used
from .walk import children, walk


def drop_definitions(tree, gone: set[str], methods: set[str] | None = None) -> None:
    """Remove the functions named in GONE from the bodies of the module and its classes (an emptied body: `pass`);
    given METHODS, those named in GONE from the module's and those named in METHODS from its classes'."""
    methods = gone if methods is None else methods
    if not gone and not methods:
        return
    for node in walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef)):
            names = gone if isinstance(node, ast.Module) else methods
            kept = [s for s in node.body if not (isinstance(s, ast.FunctionDef) and s.name in names)]
            node.body = kept or [ast.Pass()]


class PositionalArguments(ast.NodeTransformer):
    """`Value(x, _children=(a, b), _op="*")` → `Value(x, (a, b), "*")`: keywords put in the order of the class's __init__."""

    def __init__(self, nodes):
        self.order = {}
        for node in nodes:
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        self.order[node.name] = [a.arg for a in item.args.posonlyargs + item.args.args][1:]

    def visit_Call(self, node):
        self.generic_visit(node)
        order = self.order.get(node.func.id) if isinstance(node.func, ast.Name) else None
        if not order or not node.keywords or any(k.arg is None for k in node.keywords):
            return node
        given = {k.arg: k.value for k in node.keywords}
        args = list(node.args)
        for name in order[len(args):]:
            if name not in given:
                break
            args.append(given.pop(name))
        if given:
            return node  # a keyword after a gap, or one __init__ does not name: leave the call as written
        return ast.copy_location(ast.Call(node.func, args, []), node)


_PURE = (ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Compare, ast.Tuple, ast.IfExp)


def inline_temporaries(function) -> int:
    """A local assigned once from a pure expression and read once (or an alias `x = self.data`) is put in place.

    `d = 1 - t ** 2; self.grad = self.grad + d * out.grad` reads like
    `self.grad = self.grad + (1 - t ** 2) * out.grad`: naming a temporary is a
    way to paraphrase a line, not a way to compute something else. Only the
    function's own statements are looked at (not nested functions, which may
    run later), and only names assigned exactly once there. Returns the nodes it
    visited (normalise.py charges them to the file's budget of work).
    """
    own = list(own_nodes(function))
    visited = len(own)
    stores, loads = {}, {}
    for node in own:
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else stores).setdefault(node.id, []).append(node)
    nested = [n for inner in own if isinstance(inner, (ast.FunctionDef, ast.Lambda)) for n in walk(inner)]
    nested_reads = {n.id for n in nested if isinstance(n, ast.Name)}
    visited += len(nested)
    replace = {}
    for statement in own:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)):
            continue
        name, value = statement.targets[0].id, statement.value
        if len(stores.get(name, ())) != 1 or name in nested_reads or name in _names_in(value):
            continue
        pure = all(isinstance(n, _PURE + (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop))
                   for n in walk(value))
        # an alias: `x = self.data`, or another name the function never assigns (`a, b = self, other`: a
        # parameter, or a closure's free name), which reads the same wherever `x` is read
        alias = (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                 or isinstance(value, ast.Name) and value.id not in stores)
        if pure and (len(loads.get(name, ())) == 1 or alias) and not _reassigned(value, stores):
            replace[name] = (statement, value)
    if not replace:
        return visited

    import copy

    class Put(ast.NodeTransformer):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Load) and node.id in replace:
                return ast.copy_location(copy.deepcopy(replace[node.id][1]), node)
            return node

        def visit_FunctionDef(self, node):
            return node if node is not function else self.generic_visit(node)

    dropped = {id(statement) for statement, _ in replace.values()}
    shortened = []
    for node in walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                kept = [s for s in block if id(s) not in dropped]
                if len(kept) < len(block):
                    shortened.append((node, field))
                setattr(node, field, kept or ([ast.Pass()] if block else block))
    Put().visit(function)
    for node, field in shortened:  # with the temporaries gone, the lines that used them are put in order again
        setattr(node, field, independent_in_order(getattr(node, field)))
    return 4 * visited  # the function walked again, its temporaries put in place, its blocks put in order


def own_nodes(function):
    """The nodes of a function that are not inside a function nested in it."""
    stack = list(children(function))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(children(node))


def statement_own_nodes(statement):
    """The nodes of a statement outside any function nested in it (a nested function's own returns are its own)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    return [statement] + list(own_nodes(statement))


def _names_in(expression) -> set[str]:
    return {n.id for n in walk(expression) if isinstance(n, ast.Name)}


def _reassigned(value, stores) -> bool:
    """Whether a name the expression reads is assigned more than once (its value could change before the use)."""
    return any(len(stores.get(name, ())) > 1 for name in _names_in(value))


def plain_literals(tree, nodes) -> bool:
    """Strings and attributes spelt as expressions read as written plainly; returns whether anything changed.

    `"ta" + "nh"` and `"".join(["ta", "nh"])` are the constant `"tanh"` (`"ta" "nh"`
    already is, to Python); `getattr(x, "data")` is `x.data` (an identifier
    string, no default, no keywords). A copy that splits every op name, or
    reads `data` through getattr, computes the same. `setattr(x, "a", e)` is
    left as written (docs/similarity.md: read as `x.a = e`, it cost the first
    class's setattr author their own code, and the class its ranking).
    """
    if not any(_literal_form(node) for node in nodes):
        return False

    class Plain(ast.NodeTransformer):
        def visit_BinOp(self, node):
            self.generic_visit(node)
            if isinstance(node.op, ast.Add) and _is_str(node.left) and _is_str(node.right):
                return ast.copy_location(ast.Constant(node.left.value + node.right.value), node)
            return node

        def visit_Call(self, node):
            self.generic_visit(node)
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr == "join" and _is_str(func.value)
                    and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], (ast.List, ast.Tuple))
                    and all(_is_str(e) for e in node.args[0].elts)):
                return ast.copy_location(ast.Constant(func.value.value.join(e.value for e in node.args[0].elts)), node)
            if (isinstance(func, ast.Name) and func.id == "getattr" and len(node.args) == 2 and not node.keywords
                    and _is_str(node.args[1]) and node.args[1].value.isidentifier()
                    and not isinstance(node.args[0], ast.Starred)):
                return ast.copy_location(ast.Attribute(node.args[0], node.args[1].value, ast.Load()), node)
            return node

    Plain().visit(tree)
    return True


def _is_str(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _literal_form(node) -> bool:
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.Add) and _is_str(node.left) and _is_str(node.right)
    if isinstance(node, ast.Call):
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "getattr") or (
            isinstance(func, ast.Attribute) and func.attr == "join" and _is_str(func.value))
    return False


def class_aliases(tree) -> bool:
    """`class Node: ...` and, at the end, `Value = Node`: the class is Value, named so everywhere; the alias goes.

    Returns whether anything changed. Only a module-level alias of a class the
    module defines, to a name the module defines nowhere else, is read so.
    """
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    bound = [t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)]
    bound += [node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    aliases = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Name) and node.value.id in classes
                and bound.count(node.targets[0].id) == 1 and node.value.id not in aliases):
            aliases[node.value.id] = (node.targets[0].id, node)
    if not aliases:
        return False
    gone = {id(statement) for _, statement in aliases.values()}
    tree.body = [node for node in tree.body if id(node) not in gone]
    names = {old: new for old, (new, _) in aliases.items()}
    for node in walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            node.id = names[node.id]
        elif isinstance(node, ast.ClassDef) and node.name in names:
            node.name = names[node.name]
    return True


def unused_private_functions(tree, nodes) -> bool:
    """A module-level `def _name(...)` (undecorated) that the file names nowhere else is dead code, and goes.

    A leading underscore makes a function private to its module by Python's
    convention (`from engine import *` leaves it out), so a private function the
    module never names, calls or lists is run by nobody: a copier who adds one
    adds no code of their own. Returns whether anything changed.
    """
    private = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
               and node.name.startswith("_") and not node.name.startswith("__") and not node.decorator_list}
    if not private:
        return False
    gone = private - names_used(nodes)
    if not gone:
        return False
    tree.body = [node for node in tree.body
                 if not (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in gone)] or [ast.Pass()]
    return True
