"""The line of a walk's mistake that is no one op's: read from the student's syntax tree (never executed).

The where_written probe places a finding about one op's local derivative (written_at.py); two of the course's
classic mistakes belong to no op, and were said without a line (session 32's leftovers); two more are placed here
too (session 37):

- `forward-order`: the loop that calls the backward rules walks the topological order forwards. Its line is the
  one loop of `backward()` (and of what it calls in the same file: `gradients(self)`, `self._walk()`) that passes
  gradient node by node (calls a method of its loop variable, hands it to a function, or adds into an attribute or
  an item) over an order not reversed (`reversed(...)`, `[::-1]`, `sorted(..., reverse=True)`), when the walk
  has one such loop and no reversed one; where that order is a deque filled with `append` and never from its left,
  the `append` (deque_order.py, session 36). A `Value` the engine imports from another module of its own
  (`from nodes import Node as Value`) is read in that module (missing.class_place). A loop that only adds what it
  is handed into its own node (`for node, g in zip(order, grads): node.grad += g`, gradients computed in a list and
  written back) passes nothing between nodes and is no walk (session 37).
- `grad-starts-one`: a node's gradient starts at 1, not 0. Its line is the assignment of what may be 1
  (seed_source.can_be_one) in `__init__` (`__new__`, `__post_init__`) of the class that has `backward()`, or a
  field of that class declared so (`grad: float = 1.0`, or a class attribute `grad = 1.0` that every node reads
  until it writes its own: session 44): to a name that says grad (`self.grad`, `self._g`, `_GRADS[uid]`), else the only such
  assignment there is (`self.梯度 = 1.0`).
  Where none is there, the one default of a store of gradients that may be 1: a `__missing__` returning it, a
  `defaultdict(lambda: 1.0)` (session 37), a table of defaults a constructor taking `**kwargs` fills the node from,
  `dict(data=0.0, grad=1.0)` (session 38). Where the constructor writes no such assignment itself, those of the
  functions of the module it calls (`self._slot = _new_slot()`, whose `_slots[_used] = 1.0` starts a node's slot in a
  buffer of gradients: session 42), or, where the class's `grad` is a property over one cell of a container the
  constructor stores (`return self.cells[GRAD]`), that store where its cell may be 1 (`array("d", [data, 1.0])`:
  session 44).
- `no-visited`: the one place where the sort walks a node's inputs and no membership is tested anywhere (nor a mark
  kept per node read, `marks[v.num] == 2`: session 38); or the one statement there that computes a mark and drops
  it (`seen | 1 << bit`, `node.visited == True`; session 37), or that writes a node's mark back to the value its
  push is guarded by (`marks[v.num] = 0` inside the walk, for `if marks[k.num] == 0: stack.append(k)`; session 38).
  The walks `no-visited-adjoints` and `no-visited-written-back` (walks.py, session 38) are placed the same way, and
  the three are followed into a module of the student's own that backward() hands its walk to.
- `direct-children-only`: the one place where backward() walks the root's own inputs as the graph: a loop over
  `self._prev` that passes gradient, or the root's inputs read again inside the walk's loop (session 37).

A place is given only to a finding the numbers already made (Diagnoser.diagnose): nothing here is said alone, so a
loop that is right for a reason this reading does not see (an order built already reversed) is never blamed.
Where the reading finds no single line, the finding stays without one, as before.
"""

from __future__ import annotations

import ast

from ..i18n import Message, msg
from .evidence import finding_words
from .deque_order import appended_to_a_deque
from .handed_on import handed_on
from .missing import class_place
from .pre_order import appended_first, name_stack_pre_order, stack_line
from .seed_source import _reached, backward_functions
from .source_patterns import receiver_of
from .source_tree import BUDGET_SECONDS, FUNCTIONS, OverBudget, clock, loops_of, read_in_time, tree_of
from .starts_one import _grad_starts_one
from .walk_inputs import a_nodes_field, direct_inputs, input_by_index_pushed, pushes_a_target, pushes_its_item
from .walk_reading import (GRADISH, bit_tested, dropped_marks, is_reversed, mark_tested, passes_gradient,
                           root_inputs_only, unmarked_again)


def walk_place(variant: str, files: dict, engine: str = "engine.py") -> int | None:
    """The line of ENGINE (in the file the sandbox ran) where `variant`'s mistake is written, or None."""
    finder = _FINDERS.get(variant)
    return read_in_time(files, engine, finder) if finder else None


def _backward_methods(tree):
    return backward_functions(tree)


def _forward_loop(tree, starts=None) -> int | None:
    """The one loop that walks the order forwards, from `backward()` (else from STARTS, functions of TREE)."""
    loops, home = [], {}
    for method in _backward_methods(tree) if starts is None else starts:
        for function in _reached(method, tree):
            tree.in_time()
            found = [n for n in loops_of(function) if passes_gradient(n)]
            loops += found
            home.update({id(loop): function for loop in found})
    walks = [loop for loop in loops if not _over_a_nodes_inputs(loop) and not _is_loop_over_children(loop, loops)]
    forwards = sorted({loop.lineno for loop in walks if not is_reversed(loop.iter)})
    if len(forwards) == 1 and not any(is_reversed(loop.iter) for loop in walks):
        loop = next(loop for loop in walks if loop.lineno == forwards[0])
        return appended_to_a_deque(loop.iter, home[id(loop)], tree) or forwards[0]
    return None


def _over_a_nodes_inputs(loop) -> bool:
    """Whether `loop` walks one node's inputs (`for child in v._prev`, `for p in node.parents`), not an order: a
    recursive sort's `build(child)` passes no gradient."""
    iterable = loop.iter
    return isinstance(iterable, ast.Attribute) and isinstance(iterable.value, ast.Name) and iterable.value.id != "self"


def _is_loop_over_children(loop, loops) -> bool:
    """Whether `loop` sits inside another of the gradient-passing loops (`for parent, d in zip(node.parents, ...)`
    within `for node in order`): the walk is the outer one."""
    return any(loop is not outer and any(n is loop for n in ast.walk(outer)) for outer in loops)


def _inputs_walked(node, function=None) -> bool:
    """Whether NODE walks one node's inputs: `for child in node._prev`, `stack.extend(node._prev)`, `iter(node._prev)`,
    a comprehension over them (`(c for c in node._prev if ...)`): an attribute of a name other than `self`; a loop over
    a dict node's field that pushes what it takes (`for child, _ in node["edges"]: stack.append(...)`), or one input
    taken by its index and pushed in FUNCTION (`kid = v._kids[i]` ... `stack.append((kid, 0))`; session 38)."""
    if isinstance(node, ast.For) and a_nodes_field(node.iter, subscript=True) and pushes_a_target(node):
        return True
    if isinstance(node, ast.Assign) and function is not None:
        return input_by_index_pushed(node, function)
    if isinstance(node, (ast.For, ast.comprehension)):
        return _over_a_nodes_inputs(node)
    name = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else \
        node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
    if name in _ITERATED_BY and len(node.args) == 1:
        arg = node.args[0]
        return isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id != "self"
    return False


# calls that take a node's inputs whole, to push or to walk them: `stack.extend(node._prev)`, `iter(node._prev)`
_ITERATED_BY = frozenset({"extend", "iter", "reversed", "list", "tuple", "sorted"})


def _reads_a_gradient(node) -> bool:
    return any(isinstance(n, ast.Attribute) and GRADISH.search(n.attr) for n in ast.walk(node))


def _no_visited(tree, starts=None) -> int | None:
    """The line where the sort of `backward()` (with what it calls in the file) walks a node's inputs, where it has
    one such place and tests no membership anywhere (no `in` / `not in`, no bit of a mask tested: no visited set,
    dict, list or bitmask is read, so a node reached along two paths is listed twice); None where the sort reads one
    (a visited set wrong some other way is not this reading's to place). First, the one mark computed and dropped
    there, if there is one (walk_reading.dropped_marks), else the one mark written back to the value that lets a
    node be pushed again (walk_reading.unmarked_again). STARTS: the functions of TREE to read from instead of
    `backward()` (a module of the student's own that backward() hands its walk to)."""
    dropped = dropped_marks(tree) or unmarked_again(tree)
    if len(dropped) == 1:
        return dropped[0]
    inputs, pushed, looped = set(), set(), set()
    for method in _backward_methods(tree) if starts is None else starts:
        for function in _reached(method, tree):
            looped |= _lines_in_loops(function)
            for node in ast.walk(function):
                tree.in_time()
                if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
                    return None
                if bit_tested(node) or mark_tested(node):  # `seen >> bit & 1`, `marks[v.num] == 2`: marks are read
                    return None
                if (_inputs_walked(node, function) or pushes_its_item(node)) and not _reads_a_gradient(node):
                    # not a rule's loop over its edges
                    line = node.lineno if hasattr(node, "lineno") else node.iter.lineno
                    (inputs if _inputs_walked(node, function) else pushed).add(line)
    # a node's inputs read where a loop also pushes what it walks (`for v in todo[-1]: path.append(v)` over a stack of
    # iterators, each `iter(v.inputs)`): the inputs' line is the sort's (session 38)
    lines = inputs or pushed
    if len(lines) > 1:  # the root's inputs taken before the loop (`stack = [(root, iter(root._prev))]`) and each
        lines &= looped  # pushed node's in it: the loop's is the sort's (diag38b)
    return lines.pop() if len(lines) == 1 else None


def _lines_in_loops(function) -> set[int]:
    """The lines of FUNCTION's statements inside a loop's body."""
    return {n.lineno for loop in ast.walk(function) if isinstance(loop, (ast.For, ast.While))
            for statement in loop.body for n in ast.walk(statement) if hasattr(n, "lineno")}


def _direct_children_only(tree) -> int | None:
    """The walk that stops at the root's own inputs: a loop of the root's inputs that passes gradient, or pushes
    them again inside the walk (walk_reading, strangers37), else backward()'s one loop over them handing each on
    (walk_inputs, diag37)."""
    line = root_inputs_only(tree)
    return direct_inputs(tree) if line is None else line


_FINDERS = {"forward-order": _forward_loop, "grad-starts-one": _grad_starts_one, "no-visited": _no_visited,
            "no-visited-adjoints": _no_visited, "no-visited-written-back": _no_visited,
            "direct-children-only": _direct_children_only, "reversed-pre-order": appended_first,
            "stack-pre-order": stack_line}  # the last no walk's name: where name_stack_pre_order finds the stack


def _unreversed(iterable):
    """The order a loop walks, without what walks it backwards: `reversed(X)`, `X[::-1]`, `sorted(X, reverse=True)`."""
    if isinstance(iterable, ast.Call) and iterable.args and is_reversed(iterable):
        return iterable.args[0]
    if isinstance(iterable, ast.Subscript) and is_reversed(iterable):
        return iterable.value
    return iterable


def _module_names(tree) -> set:
    """The names assigned at the top level of the file (`_ORDERS = {}`, `_TOPO = None`)."""
    names = set()
    for statement in tree.tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else \
            [statement.target] if isinstance(statement, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _kept_across_calls(store, function, tree) -> bool:
    """Whether STORE (an expression FUNCTION reads its order from) outlives one call of backward() and is not the
    output node's own: a global or module-level name, a class attribute (`Value._memo`, `cls._memo`,
    `type(self)._memo`), an item of a parameter's mutable default (`def backward(self, _memo={})`) or of a
    module-level dict, under a key that does not read the node (`_memo["order"]`; `_memo[self]` is the node's own)."""
    if isinstance(store, ast.Subscript):
        if any(isinstance(n, ast.Name) and n.id == receiver_of(function) for n in ast.walk(store.slice)):
            return False
        container = store.value
        defaults = {a.arg for a, d in zip(function.args.args[len(function.args.args) - len(function.args.defaults):],
                                          function.args.defaults) if isinstance(d, (ast.Dict, ast.List, ast.Set))}
        if isinstance(container, ast.Name) and container.id in defaults:
            return True
        return _kept_across_calls(container, function, tree)
    if isinstance(store, ast.Name):
        declared = {n for node in ast.walk(function) if isinstance(node, (ast.Global, ast.Nonlocal))
                    for n in node.names}
        assigned = {t.id for node in ast.walk(function) if isinstance(node, ast.Assign)
                    for t in node.targets if isinstance(t, ast.Name)}
        return store.id in declared or (store.id in _module_names(tree) and store.id not in assigned)
    if isinstance(store, ast.Attribute):
        owner = store.value
        classes = {c.name for c in tree.nodes(ast.ClassDef)}
        if isinstance(owner, ast.Name):
            return owner.id in classes or owner.id == "cls"
        if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "type":
            return True
        return isinstance(owner, ast.Attribute) and owner.attr == "__class__"
    return False


def _sorted_once(tree) -> tuple[int, ast.expr] | None:
    """(the line, the store): where backward() keeps the topological order it sorted the first time, in a place that
    outlives the graph (_kept_across_calls), filled only under a test of that place (`if _TOPO is None:`, `if "order"
    not in _memo:`), and the loop that passes gradient walks it. Every later graph's nodes are not in that order."""
    for method in _backward_methods(tree):
        reached = _reached(method, tree)
        for function in reached:
            for loop in (n for n in ast.walk(function) if isinstance(n, ast.For) and passes_gradient(n)):
                tree.in_time()
                if _over_a_nodes_inputs(loop):
                    continue
                store = _unreversed(loop.iter)
                if not _kept_across_calls(store, function, tree):
                    continue
                line = _filled_under_a_test(store, function)
                if line is not None:
                    return line, store
    return None


def _filled_under_a_test(store, function) -> int | None:
    """The line of an assignment to STORE in FUNCTION inside an `if` whose test reads STORE (or, for an item, its
    container): the order is sorted only when none is kept yet."""
    text = ast.unparse(store)
    tested = {text, ast.unparse(store.value)} if isinstance(store, ast.Subscript) else {text}
    for node in ast.walk(function):
        if isinstance(node, ast.If) and any(ast.unparse(n) in tested for n in ast.walk(node.test)
                                            if isinstance(n, (ast.Name, ast.Attribute, ast.Subscript))):
            for inner in (n for statement in node.body for n in ast.walk(statement)):
                if isinstance(inner, ast.Assign) and any(ast.unparse(t) == text for t in inner.targets):
                    return inner.lineno
    return None


def walk_file_place(variant: str, files: dict, engine: str = "engine.py") -> tuple[str, int] | None:
    """(file, line) of `variant`'s mistake: in ENGINE (walk_place), else in the module the engine takes `Value` from,
    else, for a walk in the wrong order or a sort with no visited set, in a module of the student's own that
    backward() (of either) hands the walk to (session 34: `from graph import backpropagate`, the loop in graph.py
    beside engine.py, was left without a line; session 38: a package's `from .sweep import sweep`)."""
    line = walk_place(variant, files, engine)
    if line is not None:
        return engine, line
    home = class_place(files, engine, "Value")  # the class the engine takes from another module of its own
    if home is not None and home[0] != engine:
        line = walk_place(variant, files, home[0])
        if line is not None:
            return home[0], line
    finder = _HANDED_ON_FINDERS.get(variant)
    for module in dict.fromkeys([engine, *([home[0]] if home is not None else [])]) if finder else ():
        found = _in_a_module_handed_on(finder, files, module)
        if found is not None:
            return found
    return None


# the readings that follow backward() into a module of the student's own it hands the walk to (session 34:
# forward-order; session 38: no visited set, the sort in `engine/sweep.py` beside the package's `scalar.py`)
_HANDED_ON_FINDERS = {"forward-order": _forward_loop, **{name: _no_visited for name in (
    "no-visited", "no-visited-adjoints", "no-visited-written-back")}, "reversed-pre-order": appended_first,
    "stack-pre-order": stack_line}  # session 44: a sort that appends a node before its inputs, in a helper module


def _in_a_module_handed_on(finder, files: dict, engine: str) -> tuple[str, int] | None:
    """(module, line) where FINDER places the mistake in a module of the student's own that ENGINE's backward()
    hands its walk to (`from graph import backpropagate`; `from .sweep import sweep` in a package), else None."""
    tree = tree_of(files, engine)
    if tree is None:
        return None
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        for module, names in _walks_handed_on(tree, files, engine):
            other = tree_of(files, module)
            if other is None:
                continue
            other.deadline = tree.deadline
            line = finder(other, [f for f in other.nodes(*FUNCTIONS) if f.name in names])
            if line is not None:
                return module, line
    except (OverBudget, RecursionError):
        return None
    return None


def _walks_handed_on(tree, files: dict, engine: str) -> list[tuple[str, set[str]]]:
    """[(a module of the submission beside ENGINE, the names of its functions backward() calls)]: what backward()
    (or what it calls in ENGINE) hands on to another of the student's modules, by the one rule the seed reading
    uses too (handed_on.py: `from graph import backpropagate`, `import graph` ... `graph.backpropagate(self)`)."""
    reached = [f for method in _backward_methods(tree) for f in _reached(method, tree)]
    return [(module, names) for module, names in handed_on(reached, tree, files, engine) if module is not None]


def place_walks(entries: list[dict], submission, engine: str) -> None:
    """Give each `variant` finding of a walk's mistake that has no place (`forward-order`, `grad-starts-one`) the
    line the source shows it at, in the student's terms (a notebook's cell), where there is one; an order sorted once
    first (name_sorted_once: its loop may walk the kept order forwards, which is no walk in the wrong order)."""
    name_sorted_once(entries, submission, engine)
    for entry in entries:
        name = entry.get("variant") if entry.get("kind") == "variant" else entry.get("walk")
        if entry.get("kind") not in ("variant", "walk") or entry.get("line") or name not in _FINDERS:
            continue
        found = walk_file_place(name, submission.files, engine)
        if found is not None:
            entry.update({k: v for k, v in submission.place(*found).items() if v is not None})
    name_stack_pre_order(entries, submission, lambda: walk_file_place("stack-pre-order", submission.files, engine))


# the walks whose numbers an order sorted once also gives: only the output keeps a gradient (its seed)
_SORTED_ONCE_LOOKS_LIKE = frozenset({"forward-order", "self-only"})


def name_sorted_once(entries: list[dict], submission, engine: str) -> None:
    """Name a walk finding whose numbers an order sorted once gives (`forward-order`, `self-only`: only the output
    keeps a gradient) as that, at the line that keeps the order, where the source shows one (_sorted_once): its
    `form` "sorted-once", `store` the place it is kept in (session 34's strangers: `global _TOPO`, named a walk in
    the wrong order, whose loop walks `reversed(_TOPO)`, with no line). The variant the numbers matched stays."""
    for entry in entries:
        names = {entry.get("variant"), *entry.get("also", [])}
        if entry.get("kind") != "variant" or entry.get("line") or not names & _SORTED_ONCE_LOOKS_LIKE:
            continue
        found = read_in_time(submission.files, engine, _sorted_once)
        if found is None:
            return
        line, store = found
        source = submission.files[engine]
        text = source.decode("utf-8") if isinstance(source, bytes) else str(source)
        kept = ast.get_source_segment(text, store) or ast.unparse(store)
        entry.update({"form": "sorted-once", "store": kept})
        entry.update({k: v for k, v in submission.place(engine, line).items() if v is not None})
        evidence = Message.from_json(entry["messages"]["explanation"]["params"]["evidence"]["capitalise"])
        finding_words(
            entry, msg("Your backward() sorts the graph once and walks that order for every later graph"), evidence,
            msg("backward() keeps the topological order in `{store}` the first time it runs, and every later call "
                "walks that same order: the nodes of a new graph are not in it, so none of their backward rules runs, "
                "and only the output keeps a gradient, its seed of 1. Sort the graph in every call of backward(), or "
                "keep each order on the output node it was sorted for.", store=kept))

