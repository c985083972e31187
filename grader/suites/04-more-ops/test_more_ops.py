"""Hidden tests of 04-more-ops: every test with points uses an operation the student writes.

Each mistake costs once (grader/judge/charging.py): every test checks its probes through the suite's `OWN.check`
(its __init__.py), which does not charge again for an op that its own test charges, as the engine suite does.
"""

from grader.judge import check_numeric, from_scratch_test, import_test, points, suite_config, suite_probes

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN  # which tests charge for which op: the suite's __init__.py


def check(observe, expect, *probes, owns=(), **tolerance):
    """The student's observations of each probe equal the reference's, each mistake charged once."""
    OWN.check(observe, expect, probes, owns=owns, **tolerance)

# Central differences with h = 1e-6 are good to about 1e-9 here; 1e-5 relative
# leaves room for that and still catches any wrong local derivative.


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- each operation ------------------------------------------------------------------------------


@points(2, concept="pow", name="pow/cube")
def test_pow_cube(observe, expect):
    """d/dx x**3 at 2 is 12"""
    check(observe, expect, p.pow_cube, p.pow_square, p.pow_cube_inner, owns=("pow",))


@points(1, concept="pow", name="pow/fractional")
def test_pow_fractional(observe, expect):
    """x ** 0.5 and x ** -1, and negative powers of a negative base"""
    check(observe, expect, p.pow_fractional, p.pow_inner, p.pow_negative_exponent, owns=("pow-other",))


@points(1, concept="pow", name="pow/negative-base", visibility="hidden")
def test_pow_negative_base(observe, expect):
    """x ** 2 at a negative x"""
    check(observe, expect, p.pow_negative_base, owns=("pow",))


@points(2, concept="exp", name="exp/values")
def test_exp_values(observe, expect):
    """exp's local derivative is its own output"""
    check(observe, expect, p.exp_values, p.exp_shared_input, owns=("exp",))


@points(1, concept="exp", name="exp/negative", visibility="hidden")
def test_exp_negative(observe, expect):
    """exp at a negative input"""
    check(observe, expect, p.exp_negative, p.exp_inner, owns=("exp",))


@points(1, concept="exp", name="exp/zero", visibility="hidden")
def test_exp_zero(observe, expect):
    """exp'(0) = 1"""
    check(observe, expect, p.exp_zero, owns=("exp",))


@points(2, concept="log", name="log/values")
def test_log_values(observe, expect):
    """log's local derivative is 1 / input"""
    check(observe, expect, p.log_values, p.log_shared_input, owns=("log",))


@points(1, concept="log", name="log/one", visibility="hidden")
def test_log_one(observe, expect):
    """log'(1) = 1 (1 / output would divide by log(1) = 0)"""
    check(observe, expect, p.log_one, owns=("log",))


@points(1, concept="log", name="log/small", visibility="hidden")
def test_log_small(observe, expect):
    """log below 1"""
    check(observe, expect, p.log_small, p.log_inner, owns=("log",))


# -- the derived operations: gradients for free -----------------------------------------------------


@points(1, concept="derived-ops", name="neg/values")
def test_neg(observe, expect):
    """-a is a new node with gradient -1"""
    check(observe, expect, p.neg_value, owns=("neg",))


@points(2, concept="derived-ops", name="sub/values")
def test_sub_values(observe, expect):
    """a - b: gradient +1 to a and -1 to b"""
    check(observe, expect, p.sub_values, owns=("sub",))


@points(2, concept="reflected-ops", name="sub/constant")
def test_sub_constant(observe, expect):
    """a - 2 and 2 - a (reflected subtraction keeps its order)"""
    check(observe, expect, p.sub_constant, owns=("sub-constant", "rsub"))


@points(1, concept="derived-ops", name="sub/a-a", visibility="hidden")
def test_sub_shared(observe, expect):
    """a - a: the two paths cancel to 0"""
    check(observe, expect, p.shared_sub, owns=("sub",))


@points(2, concept="derived-ops", name="div/values")
def test_div_values(observe, expect):
    """a / b: gradients 1/b and -a/b**2, through a * b**-1"""
    check(observe, expect, p.div_values, owns=("div",))


@points(2, concept="reflected-ops", name="div/constant")
def test_div_constant(observe, expect):
    """a / 4 and 2 / a (reflected division keeps its order)"""
    check(observe, expect, p.div_constant, owns=("div-constant", "rtruediv"))


@points(1, concept="derived-ops", name="div/shared", visibility="hidden")
def test_div_shared(observe, expect):
    """a / (a + 1): a on both sides of the division"""
    check(observe, expect, p.div_shared, owns=("div",))


# -- all of them together, against PyTorch and central differences ----------------------------------


@points(2, concept="chain-rule", name="together/micrograd-more-ops", visibility="hidden")
def test_micrograd_more_ops(observe, expect, torch_expect):
    """micrograd's "more ops" check, against PyTorch (1e-6, as micrograd)"""
    OWN.check(observe, expect, [p.micrograd_more_ops], against=torch_expect, rel=1e-6, abs_=1e-6)


@points(1, concept="chain-rule", name="together/softplus", visibility="hidden")
def test_softplus(observe, expect, torch_expect):
    """log(1 + exp(a)) / (b*b + 1) - a / 3, against PyTorch"""
    OWN.check(observe, expect, [p.softplus_mix], against=torch_expect)


@points(1, concept="chain-rule", name="together/sigmoid", visibility="hidden")
def test_sigmoid(observe, expect, torch_expect):
    """1 / (1 + exp(-x)), against PyTorch"""
    OWN.check(observe, expect, [p.sigmoid], against=torch_expect)


@points(1, concept="gradcheck", name="together/numeric-rational", visibility="hidden")
def test_numeric_rational(observe, expect):
    """backward() agrees with central differences of your own forward pass"""
    OWN.check(observe, expect, [p.numeric_rational], verdict=check_numeric)


@points(1, concept="gradcheck", name="together/numeric-exp-log", visibility="hidden")
def test_numeric_exp_log(observe, expect):
    """the same with exp, log and a fractional power"""
    OWN.check(observe, expect, [p.numeric_exp_log], verdict=check_numeric)
