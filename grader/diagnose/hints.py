"""Static hints: classic mistakes read from the student's source as a syntax tree, never executed.

- `recursive-topo`: a topological sort that calls itself (a nested
  `build_topo` inside `backward`, or a function or method whose name says it
  sorts or walks the graph). Deep graphs raise RecursionError. Not said of a
  file that raises the limit with `sys.setrecursionlimit`: there the
  deep-chain test decides, and its own message explains a RecursionError.
- `assign-grad`: `x.grad = ...` with `=` inside a backward closure (a
  function nested in another), where the right-hand side does not read
  `x.grad` itself. A number (`= 0`, `= 1`: resets and seeds) and
  `x.grad = x.grad + ...` are not flagged, nor is anything outside a nested
  function (the seed `self.grad = 1` in `backward`, `zero_grad`), nor a
  helper nested in `backward()` that reads no gradient on the right (it
  writes back totals summed elsewhere: `node.grad = totals[node]`).

- `assign-grad` is not said of an assignment guarded by a test of the same
  attribute (`if x.grad is None: x.grad = ...`): it throws nothing away.
- `backward-shadowed`: `self.backward = ...` in a class that also defines a
  `backward` method (`self.backward = lambda: None` in `__init__`): the
  instance attribute hides the method, so `y.backward()` computes nothing.
- `backward-typo`: `out.backward = _backward` inside an operation, a typo for
  `out._backward`: the node's rule replaces its `backward()` method and the
  walk calls the do-nothing `_backward` instead.
- `no-seed`: a `backward` method that never sets any gradient to 1.
- `annotation-name-error` (from the import error, not the tree alone): an
  annotation naming the class being defined (`other: Value | int` inside
  `class Value`), which raises NameError at import under the grader's Python.

The last four claim what happens when the code runs, and a statement that
never runs proves nothing: `Diagnoser` says them only when the engine's own
numbers agree (its backward pass leaves the output's gradient at 0) or its
import failed with that NameError (`confirmed_hints`).

Cost: every analysis here is linear in the size of the file (each node is
visited a bounded number of times; attributes are compared by an interned
id, never by unparsing them), stops at a time budget (`BUDGET_SECONDS`:
then no hint is said) and is cached by the file's content.

Each hint is a diagnosis entry of kind "hint":
`{"kind": "hint", "hint", "title", "explanation", "file", "line", "tests": []}`.
A hint cites no test: it says what the student's own file contains, which
gives nothing of a hidden test away, so it is shown whatever the tests'
visibility.
"""

from __future__ import annotations

import ast
import collections
import hashlib
import re
import time

_SORT_NAME = re.compile(r"topo|sort|order|dfs|visit|walk|build|trace|collect", re.IGNORECASE)
_RESET_NAME = re.compile(r"zero|reset|clear|init", re.IGNORECASE)
# A file that takes longer than this to analyse gets no hint: hints are advice, and a class of hundreds
# must not wait on one file built to be slow (issue 11). A real engine takes a few milliseconds.
BUDGET_SECONDS = 0.5
# Real engines are a few KiB; a file past this size gets no hint at all (parsing 1 MiB alone takes most of
# a second on a loaded machine).
MAX_BYTES = 128 << 10
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


class _OverBudget(Exception):
    pass


class _Tree:
    """A parsed file walked once: each node's parent, the nodes of each type in file order, and an
    interned id for every attribute chain (`self.grad`, `out.grad`), so comparing two is O(1).

    Every hint looks at a few kinds of node (calls, functions, imports,
    assignments); walking the whole tree once for all of them, instead of once
    per hint, is what keeps the hints cheap for a class of hundreds.
    """

    def __init__(self, tree, deadline):
        self.tree, self.parents, self._by_type = tree, {}, {}
        self.chain = {}  # id(node) of a Name or Attribute -> interned id of its dotted chain
        interned = {}
        order = []
        stack = [tree]
        while stack:
            if len(order) % 4096 == 0 and time.monotonic() > deadline:
                raise _OverBudget
            node = stack.pop()
            order.append(node)
            self._by_type.setdefault(type(node), []).append(node)
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
                stack.append(child)
        # children before parents: a chain's id is built from its value's id, each in O(1)
        for count, node in enumerate(reversed(order)):
            if count % 4096 == 0 and time.monotonic() > deadline:
                raise _OverBudget
            if isinstance(node, ast.Name):
                self.chain[id(node)] = interned.setdefault(("name", node.id), len(interned))
            elif isinstance(node, ast.Attribute) and id(node.value) in self.chain:
                key = ("attr", self.chain[id(node.value)], node.attr)
                self.chain[id(node)] = interned.setdefault(key, len(interned))
        for nodes in self._by_type.values():
            nodes.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        self.deadline = deadline

    def nodes(self, *types):
        found = [n for t in types for n in self._by_type.get(t, [])]
        if len(types) > 1:
            found.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        return found

    def in_time(self):
        if time.monotonic() > self.deadline:
            raise _OverBudget


_ANALYSED: collections.OrderedDict = collections.OrderedDict()


def _analysed(text, filename):
    """The walked tree of a source text, or None if it does not parse or takes too long to walk.

    Kept for the last 64 texts: hints, seed facts and confirmations of one
    file share it."""
    key = (hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), filename)
    if key in _ANALYSED:
        _ANALYSED.move_to_end(key)
        return _ANALYSED[key]
    deadline = time.monotonic() + BUDGET_SECONDS  # parsing counts against the budget too
    try:
        if len(text) > MAX_BYTES:
            raise _OverBudget
        tree = _Tree(ast.parse(text, filename=filename), deadline)
    except (SyntaxError, ValueError, RecursionError, MemoryError, _OverBudget):
        tree = None
    _ANALYSED[key] = tree
    if len(_ANALYSED) > 64:
        _ANALYSED.popitem(last=False)
    return tree


def _enclosing(node, parents):
    """The functions `node` is inside, innermost first."""
    functions = []
    current = parents.get(node)
    while current is not None:
        if isinstance(current, _FUNCTIONS):
            functions.append(current)
        current = parents.get(current)
    return functions


def _own_body_nodes(function):
    """Every node inside `function`, not descending into functions or classes defined in it."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)


def _calls_itself(function, is_method):
    for node in _own_body_nodes(function):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == function.name and not is_method:
                return node.lineno
            if isinstance(f, ast.Attribute) and f.attr == function.name and is_method:
                return node.lineno
    return None


def _raises_recursion_limit(tree):
    """Whether the file calls `sys.setrecursionlimit` (or an imported `setrecursionlimit`)."""
    for node in tree.nodes(ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if name == "setrecursionlimit":
            return True
    return False


def _recursive_sorts(tree, parents, filename):
    hints = []
    if _raises_recursion_limit(tree):
        # The hint's words ("Python stops at about 1,000") would be untrue; whether the raised limit is
        # enough is the deep-chain test's to say, and its failure names the recursion itself.
        return hints
    for node in tree.nodes(*_FUNCTIONS):
        tree.in_time()
        if node.name.startswith("__"):
            continue
        is_method = isinstance(parents.get(node), ast.ClassDef)
        in_backward = any("backward" in f.name.lower() for f in [node, *_enclosing(node, parents)])
        if not (in_backward or _SORT_NAME.search(node.name)):
            continue
        if _calls_itself(node, is_method) is None:
            continue
        # structural, and correct as it is on small graphs: one line, shown below the costly mistakes
        hints.append({
            "kind": "hint", "hint": "recursive-topo", "brief": True,
            "title": "Your topological sort calls itself once per node",
            "explanation": (
                f"`{node.name}` on line {node.lineno} is recursive, so a graph deeper than about 1,000 nodes "
                "raises RecursionError; an explicit stack avoids that."
            ),
            "file": filename, "line": node.lineno, "tests": [],
        })
        break  # one is enough
    return hints


def _chains_in(tree, expr):
    """The interned ids of every attribute chain `expr` reads (one walk of `expr`)."""
    found, stack = set(), [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Attribute) and id(node) in tree.chain:
            found.add(tree.chain[id(node)])
        stack.extend(ast.iter_child_nodes(node))
    return found


def _reads_any_grad(expr):
    """Whether `expr` reads some `x.grad` (a backward rule's `out.grad`, or the node's own)."""
    return any(isinstance(n, ast.Attribute) and n.attr == "grad" for n in ast.walk(expr))


def _is_number(expr):
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) \
        and not isinstance(expr.value, bool)


def _guarded_by(tree, node, chain):
    """Whether `node` sits under an `if` (or a conditional expression) whose test reads the same attribute:
    `if x.grad is None: x.grad = ...` sets a gradient that was not there, and throws nothing away."""
    current = tree.parents.get(node)
    while current is not None and not isinstance(current, _FUNCTIONS):
        if isinstance(current, (ast.If, ast.IfExp, ast.While)) and chain in _chains_in(tree, current.test):
            return True
        current = tree.parents.get(current)
    return False


def _dotted(tree, target):
    """`self.grad`, without unparsing (a chain of names only; anything else is `….grad`)."""
    parts, node = [], target
    while isinstance(node, ast.Attribute) and len(parts) < 8:
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and len(parts) < 8:
        parts.append(node.id)
        return ".".join(reversed(parts))
    return "…." + ".".join(reversed(parts[:2]))


def _grad_assignments(tree, parents, filename):
    lines = []
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        if _is_number(node.value):
            continue
        targets = []
        for target in node.targets:
            targets.extend(target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target])
        grad_targets = [t for t in targets if isinstance(t, ast.Attribute) and t.attr == "grad"]
        if not grad_targets:
            continue
        functions = _enclosing(node, parents)
        if len(functions) < 2 or _RESET_NAME.search(functions[0].name):
            continue  # not in a nested function (a closure), or in a reset
        if any("backward" in f.name.lower() for f in functions[1:]) and not _reads_any_grad(node.value):
            continue  # a helper inside backward() writing back totals it summed itself (`n.grad = total[n]`)
        read = _chains_in(tree, node.value)
        for target in grad_targets:
            chain = tree.chain.get(id(target))
            if chain not in read and not _guarded_by(tree, node, chain):
                lines.append((node.lineno, _dotted(tree, target), functions))
                break
    if not lines:
        return []
    line, target, functions = lines[0]
    closure, op = functions[0].name, functions[1].name
    where = f"`{closure}`" + (f" (in `{op}`)" if op != closure else "")
    more = f" (and {len(lines) - 1} more line{'s' if len(lines) > 2 else ''})" if len(lines) > 1 else ""
    return [{
        "kind": "hint", "hint": "assign-grad",
        "title": "A backward rule sets `grad` with `=` instead of adding to it",
        "explanation": (
            f"Line {line}{more}: {where} assigns `{target} = ...`, which throws away whatever gradient the node "
            "had already received. A node used more than once gets gradient along every path, and the "
            "contributions must add up. Use `+=`."
        ),
        "file": filename, "line": line, "lines": [n for n, _, _ in lines], "tests": [],
    }]


def _classes_with_backward(tree):
    return [c for c in tree.nodes(ast.ClassDef)
            if any(isinstance(f, _FUNCTIONS) and f.name == "backward" for f in c.body)]


def _backward_assignments(tree, filename):
    """`self.backward = ...` in a class with a `backward` method; `out.backward = _backward` in an op."""
    classes = _classes_with_backward(tree)
    if not classes:
        return []
    hints = []
    for node in tree.nodes(ast.Assign):
        tree.in_time()
        for target in node.targets:
            if not (isinstance(target, ast.Attribute) and target.attr == "backward"):
                continue
            functions = _enclosing(node, tree.parents)
            if not functions:
                continue
            in_class = any(tree.parents.get(functions[-1]) is c for c in classes)
            owner = target.value.id if isinstance(target.value, ast.Name) else None
            value = node.value
            if owner == "self" and functions[0].name == "__init__" and in_class:
                hints.append({
                    "kind": "hint", "hint": "backward-shadowed",
                    "title": "`self.backward = …` in `__init__` hides your `backward()` method",
                    "explanation": (
                        f"Line {node.lineno} gives every Value an attribute named `backward`, and an attribute "
                        "set on the object wins over the method of the same name: `y.backward()` calls it "
                        "instead, so no gradient is ever computed. The do-nothing rule of a leaf is usually "
                        "called `_backward`, with the underscore."
                    ),
                    "file": filename, "line": node.lineno, "tests": [],
                })
            elif owner != "self" and isinstance(value, ast.Name) and value.id.lstrip("_") == "backward":
                hints.append({
                    "kind": "hint", "hint": "backward-typo",
                    "title": f"`{owner}.backward = {value.id}` should be `{owner}._backward = {value.id}`",
                    "explanation": (
                        f"Line {node.lineno} (in `{functions[-1].name}`) stores the local rule as `backward`, "
                        f"which replaces the node's `backward()` method instead of setting its `_backward`: the "
                        "walk then calls the do-nothing `_backward`, and the rule is never used."
                    ),
                    "file": filename, "line": node.lineno, "tests": [],
                })
            break
    # one of each kind is enough
    seen, kept = set(), []
    for hint in hints:
        if hint["hint"] not in seen:
            seen.add(hint["hint"])
            kept.append(hint)
    return kept


def _sets_a_grad_to_one(function):
    for node in ast.walk(function):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            if value is not None and any(isinstance(t, (ast.Attribute, ast.Subscript)) for t in targets) \
                    and isinstance(value, ast.Constant) and type(value.value) in (int, float) and value.value == 1:
                return True
        if isinstance(node, ast.Dict) and any(isinstance(v, ast.Constant) and v.value == 1 for v in node.values):
            return True  # grads = {self: 1.0}
        if isinstance(node, ast.arguments) and any(isinstance(d, ast.Constant) and d.value == 1
                                                   for d in node.defaults + node.kw_defaults if d is not None):
            return True  # def backward(self, seed=1.0)
    return False


def _no_seed(tree, filename):
    for cls in _classes_with_backward(tree):
        method = next(f for f in cls.body if isinstance(f, _FUNCTIONS) and f.name == "backward")
        if not _sets_a_grad_to_one(method):
            return [{
                "kind": "hint", "hint": "no-seed",
                "title": "`backward()` never sets the output's gradient to 1",
                "explanation": (
                    f"`backward` on line {method.lineno} walks the graph, but nothing in it sets "
                    "`self.grad = 1` first (dL/dL = 1). Every rule multiplies by `out.grad`, so with the seed "
                    "left at 0 every gradient stays 0."
                ),
                "file": filename, "line": method.lineno, "tests": [],
            }]
    return []


def _annotation_names(tree, name):
    """Lines of annotations that read `name` (e.g. `other: Value | int` inside `class Value`)."""
    lines = []
    for function in tree.nodes(*_FUNCTIONS):
        args = function.args
        annotations = [a.annotation for a in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                                              args.vararg, args.kwarg] if a is not None and a.annotation]
        if function.returns is not None:
            annotations.append(function.returns)
        for annotation in annotations:
            if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(annotation)):
                lines.append((annotation.lineno, function))
    return lines


_NAME_ERROR = re.compile(r"^NameError: name '(?P<name>\w+)' is not defined")


def annotation_hint(files, import_error, python_version, *, engine="engine.py"):
    """Why the file did not import, when an annotation names a class not yet defined; else None."""
    match = _NAME_ERROR.match(str((import_error or {}).get("error") or ""))
    tree = _tree_of(files, engine)
    if not match or tree is None:
        return None
    if any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
           and any(a.name == "annotations" for a in n.names) for n in tree.nodes(ast.ImportFrom)):
        return None
    found = _annotation_names(tree, match["name"])
    where = (import_error or {}).get("where") or {}
    if where.get("line"):
        found = [f for f in found if f[0] == where["line"]] or found
    if not found:
        return None
    line, function = found[0]
    name = match["name"]
    return {
        "kind": "hint", "hint": "annotation-name-error",
        "title": f"An annotation naming `{name}` stops {engine} from importing",
        "explanation": (
            f"Line {line} (`{function.name}`) has an annotation that uses `{name}`. Python {python_version}, "
            f"which grades your file, evaluates annotations when the `def` runs, and inside `class {name}:` "
            f"the name `{name}` does not exist yet, so the import fails with NameError (newer Pythons, or an "
            f"editor, may not complain). Add `from __future__ import annotations` as the first line of {engine}, "
            f"or quote the annotation: `\"{name} | int\"`."
        ),
        "file": engine, "line": line, "tests": [],
    }


def _tree_of(files, engine):
    source = files.get(engine)
    if source is None:
        return None
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else str(source)
    except UnicodeDecodeError:
        return None
    return _analysed(text, engine)


_HINTS: collections.OrderedDict = collections.OrderedDict()


def static_hints(files: dict, *, engine: str = "engine.py") -> list[dict]:
    """The hints for a submission's engine file; [] when it is missing, not valid Python, or over budget.

    Cached by the file's content (the last 256 files): a class hands in many identical starters."""
    source = files.get(engine)
    if source is None:
        return []
    raw = source if isinstance(source, bytes) else str(source).encode("utf-8", "surrogatepass")
    key = (hashlib.sha256(raw).hexdigest(), engine)
    if key not in _HINTS:
        tree = _tree_of(files, engine)
        hints = []
        if tree is not None:
            try:
                tree.deadline = time.monotonic() + BUDGET_SECONDS
                # (a forbidden import is not a hint: the suite's own "from scratch" test names its line)
                hints = _grad_assignments(tree, tree.parents, engine) + _recursive_sorts(tree, tree.parents, engine)
            except (_OverBudget, RecursionError):
                hints = []
        _HINTS[key] = hints
        if len(_HINTS) > 256:
            _HINTS.popitem(last=False)
    _HINTS.move_to_end(key)
    return [dict(h) for h in _HINTS[key]]


def silent_backward_hints(files: dict, *, engine: str = "engine.py") -> list[dict]:
    """Hints that explain a backward pass which computes nothing: `backward-shadowed`, `backward-typo`,
    else `no-seed`. Said only when the numbers show such a pass (Diagnoser): the source alone cannot
    tell whether the line ever runs."""
    tree = _tree_of(files, engine)
    if tree is None:
        return []
    try:
        tree.deadline = time.monotonic() + BUDGET_SECONDS
        return _backward_assignments(tree, engine) or _no_seed(tree, engine)
    except (_OverBudget, RecursionError):
        return []


def seed_facts(files: dict, *, engine: str = "engine.py") -> dict:
    """What the source says about the seed, read as a syntax tree: {"seeds": bool, "seeds_before_walk": bool}.

    A backward pass that leaves every gradient 0 looks the same in numbers
    whether the seed is missing, set after the walk, or set and then wiped out
    (grads zeroed inside the walk, the output's own rule skipped): the source
    tells these apart where the numbers cannot. `seeds`: some function named
    `backward` assigns the literal 1 (or 1.0) to a `.grad`; `seeds_before_walk`:
    it does so before its first loop. A `backward` method hidden by an
    attribute of the same name (`backward-shadowed`) never runs, so its seed
    counts for nothing.
    """
    facts = {"seeds": False, "seeds_before_walk": False}
    tree = _tree_of(files, engine) if isinstance(files.get(engine, b""), (bytes, str)) else None
    if tree is None:
        return facts
    try:
        tree.deadline = time.monotonic() + BUDGET_SECONDS
        if _backward_assignments(tree, engine):
            return facts
        for function in tree.nodes(*_FUNCTIONS):
            if function.name != "backward":
                continue
            seeds = [node.lineno for node in ast.walk(function)
                     if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                     and type(node.value.value) in (int, float) and node.value.value == 1
                     and any(isinstance(t, ast.Attribute) and t.attr == "grad" for t in node.targets)]
            loops = [node.lineno for node in ast.walk(function) if isinstance(node, (ast.For, ast.While))]
            if seeds:
                facts["seeds"] = True
                if loops and min(seeds) < min(loops):
                    facts["seeds_before_walk"] = True
    except (_OverBudget, RecursionError):
        return {"seeds": False, "seeds_before_walk": False}
    return facts
