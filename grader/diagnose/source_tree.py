"""A student's source file parsed once into a syntax tree, within a time budget, cached by content.

Every static hint (hints.py) reads the same walked tree: each node's parent,
the nodes of each type, and an interned id for each attribute chain, so that
every analysis stays linear in the size of the file.
"""

from __future__ import annotations

import ast
import collections
import functools
import hashlib
import operator
import threading
import time

from ..forbidden import parsed
# A file that takes longer than this to analyse gets no hint: hints are advice, and a class of hundreds
# must not wait on one file built to be slow (issue 11). A real engine takes a few milliseconds.
BUDGET_SECONDS = 0.5


def clock():
    """The budget's clock: this thread's CPU time, not the wall's, so that a busy machine (or the observing
    threads the analysis now runs beside: grader/pipeline.py) cannot take a file's hints away and make its
    diagnosis differ from one run to the next."""
    return time.thread_time()
# Real engines are a few KiB; a file past this size gets no hint at all (parsing 1 MiB alone takes most of
# a second on a loaded machine).
MAX_BYTES = 128 << 10
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


# Fields that never hold a node in a parsed tree (names, numbers, constants: the grammar's identifier,
# int, string and constant fields), and `ctx`: every Name, Attribute, Subscript, Starred, List and Tuple's
# Load/Store/Del, one object shared by the whole tree (the parser's singletons), which no hint reads and which
# was a fifth of the nodes each walk visited.
_NOT_CHILDREN = frozenset({"ctx", "id", "attr", "name", "arg", "module", "asname", "type_comment", "kind", "level",
                           "is_async", "simple", "conversion", "tag", "rest", "kwd_attrs"})
_CHILD_FIELDS: dict = {}  # node class -> the fields that may hold its child nodes, in _fields' order


def _child_fields(cls) -> tuple:
    fields = _CHILD_FIELDS.get(cls)
    if fields is None:
        scalar = _NOT_CHILDREN | ({"value"} if cls in (ast.Constant, ast.MatchSingleton) else set()) | (
            {"names"} if cls in (ast.Global, ast.Nonlocal) else set())
        if cls.__name__ == "TypeAlias":  # Python 3.12's `type X = ...`: its name is a Name node
            scalar = scalar - {"name"}
        fields = _CHILD_FIELDS[cls] = tuple(f for f in cls._fields if f not in scalar)
    return fields


def children(node) -> list:
    """ast.iter_child_nodes(node) as a list, in the same order, less the expression contexts (`ctx`, shared
    Load/Store/Del objects no hint reads), without its two generators per node: the walks of every hint
    visit each node of a file, and the generators were a third of their time."""
    found = []
    fields = _CHILD_FIELDS.get(type(node))  # () for a leaf: no call to find that again
    for field in _child_fields(type(node)) if fields is None else fields:
        value = getattr(node, field, None)
        if isinstance(value, ast.AST):
            found.append(value)
        elif isinstance(value, list):
            found.extend(child for child in value if isinstance(child, ast.AST))
    return found


def _position(nodes) -> None:
    """Sort nodes of one type into file order, (line, column); stably, and (0, 0) for a node without them."""
    if nodes and "lineno" in type(nodes[0])._attributes:
        nodes.sort(key=_LINE_COLUMN)
    elif nodes:
        nodes.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))


_LINE_COLUMN = operator.attrgetter("lineno", "col_offset")


class OverBudget(Exception):
    """The analysis of a file ran past its budget: no hint is said."""


class SourceTree:
    """A parsed file walked once: each node's parent, the nodes of each type in file order, and an
    interned id for every attribute chain (`self.grad`, `out.grad`), so comparing two is O(1). The
    expression contexts (`ctx`) are not walked (children()): they are not nodes of the file.

    Every hint looks at a few kinds of node (calls, functions, imports,
    assignments); walking the whole tree once for all of them, instead of once
    per hint, is what keeps the hints cheap for a class of hundreds.
    """

    def __init__(self, tree, deadline):
        self.tree, self.parents, self._by_type = tree, {}, {}
        self.chain = {}  # id(node) of a Name or Attribute -> interned id of its dotted chain
        interned = {}
        parents, by_type, fields_of, AST, Name, Attribute = self.parents, self._by_type, _CHILD_FIELDS, ast.AST, \
            ast.Name, ast.Attribute
        named = []  # the Names and Attributes, in the walk's order
        stack = [tree]
        count = 0
        while stack:  # children() inlined: this loop visits every node of the file
            if count % 4096 == 0 and clock() > deadline:
                raise OverBudget
            count += 1
            node = stack.pop()
            cls = type(node)
            if cls in by_type:
                by_type[cls].append(node)
            else:
                by_type[cls] = [node]
            if isinstance(node, (Name, Attribute)):
                named.append(node)
            fields = fields_of.get(cls)
            for field in _child_fields(cls) if fields is None else fields:
                value = getattr(node, field, None)
                if isinstance(value, AST):
                    parents[value] = node
                    stack.append(value)
                elif isinstance(value, list):
                    for child in value:
                        if isinstance(child, AST):
                            parents[child] = node
                            stack.append(child)
        # children before parents: a chain's id is built from its value's id, each in O(1)
        chain = self.chain
        for count, node in enumerate(reversed(named)):
            if count % 4096 == 0 and clock() > deadline:
                raise OverBudget
            if isinstance(node, Name):
                chain[id(node)] = interned.setdefault(("name", node.id), len(interned))
            elif id(node.value) in chain:
                key = ("attr", chain[id(node.value)], node.attr)
                chain[id(node)] = interned.setdefault(key, len(interned))
        for nodes in self._by_type.values():
            _position(nodes)
        self._deadlines = {threading.get_ident(): deadline}
        self._unchecked = {}  # thread id -> until when (perf_counter) its deadline cannot have passed (in_time)
        self._calls = {}  # node -> the calls under it (calls_in)

    @property
    def deadline(self):
        """When this thread's reading of the tree runs out of budget, in its own CPU time (clock()): each
        thread sets its own, since a tree is shared by content and threads' CPU clocks are not comparable."""
        return self._deadlines.get(threading.get_ident(), float("-inf"))

    @deadline.setter
    def deadline(self, value):
        self._deadlines[threading.get_ident()] = value
        self._unchecked.pop(threading.get_ident(), None)

    def nodes(self, *types):
        found = [n for t in types for n in self._by_type.get(t, [])]
        if len(types) > 1:
            found.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        return found

    def calls_in(self, node) -> list:
        """The calls of ast.walk(NODE), in its order, kept per node: the readings that follow a file's calls
        (seed_source._reached, source_patterns._reached_from_backward) walk the same functions time and again."""
        calls = self._calls.get(node)
        if calls is None:
            calls = self._calls[node] = [n for n in ast.walk(node) if isinstance(n, ast.Call)]
        return calls

    def in_time(self):
        """OverBudget once this thread's CPU time is past its deadline. Reading that clock is a system call (1 µs
        quiet, 10-20 under load: 56,000 calls for 100 rows, the grader's largest leaf, session 43); the wall clock
        (perf_counter) is not, and a thread's CPU time grows no faster than it: until the wall clock has moved by
        half the budget left at the last reading, the deadline cannot have passed, and the CPU clock is not read."""
        me = threading.get_ident()
        wall = time.perf_counter()
        if wall < self._unchecked.get(me, wall):
            return
        left = self.deadline - clock()
        if left < 0:
            raise OverBudget
        self._unchecked[me] = wall + left / 2  # half: the wall clock may be slewed a little against the CPU's


_ANALYSED: collections.OrderedDict = collections.OrderedDict()
_LOCK = threading.Lock()


def analysed(text, filename):
    """The walked tree of a source text, or None if it does not parse or takes too long to walk.

    Kept for the last 16 texts: hints, seed facts and confirmations of one
    file share it."""
    key = (hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), filename)
    with _LOCK:  # the observing threads read sources too (kept_by_source): the cache is shared
        if key in _ANALYSED:
            _ANALYSED.move_to_end(key)
            return _ANALYSED[key]
    deadline = clock() + BUDGET_SECONDS  # parsing counts against the budget too
    try:
        if len(text) > MAX_BYTES:
            raise OverBudget
        tree = SourceTree(parsed(text), deadline)  # a tree shared with the forbidden-import walk (forbidden.py)
    except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError, OverBudget):
        # SystemError: CPython 3.11's parser can refuse deep nesting with "AST constructor recursion depth
        # mismatch" (as grader/forbidden.py reads it): a file that does not parse, so no hint
        tree = None
    with _LOCK:
        _ANALYSED[key] = tree
        if len(_ANALYSED) > 16:  # a walked tree is about 170 KB; one file's readings follow each other
            _ANALYSED.popitem(last=False)
    return tree


def kept_by_source(size, copy, every_file=False):
    """`function(files, *, engine)` remembered by the engine file's content for the last `size` files, each
    caller given `copy(result)`: a batch's readings of one file (its hints in the observing thread, beside
    the worker's start; its seed facts in the diagnosis) are made once. Safe from several threads.
    `every_file`: remembered by every file's name and content, for a reading that follows the engine into the
    submission's other modules (a walk handed to walker.py: session 36)."""
    def decorate(function):
        kept: collections.OrderedDict = collections.OrderedDict()

        @functools.wraps(function)
        def reading(files, *, engine="engine.py"):
            source = files.get(engine)
            if not isinstance(source, (bytes, str)):
                return function(files, engine=engine)
            raw = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
            key = (hashlib.sha256(raw).digest(), engine)
            if every_file:
                from ..load.submission import files_digest

                key += (files_digest({n: c for n, c in files.items() if isinstance(c, bytes)}),)
            with _LOCK:
                if key in kept:
                    kept.move_to_end(key)
                    return copy(kept[key])
            result = function(files, engine=engine)
            with _LOCK:
                kept[key] = result
                if len(kept) > size:
                    kept.popitem(last=False)
            return copy(result)
        reading.forget = kept.clear  # for tests
        return reading
    return decorate


def tree_of(files, engine):
    source = files.get(engine)
    if source is None:
        return None
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else str(source)
    except UnicodeDecodeError:
        return None
    return analysed(text, engine)


def read_in_time(files, engine, reader):
    """READER(tree) of ENGINE's syntax tree within the reading budget; None where there is no tree, or the reading
    runs over its budget (or Python's recursion limit)."""
    tree = tree_of(files, engine)
    if tree is None:
        return None
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        return reader(tree)
    except (OverBudget, RecursionError):
        return None


def superseded(function, module, parents):
    """Whether a later top-level statement of `module` replaces `function`, so that it never runs (a notebook's
    draft, then its fix in a later cell): a top-level `def f` defined again, or a method `m` of a top-level
    `class C` set again (`C.m = ...`, `setattr(C, "m", ...)`, a later `class C`, which replaces every method, but
    for one built on it, `class C(C):`, which replaces those its body defines)."""
    owner, name = parents.get(function), function.name
    if owner is module:
        top, where = function, None
    elif isinstance(owner, ast.ClassDef) and parents.get(owner) is module:
        top, where = owner, owner.name
    else:
        return False
    for statement in module.body[module.body.index(top) + 1:]:
        if where is None:
            if isinstance(statement, FUNCTIONS) and statement.name == name:
                return True
        elif isinstance(statement, ast.ClassDef):
            # a later `class C:` replaces the whole class, each method of the draft with it (strangers40: the
            # draft's `=` was said of a correct notebook); one built on it (`class C(C):`) only those it defines
            builds_on = any(isinstance(base, ast.Name) and base.id == where for base in statement.bases)
            if statement.name == where and (not builds_on or any(isinstance(f, FUNCTIONS) and f.name == name
                                                                 for f in statement.body)):
                return True
        elif isinstance(statement, ast.Assign):
            if any(isinstance(t, ast.Attribute) and t.attr == name and isinstance(t.value, ast.Name)
                   and t.value.id == where for t in statement.targets):
                return True
        elif isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call):
            if (isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) == 3
                    and isinstance(call.args[0], ast.Name) and call.args[0].id == where
                    and isinstance(call.args[1], ast.Constant) and call.args[1].value == name):
                return True
    return False


FOLDS = {"reduce": 1, "map": 0}  # a call that applies a function to each item of its iterable: the item's parameter


def loops_of(function):
    """The `for` loops of FUNCTION, and its folds written as calls, `functools.reduce(push, order, None)` and
    `map(pass_back, order)`, each read as the loop it is: `for <the function's item parameter> in <its iterable>:
    <the function's body>` (a local `def` by name, or a lambda), at the call's line. Session 36: a backward() that
    pushed gradients with `reduce(push, self._order(), None)` over an order not reversed was said without its line."""
    defined = {f.name: f for f in ast.walk(function) if isinstance(f, FUNCTIONS)}
    for node in ast.walk(function):
        if isinstance(node, ast.For):
            yield node
            continue
        if not isinstance(node, ast.Call) or len(node.args) < 2:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name not in FOLDS:
            continue
        applied = node.args[0]
        applied = defined.get(applied.id) if isinstance(applied, ast.Name) else applied
        if not isinstance(applied, (*FUNCTIONS, ast.Lambda)):
            continue
        params = applied.args.posonlyargs + applied.args.args
        if len(params) <= FOLDS[name]:
            continue
        body = applied.body if isinstance(applied.body, list) else [ast.Expr(applied.body)]
        yield ast.For(target=ast.Name(id=params[FOLDS[name]].arg, ctx=ast.Store()), iter=node.args[1], body=body,
                      orelse=[], lineno=node.lineno, col_offset=node.col_offset)
