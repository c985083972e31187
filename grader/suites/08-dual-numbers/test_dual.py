"""Hidden tests of 08-dual-numbers: forward mode agrees with reverse mode.

For every expression the student's Dual derivative is compared with the
reference engine's reverse-mode gradient of the same expression (and the
value with the reference's value). The expressions beyond Value's operations
(sin, cos, x ** x) are compared with the reference Dual.
"""

import sys
from pathlib import Path

from grader.i18n import items, msg
from grader.judge import (
    assert_values, close, expression_of, fmt, from_scratch_test, import_test, Mismatch, observed_or_none, points,
    suite_config, suite_probes,
)
from grader.distribution import instructor_part_installed
from grader.judge.charging import Excused
from grader.suites import suite_module

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN  # which rule test charges for which op: the suite's __init__.py
# the Dual's named mistakes, replayed on the reference (the instructor's): a student's install names none
mistakes = suite_module(Path(__file__).parent, "mistakes") if instructor_part_installed() else None


def _named(probe, got, want):
    """Mismatch `got`'s failure on `probe`, with the named mistake whose numbers they are where one's are."""
    words = mistakes.named(probe, got, want) if mistakes else None
    return (lambda failure: Mismatch(msg("{failed}. {named}", failed=failure.message, named=words))) if words else None


def agrees(observe, expect, probe):
    try:
        _agrees(observe, expect, probe)
    except Mismatch as exc:
        name = _named(probe, observe(probe), expect(probe))
        raise (name(exc) if name else exc) from None


def _agrees(observe, expect, probe):
    got, want = observe(probe), expect(probe)
    if not close(got["value"], want["value"]):
        raise Mismatch(msg("the value of {expression}: expected {expected}, your Dual gives {got}",
                           expression=expression_of(probe), expected=fmt(want["value"]), got=fmt(got["value"])))
    if not close(got["derivative"], want["reverse"]):
        raise Mismatch(msg("the derivative of {expression}: forward mode (your Dual, seeded with 1) gives {got}, "
                           "reverse mode (backward()) gives {expected}", expression=expression_of(probe),
                           got=fmt(got["derivative"]), expected=fmt(want["reverse"])))


def check(observe, expect, probe, owns=()):
    """`agrees`, each mistake charged once: a wrong op whose rule test failed is not charged again here."""
    OWN.check(observe, expect, [probe], owns=owns, verdict=agrees)


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- one rule at a time -----------------------------------------------------------------------------


@points(2, concept="forward-mode", name="rule/product")
def test_add_mul(observe, expect):
    """sums and products: (a, a')·(b, b') = (ab, a'b + ab')"""
    check(observe, expect, p.add_mul, owns=("add", "mul"))


@points(1, concept="forward-mode", name="rule/constants")
def test_constants(observe, expect):
    """a plain number on either side of + and * is a constant, derivative 0"""
    check(observe, expect, p.constants, owns=("add-constant", "radd", "mul-constant", "rmul"))


@points(1, concept="forward-mode", name="rule/sub-neg")
def test_sub_neg(observe, expect):
    """subtraction, reflected subtraction and negation"""
    check(observe, expect, p.sub_neg, owns=("neg", "sub", "sub-constant", "rsub"))


@points(2, concept="forward-mode", name="rule/quotient")
def test_division(observe, expect):
    """division and reflected division: the quotient rule"""
    check(observe, expect, p.division, owns=("div", "div-constant", "rtruediv"))


@points(1, concept="forward-mode", name="rule/powers")
def test_powers(observe, expect):
    """constant powers: x ** 3, x ** 0.5, x ** -1"""
    check(observe, expect, p.powers, owns=("pow", "pow-other"))


@points(1, concept="forward-mode", name="rule/exp-log")
def test_exp_log(observe, expect):
    """exp and log"""
    apart = observed_or_none(observe, p.functions_apart)  # read on every run: which of the two is wrong

    def verdict(observe, expect, probe):
        try:
            agrees(observe, expect, probe)
        except Mismatch as exc:
            named = _wrong_rules(apart, expect(p.functions_apart), ("exp", "log"))
            raise (Mismatch(msg("{failed}. {named}", failed=exc.message, named=named)) if named else exc) from None

    OWN.check(observe, expect, [p.exp_log], owns=("exp", "log"), verdict=verdict)


# Each function's rule, g((a, a')) = (g(a), g'(a) · a'), as the student reads it when it is that function's that
# is wrong
RULES = {"exp": "exp(a, a') = (exp a, exp a · a')", "log": "log(a, a') = (log a, a' / a)",
         "sin": "sin(a, a') = (sin a, cos a · a')", "cos": "cos(a, a') = (cos a, −sin a · a')"}


def _wrong_rules(got, want, functions):
    """Which of `functions` gets its value or derivative wrong alone (`functions_apart`: each function's
    [value, derivative], [] where it raised, observed in `got`): a Message naming each with its rule, or None (none
    does, or the probe did not run)."""
    if got is None:
        return None
    wrong = [f for f in functions if len(got[f]) == 2 and not all(close(a, b) for a, b in zip(got[f], want[f]))]
    if not wrong:
        return None
    if len(wrong) == 1:
        return msg("The mistake is in your `{f}`: {rule} (its own derivative times the derivative that came in).",
                   f=wrong[0], rule=RULES[wrong[0]])
    return msg("The mistakes are in your `{f}` and your `{g}`: {rules} (each function's own derivative times the "
               "derivative that came in).", f=wrong[0], g=wrong[1], rules=items([RULES[f] for f in wrong]))


@points(1, concept="forward-mode", name="rule/tanh")
def test_tanh(observe, expect):
    """tanh'(2) ≈ 0.0707, times the derivative of what tanh is applied to"""
    check(observe, expect, p.dual_tanh, owns=("tanh",))


@points(1, concept="forward-mode", name="rule/relu", visibility="hidden")
def test_relu(observe, expect):
    """relu passes the derivative where its output is positive, else 0"""
    check(observe, expect, p.relu_both_sides, owns=("relu",))
    check(observe, expect, p.dual_relu_negative, owns=("relu",))
    check(observe, expect, p.dual_relu_zero, owns=("relu",))


# -- whole expressions --------------------------------------------------------------------------------


@points(2, concept="forward-mode", name="expression/micrograd-sanity", visibility="hidden")
def test_micrograd_sanity(observe, expect):
    """micrograd's sanity check, in forward mode"""
    check(observe, expect, p.dual_micrograd_sanity)


@points(1, concept="forward-mode", name="expression/neuron", visibility="hidden")
def test_tanh_neuron(observe, expect):
    """a tanh neuron, differentiated in its weight"""
    check(observe, expect, p.dual_tanh_neuron)


@points(1, concept="forward-mode", name="expression/softplus", visibility="hidden")
def test_softplus(observe, expect):
    """log(1 + exp(x)) / (x*x + 1) - x / 3"""
    check(observe, expect, p.softplus)


@points(2, concept="forward-mode", name="expression/two-inputs", visibility="hidden")
def test_two_inputs(observe, expect):
    """two inputs: one forward pass per input gives the gradient one reverse pass gives"""
    OWN.check(observe, expect, [p.two_inputs], verdict=_two_inputs_agree)


def _two_inputs_agree(observe, expect, probe):
    got, want = observe(probe), expect(probe)
    assert_values(got, want, keys=["value"], probe=probe)
    for key in ("df/da", "df/db"):
        if not close(got[key], want[f"reverse {key}"]):
            raise Mismatch(msg("{key} for {expression}: forward mode gives {got}, reverse mode gives {expected}",
                               key=key, expression=expression_of(probe), got=fmt(got[key]),
                               expected=fmt(want[f"reverse {key}"])))


# -- beyond Value -----------------------------------------------------------------------------------------


SIN_COS_NAMES = {"sin value": msg("the value of sin(x / 2)"), "sin derivative": msg("the derivative of sin(x / 2)"),
                 "cos(x) * x value": msg("the value of cos(x / 2) * x"),
                 "cos(x) * x derivative": msg("the derivative of cos(x / 2) * x")}  # the probe's keys, in words


@points(1, concept="forward-mode", name="beyond/sin-cos")
def test_sin_cos(observe, expect):
    """sin and cos: sin(a, a') = (sin a, cos a · a'), cos(a, a') = (cos a, −sin a · a')"""
    apart = observed_or_none(observe, p.functions_apart)  # read on every run: which of the two is wrong
    try:
        assert_values(observe(p.sin_cos), expect(p.sin_cos), probe=p.sin_cos, names=SIN_COS_NAMES)
    except Mismatch as exc:
        named = _wrong_rules(apart, expect(p.functions_apart), ("sin", "cos"))
        raise (Mismatch(msg("{failed}. {named}", failed=exc.message, named=named)) if named else exc) from None


@points(1, concept="forward-mode", name="beyond/variable-exponent", visibility="hidden")
def test_dual_powers(observe, expect):
    """x ** x and 2 ** x"""
    # read on every run (a test reads the same probes on every engine): whether rule/exp-log charges exp or log,
    # and the powers built from the student's own exp and log
    wrong, _ = OWN._charged_elsewhere(observe, expect, {"exp", "log"})
    built = observed_or_none(observe, p.dual_powers_as_exp_log) or {}
    OWN.check(observe, expect, [p.dual_powers], owns=("pow-other",),
              verdict=lambda o, e, probe: _powers(o, e, probe, wrong, built))


# The parts of dual_powers: (the power, its derivative), each also built as exp(b log a) with the student's ops
POWERS = (("x ** x", "d(x ** x)/dx"), ("2 ** x", "d(2 ** x)/dx"))


def _powers(observe, expect, probe, wrong, built):
    """Every value of dual_powers; a power whose Dual is exp(b log a) made of the student's own exp, log and `*`,
    as the exercise says to build it, is not charged again where exp or log is wrong (rule/exp-log charges it)."""
    got, want = observe(probe), expect(probe)
    excused = []
    for value, slope in POWERS:
        try:
            assert_values(got, want, keys=[value, slope], probe=probe)
        except Mismatch:
            same = built.get(value)
            if not wrong or not isinstance(same, list) or len(same) != 2 or not all(
                    close(a, b) for a, b in zip(same, (got[value], got[slope]))):
                name = _named(probe, got, want)
                if name is None:
                    raise
                raise name(sys.exc_info()[1]) from None
            excused.append(value)
    if excused:
        raise Excused(msg("Not charged again: your Dual builds {powers} as exp(b log a) from its own exp and log, "
                          "which {test} already charges.", powers=items(excused, "and-each"),
                          test=sorted(set(wrong.values()))[0]))


@points(1, concept="forward-mode", name="beyond/derivative")
def test_derivative_function(observe, expect):
    """derivative(f, x) seeds x with 1, and a constant result has derivative 0"""
    OWN.check(observe, expect, [p.derivative_function])
