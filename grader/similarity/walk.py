"""ast.walk, faster: the same nodes in the same order (breadth first, each node's children as ast.iter_child_nodes
gives them, read when the node is reached), without ast's two generators a node.

Reading a file walks its tree (or a function's) a dozen times and more (normalise.py's rewrites, traits.py's shapes,
roles.Names, meanings.py's lines): ast.walk was a fifth of `grade similarity`'s CPU on a class of 1,000.
"""

from __future__ import annotations

from ast import AST
from collections import deque


def walk(node):
    """Every node under NODE (itself first), as ast.walk yields them: a field a node lacks is skipped, as
    ast.iter_fields skips it; a node's children are read when it is reached, so a change made to a node not yet
    reached is seen, as with ast.walk."""
    todo = deque([node])
    reach, push = todo.popleft, todo.append
    while todo:
        node = reach()
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, AST):
                push(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, AST):
                        push(item)
        yield node


def children(node) -> list:
    """NODE's children, as list(ast.iter_child_nodes(NODE)) gives them."""
    out = []
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, AST):
            out.append(value)
        elif isinstance(value, list):
            out.extend([item for item in value if isinstance(item, AST)])
    return out


def bounded_size(node, limit: int) -> int:
    """The number of nodes of an expression, counted up to just past LIMIT (so that counting is bounded too)."""
    count, stack = 0, [node]
    while stack and count <= limit:
        count += 1
        stack.extend(children(stack.pop()))
    return count


def copy_tree(node, memo=None):
    """copy.deepcopy of a syntax tree (a node shared in it is shared in the copy), without deepcopy's generality
    (variants.py: each identity rewrites a copy of the tree before it)."""
    memo = {} if memo is None else memo
    found = memo.get(id(node))
    if found is not None:
        return found
    if isinstance(node, list):
        out = memo[id(node)] = []
        out.extend(copy_tree(item, memo) if isinstance(item, (AST, list)) else item for item in node)
        return out
    out = memo[id(node)] = node.__class__.__new__(node.__class__)
    out.__dict__.update({name: copy_tree(value, memo) if isinstance(value, (AST, list)) else value
                         for name, value in node.__dict__.items()})
    return out


def same_tree(a, b, pairs: dict) -> bool:
    """Whether trees A and B are the same to an identity of variants.py: the same fields and values, the same nodes
    shared (PAIRS: each node or list of A met and B's in its place, either way round); locations aside (no identity
    reads them)."""
    if isinstance(a, (AST, list)):
        if type(a) is not type(b) or pairs.setdefault(("a", id(a)), id(b)) != id(b) \
                or pairs.setdefault(("b", id(b)), id(a)) != id(a):
            return False
        if isinstance(a, list):
            return len(a) == len(b) and all(same_tree(x, y, pairs) for x, y in zip(a, b))
        return a._fields == b._fields and all(same_tree(getattr(a, f, _MISSING), getattr(b, f, _MISSING), pairs)
                                              for f in a._fields)
    return type(a) is type(b) and a == b


_MISSING = object()  # a field a node lacks (ast.iter_fields skips it: not the same as None to every reader)
