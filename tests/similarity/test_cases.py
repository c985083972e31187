"""A test file read as the cases it checks (cases.py, session 40): a copy of a student's tests restructured
(separate functions into a parametrize table, a unittest class, a seeded loop over a dict of cases) rewrites every
line and keeps every case's numbers; honest students who write the canonical cases (`a * b` at 2 and 3, tanh'(0))
share those and nothing else.

The class: 09-write-tests' starter, five honest test files written for this module and one source whose copy is one of
three restructurings (one copy a class), one .py file per student, the starter subtracted as `grade similarity
--starter` does.
"""

from pathlib import Path

import pytest
from costs import slow_fixture

import grader.similarity
from grader.similarity import read_class, scored, similarity
from grader.similarity.cases import read_cases

STARTER = (Path(__file__).resolve().parents[2] / "exercises" / "09-write-tests" / "test_engine.py").read_text(
    encoding="utf-8")
TODO = "# TODO(09-write-tests): your code here\n"
HEAD, MAIN = STARTER.split(TODO)

# the source: one test per case, the numbers worked by hand
SOURCE = '''def test_square_plus_product():
    a, b = Value(1.25), Value(-2.0)
    (a * a + a * b).backward()
    assert close(a.grad, 0.5)
    assert close(b.grad, 1.25)


def test_log_of_a_sum():
    x = Value(3.5)
    (x + 0.5).log().backward()
    assert close(x.grad, 0.25)


def test_exp_minus_x():
    x = Value(0.65)
    (x.exp() - x).backward()
    assert close(x.grad, math.exp(0.65) - 1)


def test_quotient_of_a_constant():
    x = Value(-2.5)
    (7 / x).backward()
    assert close(x.grad, -7 / 2.5 ** 2)
'''

# the same cases as a parametrize table of (builder, inputs, expected gradients)
TABLE = '''import pytest


def gradients(build, inputs):
    leaves = [Value(v) for v in inputs]
    build(*leaves).backward()
    return [leaf.grad for leaf in leaves]


@pytest.mark.parametrize("build, inputs, expected", [
    (lambda u, w: u * u + u * w, (1.25, -2.0), (0.5, 1.25)),
    (lambda u: (u + 0.5).log(), (3.5,), (0.25,)),
    (lambda u: u.exp() - u, (0.65,), (math.exp(0.65) - 1,)),
    (lambda u: 7 / u, (-2.5,), (-7 / 2.5 ** 2,)),
])
def test_gradients(build, inputs, expected):
    for got, want in zip(gradients(build, inputs), expected):
        assert close(got, want)
'''

# the same cases as a unittest class, one method each, the expected values worked out
UNITTEST = '''import unittest


class GradientTests(unittest.TestCase):
    def test_square_and_product(self):
        a, b = Value(1.25), Value(-2.0)
        out = a * a + a * b
        out.backward()
        self.assertAlmostEqual(a.grad, 0.5, places=9)
        self.assertAlmostEqual(b.grad, 1.25, places=9)

    def test_log(self):
        x = Value(3.5)
        out = (x + 0.5).log()
        out.backward()
        self.assertAlmostEqual(x.grad, 0.25, places=9)

    def test_exp(self):
        x = Value(0.65)
        out = x.exp() - x
        out.backward()
        self.assertAlmostEqual(x.grad, 0.9155408290138962, places=9)

    def test_division(self):
        x = Value(-2.5)
        out = 7 / x
        out.backward()
        self.assertAlmostEqual(x.grad, -1.12, places=9)
'''

# the same cases in a dict walked in a seeded random order (a hypothesis-style test)
LOOP = '''import random

CASES = {
    "square plus product": (lambda p, q: p * p + p * q, [1.25, -2.0], [0.5, 1.25]),
    "log of a sum": (lambda p: (p + 0.5).log(), [3.5], [0.25]),
    "exp minus x": (lambda p: p.exp() - p, [0.65], [math.exp(0.65) - 1]),
    "quotient": (lambda p: 7 / p, [-2.5], [-7 / 2.5 ** 2]),
}


def test_every_case_in_a_random_order():
    names = sorted(CASES)
    random.Random(7).shuffle(names)
    for name in names:
        build, inputs, expected = CASES[name]
        leaves = [Value(v) for v in inputs]
        build(*leaves).backward()
        for leaf, want in zip(leaves, expected):
            assert close(leaf.grad, want), name
'''

# honest students: each writes the canonical cases in their own way, and cases of their own
HONEST = [
    '''def test_mul():
    a, b = Value(2.0), Value(3.0)
    (a * b).backward()
    assert close(a.grad, 3.0) and close(b.grad, 2.0)


def test_tanh_at_zero():
    x = Value(0.0)
    x.tanh().backward()
    assert close(x.grad, 1.0)


def test_cube_by_the_slope():
    x = Value(1.4)
    (x * x * x).backward()
    assert close(x.grad, slope(lambda t: t ** 3, 1.4), rel=1e-6)
''',
    '''import pytest


@pytest.mark.parametrize("x0, want", [(0.0, 1.0), (2.0, 1 - math.tanh(2.0) ** 2)])
def test_tanh(x0, want):
    x = Value(x0)
    x.tanh().backward()
    assert close(x.grad, want)


def test_product():
    a, b = Value(2.0), Value(3.0)
    y = a * b
    y.backward()
    assert (a.grad, b.grad) == (3.0, 2.0)


def test_relu_negative():
    x = Value(-0.8)
    x.relu().backward()
    assert x.grad == 0
''',
    '''import unittest


class Basics(unittest.TestCase):
    def test_mul(self):
        a, b = Value(2.0), Value(3.0)
        (a * b).backward()
        self.assertEqual((a.grad, b.grad), (3.0, 2.0))

    def test_reverse_sub(self):
        a = Value(4.5)
        (2 - a).backward()
        self.assertEqual(a.grad, -1.0)

    def test_power(self):
        a = Value(1.5)
        (a ** 3).backward()
        self.assertAlmostEqual(a.grad, 6.75)
''',
    '''def grads(f, *xs):
    vs = [Value(x) for x in xs]
    f(*vs).backward()
    return [v.grad for v in vs]


def test_product_and_tanh():
    assert grads(lambda a, b: a * b, 2.0, 3.0) == [3.0, 2.0]
    assert close(grads(lambda a: a.tanh(), 0.0)[0], 1.0)


def test_used_twice():
    (g,) = grads(lambda a: a * a + a, -3.0)
    assert close(g, -5.0)
''',
    '''def test_chain_of_ten_thousand():
    x = Value(0.5)
    y = x
    for _ in range(10000):
        y = y * 1.0
    y.backward()
    assert close(x.grad, 1.0)


def test_division_by_a_leaf():
    a, b = Value(6.0), Value(1.5)
    (a / b).backward()
    assert close(a.grad, 1 / 1.5)
    assert close(b.grad, -6.0 / 1.5 ** 2)
''',
]
COPIES = {"table": TABLE, "unittest": UNITTEST, "loop": LOOP}


def filled(tests: str) -> str:
    """The starter with TESTS where its TODO is."""
    return HEAD + tests + MAIN


@pytest.mark.parametrize("copy", list(COPIES))
def test_a_restructured_copy_keeps_its_sources_cases(copy):
    source, copied = read_cases(filled(SOURCE)), read_cases(filled(COPIES[copy]))
    assert len(source) == 8  # four cases, each as written and worked out
    # the unittest copy wrote the expected values worked out: those cases are one as worked out only
    assert len(source.keys() & copied.keys()) == (6 if copy == "unittest" else 8)


def test_a_file_without_a_test_has_no_cases():
    engine = "CASES = [(1.5, 2.5), (3.5, 4.5)]\n\ndef check():\n    assert 1.5 + 2.5 == 4.0\n"
    assert read_cases(engine) == {}
    # two rows, each as written and worked out, and the test's own case as written (1.5, 2.5, 4): worked out, it is one
    # number (4.0), no case
    assert len(read_cases(engine.replace("def check", "def test_check"))) == 5


def test_tolerances_keywords_and_lone_numbers_are_no_case():
    assert read_cases("def test_x():\n    assert close(f(2.5), 2.5, rel=1e-6)\n") == {}  # one number: 2.5
    assert read_cases("def test_x():\n    assert abs(f(2.5) - 3.5) < 1e-6\n") == \
        read_cases("def test_y():\n    assert abs(f(2.5) - 3.5) <= 1e-9\n")  # the tolerance is no part of it


def test_a_hostile_expression_of_literals_is_not_worked_out():
    # 10 ** 10 ** 10 would take the reading's time and memory: an exponent over MAX_POWER is left as written
    assert len(read_cases("def test_x():\n    assert f(3.5) == 10 ** 10 ** 10\n")) == 2


def _class(tmp_path: Path, copy: str) -> tuple[dict, dict]:
    """The class's record, and each pair's evidence as Cohort.pairs keeps it ({"a|b": {piece: score}})."""
    folder = tmp_path / copy
    (folder / "starter").mkdir(parents=True)
    (folder / "starter" / "test_engine.py").write_text(STARTER, encoding="utf-8")
    (folder / "submissions").mkdir()
    files = {f"h{n}": tests for n, tests in enumerate(HONEST, 1)} | {"source": SOURCE, "copy": COPIES[copy]}
    for name, tests in files.items():
        (folder / "submissions" / f"{name}.py").write_text(filled(tests), encoding="utf-8")
    starter = folder / "starter" / "test_engine.py"
    readings = []  # the command's own reading, kept to score again with each pair's evidence: the class read once

    def read_and_keep(*args, **kwargs):
        readings.append(read_class(*args, **kwargs))
        return readings[-1]

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(grader.similarity, "read_class", read_and_keep)
        record = similarity(folder / "submissions", starters=(starter,)).record
    [reading] = readings
    channels: dict = {}
    cohort, _, _ = scored(reading.documents, reading.sources, channels=channels)
    ids = [d.id for d in cohort.documents]
    pieces = {"|".join(sorted((ids[i], ids[j]))): found for (i, j), found in channels.items()}
    return record, pieces


@slow_fixture(scope="module")  # three classes read and scored: seconds of CPU
def records(tmp_path_factory):
    return {copy: _class(tmp_path_factory.mktemp("cases"), copy) for copy in COPIES}


@pytest.mark.parametrize("copy", list(COPIES))
def test_a_restructured_copy_of_tests_is_flagged_and_honest_files_are_not(records, copy):
    pairs = records[copy][0]["pairs"]
    assert {pairs[0]["a"], pairs[0]["b"]} == {"copy", "source"}
    assert [(p["a"], p["b"]) for p in pairs if p["flagged"]] == [(pairs[0]["a"], pairs[0]["b"])]


# the cases both hold: four, each held by the two alone (as written and worked out; the unittest copy wrote its expected
# values worked out, so two of its cases are one as worked out only); the honest pairs share the canonical cases
# (`a * b` at 2 and 3, tanh'(0)), which three of the five write
@pytest.mark.parametrize("copy, score", [("table", 0.619), ("unittest", 0.313), ("loop", 0.619)])
def test_the_cases_a_copy_keeps_are_evidence_and_the_canonical_ones_say_little(records, copy, score):
    pieces = records[copy][1]
    assert round(pieces["copy|source"]["cases"], 3) == score
    assert {pair: round(found["cases"], 3) for pair, found in pieces.items()
            if "cases" in found and "source" not in pair} == {"h1|h2": 0.1, "h1|h3": 0.01, "h2|h3": 0.008}
