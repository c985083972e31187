"""Hidden tests of 01-mul-backward: `__mul__`'s backward rule, and nothing the starter gives.

Every test with points needs the student's rule (each probe multiplies), so
the untouched starter, whose rule raises NotImplementedError, scores 0. No
node is used twice: adding up along several paths is 02's lesson, and the
starter's `__add__` still assigns.

Each mistake costs once (grader/judge/charging.py): every test checks its probes through the suite's `OWN.check`
(its __init__.py), so a `*` rule right on whole numbers only is charged by mul/fractions alone.
"""

from grader.judge import check_numeric, from_scratch_test, import_test, points, suite_config, suite_probes

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN  # which test charges a `*` wrong on fractions only: the suite's __init__.py


def check(observe, expect, probe, owns=()):
    """The student's observations of `probe` equal the reference's, a mistake already charged not charged again."""
    OWN.check(observe, expect, [probe], owns=owns)


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- both operands ------------------------------------------------------------------


@points(2, concept="mul", name="mul/values")
def test_mul_values(observe, expect):
    """a * b: each operand gets the other's value times out.grad"""
    check(observe, expect, p.mul_values_by_hand)


@points(1, concept="mul", name="mul/fractions")
def test_mul_fractions(observe, expect):
    """a * b with fractional operands"""
    check(observe, expect, p.mul_fractions, owns=("mul-fraction",))


@points(2, concept="chain-rule", name="mul/chain")
def test_mul_chain(observe, expect, torch_expect):
    """(a * b) * c: the rule multiplies by out.grad (checked against PyTorch)"""
    OWN.check(observe, expect, [p.mul_chain_by_hand], against=torch_expect)


@points(1, concept="chain-rule", name="mul/after-add", visibility="hidden")
def test_mul_after_add(observe, expect):
    """(a + b) * c: the gradient reaches a and b through the sum"""
    check(observe, expect, p.mul_after_add)


@points(1, concept="chain-rule", name="mul/then-add", visibility="hidden")
def test_mul_then_add(observe, expect):
    """a * b + c * d: each product gets out.grad from the sum"""
    check(observe, expect, p.mul_then_add)


@points(1, concept="mul", name="mul/int-data", visibility="hidden")
def test_int_data(observe, expect):
    """Value(3) * Value(4) with int data"""
    check(observe, expect, p.mul_int_data)


# -- constants on either side ----------------------------------------------------------


@points(1, concept="reflected-ops", name="constant/right")
def test_constant_right(observe, expect):
    """a * 4: the constant becomes a Value and a gets 4"""
    check(observe, expect, p.mul_constant_right)


@points(1, concept="reflected-ops", name="constant/left")
def test_constant_left(observe, expect):
    """4 * a: __rmul__ hands over to __mul__, and a gets 4"""
    check(observe, expect, p.mul_constant_left)


@points(1, concept="reflected-ops", name="constant/both-sides", visibility="hidden")
def test_constant_both(observe, expect):
    """(a * 3) * (2 * b)"""
    check(observe, expect, p.mul_constant_both)


# -- whole expressions ------------------------------------------------------------------


@points(1, concept="chain-rule", name="neuron/relu", visibility="hidden")
def test_neuron(observe, expect, torch_expect):
    """one relu neuron: all five gradients against PyTorch"""
    OWN.check(observe, expect, [p.neuron_by_hand], against=torch_expect)


@points(1, concept="gradcheck", name="gradcheck/products", visibility="hidden")
def test_numeric_products(observe, expect):
    """the gradients agree with central differences of your own forward pass"""
    OWN.check(observe, expect, [p.numeric_products], verdict=check_numeric)
