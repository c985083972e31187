"""A student's traits: what they wrote as they wrote it, which a copier carries over and the structure does not show.

The normalised structure (normalise.py) reads past names, comments and layout, so that a renamed copy is still a
copy. That is also what it cannot see: two students who fill a starter with the same canonical lines are identical in
structure, whether one copied the other or not. What tells them apart is what the structure throws away and an honest
student does not share:

- the words of each comment (`# chain rule: local slope times upstream`);
- the text of each string literal and docstring (`"tanh'"`, an error message), a format template as its literal parts
  and holes, however it is formatted (an f-string, `.format`, `%`); a short one as written is a label (labels.py);
- each identifier the student chose (`t_val`, `upstream`), each number (identifiers as Python reads them: `ｔ_ｖａｌ` is
  `t_val`);
- each line as written, indentation aside (`self.grad+=(1-t**2)*out.grad`:
  its spacing and its parentheses are a habit), each statement of it (split
  at `;`) apart, without statements that do nothing (`()`, `pass`) and with
  `x: T = e` read as `x = e` (what a script adds to every line is no habit),
  and as a script's spellings of it read: strings as `''` (an op's label),
  a method's first parameter as `self`, `x = x + e` as `x += e`, `t * t` as
  `t ** 2` (a script rewrites the starter's lines too: as written, they would
  no longer be the starter's);
- each method's shape: its statements with every chosen name read as `v` (the
  first parameter as `self`, strings as `''`, `t * t` as `t ** 2`), in
  any order (a temporary for `out.grad`, keywords to `Value`: what the
  normalisation reads past on purpose, and what renaming keeps).

Each trait is hashed, tagged with its kind, and weighs `size` (a comment or a string its words less SHORT, up to
MAX_SIZE; a name or a number 1; a line LINE_SIZE); a short one (see SHORT) weighs nothing. A trait the starter, a public
source or the course's reference has is not the student's (cohort.py subtracts it, as it subtracts their code), and the
cohort weighs the rest by rarity: a trait many students share is no evidence.

Only the first MAX_CHARS characters are read (as for the structure), with Python's own tokenizer; a file it cannot
tokenize to the end gives the traits of what it read.
"""

from __future__ import annotations

import ast
import hashlib
import keyword
import re
import tokenize
from collections import Counter

from .budget import PLAIN_LIMIT, OverBudget, Work
from .normalise import MAX_CHARS, parse, python_lines  # parse: grader/parsing.py's, as normalise parses
from .opaque import payload_lines, walk_statements
from .plain_module import module_functions, plain_module
from .rewrites import class_aliases, plain_literals
from .roles import BUILTINS, Names, is_dunder, kept_as_written
from .labels import LABEL
from .templates import format_template
from .tokens import token_list
from .unparse import unparse  # 3.11's ast.unparse on every Python: a shape is the same text on each
from .walk import walk
from .words import nfkc, phrases, word_count
from .written_lines import loops_joined, restyled, statements, with_replacements

MAX_SIZE = 6  # a comment or a string weighs its words up to this: one long comment is not a whole file
LINE_SIZE = 1  # a line as written: its spacing is a habit, but its code is the structure's to weigh
# A short phrase, name or line is common in any class of any year ("works", "my implementation", `res`, `try:`),
# however rare it is in this one: a comment or a string weighs its words less SHORT, a name needs more than SHORT + 1
# characters, a line as written more than 2 * SHORT words. Set by that argument, not measured (the first class,
# on which the other constants were chosen, is the same with 0 and 2).
SHORT = 2
# a method's shape is also code, which the structure already weighs: it counts half (chosen between 1 and 0.5 with
# the first class and the second class's seed 7301 in view: 1 cost the latter 0.03 of AP, by two honest fillers who
# chose the same fixed form of __truediv__)
SHAPE_SHARE = 0.5
MAX_SHAPES_CHARS = 16 * 1024  # shapes of an engine's methods; a longer file is not an engine a student wrote
SHOWN = 120  # characters of a trait kept to show in the record (its hash is of all of it)
_WORD = re.compile(r"[0-9a-z_]+|[^\s0-9a-z_#]")


def _hash(kind: str, text: str) -> int:
    return int.from_bytes(hashlib.blake2b(f"{kind}\0{text}".encode("utf-8", "surrogatepass"), digest_size=8).digest(),
                          "big") | 1 << 63  # the top bit set: never a k-gram's or a statement's hash (< 2 ** 61)


def traits(text: str, plain=None, packed: bool = False) -> dict[int, tuple[float, str, str, set[int]]]:
    """{hash: (size, kind, text, lines)} of the traits of one source file (lines: where it is; empty: anywhere).
    PLAIN: called with the file's tree as plain_module reads it (None: over MAX_SHAPES_CHARS, or it does not parse),
    before the shapes rewrite it (meanings.py reads that tree: the file parsed once for both). PACKED: the file's hidden
    code was unpacked and is read as code (normalise.py): the data it was packed in has no traits but its comments
    (opaque.payload_lines: a packed copy's base64 lines or character codes are dozens of strings, numbers and lines
    that nobody else wrote, which made its own traits, and so the share of them its source holds, look larger)."""
    found: dict[int, tuple[float, str, str, set[int]]] = {}
    hashes: dict[tuple[str, str], int] = {}  # a name or a number is written again and again: hashed once

    def add(kind: str, value: str, size: float, line: int = 0, shown: str = ""):
        if value and size > 0:
            h = hashes.get((kind, value))
            if h is None:
                h = hashes[(kind, value)] = _hash(kind, value)
            entry = found.get(h)
            if entry is None:
                entry = found[h] = (size, kind, (shown or value)[:SHOWN], set())
            if line:
                entry[3].add(line)

    text = text.removeprefix("\ufeff")[:MAX_CHARS]
    semicolons: dict[int, list[int]] = {}  # line -> columns of its `;`
    # line -> (start, end, text): what a line trait reads in place of a token (a string as '', a method's first
    # parameter as `self`): a label or `self` renamed by a script is no habit, and a string has its own trait
    replaced: dict[int, list[tuple[int, int, str]]] = {}
    tree = _parsed(text)  # parsed once for the four below
    payload = _payload(text, tree) if packed else set()
    remarks = _remarks(text, tree)  # on the tree as parsed
    tree = _plain(tree, text)  # the other three on the module as plain_module reads it; _shapes_of (last) rewrites it
    if plain is not None:
        plain(tree)
    firsts = _first_parameters(text, tree)
    members, import_lines = _imported_members(text, tree)
    previous = None
    chosen: dict[str, str | None] = {}  # a name as Python reads it, None for the language's own
    tokens, _ = token_list(text)  # what ended them: the traits are those of what was read
    try:
        for at, token in enumerate(tokens):
            kind, value = token.type, token.string
            if token.start[0] in payload and kind != tokenize.COMMENT:
                continue
            named, previous = previous in (".", "def", "class"), value  # an attribute or a definition, not the import
            if kind == tokenize.NAME and value in members and not named:
                if token.start[0] not in import_lines:  # `_exp(x)` after `from math import exp as _exp`: math.exp
                    replaced.setdefault(token.start[0], []).append((token.start[1], token.end[1], members[value]))
                continue  # the module's name for it, not the student's
            if kind == tokenize.OP and value == ";":
                semicolons.setdefault(token.start[0], []).append(token.start[1])
            if kind == tokenize.STRING and token.start[0] == token.end[0]:
                replaced.setdefault(token.start[0], []).append((token.start[1], token.end[1], "''"))
            if kind == tokenize.NAME and firsts and any(value == name and low <= token.start[0] <= high
                                             for name, low, high in firsts):
                replaced.setdefault(token.start[0], []).append((token.start[1], token.end[1], "self"))
                value = "self"  # a method's first parameter is `self`, however named
            if kind == tokenize.COMMENT or (kind == tokenize.STRING and token.start in remarks):
                # a string that is a statement of its own (a docstring) is a comment as Python reads it: a comment
                # moved into one (or out of it) keeps its runs of words
                size, shown = min(word_count(value) - SHORT, MAX_SIZE), " ".join(_WORD.findall(value.lower()))
                runs = phrases(value)
                for run in runs:  # its weight shared among its runs of words: a word reworded keeps the rest
                    add("comment", run, size / len(runs), shown=shown)
            elif kind == tokenize.STRING:
                body = format_template(tokens, at)  # a template as its literal parts and holes
                words = _WORD.findall(body.lower())
                add("string", " ".join(words), min(word_count(body) - SHORT, MAX_SIZE))  # a docstring is no code
                if word_count(body) <= SHORT and body.strip() and not body.isidentifier():  # a label (labels.py)
                    add(LABEL, body, 1.0, token.start[0])
            elif kind == tokenize.NAME and len(value) > SHORT + 1:
                name = chosen.get(value, False)
                if name is False:
                    read = nfkc(value)  # as Python reads it: `ｇｒａｄ` is `grad`
                    name = chosen[value] = None if _language(read) else read
                if name is not None:
                    add("name", name, 1.0, token.start[0])
            elif kind == tokenize.NUMBER:
                add("number", value.lower(), 1.0, token.start[0])
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass  # the traits of what was read
    for shape, size, lines in _shapes_of(tree):
        add("shape", shape, size)
        # where its statements are: a method whose every statement is on the starter's lines (the starter's method,
        # rewritten so that its shape differs) is not the student's
        if (entry := found.get(_hash("shape", shape))) is not None:
            entry[3].update(lines)
    # each line as a script's spellings of it read (the spelling a copy changes is still the line its source wrote),
    # `it = iter(xs)` then `for x in it:` as one (uses: how often the file names each name, where it may hold one)
    uses = Counter(t.string for t in tokens if t.type == tokenize.NAME) if "iter" in text else {}
    read_lines = ((n, [restyled(s) for s in statements(*with_replacements(line, semicolons.get(n, ()), replaced.get(n, ())))])
             for n, line in enumerate(python_lines(text), 1) if n not in payload)
    for number, read in loops_joined(read_lines, uses):
        for statement in dict.fromkeys(read):
            if not statement.startswith("#") and len(_WORD.findall(statement.lower())) > 2 * SHORT:
                add("line", nfkc(statement), LINE_SIZE, number)
    return found


def _parsed(text: str):
    """The tree of TEXT, or None when it is longer than MAX_SHAPES_CHARS or does not parse."""
    if MAX_SHAPES_CHARS < len(text):
        return None
    try:
        return parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _payload(text: str, tree) -> set[int]:
    """opaque.payload_lines of TEXT (TREE: its own, or None when it is longer than MAX_SHAPES_CHARS: parsed here, as
    the structure parses it, up to MAX_CHARS)."""
    try:
        return payload_lines(tree if tree is not None else parse(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()


def _plain(tree, text: str):
    """TREE (_parsed, of TEXT) as plain_module reads it (in place), or None."""
    if tree is None:
        return None
    try:
        return plain_module(tree, text, Work(PLAIN_LIMIT))  # a budget of its own (budget.py): past it, as if unparsed
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverBudget):
        return None


def _first_parameters(text: str, tree) -> list[tuple[str, int, int]]:
    """(name, first line, last line) of each method whose first parameter is not called `self` (a static method
    aside): renaming `self` is a script's step, not a habit. TREE: TEXT's, plain (_plain)."""
    if tree is None or "class" not in text:
        return []
    return [(first, method.lineno, method.end_lineno or method.lineno) for method in _methods(tree)
            if (first := _first(method)) not in (None, "self")]


def _remarks(text: str, tree) -> set[tuple[int, int]]:
    """Where (line, column) each string that is a statement of its own starts: a docstring, or a string written as a
    comment (`\"\"\"x=2, k=3 gives 12\"\"\"` in a method's body). Read as a comment is (its runs of words).
    TREE: TEXT's as parsed (_parsed)."""
    if tree is None or not ('"' in text or "'" in text):
        return set()
    starts = [(node.lineno, node.col_offset) for node in walk(tree) if isinstance(node, ast.Expr)
              and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)]
    if not starts or text.isascii():
        return set(starts)
    # the tree's columns count UTF-8 bytes, the tokenizer's characters: `x = "é"; """..."""` differs by one
    lines = python_lines(text)
    return {(line, len(lines[line - 1].encode("utf-8")[:column].decode("utf-8", "replace"))) for line, column in starts}


def _imported_members(text: str, tree) -> tuple[dict[str, str], set[int]]:
    """{name: "module.name"} of the names a file imports from a standard module (`from math import exp as _exp`:
    `_exp` is `math.exp`, as the structure reads it), and the lines of those imports. TREE: TEXT's, plain (_plain)."""
    if tree is None or "from" not in text:
        return {}, set()
    imports = [node for node in tree.body if isinstance(node, ast.ImportFrom)]
    members = Names(imports).members
    lines = {line for node in imports for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
    return {name: f"{module}.{member}" for name, (module, member) in members.items()}, lines


def _methods(tree) -> list:
    """The methods of every class of TREE (in no order that matters: its readers look each one up)."""
    return [n for top in _classes(tree) for n in top.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _classes(tree):
    """Every class TREE defines, anywhere: a class is a statement, so it is in a block of statements (a body, an
    else, a finally, a handler's or a case's body), which are all this looks through (not the expressions)."""
    return (node for node in walk_statements(tree) if isinstance(node, ast.ClassDef))


def _first(method) -> str | None:
    """The name of METHOD's first parameter (its `self`), or None for a static method or one without."""
    args = method.args.posonlyargs + method.args.args
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in method.decorator_list)
    return None if static or not args else args[0].arg


class _Plain(ast.NodeTransformer):
    """Every name the student chose read as `v`, the API's and the builtins' kept, a method's first parameter read
    as `self`; annotations dropped; a string read as '' (an op's label is a string trait) and `t * t` as `t ** 2`."""

    def __init__(self, first: str | None = None, names: Names | None = None, helpers: frozenset = frozenset()):
        self.first, self.names = first, names or Names(())
        self.helpers = helpers  # the module's functions named with an API word (a helper `log`): chosen
        self.members = self.names.members

    def _kept(self, name: str) -> bool:
        """An API name (unless a function of the module has it) or a builtin the file does not bind (else it is a
        name the student chose, which a renaming changes)."""
        if kept_as_written(name):
            return name not in self.helpers
        return name in BUILTINS and not self.names.chosen(name)

    def visit_Name(self, node):
        if node.id in self.members and isinstance(node.ctx, ast.Load):  # `from math import exp as _exp`: math.exp
            attr = self.members[node.id][1]
            return ast.copy_location(ast.Attribute(ast.Name("v", ast.Load()), attr if kept_as_written(attr) else "v",
                                                   ast.Load()), node)
        if node.id == self.first:
            node.id = "self"
        elif not (self._kept(node.id) or node.id == "self"):
            node.id = "v"
        return node

    def visit_Constant(self, node):
        return ast.copy_location(ast.Constant(""), node) if isinstance(node.value, str) else node

    def visit_arg(self, node):  # a lambda's parameter (`lambda g: ...`): chosen as any name is
        node.arg = "self" if node.arg == self.first else "v"
        node.annotation = None
        return node

    def visit_BinOp(self, node):
        square = isinstance(node.op, ast.Mult) and isinstance(node.left, (ast.Name, ast.Attribute)) \
            and ast.dump(node.left) == ast.dump(node.right)
        self.generic_visit(node)
        if square:
            return ast.copy_location(ast.BinOp(node.left, ast.Pow(), ast.Constant(2)), node)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if not kept_as_written(node.attr):
            node.attr = "v"
        return node

    def visit_keyword(self, node):
        self.generic_visit(node)
        if node.arg and not kept_as_written(node.arg):
            node.arg = "v"
        return node

    def visit_AnnAssign(self, node):
        self.generic_visit(node)
        if node.value is None:
            return None
        return ast.Assign([node.target], node.value, lineno=0)

    def visit_Assign(self, node):
        self.generic_visit(node)
        value = node.value  # `x = e + x` is `x = x + e` (`+=` written out either way round)
        if (len(node.targets) == 1 and isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Mult))
                and ast.dump(value.right) == ast.dump(node.targets[0], include_attributes=False).replace("Store", "Load")):
            node.value = ast.BinOp(value.right, value.op, value.left)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        return ast.Assign([node.target], ast.BinOp(node.target, node.op, node.value), lineno=0)


def _function_shapes(text: str) -> list[tuple[str, float, set[int]]]:
    """Each top-level function or method as the set of its statements' shapes (names as `v`, in any order), its
    size and the lines of those statements.

    A student's way of writing a method (a temporary for out.grad, keywords to
    Value, the derivative through out.data) survives renaming, annotations,
    `+=` written out and statements swapped; its code alone is the structure's.
    """
    return _shapes_of(_plain(_parsed(text), text))


def _shapes_of(tree) -> list[tuple[str, float, set[int]]]:
    """_function_shapes of a file's plain tree (_plain; None: none), which it rewrites (class aliases, literals,
    names)."""
    if tree is None:
        return []
    class_aliases(tree)  # `class Var: ...` then `Value = Var`: the class is Value, as in the structure
    try:
        plain_literals(tree, walk(tree))  # `getattr(x, "data")` is `x.data`, as in the structure
    except RecursionError:  # a tree nested deeper than the visitor goes: no shapes, as for a file that does not parse
        return []
    functions = module_functions(tree)  # a class a function of the module defines is a class, as in the structure
    methods = {id(m) for m in _methods(tree)}
    names = Names(walk(tree))
    helpers = frozenset(n.name for n in tree.body if isinstance(n, ast.FunctionDef) and kept_as_written(n.name))
    names.members = Names(n for n in tree.body if isinstance(n, ast.ImportFrom)).members
    out = []
    for function in functions:
        try:
            statements = [node for node in walk(function)
                          if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Return))
                          and node.value is not None]
            lines = {node.lineno for node in statements}
            _Plain(_first(function) if id(function) in methods else None, names, helpers).visit(function)
            shapes = sorted(unparse(node) for node in walk(function)
                            if isinstance(node, (ast.Assign, ast.Return)) and node.value is not None)
        except (RecursionError, ValueError, AttributeError):
            continue
        if len(shapes) >= 2:
            out.append((" ; ".join(shapes), min(len(shapes), MAX_SIZE) * SHAPE_SHARE, lines))
    return out


def _language(name: str) -> bool:
    """A name Python gives: a keyword, a builtin, a dunder name."""
    return keyword.iskeyword(name) or name in BUILTINS or is_dunder(name)


def structure_shapes(units) -> dict[int, tuple[float, str, set[tuple[str, int]]]]:
    """{hash: (size, text, (file, line)s)} of each function's shape as the structure reads it (normalise.py): the set of its
    normalised statements, in any order, sized as a shape as written is.

    A restructured copy rewrites what a shape as written keeps (the closure bound through a helper, the op
    dispatched from a table, the keywords and temporaries), and keeps what the method computes: after the
    normalisation its statements are its source's again.
    """
    out = {}
    for unit in units:
        if unit.name.rpartition(".")[2] == "<module>":
            continue
        bounds = list(unit.starts)[1:] + [len(unit.tokens)]  # its statements, not its name (`def add` / `def __add__`)
        statements = sorted({" ".join(t for t in unit.tokens[a:b] if t not in ("{", "}"))
                             for a, b in zip(bounds, bounds[1:])} - {""})
        if len(statements) >= 2:
            text = " ; ".join(statements)
            out[_hash("structure", text)] = (min(len(statements), MAX_SIZE) * SHAPE_SHARE, text,
                                                {(unit.file, line) for line in unit.lines})
    return out
