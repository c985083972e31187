"""Session 39's strangers of the exercises that are not the whole engine, graded by the real program in one batch.

Session 39's strangers of the exercises that are not the whole engine, graded by the real program in one batch.

`tests/fixtures/strangersx39/<exercise>/` holds 12 correct submissions written by hand in styles no earlier fixture
has: 03's tanh from exp(-2|x|) (no overflow) with its slope factored, (1 - t)(1 + t); 05's walk by generations, each
node's rule run once a `collections.Counter` of the nodes that use it reaches 0; a gradcheck judged by `math.isclose` (its abs_tol carrying atol + rtol * scale) whose central difference is the
`statistics.fmean` of the forward and backward slopes; networks whose forward pass is a pipeline of generators
(`Layer.stream`, parameters yielded by `_parameters()` generators) and folded by `functools.reduce` over the layers
(`itertools.pairwise` for the sizes); dual numbers with `__array_priority__`, an exact `Fraction(0)` derivative for
constants and every reflected operation written out, and as a `typing.NamedTuple` with a table of (g, g') rules in a
file with a UTF-8 BOM and CRLF line ends; a 09 test file of one table of cases run by `pytest.mark.parametrize` with
`ids`, fresh leaves from a fixture-like helper, and every gradient checked against the slope of the expression's own
forward pass; a neuron as a `dataclass(frozen=True)` of its five leaves, as a file and as a notebook (`%%time`); a
line fitted from (x, y) pairs unzipped by `zip(*...)`, as a file and as a notebook (`%load_ext autoreload`).
`PLANTED` puts one classic mistake of shared/course.md in a new guise in 8 of them.

What these found (before -> after):
- 11-fit-line: a loop that clears the gradients on even steps only lost 4 tests (6/13): step/second named it as a
  loop that never clears (on two steps the two loops agree), and train/converges, history/shape and
  history/diverges charged it again, as no named mistake's. mistakes.py names `cleared-every-other-step`, charged by
  step/second, and a later test is excused where the charging test's numbers are the mistake's loop's, though an
  earlier mistake's loop observes them too (mistakes.observes): 11/13, "Not charged again". Where a probe is too
  short to tell two loops apart, step/second's words name both ("Here they are also those of a loop that ...").
- 06-gradcheck: a Richardson extrapolation, (4 D(h) - D(2h)) / 3, is not the central difference with the h given
  the README asks for, and numerical/given-h says so (13/15): right, so the fixture takes the central difference.
- Every other correct submission scored full as written, with no finding; 09's table caught every buggy engine once
  two cases sent a node through two relus and two logs (a relu beside its input is caught by `=` in relu's rule only
  where the walk happens to run relu's rule last).

Left (pinned below as they are):
- 05-backward: the generations cut after the root's (`generation = following if generation[0] is self else []`)
  is named `direct-children-only` without a line, as 38's walk over a stack of iterators was before diag38b.
- 10-neuron: `backward()` called twice lost relu/positive, relu/more-points and tanh/points (11/16), without a word
  of why; since words39 relu/positive says every gradient is a whole multiple of PyTorch's (as a second run gives) and charges it
  once (14/16).
- 07-mlp-xor: a linear last layer squashed by relu (`z.relu()` where the neuron is not nonlin) lost 4 tests, 14/24
  (forward/mlp and backward/mlp read positive outputs only, where relu is the identity; parameters/zero-grad "could
  not be checked"); since diag40b mistakes.py's `last-layer-relu` is charged once, by train/course-loop, which names
  it (21/24; tests/test_diag40b.py).
- 09-write-tests: `assert y.data == value` fails on the correct engine for 2 of 36 cases by rounding
  (0.9785681127687026 against 0.9785681127687023), 0/38 as it should be; the message quotes the two numbers, and
  since words39 the hint `float-equality` names line 70's `==` on floats as the cause (tests/test_words39.py).

Graded in one module fixture, one `grade` per exercise (8 of them): 20 rows, the module 13.9 s of CPU (12.5 user +
1.4 sys, `/usr/bin/time python -m pytest -q -n 0 tests/test_strangersx39.py`, under load).
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_every_submission_is_in_a_table, assert_scored_and_named
from test_strangersx38 import solutions_class

FRESH = Path(__file__).parent / "fixtures" / "strangersx39"

# exercise -> id -> (the correct submission it is planted in, {file: [(text, replaced by), ...]})
PLANTED = {
    "03-tanh": {
        # the factored 1 - t**2 with its second factor left out: 1 - t
        "bug-factored-one-minus-t": ("correct-stable-exp-factored", {"engine.py": [
            ("self.grad += (1 - t) * (1 + t) * out.grad", "self.grad += (1 - t) * out.grad")]}),
    },
    "05-backward": {
        # the generations stop after the root's children: only the direct children's rules run
        "bug-generations-direct-children-only": ("correct-counter-generations", {"engine.py": [
            ("            generation = following\n", "            generation = following if generation[0] is self else []\n")]}),
    },
    "06-gradcheck": {
        # the judge made relative to the analytic gradient only, and 0 where that is 0: a wrong 0 passes
        "bug-isclose-relative-to-analytic": ("correct-isclose-judge", {"gradcheck.py": [
            ("math.isclose(analytic, numeric, rel_tol=0.0, abs_tol=atol + rtol * bigger))",
             "(gap / math.fabs(analytic) if analytic else 0.0) <= rtol)")]}),
    },
    "07-mlp-xor": {
        # the linear last layer squashed by a relu
        "bug-reduce-last-layer-relu": ("correct-reduce-layers", {"nn.py": [
            ("return z.tanh() if self.nonlin else z\n", "return z.tanh() if self.nonlin else z.relu()\n")]}),
    },
    "08-dual-numbers": {
        # c / (b, b') written as (b, b') / c
        "bug-fraction-rtruediv-reversed": ("correct-array-priority-fraction", {"dual.py": [
            ("return Dual(other / self.value, -other * self.deriv / (self.value * self.value))",
             "return Dual(self.value / other, self.deriv / other)")]}),
    },
    "09-write-tests": {
        # every case's value compared with `==` to a number worked out with math: some agree to the last bit, others
        # differ by rounding on the correct engine
        "bug-parametrize-float-equality": ("correct-parametrize-ids", {"test_engine.py": [
            ("    assert close(y.data, value), f", "    assert y.data == value, f")]}),
    },
    "10-neuron": {
        # backward() twice "to be sure": every gradient counted more than once
        "bug-frozen-backward-twice": ("correct-frozen-dataclass", {"neuron.py": [
            ("    y.backward()\n", "    y.backward()\n    y.backward()  # once more, to be sure\n")]}),
    },
    "11-fit-line": {
        # the gradients cleared on even steps only
        "bug-zip-zero-grad-every-other-step": ("correct-zip-batches", {"fit_line.py": [
            ("    for _ in range(steps):", "    for step in range(steps):"),
            ("        for p in params:\n            p.grad = 0.0",
             "        for p in params if step % 2 == 0 else ():\n            p.grad = 0.0")]}),
    },
}

# exercise -> id -> (score, the tests not passed or how many, diagnosis)
TABLES = {
    "03-tanh": {
        "correct-stable-exp-factored": (17.0, [], []),
        "bug-factored-one-minus-t": (10.5, ["saturation/five", "saturation/large-input", "saturation/minus-eight",
                                            "tanh/int-data", "tanh/negative", "tanh/two"],
                                     [("variant", "tanh-one-minus-t", "exact")]),
    },
    "05-backward": {
        "correct-counter-generations": (25.0, [], []),
        "bug-generations-direct-children-only": (8.0, ["deep/10000-chain", "deep/long-sum", "graph/micrograd-sanity",
                                                       "graph/random", "once/ladder", "once/shared-intermediate",
                                                       "order/chain", "order/nested-diamonds",
                                                       "order/reused-intermediate"],
                                                 [("variant", "direct-children-only", "exact")]),
    },
    "06-gradcheck": {
        "correct-isclose-judge": (15.0, [], []),
        "bug-isclose-relative-to-analytic": (14.0, ["gradcheck/detached"], []),
    },
    "07-mlp-xor": {
        "correct-generator-pipeline": (24.0, [], []),
        "correct-reduce-layers": (24.0, [], []),
        # diag40b: charged once, by train/course-loop, which names it (mistakes.py's last-layer-relu); before, 14/24:
        # the course's seed, train_xor and parameters/zero-grad ("could not be checked") too, nothing named.
        # forward/mlp's and backward/mlp's outputs are positive, where relu is the identity
        "bug-reduce-last-layer-relu": (21.0, ["train/course-loop"], []),
    },
    "08-dual-numbers": {
        "correct-array-priority-fraction": (20.0, [], []),
        "correct-bom-crlf-namedtuple": (20.0, [], []),
        "bug-fraction-rtruediv-reversed": (18.0, ["rule/quotient"], []),
    },
    "09-write-tests": {
        "correct-parametrize-ids": (38.0, [], []),
        # reference/passes fails, and no catch is credited until it passes: 37 catches/ tests and from-scratch
        "bug-parametrize-float-equality": (0.0, 39, [("hint", "float-equality", None)]),
    },
    "10-neuron": {
        "correct-frozen-dataclass": (16.0, [], []),
        "correct-notebook-frozen": (16.0, [], []),
        # charged once, by relu/positive, which names it (words39; was 11/16, unnamed)
        "bug-frozen-backward-twice": (14.0, ["relu/positive"], []),
    },
    "11-fit-line": {
        "correct-zip-batches": (13.0, [], []),
        "correct-notebook-zip": (13.0, [], []),
        # before: 6/13, step/second, train/converges, history/shape and history/diverges
        "bug-zip-zero-grad-every-other-step": (11.0, ["step/second"], []),
    },
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH, planted=PLANTED)
            for exercise in TABLES}


def test_every_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def _said(row):
    return {t["name"]: t["output"] for t in row["tests"] if t["status"] != "passed"}


def test_what_the_planted_mistakes_say(rows):
    said = _said(rows["06-gradcheck"]["bug-isclose-relative-to-analytic"])
    assert said == {"gradcheck/detached": "gradcheck for Value(x.data ** 3) + x * 0 at 2 passes (ok=True; analytic 0.0, "
                    "numeric 12.0), but backprop's gradient is wrong here, and gradcheck is there to catch that"}
    said = _said(rows["09-write-tests"]["bug-parametrize-float-equality"])
    assert said["reference/passes"] == (
        "2 of 36 tests fail on the reference engine, which is correct: test_value_and_every_gradient[name='diamond']: "
        "AssertionError: diamond: 0.9785681127687026 is not 0.9785681127687023; "
        "test_value_and_every_gradient[name='shared-intermediate']: AssertionError: shared-intermediate: "
        "3.275390080624815 is not 3.275390080624814. A test must pass on a correct engine before failing on a buggy "
        "one counts.")
    said = _said(rows["08-dual-numbers"]["bug-fraction-rtruediv-reversed"])
    assert said == {"rule/quotient": "the value of f(x) = x / (x * x + 1) + 2 / x at x = 0.8 (the quotient rule): "
                    "expected 2.987804878, your Dual gives 0.887804878"}


def test_a_loop_cleared_every_other_step_is_charged_once(rows):
    row = rows["11-fit-line"]["bug-zip-zero-grad-every-other-step"]
    said = _said(row)
    # on two steps the loop is one that never clears: named so where it is charged
    assert said["step/second"].startswith(
        "w for train_line(2, 0.05): two steps from w = -1, b = 0: expected 0.8975, got 2.0975 (2 more values differ). "
        "Your numbers are those of a loop that never clears the gradients between steps.")
    # and the loop it is, which agrees with that one on two steps
    assert said["step/second"].endswith(
        "Here they are also those of a loop that clears the gradients on every other step only.")
    excused = {t["name"]: t["output"] for t in row["tests"] if t["output"].startswith("Not charged again")}
    assert sorted(excused) == ["history/diverges", "history/shape", "train/converges"]
    assert excused["train/converges"] == ("Not charged again: your numbers are those of a loop that clears the "
                                          "gradients on every other step only, which step/second already charges.")


def test_a_doubled_backward_is_named_and_charged_once(rows):
    """words39: every gradient a whole multiple of PyTorch's, named where relu/positive charges it, excused after."""
    row = rows["10-neuron"]["bug-frozen-backward-twice"]
    said = _said(row)
    # x1's gradient under w1*x1 inside the sum inside relu is 5 times PyTorch's (0.5): the second run adds 4 more
    assert said["relu/positive"] == (
        "dy/dx1 for y = relu(w1*x1 + w2*x2 + b) at x1 = 2, x2 = -1, w1 = 0.5, w2 = -1.5, b = 0.25 (relu input 2.75), "
        "against PyTorch: expected 0.5, got 2.5 (4 more values differ). Every gradient is a whole multiple (2 or more) "
        "of PyTorch's, as when backward() runs twice from y: the second run adds to the gradients the first left in "
        "every node, y's inputs twice, theirs three times, and so on down to the leaves. Call y.backward() once, on "
        "fresh leaves, and read the five gradients after it.")
    excused = {t["name"]: t["output"] for t in row["tests"] if t["output"].startswith("Not charged again")}
    assert excused == {name: "Not charged again: every gradient is a whole multiple of PyTorch's, as when backward() "
                             "runs twice, which relu/positive already charges." for name in ["relu/more-points",
                                                                                           "tanh/points"]}


@pytest.mark.parametrize("exercise,case,place", [
    # `self.grad += (1 - t) * out.grad`, the factored 1 - t**2 missing its (1 + t)
    ("03-tanh", "bug-factored-one-minus-t", ("engine.py", 72)),
    # left: a walk by generations of a Counter of users, cut after the root's: named, no line
    ("05-backward", "bug-generations-direct-children-only", (None, None)),
    # `assert y.data == value`, a float worked out with math (words39)
    ("09-write-tests", "bug-parametrize-float-equality", ("test_engine.py", 70)),
])
def test_a_finding_names_its_line(rows, exercise, case, place):
    finding = rows[exercise][case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line")) == place
