"""What two public copiers share beyond the exercise: code in functions the course's code does not define.

Two students who both copied a public source (micrograd) have the pair's untouched score scaled by the share of their
code that is their own besides it (`Cohort._besides_public`): the ops the exercise asks for, added to the source
alike by two copiers (one hand's tanh, exp and log), are the homework's answer found with the source, not a copy of
each other. What a student wrote in a function that neither the course's code (its reference, its lecture, the
starter) nor the public source defines is no part of the homework: a student who grew an engine from micrograd with
comparisons, a `zero_grad` walk or helpers of their own wrote that code, and a classmate who holds it copied it. The
share of the code two copiers share (weighed by rarity, as `Cohort.shared_weights` counts it, none of it explained nor
a canonical variant) that lies in such functions counts unscaled (session 21, docs/similarity.md).
"""

from __future__ import annotations

import ast
from pathlib import PurePath

from ..parsing import parse
from .scores import float_sum

MODULE = "<module>"  # a file's statements outside its functions (imports, a smoke test): not beyond the exercise


def course_functions(texts: dict[str, str]) -> dict[str, frozenset[str]]:
    """{a file's base name: the names of the functions and methods its course TEXTS define}, and "" -> every name
    (for a student file of another name). A text that does not parse defines none."""
    found: dict[str, set[str]] = {"": set()}
    for name, text in texts.items():
        try:
            tree = parse(text)
        except (SyntaxError, ValueError):
            continue
        names = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        found.setdefault(PurePath(name.split(" <")[0]).name, set()).update(names)
        found[""].update(names)
    return {key: frozenset(names) for key, names in found.items()}


def beyond_prints(document, course: dict[str, frozenset[str]]) -> frozenset[int]:
    """The DOCUMENT's prints whose every occurrence lies in a function that the course's code of its file (COURSE)
    does not define: its own work beyond the exercise."""
    outside = []
    for unit in document.units:
        name = unit.name.rpartition(".")[2]
        known = course.get(PurePath(unit.file).name, course.get("", frozenset()))
        outside.append(name != MODULE and name not in known)
    return frozenset(h for h, found in document.prints.items() if found and all(outside[o.unit] for o in found))


def beyond_share(a, b, beyond_a: frozenset[int], beyond_b: frozenset[int], weight,
                 totals: tuple[float, float]) -> float:
    """The code documents A and B share beyond the exercise (a print in `beyond_prints` of both, none of it explained
    nor a canonical variant, by WEIGHT(h) × the fewer tokens), as a share of each one's own code (TOTALS, a geometric
    mean: a cosine, at most 1): all of it for the copy of a student who grew the source, a part for two who each wrote
    one function of their own alike."""
    if min(totals) <= 0:
        return 0.0
    held = (beyond_a & beyond_b & a.tokens.keys() & b.tokens.keys()) - a.explained - b.explained
    held -= a.variants | b.variants
    beyond = float_sum(weight(h) * min(a.tokens[h], b.tokens[h]) for h in sorted(held))
    return min(1.0, beyond / (totals[0] * totals[1]) ** 0.5)
