"""The arithmetic of similarity scores: a pair's score, each student's typical score, clusters.

cohort.py explains the method; this module holds its formulas, which need
nothing but numbers (the benchmark and the tests call them directly).
"""

from __future__ import annotations

import math
from collections import defaultdict
from itertools import combinations

EVIDENCE = 5.0  # rarity-weighted tokens: sharing this much gives half of the cosine, ten 0.8 (see `evidence`)
# a student's typical score: the mean of their 5th to 8th highest pair scores (0-based 4 to 7). A ring of copiers of
# up to five members (an original and four copies) fills only a member's first four places; the next four are
# classmates it did not copy, and the mean of four is steadier than one of them.
TYPICAL_RANKS = (4, 8)


def pair_score(shared: float, total_a: float, total_b: float, enough: float = None, rare: float = None) -> float:
    """How much of each one's own code the other holds (a weighted cosine), times how much rare code that is."""
    if shared <= 0 or total_a <= 0 or total_b <= 0:
        return 0.0
    cosine = shared / math.sqrt(total_a * total_b)
    return min(1.0, cosine) * evidence(max(0.0, shared if rare is None else rare), EVIDENCE if enough is None else enough)


def smaller_share_score(shared: float, total_a: float, total_b: float, enough: float = None,
                        rare: float = None) -> float:
    """The share of the smaller one's total that both hold, times how much that is (a method shape's score)."""
    smaller = min(total_a, total_b)
    if shared <= 0 or smaller <= 0:
        return 0.0
    return min(1.0, shared / smaller) * evidence(max(0.0, shared if rare is None else rare),
                                                 EVIDENCE if enough is None else enough)


def typical_scores(scores: dict[tuple[int, int], float], n: int) -> list[float]:
    """Each document's typical score: the mean of its TYPICAL_RANKS-th highest pair scores (missing ones are 0)."""
    import heapq

    first, last = TYPICAL_RANKS
    by_document: list[list[float]] = [[] for _ in range(n)]
    for (i, j), score in scores.items():
        if score > 0:
            by_document[i].append(score)
            by_document[j].append(score)
    return [sum(heapq.nlargest(last, found)[first:]) / (last - first) for found in by_document]


def above_typical(score: float, typical: float) -> float:
    """How far a pair's score rises above the higher typical score of its two students: (s − t) / (1 − t), ≥ 0."""
    if typical >= 1.0:
        return 0.0
    return max(0.0, (score - typical) / (1.0 - typical))


def evidence(shared: float, enough: float = EVIDENCE) -> float:
    """How much the shared code says, from 0 to 1: S² / (S² + EVIDENCE²).

    Slow to start, so that a few shared tokens say little (two weighted tokens
    give 0.14, five 0.5, ten 0.8), and growing without a cap (thirty give
    0.97, a hundred 0.998): a cap would tie every pair past it, and a ring of
    honest students who share one common answer would rank with a copied
    engine.
    """
    return shared ** 2 / (shared ** 2 + enough ** 2)


def containment_score(shared: float, total_source: float, shared_tokens: float) -> float:
    """The share of the source's code (weighed by rarity) a submission holds, times the evidence of its tokens.

    The amount is counted in plain tokens: a public source every student copies
    is no rarer for it, and its distinctive parts already weigh most in the share.
    """
    if shared <= 0 or total_source <= 0:
        return 0.0
    return min(1.0, shared / total_source) * evidence(shared_tokens)


def clusters(pairs: list[dict]) -> list[list[str]]:
    """Connected groups of flagged pairs, each sorted; the largest group first."""
    parent: dict[str, str] = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for pair in pairs:
        if pair["flagged"]:
            parent[root(pair["a"])] = root(pair["b"])
    groups: dict[str, list[str]] = defaultdict(list)
    for member in parent:
        groups[root(member)].append(member)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: (-len(g), g))


def shared_through(postings: dict[int, list[int]], weights: dict[int, float],
                   sizes: list[dict[int, float]]) -> dict[tuple[int, int], float]:
    """(i, j) -> the weight both hold: each entry held by two or more adds weight × the smaller size to their pairs."""
    found: dict[tuple[int, int], float] = defaultdict(float)
    for h, holders in postings.items():
        w = weights[h]
        if w > 0 and len(holders) >= 2:
            for i, j in combinations(holders, 2):
                found[(i, j)] += w * min(sizes[i][h], sizes[j][h])
    return found
