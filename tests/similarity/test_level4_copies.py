"""Session 44 (sim44b): six level-4 copies written for this test, and what a trait held by a ring and one finds.

level4/ holds six fresh engines (`<x>_source.py`, each with choices of its own: messages, a repr, a clamp, an extra op,
comments) and a level-4 copy of each (`<x>_copy.py`: renamed, reordered, restyled and restructured a different way,
keeping the source's logic and quirks): a: recursion -> a tape of creation serial numbers; b: closures -> a
dispatch table of rules; c: methods -> module functions attached to the class; d: closures -> a class per operation;
e: methods -> functions outside the class; f: an `if`/`elif` chain -> `getattr` dispatch of `d_<op>` methods. Two
sources are also handed in verbatim (`a_verbatim`, `c_verbatim`: the source with the author's name taken out of its
header, made here), so that each is a ring of one file with its level-4 copy beside it. Every file gives reference/engine.py's values and gradients (sim35b1's
check, run when they were written). The class is test_similarity's eleven honest engines with these fourteen.

`rings.ring_and_one` (docs/similarity.md, session 44): a comment, string or line as written that exactly three
students hold, two of them one file with five traits or more of their own, weighs as three holders when the third
holds two texts or more so with them. a_copy keeps the source's tanh comment and its clamped one-line tanh: without the
rule those are held by three and weigh nothing, and the copy is not listed (under 0.2); with it, 0.6162, flagged.
"""

from pathlib import Path

import grader.similarity.cohort as cohort_module
from grader.similarity import compare
from grader.similarity.rings import RING_AND_ONE_LEAST, RING_OWN_TRAITS, ring_and_one

from .public_known import read_once
from .test_similarity import CLASS, engine

HERE = Path(__file__).parent / "level4"
THREE = 0.5  # the weight a ring-and-one trait gets (the cohort passes its rarity of three holders)


# the verbatim copies: each source with its author's name taken out of its header
VERBATIM = {"a": ("Exercise 5, Lena K.: my engine.", "Exercise 5, my engine."),
            "c": ("HW3 engine, Tomas R. Backward", "HW3 engine. Backward")}


def _documents():
    texts = {name.split("/")[-1]: engine(name) for name in CLASS}
    texts |= {path.stem: path.read_text(encoding="utf-8") for path in sorted(HERE.glob("*.py"))}
    for letter, (name, without) in VERBATIM.items():
        assert name in texts[f"{letter}_source"]
        texts[f"{letter}_verbatim"] = texts[f"{letter}_source"].replace(name, without)
    return [read_once(i, t) for i, t in texts.items()]


def _copy_pairs(record):
    """(a, b, score, rank) of every listed pair of one source's files (the same letter)."""
    return [(p["a"], p["b"], p["score"], rank) for rank, p in enumerate(record["pairs"], 1)
            if p["a"][:2] == p["b"][:2] and p["a"][1] == "_"]


def test_the_six_level_4_copies_ranked():
    record = compare(_documents(), [])
    assert _copy_pairs(record) == [
        ("a_source", "a_verbatim", 1.0, 1), ("c_source", "c_verbatim", 1.0, 2),
        ("c_copy", "c_source", 0.9817, 3), ("c_copy", "c_verbatim", 0.9817, 4),
        ("e_copy", "e_source", 0.8417, 6), ("b_copy", "b_source", 0.7735, 7),
        ("a_copy", "a_source", 0.6162, 9), ("a_copy", "a_verbatim", 0.6162, 10),
        ("f_copy", "f_source", 0.5972, 11), ("d_copy", "d_source", 0.383, 14)]
    # above d's copy, four honest pairs: the recursive engines, tanh by exp(2x) and Kahn's walk (the course's code
    # written alike); d's copy keeps its source's softplus and message, its code a class per operation
    assert [(p["a"], p["b"], p["score"]) for p in record["pairs"][:13] if p["a"][1] != "_" or p["b"][1] != "_"] == [
        ("correct-recursive-raised-limit", "d_source", 0.8881), ("correct-dataclass-graphlib", "correct-kahn", 0.6172),
        ("correct-recursive-raised-limit", "correct-tanh-exp2x", 0.5445), ("correct-tanh-exp2x", "d_source", 0.5069)]


def test_without_the_ring_and_one_the_tape_copy_is_not_listed(monkeypatch):
    monkeypatch.setattr(cohort_module, "ring_and_one", lambda *args: None)
    record = compare(_documents(), [])
    pairs = _copy_pairs(record)
    assert [(a, b) for a, b, _, _ in pairs if a == "a_copy"] == []  # under the report's floor
    assert ("c_copy", "c_source", 0.9373, 3) in pairs  # the code already finds the functions attached to the class


def _said(kinds):
    return lambda h: kinds.get(h, ("comment", f"text {h}"))


def test_a_trait_of_a_ring_and_one_weighs_as_three_holders():
    # 0 and 1 one file (group 0) with RING_OWN_TRAITS traits of their own; 2 holds two texts with them; 3 one
    ring_own = {100 + h: [0, 1] for h in range(RING_OWN_TRAITS)}
    postings = ring_own | {1: [0, 1, 2], 2: [0, 1, 2], 3: [0, 1, 3]}
    weights = {h: (0.7 if len(holders) <= 2 else 0.0) for h, holders in postings.items()}
    ring_and_one(postings, weights, [0, 0, 2, 3], THREE, _said({}))
    assert (weights[1], weights[2], weights[3]) == (THREE, THREE, 0.0)  # one text with the ring is a phrase
    assert RING_AND_ONE_LEAST == 2


def test_no_ring_of_its_own_a_name_or_one_text_twice_weighs_nothing():
    postings = {1: [0, 1, 2], 2: [0, 1, 2]} | {100 + h: [0, 1] for h in range(RING_OWN_TRAITS - 1)}
    weights = {h: 0.0 for h in postings}
    ring_and_one(postings, weights, [0, 0, 2], THREE, _said({}))
    assert (weights[1], weights[2]) == (0.0, 0.0)  # the two share one trait too few of their own: fills alike
    postings |= {99: [0, 1]}
    # a name and a number are no written texts; one comment read as two runs is one text
    for kinds in ({1: ("name", "x"), 2: ("comment", "a")}, {1: ("comment", "a"), 2: ("comment", "a")}):
        weights = {h: 0.0 for h in postings}
        ring_and_one(postings, weights, [0, 0, 2], THREE, _said(kinds))
        assert (weights[1], weights[2]) == (0.0, 0.0)
    weights = {h: 0.0 for h in postings}
    ring_and_one(postings, weights, [0, 0, 2], THREE, _said({}))
    assert (weights[1], weights[2]) == (THREE, THREE)
    weights = {h: 0.0 for h in postings}
    ring_and_one(postings, weights, [0, 0, 0], THREE, _said({}))  # all three one file: group_traits' case
    assert (weights[1], weights[2]) == (0.0, 0.0)
