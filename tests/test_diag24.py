"""Session 24's fresh samples: one mistake (or two) a student makes, in forms no earlier fixture holds, planted in
the reference's engine (graded by the engine suite) or fit_line.py: each its score, the tests it does not pass, and
what the diagnosis names (for 11-fit-line, which names nothing, the feedback of the test that charges it). The rest
of the session's samples (06, 08, 09, 10) are in docs/diagnosis.md's limits.

The holes these found, each closed as a class (each case below failed before its fix):
- the topological sort leaving some of a node's inputs out (`node._prev[:1]`, `node._prev[1:]`) was named as
  other mistakes: `-` forgetting b, `/` cutting b off, `=` in `**` and in relu. diagnose/walks.py runs two more
  walks, the reference's sort over part of each node's inputs, and names them (`first-input-only`,
  `first-input-left-out`).
- a walk that calls the output's rule at every step (`self._backward()` for `node._backward()`) was named
  nothing (3/63): the walk `output-rule-every-step`.
- a seed set, then wiped out (the grads of the graph cleared after `self.grad = 1`): the numbers are no-seed's, the
  source refutes no-seed, nothing was said (4/63). Where the source seeds before the walk, the hint `seed-wiped`
  says so, with backward's line, as `empty-walk` does for a seed set after the walk's numbers.
- a rule of `*` that does not multiply by out.grad was named nothing (36/63): `*`'s own run through `* Value(3)`
  shows it once its rule is right seeded directly (the scaling node's rule is that same rule).
- a rule of `+` that does not multiply by out.grad was named with the evidence "a.grad is 1.0, not 1.0" (the run
  seeded directly, which is right): the evidence is read on the run through `* Value(3)` where the first is right.
- relu's gradient on the wrong side tested on the output (`out.data <= 0`) and `**`'s `k * x ** k - 1` (the
  exponent's brackets left out) fitted no form: derivatives.py has both.
- 11-fit-line: a loss over 3 points of 4 and a loss of the errors not squared were outside the catalogue: every
  test that trains charged them (3/13 and 0/13) and nothing named them. mistakes.py has both (`mean-over-n-minus-1`,
  `errors-not-squared`), charged on loss/mean alone (11/13).
- 07-mlp-xor: a train_xor whose update's sign is reversed and one whose gradients are cleared before the update
  were both told "check the learning rate, zero_grad before backward, and the sign of the update", as a loop
  without zero_grad is. train_xor's probe notes the last and highest losses too: a loss that never goes below its
  start and ends higher is said to go uphill (the update's sign, or a learning rate far too large), one that never
  changes is said to move no weight.
"""

import re

import pytest
from test_diag22 import planted_tests
from test_fresh_styles import _output

from grader.i18n import translator

_ADD = "            self.grad += out.grad\n            other.grad += out.grad\n"
_MUL = "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad\n"
_POW = "self.grad += k * self.data ** (k - 1) * out.grad"
_TANH = "self.grad += (1 - t**2) * out.grad"
_EXP = "self.grad += out.data * out.grad"
_LOG = "self.grad += (1 / self.data) * out.grad"
_RELU = "self.grad += (out.data > 0) * out.grad"
_SEED = "        self.grad = 1\n"
_LOOP = "        for node in reversed(topo):\n            node._backward()"
_CHILD = "                for child in node._prev:\n"
_NEG = "        return self * -1\n"
_DIV = "        return self * other**-1"
_OWN_DIV = """\
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data / other.data, (self, other), "/")

        def _backward():
            self.grad += out.grad / other.data
            other.grad += {} * out.grad

        out._backward = _backward
        return out"""
_OWN_NEG = """\
        out = Value(-self.data, (self,), "neg")

        def _backward():
            self.grad += out.grad

        out._backward = _backward
        return out
"""
_OWN_SUB = """\
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data - other.data, (self, other), "-")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out
"""

PLANTED = {
    "engine": {
        # `=` in one op only, or on one side of one op
        "pow-assigns": [(_POW, _POW.replace("+=", "="))],
        "tanh-assigns": [(_TANH, _TANH.replace("+=", "="))],
        "exp-assigns": [(_EXP, _EXP.replace("+=", "="))],
        "mul-assigns-other-side": [(_MUL, _MUL.replace("other.grad +=", "other.grad ="))],
        # the sort leaves an input of each node out
        "topo-first-child-only": [(_CHILD, "                for child in node._prev[:1]:\n")],
        "topo-skips-first-child": [(_CHILD, "                for child in node._prev[1:]:\n")],
        # the seed: 0, or set and then wiped out by clearing the graph's grads after it
        "seed-zero": [(_SEED, "        self.grad = 0\n")],
        "clears-after-seed": [(_SEED, _SEED + "        for node in topo:\n            node.grad = 0\n")],
        # the loop calls the output's rule at every step
        "loop-calls-self": [(_LOOP, "        for node in reversed(topo):\n            self._backward()")],
        # tanh from the input, written with a dead branch; (1 - t) ** 2
        "tanh-from-input-math": [(_TANH, "self.grad += (1 - math.tanh(self.data) ** 2 if False else 1 - self.data**2)"
                                         " * out.grad")],
        "tanh-square-of-difference": [(_TANH, "self.grad += (1 - t) ** 2 * out.grad")],
        # `**`: the exponent's brackets left out; the factor k left out
        "pow-precedence": [(_POW, "self.grad += (k * self.data ** k - 1) * out.grad")],
        "pow-no-k-out": [(_POW, "self.grad += self.data ** (k - 1) * out.grad")],
        # `/` an op of its own: b's rule with its sign lost, or without a
        "div-own-sign": [(_DIV, _OWN_DIV.format("self.data / other.data**2"))],
        "div-own-no-a": [(_DIV, _OWN_DIV.format("-1 / other.data**2"))],
        # relu: the gradient where the output is 0 and not where it is positive; `>= 0` on the input
        "relu-wrong-side": [(_RELU, "self.grad += (out.data <= 0) * out.grad")],
        "relu-ge-input": [(_RELU, "self.grad += (self.data >= 0) * out.grad")],
        # exp: x · exp(x); log: 1 / log(x), x
        "exp-times-input": [(_EXP, "self.grad += self.data * out.data * out.grad")],
        "log-over-log": [(_LOG, "self.grad += out.grad / math.log(self.data)")],
        "log-times-input": [(_LOG, "self.grad += self.data * out.grad")],
        # reflected and derived ops
        "rsub-neg-other": [("return other + (-self)", "return -other + self")],
        "neg-own-node-no-rule": [(_NEG, "        return Value(-self.data, (self,), 'neg')\n")],
        "neg-own-node-plus": [(_NEG, _OWN_NEG)],
        "sub-own-plus": [("        return self + (-other)\n", _OWN_SUB)],
        # the chain rule left out: the local derivative without out.grad
        "add-no-upstream": [(_ADD, "            self.grad += 1\n            other.grad += 1\n")],
        "mul-no-upstream": [(_MUL, "            self.grad += other.data\n            other.grad += self.data\n")],
        # exp's derivative from the last exp computed anywhere (a class attribute): exp/negative's inner probe holds two
        "exp-stale-last": [('        out = Value(math.exp(self.data), (self,), "exp")\n',
                            '        out = Value(math.exp(self.data), (self,), "exp")\n'
                            '        Value._last_exp = out.data\n'),
                           (_EXP, "self.grad += Value._last_exp * out.grad")],
        # correct, written otherwise: the seed added to a grad that is 0; `2 / a` as `a ** -1 * 2 * 1`
        "correct-seed-accumulates": [(_SEED, "        self.grad += 1\n")],
        "correct-rtruediv-reordered": [("return other * self**-1", "return self**-1 * other * 1")],
        # two mistakes
        "two-add-assign-tanh-input": [(_ADD, _ADD.replace("+=", "=")), (_TANH, "self.grad += (1 - self.data**2) "
                                                                                 "* out.grad")],
        "two-pow-no-k-log-out": [(_POW, "self.grad += self.data ** (k - 1) * out.grad"),
                                 (_LOG, "self.grad += out.grad / out.data")],
        "two-rsub-relu": [("return other + (-self)", "return self - other"),
                          (_RELU, "self.grad += (out.data <= 0) * out.grad")],
        "two-div-sign-exp-input": [(_DIV, _OWN_DIV.format("self.data / other.data**2")),
                                   (_EXP, "self.grad += self.data * out.grad")],
        "two-forward-order-tanh-1-t": [(_LOOP, "        for node in topo:\n            node._backward()"),
                                       (_TANH, "self.grad += (1 - t) * out.grad")],
    },
    "07-mlp-xor": {
        # the update's sign reversed, written as a minus of a minus; the gradients cleared between backward() and
        # the update
        "update-minus-minus": [("            p.data -= lr * p.grad\n", "            p.data -= -lr * p.grad\n")],
        "cleared-before-update": [("        model.zero_grad()\n        loss.backward()\n",
                                   "        loss.backward()\n        model.zero_grad()\n")],
    },
    "11-fit-line": {
        # the mean over 3 points of 4; the errors to the power 1
        "mean-over-three": [("return sum(squared_errors) / len(squared_errors)", "return sum(squared_errors) / 3")],
        "errors-to-the-first": [("(w * x + b - y) ** 2 for x, y", "(w * x + b - y) ** 1 for x, y")],
        # held: the update's sign; gradients never cleared, written as a loop that clears nothing
        "update-plus": [("w.data -= learning_rate * w.grad\n        b.data -= learning_rate * b.grad",
                         "w.data = w.data + learning_rate * w.grad\n        b.data = b.data + learning_rate * b.grad")],
        "clears-nothing": [("        w.grad = 0\n        b.grad = 0\n",
                            "        for p in ():\n            p.grad = 0\n")],
    },
}

# id -> (score, the tests not passed (or how many, where a core op or the walk is wrong), diagnosis)
TABLES = {
    "engine": {
        "pow-assigns": (62.6667, ["pow/fractional"], [("variant", "pow-assign-not-accumulate", "exact")]),
        "tanh-assigns": (62.5, ["tanh/negative"], [("variant", "tanh-assign-not-accumulate", "exact")]),
        "exp-assigns": (62.5, ["exp/values"], [("variant", "exp-assign-not-accumulate", "exact")]),
        "mul-assigns-other-side": (41.0, 14, [("variant", "mul-assign-not-accumulate", "style")]),
        # before: `-` forgets b, `/` cuts b off, `=` in `**` and relu (first-input-only); `2 / x` and `2 - x` pass
        # nothing, `=` in `**` (first-input-left-out)
        "topo-first-child-only": (30.1667, 27, [("walk", "first-input-only", "exact")]),
        "topo-skips-first-child": (18.1667, 37, [("walk", "first-input-left-out", "exact")]),
        "seed-zero": (4.0, 47, [("variant", "no-seed", "exact")]),
        # before: nothing
        "clears-after-seed": (4.0, 47, [("hint", "seed-wiped", None)]),
        # before: nothing
        "loop-calls-self": (3.0, 48, [("walk", "output-rule-every-step", "exact")]),
        "tanh-from-input-math": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                 [("variant", "tanh-input", "exact")]),
        "tanh-square-of-difference": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                      [("variant", "tanh-square-outside", "exact")]),
        # before: nothing
        "pow-precedence": (61.0, ["pow/cube", "pow/fractional"], [("derivative", "pow", "k-1-unbracketed")]),
        "pow-no-k-out": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-missing-k", "exact")]),
        "div-own-sign": (62.0, ["div/values"], [("derivative", "div", "sign")]),
        "div-own-no-a": (62.0, ["div/values"], [("derivative", "div", "missing-a")]),
        # before: nothing
        "relu-wrong-side": (60.0, ["relu/negative", "relu/positive", "relu/zero"],
                            [("derivative", "relu", "reversed")]),
        "relu-ge-input": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
        "exp-times-input": (61.0, ["exp/negative", "exp/values"], [("derivative", "exp", "power-rule")]),
        "log-over-log": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
        "log-times-input": (61.0, ["log/small", "log/values"], [("derivative", "log", "not-inverted")]),
        "rsub-neg-other": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
        "neg-own-node-no-rule": (62.0, ["neg/values"], [("derivative", "neg", "no-gradient")]),
        "neg-own-node-plus": (62.0, ["neg/values"], [("derivative", "neg", "plus-one")]),
        "sub-own-plus": (62.0, ["sub/values"], [("derivative", "sub", "sign")]),
        # before: named, with the evidence "a.grad is 1.0, not 1.0" (WORDS)
        "add-no-upstream": (56.0, 6, [("derivative", "add", "out-grad")]),
        # before: nothing
        # 35.6667 before holes28: relu/positive's relu(a) * a * 3 multiplies by a gradient other than 1 too
        "mul-no-upstream": (35.5, 23, [("derivative", "mul", "out-grad")]),
        # before: 63.0, nothing (no probe held two exps of different inputs); since probes25, exp/negative's
        "exp-stale-last": (62.5, ["exp/negative"], [("derivative", "exp", "stale-rule")]),
        "correct-seed-accumulates": (63.0, [], []),
        "correct-rtruediv-reordered": (63.0, [], []),
        "two-add-assign-tanh-input": (40.25, 16, [("variant", "tanh-input", "pair"),
                                                  ("variant", "add-assign-not-accumulate", "pair")]),
        "two-pow-no-k-log-out": (59.0, ["log/small", "log/values", "pow/cube", "pow/fractional"],
                                 [("variant", "pow-missing-k", "pair"), ("variant", "log-output", "pair")]),
        # before: the rsub alone (relu's side fitted no form)
        "two-rsub-relu": (59.0, ["relu/negative", "relu/positive", "relu/zero", "sub/constant"],
                          [("derivative", "relu", "reversed"), ("variant", "rsub-order", "exact")]),
        "two-div-sign-exp-input": (60.0, ["div/values", "exp/negative", "exp/values"],
                                   [("variant", "exp-input", "exact"), ("derivative", "div", "sign")]),
        "two-forward-order-tanh-1-t": (12.6667, 42, [("variant", "tanh-one-minus-t", "pair"),
                                                  ("variant", "forward-order", "pair")]),
    },
    "07-mlp-xor": {
        # before: "check the learning rate, zero_grad before backward, and the sign of the update" for both
        "update-minus-minus": (21.0, ["train/train-xor"], []),  # of 24 since holes28's parameters/rng
        "cleared-before-update": (21.0, ["train/train-xor"], []),
    },
    "11-fit-line": {
        # before: 3/13 and 0/13, charged by every test that trains, named by none
        "mean-over-three": (11.0, ["loss/mean"], []),
        "errors-to-the-first": (11.0, ["loss/mean"], []),
        "update-plus": (11.0, ["step/first"], []),
        "clears-nothing": (11.0, ["step/second"], []),
    },
}


rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named = planted_tests(PLANTED, TABLES)


_SORT_TITLE = ("Your gradients match an engine that leaves some of a node's inputs out of the topological sort, so "
               "their backward rules never run and nothing passes below them")

# case -> the finding's whole message, as the student reads it
WORDS = {
    "topo-first-child-only":
        _SORT_TITLE + ": for y = a - b at a = 5, b = 2, b.grad is 0.0, not -1.0. The sort must visit every input of "
        "every node (`for child in node._prev:`, all of them). An input left out still receives its grad from the "
        "node that uses it, but it is never placed in the order, so its own backward rule never runs: a leaf there "
        "is right, and everything below an inner node gets nothing. Loop over all of a node's inputs when you build "
        "the order.",
    "loop-calls-self":
        "Your gradients match an engine that runs the output's backward rule at every step of the walk "
        "(`self._backward()` for `node._backward()`), so no other node's rule runs: for y = a * a at a = 3, a.grad "
        "is 12.0, not 6.0. The loop over the topological order must call each node's own rule, `node._backward()`. "
        "Calling `self._backward()` there runs the output's rule once per node: its direct inputs receive its "
        "gradient again and again, and no rule below them ever runs.",
    "clears-after-seed":
        "The seed is wiped out: after `backward()` every gradient is 0, the output's own too: `backward` on line 121 "
        "sets the output's gradient to 1 before its loop, yet after backward() the output's grad is 0 and so is "
        "every other gradient: something sets the seed back to 0 before any backward rule reads it, and every rule "
        "then multiplies by 0. Check what runs after the seed: gradients cleared after `self.grad = 1` (clear them "
        "before it), or a `grad` set to 0 inside the loop.",
    "add-no-upstream":
        "Your `+` backward does not multiply by out.grad (the gradient from above): for y = (a + b) * 3.0 at a = 3.0, "
        "b = -2.0, a.grad is 1.0, not 3.0.",
    "mul-no-upstream":
        "Your `*` backward does not multiply by out.grad (the gradient from above): for y = (a * b) * 3.0 at "
        "a = -1.5, b = -0.8, a.grad is -0.8, not -2.4.",
    "pow-precedence":
        "Your `**` backward computes k · x**k − 1: `x ** k-1` is (x**k) − 1 in Python, since `**` binds tighter "
        "than `-`; the exponent needs brackets, `x ** (k - 1)`: for y = x ** k at x = -1.5, k = 2.0, x.grad is 3.5, "
        "not -3.0.",
    "relu-wrong-side":
        "Your relu backward passes the gradient where x is negative and blocks it where x is positive: for "
        "y = relu(x) at x = -1.5, x.grad is 1.0, not 0.0.",
}


_FIT_WORDS = {
    "mean-over-three":
        "loss for loss = mse(w, b) at the start, w = -1, b = 0, and its gradients after loss.backward(): expected "
        "41.5, got 55.33333333 (2 more values differ). Your numbers are those of a loop that divides the sum of the "
        "squared errors by one less than the number of points. The mean of the four squared errors is their sum "
        "divided by 4, len(squared_errors). Divided by 3, the loss, both gradients and every step are 4/3 of the "
        "mean's. Divide the sum by the number of points.",
    "errors-to-the-first":
        "loss for loss = mse(w, b) at the start, w = -1, b = 0, and its gradients after loss.backward(): expected "
        "41.5, got -5.5 (2 more values differ). Your numbers are those of a loop that takes the mean of the errors "
        "themselves instead of their squares. The loss is the mean of the squared errors, (w*x + b - y) ** 2: "
        "squared, every error counts as a cost, whichever side of the line its point lies on, and the loss has a "
        "lowest point to walk down to. The errors themselves cancel out across the points, and their mean keeps "
        "falling as w and b fall: it has no lowest point, and gradient descent runs off. Square each error.",
}


_XOR_WORDS = {
    # (the loss it rose to, some 1e+282 after 300 steps uphill, is left out: its last digits are the libm's)
    "update-minus-minus":
        "train_xor(seed=0, steps=300): the loss started at 4.171759357 and never went below it: it rose to {last}, "
        "so the steps moved the weights uphill. Gradient descent moves each parameter against its gradient, "
        "`p.data -= lr * p.grad`: check the sign of the update, and that the learning rate is small (the course's is "
        "0.05)",
    "cleared-before-update":
        "train_xor(seed=0, steps=300): the loss stayed at 4.171759357 from the first step to the last: no step moved "
        "the weights. Each step calls backward() on the loss, then moves every parameter by `p.data -= lr * p.grad` "
        "(gradients cleared between backward() and the update move nothing)",
}


@pytest.mark.parametrize("case", sorted(_XOR_WORDS))
def test_what_the_xor_student_reads(rows, case):
    said = _output(rows["07-mlp-xor"][case], "train/train-xor")
    last = re.search(r"it rose to (\S+),", said)
    assert said == _XOR_WORDS[case].format(last=last and last.group(1))
    assert last is None or float(last.group(1)) > 1e6


@pytest.mark.parametrize("case", sorted(_FIT_WORDS))
def test_what_the_fit_line_student_reads(rows, case):
    assert _output(rows["11-fit-line"][case], "loss/mean") == _FIT_WORDS[case]


@pytest.mark.parametrize("case", sorted(WORDS))
def test_what_the_student_reads(rows, case):
    entry = rows["engine"][case]["diagnosis"][0]
    said = entry.get("message") or f"{entry['title']}: {entry['explanation']}"
    assert said == WORDS[case]


@pytest.mark.parametrize("language", ["ru", "zh"])
@pytest.mark.parametrize("case", ["topo-first-child-only", "loop-calls-self", "clears-after-seed", "pow-precedence"])
def test_each_new_finding_is_translated(rows, case, language):
    entry = rows["engine"][case]["diagnosis"][0]
    for key in ("title", "explanation"):
        text = translator(language).render(entry["messages"][key])
        assert text != entry[key] and translator("en").render(entry["messages"][key]) == entry[key]
        assert sum(ord(ch) >= 0x400 for ch in text) > len(text) // 3, text  # not the English id left untranslated
