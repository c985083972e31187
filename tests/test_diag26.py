"""Session 26's feedback that names the student's own mistake where it said nothing, or named another: fresh samples,
each the reference's engine.py or nn.py with one mistake planted, graded by the exercise's suite; each its score (no
score moved: each scores what it scored before), the tests it does not pass, its diagnosis and the words it reads.

What each told before (each case's words below failed before the change):
- 07-mlp-xor, a parameters() without the biases: train/train-xor said "backward() ran while the gradients of the steps
  before were still in `.grad` ...: call model.zero_grad() before loss.backward() in every step" (the biases'
  gradients, which no zero_grad() clears when parameters() leaves them out), and train/course-loop only that the loss
  did not go down. Both now say that parameters() leaves out 5 of MLP(2, [4, 1])'s 17 values (parameters/counts'
  probe, read on every run). Since session 30 a network whose numbers are those of 07's mistakes.py's (its biases
  0) is charged by parameters/counts alone; the sample whose biases are drawn at random (its own numbers) says it.
- 04-more-ops, an exp whose output is linked to nothing (`Value(math.exp(x))`): no diagnosis (the `local_mid_<op>`
  probes that show an op cut out of the graph were the engine suite's alone; 03 and 04 have them now).
- 03-tanh, a tanh whose rule reads t from a class attribute (`Value._t`), and 04-more-ops, an exp that keeps its first
  value in a mutable default argument: no diagnosis. The `local_pair_<op>` probes make every case of an op in one
  graph, and grader/diagnose/stale.py names an op that keeps state between calls.
- 06-gradcheck: a central difference written `/ 2 * h` was told "a one-sided difference or an h far from 1e-6"; a
  gradcheck without atol, only that it fails where both numbers agree; a gradcheck that never calls backward(), only
  "expected 0.786447733, got 0.0". Each now says its mistake (the words below).
- 07-mlp-xor: a Neuron that applies tanh whatever nonlin is was told "expected 0.4, got 0.3799489623"; now also that
  0.3799489623 is tanh(0.4), and why the last layer is linear.
- 04-more-ops (session 28): a `-x` that negates x in place and returns it (`self.data = -self.data; return self`),
  two ways, was named "Your unary `-` backward passes the gradient unchanged" (x.grad is the seed: y is x); the
  `local_neg` probe reads x.data after the op, and local_rules.changed_input names an op that changed its input.
"""

import json
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag22 import planted_tests
from test_fresh_styles import _output

from grader.diagnose.local_rules import changed_input
from grader.diagnose.stale import stale_rule, stale_value
from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parent.parent

_TANH = ("        t = math.tanh(self.data)\n        out = Value(t, (self,), \"tanh\")\n\n        def _backward():\n"
         "            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t\n"
         "            self.grad += (1 - t**2) * out.grad\n")
_EXP = ("    def exp(self):\n        # BEGIN SOLUTION 04-more-ops\n"
        "        out = Value(math.exp(self.data), (self,), \"exp\")\n")

PLANTED = {
    "03-tanh": {
        # t kept on the class: the rule reads the last tanh made
        "tanh-t-on-the-class": [(_TANH, "        Value._t = math.tanh(self.data)\n"
                                        "        out = Value(Value._t, (self,), \"tanh\")\n\n        def _backward():\n"
                                        "            self.grad += (1 - Value._t**2) * out.grad\n")],
    },
    "04-more-ops": {
        "exp-linked-to-nothing": [("out = Value(math.exp(self.data), (self,), \"exp\")",
                                   "out = Value(math.exp(self.data))")],
        # the first exp's value kept in a mutable default argument
        "exp-first-value-kept": [(_EXP, "    def exp(self, _seen={}):\n        if 'e' not in _seen:\n"
                                        "            _seen['e'] = math.exp(self.data)\n"
                                        "        out = Value(_seen['e'], (self,), \"exp\")\n")],
        "correct": [],
        "neg-in-place": [("        return self * -1\n", "        self.data = -self.data\n        return self\n")],
        "neg-in-place-grad-too": [("        return self * -1\n", "        self.data *= -1\n        self.grad = -self.grad\n"
                                                              "        return self\n")],
    },
    "06-gradcheck": {
        "unbracketed-2h": [("return (f(x + h) - f(x - h)) / (2 * h)", "return (f(x + h) - f(x - h)) / 2 * h")],
        "no-atol": [("ok = abs_diff <= atol + rtol * scale", "ok = abs_diff <= rtol * scale")],
        "backward-never-called": [("    out = f(leaf)\n    out.backward()\n", "    out = f(leaf)\n")],
    },
    "07-mlp-xor": {
        "parameters-without-bias": [("        return self.w + [self.b]\n", "        return self.w\n")],
        # session 30: its biases drawn at random, so that its numbers are not those of mistakes.py's network whose
        # biases stay 0 (and the tests that train it are charged, each saying what parameters() leaves out)
        "parameters-without-drawn-bias": [("        return self.w + [self.b]\n", "        return self.w\n"),
                                          ("self.b = Value(0.0)", "self.b = Value(rng.uniform(-1, 1))")],
        "tanh-whatever-nonlin": [("return act.tanh() if self.nonlin else act", "return act.tanh()")],
    },
}

# id -> (score, the tests not passed, diagnosis)
TABLES = {
    "03-tanh": {
        # charged on tanh's own test since probes26 (tanh/two's second tanh): 14.0, three graph/* tests, before
        "tanh-t-on-the-class": (16.0, ["tanh/two"], [("derivative", "tanh", "stale-rule")]),
    },
    "04-more-ops": {
        # exp/negative's second exp since probes26 (together/sigmoid, 29.0, before; now excused)
        "exp-linked-to-nothing": (29.5, ["exp/negative"], [("derivative", "exp", "not-linked")]),
        "exp-first-value-kept": (27.0, ["exp/negative", "exp/values", "exp/zero"],
                                 [("derivative", "exp", "stale-value")]),
        "correct": (30.0, [], []),
        # before: ("derivative", "neg", "plus-one"), each of the two
        "neg-in-place": (29.0, ["neg/values"], [("derivative", "neg", "in-place")]),
        "neg-in-place-grad-too": (29.0, ["neg/values"], [("derivative", "neg", "in-place")]),
    },
    "06-gradcheck": {
        "unbracketed-2h": (10.0, ["numerical/given-h", "numerical/known-functions"], []),
        "no-atol": (14.0, ["gradcheck/zero-gradient"], []),
        "backward-never-called": (13.0, ["gradcheck/correct-gradients"], []),
    },
    "07-mlp-xor": {
        # 8/23 before holes28: its MLP's output is squashed as 07's mistakes.py's last-layer-tanh network's, which
        # forward/mlp charges, and the tests after it are excused (forward/neuron charges the Neuron itself)
        "tanh-whatever-nonlin": (20.0, ["forward/mlp", "forward/neuron"], []),
        # parameters/counts' alone since session 30 (mistakes.py's bias-not-a-parameter; 7.0 before, eight tests)
        "parameters-without-bias": (22.0, ["parameters/counts"], []),
        # its own biases, which the probes do not set: charged where it trains or sets the weights (course-seed,
        # whose 17 weights cannot be set on 12 parameters, is excused by the count); 7/24 before session 30, course-seed too
        "parameters-without-drawn-bias": (9.0, ["backward/mlp", "forward/mlp", "forward/neuron",
                                                "forward/parameter-order", "parameters/counts", "train/course-loop",
                                                "train/train-xor"], []),
    },
}


rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named = planted_tests(PLANTED, TABLES)


_LEFT_OUT = ("after 300 steps the loss is {last}, not below 0.001. MLP(2, [4, 1]).parameters() leaves out 5 of its "
             "17 weights and biases: the update `p.data -= lr * p.grad` moves only the parameters it lists, so the "
             "ones it leaves out keep their first values (and zero_grad() never clears their gradients). List every "
             "neuron's weights and its bias")

# (exercise, case, a test's name or "diagnosis") -> the words the student reads there
WORDS = {
    # before: "train_xor(seed=0, steps=300): in 299 steps of 300, backward() ran while the gradients of the steps before
    # were still in `.grad`, ... call model.zero_grad() before loss.backward() in every step"
    ("07-mlp-xor", "parameters-without-drawn-bias", "train/train-xor"):
        "train_xor(seed=0, steps=300): " + _LEFT_OUT.format(last="0.2588549465"),
    # before: "... the loss went from 4.171759357 to 1.0 in 300 steps; a working MLP gets below 0.001 well within that"
    ("07-mlp-xor", "parameters-without-drawn-bias", "train/course-loop"):
        "the course's loop (forward, loss, zero_grad, backward, p.data -= 0.05 * p.grad) on XOR, weights from seed 0: "
        + _LEFT_OUT.format(last="0.1281102696"),
    # before: "... got 0.0. Central differences, (f(x + h) - f(x - h)) / 2h with h near 1e-6, get there; a one-sided
    # difference or an h far from 1e-6 does not."
    ("06-gradcheck", "unbracketed-2h", "numerical/known-functions"):
        "numerical_grad for exp at 1: expected 2.718281828 to within 2e-09 relative, got 0.0. With the h given, your "
        "numerical_grad computes (f(x + h) - f(x - h)) / 2 * h: central differences are (f(x + h) - f(x - h)) / 2h, "
        "with h near 1e-6.",
    # before: the first sentence alone
    ("06-gradcheck", "no-atol", "gradcheck/zero-gradient"):
        "gradcheck for x**3 at 0 fails (ok=False; analytic 0.0, numeric 1e-12), but backprop and the numeric slope "
        "agree here: they differ by less than `atol = 1e-07`. Where the gradient is 0, no relative test can pass: the "
        "check needs its absolute part, `abs_diff <= atol + rtol * max(|analytic|, |numeric|)`",
    # before: "tanh at 0.5.analytic for gradcheck for tanh at 0.5: expected 0.786447733, got 0.0"
    ("06-gradcheck", "backward-never-called", "gradcheck/correct-gradients"):
        "gradcheck for tanh at 0.5: the analytic derivative is 0.0, not 0.786447733, and it is 0 at every point "
        "tried: gradcheck reads the leaf's grad before backward() has run on f's output. Call `out.backward()` on "
        "`out = f(leaf)`, then read `leaf.grad`",
    # before: "... expected 0.4, got 0.3799489623" alone
    ("07-mlp-xor", "tanh-whatever-nonlin", "forward/neuron"):
        "Neuron(2, nonlin=False)(x) for Neuron(2) with parameters set to w = (0.5, -1.5), b = 0.25 (in parameters() "
        "order), at x = (1.5, 0.4): expected 0.4, got 0.3799489623, which is tanh(0.4): your Neuron applies tanh with "
        "nonlin=False too. A neuron with nonlin=False returns the plain weighted sum: the MLP's last layer is linear, "
        "so that its output can reach -1 and 1 and beyond",
    # before: no diagnosis, for each of the three
    ("03-tanh", "tanh-t-on-the-class", "diagnosis"):
        "Your tanh keeps state between calls: its backward rule uses a number from another call of tanh. With y = "
        "tanh(x) made several times in one graph, each of its own input and times its own factor, x.grad at x = 0.4 is "
        "0.2826032994, not 3.422555144; alone, on fresh leaves, your tanh gets every point right. Your tanh's rule "
        "reads a number kept outside its own call (a class attribute, a global, a mutable default argument, an "
        "attribute of the method), and by the time backward() runs another call of tanh has overwritten it. Keep what "
        "the rule needs in the call itself: a local variable of the method (`t = ...`) that the rule's closure keeps, "
        "or `out.data`.",
    ("04-more-ops", "exp-first-value-kept", "diagnosis"):
        "Your exp keeps state between calls: it returns a value computed for another input. With y = exp(x) made "
        "several times in one graph, each of its own input, your exp at x = -1.0 gives 2.718281828, not 0.3678794412. "
        "Every call of your exp returns the same number: it keeps a value from an earlier call (a cached result, a "
        "mutable default argument, a class attribute) and returns it again, whatever the input. Compute the value "
        "from this call's input every time.",
    # before: "Your unary `-` backward passes the gradient unchanged: −x's local derivative is −1, not 1: ..."
    ("04-more-ops", "neg-in-place", "diagnosis"):
        "Your unary `-` changes its input in place: for y = -x at x = -1.5, x.data is 1.5 after the op, not -1.5.",
    ("04-more-ops", "exp-linked-to-nothing", "diagnosis"):
        "Your exp is cut out of the graph: its output is not linked to its input, so the gradient stops at its input.",
}


@pytest.mark.parametrize("exercise,case,where", sorted(WORDS))
def test_each_sample_reads_its_own_mistake(rows, exercise, case, where):
    row = rows[exercise][case]
    said = row["diagnosis"][0]["message"] if where == "diagnosis" else _output(row, where)
    assert said.startswith(WORDS[exercise, case, where])


# -- the rules alone, on numbers ------------------------------------------------------------------------------------

_REFERENCE = {"0.x": -1.0, "0.y": 0.3679, "0.x.grad": 0.7358, "1.x": 0.3, "1.y": 1.3499, "1.x.grad": 4.0496,
              "2.x": 1.2, "2.y": 3.3201, "2.x.grad": 13.2804}


def test_one_value_for_every_input_is_a_stale_value():
    mine = {**_REFERENCE, "0.y": 2.7183, "1.y": 2.7183, "2.y": 2.7183}
    assert stale_value(mine, _REFERENCE) == {"form": "stale-value", "case": 0, "how": "same"}


def test_the_value_of_the_call_before_is_a_stale_value():
    mine = {**_REFERENCE, "0.y": 0.5, "1.y": 0.3679, "2.y": 1.3499}
    assert stale_value(mine, _REFERENCE) == {"form": "stale-value", "case": 0, "how": "before"}


def test_right_values_and_a_wrong_gradient_are_a_stale_rule_not_a_stale_value():
    mine = {**_REFERENCE, "0.x.grad": 6.6402, "1.x.grad": 9.9603}
    assert stale_value(mine, _REFERENCE) is None
    assert stale_rule(mine, _REFERENCE) == {"form": "stale-rule", "case": 1, "input": "x"}


def test_an_input_changed_at_every_point_is_an_op_in_place():
    neg = {"0.x": -1.5, "0.y": 1.5, "0.x.grad": -1.0, "1.x": 0.7, "1.y": -0.7, "1.x.grad": -1.0}
    probe = type("local_neg", (), {"__doc__": "y = -x at x = -1.5, 0.7"})
    mine = {**neg, "0.x": 1.5, "0.x.grad": 1.0, "1.x": -0.7, "1.x.grad": 1.0}
    assert str(changed_input(probe, mine, neg)) == "for y = -x at x = -1.5, x.data is 1.5 after the op, not -1.5"
    # a rule that passes the gradient unchanged leaves x alone; an input changed at one point only is not named
    assert changed_input(probe, {**neg, "0.x.grad": 1.0, "1.x.grad": 1.0}, neg) is None
    assert changed_input(probe, {**neg, "0.x": 1.5}, neg) is None


def test_an_op_right_in_one_graph_is_neither():
    assert stale_value(dict(_REFERENCE), _REFERENCE) is None
    assert stale_rule(dict(_REFERENCE), _REFERENCE) is None


# -- a notebook's name a later cell defines, read as data (grader/load/cell_order.py) ----------------------------

NOTEBOOK_LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
CELL_BELOW = 15  # the helper's cell, below the class
NOTEBOOK = ROOT / "tests" / "fixtures" / "strangers25" / "engine" / "correct-notebook-patch-per-cell" / "homework.ipynb"


def _cyrillic_helper_below() -> dict:
    """strangers25's per-cell notebook with a cell above the class that calls `удвоить` (a helper in the Russian
    course's words), which a cell below the class defines; the stored counts say the helper's cell ran first."""
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    cells.insert(1, {"cell_type": "code", "execution_count": 9, "metadata": {}, "outputs": [],
                     "source": ["шаг = удвоить(0.5)\n"]})
    cells.insert(len(cells) - 1, {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [],
                                  "source": ["def удвоить(x):\n", "    return 2 * x\n"]})
    return notebook


@slow_fixture(scope="module")
def notebook_row(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag26-notebook")
    (tmp / "class" / "helper-below").mkdir(parents=True)
    (tmp / "class" / "helper-below" / "homework.ipynb").write_text(json.dumps(_cyrillic_helper_below(), indent=1),
                                                                  encoding="utf-8")
    result = grade(tmp / "class", exercise="engine", limits=NOTEBOOK_LIMITS, jobs=1, cache_dir=tmp / "cache")
    return result.scores["submissions"][0]


def test_a_name_in_any_script_that_a_later_cell_defines_is_said(notebook_row):
    # before: "NameError: name 'удвоить' is not defined (homework.ipynb, cell 2, line 1)" alone: the name was read
    # out of the error's text by a pattern of ASCII letters
    test = next(t for t in notebook_row["tests"] if t["name"] == "engine/imports")
    assert (test["exception"], test["cell"], test.get("defined_in_cell")) == ("NameError", 2, CELL_BELOW)
    assert test["output_message"]["params"]["advice"]["params"] == {"name": "удвоить", "below": CELL_BELOW, "cell": 2}
