"""Code the course forces, learned from the cohort: the class's common lines written again with another operator.

A student who fills `__sub__` with a closure of its own writes the starter's `__add__` again with `-` for `+`
(`out = Value(self.data - other.data, ...)`, `other.grad -= out.grad`); every student who writes the op that way
writes those lines alike, whoever they are. A fragment of that kind is rare in the class (few write sub so), but
another form of its template (the fragment with its operators left open) is held by more than the common cut of
the class (cohort.COMMON_MIN: every file holds the starter's `__add__`). Such a fragment is the class's common code
with an operator changed: between two students neither of whom copied a public source it counts as the canonical
code's variants do (cohort.CANONICAL_EVIDENCE in the evidence, in full in the cosine; docs/similarity.md, session
29). Nothing is listed: the class's own files say which lines are common.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from .fingerprints import K

# the operators a template leaves open: binary, and unary, each its own kind
BINARY = frozenset({"Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "MatMult"})
UNARY = frozenset({"USub", "UAdd"})


def template(tokens) -> tuple:
    """A k-gram with its operators left open."""
    return tuple("BOP" if t in BINARY else "UOP" if t in UNARY else t for t in tokens)


def templates_held(documents: list) -> dict[tuple, list[tuple[int, tuple]]]:
    """Each template (of a k-gram with an operator) -> its two commonest k-grams (each a form with its operators as
    written) with how many DOCUMENTS hold each, in any of their units."""
    held: dict[tuple, int] = defaultdict(int)
    for document in documents:
        seen = set()
        for unit in document.units:
            tokens = unit.tokens
            ops = [n for n, t in enumerate(tokens) if t in BINARY or t in UNARY]
            starts = {s for n in ops for s in range(max(0, n - K + 1), min(n, len(tokens) - K) + 1)}
            seen.update(tuple(tokens[s:s + K]) for s in starts)
        for kgram in seen:
            held[kgram] += 1
    most: dict[tuple, list[tuple[int, tuple]]] = defaultdict(list)
    for kgram, n in held.items():
        forms = most[template(kgram)]
        forms.append((n, kgram))
        forms.sort(reverse=True)
        del forms[2:]
    return most


def other_form_held(held: dict, tokens: tuple) -> int:
    """How many documents hold the commonest other form of TOKENS' template (its operators written otherwise)."""
    return max((n for n, kgram in held.get(template(tokens), ()) if kgram != tokens), default=0)


def forced_code(postings: dict[int, list[int]], weights: dict[int, float], documents: list,
                common: float) -> dict[tuple[int, int], float]:
    """(i, j) -> the weight of the fragments I and J hold that are a template more than COMMON of the class hold
    with other operators (the course's code with an operator changed), none explained, a variant's or recombined."""
    held = None
    found: dict[tuple[int, int], float] = defaultdict(float)
    for h, holders in postings.items():
        w = weights[h]
        if w <= 0 or len(holders) < 2:
            continue
        first = documents[holders[0]]
        occurrence = first.prints[h][0]
        tokens = tuple(first.units[occurrence.unit].tokens[occurrence.start:occurrence.start + K])
        if not any(t in BINARY or t in UNARY for t in tokens):
            continue
        if held is None:
            held = templates_held(documents)
        if other_form_held(held, tokens) <= common:
            continue
        own = [i for i in holders if h not in documents[i].explained and h not in documents[i].variants
               and h not in documents[i].recombined]
        for i, j in combinations(own, 2):
            found[(i, j)] += w * min(documents[i].tokens.get(h, 0.0), documents[j].tokens.get(h, 0.0))
    return found
