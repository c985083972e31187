"""A source file as normalised token streams, one per function: what two copies still share after obfuscation.

The file is read as a syntax tree (`ast.parse`), never run. Each step below
undoes one way a copy is disguised, so that the disguised copy and the
original give the same tokens:

1. **Comments, docstrings, layout.** The tree has no comments or whitespace;
   string statements (docstrings) and `pass` are dropped.
2. **Identifiers by role.** A name becomes its role: `v` (a variable or
   parameter, `self` included), `f` (a function the file defines), `c` (a
   class), the module's own name for an import (`import math as m` → `math`),
   and a builtin keeps its name (`isinstance`). An attribute keeps its name
   when it is part of the engine's API (`data`, `grad`, `_prev`, `_backward`,
   `backward`, the ops, dunder names) or of a module (`math.tanh`), else it
   becomes `a`. So renaming `other`/`out`/`_children`/`build_topo` changes
   nothing, and neither does renaming the tokens a student must keep.
3. **Canonical statements.** `x += e` becomes `x = x + e`; `a, b = c, d`
   two assignments; `b > a` becomes `a < b`; the operands of `+` and `*` are
   put in a fixed order; `for` and `while` both become `loop`, and a counting
   `while` (`i = 0; while i < n: ...; i += 1`) becomes `for i in range(0, n)`.
4. **Dead code.** `if False:` blocks, statements after a `return`, `raise`,
   `break` or `continue`, and assignments to a local that the function never
   reads (and that call nothing) are dropped; `if True:` keeps only its body.

A unit is a function or method (with the closures it defines inside: a
`_backward` belongs to its op), or the rest of a file (imports, module-level
statements, class attributes). Units are compared, not files, so the order of
methods in a file does not matter. A file that does not parse falls back to
its lexical tokens (keywords, operators, names by the same roles as far as a
tokenizer can tell), as one unit.
"""

from __future__ import annotations

import ast
import builtins
import io
import keyword
import tokenize
from dataclasses import dataclass

# The engine API's fixed names (contract §2): a copy cannot rename them, an honest student cannot avoid them.
API_NAMES = frozenset({
    "data", "grad", "_prev", "_backward", "backward", "Value",
    "relu", "tanh", "exp", "log", "zero_grad", "parameters", "Module", "Neuron", "Layer", "MLP",
})
BUILTINS = frozenset(dir(builtins))
_COMMUTATIVE = (ast.Add, ast.Mult)
_FLIPPED = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}
_ENDS_BLOCK = (ast.Return, ast.Raise, ast.Break, ast.Continue)


@dataclass(frozen=True)
class Unit:
    """One function (or the rest of a file) as tokens, each with the line of the file it came from."""

    file: str
    name: str  # "Value.__mul__", "<module>"
    tokens: tuple[str, ...]
    lines: tuple[int, ...]


MAX_REPAIRS = 10  # blocks cut out of a file that does not parse before it is read as lexical tokens


def units_of(text: str, file: str = "engine.py") -> list[Unit]:
    """The normalised units of one source file, in file order."""
    try:
        tree = _parse_repaired(text)
        if tree is not None:
            return _TreeReader(tree, file).units()
    except (ValueError, RecursionError, MemoryError):
        pass  # nested past what the parser or our walk can take
    # Not Python that parses: its lexical tokens still show what it shares with others.
    return _lexical_units(text, file)


def _parse_repaired(text: str):
    """The tree of `text`; when it does not parse, of `text` with the block around each error cut out.

    A copy with one typo (`def relu(self)` without its colon) is still a copy:
    the block of the line in error (the line and the lines indented under it)
    becomes `pass`, and the rest is read as usual, up to MAX_REPAIRS times.
    """
    lines = text.splitlines()
    for _ in range(MAX_REPAIRS + 1):
        try:
            return ast.parse("\n".join(lines))
        except SyntaxError as exc:
            if not exc.lineno or not 1 <= exc.lineno <= len(lines):
                return None
            lines = _cut_block(lines, exc.lineno - 1)
    return None


def _cut_block(lines: list[str], at: int) -> list[str]:
    line = lines[at]
    indent = line[: len(line) - len(line.lstrip())]
    end = at + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > len(indent)):
        end += 1
    # blank lines keep the line numbers of everything after the cut
    return lines[:at] + [indent + "pass"] + [""] * (end - at - 1) + lines[end:]


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _kept(name: str) -> bool:
    return name in API_NAMES or _is_dunder(name)


def _canonical(statements: list) -> list:
    """Steps 1, 3 and 4 of the module docstring on a block and every block inside it (statements only: cheap).

    `b > a` is turned round where it is emitted (_Emitter.expression), so that
    expressions need not be walked here.
    """
    for statement in statements:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(statement, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(statement, field, _canonical(block))
        for handler in getattr(statement, "handlers", ()):
            handler.body = _canonical(handler.body)
    out = []
    for statement in statements:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # a docstring, or a string used as a comment
        if isinstance(statement, ast.If) and isinstance(statement.test, ast.Constant):
            out.extend(statement.body if statement.test.value else statement.orelse)
            continue
        if isinstance(statement, ast.Assign) and _splittable(statement):
            out.extend(ast.copy_location(ast.Assign([t], v), statement)
                       for t, v in zip(statement.targets[0].elts, statement.value.elts))
            continue
        if isinstance(statement, ast.AugAssign):
            load = ast.copy_location(_as_load(statement.target), statement.target)
            value = ast.copy_location(ast.BinOp(load, statement.op, statement.value), statement)
            statement = ast.copy_location(ast.Assign([statement.target], value), statement)
        out.append(statement)
        if isinstance(statement, _ENDS_BLOCK):
            break  # what follows never runs
    return _counting_whiles(out)


def _splittable(node: ast.Assign) -> bool:
    return (len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple)
            and len(node.targets[0].elts) == len(node.value.elts)
            and not any(isinstance(e, ast.Starred) for e in node.targets[0].elts + node.value.elts))


def _as_load(target):
    if isinstance(target, ast.Name):
        return ast.Name(target.id, ast.Load())
    if isinstance(target, ast.Attribute):
        return ast.Attribute(target.value, target.attr, ast.Load())
    if isinstance(target, ast.Subscript):
        return ast.Subscript(target.value, target.slice, ast.Load())
    return target


def _counting_whiles(statements):
    """Index loops written with `while` become the `for` they stand for.

    `i = a; while i < b: ...; i = i + 1` → `for i in range(a, b)`, and a walk over
    a sequence by index, up or down (`i = 0; while i < len(s): v = s[i]; ...; i = i + 1`,
    `i = len(s) - 1; while i >= 0: v = s[i]; ...; i = i - 1`, the sequence maybe
    copied first with `s = list(x)`) → `for v in x` or `for v in reversed(x)`.
    """
    out = []
    for statement in statements:
        loop = _index_walk(statement, out) if isinstance(statement, ast.While) and not statement.orelse else None
        if loop is not None:
            out.append(ast.fix_missing_locations(ast.copy_location(loop, statement)))
        else:
            out.append(statement)
    return out


def _index_walk(loop: ast.While, before: list):
    """The `for` loop that `loop` (with the statements `before` it) stands for, removing its set-up from `before`."""
    if not before or not _assigns_name(before[-1]):
        return None
    counter, start = before[-1].targets[0].id, before[-1].value
    test, body = loop.test, loop.body
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and any(isinstance(side, ast.Name) and side.id == counter for side in (test.left, test.comparators[0]))):
        return None
    steps = [s for s in body if _is_step(s, counter)]
    if len(steps) != 1:
        return None
    rest = [s for s in body if s is not steps[0]]
    up = isinstance(steps[0].value.op, ast.Add)
    item = rest[0] if rest else None
    is_item = (isinstance(item, ast.Assign) and len(item.targets) == 1 and isinstance(item.targets[0], ast.Name)
               and isinstance(item.value, ast.Subscript) and isinstance(item.value.slice, ast.Name)
               and item.value.slice.id == counter and isinstance(item.value.value, ast.Name))
    if is_item:
        sequence = item.value.value
        source = sequence
        copied = len(before) >= 2 and _assigns_name(before[-2]) and before[-2].targets[0].id == sequence.id
        if copied and isinstance(before[-2].value, ast.Call) and len(before[-2].value.args) == 1:
            source = before[-2].value.args[0]
        iterable = source if up else ast.Call(ast.Name("reversed", ast.Load()), [source], [])
        del before[-2 if copied else -1:]
        target = ast.Name(item.targets[0].id, ast.Store())
        return ast.For(target, iterable, rest[1:] or [ast.Pass()], [], None)
    if up and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name):
        del before[-1]
        call = ast.Call(ast.Name("range", ast.Load()), [start, test.comparators[0]], [])
        return ast.For(ast.Name(counter, ast.Store()), call, rest or [ast.Pass()], [], None)
    return None


def _assigns_name(statement) -> bool:
    return isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)


def _is_step(statement, counter):
    """`i = i + 1` or `i = i - 1` (augmented assignments are already written out)."""
    return (_assigns_name(statement) and statement.targets[0].id == counter
            and isinstance(statement.value, ast.BinOp) and isinstance(statement.value.op, (ast.Add, ast.Sub))
            and isinstance(statement.value.left, ast.Name) and statement.value.left.id == counter
            and isinstance(statement.value.right, ast.Constant) and statement.value.right.value == 1)


class _InlineHelpers(ast.NodeTransformer):
    """A call of a one-line helper (`def f(x): return <expr>`) becomes that expression, the arguments put in.

    Extracting a line into a helper, or inlining a helper, is a classic disguise;
    this undoes both for helpers whose whole body is one `return`.
    """

    def __init__(self, nodes):
        self.helpers = {}
        for node in nodes:
            if (isinstance(node, ast.FunctionDef) and len(node.body) == 1 and isinstance(node.body[0], ast.Return)
                    and node.body[0].value is not None and not node.args.vararg and not node.args.kwarg
                    and not node.args.kwonlyargs and not _is_dunder(node.name) and node.name not in API_NAMES):
                params = [a.arg for a in node.args.posonlyargs + node.args.args]
                static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                self.helpers[node.name] = (params, node.body[0].value, static)

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name not in self.helpers or node.keywords:
            return node
        params, expression, static = self.helpers[name]
        args = list(node.args)
        if isinstance(func, ast.Attribute) and not static and params and len(args) == len(params) - 1:
            args = [func.value] + args  # self.helper(x): self is the first parameter
        if len(args) != len(params):
            return node
        values = dict(zip(params, args))

        class Substitute(ast.NodeTransformer):
            def visit_Name(self, name_node):
                return values.get(name_node.id, name_node) if isinstance(name_node.ctx, ast.Load) else name_node

        import copy

        return ast.copy_location(Substitute().visit(copy.deepcopy(expression)), node)


class _PositionalArguments(ast.NodeTransformer):
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


def _dispatch_as_closures(tree) -> None:
    """Op-string dispatch is read as closures: each branch's rules move into the op that makes that node.

    An engine whose `_backward` (or `backward`) says `if node._op == "*": a, b = node._prev; a.grad += ...`
    and whose `__mul__` returns `Value(..., "*")` is micrograd's closures written
    another way round; the branch's rules (without the unpacking of `_prev`)
    become a `_backward` closure at the end of `__mul__`, and the branch is left
    empty. At least three branches must test the same attribute against strings.
    """
    branches: dict[str, tuple[str, ast.If]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            key = _dispatch_key(node.test)
            if key and key[1] not in branches:
                branches[key[1]] = (key[0], node)
    attributes = [attribute for attribute, _ in branches.values()]
    common = max(set(attributes), key=attributes.count) if attributes else None
    branches = {op: branch for op, (attribute, branch) in branches.items() if attribute == common}
    if len(branches) < 3:
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        ops = {arg.value for call in ast.walk(node) if isinstance(call, ast.Call)
               for arg in list(call.args) + [k.value for k in call.keywords]
               if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value in branches}
        if len(ops) != 1:
            continue
        branch = branches.pop(ops.pop())
        rules = [s for s in branch.body if not _unpacks_inputs(s)]
        if rules:
            closure = ast.FunctionDef("_backward", ast.arguments([], [], None, [], [], None, []), rules, [], None)
            at = next((i for i, s in enumerate(node.body) if isinstance(s, ast.Return)), len(node.body))
            node.body.insert(at, ast.copy_location(closure, branch))  # before the return, as a closure would be
            branch.body = [ast.Pass()]


def _edges_as_closures(tree) -> None:
    """An edge list is read as closures: `Value(d, ((self, other.data), (other, self.data)), "*")` gets the closure
    `self.grad = self.grad + other.data * out.grad; other.grad = other.grad + self.data * out.grad`.

    Both styles are taught (course: a node keeps (parent, local derivative)
    pairs, or a closure that applies them); rewriting one into the other is a
    paraphrase. Only calls of a class the file defines, whose second argument
    lists pairs, are read so.
    """
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    calls_in: dict[ast.FunctionDef, list[ast.Call]] = {}
    stack = [(node, None) for node in ast.iter_child_nodes(tree)]
    while stack:  # one walk, knowing the function each call is in
        node, function = stack.pop()
        if isinstance(node, ast.FunctionDef):
            function = node
        elif (function is not None and isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in classes and len(node.args) >= 2 and _lists_pairs(node.args[1])):
            calls_in.setdefault(function, []).append(node)
        stack.extend((child, function) for child in ast.iter_child_nodes(node))
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


def _lists_pairs(node) -> bool:
    return (isinstance(node, (ast.Tuple, ast.List)) and bool(node.elts)
            and all(isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) == 2 for e in node.elts))


def _dispatch_key(test):
    """(attribute name, op string) for a test `x.attr == "op"` (either way round)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
        sides = (test.left, test.comparators[0])
        for attribute, constant in (sides, sides[::-1]):
            if (isinstance(attribute, ast.Attribute) and isinstance(constant, ast.Constant)
                    and isinstance(constant.value, str)):
                return attribute.attr, constant.value
    return None


def _unpacks_inputs(statement) -> bool:
    """`a, b = node._prev` or `(a,) = node._prev`: naming the inputs, which a closure gets for free."""
    return (isinstance(statement, ast.Assign) and isinstance(statement.targets[0], (ast.Tuple, ast.List))
            and isinstance(statement.value, ast.Attribute))


_PURE = (ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Compare, ast.Tuple)


def _inline_temporaries(function) -> None:
    """A local assigned once from a pure expression and read once (or an alias `x = self.data`) is put in place.

    `d = 1 - t ** 2; self.grad = self.grad + d * out.grad` reads like
    `self.grad = self.grad + (1 - t ** 2) * out.grad`: naming a temporary is a
    way to paraphrase a line, not a way to compute something else. Only the
    function's own statements are looked at (not nested functions, which may
    run later), and only names assigned exactly once there.
    """
    own = list(_own_nodes(function))
    stores, loads = {}, {}
    for node in own:
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else stores).setdefault(node.id, []).append(node)
    nested_reads = {n.id for inner in own if isinstance(inner, (ast.FunctionDef, ast.Lambda))
                    for n in ast.walk(inner) if isinstance(n, ast.Name)}
    replace = {}
    for statement in own:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)):
            continue
        name, value = statement.targets[0].id, statement.value
        if len(stores.get(name, ())) != 1 or name in nested_reads or name in _names_in(value):
            continue
        pure = all(isinstance(n, _PURE + (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop))
                   for n in ast.walk(value))
        alias = isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
        if pure and (len(loads.get(name, ())) == 1 or alias) and not _reassigned(value, stores):
            replace[name] = (statement, value)
    if not replace:
        return

    import copy

    class Put(ast.NodeTransformer):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Load) and node.id in replace:
                return ast.copy_location(copy.deepcopy(replace[node.id][1]), node)
            return node

        def visit_FunctionDef(self, node):
            return node if node is not function else self.generic_visit(node)

    dropped = {id(statement) for statement, _ in replace.values()}
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                kept = [s for s in block if id(s) not in dropped]
                setattr(node, field, kept or ([ast.Pass()] if block else block))
    Put().visit(function)


def _own_nodes(function):
    """The nodes of a function that are not inside a function nested in it."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


def _names_in(expression) -> set[str]:
    return {n.id for n in ast.walk(expression) if isinstance(n, ast.Name)}


def _reassigned(value, stores) -> bool:
    """Whether a name the expression reads is assigned more than once (its value could change before the use)."""
    return any(len(stores.get(name, ())) > 1 for name in _names_in(value))


class _Names:
    """What every name of a file is: bound by the file (and as what), imported, or a builtin."""

    def __init__(self, nodes):
        self.modules: dict[str, str] = {}
        self.functions: set[str] = set()
        self.classes: set[str] = set()
        self.variables: set[str] = set()
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.modules[alias.asname or alias.name.split(".")[0]] = alias.name
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    self.modules[alias.asname or alias.name] = alias.name
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.add(node.name)
                args = node.args
                for arg in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
                    if arg is not None:
                        self.variables.add(arg.arg)
            elif isinstance(node, ast.Lambda):
                for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
                    self.variables.add(arg.arg)
            elif isinstance(node, ast.ClassDef):
                self.classes.add(node.name)
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.variables.add(node.id)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.variables.update(node.names)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.variables.add(node.name)

    def role(self, name: str) -> str:
        if name in API_NAMES:
            return name
        if name in self.modules:
            return "mod:" + self.modules[name]
        if name in self.classes:
            return "c"
        if name in self.functions and name not in self.variables:
            return "f"
        if name in self.variables or name not in BUILTINS:
            return "v"
        return name  # a builtin: isinstance, set, reversed


class _TreeReader:
    def __init__(self, tree, file):
        # each rewrite walks the whole tree: run it only where the file has something for it to do
        nodes = list(ast.walk(tree))
        helpers = _InlineHelpers(nodes)
        called = {c.func.id if isinstance(c.func, ast.Name) else getattr(c.func, "attr", None)
                  for c in nodes if isinstance(c, ast.Call)}
        if called & set(helpers.helpers):
            tree = helpers.visit(tree)
        positional = _PositionalArguments(nodes)
        if any(isinstance(c, ast.Call) and c.keywords and isinstance(c.func, ast.Name) and c.func.id in positional.order
               for c in nodes):
            tree = positional.visit(tree)
        _dispatch_as_closures(tree)
        _edges_as_closures(tree)
        tree.body = _canonical(tree.body)
        for node in nodes:  # the same function objects: the rewrites change their bodies in place
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                _inline_temporaries(node)
        self.tree = tree
        self.file = file
        # the names of the file as written: the rewrites above move and copy its nodes, and add none that
        # binds a name (the closures they make are `_backward`, the API's)
        self.names = _Names(nodes)

    def units(self) -> list[Unit]:
        found: list[Unit] = []
        rest: list[tuple[str, int]] = []
        self._collect(self.tree.body, "", found, rest)
        if rest:
            found.insert(0, self._unit("<module>", rest))
        return found

    def _collect(self, statements, prefix, found, rest):
        for statement in statements:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out: list[tuple[str, int]] = []
                _Emitter(self.names, out, _unread_locals(statement)).function(statement)
                found.append(self._unit(prefix + statement.name, out))
            elif isinstance(statement, ast.ClassDef):
                rest.append(("class", statement.lineno))
                self._collect(statement.body, prefix + statement.name + ".", found, rest)
            else:
                _Emitter(self.names, rest, frozenset()).statement(statement)

    def _unit(self, name, pairs):
        return Unit(self.file, name, tuple(t for t, _ in pairs), tuple(n for _, n in pairs))


def _unread_locals(function) -> frozenset[str]:
    """Names the function assigns but never reads: their assignments are dead code unless they call something."""
    stored, loaded = set(), set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else stored).add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            loaded.update(node.names)  # written for someone else to read
    return frozenset(stored - loaded)


class _Emitter:
    """Preorder tokens of a canonical tree: node kinds, operators, roles and constants, each with its line."""

    def __init__(self, names: _Names, out: list, unread: frozenset[str]):
        self.names, self.out, self.unread = names, out, unread
        self.line = 1

    def emit(self, token, node=None):
        if node is not None and getattr(node, "lineno", None):
            self.line = node.lineno
        self.out.append((token, self.line))

    def function(self, node):
        name = node.name if _kept(node.name) else "f"
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
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
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
        elif isinstance(node, ast.If):
            self.emit("if", node)
            self.expression(node.test)
            self.block(node.body)
            if node.orelse:
                self.emit("else")
                self.block(node.orelse)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self.emit("import:" + ",".join(sorted(a.name for a in node.names)), node)
        else:
            self.emit(type(node).__name__, node)
            for field, value in ast.iter_fields(node):
                self._child(value)

    def _dead(self, node: ast.Assign) -> bool:
        targets = node.targets
        return (len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id in self.unread
                and not any(isinstance(n, ast.Call) for n in ast.walk(node.value)))

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
            self.emit(self.names.role(node.id), node)
        elif isinstance(node, ast.Attribute):
            self.emit("." + self._attribute(node), node)
            self.expression(node.value)
        elif isinstance(node, ast.Constant):
            self.emit(_constant(node.value), node)
        elif isinstance(node, ast.BinOp):
            self.emit(type(node.op).__name__, node)
            if isinstance(node.op, _COMMUTATIVE):
                left, right = self._tokens_of(node.left), self._tokens_of(node.right)
                first, second = sorted((left, right), key=lambda pairs: [t for t, _ in pairs])
                self.out.extend(first + second)
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
        elif isinstance(node, ast.UnaryOp):
            self.emit(type(node.op).__name__, node)
            self.expression(node.operand)
        elif isinstance(node, ast.Call):
            self.emit(f"call:{len(node.args)}", node)
            self.expression(node.func)
            for arg in node.args:
                self.expression(arg)
            for kw in node.keywords:
                self.emit("kw:" + (kw.arg if kw.arg and _kept(kw.arg) else "k"))
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

    def _tokens_of(self, node):
        saved, self.out = self.out, []
        try:
            self.expression(node)
            return self.out
        finally:
            self.out = saved

    def _attribute(self, node: ast.Attribute) -> str:
        if _kept(node.attr):
            return node.attr
        if isinstance(node.value, ast.Name) and node.value.id in self.names.modules:
            return node.attr  # math.tanh, math.exp
        return "a"


def _constant(value) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value) if abs(value) <= 1000 else "num"
    if isinstance(value, (str, bytes)):
        return "str"
    return type(value).__name__


def _lexical_units(text: str, file: str) -> list[Unit]:
    tokens, lines = [], []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME:
                word = tok.string
                token = word if keyword.iskeyword(word) or _kept(word) or word in BUILTINS else "v"
            elif tok.type == tokenize.OP:
                token = tok.string
            elif tok.type == tokenize.NUMBER:
                token = tok.string
            elif tok.type == tokenize.STRING:
                token = "str"
            else:
                continue
            tokens.append(token)
            lines.append(tok.start[0])
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # keep the tokens read before the point where the text stops being Python
    return [Unit(file, "<file>", tuple(tokens), tuple(lines))] if tokens else []
