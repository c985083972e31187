"""Labels: the short strings a student wrote (an op's label, `'a+b'`, `'tanh(x)'`, `f'x**{k}'`), read as written
(traits.py reads them, case and spacing kept; documents.py keeps each document's own apart, `Document.labels`: the
starter's, a public source's and the course's left out). A string that is a name (`'data'`, `'grad'` in `__slots__`, a
key, `'tanh'`, `'__add__'`) is no label: every engine with slots writes the same few, and in a small class two may be
the only ones (tests/similarity/test_similarity.py's honest closures and slots engines were flagged for them). A short string weighs nothing as a string trait (one is any
program's), but a copy rebuilt into another architecture keeps its source's labels while it rewrites every line around
them (sim37b1's c12: seven labels and its tanh's clamp at 20; session 39: a slide gives a constant with its notation,
so labels only add to written evidence the two have without them). Session 38 (docs/similarity.md)."""

from __future__ import annotations

from collections import defaultdict

from .scores import WRITTEN_ITEMS

LABEL = "label"  # the kind of a label among traits.py's (never one of a document's traits)
# three labels or more (LABEL_ITEMS) that only the two wrote are as many written items, each weighing LABEL_SIZE at the
# rarity of two holders; two honest students who label their ops alike share the few a class writes (`'+'`, `'tanh'`),
# which others write too
LABEL_ITEMS, LABEL_SIZE = 3, 1.0
# and only beside written evidence of the two's own (WRITTEN_ITEMS written items or more, without the labels): labels
# add to what the two wrote alike and never make it. Labels alone are a notation two honest students may both take from
# the course's slides (bench/similarity/sim38actl's m1 and m2), and a line as written beside them is no more (m1 and m2
# both write `self.data = float(data)`, which nobody else of sim36b1 writes so: 47 honest pairs of the benchmark share
# five such lines, session 37), nor a name: one helper's name that nobody else of a class writes (m1 and m2 both call
# theirs `to_node`) put them at 0.4394, rank 1 of a class of 24 correct engines (review38), nor a number or one comment:
# a slide gives its constant with its notation, and a student who takes it may quote it (sim39actl's n1|n2, tanh cut
# off past 30 and a docstring quoting the labels, flagged at 0.501 in sim35b1; o1|o2, log's input floored at 1e-12,
# #11 in the eighteenth's top k; session 39, tests/similarity/test_written_labels.py)


def shared_labels(documents: list, rarity: float) -> dict[tuple[int, int], tuple[int, float]]:
    """(i, j) -> (how many labels (documents' `labels`) I and J alone hold, their weight: LABEL_SIZE each at RARITY, a
    fragment's of two holders) when they are LABEL_ITEMS or more."""
    holders: dict[int, list[int]] = defaultdict(list)
    for index, document in enumerate(documents):
        for h in document.labels:
            holders[h].append(index)
    count: dict[tuple[int, int], int] = defaultdict(int)
    for held in holders.values():
        if len(held) == 2:
            count[(held[0], held[1])] += 1
    return {pair: (n, n * LABEL_SIZE * rarity) for pair, n in count.items() if n >= LABEL_ITEMS}


def with_labels(items: dict, cohort) -> dict:
    """ITEMS (scores.written_items: (i, j) -> (items, weight)) with the labels I and J alone share (`shared_labels`, at
    the rarity of two holders in COHORT, cohort.Cohort) added where I and J have written evidence of their own
    (WRITTEN_ITEMS items or more in ITEMS)."""
    out = dict(items)
    for pair, (count, weight) in shared_labels(cohort.documents, cohort._held_by(2)).items():
        if out.get(pair, (0, 0.0))[0] >= WRITTEN_ITEMS:  # else a notation (and a slide's constant or words), no copy
            found, written = out[pair]
            out[pair] = (found + count, written + weight)
    return out
