"""The functions of a file that nothing in it runs: what a copier pads a copy with.

A copier who appends helpers that never run (a graph printer, a numeric
gradient, a `zero_grad` nobody calls) adds code that is theirs alone, and
dilutes the share of their code that the source holds (the eighth class:
55 such lines took a level-2 copy from 0.99 to 0.45). A module-level function
that the file's other code names nowhere (by name, attribute or string: a
call, `__all__`, `getattr`), directly or through functions that are named, is
run by nobody but a caller from outside; its code, and the traits only it
has, count at UNREACHED_WEIGHT of their size (documents.read_document), not
nothing, and in full where another student's function that never runs holds
them too (documents.shared_unreached: two students who share a helper that
never runs share code as much as any other). A function whose name the starter has is the
exercise's API, called by the tests, and one whose name another file of the
submission has may be imported there: both count in full.

Methods are not read so: the tests call an engine's methods by names the file
need not use itself (`tanh`, `relu`, `backward`), so a method that nothing in
the file names may still be the exercise's. A class that nothing names, and
a helper called only from an `if __name__ == "__main__":` block, count in
full (docs/similarity.md, Limits).
"""

from __future__ import annotations

import ast
import re
from collections import Counter

from ..parsing import tree_or_none
from .walk import walk


UNREACHED_WEIGHT = 0.02  # what a line of a function that nothing runs counts, of a line that runs (1/50)


def unreached_functions(tree: ast.Module) -> tuple[tuple[int, int], ...]:
    """The (first, last) lines of each module-level function (undecorated, not a dunder) that the rest of the file
    does not name, nor any function it names (recursion is no caller)."""
    candidates: dict[str, list[ast.AST]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.decorator_list \
                and not (node.name.startswith("__") and node.name.endswith("__")):
            candidates.setdefault(node.name, []).append(node)
    if not candidates:
        return ()
    inside = {id(node) for nodes in candidates.values() for node in nodes}
    reached: set[str] = set()
    frontier = set()
    for node in tree.body:
        if id(node) not in inside:
            frontier |= names_used(walk(node)) & candidates.keys()
    while frontier:
        name = frontier.pop()
        reached.add(name)
        for node in candidates[name]:
            frontier |= (names_used(walk(node)) & candidates.keys()) - reached
    return tuple((node.lineno, node.end_lineno or node.lineno) for name, nodes in candidates.items()
                 if name not in reached for node in nodes)


def hidden_unreached(hidden: dict[str, str], others: dict[str, str], given,
                     max_chars: int) -> dict[str, dict[str, range]]:
    """Of each code a file hides and runs with exec (HIDDEN: its name -> its text, unpacked: opaque.py), the
    module-level functions that nothing in it runs (unreached_functions), that GIVEN (a name -> whether the starter
    has it) does not give and that no other text names (OTHERS, the submission's files: the one that runs it may call
    them; the rest of HIDDEN): name -> their lines in its own numbering. Its units' lines are the exec call's line, so
    it is read here whole, as a file written in plain is (a packed copy of a file whose functions nothing runs counts
    them as its plain copy does). A text over MAX_CHARS (normalise compares its first MAX_CHARS) is not read so: its
    functions count in full, as they did before session 39."""
    if not hidden:
        return {}
    words = {key: set(_WORD.findall(text)) for key, text in list(others.items()) + list(hidden.items())}
    holders = Counter(word for found in words.values() for word in found)  # how many texts name each word
    found = {}
    for key, text in hidden.items():
        tree = tree_or_none(text) if len(text) <= max_chars else None
        ranges = set(unreached_functions(tree)) if tree is not None else set()
        found[key] = {node.name: range(node.lineno, (node.end_lineno or node.lineno) + 1) for node in tree.body
                      if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                      and holders[node.name] == (node.name in words[key])
                      and (node.lineno, node.end_lineno or node.lineno) in ranges and not given(node.name)} \
            if ranges else {}
    return found


def hidden_function(unit_name: str) -> str | None:
    """The name of the module-level function a unit of hidden code reads (normalise: `<exec line 3>.helper`), else
    None (its module's code, a method, a unit of the file's own code)."""
    bare = _HIDDEN.sub("", unit_name)
    return bare if bare != unit_name and "." not in bare and not bare.startswith("<") else None


_WORD = re.compile(r"\w+")  # a name as written, whole: what documents._unreached's regex finds in another file
_HIDDEN = re.compile(r"^(?:<[^>.]*>\.)+")  # the prefix of a unit of code a file hides and runs (normalise._unpack)


def names_used(nodes) -> set[str]:
    """Every name NODES use (an ast.walk's nodes): their names, attributes and string constants (a call, `getattr`,
    `__all__`); rewrites.unused_private_functions reads a private function named nowhere so too."""
    found = set()
    for node in nodes:
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
    return found
