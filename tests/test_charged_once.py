"""Session 21's fresh samples: each mistake charged once, where one op is built on another of the student's
and where a training loop's mistake shows in every test that trains.

`tests/fixtures/charged-once/engine/` holds correct engines that build ops on each other in ways no other
fixture has (tanh from exp by closures; tanh as 2 * sigmoid(2x) - 1 over a sigmoid of their own, in a
dataclass; `-a` as `0 - a` over the one subtraction written out, with (parent, local derivative) edges and
Kahn's walk; `-a`, `a / 4` and relu all on `a * constant`, with rules that return the gradients); `PLANTED`
plants one mistake in an *inner* op of each, and in the reference (micrograd's own compositions). An outer op
right as written over it is excused on its own test, with words that name the inner op; an outer op wrong
itself (`2 / a` as `a * 2 ** -1`, or a rule of its own added to the node its inner op made) still loses its
test. The engine suite's `composition` probe observes, in the sandbox, which of the student's own ops each op
calls (grader/suites/shared_probes.py); grader/judge/composition.py replays each such program on exact
derivatives and judge/charging.py follows an op right as written to the ops it is built on.

Before the fix (main at 344153b) every op built on a wrong one lost its own tests too: the two exp-input
engines 57/63 (tanh's four tests), rsub-order 60 (neg/values, sub/values), mul-constant-no-factor 58
(neg/values, sub/values, sub/constant, div/constant), pow-no-minus-one 59 (div/values, div/constant),
rtruediv-order-and-pow 59 (div/values); now 61, 61, 62, 62, 61 and 60. div-own-rule-and-pow held at 59.

`tests/fixtures/charged-once/11-fit-line/`: training loops in two fresh styles (a list of parameters with a
loss summed point by point and Values handed back; a dict of parameters that never clears its gradients),
with the update's sign planted: each named mistake of the loop (grader/suites/11-fit-line/mistakes.py) is
charged by the first test that shows it (test_fit_line.CHARGED_BY), 11/13; before, by every test that trains
(6/13 and 4/13).
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _planted  # one way to plant a mistake in a fixture's text

from grader.judge.composition import delegates, natives
from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "charged-once"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
_POW = ("self.grad += k * self.data ** (k - 1) * out.grad", "self.grad += k * self.data ** k * out.grad")
_EDGE_POW = ("[(self, k * self.data ** (k - 1))])  # POW", "[(self, k * self.data ** k)])  # POW")
_EXP = ("self.grad += out.data * out.grad  # EXP-RULE", "self.grad += self.data * out.grad  # EXP-RULE")

# case -> (the fixture it is made from, or "reference" for reference/engine.py; (old, new) patches)
PLANTED = {"engine": {
    "bug-closure-exp-input": ("correct-closure-tanh-on-exp", [_EXP]),
    "bug-dataclass-exp-input": ("correct-dataclass-tanh-on-sigmoid", [_EXP]),
    "bug-edges-rsub-order": ("correct-edges-neg-on-rsub", [("Value(other - self.data, [(self, -1.0)])",
                                                            "Value(self.data - other, [(self, 1.0)])")]),
    "bug-rules-mul-constant-no-factor": ("correct-rules-on-mul-constant", [("lambda g: (g * other,))  # MULC",
                                                                           "lambda g: (g,))  # MULC")]),
    "bug-micro-pow-no-minus-one": ("reference", [_POW]),
    "bug-micro-rtruediv-order-and-pow": ("reference", [_POW, ("        return other * self**-1\n",
                                                              "        return self * other**-1\n")]),
    "bug-micro-div-own-rule-and-pow": ("reference", [_POW, ("""        return self * other**-1
        # END SOLUTION

    def __rtruediv__""", """        out = self * other**-1
        inner = out._backward

        def _backward():
            inner()
            self.grad += out.grad  # a rule of its own, added
        out._backward = _backward
        return out
        # END SOLUTION

    def __rtruediv__""")]),
    # review21's samples: an op whose own code changes a node in place (a list of edges), or an input, is an op of
    # its own; an op that raised inside a call of its own is charged as itself too
    "bug-edge-list-pow-k": ("correct-edge-list-div-on-pow", [_EDGE_POW]),
    "bug-edge-list-div-adds-edge-and-pow": ("correct-edge-list-div-on-pow", [_EDGE_POW, (
        "        return self * o ** -1  # DIV\n",
        "        out = self * o ** -1  # DIV\n        out._edges.append((o, 1.0))\n        return out\n")]),
    "bug-micro-div-grad-on-input-and-pow": ("reference", [_POW, ("        return self * other**-1\n",
                                                                 "        out = self * other**-1\n"
                                                                 "        other.grad += 1\n        return out\n")]),
    "bug-micro-div-constant-pow-of-constant": ("reference", [("        return self * other**-1\n",
                                                              "        return type(self).__mul__(self, "
                                                              "Value.__pow__(other, -1))\n")]),
}, "11-fit-line": {
    "bug-params-list-update-sign": ("correct-params-list", [("p.data = p.data - learning_rate * p.grad",
                                                             "p.data = p.data + learning_rate * p.grad")]),
}}
FILE = {"engine": "engine.py", "11-fit-line": "fit_line.py"}

# exercise -> id -> (score, the tests not passed)
EXPECTED = {"engine": {
    "bug-closure-exp-input": (61.0, ["exp/negative", "exp/values"]),
    "bug-dataclass-exp-input": (61.0, ["exp/negative", "exp/values"]),
    "bug-edges-rsub-order": (62.0, ["sub/constant"]),
    "bug-rules-mul-constant-no-factor": (62.0, ["mul/constant"]),
    "bug-micro-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"]),
    # `2 / a` written `a * 2 ** -1`: wrong as written, charged, over the wrong `**` that `a / b` is excused for
    "bug-micro-rtruediv-order-and-pow": (60.0, ["div/constant", "pow/cube", "pow/fractional"]),
    # `a / b` adds a rule of its own to the node `*` made: an op of its own, charged beside the wrong `**`
    "bug-micro-div-own-rule-and-pow": (59.0, ["div/constant", "div/values", "pow/cube", "pow/fractional"]),
    "bug-edge-list-pow-k": (61.0, ["pow/cube", "pow/fractional"]),
    # main at a98aed7: 61 and 60 (div/values excused: the edge appended in place, b's grad changed, went unseen)
    "bug-edge-list-div-adds-edge-and-pow": (59.0, ["div/constant", "div/values", "pow/cube", "pow/fractional"]),
    "bug-micro-div-grad-on-input-and-pow": (59.0, ["div/constant", "div/values", "pow/cube", "pow/fractional"]),
    # `a / 2` raises inside `Value.__pow__(2, -1)`: its own mistake, charged by div/constant once (main at a98aed7:
    # 57.25, every expression with `a / 2` charged again, followed to `**` alone)
    "bug-micro-div-constant-pow-of-constant": (62.0, ["div/constant"]),
    **{case: (63.0, []) for case in ["correct-closure-tanh-on-exp", "correct-edge-list-div-on-pow",
                                     "correct-dataclass-tanh-on-sigmoid",
                                     "correct-edges-neg-on-rsub", "correct-rules-on-mul-constant"]},
}, "11-fit-line": {
    "bug-dict-state-never-cleared": (11.0, ["step/second"]),
    "bug-params-list-update-sign": (11.0, ["step/first"]),
    "correct-params-list": (13.0, []),
}}


def _class(folder, exercise):
    """The fixtures of `exercise` and the planted cases, each with the reference's engine where it has none."""
    reference = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
    for source in (FIXTURES / exercise).iterdir():
        shutil.copytree(source, folder / source.name)
    for case, (base, patches) in PLANTED[exercise].items():
        text = reference if base == "reference" else (FIXTURES / exercise / base / FILE[exercise]).read_text(
            encoding="utf-8")
        (folder / case).mkdir()
        (folder / case / FILE[exercise]).write_text(_planted(text, patches, case), encoding="utf-8")
    for case in folder.iterdir():
        if not (case / "engine.py").exists():
            (case / "engine.py").write_text(reference, encoding="utf-8")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    out = {}
    for exercise in EXPECTED:
        tmp = tmp_path_factory.mktemp(f"charged-once-{exercise}")
        (tmp / "class").mkdir()
        _class(tmp / "class", exercise)
        result = grade(tmp / "class", exercise=exercise, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
        out[exercise] = {row["id"]: row for row in result.scores["submissions"]}
    return out


def _failing(row):
    return sorted(t["name"] for t in row["tests"] if t["status"] != "passed")


def _output(row, test):
    return next(t for t in row["tests"] if t["name"] == test)["output"]


def test_every_sample_is_in_the_table(rows):
    for exercise, table in EXPECTED.items():
        assert sorted(rows[exercise]) == sorted(table) == sorted(
            [p.name for p in (FIXTURES / exercise).iterdir()] + list(PLANTED[exercise]))


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in EXPECTED.items() for c in sorted(table)])
def test_each_sample_loses_its_own_mistakes_tests_once(rows, exercise, case):
    row = rows[exercise][case]
    assert (row["status"], row["score"], _failing(row)) == ("graded", *EXPECTED[exercise][case])


def test_an_op_built_on_a_wrong_op_is_excused_in_words_that_name_the_inner_op(rows):
    assert _output(rows["engine"]["bug-micro-pow-no-minus-one"], "div/values") == (
        "Not charged again: y = a / b at a = 3, b = 4: your engine builds `a / b` on your `a ** k` (k negative or "
        "fractional), which pow/fractional already charges.")
    assert _output(rows["engine"]["bug-closure-exp-input"], "tanh/zero") == (
        "Not charged again: y = tanh(x) at x = 0: your engine builds `tanh` on your `exp`, which exp/values "
        "already charges.")
    # `a - b` is `a + (-b)` and `-b` is `0 - b`: followed through both to the `2 - a` written out
    assert _output(rows["engine"]["bug-edges-rsub-order"], "sub/values") == (
        "Not charged again: y = a - b at a = 5, b = 2: your engine builds `a - b` on your `2 - a`, which "
        "sub/constant already charges.")


def test_an_op_wrong_as_written_is_charged_over_a_wrong_inner_op(rows):
    row = rows["engine"]["bug-micro-rtruediv-order-and-pow"]
    assert _output(row, "div/values").startswith("Not charged again: y = a / b at a = 3, b = 4: your engine builds")
    assert not _output(row, "div/constant").startswith("Not charged again")


# -- the judge's side, on observations written by hand ----------------------------------------------------------


def _observed(**ops):
    return {"a": 0.7, "b": 1.3, "ops": {op: {"op": outer, "calls": calls, "returns": returns, "raised": raised}
                                        for op, (outer, calls, returns, raised) in ops.items()}}


DIV = ["__truediv__", [["a"], ["b"]]]


def test_a_program_that_computes_its_op_is_a_composition_of_the_ops_it_calls():
    right = [["__pow__", [["b"], ["const", -1.0]]], ["__mul__", [["a"], ["call", 0.0]]]]
    assert delegates(_observed(div=(DIV, right, 1.0, -1.0))) == ({"div": frozenset({"mul", "pow-other"})}, {})
    # `a * b ** 1`: it computes something else, so `a / b` is an op of its own
    wrong = [["__pow__", [["b"], ["const", 1.0]]], ["__mul__", [["a"], ["call", 0.0]]]]
    assert delegates(_observed(div=(DIV, wrong, 1.0, -1.0))) == ({}, {})
    # a node of its own (returns -1), a leaf made from data (the gradient to b lost), a call that raised
    assert delegates(_observed(div=(DIV, right, -1.0, -1.0))) == ({}, {})
    leaf = [["__mul__", [["a"], ["leaf", 1 / 1.3]]]]
    assert delegates(_observed(div=(DIV, leaf, 0.0, -1.0))) == ({}, {})
    assert delegates(_observed(div=(DIV, right[:1], -1.0, 0.0))) == ({}, {"div": frozenset({"pow-other"})})


def test_an_observation_that_is_not_one_is_no_composition():
    assert delegates(None) == ({}, {})
    assert delegates({"a": "x", "b": 1.3, "ops": {}}) == ({}, {})
    odd = [["__pow__", [["b"], ["call", 5.0]]]]  # a call that never was
    assert delegates(_observed(div=(DIV, odd, 0.0, -1.0))) == ({}, {})


def test_natives_follow_each_op_to_the_ops_the_engine_computes_itself():
    composed = {"sub": frozenset({"add", "neg"}), "neg": frozenset({"rsub"}), "div": frozenset({"mul", "pow-other"})}
    assert natives({"sub", "tanh"}, composed) == {"add": {"sub"}, "rsub": {"sub"}, "tanh": set()}
    # an op asked for itself is its own, whatever is built on it too
    assert natives({"div", "pow-other"}, composed) == {"mul": {"div"}, "pow-other": set()}
    assert natives({"neg"}, {"neg": frozenset({"neg"})}) == {"neg": set()}  # a circle ends at the op itself


def test_a_training_loops_mistake_is_charged_by_the_first_test_that_shows_it(rows):
    row = rows["11-fit-line"]["bug-params-list-update-sign"]
    said = ("Not charged again: your numbers are those of a loop that adds the gradient in the update instead of "
            "subtracting it, which step/first already charges.")
    assert [_output(row, test) for test in ("step/second", "train/converges", "history/shape", "history/diverges")
            ] == [said] * 4
    assert "Your numbers are those of a loop that adds the gradient" in _output(row, "step/first")


def _sum_probe(V):
    """y = a + b at a = 1, b = 2"""
    a, b = V(1.0), V(2.0)
    return {"y": (a + b).data}


def _neg_probe(V):
    """y = -a at a = 1"""
    return {"y": (-V(1.0)).data}


def test_a_run_that_ended_before_the_composition_probe_is_judged_on_what_it_observed():
    # a run ended early (the submission's time limit, timeouts in a row) has no observation of the later probes:
    # a test of the earlier ones is judged, not skipped because charging reads the later ones
    from grader.judge import Mismatch
    from grader.judge.charging import OwnTests

    own = OwnTests({"neg": [("neg/values", [_neg_probe])]}, composition=_neg_probe)
    observed = {"_sum_probe": {"y": 3.0}}

    def observe(probe):
        if probe.__name__ not in observed:
            pytest.skip("not run: the submission's time limit ran out")
        return observed[probe.__name__]

    own.check(observe, lambda probe: {"y": 3.0}, [_sum_probe])
    observed["_sum_probe"] = {"y": 4.0}
    with pytest.raises(Mismatch, match="expected 3.0, got 4.0"):
        own.check(observe, lambda probe: {"y": 3.0}, [_sum_probe])
