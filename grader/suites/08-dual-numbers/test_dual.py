"""Hidden tests of 08-dual-numbers: forward mode agrees with reverse mode.

For every expression the student's Dual derivative is compared with the
reference engine's reverse-mode gradient of the same expression (and the
value with the reference's value). The expressions beyond Value's operations
(sin, cos, x ** x) are compared with the reference Dual.
"""

from grader.i18n import msg
from grader.judge import (
    assert_values, close, expression_of, fmt, from_scratch_test, import_test, Mismatch, points, suite_probes,
)

p = suite_probes(__file__)


def agrees(observe, expect, probe):
    got, want = observe(probe), expect(probe)
    if not close(got["value"], want["value"]):
        raise Mismatch(msg("the value of {expression}: expected {expected}, your Dual gives {got}",
                           expression=expression_of(probe), expected=fmt(want["value"]), got=fmt(got["value"])))
    if not close(got["derivative"], want["reverse"]):
        raise Mismatch(msg("the derivative of {expression}: forward mode (your Dual, seeded with 1) gives {got}, "
                           "reverse mode (backward()) gives {expected}", expression=expression_of(probe),
                           got=fmt(got["derivative"]), expected=fmt(want["reverse"])))


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- one rule at a time -----------------------------------------------------------------------------


@points(2, concept="forward-mode", name="rule/product")
def test_add_mul(observe, expect):
    """sums and products: (a, a')·(b, b') = (ab, a'b + ab')"""
    agrees(observe, expect, p.add_mul)


@points(1, concept="forward-mode", name="rule/constants")
def test_constants(observe, expect):
    """a plain number on either side of + and * is a constant, derivative 0"""
    agrees(observe, expect, p.constants)


@points(1, concept="forward-mode", name="rule/sub-neg")
def test_sub_neg(observe, expect):
    """subtraction, reflected subtraction and negation"""
    agrees(observe, expect, p.sub_neg)


@points(2, concept="forward-mode", name="rule/quotient")
def test_division(observe, expect):
    """division and reflected division: the quotient rule"""
    agrees(observe, expect, p.division)


@points(1, concept="forward-mode", name="rule/powers")
def test_powers(observe, expect):
    """constant powers: x ** 3, x ** 0.5, x ** -1"""
    agrees(observe, expect, p.powers)


@points(1, concept="forward-mode", name="rule/exp-log")
def test_exp_log(observe, expect):
    """exp and log"""
    agrees(observe, expect, p.exp_log)


@points(1, concept="forward-mode", name="rule/tanh")
def test_tanh(observe, expect):
    """tanh'(2) ≈ 0.0707"""
    agrees(observe, expect, p.dual_tanh_two)


@points(1, concept="forward-mode", name="rule/relu", visibility="hidden")
def test_relu(observe, expect):
    """relu passes the derivative where its output is positive, else 0"""
    agrees(observe, expect, p.relu_both_sides)
    agrees(observe, expect, p.dual_relu_negative)


# -- whole expressions --------------------------------------------------------------------------------


@points(2, concept="forward-mode", name="expression/micrograd-sanity", visibility="hidden")
def test_micrograd_sanity(observe, expect):
    """micrograd's sanity check, in forward mode"""
    agrees(observe, expect, p.dual_micrograd_sanity)


@points(1, concept="forward-mode", name="expression/neuron", visibility="hidden")
def test_tanh_neuron(observe, expect):
    """a tanh neuron, differentiated in its weight"""
    agrees(observe, expect, p.dual_tanh_neuron)


@points(1, concept="forward-mode", name="expression/softplus", visibility="hidden")
def test_softplus(observe, expect):
    """log(1 + exp(x)) / (x*x + 1) - x / 3"""
    agrees(observe, expect, p.softplus)


@points(2, concept="forward-mode", name="expression/two-inputs", visibility="hidden")
def test_two_inputs(observe, expect):
    """two inputs: one forward pass per input gives the gradient one reverse pass gives"""
    got, want = observe(p.two_inputs), expect(p.two_inputs)
    assert_values(got, want, keys=["value"], probe=p.two_inputs)
    for key in ("df/da", "df/db"):
        if not close(got[key], want[f"reverse {key}"]):
            raise Mismatch(msg("{key} for {expression}: forward mode gives {got}, reverse mode gives {expected}",
                               key=key, expression=expression_of(p.two_inputs), got=fmt(got[key]),
                               expected=fmt(want[f"reverse {key}"])))


# -- beyond Value -----------------------------------------------------------------------------------------


@points(1, concept="forward-mode", name="beyond/sin-cos")
def test_sin_cos(observe, expect):
    """sin and cos: sin(a, a') = (sin a, cos a · a')"""
    assert_values(observe(p.sin_cos), expect(p.sin_cos), probe=p.sin_cos)


@points(1, concept="forward-mode", name="beyond/variable-exponent", visibility="hidden")
def test_dual_powers(observe, expect):
    """x ** x and 2 ** x"""
    assert_values(observe(p.dual_powers), expect(p.dual_powers), probe=p.dual_powers)


@points(1, concept="forward-mode", name="beyond/derivative")
def test_derivative_function(observe, expect):
    """derivative(f, x) seeds x with 1, and a constant result has derivative 0"""
    assert_values(observe(p.derivative_function), expect(p.derivative_function), probe=p.derivative_function)
