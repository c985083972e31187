"""Each op of an engine read as what it means: its forward value and each input's local derivative.

A restructured copy (level 4) rewrites how its source's ops are dispatched (closures, an op table of
lambdas, a class per op, a method that reads a table of derivatives, a node helper) and how its walk
is written (recursion, a stack, a heap), and keeps what each op computes as its source wrote it: the
forward expression (`math.tanh(x)` or `(exp(2x) - 1) / (exp(2x) + 1)`) and each input's derivative
(`1 - tanh(x) ** 2`, `1 - t * t`, `float(x > 0)`). So each op is read here by what it does: the
file's own code is followed, statement by statement, on symbolic inputs, by this module's small
evaluator of the syntax tree (nothing of the file is run by Python: only the forms below are
followed, within a budget of steps; anything else, or any decision on a symbolic value, leaves that
op unread). For each op method of the engine's class (`__mul__`, `tanh`, ...) called on leaves whose
data are x0 (and x1), the node it returns is walked backward by the file's own `backward`, so the
leaves' grads are the local derivatives, whatever the walk's form. Its meaning is the op's name, the
node's data and the leaves' grads as expressions, lightly normalised (constants folded, `+` and `*`
read in any order and grouping, `a - b` as `a + -1 * b`, `a / b` as `a * b ** -1`, `1.0` as `1`): an
op composed of others means what the composition means (`a - b` through `__add__` and `__neg__` is
`a - b`), and spellings that differ only by those identities are one. Algebraically different forms
(tanh through exp, the derivative through the output or recomputed) stay apart: they are the
author's choices, which a restructured copy keeps and which the course's reference, subtracted as
canonical, does not explain.
"""

from __future__ import annotations

import ast

from ..parsing import parse
from .budget import PLAIN_LIMIT, OverBudget, Work
from .design import design
from .evaluator import Evaluator
from .evaluator_objects import Budget, Klass, Obj
from .normalise import python_lines
from .plain_module import plain_module
from .symbolic import Sym, Unread, leaf
from .traits import MAX_SHAPES_CHARS, _hash
from .walk import walk

MAX_STEPS = 40_000  # nodes evaluated for one file in all; past it the remaining ops are unread
MEANING, WHOLE = "op ", "whole "  # how the text of an op's part and of the engine's whole set of them begins
MIN_OPS = 4  # ops read before the engine's whole set of them says something
# the engine's whole set of ops (not the starter's) and its author's choices together (documents.read_document), weighed
# as methods' shapes are (0.5 a statement: 4 is a method of eight): chosen on the benchmark among 1.5, 3, 5 and 8 for both,
# 8 for the choices and 1.5 or 4 for the set (docs/similarity.md, session 11): a set of ops is also a common choice (the
# starter's with the lecture's `__neg__`, `__sub__`, `exp`), the same forms of two ops or more seldom one
SIGNATURE_SIZE = 4.0
CHOICES_SIZE = 8.0
# the ops whose forms are the author's own before those forms together are a choice (one op written its own way is
# no combination; session 14 measured one, with relu's spellings read as one: a hard pair of the second class, two
# fillers who wrote `math.e ** x`, rose into its top k: docs/similarity.md)
CHOICE_OPS = 2
# the engine's walk design (design.py), with its whole: weighed as its choices together (8; on the tuning seeds 4, 8
# and 12 were measured, 12 let a hard pair into a top k: docs/similarity.md, session 13)
DESIGN_SIZE = CHOICES_SIZE
MEANING_SIZE = 0.5  # each part of an op's meaning (its value, each derivative) weighs as a statement of a shape does
UNARY = ("tanh", "exp", "relu", "log", "sigmoid", "sqrt", "__neg__", "__abs__")
BINARY = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__",
          "__pow__")
REFLECTED = ("__radd__", "__rsub__", "__rmul__", "__rtruediv__")
PARSE = object()  # meanings' TREE when it parses the text itself


def meanings(text: str, file: str = "engine.py", steps: int = MAX_STEPS,
             given: frozenset[int] = frozenset(), tree=PARSE) -> dict[int, tuple[float, str, set]]:
    """{hash: (size, text, (file, line)s)} of each part of each op's meaning: its value, each input's derivative.

    GIVEN: the forms (`op_forms`) of the starter's op methods: an op whose method is one of them, as the starter wrote
    it, is the starter's, not the student's (its parts are left out; in the engine's whole it is one of its ops).
    TREE: TEXT's tree as plain_module reads it, None when it has none that is read (traits.traits gives it: TEXT
    without a byte-order mark); the tree is only read."""
    if len(text) > MAX_SHAPES_CHARS:
        return {}  # a longer file is not an engine a student wrote (as for the methods' shapes)
    if tree is None:
        return {}  # it did not parse, or plain_module could not read it (the errors caught below)
    if tree is PARSE:
        try:
            # grader/parsing.py's parse: the service's threads parse beside each other; plain_module's own budget
            tree = plain_module(parse(text), text, Work(PLAIN_LIMIT))
        # SystemError: 3.11's deep nesting; OverBudget: plain_module's budget of work (budget.py)
        except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError, OverBudget):
            return {}
    lines_of = python_lines(text)  # as Python ends a line (not at a form feed)
    try:  # before the evaluator: what the file wrote, whatever the evaluator follows
        walk_design = design(tree)
    except RecursionError:  # ast.unparse of a deeply nested expression
        walk_design = None
    evaluator = Evaluator(steps)
    out, read, present, written = {}, {}, 0, 0
    try:
        evaluator.module(tree)
        klass = _engine_class(evaluator)
        if klass is None:
            return {}
        for name in UNARY + BINARY:
            try:
                owner, method = klass.lookup(name)
            except Unread:
                continue
            present += 1
            try:
                parts = _meaning(evaluator, klass, name)
            except (Unread, RecursionError, ZeroDivisionError, OverflowError, TypeError, ValueError, AttributeError,
                    KeyError, IndexError):
                continue
            node = getattr(method, "node", None)
            lines = {(file, n) for n in _code_lines(node)} if node else set()
            read[name] = (parts, lines)
            if node is not None and given and _form(node, lines_of) in given:
                continue  # the starter's method as it gave it (a two-line `__radd__` no k-gram covers)
            written += 1
            for part in parts:
                out[_hash("meaning", f"{name} {part}")] = (MEANING_SIZE, f"{MEANING}{name} {part}", lines)
    except (Budget, RecursionError):
        pass
    if written >= MIN_OPS and len(read) == present:
        # the engine as a whole, when every op it has was read (else which ones were read would say how far the
        # evaluator followed the file, not what its author chose): which ops it has (its own choices together, the parts
        # the lecture does not explain, are put together where that is known: documents.read_document)
        lines = set().union(*(held for _, held in read.values()))
        names = " ".join(sorted(read))
        out[_hash("meaning ops", names)] = (SIGNATURE_SIZE, f"{WHOLE}ops {names}", lines)
    if walk_design:  # the walk's design, with the engine's whole (documents.read_document: when it wrote its ops)
        out[_hash("design", walk_design)] = (DESIGN_SIZE, f"{WHOLE}{walk_design}", set())
    return out


def op_forms(text: str, tree=PARSE) -> set[int]:
    """The form of each op method of each class of a file (the starter's: `meanings`' GIVEN): its lines as written,
    without their indentation or blank lines; and the set of each class's ops, as an engine's whole names it: an
    engine whose ops are the ones the starter has (a filler's, its lines rewritten by a copier) did not choose them.
    TREE: as `meanings`' (only read; None: it has none that is read)."""
    if tree is None:
        return set()
    if tree is PARSE:
        try:
            tree = plain_module(parse(text), text, Work(PLAIN_LIMIT))  # grader/parsing.py's parse, as in meanings
        except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError, OverBudget):  # as in meanings
            return set()
    lines_of = python_lines(text)  # as Python ends a line (not at a form feed)
    classes = [c for c in walk(tree) if isinstance(c, ast.ClassDef)]
    forms = {_form(f, lines_of) for c in classes for f in c.body
             if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in UNARY + BINARY}
    for c in classes:
        names = {f.name for f in c.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))} | {
            t.id for s in c.body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)}
        if ops := sorted(names & set(UNARY + BINARY)):
            forms.add(_hash("meaning ops", " ".join(ops)))
    return forms


def _form(function, lines_of: list[str]) -> int:
    """A method's text: its lines (as Python numbers them) stripped, the blank ones left out."""
    first = min([function.lineno] + [d.lineno for d in getattr(function, "decorator_list", ())])
    return _hash("op form", "\n".join(filter(None, (l.strip() for l in lines_of[first - 1:function.end_lineno]))))


def _code_lines(function) -> set[int]:
    """The lines of a function's statements (not its docstrings, comments or blank lines): where its code is, so that
    an op the starter gave (every line of it the starter's) is not the student's own."""
    return {s.lineno for s in walk(function) if isinstance(s, ast.stmt)
            and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))}


def _engine_class(evaluator) -> Klass | None:
    """The class named Value, else the class of the module with the most ops."""
    classes = [v for v in evaluator.globals.names.values() if isinstance(v, Klass)]
    named = evaluator.globals.names.get("Value")
    if isinstance(named, Klass):
        return named
    counted = [(sum(any(n in k.attrs for k in c.mro()) for n in UNARY + BINARY), c.name, c) for c in classes]
    best = max(counted, key=lambda t: t[:2], default=None)
    return best[2] if best and best[0] else None


def _meaning(evaluator, klass, name) -> list[str]:
    """The op's value and each input's derivative, as text: its node's data, and the leaves' grads after the
    file's own backward from that node. A reflected op (`__rtruediv__`) that cannot take a node as its other operand
    is read as Python calls it, `2 / v` as `v.__rtruediv__(2)`: with a number."""
    try:
        return _read(evaluator, klass, name)
    except Unread:
        if name not in REFLECTED:
            raise
    return _read(evaluator, klass, name, number=True)


def _read(evaluator, klass, name, number: bool = False) -> list[str]:
    first = evaluator.construct(klass, [leaf("x0")], {})
    leaves = [first]
    if name in BINARY:
        other = leaf("x1") if number else evaluator.construct(klass, [leaf("x1")], {})
        operands = ([leaf("k")] if name == "__pow__" else []) + [other]
        for operand in operands:
            try:
                result = evaluator.call(evaluator.attribute(first, name), [operand], {})
            except Unread:
                continue
            if isinstance(operand, Obj):
                leaves.append(operand)
            break
        else:
            raise Unread("the op")
    else:
        result = evaluator.call(evaluator.attribute(first, name), [], {})
    if not isinstance(result, Obj):
        raise Unread("no node")
    value = evaluator.attribute(result, "data")
    graph = _graph(result, {id(x): f"x{i}" for i, x in enumerate(leaves)}, klass)
    evaluator.call(evaluator.attribute(result, "backward"), [], {})
    parts = [f"value {_text(value)}", f"graph {graph}"]
    for i, x in enumerate(leaves):
        parts.append(f"d{i} {_text(evaluator.attribute(x, 'grad'))}")
    return parts


def _text(x) -> str:
    if isinstance(x, Sym):
        return x.text
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        x = float(x)
        return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)
    raise Unread("not a number")


MAX_GRAPH = 12  # nodes an op's graph describes; past it the rest is `...`


def _graph(node, inputs: dict[int, str], klass) -> str:
    """The nodes an op made, as a tree from the node it returned: each node made by the op as `(its data; its
    children)`, an input as `x0`/`x1`, a node the op made of a constant alone as `c(...)`. The children are the nodes
    a node holds, in the order it holds them (a set's in a fixed order: it has none), through any attribute and any
    object that is not itself a node (an edge, a grad_fn): how the op is composed of others and in which order it
    puts its operands, which restructuring the dispatch, the closures or the walk leaves as it was."""

    def is_node(x) -> bool:
        return isinstance(x, Obj) and klass in x.klass.mro()

    def held(x, depth, seen) -> list:
        if depth > 4 or id(x) in seen:
            return []
        if is_node(x):
            return [x]
        if isinstance(x, Obj):
            seen = seen | {id(x)}
            return [n for name in sorted(x.attrs) for n in held(x.attrs[name], depth + 1, seen)]
        if isinstance(x, (list, tuple)):
            return [n for item in x[:MAX_GRAPH] for n in held(item, depth + 1, seen)]
        if isinstance(x, (set, frozenset)):  # no order of its own: its nodes in the order of what they are
            found = [n for item in x for n in held(item, depth + 1, seen)]
            return sorted(found, key=lambda n: describe(n, 1, [0]))[:MAX_GRAPH]
        if isinstance(x, dict):
            return [n for key in list(x)[:MAX_GRAPH]
                    for n in held(key, depth + 1, seen) + held(x[key], depth + 1, seen)]
        return []

    def describe(x, depth, count, path=frozenset()) -> str:
        if id(x) in inputs:
            return inputs[id(x)]
        count[0] += 1
        if count[0] > MAX_GRAPH or depth > 6:
            return "..."
        kids = []
        path = path | {id(x)}
        for name in sorted(x.attrs):
            # not the nodes that hold this one (an engine that keeps each node's users, to pull its gradient from them:
            # session 29), which are above it in the op's tree, not its children
            found = [k for k in held(x.attrs[name], 0, frozenset({id(x)})) if id(k) not in path]
            if found:
                kids.append(", ".join(describe(k, depth + 1, count, path) for k in found))
        data = x.attrs.get("data")
        text = _text(data) if isinstance(data, (Sym, int, float)) and not isinstance(data, bool) else "?"
        if not kids:
            return f"c({text})"
        # the attribute that holds the most of its nodes (an engine may keep them twice: `_prev` and its edges)
        kids = min(kids, key=lambda k: (-k.count(",") - k.count("("), k))
        return f"({'out' if depth == 0 else text}; {kids})"

    return describe(node, 0, [0])
