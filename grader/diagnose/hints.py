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
  writes back totals summed elsewhere: `node.grad = totals[node]`). Outside
  a closure, `=` reading a gradient in the loop of a `backward` (a generic
  walk: `parent.grad = local * node.grad`) or in a helper the rules call is
  flagged too; each line keeps the function it serves (`places`), which
  places each `=` finding at its own op's line (same_line.py).

- `assign-grad` is not said of an assignment guarded by a test of the same
  attribute (`if x.grad is None: x.grad = ...`): it throws nothing away.
- `backward-shadowed`: `self.backward = ...` in a class that also defines a
  `backward` method (`self.backward = lambda: None` in `__init__`): the
  instance attribute hides the method, so `y.backward()` computes nothing.
- `backward-typo`: `out.backward = _backward` inside an operation, a typo for
  `out._backward`: the node's rule replaces its `backward()` method and the
  walk calls the do-nothing `_backward` instead.
- `no-seed`: a `backward` method that never sets any gradient to 1.
- `visited-by-value`: a `backward` whose sort keeps the nodes' `.data` in its
  visited set (`visited.add(node.data)`, `if child.data not in visited`): two
  nodes of one value count as one.
- `annotation-name-error` (from the import error, not the tree alone): an
  annotation naming the class being defined (`other: Value | int` inside
  `class Value`), which raises NameError at import under the grader's Python.

The last four claim what happens when the code runs, and a statement that
never runs proves nothing: `Diagnoser` says them only when the engine's own
numbers agree (its backward pass leaves the output's gradient at 0) or its
import failed with that NameError (`silent_backward_hints`, `annotation_hint`).

Cost: every analysis here is linear in the size of the file (each node is
visited a bounded number of times; attributes are compared by an interned
id, never by unparsing them), stops at a time budget (`BUDGET_SECONDS`,
source_tree.py: then no hint is said) and is cached by the file's content.

Each hint is a diagnosis entry of kind "hint":
`{"kind": "hint", "hint", "title", "explanation", "file", "line", "tests": []}`.
A hint cites no test: it says what the student's own file contains, which
gives nothing of a hidden test away, so it is shown whatever the tests'
visibility.
"""

from __future__ import annotations

import ast
import builtins
import re

from ..i18n import msg, said
from .seed_source import can_be_one, names_of_one, no_seed
from .overwrites import assign_grad
from .source_patterns import annotation_names, backward_assignments, recursive_sorts
from .source_tree import BUDGET_SECONDS, FUNCTIONS, OverBudget, children, clock, kept_by_source, tree_of


# Python's own words for a NameError, searched in the import error's text (its type is the `exception` field)
_NOT_DEFINED = re.compile(r"name '(?P<name>\w+)' is not defined")


def annotation_hint(files, import_error, python_version, *, engine="engine.py"):
    """Why the file did not import, when an annotation names a class not yet defined; else None."""
    import_error = import_error or {}
    match = (_NOT_DEFINED.search(str(import_error.get("error") or ""))
             if import_error.get("exception") == "NameError" else None)
    tree = tree_of(files, engine)
    if not match or tree is None:
        return None
    if any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
           and any(a.name == "annotations" for a in n.names) for n in tree.nodes(ast.ImportFrom)):
        return None
    found = annotation_names(tree, match["name"])
    where = import_error.get("where") or {}
    if where.get("line"):
        found = [f for f in found if f[0] == where["line"]] or found
    if not found:
        return None
    line, function = found[0]
    name = match["name"]
    return said(
        {"kind": "hint", "hint": "annotation-name-error", "file": engine, "line": line, "tests": []},
        title=msg("An annotation naming `{name}` stops {engine} from importing", name=name, engine=engine),
        explanation=msg(
            "Line {line} (`{function}`) has an annotation that uses `{name}`. Python {python}, which grades your "
            "file, evaluates annotations when the `def` runs, and inside `class {name}:` the name `{name}` does "
            "not exist yet, so the import fails with NameError (newer Pythons, or an editor, may not complain). "
            "Add `from __future__ import annotations` as the first line of {engine}, or quote the annotation: "
            "`\"{name} | int\"`.", line=line, function=function.name, name=name, python=python_version,
            engine=engine))


def _copies(hints):
    return [dict(h) for h in hints]


@kept_by_source(4096, _copies, every_file=True)  # a setter may be inherited from another module
def static_hints(files: dict, *, engine: str = "engine.py") -> list[dict]:
    """The hints for a submission's engine file; [] when it is missing, not valid Python, or over budget.

    Kept by the file's content and the submission's other files' (the last 4,096: a batch's, read while it is
    observed, and the many identical starters a class hands in): a gradient's setter may be inherited from a class
    of another module (overwrites.inherited_accessors)."""
    tree = tree_of(files, engine)
    if tree is None:
        return []
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        # (a forbidden import is not a hint: the suite's own "from scratch" test names its line)
        return (assign_grad(tree, tree.parents, engine, files) + recursive_sorts(tree, tree.parents, engine)
                + visited_by_value(tree, engine))
    except (OverBudget, RecursionError):
        return []


@kept_by_source(4096, _copies, every_file=True)  # the seed may be left out of another module's walk
def silent_backward_hints(files: dict, *, engine: str = "engine.py") -> list[dict]:
    """Hints that explain a backward pass which computes nothing: `backward-shadowed`, `backward-typo`,
    else `no-seed`. Said only when the numbers show such a pass (Diagnoser): the source alone cannot
    tell whether the line ever runs."""
    tree = tree_of(files, engine)
    if tree is None:
        return []
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        return backward_assignments(tree, engine) or no_seed(tree, engine, files)
    except (OverBudget, RecursionError):
        return []


@kept_by_source(4096, dict)
def seed_facts(files: dict, *, engine: str = "engine.py") -> dict:
    """What the source says about the seed, read as a syntax tree: {"seeds": bool, "seeds_before_walk": bool}.

    A backward pass that leaves every gradient 0 looks the same in numbers
    whether the seed is missing, set after the walk, or set and then wiped out
    (grads zeroed inside the walk, the output's own rule skipped): the source
    tells these apart where the numbers cannot. `seeds`: some function named
    `backward` assigns 1 to a `.grad`: the literal 1 (or 1.0), or a value that may be 1 (`grad` of
    `backward(self, grad=None)` after `grad = 1.0 if grad is None else grad`; `can_be_one`); `seeds_before_walk`:
    it does so before its first loop that runs the rules (a call other than a
    list's, set's or dict's own methods and the builtins: `v._backward()`; the
    first loop at all when none does), so a seed between the loop that builds
    the order and the loop that uses it is before the walk. Both read only the code that runs when
    `backward` runs, in its order: a function or class defined inside it (a
    nested `build_topo` and the loop in it) is a definition, not the walk, and
    is skipped (`_runs_in`). A `backward` method hidden by an
    attribute of the same name (`backward-shadowed`) never runs, so its seed
    counts for nothing.
    """
    facts = {"seeds": False, "seeds_before_walk": False}
    tree = tree_of(files, engine) if isinstance(files.get(engine, b""), (bytes, str)) else None
    if tree is None:
        return facts
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        if backward_assignments(tree, engine):
            return facts
        for function in tree.nodes(*FUNCTIONS):
            if function.name != "backward":
                continue
            runs = list(_runs_in(function))
            ones = names_of_one(function)
            seeds = [node.lineno for node in runs
                     if isinstance(node, ast.Assign) and can_be_one(node.value, ones)
                     and any(isinstance(t, ast.Attribute) and t.attr == "grad" for t in node.targets)]
            loops = [node for node in runs if isinstance(node, (ast.For, ast.While))]
            rule_loops = [node.lineno for node in loops if _calls_a_rule(node)]
            loops = rule_loops or [node.lineno for node in loops]
            if seeds:
                facts["seeds"] = True
                if loops and min(seeds) < min(loops):
                    facts["seeds_before_walk"] = True
                    facts["line"] = function.lineno
    except (OverBudget, RecursionError):
        return {"seeds": False, "seeds_before_walk": False}
    return facts


def _reads_data(node) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "data"


def visited_by_value(tree, filename) -> list[dict]:
    """`visited-by-value`: the sort of a `backward` keeps the nodes' numbers in its visited set (`visited.add(
    node.data)`, `if child.data not in visited`): two nodes of one value count as one, so the second is never placed
    in the order (session 27: 17/25 in 05 with nothing said)."""
    lines = []
    for function in tree.nodes(*FUNCTIONS):
        if function.name != "backward":
            continue
        for node in ast.walk(function):
            tree.in_time()
            added = (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"
                     and len(node.args) == 1 and _reads_data(node.args[0]))
            tested = (isinstance(node, ast.Compare) and _reads_data(node.left)  # against a set kept in a name
                      and all(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
                      and all(isinstance(c, (ast.Name, ast.Attribute)) for c in node.comparators))
            if added or tested:
                lines.append(node.lineno)
    if not lines:
        return []
    line = min(lines)  # the first of them in the file
    return [said({"kind": "hint", "hint": "visited-by-value", "file": filename, "line": line, "tests": []},
                 title=msg("Your visited set holds the nodes' values, not the nodes"),
                 explanation=msg("Line {line}: the sort marks a node visited by its `.data`, so two different nodes "
                                 "with the same value (two leaves that are both 1.0) count as one: the second is never "
                                 "placed in the topological order, and its backward rule never runs. Keep the nodes "
                                 "themselves in the set (`visited.add(node)`): a Value is told apart by what it is, "
                                 "not by its number.", line=line))]


@kept_by_source(4096, bool)
def pops_a_stack(files: dict, *, engine: str = "engine.py") -> bool:
    """Whether the engine's `backward` (with what is nested in it) takes nodes from the end of a list, a stack
    (`stack.pop()`), and never from its front (`queue.pop(0)`, `queue.popleft()`): its walk is depth-first, so
    no breadth-first walk (walks.py) explains its numbers, whatever they match (session 27: a stack without a
    visited set was named "breadth-first with no visited set", whose numbers it shares on every probe)."""
    tree = tree_of(files, engine) if isinstance(files.get(engine, b""), (bytes, str)) else None
    if tree is None:
        return False
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        ends = set()
        for function in tree.nodes(*FUNCTIONS):
            if function.name != "backward":
                continue
            for node in ast.walk(function):
                tree.in_time()
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    if node.func.attr == "popleft" or (node.func.attr == "pop" and node.args and not (
                            isinstance(node.args[0], ast.UnaryOp) and isinstance(node.args[0].op, ast.USub))):
                        ends.add("front")  # pop(0), pop(i): not a stack's end (pop(-1) is)
                    elif node.func.attr == "pop":
                        ends.add("end")
    except (OverBudget, RecursionError):
        return False
    return ends == {"end"}


def _runs_in(function):
    """The statements and expressions of `function`'s own body, in source order: what runs when it is
    called. The bodies of functions, lambdas and classes defined inside it are left out (a nested
    `build_topo` runs only where it is called); their decorators and default values run, and stay."""
    found, stack = [], list(reversed(function.body))
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, (*FUNCTIONS, ast.Lambda)):
            inside = [*getattr(node, "decorator_list", []), *node.args.defaults,
                      *(d for d in node.args.kw_defaults if d is not None)]
        elif isinstance(node, ast.ClassDef):
            inside = [*node.decorator_list, *node.bases, *node.keywords]
        else:
            inside = children(node)
        stack.extend(reversed(inside))
    return sorted(found, key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))


# The seed is set before the loop over the order (the source says so), yet the numbers are those of a seed set
# after the walk (only the seed is ever set: the loop ran no rule below the output), or of no seed at all (after
# backward() every gradient is 0, the output's own too: the seed was set back to 0 before any rule read it). Said
# by Diagnoser in place of the seed finding the numbers alone would give: {numbers' variant: (hint, title, text)}.
_SEED_HINTS = {
    "seed-after-walk": (
        "empty-walk",
        msg("Only the seed is ever set: the loop in `backward()` reaches no node below the output"),
        lambda line: msg(
            "`backward` on line {line} sets the output's gradient to 1 before its loop, yet every other gradient "
            "stays 0, so no backward rule ran on the nodes below the output: the order the loop walks holds "
            "nothing else. Check that the function building the order is called from `backward()` itself (a call "
            "indented inside `build_topo` never runs), that it appends every node, and to the very list the loop "
            "reads (a fresh `topo = []` inside each call is lost when the call returns).", line=line)),
    "no-seed": (
        "seed-wiped",
        msg("The seed is wiped out: after `backward()` every gradient is 0, the output's own too"),
        lambda line: msg(
            "`backward` on line {line} sets the output's gradient to 1 before its loop, yet after backward() the "
            "output's grad is 0 and so is every other gradient: something sets the seed back to 0 before any "
            "backward rule reads it, and every rule then multiplies by 0. Check what runs after the seed: "
            "gradients cleared after `self.grad = 1` (clear them before it), or a `grad` set to 0 inside the "
            "loop.", line=line)),
}


def seed_hints(found: list[dict], kept: list[dict], facts: dict, *, engine: str = "engine.py") -> list[dict]:
    """What the source says in place of a seed finding it rules out (not_refuted_by_source dropped it from
    `kept`), where the seed is set before the walk (_SEED_HINTS)."""
    if not facts["seeds_before_walk"]:
        return []
    hints = []
    for name, (hint, title, explanation) in _SEED_HINTS.items():
        named = [e for e in found if e.get("kind") == "variant" and name in [e["variant"], *e.get("also", [])]]
        if named and named[0] not in kept:
            hints.append(said({"kind": "hint", "hint": hint, "file": engine, "line": facts["line"],
                               "tests": named[0]["tests"]}, title=title, explanation=explanation(facts["line"])))
    return hints


_CONTAINER_CALLS = frozenset({"append", "appendleft", "pop", "popleft", "add", "extend", "insert", "remove",
                              "discard", "get", "items", "keys", "values", "setdefault", "update", "copy", "clear"})


def _calls_a_rule(loop):
    """Whether a loop's own code calls something other than a container's method or a builtin: the loop
    that runs the backward rules, not the one that builds the order."""
    for node in _runs_in(loop):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr not in _CONTAINER_CALLS:
                return True
            if isinstance(func, ast.Name) and not hasattr(builtins, func.id):
                return True
    return False


def not_refuted_by_source(entries, facts):
    """Drop the names the student's own source rules out: `no-seed` when backward() sets a grad to 1,
    `seed-after-walk` when it does so before its walk (the numbers of both look like a wiped-out seed)."""
    refuted = set()
    if facts["seeds"]:
        refuted.add("no-seed")
    if facts["seeds_before_walk"]:
        refuted.add("seed-after-walk")
    kept = []
    for entry in entries:
        if entry.get("kind") != "variant":
            kept.append(entry)
            continue
        names = [entry["variant"], *entry.get("also", [])]
        if not refuted & set(names):
            kept.append(entry)
        elif not set(names) <= refuted:
            return [e for e in entries if e.get("kind") != "variant"]  # a tie half ruled out: say nothing
    return kept
