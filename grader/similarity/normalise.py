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
(statements and dead code), rewrites.py (helpers, keywords, temporaries, literals,
class aliases), closures.py (node-making helpers, bound rules, dispatch and edge lists
read as micrograd's closures), tables.py (an op table of local derivatives, read so too), rule_objects.py (rules
written as small callable classes, read so too) and emitter.py (the tokens of the rewritten tree).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..parsing import parse, python_lines
from .canonical import canonical, strip_noise
from .condense import condensed, placed, top_level_cut as _top_level_cut
from .emitter import Emitter
from .reach import unreached_functions
from .smoke_tests import smoke_test_lines
from .tables import tables_as_closures
from .opaque import MAX_DEPTH, RUNS_CODE, opaque_calls
from .blocks import rewrite_blocks
from .budget import WORK_LIMIT, OverBudget, Work, file_work, hand_in_spent  # noqa: F401  WORK_LIMIT: the API's
from .plain_module import classes_apart, plain_module
from .closures import InlineFactories, binds_rules, bound_rules_as_closures, dispatch_as_closures
from .edges import edges_as_closures
from .node_rules import closures_called_with_node, delegated_methods, node_makers_as_class
from .inline_helpers import InlineHelpers
from .rewrites import (PositionalArguments, class_aliases, inline_temporaries, plain_literals,
                       unused_private_functions)
from .roles import Names, backward_attribute, called_name, children_attribute, engine_class, kept_as_written
from .tokens import lexical_tokens
from .rule_objects import rule_objects_as_closures
from .walk import walk


@dataclass(frozen=True)
class Unit:
    """One function (or the rest of a file) as tokens, each with the line of the file it came from."""

    file: str
    name: str  # "Value.__mul__", "<module>"
    tokens: tuple[str, ...]
    lines: tuple[int, ...]
    starts: tuple[int, ...] = ()  # the index of the first token of each statement, ascending


@dataclass(frozen=True)
class Reading:
    """What reading one file gave: its units, what it could not read fully, and the code it hides."""

    units: list[Unit]
    limits: list[dict] = field(default_factory=list)  # {"file", "what": "truncated" | "lexical" | ..., ...}
    opaque: list[dict] = field(default_factory=list)  # {"file", "line", "call", "unpacked"}
    unpacked: list[str] = field(default_factory=list)  # the code it hides, decoded (its traits are read too)
    unreached: tuple[tuple[int, int], ...] = ()  # the (first, last) lines of functions nothing runs (reach.py)
    smoke: frozenset[int] = frozenset()  # the lines of its smoke test (smoke_tests.py)


MAX_REPAIRS = 10  # blocks cut out of a file that does not parse before it is read as lexical tokens
# Every step below is linear in the file, but a file can be long: past MAX_CHARS only the first MAX_CHARS (cut at a
# top-level statement) are compared (an engine is 3 to 10 KB; Python parses 64 KB in about 0.1 s), and a reading over
# its budget of work (budget.py, charged by every step: WORK_LIMIT a file, HAND_IN_LIMIT a hand-in's files in all) is
# read as lexical tokens.
MAX_CHARS, PARSE_CHARS = 64 * 1024, 1
_NO_PARSE, _OVER = "it does not parse as Python", "reading took over"  # two of the limits' `why`


def units_of(text: str, file: str = "engine.py") -> list[Unit]:
    """The normalised units of one source file, in file order."""
    return read_source(text, file).units


def read_source(text: str, file: str = "engine.py", depth: int = 0, work: Work | None = None, outer=None) -> Reading:
    """The normalised units of one source file, with what limited the reading and the code it hides (a file of its
    own over a limit is read again condensed: condense.py); OUTER: the Names of the file that runs it with exec."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, which Python skips too
    reading = _read(text, file, depth, work, outer) if work is not None or len(text) <= MAX_CHARS else None
    over = reading and any(lim.get("why", "").startswith(_OVER) for lim in reading.limits)
    if work is not None or (reading and (not over or hand_in_spent())):  # nothing left to read it again condensed
        return reading
    short = condensed(text)
    again = short and _read(short.text, file, depth, None)
    if not again or any(limit.get("why") == _NO_PARSE for limit in again.limits):  # read as it was before
        return reading or _read(text, file, depth, work)
    return placed(again, short, file)


def _read(text: str, file: str, depth: int, work: Work | None, outer: Names | None = None) -> Reading:
    limits: list[dict] = []
    whole = text[:MAX_CHARS]  # what traits.py reads of it
    if len(text) > MAX_CHARS:
        cut = _top_level_cut(text, MAX_CHARS)
        limits.append({"file": file, "what": "truncated", "compared_chars": cut, "chars": len(text)})
        text = text[:cut]
    work = file_work() if work is None else work  # unpacked code shares the budget of the file that hides it
    try:
        tree = _parse_repaired(text, work)
        if tree is not None:
            reader = _TreeReader(tree, file, work, depth, text, outer)
            return Reading(reader.units(), limits + reader.limits, reader.opaque, reader.unpacked, reader.unreached,
                           reader.smoke)
    except OverBudget:
        limits.append({"file": file, "what": "lexical", "why": f"{_OVER} {work.said}"})
    except (ValueError, RecursionError, MemoryError):
        limits.append({"file": file, "what": "lexical", "why": "nested deeper than the parser or the reading can go"})
    else:
        limits.append({"file": file, "what": "lexical", "why": _NO_PARSE})
    # Not Python that parses: its lexical tokens still show what it shares with others.
    return Reading(_lexical_units(text, file, whole), limits, [])


def _parse_repaired(text: str, work: Work | None = None):
    """The tree of `text`; when it does not parse, of `text` with the block around each error cut out.

    A copy with one typo (`def relu(self)` without its colon) is still a copy:
    the block of the line in error (the line and the lines indented under it)
    becomes `pass`, and the rest is read as usual, up to MAX_REPAIRS times.
    The text is parsed exactly as given first; lines are split as Python splits them.
    """
    work = work or Work()
    work.charge(len(text) // PARSE_CHARS)
    try:
        return parse(text)
    except SyntaxError as exc:
        failed = exc
    lines = python_lines(text)
    for _ in range(MAX_REPAIRS):
        joined = "\n".join(lines)
        work.charge(len(lines))  # the lines joined, and cut below
        try:
            if failed is not None and joined == text:
                raise failed  # the same text (no line ended by \r or a final \n): the same error, not parsed again
            failed = None
            work.charge(len(joined) // PARSE_CHARS)
            return parse(joined)
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
    def __init__(self, tree, file, work: Work | None = None, depth=0, text: str | None = None, outer=None):
        self.file, self.work, self.limits, self.opaque, self.unpacked = file, work or Work(), [], [], []
        # each rewrite walks the whole tree: run it only where the file has something for it to do; each walk is
        # charged to the budget as the nodes it visits
        strip_noise(plain_module(tree, text, self.work), self.work)  # TEXT: what TREE was parsed from (repaired: less)
        nodes = list(walk(tree))
        # the noise stripped, the walk, the opaque calls, the functions run looked for (plain_names charges its own)
        self.work.charge(4 * len(nodes))
        self.unreached = unreached_functions(tree)
        self.smoke = smoke_test_lines(tree)
        if plain_literals(tree, nodes) | class_aliases(tree) | unused_private_functions(tree, nodes) | \
                children_attribute(tree) | backward_attribute(tree) | engine_class(tree):
            nodes = list(walk(tree))
            self.work.charge(3 * len(nodes))
        self.work.charge(delegated_methods(tree, nodes))
        calls = opaque_calls(nodes)
        self.hidden = self._unpack(calls, depth, Names(nodes) if any(c.text is not None for c in calls) else None)
        if any(call.text is not None for call in calls):
            _drop_wrappers(tree, {call.line for call in calls if call.text is not None},
                           {name for call in calls for name in call.names})
            nodes = list(walk(tree))
            self.work.charge(3 * len(nodes))  # the names read for the code it hides, wrappers dropped, walk
        # from here each of these nodes is charged for 11 times more whatever the file holds (InlineHelpers' and
        # InlineFactories' 2, the edges' and canonical's 3 of `size`, which is no less, Names' 1)
        self.work.ahead(11 * len(nodes))
        helpers = InlineHelpers(nodes)
        self.work.charge(2 * len(nodes))
        size = len(nodes)
        called = {called_name(c.func) for c in nodes if isinstance(c, ast.Call)}
        if called & (set(helpers.helpers) | set(helpers.procedures)) or helpers.passed:
            tree = helpers.visit(tree)
            helpers.drop_inlined(tree)
            size += helpers.added
            self.work.charge(2 * size)
            if helpers.stopped:
                self.limits.append({"file": file, "what": "helpers not all inlined",
                                    "why": f"inlining would add more than {helpers.budget} nodes"})
        self.work.ahead(3 * len(nodes) + 6 * size)  # InlineFactories' 2, the edges' and canonical's 3 each, Names' 1
        # a node-making helper that takes the derivative as a lambda, and rules bound with partial, are read as the
        # closures they stand for (closures.py); with the one-line helpers' budget, what it has left
        factories = InlineFactories(nodes, max(0, helpers.budget - helpers.added))
        self.work.charge(2 * len(nodes))
        if called & set(factories.helpers):
            tree = factories.visit(tree)
            factories.drop_inlined(tree)
            size += factories.added
            self.work.charge(2 * size)
        if any(isinstance(n, ast.ClassDef) and "__call__" in {m.name for m in n.body if isinstance(m, ast.FunctionDef)}
               for n in tree.body):
            # rules written as small callable classes are the closures they stand for (rule_objects.py)
            size += rule_objects_as_closures(tree, max(0, helpers.budget - helpers.added - factories.added))
            self.work.charge(2 * size)
        if binds_rules(nodes):
            size += bound_rules_as_closures(tree, max(0, helpers.budget - helpers.added - factories.added))
            self.work.charge(2 * size)
        self.work.ahead(6 * size + len(nodes))  # the edges' and canonical's 3 each, Names' 1
        self.work.charge(closures_called_with_node(tree, list(walk(tree))))
        self.work.charge(node_makers_as_class(tree, nodes))
        if factories.stopped and not helpers.stopped:
            self.limits.append({"file": file, "what": "helpers not all inlined",
                                "why": f"inlining would add more than {helpers.budget} nodes"})
        positional = PositionalArguments(nodes)
        if any(isinstance(c, ast.Call) and c.keywords and isinstance(c.func, ast.Name) and c.func.id in positional.order
               for c in nodes):
            tree = positional.visit(tree)
            self.work.charge(size)
        for closure in tables_as_closures(tree, self.work) + dispatch_as_closures(tree):  # new functions: not among `nodes`, whose temporaries go below
            self.work.charge(inline_temporaries(closure))
        edges_as_closures(tree)
        self.work.charge(3 * size)
        tree.body = canonical(tree.body, self.work)
        self.work.charge(3 * size)  # statements compared and put in order: several visits of each
        for node in nodes:  # the same function objects: the rewrites change their bodies in place
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                # a function walks the functions nested in it: deep nesting costs more, and is charged so
                self.work.charge(inline_temporaries(node))
        self.tree = tree
        # the names of the file as written: the rewrites above move and copy its nodes, and add none that
        # binds a name (the closures they make are `_backward`, the API's)
        self.names = Names(nodes) if outer is None else Names(nodes).beneath(outer)
        self.work.charge(len(nodes))

    def _unpack(self, calls, depth, names) -> list[Unit]:
        """The units of the code each exec/eval/compile runs where it decodes, read with the file's NAMES (beneath)."""
        units = []
        for call in calls:
            unpacked = call.text is not None and depth < MAX_DEPTH
            if unpacked:
                inner = read_source(call.text, self.file, depth + 1, self.work, names)
                # the hidden code's tokens, all placed on the line of the call that runs it
                units += [Unit(self.file, f"<{call.call} line {call.line}>.{u.name}", u.tokens,
                               (call.line,) * len(u.tokens), u.starts) for u in inner.units]
                self.limits += inner.limits
                self.opaque += inner.opaque
                self.unpacked += [call.text] + inner.unpacked
            self.opaque.append({"file": self.file, "line": call.line, "call": call.call, "unpacked": unpacked})
        return units

    def units(self) -> list[Unit]:
        found: list[Unit] = []
        rest: list[tuple[str, int]] = []
        rest_starts: list[int] = []
        self._collect(self.tree.body, "", found, rest, rest_starts)
        if rest:
            found.insert(0, self._unit("<module>", rest, rest_starts))
        return found + self.hidden

    def _collect(self, statements, prefix, found, rest, rest_starts):
        for statement in statements:
            self.work.charge(1)
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out: list[tuple[str, int]] = []
                starts: list[int] = []
                # a method of a class (`prefix`) keeps the API's name; a function of the module is named by the student
                # the file's names copied for the function's (a unit for each 16: a copy costs less than a visit)
                self.work.charge((len(self.names.variables) + len(self.names.functions)) // 16)
                names = self.names.within(statement)
                own, classes = (statement, []) if prefix else classes_apart(statement, self.unreached)
                Emitter(names, out, _unread_locals(statement), starts, _dead_functions(own)).function(
                    own, method=bool(prefix))
                self.work.charge(3 * len(out))  # its names and locals looked for, its tokens emitted
                found.append(self._unit(prefix + statement.name, out, starts))
                self._collect(classes, prefix, found, rest, rest_starts)
            elif isinstance(statement, ast.ClassDef):
                rest_starts.append(len(rest))
                rest.append(("class", statement.lineno))
                methods = [s for s in statement.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                       ast.ClassDef))]
                self._collect(methods, prefix + statement.name + ".", found, rest, rest_starts)
                # the class's attributes (a dataclass's fields, `__slots__`) in a fixed order: moving the
                # methods of a class moves them too, and their order says nothing about who wrote them
                chunks = []
                for attribute in statement.body:
                    if not isinstance(attribute, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        chunk: list[tuple[str, int]] = []
                        Emitter(self.names, chunk, frozenset(), []).statement(attribute)
                        chunks.append(chunk)
                for chunk in sorted(chunks, key=lambda c: tuple(token for token, _ in c)):
                    rest_starts.append(len(rest))
                    rest.extend(chunk)
            else:
                before = len(rest)
                Emitter(self.names, rest, frozenset(), rest_starts).statement(statement)
                self.work.charge(len(rest) - before)

    def _unit(self, name, pairs, starts):
        return Unit(self.file, name, tuple(t for t, _ in pairs), tuple(n for _, n in pairs),
                    tuple(sorted(set(starts))))


DECODERS = frozenset({"base64", "binascii", "bz2", "codecs", "gzip", "lzma", "zlib"})


def _drop_wrappers(tree, lines: set[int], names: set[str] = frozenset()) -> None:
    """Take out what only unpacks code that is compared unpacked: the `exec(...)` statements, the decoders' imports.

    `import base64, zlib` and `exec(zlib.decompress(...))` are the packing, not the
    engine; left in, they would be code of the packer's own that the source lacks.
    """
    rewrite_blocks(tree, lambda statement: [] if _is_wrapper(statement, lines, names) else [statement])


def _is_wrapper(statement, lines: set[int], names: set[str] = frozenset()) -> bool:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id in names  # the packed code, held in a name the unpacking read
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        return name in RUNS_CODE and statement.value.lineno in lines
    if isinstance(statement, ast.Import):
        return all(alias.name in DECODERS for alias in statement.names)
    if isinstance(statement, ast.ImportFrom):
        return statement.module in DECODERS
    return False


def _unread_locals(function) -> frozenset[str]:
    """Names the function assigns but never reads: their assignments are dead code unless they call something."""
    stored, loaded = set(), set()
    for node in walk(function):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else stored).add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            loaded.update(node.names)  # written for someone else to read
    return frozenset(stored - loaded)


def _dead_functions(function) -> frozenset[int]:
    """id() of each function defined in FUNCTION's body (or a block of it, not a class's) under a name of the student's
    (not the engine's: a closure the reading made, `_backward`, is the op's rule) that no statement of FUNCTION names,
    undecorated and with defaults that call nothing: nothing runs it (a helper whose every call was inlined,
    inline_helpers.InlineHelpers), as a module's private function nothing names (rewrites.unused_private_functions)."""
    loaded = {node.id for node in walk(function) if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store)}
    loaded |= {name for node in walk(function) if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names}
    dead, blocks = set(), [function.body]
    while blocks:
        for statement in blocks.pop():
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defaults = statement.args.defaults + [d for d in statement.args.kw_defaults if d is not None]
                if (statement.name not in loaded and not kept_as_written(statement.name)
                        and not statement.decorator_list
                        and not any(isinstance(n, ast.Call) for d in defaults for n in walk(d))):
                    dead.add(id(statement))
                blocks.append(statement.body)
            elif not isinstance(statement, ast.ClassDef):
                blocks.extend(value for _, value in ast.iter_fields(statement)
                              if isinstance(value, list) and value and isinstance(value[0], ast.stmt))
                blocks.extend(handler.body for handler in getattr(statement, "handlers", ()))
                blocks.extend(case.body for case in getattr(statement, "cases", ()))
    return frozenset(dead)


def _lexical_units(text: str, file: str, whole: str | None = None) -> list[Unit]:
    """TEXT's lexical tokens (tokens.lexical_tokens; WHOLE: the text it was cut from) as one unit."""
    tokens, lines = lexical_tokens(text, whole)
    return [Unit(file, "<file>", tuple(tokens), tuple(lines))] if tokens else []
