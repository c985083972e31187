"""Hidden tests of 04-more-ops: every test with points uses an operation the student writes."""

from grader.judge import assert_values, check, check_numeric, from_scratch_test, import_test, points, suite_probes

p = suite_probes(__file__)

# Central differences with h = 1e-6 are good to about 1e-9 here; 1e-5 relative
# leaves room for that and still catches any wrong local derivative.


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- each operation ------------------------------------------------------------------------------


@points(2, concept="pow", name="pow/cube")
def test_pow_cube(observe, expect):
    """d/dx x**3 at 2 is 12"""
    check(observe, expect, p.pow_cube)
    check(observe, expect, p.pow_square)


@points(1, concept="pow", name="pow/fractional")
def test_pow_fractional(observe, expect):
    """x ** 0.5 and x ** -1"""
    check(observe, expect, p.pow_fractional)


@points(1, concept="pow", name="pow/negative-base", visibility="hidden")
def test_pow_negative_base(observe, expect):
    """x ** 2 at a negative x"""
    check(observe, expect, p.pow_negative_base)


@points(2, concept="exp", name="exp/values")
def test_exp_values(observe, expect):
    """exp's local derivative is its own output"""
    check(observe, expect, p.exp_values)
    check(observe, expect, p.exp_shared_input)


@points(1, concept="exp", name="exp/negative", visibility="hidden")
def test_exp_negative(observe, expect):
    """exp at a negative input"""
    check(observe, expect, p.exp_negative)


@points(1, concept="exp", name="exp/zero", visibility="hidden")
def test_exp_zero(observe, expect):
    """exp'(0) = 1"""
    check(observe, expect, p.exp_zero)


@points(2, concept="log", name="log/values")
def test_log_values(observe, expect):
    """log's local derivative is 1 / input"""
    check(observe, expect, p.log_values)
    check(observe, expect, p.log_shared_input)


@points(1, concept="log", name="log/one", visibility="hidden")
def test_log_one(observe, expect):
    """log'(1) = 1 (1 / output would divide by log(1) = 0)"""
    check(observe, expect, p.log_one)


@points(1, concept="log", name="log/small", visibility="hidden")
def test_log_small(observe, expect):
    """log below 1"""
    check(observe, expect, p.log_small)


# -- the derived operations: gradients for free -----------------------------------------------------


@points(1, concept="derived-ops", name="neg/values")
def test_neg(observe, expect):
    """-a is a new node with gradient -1"""
    check(observe, expect, p.neg_value)


@points(2, concept="derived-ops", name="sub/values")
def test_sub_values(observe, expect):
    """a - b: gradient +1 to a and -1 to b"""
    check(observe, expect, p.sub_values)


@points(2, concept="reflected-ops", name="sub/constant")
def test_sub_constant(observe, expect):
    """a - 2 and 2 - a (reflected subtraction keeps its order)"""
    check(observe, expect, p.sub_constant)


@points(1, concept="derived-ops", name="sub/a-a", visibility="hidden")
def test_sub_shared(observe, expect):
    """a - a: the two paths cancel to 0"""
    check(observe, expect, p.shared_sub)


@points(2, concept="derived-ops", name="div/values")
def test_div_values(observe, expect):
    """a / b: gradients 1/b and -a/b**2, through a * b**-1"""
    check(observe, expect, p.div_values)


@points(2, concept="reflected-ops", name="div/constant")
def test_div_constant(observe, expect):
    """a / 4 and 2 / a (reflected division keeps its order)"""
    check(observe, expect, p.div_constant)


@points(1, concept="derived-ops", name="div/shared", visibility="hidden")
def test_div_shared(observe, expect):
    """a / (a + 1): a on both sides of the division"""
    check(observe, expect, p.div_shared)


# -- all of them together, against PyTorch and central differences ----------------------------------


@points(2, concept="chain-rule", name="together/micrograd-more-ops", visibility="hidden")
def test_micrograd_more_ops(observe, torch_expect):
    """micrograd's "more ops" check, against PyTorch (1e-6, as micrograd)"""
    probe = p.micrograd_more_ops
    assert_values(observe(probe), torch_expect(probe), probe=probe, rel=1e-6, abs_=1e-6)


@points(1, concept="chain-rule", name="together/softplus", visibility="hidden")
def test_softplus(observe, torch_expect):
    """log(1 + exp(a)) / (b*b + 1) - a / 3, against PyTorch"""
    assert_values(observe(p.softplus_mix), torch_expect(p.softplus_mix), probe=p.softplus_mix)


@points(1, concept="chain-rule", name="together/sigmoid", visibility="hidden")
def test_sigmoid(observe, torch_expect):
    """1 / (1 + exp(-x)), against PyTorch"""
    assert_values(observe(p.sigmoid), torch_expect(p.sigmoid), probe=p.sigmoid)


@points(1, concept="gradcheck", name="together/numeric-rational", visibility="hidden")
def test_numeric_rational(observe, expect):
    """backward() agrees with central differences of your own forward pass"""
    check_numeric(observe, expect, p.numeric_rational)


@points(1, concept="gradcheck", name="together/numeric-exp-log", visibility="hidden")
def test_numeric_exp_log(observe, expect):
    """the same with exp, log and a fractional power"""
    check_numeric(observe, expect, p.numeric_exp_log)
