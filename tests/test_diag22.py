"""Session 22's fresh samples: one mistake in an unusual style planted in the reference's own file of each exercise
(a derivative wrong only for negative inputs, a composition of two right ops wired wrong, a mistake only in a
reflected op, a Dual rule that forgets the inner derivative, a loop that clears the gradients between backward()
and the update, a gradcheck with an absolute tolerance alone, a test file that asserts the wrong number), graded
as a class per exercise: each its score, the tests it does not pass, and what the diagnosis names.

The holes these found, each closed as a class:
- engine: no isolating probe of `**` had a negative base, so a power rule right only for x > 0 (`abs(x) ** (k - 1)`)
  was charged by micrograd/more-ops, loss/squared-error and two random-graph tests and named nowhere (59.5/63).
  pow/cube reads `x ** 4` at -1.5, and the rule's inferred derivative reads x = -1.5 (62.6667).
- diagnosis: a rule right on one side of 0 only (tanh from `t * abs(t)`, relu leaky in its backward alone, `**`
  above) and a two-input op that passes nothing to one input (`a / Value(b.data)`) fitted no form: nothing was
  said. derivatives.py names both, from the student's own numbers.
- 08-dual-numbers: every rule test pushed x itself (derivative 1) through its rule, so a rule that forgets the
  inner derivative (`Dual(e, e)` for exp) passed its own test and was charged where it is used: on rule/tanh, by a
  tanh built from exp, named as tanh's. The rules now read `x / 2` (a division: a wrong product rule, the core,
  does not fail them too). And a Dual's op built on another of its ops (`a
  / b` as `a * b ** -1`) was charged on both (17/20): 08 has the composition probe too (19/20).
- 11-fit-line: a loop that clears the gradients between backward() and the update, or that leaves the learning
  rate out, was charged by every test that trains (4/13) and named by none; both are in the catalogue now (11/13),
  and a test where the student's engine raises as the named loop does (its overflow) is not charged again.
- 08-dual-numbers (session 28): a `__rsub__` written `self - Dual(other)` (or `self + (-other)`) and a Dual power
  without its b' · log a term (two ways) were told their numbers only; the suite's mistakes.py replays each on the
  reference's Dual and the failing test names it (19/20 each, as before). A `-` that keeps the derivative's sign, a
  `2 ** x` by the power rule and a power with b and b' swapped name nothing (none of the two fits their numbers).
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import FILE, _diagnosis, _failing, _output, _planted, _rows

ROOT = Path(__file__).parent.parent

_CUBE = "self.grad += k * self.data ** (k - 1) * out.grad"
_TANH = "self.grad += (1 - t**2) * out.grad"
_TANH_BODY = """\
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out"""
_DUAL_POW = "out * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)"
_DUAL_DIV = """\
        return Dual(
            self.value / other.value,
            (self.deriv * other.value - self.value * other.deriv) / other.value**2,
        )"""
_STEP = "        w.data -= learning_rate * w.grad\n        b.data -= learning_rate * b.grad\n"
_CLEAR = "        w.grad = 0\n        b.grad = 0\n        loss.backward()\n"

# exercise -> case -> patches of the reference's file for that exercise (tests/test_fresh_styles.py's FILE)
PLANTED = {
    "engine": {
        "pow-abs-base": [(_CUBE, _CUBE.replace("self.data **", "abs(self.data) **"))],
        "div-detached": [("return self * other**-1", "other = other if isinstance(other, Value) else Value(other)\n"
                                                     "        return self * Value(other.data**-1)")],
        "rdiv-own-sign": [("return other * self**-1", "out = Value(other / self.data, (self,), '/')\n\n"
                                                      "        def _backward():\n"
                                                      "            self.grad += other / self.data**2 * out.grad\n\n"
                                                      "        out._backward = _backward\n        return out")],
        "sub-wired-swapped": [("return self + (-other)", "return (-self) + other")],
        "tanh-abs": [(_TANH, "self.grad += (1 - t * abs(t)) * out.grad")],
        "relu-leaky-backward": [("self.grad += (out.data > 0) * out.grad",
                                 "self.grad += (1.0 if self.data > 0 else 0.01) * out.grad")],
        "log-rule-branch": [("self.grad += (1 / self.data) * out.grad",
                             "self.grad += (1 / self.data if self.data >= 1 else self.data) * out.grad")],
        "tanh-from-exp-exp-input": [(_TANH_BODY, "        e = (self * 2).exp()\n        return (e - 1) / (e + 1)"),
                                    ("self.grad += out.data * out.grad", "self.grad += self.data * out.grad")],
        "neg-detached": [("return self * -1", "return Value(-self.data)")],
    },
    "08-dual-numbers": {
        "mul-dual-dual": [("self.deriv * other.value + self.value * other.deriv",
                           "self.deriv * other.value + self.deriv * other.deriv")],
        "rtruediv-reversed": [("return Dual(other) / self", "return self / Dual(other)")],
        "div-over-pow-missing-k": [(_DUAL_DIV, "        return self * other ** -1"),
                                   ("k * self.value ** (k - 1) * self.deriv", "self.value ** (k - 1) * self.deriv")],
        "tanh-over-exp-no-chain": [("        t = math.tanh(self.value)\n        return Dual(t, (1 - t**2) * self.deriv)",
                                    "        e = (self * 2).exp()\n        return (e - 1) / (e + 1)"),
                                   ("return Dual(e, e * self.deriv)", "return Dual(e, e)")],
        "log-no-chain": [("return Dual(math.log(self.value), self.deriv / self.value)",
                          "return Dual(math.log(self.value), 1 / self.value)")],
        "rsub-reversed": [("        return (-self) + other\n", "        return self - Dual(other)\n")],
        "rsub-plus-negated-other": [("        return (-self) + other\n", "        return self + (-other)\n")],
        "pow-without-log": [(_DUAL_POW, "out * (k.value * self.deriv / self.value)")],
        "pow-by-power-rule": [(_DUAL_POW, "k.value * self.value ** (k.value - 1) * self.deriv")],
        "neg-keeps-deriv": [("        return Dual(-self.value, -self.deriv)\n", "        return Dual(-self.value, self.deriv)\n")],
    },
    "07-mlp-xor": {
        "zero-after-step": [("        model.zero_grad()\n        loss.backward()\n        for p in model.parameters():\n"
                             "            p.data -= lr * p.grad\n",
                             "        loss.backward()\n        for p in model.parameters():\n"
                             "            p.data -= lr * p.grad\n        model.zero_grad()\n")],
        "zero-before-update": [("        model.zero_grad()\n        loss.backward()\n",
                                "        loss.backward()\n        model.zero_grad()\n")],
        "bias-per-input": [("act = act + w_i * x_i", "act = act + w_i * x_i + self.b")],
    },
    "11-fit-line": {
        "lr-sign": [(_STEP, _STEP.replace("-=", "+="))],
        "zero-after-step": [(_CLEAR, "        loss.backward()\n"), (_STEP, _STEP + "        w.grad = 0\n        b.grad = 0\n")],
        "zero-before-update": [(_CLEAR, "        loss.backward()\n        w.grad = 0\n        b.grad = 0\n")],
        "lr-left-out": [(_STEP, "        w.data -= w.grad\n        b.data -= b.grad\n")],
        "b-uses-w-grad": [("b.data -= learning_rate * b.grad", "b.data -= learning_rate * w.grad")],
    },
    "06-gradcheck": {
        "abs-only-tol": [("ok = abs_diff <= atol + rtol * scale", "ok = abs_diff <= atol")],
        "central-over-h": [("return (f(x + h) - f(x - h)) / (2 * h)", "return (f(x + h) - f(x - h)) / h")],
        "rel-by-min": [("    scale = max(abs(analytic), abs(numeric))", "    scale = min(abs(analytic), abs(numeric))")],
    },
    "10-neuron": {
        "activation-ignored": [('y = pre_activation.relu() if activation == "relu" else',
                                "y = pre_activation.relu() if activation else")],
        "diff-over-ref": [("        scale = max(abs(g), abs(r))", "        scale = abs(r)")],
    },
    "09-write-tests": {
        "asserts-assign-value": [("    assert close(y.data, 9.0) and close(a.grad, 6.0)",
                                  "    assert close(y.data, 9.0) and close(a.grad, 3.0)")],
    },
}

# id -> (score, the tests not passed (or how many, where a core op is wrong), diagnosis)
TABLES = {
    "engine": {
        # before: 59.5, charged by micrograd/more-ops, loss/squared-error and two random graphs, nothing named
        # holes27: 62.6667, pow/cube alone; pow/fractional reads x ** -2 at x = -2 since, where abs is wrong too
        "pow-abs-base": (62.3334, ["pow/cube", "pow/fractional"], [("derivative", "pow", "wrong-where-negative")]),
        # before: nothing named
        "div-detached": (62.0, ["div/values"], [("derivative", "div", "no-gradient-to-b")]),
        "rdiv-own-sign": (62.0, ["div/constant"], [("derivative", "rtruediv", "sign")]),
        "sub-wired-swapped": (61.0, ["sub/constant", "sub/values"], [("derivative", "sub", "swapped")]),
        # before: nothing named
        "tanh-abs": (61.0, ["tanh/negative", "tanh/saturated", "tanh/two"], [("derivative", "tanh", "wrong-where-negative")]),
        # 60.5 before holes28: relu/positive's relu(a) * a * 3, a positive, is right for a leaky relu
        "relu-leaky-backward": (60.6667, ["relu/negative", "relu/positive", "relu/zero"],
                                [("derivative", "relu", "wrong-where-negative")]),
        # a rule wrong below 1 only: named since session 23 (a split at 1, tests/test_diag23.py)
        "log-rule-branch": (62.0, ["log/small"], [("derivative", "log", "wrong-below-1")]),
        "tanh-from-exp-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
        "neg-detached": (62.0, ["neg/values"], [("derivative", "neg", "no-gradient")]),
    },
    "08-dual-numbers": {
        # `*` of two Duals is the core: never excused
        "mul-dual-dual": (6.0, 10, []),
        "rtruediv-reversed": (18.0, ["rule/quotient"], []),
        # before: 17, rule/quotient charged too
        "div-over-pow-missing-k": (19.0, ["rule/powers"], []),
        # before: 19 on rule/tanh (exp's mistake named as tanh's): rule/exp-log read exp(x), whose derivative is 1
        "tanh-over-exp-no-chain": (19.0, ["rule/exp-log"], []),
        # before: 19, charged on expression/softplus instead (rule/exp-log read log(x), whose derivative is 1)
        "log-no-chain": (19.0, ["rule/exp-log"], []),
        "rsub-reversed": (19.0, ["rule/sub-neg"], []),
        "rsub-plus-negated-other": (19.0, ["rule/sub-neg"], []),
        "pow-without-log": (19.0, ["beyond/variable-exponent"], []),
        "pow-by-power-rule": (19.0, ["beyond/variable-exponent"], []),
        "neg-keeps-deriv": (19.0, ["rule/sub-neg"], []),
    },
    "07-mlp-xor": {  # of 24 since session 29's parameters/rng, which each passes (one less, of 23, before)
        "zero-after-step": (24.0, [], []),
        "zero-before-update": (21.0, ["train/train-xor"], []),
        # a network's mistake is charged by every test that runs the network (docs/diagnosis.md, limits)
        "bias-per-input": (9.0, ["backward/mlp", "forward/mlp", "forward/neuron", "forward/parameter-order",
                                 "train/course-loop", "train/course-seed", "train/train-xor"], []),
    },
    "11-fit-line": {
        "lr-sign": (11.0, ["step/first"], []),
        "zero-after-step": (13.0, [], []),
        # before: 4 each, charged by every test that trains
        "zero-before-update": (11.0, ["step/first"], []),
        "lr-left-out": (11.0, ["step/first"], []),
        # in the catalogue since session 23 (before: 4, charged by every test that trains)
        "b-uses-w-grad": (11.0, ["step/first"], []),
    },
    "06-gradcheck": {
        "abs-only-tol": (14.0, ["gradcheck/large-gradients"], []),
        # charged once since session 23 (before: 2, by known-functions, given-h and five gradcheck tests)
        "central-over-h": (12.0, ["numerical/known-functions"], []),
        # min for max: no verdict the suite reads moves, but rel_diff is not the README's (15.0 before probes26,
        # which judges rel_diff in gradcheck/half-a-percent)
        "rel-by-min": (13.0, ["gradcheck/half-a-percent"], []),
    },
    "10-neuron": {
        "activation-ignored": (14.0, ["tanh/points"], []),
        "diff-over-ref": (15.0, ["compare/zero-against-nonzero"], []),
    },
    "09-write-tests": {
        # one test that fails on the correct engine: no catch counts (reference/passes says which test)
        "asserts-assign-value": (0.0, 39, []),
    },
}


def planted_class(planted):
    """What makes an exercise's class of `planted` ({exercise: {case: patches of the reference's file}}): each
    case the reference's file with its patches, beside the exercise's given engine."""
    def make(folder, exercise):
        file = FILE.get(exercise, "engine.py")  # 01, 02 and 05: the engine is the student's file
        for case, patches in planted[exercise].items():
            (folder / case).mkdir()
            text = (ROOT / "reference" / file).read_text(encoding="utf-8")
            (folder / case / file).write_text(_planted(text, patches, case), encoding="utf-8")
            if file != "engine.py":
                shutil.copy(ROOT / "exercises" / exercise / "engine.py", folder / case / "engine.py")
    return make


def planted_tests(planted, tables):
    """A module's fixture `rows` (each exercise's class of `planted` samples, graded once) and its two tests: every
    sample graded and in `tables`, and each its (score, the tests not passed or how many, diagnosis) as there. The
    module binds them to its own names: `rows, test_a, test_b = planted_tests(PLANTED, TABLES)`."""
    @slow_fixture(scope="module")
    def rows(tmp_path_factory):
        return {exercise: _rows(tmp_path_factory, exercise, make=planted_class(planted)) for exercise in tables}

    def test_every_sample_is_graded_and_in_a_table(rows):
        assert {e: sorted(r) for e, r in rows.items()} == {e: sorted(t) for e, t in tables.items()} == {
            e: sorted(c) for e, c in planted.items()}
        assert all(row["status"] == "graded" for r in rows.values() for row in r.values())

    @pytest.mark.parametrize("exercise,case", [(e, c) for e, table in tables.items() for c in sorted(table)])
    def test_each_sample_scores_and_is_named(rows, exercise, case):
        score, failing, diagnosis = tables[exercise][case]
        row = rows[exercise][case]
        lost = len(_failing(row)) if isinstance(failing, int) else _failing(row)
        assert (round(row["score"], 4), lost, _diagnosis(row)) == (score, failing, diagnosis)

    return rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named


rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named = planted_tests(PLANTED, TABLES)


_SUB_NEG = "the value of f(x) = (2 - x) * (x - 2) - (-x) at x = 0.5: expected -1.75, your Dual gives 2.75. "
_RSUB_REVERSED = ("These are the numbers of a Dual whose `2 - x` computes x − 2: `__rsub__` is called for `other - "
                  "self` (the constant on the left), and yours returns `self - other`. Return `Dual(other) - self` (or "
                  "`-self + other`)")
_POWERS = ("d(x ** x)/dx for x ** x and 2 ** (x / 2) at x = 1.5 (an exponent that depends on x, and a constant base): "
           "expected 2.582004275, got 1.837117307. ")
_POW_WITHOUT_LOG = ("These are the numbers of a Dual power `a ** b` without its b' · log a term: with an exponent that "
                    "depends on x, (a ** b)' = a ** b · (b' · log a + b · a' / a); the power rule b · a ** (b − 1) · a' "
                    "alone holds only for a constant b")

# (exercise, case, a test's name or "diagnosis") -> the words the student reads there (a prefix, for a step/first)
WORDS = {
    ("engine", "pow-abs-base", "diagnosis"):
        "Your `**` backward gives the right local derivative where x > 0 but a wrong one where x < 0: something in "
        "it depends on the sign of x (an `abs()`, a branch on the sign): for y = x ** k at x = -1.5, k = 2.0, x.grad "
        "is 3.0, not -3.0.",
    ("engine", "div-detached", "diagnosis"):
        "Your `/` backward passes the right gradient to a but none to b: b is cut off from the graph (an operand "
        "rebuilt from its number, `Value(b.data)`, is a constant to backward()): for y = a / b at a = 3.0, b = 4.0, "
        "b.grad is 0.0, not -0.1875.",
    ("08-dual-numbers", "div-over-pow-missing-k", "rule/quotient"):
        "Not charged again: f(x) = x / (x * x + 1) + 2 / x at x = 0.8 (the quotient rule): your engine builds `a / b` "
        "and `2 / a` on your `a ** k` (k negative or fractional), which rule/powers already charges.",
    ("08-dual-numbers", "tanh-over-exp-no-chain", "expression/neuron"):
        "Not charged again: f(w) = tanh(2 * w + 0 * 1 + 6.8813735870195432) at w = -3 (a neuron, in its weight): your "
        "engine builds `tanh` on your `exp`, which rule/exp-log already charges.",
    # before (session 28): the numbers alone, each of the two ways
    ("08-dual-numbers", "rsub-reversed", "rule/sub-neg"): _SUB_NEG + _RSUB_REVERSED,
    ("08-dual-numbers", "rsub-plus-negated-other", "rule/sub-neg"): _SUB_NEG + _RSUB_REVERSED,
    ("08-dual-numbers", "pow-without-log", "beyond/variable-exponent"): _POWERS + _POW_WITHOUT_LOG,
    ("08-dual-numbers", "pow-by-power-rule", "beyond/variable-exponent"): _POWERS + _POW_WITHOUT_LOG,
    # a neighbour: its numbers are neither mistake's
    ("08-dual-numbers", "neg-keeps-deriv", "rule/sub-neg"):
        "the derivative of f(x) = (2 - x) * (x - 2) - (-x) at x = 0.5: forward mode (your Dual, seeded with 1) gives "
        "1.0, reverse mode (backward()) gives 4.0",
    # the student's engine overflows where the named loop's does: not charged again
    ("11-fit-line", "lr-left-out", "train/converges"):
        "Not charged again: your numbers are those of a loop that moves w and b by their whole gradient, without the "
        "learning rate, which step/first already charges.",
    ("11-fit-line", "lr-left-out", "step/first"):
        "w for train_line(1, 0.05): one step from w = -1, b = 0: expected 0.2, got 23.0 (2 more values differ). Your "
        "numbers are those of a loop that moves w and b by their whole gradient, without the learning rate.",
}


@pytest.mark.parametrize("exercise,case,where", sorted(WORDS))
def test_what_the_student_reads(rows, exercise, case, where):
    row = rows[exercise][case]
    said = row["diagnosis"][0]["message"] if where == "diagnosis" else _output(row, where)
    want = WORDS[exercise, case, where]
    assert said[:len(want)] == want and (where == "step/first" or said == want)
