"""Session 40's diagnosis (diag40): an `=` for `+=` written through a gradient's setter that another module defines,
or through another name of the gradient.

overwrites.setter_calls read a file's own accessors only (accessors.grad_accessors): a mixin's `setGrad` in
mixins.py called in core.py's rules, a base class's `set_grad` in base.py called in engine.py's walk, a notebook's
class deriving from a `GradBase` of a file handed in beside it, were no setters where they were called, and
`self.setGrad(other.data * out.getGrad())` scored 38/63 with nothing said (the tape's walk: its variant with no
line). The accessors of the classes a file's classes derive from in the submission's other modules are now read too
(overwrites.inherited_accessors), and a rule a lambda calls (`out.rule = lambda: self._mul_rule(other, out)`) is a
rule (source_patterns._called_in_rules). A property that hands back the gradient's field (`@property def g(self):
return self._g`) is another name of the gradient (grad_names.grad_names): `self.g = o.data * out.g` is said.
tests/fixtures/diag40/engine holds the correct engines in three styles; each bug is planted here. No score moves.

10-neuron named any neuron whose every gradient is a whole multiple (2 or more) of PyTorch's a backward() run twice,
and excused the later gradient tests: backward() run three times, or run twice over a neuron that adds b twice (a
second mistake), were said so too. The multiples are now those of one run twice over one neuron's graph
(test_neuron._one_graph: the depths of a tree of `+`), or every gradient exactly twice (two graphs built on the same
leaves: its own words); any other multiples are charged where they differ, unnamed. tests/fixtures/diag40/10-neuron
holds three correct neurons; each mistake is planted here.

09-write-tests named a float compared with `==` where it is written in the comparison or bound to the name compared
(words39); one that reaches it as a loop's variable or a function's return value was not named, or named by the
call's literal argument (`0.7` of `tanh_slope(0.7)`). grader/diagnose/float_sources.py follows both now: three
fresh test files (unittest helpers, pytest loops over tables, a test class's zips), each beside its twin with a
tolerance. No score moves.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag37 import plant
from test_fresh_styles import LIMITS, _rows, assert_scored_and_named
from test_strangersx38 import solutions_class
from test_words39 import _check, _load

from grader.diagnose.overwrites import assign_grad
from grader.diagnose.student_asserts import vacuous_asserts
from grader.diagnose.source_tree import analysed
from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag40" / "engine"
PLANTED = {
    # a package: `class Value(GradAccess)` in core.py, the accessors in mixins.py
    "bug-mixin-pkg": ("mixin-pkg", "self.setGrad(self.getGrad() + other.data * out.getGrad())",
                      "self.setGrad(other.data * out.getGrad())"),
    # `class Value(base.Node)` after `import base`; the walk over the nodes' local derivatives sets with `=`
    "bug-base-tape": ("base-tape", "inp.set_grad(inp.get_grad() + d * node.get_grad())",
                      "inp.set_grad(d * node.get_grad())"),
    # a notebook's class deriving from gradbase.py's GradBase, the rules methods that lambdas call
    "bug-nb-base": ("nb-base", "self.setGradient(self.getGradient() + other.data * out.getGradient())",
                    "self.setGradient(other.data * out.getGradient())"),
}
ASSIGN = [("hint", "assign-grad", None)]
# id -> (score, how many tests not passed, diagnosis); before session 40 each bug had the same score and nothing
# said (bug-mixin-pkg, bug-nb-base) or its variant without a line (bug-base-tape)
TABLE = {
    "mixin-pkg": (63.0, 0, []),
    "base-tape": (63.0, 0, []),
    "nb-base": (63.0, 0, []),
    "bug-mixin-pkg": (38.0, 18, ASSIGN),
    "bug-base-tape": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-nb-base": (38.0, 18, ASSIGN),
}
# id -> (file, line, the explanation's first words)
PLACES = {
    "bug-mixin-pkg": ("engine/core.py", 36, "Line 36: `back` (in `__mul__`) calls `self.setGrad(...)` with a value "
                                            "that leaves out the gradient the node already had, which throws it away."),
    "bug-base-tape": ("engine.py", 85, "For y = a * a at a = 3, a.grad is 3.0, not 6.0."),
    "bug-nb-base": ("engine.ipynb", 18, "In cell 2: Line 18: `_mul_rule` calls `self.setGradient(...)` with a value "
                                        "that leaves out the gradient the node already had, which throws it away."),
}


def graded_with_plants(tmp, fresh, planted):
    """FRESH's correct engines and PLANTED's (id -> (the engine planted in, the line found once, its bug)) graded in
    TMP: {id: row}. A notebook's line is one string of a cell's source."""
    folder = tmp / "class"
    folder.mkdir()
    for case in sorted(fresh.iterdir()):
        shutil.copytree(case, folder / case.name)
    for case, (base, old, new) in planted.items():
        if (fresh / base / "engine.ipynb").exists():
            shutil.copytree(fresh / base, folder / case)
            notebook = folder / case / "engine.ipynb"
            text = notebook.read_text(encoding="utf-8")
            assert text.count(old) == 1
            notebook.write_text(text.replace(old, new), encoding="utf-8")
        else:
            plant(fresh / base, folder / case, [(old, new)])
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return graded_with_plants(tmp_path_factory.mktemp("diag40"), FRESH, PLANTED)


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([p.name for p in FRESH.iterdir()] + list(PLANTED))


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded"
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case", sorted(PLACES))
def test_each_inherited_setter_is_said_where_it_is_called(rows, case):
    file, line, words = PLACES[case]
    (entry,) = rows[case]["diagnosis"]
    assert (entry["file"], entry["line"]) == (file, line)
    assert entry["explanation"].startswith(words)


HEAD = ("class V:\n    def __init__(self, d, kids=()):\n        self.data = d\n        self._g = 0.0\n"
        "        self.kids = kids\n        self.back = lambda: None\n\n")
MUL = ("    def __mul__(self, o):\n        out = V(self.data * o.data, (self, o))\n\n        def back():\n"
       "            {first}\n            {second}\n        out.back = back\n        return out\n")
G_PROPERTY = "    @property\n    def g(self):\n        return self._g\n\n    @g.setter\n    def g(self, v):\n" \
             "        self._g = v\n\n"
# name -> (the class's accessors, the rule's sum, the rule's `=`, the line of the `=`)
NAMES = {
    # a property named `g` beside a `grad` property over the same field
    "g-property": (G_PROPERTY + "    @property\n    def grad(self):\n        return self._g\n\n",
                   "self.g = self.g + o.data * out.g", "self.g = o.data * out.g", 24),
    # ... beside `grad = property(lambda self: self._g)`
    "g-property-lambda-grad": (G_PROPERTY + "    grad = property(lambda self: self._g)\n\n",
                               "self.g = self.g + o.data * out.g", "self.g = o.data * out.g", 22),
    # a setter whose name does not say grad, over the field a `grad` property hands back (read before: kept)
    "set-g": ("    @property\n    def grad(self):\n        return self._g\n\n    def set_g(self, v):\n"
              "        self._g = v\n\n", "self.set_g(self.grad + o.data * out.grad)", "self.set_g(o.data * out.grad)", 19),
}


def _hints(text):
    tree = analysed(text, "engine.py")
    tree.deadline = float("inf")
    return [(h["hint"], h["line"]) for h in assign_grad(tree, tree.parents, "engine.py")]


@pytest.mark.parametrize("name", sorted(NAMES))
def test_another_name_of_the_gradient_is_read(name):
    accessors, total, assign, line = NAMES[name]
    second = "o.g = o.g + self.data * out.g" if "self.g" in total else "o.set_g(o.grad + self.data * out.grad)"
    assert _hints(HEAD + accessors + MUL.format(first=total, second=second)) == []
    assert _hints(HEAD + accessors + MUL.format(first=assign, second=second)) == [("assign-grad", line)]


def test_a_property_over_another_field_is_no_name_of_the_gradient():
    # `value` hands back the data, not the gradient: `self.value = ...` is no gradient's `=`
    accessors = "    @property\n    def grad(self):\n        return self._g\n\n    @property\n    def value(self):\n" \
                "        return self.data\n\n    @value.setter\n    def value(self, v):\n        self.data = v\n\n"
    rule = MUL.format(first="self.value = o.data * out.grad", second="self._g = self._g + out.grad")
    assert _hints(HEAD + accessors + rule) == []


# -- 10-neuron: a backward() run twice, and what only looks like one ------------------------------------------------
ROOT = Path(__file__).parent.parent
TWICE = ("    y.backward()\n", "    y.backward()\n    y.backward()\n")
PLANTED_10 = {"10-neuron": {
    "bug-functions-backward-twice": ("correct-functions", {"neuron.py": [TWICE]}),
    "bug-functions-backward-three-times": ("correct-functions", {"neuron.py": [
        ("    y.backward()\n", "    y.backward()\n    y.backward()\n    y.backward()\n")]}),
    # b added twice, and backward() twice: two mistakes
    "bug-closure-bias-twice-backward-twice": ("correct-closure", {"neuron.py": [
        TWICE, ("zip(weights, inputs)), bias)", "zip(weights, inputs)), bias) + bias")]}),
    # a second graph built on the same leaves, run backward() too: every gradient exactly twice
    "bug-leaf-table-two-graphs": ("correct-leaf-table", {"neuron.py": [
        ("    pre = reduce(add, terms)\n    return (pre.tanh() if activation == \"tanh\" else pre.relu()), table\n",
         "    return _out(table, activation), table\n\n\ndef _out(table, activation):\n"
         "    pre = reduce(add, [table[w] * table[x] for w, x in PAIRS] + [table[\"b\"]])\n"
         "    return pre.tanh() if activation == \"tanh\" else pre.relu()\n"),
        ("    out.backward()\n", "    out.backward()\n    _out(table, activation).backward()  # once more, to check\n")]}),
}}
GRADIENTS = ["relu/more-points", "relu/positive", "tanh/points"]
# id -> (score, the tests not passed, diagnosis); before: three runs 14/16 and b twice 10/16, each said to be
# backward() run twice; two graphs 14/16 said so too
TABLE_10 = {
    "correct-functions": (16.0, [], []),
    "correct-closure": (16.0, [], []),
    "correct-leaf-table": (16.0, [], []),
    "bug-functions-backward-twice": (14.0, ["relu/positive"], []),
    # three runs: charged once since mend40a (neuron_gradients' backward() count, own_values right), 11 -> 14/16
    "bug-functions-backward-three-times": (14.0, ["relu/positive"], []),
    "bug-closure-bias-twice-backward-twice": (9.0, ["graph/own-values"] + GRADIENTS, []),
    "bug-leaf-table-two-graphs": (14.0, ["relu/positive"], []),
}
SAID = {
    "bug-functions-backward-twice": "Every gradient is a whole multiple (2 or more) of PyTorch's, as when backward() "
                                    "runs twice from y",
    "bug-leaf-table-two-graphs": "Every gradient is exactly twice PyTorch's, as when two backward() passes add into "
                                 "the same five leaves (a second graph built on them, run backward() too). Call "
                                 "y.backward() once, on fresh leaves, and read the five gradients after it.",
}

RUNS = {"bug-functions-backward-three-times": "neuron_gradients calls backward() 3 times: each run adds to the "
                                              "gradients the runs before left in every node"}


@slow_fixture(scope="module")
def neurons(tmp_path_factory):
    return _rows(tmp_path_factory, "10-neuron", make=solutions_class, fresh=FRESH.parent, planted=PLANTED_10)


@pytest.mark.parametrize("case", sorted(TABLE_10))
def test_each_neuron_scores_and_is_named(neurons, case):
    assert sorted(neurons) == sorted(TABLE_10)
    assert_scored_and_named(neurons[case], TABLE_10[case])


@pytest.mark.parametrize("case", sorted(TABLE_10))
def test_only_two_passes_are_said_and_excused(neurons, case):
    said = {t["name"]: t["output"] for t in neurons[case]["tests"]}
    positive = said["relu/positive"]
    assert positive.startswith("dy/dx1 for y = relu(w1*x1 + w2*x2 + b) at x1 = 2, ") or case.startswith("correct")
    if case in SAID:
        assert SAID[case] in positive
        # excused: passed, with the words of the test that charges it
        assert {t["name"]: (t["status"], t["output"]) for t in neurons[case]["tests"] if t["name"] in GRADIENTS[::2]} \
            == {name: ("passed", "Not charged again: every gradient is a whole multiple of PyTorch's, as when "
                                 "backward() runs twice, which relu/positive already charges.") for name in GRADIENTS[::2]}
    elif case in RUNS:  # said by the count of runs, and excused with it (mend40a; tests/test_mend40a.py)
        assert RUNS[case] in positive
        assert {t["name"]: (t["status"], t["output"]) for t in neurons[case]["tests"] if t["name"] in GRADIENTS[::2]} \
            == {name: ("passed", "Not charged again: neuron_gradients calls backward() 3 times, and each run adds to "
                                 "the gradients the runs before left, which relu/positive already charges.")
                for name in GRADIENTS[::2]}
    else:
        assert "Every gradient" not in positive and "Not charged again" not in said["tanh/points"]


def _neuron(order, runs, *, bias_twice=False, graphs=1):
    """The five gradients of y = relu(w1*x1 + w2*x2 + b) at relu/positive's point, built with the exercise's engine:
    the sum in ORDER, backward() RUNS times, b added twice, or GRAPHS graphs built on the same leaves."""
    Value = _load("diag40_engine", ROOT / "exercises" / "10-neuron" / "engine.py").Value
    v = {n: Value(x) for n, x in {"x1": 2.0, "x2": -1.0, "w1": 0.5, "w2": -1.5, "b": 0.25}.items()}
    for _ in range(graphs):
        terms = [v["w1"] * v["x1"], v["w2"] * v["x2"], v["b"]] + [v["b"]] * bias_twice
        pre = sum(terms) if order == "sum" else sum(reversed(terms[1:]), terms[0])
        y = pre.relu()
        for _ in range(runs):
            y.backward()
    return {f"dy/d{n}": leaf.grad for n, leaf in v.items()}


@pytest.mark.parametrize("order", ["sum", "fold"])
def test_what_two_passes_give_and_what_they_do_not(order):
    passes = _load("diag40_neuron", ROOT / "grader" / "suites" / "10-neuron" / "test_neuron.py")._passes
    once = _neuron(order, 1)
    assert passes(_neuron(order, 2), once) == "one graph"
    assert passes(_neuron(order, 1, graphs=2), once) == "two graphs"
    assert passes(_neuron(order, 3), once) is None  # three runs: 3, 6, 10 times... no second run's depths
    assert passes(_neuron(order, 2, bias_twice=True), once) is None
    assert passes({k: 3 * g for k, g in once.items()}, once) is None  # every gradient 3 times: no neuron's depths
    assert passes({k: (2 if k == "dy/db" else 1) * g for k, g in once.items()}, once) is None
    assert passes(once, once) is None


# -- 09-write-tests: a float reaching `==` through a return value or a loop's variable -------------------------------
RETURNED = """import math
import unittest

from engine import Value


def tanh_slope(x):
    \"\"\"What d tanh(x)/dx should be, worked out by hand.\"\"\"
    return 1 - math.tanh(x) ** 2


class TestGradients(unittest.TestCase):
    def _exp_square_slope(self, x):
        return math.exp(x * x) * (1 + 2 * x * x)

    def test_tanh(self):
        a = Value(0.7)
        a.tanh().backward()
        self.assertEqual(a.grad, tanh_slope(0.7))

    def test_exp_of_a_square_times_its_input(self):
        x = Value(1.3)
        ((x * x).exp() * x).backward()
        self.assertEqual(x.grad, self._exp_square_slope(1.3))

    def test_mul(self):
        a, b = Value(2.0), Value(-3.0)
        (a * b).backward()
        self.assertEqual(a.grad, -3.0)
        self.assertEqual(b.grad, 2.0)
"""
LOOPED = """import math

from engine import Value

POINTS = [(0.7, 1 - math.tanh(0.7) ** 2), (0.0, 1.0), (-1.2, 1 - math.tanh(-1.2) ** 2)]
WANTS = {"exp": math.exp(0.4), "log": 1 / 2.5}


def test_tanh_points():
    for x, want in POINTS:
        a = Value(x)
        a.tanh().backward()
        assert a.grad == want, f"tanh'({x})"


def test_exp_and_log():
    a, b = Value(0.4), Value(2.5)
    a.exp().backward()
    b.log().backward()
    for name, want in WANTS.items():
        got = a.grad if name == "exp" else b.grad
        assert got == want


def test_mul():
    a, b = Value(2.0), Value(-3.0)
    (a * b).backward()
    for got, want in zip([a.grad, b.grad], [-3.0, 2.0]):
        assert got == want
"""
ZIPPED = """import math

from engine import Value


class TestNeuron:
    def test_sum_of_products(self):
        ws = [Value(0.3), Value(-0.6)]
        xs = [Value(1.1), Value(2.2)]
        out = (ws[0] * xs[0] + ws[1] * xs[1]).tanh()
        out.backward()
        for x, want in zip(xs, [w * (1 - math.tanh(-0.99) ** 2) for w in (0.25, -0.5)]):
            assert x.grad == want
        for i, want in enumerate(sorted([-0.5 * (1 - out.data ** 2), 0.25 * (1 - out.data ** 2)])):
            assert xs[1 - i].grad == want

    def test_seed(self):
        a = Value(2.0)
        a.backward()
        for want in (1, 1.0):
            assert a.grad == want
"""
TOLERANT = [("self.assertEqual(a.grad, tanh_slope(0.7))", "self.assertAlmostEqual(a.grad, tanh_slope(0.7))"),
            ("self.assertEqual(x.grad, self._exp_square_slope(1.3))",
             "self.assertTrue(math.isclose(x.grad, self._exp_square_slope(1.3)))"),
            ("assert a.grad == want, f", "assert math.isclose(a.grad, want), f"),
            ("        assert got == want\n\n", "        assert got == pytest.approx(want)\n\n"),
            ("            assert x.grad == want\n", "            assert abs(x.grad - want) < 1e-12\n"),
            ("            assert xs[1 - i].grad == want\n", "            assert xs[1 - i].grad == pytest.approx(want)\n")]
# file -> [(line, the comparison, the rounded part quoted)]; before: RETURNED's two quoted `0.7` and `1.3` (the call's
# argument), LOOPED's and ZIPPED's nothing
FLOATS = {
    "returned": (RETURNED, [(19, "self.assertEqual(a.grad, tanh_slope(0.7))", "math.tanh(x)"),
                            (24, "self.assertEqual(x.grad, self._exp_square_slope(1.3))", "math.exp(x * x)")]),
    # `zip([a.grad, b.grad], [-3.0, 2.0])`: exact, not named
    "looped": (LOOPED, [(13, "a.grad == want", "math.tanh(0.7)"), (22, "got == want", "math.exp(0.4)")]),
    # a comprehension's element through `zip`; `enumerate(sorted(...))` of what the engine gave (`out.data`: no float
    # worked out another way) and the seed's whole numbers are not named
    "zipped": (ZIPPED, [(13, "x.grad == want", "math.tanh(-0.99)")]),
}


def _floats(text):
    return [(h["line"], h["compared"], h["rounded"])
            for h in vacuous_asserts({"test_engine.py": text.encode()}) if h["hint"] == "float-equality"]


@pytest.mark.parametrize("name", sorted(FLOATS))
def test_a_float_reaching_eq_through_a_return_or_a_loop_is_named(name):
    text, found = FLOATS[name]
    assert _floats(text) == found
    for old, new in TOLERANT:
        text = text.replace(old, new)
    assert _floats(text) == []


@pytest.mark.slow
def test_grade_check_names_the_float_a_loop_hands_in(tmp_path):
    score, why, failing = _check(tmp_path, LOOPED)
    # the score is as before: the hint moves none
    assert score == ["Score on the visible tests: 5/9 points (7 of 11 tests pass). Hidden tests are graded after you "
                     "hand in."]
    assert failing == ["catches/mul-assign-not-accumulate", "catches/forward-order", "catches/recursive-topo",
                       "catches/rsub-order"]
    assert why[0] == (
        "why:  This test compares floats with `==`. Line 13 (`test_tanh_points`) reads `a.grad == want`, and the number "
        "it is compared with is a float worked out another way (`math.tanh(0.7)`). Two correct ways of computing the "
        "same number often differ in the last digits (0.1 + 0.2 is 0.30000000000000004), so this check holds only by "
        "luck, on the engine it was written on, and may fail on another correct one. Compare with a tolerance: "
        "`math.isclose(a.grad, want, rel_tol=1e-9)` or `a.grad == pytest.approx(want)`.")
    assert len(why) == 2
