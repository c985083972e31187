"""The module of the submission a class's source is read in: the engine file, and the module its `Value` is defined
in where that is another one (session 39).

The source's readings of the class (the static hints, the seed, the sort's stack) read the engine file
(`engine.py`). Where that file holds only `from .core import Value` (a package's `__init__.py`), `from nodes import
Node as Value`, or a notebook's `from impl import Value` of a file beside it, they found nothing: an `=` in
`__mul__`'s rule in core.py had no line and a visited set of values no finding. They now read that module too
(missing.class_place follows the import, as the missing-op finding's place and walk_places do). A method the engine
file puts on the class itself (`Value.backward = _backward_iterative`, `setattr(Value, "backward", f)`, a vendored
class patched) replaces the module's: what that module's method says is not read.
"""

from __future__ import annotations

import ast

from .hints import seed_facts, silent_backward_hints, static_hints
from .missing import class_place
from .source_tree import BUDGET_SECONDS, FUNCTIONS, OverBudget, clock, tree_of


def class_sources(files: dict, engine: str) -> list[tuple[str, frozenset]]:
    """[(ENGINE, no names)], and (the module the engine's `Value` is defined in, the names of the methods ENGINE puts
    on the class in that module's place) where that module is another file of the submission."""
    home = class_place(files, engine, "Value")
    if home is None or home[0] == engine:
        return [(engine, frozenset())]
    return [(engine, frozenset()), (home[0], _put_on_the_class(files, engine))]


def _put_on_the_class(files: dict, engine: str) -> frozenset:
    """The attribute names ENGINE's top-level code sets on a class (`Value.backward = f`, `setattr(Value, "exp",
    f)`): the methods it replaces or adds. Every such name counts, whatever the class (the file is read, never run):
    a method of that name in the class's module is then not read."""
    tree = tree_of(files, engine)
    if tree is None:
        return frozenset()
    names = set()
    try:
        tree.deadline = clock() + BUDGET_SECONDS
        for node in tree.tree.body:
            tree.in_time()
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.attr for t in targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name))
            elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                  and isinstance(node.value.func, ast.Name) and node.value.func.id == "setattr"
                  and len(node.value.args) >= 2 and isinstance(node.value.args[1], ast.Constant)
                  and isinstance(node.value.args[1].value, str)):
                names.add(node.value.args[1].value)
    except (OverBudget, RecursionError):
        return frozenset()
    return frozenset(names)


def in_methods_kept(hints: list[dict], files: dict, source: str, replaced: frozenset) -> list[dict]:
    """HINTS read in SOURCE, without those at a line of a method REPLACED names (the engine file's own stands)."""
    if not replaced or not hints:
        return hints
    tree = tree_of(files, source)
    if tree is None:
        return hints
    spans = [(f.lineno, f.end_lineno) for f in tree.nodes(*FUNCTIONS) if f.name in replaced]
    return [h for h in hints if not any(first <= (h.get("line") or 0) <= last for first, last in spans)]


def class_hints(files: dict, engine: str) -> tuple[list[dict], list[str]]:
    """(the static hints of ENGINE and of its class's module, [the files whose `backward` is the class's: both, or
    ENGINE alone where it puts its own `backward` on the class])."""
    homes = class_sources(files, engine)
    read = [hint for source, replaced in homes
            for hint in in_methods_kept(static_hints(files, engine=source), files, source, replaced)]
    return read, [source for source, replaced in homes if "backward" not in replaced]


def class_seed_facts(files: dict, walked: list[str], wanted: bool = True) -> tuple[dict, str]:
    """(hints.seed_facts of the first of WALKED whose backward() sets the seed, else of the last; that file); where
    not WANTED (no variant is named: the facts matter to none), nothing read ({"seeds": False, ...}, the first)."""
    if not wanted:
        return {"seeds": False, "seeds_before_walk": False}, walked[0]
    for source in walked:
        facts = seed_facts(files, engine=source)
        if facts["seeds"]:
            break
    return facts, source


def class_silent_hints(files: dict, walked: list[str]) -> list[dict]:
    """hints.silent_backward_hints of each of WALKED, in turn."""
    return [hint for source in walked for hint in silent_backward_hints(files, engine=source)]
