"""What two students' code shares, function by function (cohort.py's S, and how many functions it lies in).

A pair's S is the weight of the fingerprints both hold (cohort.py explains the weights). How much it says depends on
where it lies: two students who write one function alike, however long (a stable tanh formula, a coercion helper,
the walk written one natural way), made one choice alike, which any two honest students may make; a copy shares many
functions, or one function and little else of its own. So in the code's evidence each function of each student holds
at most UNIT_MOST of S (docs/similarity.md, session 28).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from .scores import EVIDENCE, float_sum

# what one function of shared code says at most, in weighted tokens: as much as a line nobody else wrote (two EVIDENCE,
# an evidence factor of 0.8). A function two students write alike by chance is one choice, however many rare tokens
# it spells (a stable tanh formula, the walk as one author wrote it, a coercion helper); a copy shares many functions,
# or one function and little else of its own (docs/similarity.md, session 28)
UNIT_MOST = 2 * EVIDENCE


def shared_code(postings: dict[int, list[int]], weights: dict[int, float], documents: list,
                most: float | None = None) -> tuple[dict, dict]:
    """(i, j) -> S, the weight of the fingerprints I and J both hold that no public source explains for either (each
    adds its weight times the smaller of their sizes); and, with MOST, (i, j) -> the share of S left when each function
    of a document holds at most MOST of it (each fragment's part shared out among the functions it occurs in), the
    lower of the two documents' shares: of the pairs whose S is above MOST (no function of the others can be)."""
    found: dict[tuple[int, int], float] = defaultdict(float)
    shared = []
    for h, holders in postings.items():
        w = weights[h]
        if w > 0 and len(holders) >= 2:
            own = [i for i in holders if h not in documents[i].explained]
            shared.append((h, w, own))
            for i, j in combinations(own, 2):
                found[(i, j)] += w * min(documents[i].tokens.get(h, 0.0), documents[j].tokens.get(h, 0.0))
    if most is None:
        return found, {}
    by_unit: dict[tuple[int, int], tuple[dict, dict]] = {pair: ({}, {}) for pair, s in found.items() if s > most}
    for h, w, own in shared:
        for i, j in combinations(own, 2):
            if (i, j) in by_unit:
                a, b = documents[i], documents[j]
                s = w * min(a.tokens.get(h, 0.0), b.tokens.get(h, 0.0))
                for units, document in zip(by_unit[(i, j)], (a, b)):
                    occurrences = document.prints[h]
                    for occurrence in occurrences:
                        units[occurrence.unit] = units.get(occurrence.unit, 0.0) + s / len(occurrences)
    return found, {pair: min(1.0, min(float_sum(min(most, v) for v in units.values()) for units in sides) / found[pair])
                   for pair, sides in by_unit.items()}
