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
    "data", "grad", "_prev", "_backward", "backward", "_op", "Value",
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


class _Canonical(ast.NodeTransformer):
    """Steps 1, 3 and 4 of the module docstring, as a rewrite of the tree."""

    def generic_visit(self, node):
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(node, field, self._block(block))
        return node

    def _block(self, statements):
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
            out.append(statement)
            if isinstance(statement, _ENDS_BLOCK):
                break  # what follows never runs
        return _counting_whiles(out)

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        target = node.target
        load = ast.copy_location(_as_load(target), target)
        value = ast.copy_location(ast.BinOp(load, node.op, node.value), node)
        return ast.copy_location(ast.Assign([target], value), node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in _FLIPPED:
            return ast.copy_location(
                ast.Compare(node.comparators[0], [_FLIPPED[type(node.ops[0])]()], [node.left]), node)
        return node


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
    """`i = a; while i < b: ...; i = i + 1` → `for i in range(a, b): ...` (the increment already canonical)."""
    out = []
    for statement in statements:
        previous = out[-1] if out else None
        if (isinstance(statement, ast.While) and not statement.orelse and isinstance(previous, ast.Assign)
                and len(previous.targets) == 1 and isinstance(previous.targets[0], ast.Name)):
            counter = previous.targets[0].id
            test, body = statement.test, statement.body
            if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt)
                    and isinstance(test.left, ast.Name) and test.left.id == counter and body
                    and _is_increment(body[-1], counter)):
                call = ast.Call(ast.Name("range", ast.Load()), [previous.value, test.comparators[0]], [])
                loop = ast.For(ast.Name(counter, ast.Store()), call, body[:-1] or [ast.Pass()], [], None)
                out[-1] = ast.copy_location(loop, previous)
                ast.fix_missing_locations(out[-1])
                continue
        out.append(statement)
    return out


def _is_increment(statement, counter):
    return (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == counter
            and isinstance(statement.value, ast.BinOp) and isinstance(statement.value.op, ast.Add)
            and isinstance(statement.value.left, ast.Name) and statement.value.left.id == counter
            and isinstance(statement.value.right, ast.Constant) and statement.value.right.value == 1)


class _Names:
    """What every name of a file is: bound by the file (and as what), imported, or a builtin."""

    def __init__(self, tree):
        self.modules: dict[str, str] = {}
        self.functions: set[str] = set()
        self.classes: set[str] = set()
        self.variables: set[str] = set()
        for node in ast.walk(tree):
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
        self.tree = _Canonical().visit(tree)
        self.file = file
        self.names = _Names(self.tree)

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
