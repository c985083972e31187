"""The seventh piece of a pair's evidence (Cohort.pairs): the cases two test files check alike (cases.py), however
each one's tests are written.

Each case a document holds (its `cases`: hash -> size, the case's two readings of SIZE each) weighs its size times
RARITY(how many documents hold it), as a fragment of code does: the canonical case every student writes (`a * b` at
2 and 3) is common knowledge. A pair's score is the share of each one's cases the other holds (a weighted cosine) times
S² / (S² + CASE_EVIDENCE²), S the weight both hold: two cases only the two hold give about half of the share
(docs/similarity.md, session 40). Documents without a case (an engine) have no such evidence.
"""

from __future__ import annotations

from collections import defaultdict

from .scores import float_sum, pair_score, shared_through

CASE_EVIDENCE = 2.0


def case_scores(documents: list, rarity) -> dict[tuple[int, int], float]:
    """(i, j) -> the cases' score of every pair of DOCUMENTS (indices) that holds a case alike, its cases weighed by
    RARITY(holders)."""
    sizes = [document.cases for document in documents]
    postings: dict[int, list[int]] = defaultdict(list)
    for index, held in enumerate(sizes):
        for h in held:
            postings[h].append(index)
    weights = {h: rarity(len(holders)) for h, holders in postings.items()}
    totals = [float_sum(weights[h] * size for h, size in held.items()) for held in sizes]
    return {(i, j): score for (i, j), shared in shared_through(postings, weights, sizes).items()
            if (score := pair_score(shared, totals[i], totals[j], CASE_EVIDENCE)) > 0}
