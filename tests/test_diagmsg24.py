"""Session 24's feedback that names the student's own mistake in 07-mlp-xor and 08-dual-numbers: fresh samples, each
the reference's nn.py or dual.py with one mistake (or two) planted, graded by the exercise's suite; each its score,
the tests it does not pass, and the words the student reads there, in English (exact) and in Russian and Chinese.

What each told before (each case's words below failed before the change):
- 08-dual-numbers, rule/exp-log: "the derivative of f(x) = exp(x / 2) * log(x / 2) ...: forward mode gives ..., reverse
  mode gives ..." whichever of exp and log was wrong. The probe `functions_apart` runs exp, log, sin and cos of
  Dual(1.5, 0.5) each alone (no other op), and the test names the function whose value or derivative is wrong there,
  with its rule, or both.
- 08-dual-numbers, beyond/sin-cos: the probe's expression quoted sin's rule, "sin(a, a') = (sin a, cos a · a')", where
  cos's sign was wrong. The expression no longer quotes a rule; the test names sin, cos or both, with their rules.
- 07-mlp-xor, train/train-xor: a loop that never calls zero_grad() was told "check the learning rate, zero_grad before
  backward, and the sign of the update", as every other loop that does not learn. train_xor's probe notes, for each
  backward() it calls, whether some node of the loss's graph held a gradient already: gradients no zero_grad() cleared.
- 07-mlp-xor, train/train-xor: a default learning rate far too large (5.0) was an error, "your engine raised
  OverflowError: (34, 'Numerical result out of range') (engine.py, line 56, in __pow__)", pointing at the engine the
  exercise gives. Where train_xor raises OverflowError after its loss grew, the probe returns how far it got, and the
  test says the loop went uphill until a number overflowed, and that the mistake is train_xor's.
No score moved: each sample scores what it scored before.
"""

import re

import pytest
from test_diag22 import planted_tests
from test_fresh_styles import _output

from grader.i18n import translator

_EXP = "        return Dual(e, e * self.deriv)  # exp is its own derivative\n"
_LOG = "        return Dual(math.log(self.value), self.deriv / self.value)\n"
_SIN = "        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)\n"
_COS = "        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)\n"
_ZERO = "        model.zero_grad()\n"
_STEP = "            p.data -= lr * p.grad\n"

PLANTED = {
    "08-dual-numbers": {
        # exp's derivative without a' (the seed's 1 happens to hide it in x alone); log over log(x); both
        "exp-without-inner": [(_EXP, "        return Dual(e, e)\n")],
        "log-over-log": [(_LOG, _LOG.replace("self.deriv / self.value", "self.deriv / math.log(self.value)"))],
        "exp-and-log": [(_EXP, "        return Dual(e, e)\n"),
                        (_LOG, "        return Dual(math.log(self.value), self.deriv * self.value)\n")],
        # cos's sign; sin without a'; both signs
        "cos-sign": [(_COS, "        return Dual(math.cos(self.value), math.sin(self.value) * self.deriv)\n")],
        "sin-without-inner": [(_SIN, "        return Dual(math.sin(self.value), math.cos(self.value))\n")],
        "sin-and-cos-signs": [(_SIN, "        return Dual(math.sin(self.value), -math.cos(self.value) * self.deriv)\n"),
                              (_COS, "        return Dual(math.cos(self.value), math.sin(self.value) * self.deriv)\n")],
        # correct, written otherwise
        "correct-written-otherwise": [(_EXP, "        return Dual(e, self.deriv * math.exp(self.value))\n"),
                                      (_LOG, "        return Dual(math.log(self.value), (1 / self.value) * self.deriv)\n"),
                                      (_COS, "        return Dual(math.cos(self.value), -(math.sin(self.value) * "
                                             "self.deriv))\n")],
    },
    "07-mlp-xor": {
        "no-zero-grad": [(_ZERO, "")],
        "lr-default-too-large": [("def train_xor(seed=0, steps=1000, lr=0.05):",
                                  "def train_xor(seed=0, steps=1000, lr=5.0):")],
        # both: the gradients never cleared and the learning rate too large
        "no-zero-grad-lr-too-large": [(_ZERO, ""), ("def train_xor(seed=0, steps=1000, lr=0.05):",
                                                    "def train_xor(seed=0, steps=1000, lr=5.0):")],
        # correct: the gradients cleared after each update, not before backward()
        "correct-cleared-after-update": [(_ZERO, ""), (_STEP, _STEP + "            p.grad = 0\n")],
    },
}

# id -> (score, the tests not passed, diagnosis): both exercises diagnose nothing (DIAGNOSE = False)
TABLES = {
    "08-dual-numbers": {
        "exp-without-inner": (19.0, ["rule/exp-log"], []),
        "log-over-log": (19.0, ["rule/exp-log"], []),
        "exp-and-log": (19.0, ["rule/exp-log"], []),
        "cos-sign": (19.0, ["beyond/sin-cos"], []),
        "sin-without-inner": (19.0, ["beyond/sin-cos"], []),
        # beyond/derivative charges sin again (sin(x) * exp(x) at 0): left, docs/diagnosis.md's limits
        "sin-and-cos-signs": (18.0, ["beyond/derivative", "beyond/sin-cos"], []),
        "correct-written-otherwise": (20.0, [], []),
    },
    "07-mlp-xor": {  # of 24 since session 29's parameters/rng (holes28's; each one less, of 23, before)
        "no-zero-grad": (21.0, ["train/train-xor"], []),
        "lr-default-too-large": (21.0, ["train/train-xor"], []),
        "no-zero-grad-lr-too-large": (21.0, ["train/train-xor"], []),
        "correct-cleared-after-update": (24.0, [], []),
    },
}


rows, test_every_sample_is_graded_and_in_a_table, test_each_sample_scores_and_is_named = planted_tests(PLANTED, TABLES)


_EXP_LOG = ("the derivative of f(x) = exp(x / 2) * log(x / 2) at x = 3 (each rule times the inner derivative, 1/2): "
            "forward mode (your Dual, seeded with 1) gives {got}, reverse mode (backward()) gives 2.402480628. ")
_SIN_COS = "{key} for sin(x / 2) and cos(x / 2) * x at x = 1.8: expected {expected}, got {got}. "
_ONE = "The mistake is in your `{f}`: {rule} (its own derivative times the derivative that came in)."
_TWO = ("The mistakes are in your `{f}` and your `{g}`: {rules} (each function's own derivative times the derivative "
        "that came in).")
_EXP_RULE, _LOG_RULE = "exp(a, a') = (exp a, exp a · a')", "log(a, a') = (log a, a' / a)"
_SIN_RULE, _COS_RULE = "sin(a, a') = (sin a, cos a · a')", "cos(a, a') = (cos a, −sin a · a')"

# (exercise, case) -> (the test, what the student reads there)
WORDS = {
    # before: the first line alone, for each of the three
    ("08-dual-numbers", "exp-without-inner"): (
        "rule/exp-log", _EXP_LOG.format(got="3.3110649") + _ONE.format(f="exp", rule=_EXP_RULE)),
    ("08-dual-numbers", "log-over-log"): (
        "rule/exp-log", _EXP_LOG.format(got="6.435186907") + _ONE.format(f="log", rule=_LOG_RULE)),
    ("08-dual-numbers", "exp-and-log"): (
        "rule/exp-log", _EXP_LOG.format(got="5.178435346") + _TWO.format(f="exp", g="log",
                                                                          rules=f"{_EXP_RULE} and {_LOG_RULE}")),
    # before: "... at x = 1.8: sin(a, a') = (sin a, cos a · a'): expected -0.0833842504, got 1.326604187"
    ("08-dual-numbers", "cos-sign"): (
        "beyond/sin-cos", _SIN_COS.format(key="the derivative of cos(x / 2) * x",  # lang25: its words, not the key
                                           expected="-0.0833842504", got="1.326604187")
        + _ONE.format(f="cos", rule=_COS_RULE)),
    ("08-dual-numbers", "sin-without-inner"): (
        "beyond/sin-cos", _SIN_COS.format(key="the derivative of sin(x / 2)", expected="0.3108049841", got="0.6216099683")
        + _ONE.format(f="sin", rule=_SIN_RULE)),
    ("08-dual-numbers", "sin-and-cos-signs"): (
        "beyond/sin-cos", "the derivative of sin(x / 2) for sin(x / 2) and cos(x / 2) * x at x = 1.8: expected 0.3108049841, "
        "got "
        "-0.3108049841 (1 more value differs). " + _TWO.format(f="sin", g="cos", rules=f"{_SIN_RULE} and {_COS_RULE}")),
    # before: "... never got below 0.001 (lowest: 0.254688578); check the learning rate, zero_grad before backward,
    # and the sign of the update"
    ("07-mlp-xor", "no-zero-grad"): (
        "train/train-xor",
        "train_xor(seed=0, steps=300): in 299 steps of 300, backward() ran while the gradients of the steps before "
        "were still in `.grad`, and the loss never got below 0.001 (lowest: 0.254688578). backward() adds into "
        "`.grad`, so each update moved the weights by the sum of every gradient so far: call model.zero_grad() before "
        "loss.backward() in every step"),
}

# the loss overflows after some steps at some huge number: the last digits and the step are the libm's
_OVERFLOW = re.compile(
    r"train_xor\(seed=0, steps=300\) raised OverflowError after (\d+) steps: the loss had grown from 4\.171759357 to "
    r"(\S+), the weights moved uphill, further at each step, until a number overflowed in the engine\. The mistake is "
    r"in train_xor, not in engine\.py: check its learning rate \(the course's is 0\.05\) and the sign of the update, "
    r"`p\.data -= lr \* p\.grad`")


@pytest.mark.parametrize("exercise,case", sorted(WORDS))
def test_what_the_student_reads(rows, exercise, case):
    test, words = WORDS[exercise, case]
    assert _output(rows[exercise][case], test) == words


# before: an error, "your engine raised OverflowError: (34, 'Numerical result out of range') (engine.py, line 56, in
# __pow__)"; with zero_grad() left out as well the loss overflows too, and the overflow is what is told
@pytest.mark.parametrize("case", ["lr-default-too-large", "no-zero-grad-lr-too-large"])
def test_an_overflowing_loop_is_told_as_the_loops(rows, case):
    row = rows["07-mlp-xor"][case]
    test = next(t for t in row["tests"] if t["name"] == "train/train-xor")
    found = _OVERFLOW.fullmatch(test["output"])
    assert test["status"] == "failed" and found, test
    assert 2 <= int(found.group(1)) < 300 and float(found.group(2)) > 1e100


@pytest.mark.parametrize("language", ["ru", "zh"])
@pytest.mark.parametrize("exercise,case", [("08-dual-numbers", "exp-and-log"), ("08-dual-numbers", "cos-sign"),
                                           ("07-mlp-xor", "no-zero-grad"), ("07-mlp-xor", "lr-default-too-large")])
def test_each_new_message_is_translated(rows, exercise, case, language):
    name = WORDS.get((exercise, case), ("train/train-xor",))[0]
    test = next(t for t in rows[exercise][case]["tests"] if t["name"] == name)
    text = translator(language).render(test["output_message"])
    assert text != test["output"] and translator("en").render(test["output_message"]) == test["output"]
    letters = [ch for ch in text if ch.isalpha()]
    assert sum(ord(ch) >= 0x400 for ch in letters) > len(letters) // 3, text  # not the English left untranslated
