"""Issue 27: a ring of three (a source and two verbatim copies) shares its names and lines as written all three, which
the traits' cut of two (cohort.TRAIT_COMMON) left out entirely: a ring of three copies of a small fill shared no trait.
scores.group_traits counts such traits when the three are a ring: five traits or more that only they have, at least
half of the rare traits of each, and their own code one code (held_together); three students who wrote one op alike,
or a copy pair and a classmate who wrote some of its source's lines, are not (docs/similarity.md)."""

import pytest

from grader.similarity.cohort import Cohort, read_document, starter_kgrams
from grader.similarity.scores import (GROUP_CODE, GROUP_TRAITS, STRINGS_HELD_BY, group_traits, held_together,
                                      strings_held_by_three)

THREE = 0.5  # the weight a group's trait gets (the cohort passes its rarity of three holders)


def _weights(postings):
    """The traits' weights before the rings: held by two or fewer 0.7, by more nothing."""
    return {h: (0.7 if len(holders) <= 2 else 0.0) for h, holders in postings.items()}


def test_a_trio_with_enough_traits_of_its_own_and_one_code_is_a_ring():
    postings = {h: [0, 1, 2] for h in range(GROUP_TRAITS)} | {100: [0, 3], 101: [1, 2, 4], 102: [0, 1, 2, 3]}
    weights = _weights(postings)
    code = {0: {7: 2.0, 8: 1.0}, 1: {7: 2.0, 8: 1.0}, 2: {7: 2.0, 8: 1.0}}
    group_traits(postings, weights, THREE, code.get)
    assert [weights[h] for h in range(GROUP_TRAITS)] == [THREE] * GROUP_TRAITS
    assert (weights[100], weights[101], weights[102]) == (0.7, 0.0, 0.0)  # no other trait changes


def test_fewer_traits_other_rare_traits_or_code_apart_make_no_ring():
    code = {i: {7: 2.0} for i in range(3)}
    few = {h: [0, 1, 2] for h in range(GROUP_TRAITS - 1)}
    weights = _weights(few)
    group_traits(few, weights, THREE, code.get)
    assert set(weights.values()) == {0.0}
    # student 0 has more rare traits of its own (held by two or one) than twice the trio's: a classmate who wrote
    # some lines as a copy pair's source did, not a ring
    spread = {h: [0, 1, 2] for h in range(GROUP_TRAITS)} | {50 + h: [0, 5] for h in range(GROUP_TRAITS + 1)}
    weights = _weights(spread)
    group_traits(spread, weights, THREE, code.get)
    assert [weights[h] for h in range(GROUP_TRAITS)] == [0.0] * GROUP_TRAITS
    # three who wrote one op alike: the trio's traits are theirs, their code is not one code
    apart = {h: [0, 1, 2] for h in range(GROUP_TRAITS)}
    weights = _weights(apart)
    group_traits(apart, weights, THREE, {0: {7: 2.0, 9: 3.0}, 1: {7: 2.0}, 2: {7: 2.0}}.get)
    assert [weights[h] for h in range(GROUP_TRAITS)] == [0.0] * GROUP_TRAITS


def test_held_together():
    assert held_together([{1: 2.0, 2: 1.0}, {1: 2.0, 2: 1.0}, {1: 2.0, 2: 1.0}])
    assert not held_together([{1: 2.0, 2: 1.0}, {1: 2.0, 2: 1.0}, {1: 2.0}])  # 2.0 of 3.0 is below GROUP_CODE
    assert GROUP_CODE == 0.9 and held_together([{1: 9.0, 2: 1.0}, {1: 9.0}, {1: 9.0}])  # 9.0 of 10.0: just enough
    assert held_together([{}, {}, {}])  # no code of their own: the traits alone say it


STARTER = '''import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(_children)

    def tanh(self):
        raise NotImplementedError
'''
RING = '''        expTwoX = math.exp(2 * self.data)
        tanhValue = (expTwoX - 1) / (expTwoX + 1)
        out = Value(tanhValue, (self,), "tanh")

        def _backward():
            self.grad += (1 - tanhValue ** 2) * out.grad

        out._backward = _backward
        return out
'''
OTHERS = ['''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t ** 2) * out.grad

        out._backward = _backward
        return out
''', '''        y = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)
        result = Value(y, (self,), "tanh")

        def _backward():
            self.grad += (1 - y * y) * result.grad

        result._backward = _backward
        return result
''']


def test_a_ring_of_three_verbatim_copies_shares_its_lines_and_names_as_traits():
    given = starter_kgrams({"engine.py": STARTER})
    fill = STARTER.replace("        raise NotImplementedError\n", "{}")
    texts = {f"ring{i}": fill.format(RING) for i in range(3)} | {f"other{i}": fill.format(text)
                                                                  for i, text in enumerate(OTHERS)}
    group = Cohort([read_document(i, {"engine.py": text}, given) for i, text in texts.items()])
    ring = [group.position[f"ring{i}"] for i in range(3)]
    held = [h for h, holders in group.trait_postings.items() if sorted(holders) == ring]
    assert len(held) >= GROUP_TRAITS  # expTwoX, tanhValue and the lines that name them
    assert {group.trait_weights[h] for h in held} == {group._held_by(3)}
    assert all(group.trait_totals[i] > 0 for i in ring)
    shared = group.shared_traits()
    assert shared[(ring[0], ring[1])] == shared[(ring[1], ring[2])] > 0


def test_a_string_three_students_wrote_alike_weighs_as_three_holders_a_comment_nothing():
    """Session 18: a source copied twice keeps its messages in both copies; its three holders are no habit of the
    class (scores.strings_held_by_three). A comment three wrote alike still weighs nothing (a tool's comment, a stock
    phrase)."""
    postings = {1: [0, 1, 2], 2: [0, 1, 2], 3: [0, 1], 4: [0, 1, 2, 3]}
    kinds = {1: "string", 2: "comment", 3: "string", 4: "string"}
    weights = _weights(postings)
    strings_held_by_three(postings, weights, THREE, kinds.get)
    assert (weights[1], weights[2], weights[3], weights[4]) == (THREE, 0.0, 0.7, 0.0)


GUARDED = ['''        {x} = self.data
        if not isinstance({x}, (int, float)):
            raise TypeError("tanh wants a plain number inside its node")
        # squash the input between minus one and one
        {t} = math.tanh({x})
        out = Value({t}, (self,), "tanh")

        def _backward():
            self.grad += (1 - {t} ** 2) * out.grad

        out._backward = _backward
        return out
''', '''        if not isinstance(self.data, (int, float)):
            raise TypeError("tanh wants a plain number inside its node")
        # squash the input between minus one and one
        {o} = Value(math.tanh(self.data), (self,), "tanh")
        {o}._backward = lambda: self._push((1 - {o}.data * {o}.data) * {o}.grad)
        return {o}

    def _push(self, g):
        self.grad += g
''']


def test_a_source_and_two_restructured_copies_share_its_message_but_not_its_comment():
    given = starter_kgrams({"engine.py": STARTER})
    fill = STARTER.replace("        raise NotImplementedError\n", "{}")
    texts = {"source": fill.format(GUARDED[0].format(x="x", t="t")),
             "copy1": fill.format(GUARDED[0].format(x="inp", t="squashed")),
             "copy2": fill.format(GUARDED[1].format(o="node"))}
    texts |= {f"other{i}": fill.format(text) for i, text in enumerate(OTHERS)}
    group = Cohort([read_document(i, {"engine.py": text}, given) for i, text in texts.items()])
    trio = sorted(group.position[i] for i in ("source", "copy1", "copy2"))
    source = group.documents[trio[0]]
    held = {source.trait_text[h]: group.trait_weights[h] for h, holders in group.trait_postings.items()
            if sorted(holders) == trio}
    message = [w for (kind, text), w in held.items() if kind == "string" and "plain number" in text]
    comment = [w for (kind, text), w in held.items() if kind == "comment"]
    assert message == [group._held_by(STRINGS_HELD_BY)] and message[0] > 0
    assert comment and set(comment) == {0.0}
    shared = group.shared_traits()
    a, b, c = trio
    assert all(shared.get(pair, 0.0) >= message[0] for pair in ((a, b), (a, c), (b, c)))


@pytest.mark.slow
def test_a_large_ring_of_one_file_is_one_cluster_and_a_starter_filled_alike_is_none(tmp_path):
    """Session 29 (the red team's finding): one engine handed in by many students cancelled itself. Each member's typical
    score was the copies' own (7 copies: 0.367, no flag), and the rarity weighed the engine's code as the course's (9 or
    more: no pair listed). Students whose own code is one file (rings.whole_alike) now count as a ring of five at most,
    in the typical score and in the rarity: a ring of ten (an eighteenth-class engine, its author and nine copies,
    verbatim or disguised at levels 1 and 2) beside 14 honest engines is one cluster, every pair flagged; 20 students who
    filled the starter with the reference's lines (the same canonical lines, beside them) are in no pair at all."""
    import random
    import sys
    from itertools import combinations
    from pathlib import Path

    from grader.similarity import THRESHOLD, similarity

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "similarity"))
    import generate  # noqa: E402
    import rings29  # noqa: E402

    texts, ring = rings29.ring_class(10, 14, False, "eigs368")
    rng = random.Random(29)
    for k in range(1, 10):
        texts[f"ring{k:02d}"] = [lambda t, r: t, generate.level1, generate.level2][k % 3](texts["eigs368"], rng)
    texts |= {f"fill{k:02d}": rings29.starter_filled() for k in range(20)}
    for sid, text in texts.items():
        (tmp_path / f"{sid}.py").write_text(text, encoding="utf-8")
    record = similarity(tmp_path, starters=(rings29.STARTER,)).record
    pairs = {(p["a"], p["b"]): p for p in record["pairs"]}
    assert record["clusters"][0] == sorted(ring) and len(ring) == 10
    assert all(pairs[pair]["flagged"] and pairs[pair]["score"] >= THRESHOLD for pair in combinations(sorted(ring), 2))
    assert not [pair for pair in pairs if pair[0].startswith("fill") or pair[1].startswith("fill")]
