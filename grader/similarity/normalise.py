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

The steps live beside this module: roles.py (what a name becomes), canonical.py
(statements and dead code), rewrites.py (helpers, keywords, dispatch and edge lists,
temporaries) and emitter.py (the tokens of the rewritten tree).
"""

from __future__ import annotations

import ast
import io
import keyword
import tokenize
from dataclasses import dataclass

from .canonical import canonical
from .emitter import Emitter
from .rewrites import InlineHelpers, PositionalArguments, dispatch_as_closures, edges_as_closures, inline_temporaries
from .roles import BUILTINS, Names, kept_as_written


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


class _TreeReader:
    def __init__(self, tree, file):
        # each rewrite walks the whole tree: run it only where the file has something for it to do
        nodes = list(ast.walk(tree))
        helpers = InlineHelpers(nodes)
        called = {c.func.id if isinstance(c.func, ast.Name) else getattr(c.func, "attr", None)
                  for c in nodes if isinstance(c, ast.Call)}
        if called & set(helpers.helpers):
            tree = helpers.visit(tree)
        positional = PositionalArguments(nodes)
        if any(isinstance(c, ast.Call) and c.keywords and isinstance(c.func, ast.Name) and c.func.id in positional.order
               for c in nodes):
            tree = positional.visit(tree)
        dispatch_as_closures(tree)
        edges_as_closures(tree)
        tree.body = canonical(tree.body)
        for node in nodes:  # the same function objects: the rewrites change their bodies in place
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inline_temporaries(node)
        self.tree = tree
        self.file = file
        # the names of the file as written: the rewrites above move and copy its nodes, and add none that
        # binds a name (the closures they make are `_backward`, the API's)
        self.names = Names(nodes)

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
                Emitter(self.names, out, _unread_locals(statement)).function(statement)
                found.append(self._unit(prefix + statement.name, out))
            elif isinstance(statement, ast.ClassDef):
                rest.append(("class", statement.lineno))
                self._collect(statement.body, prefix + statement.name + ".", found, rest)
            else:
                Emitter(self.names, rest, frozenset()).statement(statement)

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


def _lexical_units(text: str, file: str) -> list[Unit]:
    tokens, lines = [], []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME:
                word = tok.string
                token = word if keyword.iskeyword(word) or kept_as_written(word) or word in BUILTINS else "v"
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
