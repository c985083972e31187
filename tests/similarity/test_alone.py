"""Session 15 (simnn): code that only two students of the whole class hold is evidence of its own
(scores.shared_alone, ALONE_EVIDENCE): its share of each one's own code, times how much it is. A restructured
copy of a large piece of work holds a small share of its source's code (a low cosine), but what it holds, nobody else
does; a fragment a third student holds too, or that is explained (a public source, the reference) or canonical (a
variant, canonical code recombined), is not counted (docs/similarity.md)."""

from types import SimpleNamespace

import grader.similarity.cohort as cohort_module
from grader.similarity.cohort import Cohort, read_document
from grader.similarity.scores import ALONE_EVIDENCE, alone_score, shared_alone
from grader.similarity.units import UNIT_MOST, shared_code


def _document(tokens, explained=(), variants=(), recombined=(), smoke=(), smoke_test=0):
    return SimpleNamespace(tokens=tokens, explained=frozenset(explained), variants=frozenset(variants),
                           recombined=frozenset(recombined), smoke=frozenset(smoke), smoke_test=smoke_test)


def test_only_fragments_two_students_alone_hold_count_weighed_by_the_smaller_size():
    documents = [_document({1: 3.0, 2: 1.0, 3: 2.0, 4: 1.0, 5: 1.0, 6: 1.0}),
                 _document({1: 2.0, 2: 1.0, 3: 2.0, 4: 1.0, 5: 1.0, 6: 1.0}, explained={4}, variants={5}),
                 _document({3: 2.0, 6: 1.0}, recombined={6}),
                 _document({6: 1.0})]
    postings = {1: [0, 1], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1], 5: [0, 1], 6: [2, 3]}
    weights = {1: 0.5, 2: 0.25, 3: 0.4, 4: 1.0, 5: 1.0, 6: 1.0}
    # 1 and 2: 0.5 x min(3, 2) + 0.25 x 1; 3 is held by three; 4 is explained in one, 5 a variant in one, 6 recombined
    assert shared_alone(postings, weights, documents) == {(0, 1): 1.25}


def test_a_smoke_test_alone_counts_only_when_the_two_are_the_same_constants_and_all():
    """Session 19: the obvious smoke test written twice with other constants is no code only the two hold; the same
    smoke test, constants and all (a copy's), is."""
    postings, weights = {1: [0, 1], 2: [0, 1]}, {1: 0.5, 2: 1.0}
    other = [_document({1: 2.0, 2: 1.0}, smoke={2}, smoke_test=7), _document({1: 2.0, 2: 1.0}, smoke={2}, smoke_test=8)]
    same = [_document({1: 2.0, 2: 1.0}, smoke={2}, smoke_test=7), _document({1: 2.0, 2: 1.0}, smoke={2}, smoke_test=7)]
    assert shared_alone(postings, weights, other) == {(0, 1): 1.0}
    assert shared_alone(postings, weights, same) == {(0, 1): 2.0}


def test_its_score_is_the_share_of_each_ones_code_times_its_evidence():
    assert ALONE_EVIDENCE == 20.0
    assert alone_score(20.0, 40.0, 200.0) == alone_score(20.0, 200.0, 40.0) == 0.05  # 0.1 of the larger one's, x 0.5
    assert alone_score(20.0, 10.0, 20.0) == 0.5  # all of both one's code (a share of at most 1)
    assert round(alone_score(5.0, 100.0, 100.0), 6) == 0.002941  # 0.05 x 1/17: a few tokens say little
    assert alone_score(0.0, 10.0, 10.0) == alone_score(5.0, 0.0, 0.0) == 0.0


SHARED = '''
def spline(knots, x):
    lo, hi = 0, len(knots) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if knots[mid][0] > x:
            hi = mid
        else:
            lo = mid
    (x0, y0), (x1, y1) = knots[lo], knots[hi]
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
'''
OWN = ['''
def report(rows):
    width = max(len(str(r)) for r in rows)
    return "\\n".join(str(r).rjust(width) for r in rows)
''', '''
def histogram(values, bins):
    counts = [0] * bins
    low, high = min(values), max(values)
    for v in values:
        counts[min(bins - 1, int((v - low) / (high - low) * bins))] += 1
    return counts
''', '''
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
''', '''
def transpose(grid):
    return [list(column) for column in zip(*grid)]
''', '''
def running_mean(xs):
    total, out = 0.0, []
    for i, x in enumerate(xs):
        total += x
        out.append(total / (i + 1))
    return out
''', '''
def flatten(tree):
    stack, out = [tree], []
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
        else:
            out.append(node)
    return out
''']


def _class(texts):
    """The cohort of TEXTS, each the methods of a class (methods count in full: a module's function that nothing
    runs would count 1/50, reach.py)."""
    def module(text):
        return "class Work:\n" + "".join("    " + line if line.strip() else line for line in text.splitlines(True))
    return Cohort([read_document(name, {"work.py": module(text)}) for name, text in texts.items()])


def _scores(group):
    return {(p.a, p.b): p.score for p in group.pairs()}


def test_a_pair_that_alone_shares_a_function_beside_much_code_of_their_own_rises(monkeypatch):
    # a source and a copy that kept one function of it and rewrote the rest (here: wrote other code), beside
    # classmates who share nothing with them
    texts = {"source": SHARED + OWN[0] + OWN[1], "copy": SHARED + OWN[2] + OWN[3] + OWN[4]} | {
        f"other{i}": text for i, text in enumerate(OWN[5:])}
    group = _class(texts)
    alone = shared_alone(group.postings, group.weights, group.documents)
    pair = (group.position["copy"], group.position["source"])
    # the function, all of what they share: nobody else holds any of it
    assert set(alone) == {pair} and round(alone[pair], 4) == round(group.shared_weights()[pair], 4) == 47.7784
    with_alone = _scores(group)
    monkeypatch.setattr(cohort_module, "shared_alone", lambda *args: {})
    without = _scores(group)
    # 47.8 of 106.8 and 139.8 (a cosine of 0.39) with a trait and a shape: 0.5696 (0.662 with the function's lines as
    # written, whose names only the two write: session 24, scores.named_lines); and 0.342 of the source's own code
    # (the larger), evidence 0.851: 0.291 more as independent evidence (a class of three has no typical score)
    # (session 28: each function's part of the shared code at most units.UNIT_MOST, in the code's evidence and in
    # the code they alone hold, as a share of it: the function, one choice however long, is 10 of its 47.8, and
    # (0.662, 0.7603) are (0.6237, 0.6291): one function kept alone says little more than one function written alike)
    spread = shared_code(group.postings, group.weights, group.documents, UNIT_MOST)[1][pair]
    assert round(spread * alone[pair], 4) == UNIT_MOST
    assert (without[("copy", "source")], with_alone[("copy", "source")]) == (0.6237, 0.6291)
    assert abs(1 - (1 - without[("copy", "source")]) * (1 - alone_score(
        spread * alone[pair], group.totals[pair[0]], group.totals[pair[1]])) - with_alone[("copy", "source")]) < 1e-4
    assert without[("copy", "other0")] == with_alone[("copy", "other0")] == 0.0006  # no code they alone hold


def test_a_function_a_third_student_holds_too_is_not_code_they_alone_share():
    texts = {"source": SHARED + OWN[0], "copy": SHARED + OWN[2], "third": SHARED + OWN[3]}
    group = _class(texts)
    assert shared_alone(group.postings, group.weights, group.documents) == {}
