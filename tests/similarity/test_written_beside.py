"""Session 36 (sim36a): a string only two students wrote (a repr's format, an error message) beside a name, a number
or a line as written that only the two wrote is two written items (scores.written_items, BESIDE_KINDS), evidence of
its own as two comments or strings are. A restructured copy (level 4) rewrites its source's lines and keeps its
`__repr__` and a few of its names; two honest students who write the same common repr share that string alone, and a
comment beside a name stays one item (a stock phrase: docs/similarity.md)."""

from grader.similarity.scores import WRITTEN_EVIDENCE, evidence, written_items, written_score
from tests.similarity.written_support import ENGINE_HEAD
from tests.similarity.written_support import document as _document
from tests.similarity.written_support import written_in_class


def test_a_string_beside_a_name_number_or_line_only_the_two_hold_is_two_items():
    texts = {1: ("string", "value ( { self . data : . 6g } )"), 2: ("name", "inputs_of"), 3: ("string", "oops"),
             4: ("comment", "chain rule"), 5: ("name", "forward"), 6: ("number", "0.24"), 7: ("line", "x = y"),
             8: ("name", "common"), 9: ("string", "cannot mix value with { }")}
    sizes = {1: 6.0, 2: 1.0, 3: 4.0, 4: 3.0, 5: 1.0, 6: 1.0, 7: 1.0, 8: 1.0, 9: 4.0}
    documents = [_document({h: sizes[h] for h in held}, texts) for held in
                 ({1, 2}, {1, 2, 8}, {3, 8}, {3, 8}, {4, 5}, {4, 5}, {9, 6}, {9, 6, 7}, {}, {7})]
    postings = {1: [0, 1], 2: [0, 1], 3: [2, 3], 8: [1, 2, 3], 4: [4, 5], 5: [4, 5], 9: [6, 7], 6: [6, 7], 7: [7, 9]}
    weights = {1: 0.5, 2: 0.5, 3: 0.5, 8: 0.0, 4: 0.5, 5: 0.5, 9: 0.5, 6: 0.5, 7: 0.5}
    found = written_items(postings, weights, documents)
    # 0|1: the repr beside a name (two items, the string's weight 0.5 x 6); 2|3: a string and a name held by three
    # (weight 0: no trait of theirs); 4|5: a comment beside a name (one item); 6|7: a message beside a number (a line
    # 7 holds with 9 is no trait of 6's)
    assert found == {(0, 1): (2, 3.0), (2, 3): (1, 2.0), (4, 5): (1, 1.5), (6, 7): (2, 2.0)}
    assert written_score(*found[(0, 1)]) == evidence(3.0, WRITTEN_EVIDENCE) == 9 / 34
    assert written_score(*found[(2, 3)]) == written_score(*found[(4, 5)]) == 0.0


ENGINE = ENGINE_HEAD + '''
    def __repr__(self):
        return {repr}
'''
REPR_A = 'f"Value({self.data:.6g}, grad={self.grad:.6g})"'
REPR_B = 'f"Value(data={self.data:.4f}, grad={self.grad:.4f})"'


def test_a_restructured_copy_that_kept_its_repr_and_a_name_has_written_evidence_an_honest_pair_does_not():
    texts = {"source": ENGINE.format(name="Value", mul="times", repr=REPR_A),
             "copy": ENGINE.format(name="Node", mul="times", repr=REPR_A),
             "honest1": ENGINE.format(name="Value", mul="__mul__", repr=REPR_B),
             "honest2": ENGINE.format(name="Scalar", mul="product", repr=REPR_B)}
    channels, items, copy, honest = written_in_class(texts, ("copy", "source"), ("honest1", "honest2"))
    assert items[copy][0] == 2 and items[honest][0] == 1
    # the repr's weight, 3.82 (six words at this class's rarity), alone: 3.82² / (3.82² + 5²)
    assert channels[copy]["written"] == written_score(*items[copy]) == evidence(items[copy][1], 5)
    assert round(channels[copy]["written"], 4) == 0.3688
    assert "written" not in channels.get(honest, {})
