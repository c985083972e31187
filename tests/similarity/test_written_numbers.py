"""Session 37 (sim37a): three numbers or more that only two students wrote, none of them whole, are written items
(scores.written_items, NUMBER_ITEMS, each weighing NUMBER_SIZE), evidence of their own as two comments or strings are.
A restructured copy (level 4) rewrites every line of its source and keeps its constants (its test cases, a
tolerance); one or two numbers two honest students alone wrote are a coincidence (a smoke test on the same two
values), and count as before: no item, unless beside a string (session 36's BESIDE_KINDS: docs/similarity.md)."""

from grader.similarity.scores import NUMBER_ITEMS, NUMBER_SIZE, _whole_number, evidence, written_items, written_score
from tests.similarity.written_support import ENGINE_HEAD
from tests.similarity.written_support import document as _document
from tests.similarity.written_support import written_in_class


def test_three_numbers_only_the_two_hold_are_three_items_two_are_none():
    texts = {1: ("number", "0.125"), 2: ("number", "1.3"), 3: ("number", "1e-9"), 4: ("number", "0.7"),
             5: ("number", "2.5"), 6: ("string", "gradient check failed for { }"), 7: ("number", "42")}
    held = ({1, 2, 3}, {1, 2, 3}, {4, 5}, {4, 5}, {6, 1, 4, 7}, {6, 1, 4, 7}, {7})
    documents = [_document({h: 1.0 if texts[h][0] == "number" else 4.0 for h in hs}, texts) for hs in held]
    postings = {1: [0, 1, 4, 5], 2: [0, 1], 3: [0, 1], 4: [2, 3, 4, 5], 5: [2, 3], 6: [4, 5], 7: [4, 5, 6]}
    weights = {1: 0.0, 2: 0.5, 3: 0.5, 4: 0.0, 5: 0.5, 6: 0.5, 7: 0.0}
    found = written_items(postings, weights, documents)
    # 0|1: 0.125 is held by four (weight 0): two numbers of their own, no item; 2|3: one number; 4|5: a string alone
    assert NUMBER_ITEMS == 3 and found == {(4, 5): (1, 2.0)}
    weights[1] = 0.5  # 0.125 rare too: 0|1 share three numbers, each weighing 0.5 x NUMBER_SIZE
    found = written_items(postings, weights, documents)
    assert found[(0, 1)] == (3, 3 * 0.5 * NUMBER_SIZE) == (3, 4.5)
    # 4|5 hold 0.125 too now: the string and one number, which stands beside it (session 36): two items, the string's
    # weight alone
    assert found[(4, 5)] == (2, 2.0)
    assert written_score(*found[(0, 1)]) == evidence(4.5, 5.0)


def test_whole_numbers_are_no_items_however_few_hold_them():
    """0, 1 and 2 (a count, an index, an exponent) are any program's: in a small class two students may be the only
    ones to write them, and three such are no evidence (tests/similarity/test_alone.py's pair shares 0, 1 and 2)."""
    texts = {1: ("number", "0"), 2: ("number", "1"), 3: ("number", "2.0"), 4: ("number", "10_000"), 5: ("number", "1j"),
             6: ("number", "0x1f"), 7: ("number", "0.5"), 8: ("number", "1e-9"), 9: ("number", "1_000.25")}
    assert [h for h in texts if not _whole_number(texts[h][1])] == [7, 8, 9]
    documents = [_document({h: 1.0 for h in texts}, texts) for _ in range(2)]
    postings = {h: [0, 1] for h in texts}
    assert written_items(postings, {h: 0.5 for h in texts}, documents) == {(0, 1): (3, 3 * 0.5 * NUMBER_SIZE)}
    del postings[9]  # two numbers of their own and six whole ones: nothing
    assert written_items(postings, {h: 0.5 for h in texts}, documents) == {}


ENGINE = ENGINE_HEAD + '''

if __name__ == "__main__":
    a, b = {name}({x}), {name}({y})
    c = a.{mul}(b)
    print(abs(c.data - {x} * {y}) <= {tol})
'''


def test_a_copy_that_kept_three_constants_has_written_evidence_an_honest_pair_with_two_does_not():
    texts = {"source": ENGINE.format(name="Value", mul="times", x=1.3, y=0.125, tol="1e-9"),
             "copy": ENGINE.format(name="Node", mul="product", x=1.3, y=0.125, tol="1e-9"),
             "honest1": ENGINE.format(name="Value", mul="__mul__", x=0.7, y=2.5, tol="1e-6"),
             "honest2": ENGINE.format(name="Scalar", mul="times", x=0.7, y=2.5, tol="0.001"),
             "other": ENGINE.format(name="Value", mul="__mul__", x=3.0, y=-2.0, tol="1e-12")}
    channels, items, copy, honest = written_in_class(texts, ("copy", "source"), ("honest1", "honest2"))
    assert items[copy][0] == 3 and honest not in items
    # three numbers held by the two alone in a class of five (weighed as one of thirty: MIN_CLASS), each 0.6370 x 3:
    # 5.73, and 5.73² / (5.73² + 5²) of evidence
    assert channels[copy]["written"] == written_score(*items[copy])
    assert round(channels[copy]["written"], 4) == 0.568
    assert "written" not in channels.get(honest, {})
