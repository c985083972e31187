"""Session 39's words39: a student's test (09-write-tests) that compares floats with `==` is named at its line.

`assert x.grad == math.exp(1.69) * 3.38` holds only where the engine rounds as the student's math did: on a correct
engine that computes the same number another way it fails by the last bits (strangersx39's planted parametrize table:
0/38, reference/passes quoting 0.9785681127687026 against 0.9785681127687023), and nothing said `==` was the cause.
grader/diagnose/student_asserts.py now names it `float-equality`, read from the test file, never run. No correct 09
submission of the repository's fixtures or the exercise's own file gets it (tests/test_words38.py's last test reads
them all with the same function).
"""
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.diagnose.student_asserts import vacuous_asserts

ROOT = Path(__file__).parent.parent

# fresh sample 1: unittest, the expected number assigned in the method and compared by assertEqual; on the
# exercise's reference engine x.grad is 23.737325488474685 and the math 23.73732548847469
UNITTEST = '''import math
import unittest

from engine import Value


class TestGradients(unittest.TestCase):
    def test_mul(self):
        a, b = Value(2.0), Value(-3.0)
        (a * b).backward()
        self.assertEqual(a.grad, -3.0)
        self.assertEqual(b.grad, 2.0)

    def test_exp_of_a_square_times_its_input(self):
        x = Value(1.3)
        ((x * x).exp() * x).backward()
        want = math.exp(1.3 * 1.3) * (1 + 2 * 1.3 * 1.3)
        self.assertEqual(x.grad, want)

    def test_seed(self):
        a = Value(2.0)
        a.backward()
        self.assertEqual(a.grad, 1)
'''

# fresh sample 2: pytest functions; a module constant compared with `==` that the reference engine happens to agree
# with (named all the same: right by luck), a parametrize column beside a tolerance in an `or` (not named)
PYTEST = '''import math

import pytest

from engine import Value

TANH_SLOPE = 1 - math.tanh(0.7) ** 2


@pytest.mark.parametrize("x,want", [(1.3, math.exp(1.69) * 3.38 + math.exp(1.69)), (0.0, 1.0)])
def test_exp_square(x, want):
    a = Value(x)
    ((a * a).exp() * a).backward()
    assert abs(a.grad - want) < 1e-9 or a.grad == want


def test_tanh():
    a = Value(0.7)
    a.tanh().backward()
    assert a.grad == TANH_SLOPE, "1 - t**2"


def test_mul():
    a, b = Value(2.0), Value(-3.0)
    (a * b).backward()
    assert a.grad == -3.0 and b.grad == 2.0
    assert str(a) != "", "prints"


def test_seed():
    a = Value(2.0)
    a.backward()
    assert a.grad == 1
'''


def _check(tmp_path, text):
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(ROOT / "exercises" / "09-write-tests" / "engine.py", folder / "engine.py")
    (folder / "test_engine.py").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder), "-e", "09-write-tests", "--lang", "en"])
    lines = result.output.splitlines()
    return ([line for line in lines if line.startswith("Score")], [line for line in lines if line.startswith("why:")],
            [line.split()[1] for line in lines if line.startswith("FAIL")])


def test_grade_check_names_assert_equal_of_a_float_worked_out_with_math(tmp_path):
    score, why, failing = _check(tmp_path, UNITTEST)
    # the score is as before (the hint moves none): the reference run fails, so nothing is credited
    assert score == ["Score on the visible tests: 0/9 points (1 of 11 tests pass). Hidden tests are graded after you "
                     "hand in."]
    assert failing[0] == "reference/passes" and len(failing) == 9
    assert why == [
        "why:  This test compares floats with `==`. Line 18 (`test_exp_of_a_square_times_its_input`) reads "
        "`self.assertEqual(x.grad, want)`, and the number it is compared with is a float worked out another way "
        "(`math.exp(1.3 * 1.3)`). Two correct ways of computing the same number often differ in the last digits "
        "(0.1 + 0.2 is 0.30000000000000004), so this check holds only by luck, on the engine it was written on, and "
        "may fail on another correct one. Compare with a tolerance: `math.isclose(x.grad, want, rel_tol=1e-9)` or "
        "`x.grad == pytest.approx(want)`."]


def test_grade_check_names_a_module_constant_compared_with_eq_where_it_agrees_by_luck(tmp_path):
    score, why, failing = _check(tmp_path, PYTEST)
    assert score == ["Score on the visible tests: 7/9 points (9 of 11 tests pass). Hidden tests are graded after you "
                     "hand in."]
    assert failing == ["catches/recursive-topo", "catches/rsub-order"]
    # line 14's `or a.grad == want` is not named: its other side has a tolerance
    assert why == [
        "why:  This test compares floats with `==`. Line 20 (`test_tanh`) reads `a.grad == TANH_SLOPE`, and the number "
        "it is compared with is a float worked out another way (`math.tanh(0.7)`). Two correct ways of computing the "
        "same number often differ in the last digits (0.1 + 0.2 is 0.30000000000000004), so this check holds only by "
        "luck, on the engine it was written on, and may fail on another correct one. Compare with a tolerance: "
        "`math.isclose(a.grad, TANH_SLOPE, rel_tol=1e-9)` or `a.grad == pytest.approx(TANH_SLOPE)`."]


def _read(text):
    return [(h["line"], h["compared"], h["rounded"])
            for h in vacuous_asserts({"test_engine.py": text.encode()}) if h["hint"] == "float-equality"]


@pytest.mark.parametrize("text,found", [
    # written there, either side, `!=` too
    ("def test_it(a):\n    assert a.grad == math.tanh(2.0)\n", [(2, "a.grad == math.tanh(2.0)", "math.tanh(2.0)")]),
    ("def test_it(a):\n    assert 0.1 + 0.2 != a.data\n", [(2, "0.1 + 0.2 != a.data", "0.1")]),
    # a parametrize column
    ('@pytest.mark.parametrize("x,want", [(1.0, 0.5), (2.0, math.exp(2.0))])\ndef test_it(x, want):\n'
     '    assert f(x) == want\n', [(3, "f(x) == want", "math.exp(2.0)")]),
    # a table's row unpacked, the item at the name's place
    ('CASES = {"a": (1, math.log(2.5)), "b": (2, 0.5)}\n\ndef test_it(name):\n    n, value = CASES[name]\n'
     '    assert g(n) == value\n', [(5, "g(n) == value", "math.log(2.5)")]),
    # unittest's exact check, a literal that is no short binary fraction
    ("class T:\n    def test_it(self):\n        self.assertEqual(v.data, 0.9785681127687023)\n",
     [(3, "self.assertEqual(v.data, 0.9785681127687023)", "0.9785681127687023")]),
])
def test_a_float_worked_out_another_way_compared_with_eq_is_named(text, found):
    assert _read(text) == found


@pytest.mark.parametrize("line", [
    "assert a.grad == 1",  # whole numbers: exact on every correct engine
    "assert a.grad == 0.25 and b.grad == -3.0",  # short binary fractions: exact too
    "assert a.grad == pytest.approx(math.tanh(2.0))",  # a tolerance
    "assert math.isclose(a.grad, math.exp(1.3))",
    "assert abs(a.grad - math.exp(1.3)) < 1e-9 or a.grad == math.exp(1.3)",  # one side of an `or`
    'assert str(a) == "Value(data=0.1)"',  # a string
    "assert a.grad < math.exp(1.3)",  # not an equality
    "assert a.grad == want",  # a name bound nowhere the file shows
])
def test_an_exact_or_tolerant_comparison_is_not_named(line):
    assert vacuous_asserts({"test_engine.py": f"def test_it(a, want):\n    {line}\n".encode()}) == []


# -- 10-neuron: a backward() run twice, whatever order the neuron adds in ------------------------------------------


def _load(name, path):
    """The module at PATH, loaded under NAME (a suite's folder has a hyphen, so it is no package to import)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("order,activation", [("bias-first", "tanh"), ("sum-of-list", "relu"), ("nested", "tanh")])
def test_a_backward_run_twice_gives_whole_multiples_in_any_order(order, activation):
    """Fresh neurons built three ways (the bias added first, a `sum` of a list from 0, products nested): run twice,
    every gradient is a whole multiple (its depth + 1) of one run's, and `_doubled` says so; once, or scaled by 1.5,
    it does not."""
    Value = _load("words39_engine", ROOT / "exercises" / "10-neuron" / "engine.py").Value
    doubled = _load("words39_neuron", ROOT / "grader" / "suites" / "10-neuron" / "test_neuron.py")._doubled
    point = {"x1": 2.0, "x2": -1.0, "w1": 0.5, "w2": -1.5, "b": 0.25}

    def gradients(runs):
        v = {n: Value(x) for n, x in point.items()}
        if order == "bias-first":
            pre = v["b"] + v["w2"] * v["x2"] + v["w1"] * v["x1"]
        elif order == "sum-of-list":
            pre = sum([v["w1"] * v["x1"], v["w2"] * v["x2"], v["b"]])
        else:
            pre = (v["w1"] * v["x1"] + (v["w2"] * v["x2"] + v["b"]))
        y = pre.tanh() if activation == "tanh" else pre.relu()
        for _ in range(runs):
            y.backward()
        return {f"dy/d{n}": leaf.grad for n, leaf in v.items()}

    once = gradients(1)
    assert doubled(gradients(2), once)
    assert not doubled(once, once)
    assert not doubled({k: 1.5 * g for k, g in once.items()}, once)
    # not one constant ratio: the leaves deeper below y hold more
    assert len({round(g / once[k]) for k, g in gradients(2).items() if once[k]}) >= 2
