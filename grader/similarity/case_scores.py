"""The seventh piece of a pair's evidence (Cohort.pairs): the cases two test files check alike (cases.py), however
each one's tests are written.

Each case a document holds (its `cases`: hash -> size, the case's two readings of SIZE each) weighs its size times
RARITY(how many documents hold it), as a fragment of code does: the canonical case every student writes (`a * b` at
2 and 3) is common knowledge. A pair's score is the share of each one's cases the other holds (a weighted cosine) times
S² / (S² + CASE_EVIDENCE²), S the weight both hold: two cases only the two hold give about half of the share
(docs/similarity.md, session 40). Documents without a case (an engine) have no such evidence.
"""

from __future__ import annotations

from .scores import pair_score, shared_through

CASE_EVIDENCE = 2.0


def case_scores(documents: list, rarity, index) -> dict[tuple[int, int], float]:
    """(i, j) -> the cases' score of every pair of DOCUMENTS (indices) that holds a case alike, its cases weighed by
    RARITY(holders) through INDEX (Cohort._index: postings, weights and totals of each one's sizes)."""
    cases = [document.cases for document in documents]
    postings, weights, totals = index(cases, rarity)
    return {(i, j): score for (i, j), shared in shared_through(postings, weights, cases).items()
            if (score := pair_score(shared, totals[i], totals[j], CASE_EVIDENCE)) > 0}
