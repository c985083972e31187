"""A node that keeps (parent, local derivative) edges, read as micrograd's closures (closures.py reads the other
designs, tables.py an op table)."""

from __future__ import annotations

import ast

from .plain_module import module_classes
from .walk import children, walk


def edges_as_closures(tree) -> None:
    """An edge list is read as closures: `Value(d, ((self, other.data), (other, self.data)), "*")` gets the closure
    `self.grad = self.grad + other.data * out.grad; other.grad = other.grad + self.data * out.grad`; so are
    parallel tuples of parents and local derivatives (`Value(d, (self, other), (other.data, self.data), "*")`),
    read as the pairs they stand for.

    Both styles are taught (course: a node keeps (parent, local derivative)
    pairs, or a closure that applies them); rewriting one into the other is a
    paraphrase. Only calls of a class the file defines, whose second argument
    lists pairs, are read so.
    """
    classes = {node.name for node in module_classes(tree)}
    if not any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in classes
               and len(node.args) >= 2 for node in walk(tree)):
        return  # no call below could be read (a plain walk, cheaper than the one that knows each call's function)
    calls_in: dict[ast.FunctionDef, list[ast.Call]] = {}
    stack = [(node, None) for node in children(tree)]
    while stack:  # one walk, knowing the function each call is in
        node, function = stack.pop()
        if isinstance(node, ast.FunctionDef):
            function = node
        elif (function is not None and isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in classes and len(node.args) >= 2):
            if _parallel(node.args[1:3]):  # (parents), (derivatives): the pairs they stand for
                node.args[1:3] = [ast.copy_location(ast.Tuple([ast.Tuple([p, d], ast.Load()) for p, d in zip(
                    node.args[1].elts, node.args[2].elts)], ast.Load()), node.args[1])]
            if _lists_pairs(node.args[1]):
                calls_in.setdefault(function, []).append(node)
        stack.extend((child, function) for child in children(node))
    for function, calls in calls_in.items():
        if len(calls) != 1:
            continue
        rules = []
        for parent, local in (e.elts for e in calls[0].args[1].elts):
            grad = ast.Attribute(ast.Name("out", ast.Load()), "grad", ast.Load())
            flows = grad if isinstance(local, ast.Constant) and local.value == 1 else ast.BinOp(local, ast.Mult(), grad)
            target = ast.Attribute(parent, "grad", ast.Store())
            rules.append(ast.Assign([target], ast.BinOp(ast.Attribute(parent, "grad", ast.Load()), ast.Add(), flows)))
        closure = ast.FunctionDef("_backward", ast.arguments([], [], None, [], [], None, []), rules, [], None)
        at = next((i for i, s in enumerate(function.body) if isinstance(s, ast.Return)), len(function.body))
        function.body.insert(at, ast.fix_missing_locations(ast.copy_location(closure, calls[0])))


def _parallel(nodes) -> bool:
    """A tuple of parents and a tuple of as many local derivatives (`(self, other), (other.data, self.data)`)."""
    return (len(nodes) == 2 and all(isinstance(n, (ast.Tuple, ast.List)) for n in nodes)
            and 1 <= len(nodes[0].elts) == len(nodes[1].elts) and not _lists_pairs(nodes[0])
            and not any(isinstance(e, ast.Starred) for n in nodes for e in n.elts))


def _lists_pairs(node) -> bool:
    return (isinstance(node, (ast.Tuple, ast.List)) and bool(node.elts)
            and all(isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) == 2 for e in node.elts))
