"""What one statement or loop of a student's walk does, read from its syntax tree (never executed): the readings
walk_places.py places a walk's mistakes by. Whether a loop walks an order backwards (`is_reversed`) and passes
gradient from node to node (`passes_gradient`); and, since session 37, the marks of three mistakes no loop shows: a
store of gradients whose default may be 1 (`defaults_of_one`), a visited mark computed and dropped (`dropped_marks`;
a bit of a mask tested, `bit_tested`, is a visited set read), the root's own inputs walked as if they were the graph
(`root_inputs_only`).
"""

from __future__ import annotations

import ast
import re

from .seed_source import _called_by_the_student, _reached, backward_functions, can_be_one
from .source_patterns import receiver_of
from .source_tree import FUNCTIONS

GRADISH = re.compile(r"grad|^_?g$|adjoint|adj", re.IGNORECASE)
_CONTAINER_METHODS = frozenset({"append", "appendleft", "extend", "add", "insert", "put", "push", "discard",
                                "remove", "setdefault", "get", "pop", "index", "count"})
_PLAIN_CALLS = frozenset({"id", "len", "isinstance", "print", "zip", "enumerate", "iter", "next", "hash", "repr",
                          "str", "type", "getattr", "hasattr"})


def gradish(target) -> bool:
    """Whether an assignment's target names a gradient (`self.grad`, `self._g`, `_GRADS[uid]`, `adjoint`)."""
    if isinstance(target, ast.Attribute):
        return bool(GRADISH.search(target.attr))
    if isinstance(target, ast.Subscript):
        return gradish(target.value) or (isinstance(target.value, ast.Name)
                                         and bool(GRADISH.search(target.value.id)))
    if isinstance(target, ast.Name):
        return bool(GRADISH.search(target.id))
    return False


def is_reversed(iterable) -> bool:
    """Whether a loop's iterable is an order walked backwards."""
    if isinstance(iterable, ast.Call):
        name = iterable.func.id if isinstance(iterable.func, ast.Name) else getattr(iterable.func, "attr", "")
        if "revers" in name.lower():
            return True
        if name == "sorted" and any(k.arg == "reverse" and not (isinstance(k.value, ast.Constant)
                                                                and not k.value.value) for k in iterable.keywords):
            return True
        if name == "range" and len(iterable.args) == 3:  # range(n - 1, -1, -1)
            step = iterable.args[2]
            return isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub)
    if isinstance(iterable, ast.Subscript) and isinstance(iterable.slice, ast.Slice):
        step = iterable.slice.step
        return isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub)
    return False


def passes_gradient(loop) -> bool:
    """Whether a `for` loop's body passes gradient node by node: calls a method of its loop variable
    (`node._backward()`), hands the variable to a function (`RULES[node.op](node)`), or adds into an attribute or
    an item (`parent.grad += ...`, `grads[p] = grads.get(p, 0) + ...`, `setattr(p, "grad", p.grad + ...)`)."""
    names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    for node in (n for statement in loop.body for n in ast.walk(statement)):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, (ast.Attribute, ast.Subscript)):
            if _copies_its_own(node, names, loop.iter):
                continue
            return True
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "setattr" and len(node.args) == 3 and \
                isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) and \
                GRADISH.search(node.args[1].value):
            return True  # setattr(parent, "grad", parent.grad + ...): an attribute added into
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in names \
                and func.attr not in _CONTAINER_METHODS:
            return True
        if isinstance(func, ast.Attribute) and func.attr in _CONTAINER_METHODS:
            continue
        if isinstance(func, ast.Name) and func.id in _PLAIN_CALLS:
            continue
        if any(isinstance(a, ast.Name) and a.id in names for a in node.args):
            return True
    return False


def _copies_its_own(statement, names, iterable) -> bool:
    """Whether an added-into STATEMENT only copies a number into the loop's own node, over two lists of the function's
    own zipped, `for node, g in zip(order, grads): node.grad += g` (gradients computed in a list, written back): its
    target an attribute of a loop name, its value a loop name, the loop over `zip` of plain names. Nothing passes
    between nodes there: a walk forwards over a list of adjoints followed by such a loop had two loops forwards, and
    no line (session 37). A walk handed pairs by a generator (`for target, amount in self._flows()`) is still one."""
    target, value = statement.target, statement.value
    return isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "zip" \
        and all(isinstance(a, ast.Name) for a in iterable.args) and not iterable.keywords \
        and isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id in names \
        and isinstance(value, ast.Name) and value.id in names


def defaults_of_one(tree) -> list:
    """The lines where a store of gradients kept apart from the nodes gives what may be 1 for a node it does not
    hold: the `return` of a dict subclass's `__missing__`, or `defaultdict(lambda: 1.0)` (session 37: gradients on
    a graph object, a `__missing__` returning 1.0, had no line); or a table of defaults a node's gradient is filled
    from (_gradient_defaults_of_one, session 38)."""
    lines = []
    for node in tree.nodes(*FUNCTIONS, ast.Call):
        tree.in_time()
        if isinstance(node, FUNCTIONS) and node.name == "__missing__":
            lines += [r.lineno for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None
                      and can_be_one(r.value)]
        elif isinstance(node, ast.Call) and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) \
                == "defaultdict" and node.args and isinstance(node.args[0], ast.Lambda) \
                and can_be_one(node.args[0].body):
            lines.append(node.lineno)
    return lines + _gradient_defaults_of_one(tree)


def _gradient_defaults_of_one(tree) -> list:
    """The lines of a table of defaults whose gradient may be 1: `dict(data=0.0, grad=1.0, ...)`, `{"grad": 1.0}`,
    the options a constructor taking `**kwargs` fills a node from (session 38's strangers: `self.grad =
    options["grad"]`, its default 1.0 in `_DEFAULTS`, had no line)."""
    lines = []
    for node in tree.nodes(ast.Call, ast.Dict):
        tree.in_time()
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
            pairs = [(k.arg, k.value) for k in node.keywords if k.arg is not None]
        elif isinstance(node, ast.Dict):
            pairs = [(k.value, v) for k, v in zip(node.keys, node.values)
                     if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        else:
            continue
        lines += [value.lineno for key, value in pairs if GRADISH.search(key) and can_be_one(value)]
    return lines


def dropped_marks(tree) -> list:
    """The lines, in `backward()` and what it calls in the file, of a statement that computes a value and drops it
    (an operator or a comparison alone on its line, no call in it): `seen | 1 << bit` for `seen |= 1 << bit`,
    `node.visited == True` for `node.visited = True`. Where the walk lists a node twice, such a line is the mark of
    a visit never kept (session 37: a visited set kept as a bitmask, its `|=` written `|`, had no line)."""
    lines = set()
    for method in backward_functions(tree):
        for function in _reached(method, tree):
            for node in ast.walk(function):
                tree.in_time()
                if isinstance(node, ast.Expr) and isinstance(node.value, (ast.BinOp, ast.Compare, ast.BoolOp)) \
                        and not any(isinstance(n, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr))
                                    for n in ast.walk(node.value)):
                    lines.add(node.lineno)
    return sorted(lines)


_PUSHES = frozenset({"append", "appendleft", "extend", "extendleft", "put", "push", "insert"})


def unmarked_again(tree) -> list:
    """The lines, in `backward()` and what it calls in the file, where the walk's loop writes back to a node's mark
    the value its push is guarded by (`if marks[k.num] == 0: stack.append(k)` ... `marks[v.num] = 0` inside the
    loop, to the node just popped): the node is new again, and a later path pushes it a second time (session 38:
    marks kept in a bytearray, the finished one written 0 for 2, had no line). A reset after the loop, and a
    counter of another node (Kahn's `indegree[c] = 0`), are no such line."""
    lines = set()
    for method in backward_functions(tree):
        for function in _reached(method, tree):
            new, work = set(), _worklists(function)
            for node in ast.walk(function):
                tree.in_time()
                tests = [node.test] if isinstance(node, ast.If) and _pushes(node.body, work) else \
                    node.ifs if isinstance(node, ast.comprehension) else []
                new |= {key for test in tests for key in _marks_compared(test)}
            for loop in (n for n in ast.walk(function) if isinstance(n, (ast.While, ast.For)) and _pushes([n], work)):
                popped = _popped_names(loop, work)
                for node in ast.walk(loop):
                    if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                            isinstance(node.targets[0], ast.Subscript) and isinstance(node.value, ast.Constant) and \
                            (ast.unparse(node.targets[0].value), node.value.value) in new and \
                            any(isinstance(n, ast.Name) and n.id in popped for n in ast.walk(node.targets[0].slice)):
                        lines.add(node.lineno)
    return sorted(lines)


def _popped_names(loop, work) -> set:
    """The names LOOP binds to what it pops from WORK (`v = stack.pop()`, `v, done = stack.pop()`): the node visited
    now, whose mark a write-back undoes (a counter of another node, Kahn's `indegree[c] = 0`, is not one)."""
    names = set()
    for node in ast.walk(loop):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Attribute) and ast.unparse(node.value.func.value) in work:
            names |= {n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def _worklists(function) -> set:
    """The names FUNCTION pops from (`stack.pop()`, `todo.popleft()`): the walk's lists of nodes still to visit."""
    return {ast.unparse(n.func.value) for n in ast.walk(function) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute) and n.func.attr in ("pop", "popleft", "get")}


def _pushes(body, work) -> bool:
    """Whether BODY pushes onto one of WORK, the walk's lists of nodes still to visit (not onto the order it builds)."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _PUSHES
               and ast.unparse(n.func.value) in work for statement in body for n in ast.walk(statement))


def _marks_compared(test) -> set:
    """{(the table, the constant)} of each `table[...] == constant` in TEST."""
    return {(ast.unparse(n.left.value), n.comparators[0].value) for n in ast.walk(test)
            if isinstance(n, ast.Compare) and isinstance(n.left, ast.Subscript) and len(n.ops) == 1
            and isinstance(n.ops[0], ast.Eq) and isinstance(n.comparators[0], ast.Constant)}


def mark_tested(node) -> bool:
    """Whether NODE compares an item of a table with a constant, `marks[v.num] == 2`, `state[id(v)] is DONE`: a
    visited mark kept per node in a list, a bytearray or a dict and read (session 38: a walk whose marks lived in a
    bytearray was said to keep no visited set, at the loop over a node's inputs)."""
    return isinstance(node, ast.Compare) and isinstance(node.left, ast.Subscript) and all(
        isinstance(c, ast.Constant) or (isinstance(c, ast.Name) and c.id.isupper()) for c in node.comparators)


def bit_tested(node) -> bool:
    """Whether NODE tests one bit of a mask: `seen >> bit & 1`, `seen & (1 << bit)` (a visited set kept as an int)."""
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd) and any(
        isinstance(side, ast.BinOp) and isinstance(side.op, (ast.LShift, ast.RShift))
        for side in (node.left, node.right))


_WRAPPERS = frozenset({"iter", "reversed", "list", "tuple", "sorted", "enumerate"})


def _rooted_at(expression, receiver) -> bool:
    """Whether EXPRESSION reads the root's own inputs: an attribute of it (`self._prev`, `iter(self.edges)`), or what a
    method of such an attribute gives (`self.el.findall("input")`); never what a method of the root computes
    (`reversed(self._toposort())`: the whole order)."""
    while isinstance(expression, ast.Call) and isinstance(expression.func, ast.Name) \
            and expression.func.id in _WRAPPERS and len(expression.args) == 1:
        expression = expression.args[0]
    if isinstance(expression, ast.Call):
        if not isinstance(expression.func, ast.Attribute) or expression.keywords or \
                not all(isinstance(a, ast.Constant) for a in expression.args):
            return False  # `self.edges.get(node, ())` looks up another node's inputs
        expression = expression.func.value  # the receiver of the method: an attribute of the root, not the root
        if not isinstance(expression, (ast.Attribute, ast.Subscript)):
            return False
    if not isinstance(expression, (ast.Attribute, ast.Subscript)):
        return False
    while isinstance(expression, (ast.Attribute, ast.Subscript)):
        expression = expression.value
    return isinstance(expression, ast.Name) and expression.id == receiver


def root_inputs_only(tree) -> int | None:
    """The line where `backward()` walks the root's own inputs as if they were the whole graph: a loop over them
    that passes gradient (`for child in self._prev: child._backward()`), or, inside the walk's loop, the inputs
    pushed or read being the root's again (`stack.extend(... for i in self.el.findall("input"))` for the popped
    node's); where there is one such place (session 37: a walk that expanded `self` at every step had no line)."""
    lines = set()
    for method in (m for m in backward_functions(tree) if _called_by_the_student(m)):
        receiver = receiver_of(method)
        loops = [n for n in ast.walk(method) if isinstance(n, (ast.For, ast.While))]
        for loop in loops:
            tree.in_time()
            if isinstance(loop, ast.For) and _rooted_at(loop.iter, receiver) and not is_reversed(loop.iter) \
                    and passes_gradient(loop):  # `reversed(self._order)`: an order kept on the root, walked
                lines.add(loop.lineno)
            elif isinstance(loop, ast.While) or not _rooted_at(loop.iter, receiver):
                for inner in (n for statement in loop.body for n in ast.walk(statement)):
                    if isinstance(inner, ast.comprehension) and _rooted_at(inner.iter, receiver):
                        lines.add(inner.iter.lineno)
    return lines.pop() if len(lines) == 1 else None
