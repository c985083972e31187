"""Session 38's strangers of the exercises that are not the whole engine, graded by the real program in one batch.

`tests/fixtures/strangersx38/<exercise>/` holds 20 correct submissions written by hand in styles no earlier fixture
has: 01's mul rule as a loop over `zip((self, other), (other.data, self.data))`; 02's rules adding through one
helper (`_add_into(node, amount)`); 03's tanh as sech² of the input, `1 / cosh(x) ** 2`; 04's exp and log through a
`_unary(y, slope)` helper and every derived op by `-1 *` and `** -1`; 05's walk a generator over a stack of
iterators; gradchecks in Windows-1252 with a coding line and German names (a stencil of (step, weight) pairs), and
built from closures (a differencer made for h, a judge made for two tolerances); networks whose numbers live in one
flat list every module is a window onto (`w` and `b` index views), split over two files (`units.py` beside nn.py),
and made by `type(name, bases, namespace)` with no `class` statement; dual numbers as 2x2 matrices (a quotient by
the inverse), with `__slots__` and a decorator that chains each function's derivative in, and as a Taylor series cut
after ε (a product by convolution); a unittest case of a table of hand-worked expressions and seeded loops against
the slope of the engine's own forward pass; neurons folded by `functools.reduce`, written in a notebook as free
functions beside the engine (`%timeit`), and in French in Windows-1252 with CRLF line ends; lines fitted by an
optimizer of closures (`clear, step = sgd(params, lr)`), with the loss in a `losses.py` beside it, and in a notebook
whose training is a generator of (w, b, loss) (`%%capture` of a `!pip`, `%%time`). `PLANTED` puts one classic
mistake of shared/course.md in a new guise in 20 of them.

What these found (before -> after):
- 10-neuron: a `largest_relative_difference` whose scale is `max(g, r)`, not `max(|g|, |r|)`, scored 16/16: no
  planted difference of compare/planted was the largest on a negative pair. compare/planted now plants 10% on
  dy/dx1 (negative) beside 5% on dy/db: 14/16, "expected 0.0909090909 ..., got 0.0476190476".
- 02-accumulate: `=` in the one helper every rule adds through (`node.grad = amount`, called `_add_into(self,
  out.grad)`) was named `assign-not-accumulate-everywhere` without a line; the assign-grad reading now follows a
  helper's parameter to the calls that hand it a gradient without the node's own (diagnose/overwrites.helper_writes):
  line 15.
- Every other correct submission scored full as written, with no finding; every planted mistake loses the points
  of its test(s), once (the later ones "Not charged again"), and the engine exercises' ones are named by variant.

Left: 01-mul-backward's `mul-own-data` is named without a line (that suite has no where_written probe, which places
a rule in the engine suite; adding one changes its stored runs); 05's walk that pushes a child whether or not it was
seen, over a stack of iterators, is named `no-visited` without a line. 09's `assert (cond, message)`, a tuple that
always holds (Python's SyntaxWarning says so), loses each catch it would have made, 24 of them; nothing said why
(no diagnosis ran on a test file) until session 38's words38: the hint `tuple-assert` names line 63
(grader/diagnose/student_asserts.py).

Graded in one module fixture, one `grade` per exercise (11 of them): 40 rows, the module 19.0 s of CPU (16.8 user +
2.2 sys, `/usr/bin/time python -m pytest -q -n 0 tests/test_strangersx38.py`, under load 19 on two cores).
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import FILE, _rows, assert_every_submission_is_in_a_table, assert_scored_and_named
from test_strangers23 import _planted
from test_strangers24 import _entry

FRESH = Path(__file__).parent / "fixtures" / "strangersx38"
ROOT = Path(__file__).parent.parent

# exercise -> id -> (the correct submission it is planted in, {file: [(text, replaced by), ...]})
PLANTED = {
    "01-mul-backward": {
        "bug-zip-locals-own-data": ("correct-zip-locals", {"engine.py": [
            ("zip((self, other), (other.data, self.data))", "zip((self, other), (self.data, other.data))")]}),
    },
    "02-accumulate": {
        # the one helper every rule adds through, overwriting
        "bug-pending-sum-overwrites": ("correct-pending-sum", {"engine.py": [
            ("    node.grad = node.grad + amount", "    node.grad = amount")]}),
    },
    "03-tanh": {
        # 1 - x**2 from the input x, where sech(x)**2 is 1 - tanh(x)**2
        "bug-cosh-one-minus-input-squared": ("correct-cosh-input", {"engine.py": [
            ("sech2 = 1 / math.cosh(x) ** 2 if abs(x) < 350 else 0.0", "sech2 = 1 - x ** 2")]}),
    },
    "04-more-ops": {
        "bug-via-exp-log-rtruediv-order": ("correct-via-exp-log", {"engine.py": [
            ("        return self ** -1 * other", "        return other ** -1 * self")]}),
    },
    "05-backward": {
        # a child pushed whether or not it was seen: no visited set
        "bug-generator-no-visited": ("correct-generator-postorder", {"engine.py": [
            ("                    if id(child) not in seen:\n                        seen.add(id(child))\n"
             "                        stack.append((child, iter(child._prev)))\n                        break\n",
             "                    stack.append((child, iter(child._prev)))\n                    break\n")]}),
    },
    "06-gradcheck": {
        # a one-sided difference: (f(x + h) - f(x)) / h, with weights (+1: 1, 0: -1)
        "bug-cp1252-one-sided": ("correct-cp1252-weights", {"gradcheck.py": [
            ("STENCIL = ((+1, 0.5), (-1, -0.5))", "STENCIL = ((+1, 1.0), (0, -1.0))")]}),
        # the tolerance loosened inside: every rtol below 1e-2 raised to it
        "bug-closure-judge-loose-rtol": ("correct-closure-judge", {"gradcheck.py": [
            ("    def verdict(analytic, numeric):\n", "    rtol = max(rtol, 1e-2)\n\n    def verdict(analytic, numeric):\n")]}),
    },
    "07-mlp-xor": {
        "bug-split-zero-grad-weights-only": ("correct-split-two-files", {"nn.py": [(
            "    def parameters(self):\n        return [p for layer",
            "    def zero_grad(self):\n        for layer in self.layers:\n            for n in layer.neurons:\n"
            "                for w in n.w:\n                    w.grad = 0\n\n"
            "    def parameters(self):\n        return [p for layer")]}),
        "bug-type-built-last-layer-tanh": ("correct-type-built", {"nn.py": [
            ("nonlin=i < len(nouts) - 1, rng=rng)", "nonlin=True, rng=rng)")]}),
        "bug-flat-update-uphill": ("correct-flat-index-views", {"nn.py": [
            ("p.data -= lr * p.grad", "p.data = p.data + lr * p.grad")]}),
    },
    "08-dual-numbers": {
        "bug-matrix-inverse-sign": ("correct-matrix-form", {"dual.py": [
            ("return ((1 / a, -b / (a * d)), (0.0, 1 / d))", "return ((1 / a, b / (a * d)), (0.0, 1 / d))")]}),
        "bug-series-tanh-one-minus-t": ("correct-truncated-series", {"dual.py": [
            ("lambda a: 1.0 - math.tanh(a) ** 2)", "lambda a: 1.0 - math.tanh(a))")]}),
        "bug-slots-relu-at-zero": ("correct-slots-chain-decorator", {"dual.py": [
            ("@chained(lambda a: float(a > 0))", "@chained(lambda a: float(a >= 0))")]}),
    },
    "09-write-tests": {
        # the helper's check made a tuple: `assert (cond, message)` always holds
        "bug-unittest-tuple-assert": ("correct-unittest-seeded-loops", {"test_engine.py": [
            ('self.assertTrue(math.isclose(got, want, rel_tol=rel, abs_tol=abs_), f"{got} is not {want}")',
             'assert (math.isclose(got, want, rel_tol=rel, abs_tol=abs_), f"{got} is not {want}")')]}),
    },
    "10-neuron": {
        # relu's dead side read as agreement where only one of the two is 0: the zero test on g alone
        "bug-cp1252-skips-one-zero": ("correct-cp1252-crlf", {"neuron.py": [
            ("écarts.append(abs(g - r) / échelle if échelle else 0.0)",
             "écarts.append(abs(g - r) / échelle if g else 0.0)")]}),
        "bug-reduce-max-without-abs": ("correct-reduce-fold", {"neuron.py": [
            ("scale = max(abs(g), abs(r))", "scale = max(g, r)")]}),
        "bug-notebook-tanh-read-as-relu": ("correct-notebook-cells", {"neuron.ipynb": [
            ("return getattr(z, activation)(), v", "return z.relu(), v")]}),
    },
    "11-fit-line": {
        "bug-closure-clears-w-only": ("correct-closure-optimizer", {"fit_line.py": [
            ("        for p in params:\n            p.grad = 0.0", "        params[0].grad = 0.0")]}),
        # the learning rate's sign flipped where the generator is made: every step uphill
        "bug-notebook-descent-negated-rate": ("correct-notebook-generator", {"fit_line.ipynb": [
            ("descent(learning_rate)):", "descent(-learning_rate)):")]}),
        "bug-split-sum-not-mean": ("correct-split-loss-module", {"losses.py": [
            (" * (1.0 / len(squares))", "")]}),
    },
}

# exercise -> id -> (score, the tests not passed or how many, diagnosis)
TABLES = {
    "01-mul-backward": {
        "correct-zip-locals": (14.0, [], []),
        # every test of the exercise multiplies: all 12 lose, engine/from-scratch waits for a first point
        "bug-zip-locals-own-data": (0.0, 12, [("variant", "mul-own-data", "exact")]),
    },
    "02-accumulate": {
        "correct-pending-sum": (18.0, [], []),
        "bug-pending-sum-overwrites": (0.0, 12, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    },
    "03-tanh": {
        "correct-cosh-input": (17.0, [], []),
        "bug-cosh-one-minus-input-squared": (10.0, ["saturation/five", "saturation/large-input",
                                                    "saturation/minus-eight", "tanh/int-data", "tanh/negative",
                                                    "tanh/two"], [("variant", "tanh-input", "exact")]),
    },
    "04-more-ops": {
        "correct-via-exp-log": (30.0, [], []),
        "bug-via-exp-log-rtruediv-order": (28.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    },
    "05-backward": {
        "correct-generator-postorder": (25.0, [], []),
        "bug-generator-no-visited": (14.0, ["graph/micrograd-sanity", "graph/random", "once/ladder",
                                            "once/shared-intermediate", "order/nested-diamonds",
                                            "order/reused-intermediate"], [("variant", "no-visited", "style")]),
    },
    "06-gradcheck": {
        "correct-closure-judge": (15.0, [], []),
        "correct-cp1252-weights": (15.0, [], []),
        "bug-closure-judge-loose-rtol": (13.0, ["gradcheck/half-a-percent"], []),
        "bug-cp1252-one-sided": (12.0, ["numerical/known-functions"], []),
    },
    "07-mlp-xor": {
        "correct-flat-index-views": (24.0, [], []),
        "correct-split-two-files": (24.0, [], []),
        "correct-type-built": (24.0, [], []),
        "bug-type-built-last-layer-tanh": (22.0, ["forward/mlp"], []),
        "bug-flat-update-uphill": (21.0, ["train/train-xor"], []),
        "bug-split-zero-grad-weights-only": (22.0, ["parameters/zero-grad"], []),
    },
    "08-dual-numbers": {
        "correct-matrix-form": (20.0, [], []),
        "correct-slots-chain-decorator": (20.0, [], []),
        "correct-truncated-series": (20.0, [], []),
        "bug-series-tanh-one-minus-t": (19.0, ["rule/tanh"], []),
        "bug-matrix-inverse-sign": (18.0, ["rule/quotient"], []),
        "bug-slots-relu-at-zero": (19.0, ["rule/relu"], []),
    },
    "09-write-tests": {
        "correct-unittest-seeded-loops": (38.0, [], []),
        # each engine the tests still catch by an assertEqual of theirs keeps its point (14 of 38); the 24 that
        # only the helper's tuple `assert` would catch are lost, each by its own catches/ test, and the line is named
        # (before: nothing said why; grader/diagnose/student_asserts.py)
        "bug-unittest-tuple-assert": (14.0, 24, [("hint", "tuple-assert", None)]),
    },
    "10-neuron": {
        "correct-notebook-cells": (16.0, [], []),
        "correct-reduce-fold": (16.0, [], []),
        "correct-cp1252-crlf": (16.0, [], []),
        "bug-cp1252-skips-one-zero": (15.0, ["compare/zero-against-nonzero"], []),
        "bug-notebook-tanh-read-as-relu": (14.0, ["tanh/points"], []),
        # 16/16 before: no planted difference was the largest on a negative pair
        "bug-reduce-max-without-abs": (14.0, ["compare/planted"], []),
    },
    "11-fit-line": {
        "correct-closure-optimizer": (13.0, [], []),
        "correct-split-loss-module": (13.0, [], []),
        "correct-notebook-generator": (13.0, [], []),
        # step/second, train/converges and the history tests excused: "Not charged again: ... which step/first
        # already charges"
        "bug-notebook-descent-negated-rate": (11.0, ["step/first"], []),
        "bug-closure-clears-w-only": (11.0, ["step/second"], []),
        "bug-split-sum-not-mean": (11.0, ["loss/mean"], []),
    },
}


def solutions_class(folder, exercise, fresh, planted):
    """The exercise's class: each correct submission of FRESH/<exercise> as handed in (a notebook as `<case>.ipynb`;
    files beside the exercise's given engine where they bring none), and each of PLANTED's mistakes (strangersx39's
    class too)."""
    given = ROOT / "exercises" / exercise / "engine.py"
    cases = {case.name: case for case in sorted((fresh / exercise).iterdir())}
    for case, (base, files) in {**{c: (c, {}) for c in cases}, **planted.get(exercise, {})}.items():
        notebook = _entry(cases[base])
        if notebook is not None:
            patches = files.get(notebook.name, [])
            (folder / f"{case}.ipynb").write_bytes(_planted(notebook.read_bytes(), patches, case))
            continue
        shutil.copytree(cases[base], folder / case)
        for name, patches in files.items():
            path = folder / case / name
            path.write_bytes(_planted(path.read_bytes(), patches, case))
        if not (folder / case / "engine.py").exists():
            shutil.copy(given, folder / case / "engine.py")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH, planted=PLANTED)
            for exercise in TABLES}


def test_every_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


@pytest.mark.parametrize("exercise,case,place", [
    ("03-tanh", "bug-cosh-one-minus-input-squared", ("engine.py", 70)),  # `sech2 = 1 - x ** 2`
    ("04-more-ops", "bug-via-exp-log-rtruediv-order", ("engine.py", 148)),  # `return other ** -1 * self`
    # before: none; `node.grad = amount` in the helper every rule adds through (`_add_into(self, out.grad)`)
    ("02-accumulate", "bug-pending-sum-overwrites", ("engine.py", 15)),
    # left: the exercise's suite has no where_written probe (the engine suite's), so no op's rule is placed
    ("01-mul-backward", "bug-zip-locals-own-data", (None, None)),
    # a walk over a stack of iterators that pushes a child whether or not it was seen: the push in the loop (before:
    # none, the root's `iter(root._prev)` before the loop was a second place; diag38b)
    ("05-backward", "bug-generator-no-visited", ("engine.py", 74)),
    # before: nothing; `assert (math.isclose(...), f"...")` in the helper every check calls (session 38, words38)
    ("09-write-tests", "bug-unittest-tuple-assert", ("test_engine.py", 63)),
])
def test_a_finding_names_its_line(rows, exercise, case, place):
    finding = rows[exercise][case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line")) == place


def test_what_a_planted_mistake_of_the_other_exercises_says(rows):
    said = {(exercise, case): [t["output"] for t in rows[exercise][case]["tests"] if t["status"] != "passed"]
            for exercise, case in [("10-neuron", "bug-reduce-max-without-abs"), ("06-gradcheck", "bug-cp1252-one-sided"),
                                   ("07-mlp-xor", "bug-split-zero-grad-weights-only")]}
    assert said[("10-neuron", "bug-reduce-max-without-abs")] == [
        "largest_relative_difference with dy/dx1 = -1.65 against -1.5 (10%) and dy/db = 0.525 against 0.5 (5%): "
        "expected 0.0909090909 (the largest |g - r| / max(|g|, |r|) over the five gradients), got 0.0476190476"]
    # the weights (+1: 1, 0: -1) of a stencil read in cp1252 are named as what they compute
    assert said[("06-gradcheck", "bug-cp1252-one-sided")] == [
        "numerical_grad for exp at 1: expected 2.718281828 to within 2e-09 relative, got 2.718283. With the h given, "
        "your numerical_grad computes (f(x + h) - f(x)) / h: central differences are (f(x + h) - f(x - h)) / 2h, "
        "with h near 1e-6."]
    # MLP.zero_grad overriding Module's, over each layer's neurons' weights: the biases named
    assert said[("07-mlp-xor", "bug-split-zero-grad-weights-only")] == [
        "MLP(2, [3, 1]): backward() of a loss, then zero_grad(); every parameter's grad: 4 of 13 grads are not 0 "
        "after zero_grad(), and they are the biases, one per neuron (each neuron's last parameter, in parameters() "
        "order): your zero_grad() clears the weights and leaves every bias's gradient, which the next backward() "
        "adds to. Set the grad of every parameter, `for p in self.parameters(): p.grad = 0`"]


_HELPER = """class Value:
    def __init__(self, data, _children=()):
        self.data, self.grad, self._prev, self._backward = data, 0.0, _children, lambda: None

{helper}
    def __mul__(self, other):
        out = Value(self.data * other.data, (self, other))

        def _backward():
{calls}
        out._backward = _backward
        return out
"""


@pytest.mark.parametrize("helper,calls,lines", [
    # a method the rules call, `self` handed first: its `=` is the place
    ("    def _pass(self, node, amount):\n        node.grad = amount\n",
     "            self._pass(self, other.data * out.grad)\n            self._pass(other, self.data * out.grad)\n", [6]),
    # a function of the module, handed the sum by every call: no `=` thrown away
    ("    pass\n\n\ndef _set(node, total):\n    node.grad = total\n",
     "            _set(self, self.grad + other.data * out.grad)\n"
     "            _set(other, other.grad + self.data * out.grad)\n", []),
    # the helper adds: right
    ("    def _pass(self, node, amount):\n        node.grad = node.grad + amount\n",
     "            self._pass(self, other.data * out.grad)\n", []),
])
def test_a_helper_every_rule_hands_a_gradient_to_overwrites_where_it_assigns(helper, calls, lines):
    from grader.diagnose.hints import static_hints

    source = _HELPER.format(helper=helper, calls=calls)
    assert [h.get("line") for h in static_hints({"engine.py": source.encode()}) if h["hint"] == "assign-grad"] == lines
