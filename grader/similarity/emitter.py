"""The tokens of a canonical tree: node kinds, operators, roles and constants, each with its line."""

from __future__ import annotations

import ast
import sys

from .roles import Names, kept_as_written
from .walk import walk

_COMMUTATIVE = (ast.Add, ast.Mult)
# builtins that walk an iterable argument once and keep only its items: a list comprehension there is its generator
_CONSUMERS = frozenset({"sum", "min", "max", "any", "all", "sorted", "list", "tuple", "set", "frozenset"})
_FLIPPED = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}
CHAIN_MOST = 64  # operands of one chain of `+` or `*` read in any grouping


# a comparison negated (`not a < b` is `a >= b`; exact but for NaN, which no engine's test compares), and the order
# comparisons that a choice reads the other way round (`b if x <= 0 else a` is `a if x > 0 else b`)
_NEGATED = {ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Gt: ast.LtE, ast.GtE: ast.Lt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
_LOOSE = (ast.LtE, ast.GtE)


def _negated(node: ast.UnaryOp):
    """`not a < b` as the comparison `a >= b` (one operator), or None."""
    test = node.operand
    if isinstance(node.op, ast.Not) and isinstance(test, ast.Compare) and len(test.ops) == 1 \
            and type(test.ops[0]) in _NEGATED:
        return ast.copy_location(ast.Compare(test.left, [_NEGATED[type(test.ops[0])]()], test.comparators), node)
    return None


def _strict(test):
    """Where TEST is `a <= b` or `a >= b` (itself, or a negated strict comparison read so), its negation, the strict
    comparison a choice between two branches reads with its branches swapped; else None."""
    if isinstance(test, ast.UnaryOp) and (negated := _negated(test)) is not None:
        test = negated
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], _LOOSE):
        return ast.copy_location(ast.Compare(test.left, [_NEGATED[type(test.ops[0])]()], test.comparators), test)
    return None


def _chain(node: ast.BinOp, op: type) -> list:
    """The operands of the chain of OP that NODE heads, left to right: `(a * b) * (c * d)` is [a, b, c, d] (at most
    CHAIN_MOST: a longer chain's last operands are read as they are grouped)."""
    operands, stack = [], [node]
    while stack:
        part = stack.pop()
        if isinstance(part, ast.BinOp) and isinstance(part.op, op) and len(operands) + len(stack) < CHAIN_MOST:
            stack.extend((part.right, part.left))
        else:
            operands.append(part)
    return operands


# `b if <test> else o` where the test compares b and o: (which of the two builtins, whether its arguments are (b, o)
# rather than (o, b)); max(p, q) is p unless q > p, min(p, q) p unless q < p, so ties keep Python's choice
_CHOICES = {(ast.Gt, True): ("max", False), (ast.Gt, False): ("min", True), (ast.GtE, True): ("max", True),
            (ast.GtE, False): ("min", False), (ast.Lt, True): ("min", False), (ast.Lt, False): ("max", True),
            (ast.LtE, True): ("min", True), (ast.LtE, False): ("max", False)}
_PURE = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.BinOp, ast.UnaryOp, ast.Load, ast.operator,
         ast.unaryop, ast.Slice)


def _choice_of_two(node: ast.IfExp):
    """("max" or "min", first, second) when NODE chooses the larger or smaller of the two sides of its comparison,
    `r if r > x else x` (the statement `if r > x: x = r` as canonical.py reads it) being `max(x, r)`; None otherwise.
    Both sides are names, constants, attributes, items or arithmetic of them (read twice, as the choice reads them:
    nothing called)."""
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in (ast.Gt, ast.GtE, ast.Lt,
                                                                                             ast.LtE)):
        return None
    left, right = test.left, test.comparators[0]
    sizes = []
    for side in (left, right):
        parts = list(ast.walk(side))
        if not all(isinstance(part, _PURE) for part in parts):
            return None
        sizes.append(len(parts))
    if not all(_at_most(branch, max(sizes)) for branch in (node.body, node.orelse)):
        return None  # larger than either side, so neither (and not dumped: a nest of choices is read in linear time)
    body, orelse, left_dump, right_dump = ast.dump(node.body), ast.dump(node.orelse), ast.dump(left), ast.dump(right)
    if left_dump == right_dump:
        return None
    if (body, orelse) == (left_dump, right_dump):
        name, as_is = _CHOICES[type(test.ops[0]), True]
        return (name, left, right) if as_is else (name, right, left)
    if (body, orelse) == (right_dump, left_dump):
        name, as_is = _CHOICES[type(test.ops[0]), False]
        return (name, left, right) if as_is else (name, right, left)
    return None


def _at_most(node, most: int) -> bool:
    """NODE's tree has at most MOST nodes (walked no further than that)."""
    for count, _ in enumerate(ast.walk(node), 1):
        if count > most:
            return False
    return True


def _is_int(node, value: int) -> bool:
    """NODE is the whole number VALUE written as a constant (not a bool, not a float)."""
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == value


class Emitter:
    """Preorder tokens of a canonical tree: node kinds, operators, roles and constants, each with its line."""

    def __init__(self, names: Names, out: list, unread: frozenset[str], starts: list | None = None,
                 dead: frozenset[int] = frozenset()):
        self.names, self.out, self.unread = names, out, unread
        self.dead = dead  # id() of the functions defined in a function that nothing names: dead code (normalise.py)
        self.starts = starts if starts is not None else []  # where each statement's tokens begin in `out`
        self.line = 1

    def emit(self, token, node=None):
        if node is not None and getattr(node, "lineno", None):
            self.line = node.lineno
        self.out.append((token, self.line))

    def function(self, node, method: bool = True):
        """A function: a method keeps an API name (`relu`); a function of the module (`method` False) named with an
        API word the file binds (a helper `log`) is named by the student, `f` as any other."""
        self.starts.append(len(self.out))
        name = node.name if kept_as_written(node.name) and (method or not self.names.chosen(node.name)) else "f"
        args = node.args
        self.emit(f"def:{name}:{len(args.posonlyargs) + len(args.args)}", node)
        for default in args.defaults + [d for d in args.kw_defaults if d is not None]:
            self.expression(default)
        self.block(node.body)

    def block(self, statements):
        self.emit("{")
        for statement in statements:
            self.statement(statement)
        self.emit("}")

    def statement(self, node):
        self.starts.append(len(self.out))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if id(node) not in self.dead:
                self.function(node)
        elif isinstance(node, ast.ClassDef):
            self.emit("class", node)
            self.block(node.body)
        elif isinstance(node, ast.Assign):
            if self._dead(node):
                return
            self.emit("=", node)
            for target in node.targets:
                self.expression(target)
            self.expression(node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self.emit("loop", node)
            self.expression(node.target)
            self.expression(node.iter)
            self.block(node.body)
            if node.orelse:
                self.block(node.orelse)
        elif isinstance(node, ast.While):
            self.emit("loop", node)
            self.expression(node.test)
            self.block(node.body)
            if node.orelse:
                self.block(node.orelse)
        elif isinstance(node, ast.If) and node.orelse and (strict := _strict(node.test)) is not None:
            self.emit("if", node)  # `if x <= 0: B` / `else: A` is `if x > 0: A` / `else: B` (session 23)
            self.expression(strict)
            self.block(node.orelse)
            self.emit("else")
            self.block(node.body)
        elif isinstance(node, ast.If):
            self.emit("if", node)
            self.expression(node.test)
            self.block(node.body)
            if node.orelse:
                self.emit("else")
                self.block(node.orelse)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level \
                and node.module.split(".")[0] in sys.stdlib_module_names:
            self.emit("import:" + node.module, node)  # `from math import exp` imports math's names: `import math`
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self.emit("import:" + ",".join(sorted(a.name for a in node.names)), node)
        else:
            self.emit(type(node).__name__, node)
            for field, value in ast.iter_fields(node):
                self._child(value)

    def _dead(self, node: ast.Assign) -> bool:
        targets = node.targets
        return (len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id in self.unread
                and not any(isinstance(n, ast.Call) for n in walk(node.value)))

    def _child(self, value):
        if isinstance(value, list):
            if value and isinstance(value[0], ast.stmt):
                self.block(value)
            else:
                for item in value:
                    self._child(item)
        elif isinstance(value, ast.stmt):
            self.statement(value)
        elif isinstance(value, ast.expr):
            self.expression(value)
        elif isinstance(value, ast.AST) and not isinstance(value, (ast.expr_context, ast.operator, ast.cmpop,
                                                                   ast.unaryop, ast.boolop)):
            self.emit(type(value).__name__)
            for _, child in ast.iter_fields(value):
                self._child(child)

    def expression(self, node):
        if isinstance(node, ast.Name):
            member = self.names.members.get(node.id)
            if member and node.id not in self.names.variables and node.id not in self.names.functions:
                self.emit("." + member[1], node)  # `from math import exp as _exp`: `_exp` is `math.exp`
                self.emit("mod:" + member[0], node)
            else:
                self.emit(self.names.role(node.id), node)
        elif isinstance(node, ast.Attribute):
            self.emit("." + self._attribute(node), node)
            self.expression(node.value)
        elif isinstance(node, ast.Constant):
            self.emit(_constant(node.value), node)
        elif _formats_text(node):
            self.emit("fstr", node)  # '**' + str(k), '**%s' % k, '**{}'.format(k): the f-string f'**{k}'
        elif isinstance(node, ast.BinOp):
            self.emit(type(node.op).__name__, node)
            if isinstance(node.op, _COMMUTATIVE):
                # a chain of one operator is its operands in a fixed order, however grouped: `k * x ** (k - 1) * g`
                # is `g * k * x ** (k - 1)` (each operator of the chain emitted, then its operands; not exact for
                # floats, whose sums and products round by grouping: test_rewrites_exact.py)
                operands = _chain(node, type(node.op))
                for _ in range(len(operands) - 2):
                    self.emit(type(node.op).__name__, node)
                for tokens in sorted((self._tokens_of(o) for o in operands), key=lambda pairs: [t for t, _ in pairs]):
                    self.out.extend(tokens)
            else:
                self.expression(node.left)
                self.expression(node.right)
        elif isinstance(node, ast.Compare):
            if len(node.ops) == 1 and type(node.ops[0]) in _FLIPPED:  # b > a is a < b
                self.emit("cmp:" + _FLIPPED[type(node.ops[0])].__name__, node)
                self.expression(node.comparators[0])
                self.expression(node.left)
                return
            self.emit("cmp:" + ",".join(type(op).__name__ for op in node.ops), node)
            self.expression(node.left)
            for comparator in node.comparators:
                self.expression(comparator)
        elif isinstance(node, ast.BoolOp):
            self.emit(type(node.op).__name__ + f":{len(node.values)}", node)
            for value in node.values:
                self.expression(value)
        elif isinstance(node, ast.IfExp) and (choice := _choice_of_two(node)) is not None:
            name, first, second = choice  # `r if r > x else x` is `max(x, r)`, as Python computes it
            self.emit("call:2", node)
            self.emit(name, node)
            self.expression(first)
            self.expression(second)
        elif isinstance(node, ast.IfExp) and isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not):
            self.emit("IfExp", node)  # `b if not c else a` is `a if c else b`, as a negated if statement is
            for part in (node.test.operand, node.orelse, node.body):
                self.expression(part)
        elif isinstance(node, ast.IfExp) and (strict := _strict(node.test)) is not None:
            self.emit("IfExp", node)  # `b if x <= 0 else a` is `a if x > 0 else b` (session 23)
            for part in (strict, node.orelse, node.body):
                self.expression(part)
        elif isinstance(node, ast.UnaryOp) and (negated := _negated(node)) is not None:
            self.expression(negated)  # `not 0 < x` is `x <= 0` (session 23)
        elif isinstance(node, ast.UnaryOp):
            self.emit(type(node.op).__name__, node)
            self.expression(node.operand)
        elif isinstance(node, ast.Call):
            args = self._range_arguments(node)
            self.emit(f"call:{len(args)}", node)
            self.expression(node.func)
            consumed = self._consumes_once(node)
            for index, arg in enumerate(args):
                if index == 0 and consumed and isinstance(arg, ast.ListComp):
                    self.emit("GeneratorExp", arg)  # `sum([e for x in xs])` is `sum(e for x in xs)`
                    self.expression(arg.elt)
                    for generator in arg.generators:
                        self._child(generator)
                else:
                    self.expression(arg)
            for kw in node.keywords:
                self.emit("kw:" + (kw.arg if kw.arg and kept_as_written(kw.arg) else "k"))
                self.expression(kw.value)
        elif isinstance(node, (ast.Tuple, ast.List)):
            self.emit(f"seq:{len(node.elts)}", node)  # (a, b) or [a, b]: the same children either way
            for element in node.elts:
                self.expression(element)
        elif isinstance(node, ast.JoinedStr):
            self.emit("fstr", node)  # f'**{k}': the format is text, like any string
        else:
            self.emit(type(node).__name__, node)
            for _, value in ast.iter_fields(node):
                self._child(value)

    def _consumes_once(self, node: ast.Call) -> bool:
        """NODE calls a builtin that walks its first argument once, start to end, and keeps nothing of it but its items
        (`sum`, `min`, `max`, `any`, `all`, `sorted`, `list`, `tuple`, `set`, `frozenset`, a string's `join`): there a
        list comprehension is its generator, as Python computes the same from either where no item raises or has an
        effect (not exact: the list computes every item first, `any` and `all` of a generator stop at the first that
        decides; tests/similarity/test_rewrites_exact.py)."""
        func = node.func
        if isinstance(func, ast.Name):
            return self.names.role(func.id) in _CONSUMERS and (func.id not in ("min", "max") or len(node.args) == 1)
        return (isinstance(func, ast.Attribute) and func.attr == "join" and isinstance(func.value, ast.Constant)
                and isinstance(func.value.value, str) and len(node.args) == 1)

    def _range_arguments(self, node: ast.Call) -> list:
        """A call's arguments; the builtin range's as Python reads them alike: `range(0, n)` is `range(n)`, and a step
        of 1 is none (`range(a, b, 1)` is `range(a, b)`): a counting `while` read as its `for` (while_loops.py) is
        `range(0, n)`, the `for` written by hand `range(n)`."""
        args = node.args
        if not (isinstance(node.func, ast.Name) and self.names.role(node.func.id) == "range" and not node.keywords
                and not any(isinstance(arg, ast.Starred) for arg in args)):
            return args
        if len(args) == 3 and _is_int(args[2], 1):
            args = args[:2]
        if len(args) == 2 and _is_int(args[0], 0):
            args = args[1:]
        return args

    def _tokens_of(self, node):
        saved, self.out = self.out, []
        try:
            self.expression(node)
            return self.out
        finally:
            self.out = saved

    def _attribute(self, node: ast.Attribute) -> str:
        if kept_as_written(node.attr):
            return node.attr
        if isinstance(node.value, ast.Name) and node.value.id in self.names.modules:
            return node.attr  # math.tanh, math.exp
        return "a"


def _formats_text(node) -> bool:
    """Whether NODE builds a text from values as an f-string does: a text `%` values, a text's `.format(...)`, or
    texts, f-strings and `str(...)` joined by `+` (not two constants). Each node is looked at with its operands
    only (a chain of 60,000 `+` is looked at once a node, not once a node for each below it)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _is_text(node.left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _is_text(node.func.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _texty(node.right):
        left = node.left
        if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Add):
            return _texty(left.right)  # '**' + str(k) + '!': the chain's next link is text too
        return _texty(left) and not (_is_text(left) and _is_text(node.right))
    return False


def _is_text(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _texty(node) -> bool:
    """A text, an f-string or `str(x)`: what a text joined by `+` is made of."""
    return _is_text(node) or isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str"
        and len(node.args) == 1 and not node.keywords)


def _constant(value) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value) if abs(value) <= 1000 else "num"
    if isinstance(value, (str, bytes)):
        return "str"
    return type(value).__name__
