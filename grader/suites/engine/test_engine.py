"""Hidden tests of the complete engine: each op, shared nodes and the backward pass (whole
expressions: test_engine_expressions.py).

Each test compares the student's observations of a probe with the reference
engine's (`expect`) or PyTorch's (`torch_expect`). Each mistake costs once
(grader/judge/charging.py): every test checks its probes through the suite's
`OWN.check` (its __init__.py), which does not charge again for an op that the
tests below isolate and the student gets wrong there, and gives a test of
several expressions its points in proportion to those it gets right. A tuple of probes is one expression at several
inputs: the op at its fixed input and far from 0 (session 35: the drawn inputs keep each op's input in the cell it has
at the fixed ones, so a mistake that starts far out is caught only where a fixed input reaches it), counted once.
"""

from grader.i18n import msg
from grader.judge import (
    assert_values, expression_of, from_scratch_test, import_test, Mismatch, points, suite_config, suite_probes,
)
from grader.judge.recursion import outside_backward, recursed_in

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN  # which tests charge for which op: the suite's __init__.py


def check(observe, expect, *probes, owns=(), **tolerance):
    """The student's observations of each probe equal the reference's, each mistake charged once."""
    OWN.check(observe, expect, probes, owns=owns, **tolerance)


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- one operation at a time ------------------------------------------------------


@points(1, concept="add", name="add/values")
def test_add_values(observe, expect):
    """a + b: the value, and gradient 1 to both sides"""
    check(observe, expect, p.add_values)


@points(1, concept="reflected-ops", name="add/constant")
def test_add_constant(observe, expect):
    """a + 5 and 5 + a both work and pass gradient to a"""
    check(observe, expect, p.add_constant, owns=("add-constant", "radd"))


@points(1, concept="mul", name="mul/values")
def test_mul_values(observe, expect):
    """a * b: each operand gets the other's value times out.grad"""
    check(observe, expect, p.mul_values)


@points(1, concept="reflected-ops", name="mul/constant")
def test_mul_constant(observe, expect):
    """a * 4 and 4 * a both work"""
    check(observe, expect, p.mul_constant, owns=("mul-constant", "rmul"))


@points(1, concept="chain-rule", name="mul/chain")
def test_mul_chain(observe, expect, torch_expect):
    """(a * b) * c: gradients flow through an intermediate node (checked against PyTorch)"""
    OWN.check(observe, expect, [p.mul_chain], against=torch_expect)


@points(1, concept="derived-ops", name="sub/values")
def test_sub_values(observe, expect):
    """a - b: gradient +1 to a and -1 to b"""
    check(observe, expect, p.sub_values, owns=("sub",))


@points(1, concept="reflected-ops", name="sub/constant")
def test_sub_constant(observe, expect):
    """a - 2 and 2 - a (reflected subtraction keeps its order)"""
    check(observe, expect, p.sub_constant, owns=("sub-constant", "rsub"))


@points(1, concept="derived-ops", name="div/values")
def test_div_values(observe, expect):
    """a / b: gradients 1/b and -a/b**2"""
    check(observe, expect, p.div_values, owns=("div",))


@points(1, concept="reflected-ops", name="div/constant")
def test_div_constant(observe, expect):
    """a / 4 and 2 / a (reflected division keeps its order)"""
    check(observe, expect, p.div_constant, owns=("div-constant", "rtruediv"))


@points(1, concept="derived-ops", name="neg/values")
def test_neg(observe, expect):
    """-a is a new node with gradient -1"""
    check(observe, expect, p.neg_value, owns=("neg",))


@points(1, concept="pow", name="pow/cube")
def test_pow_cube(observe, expect):
    """d/dx x**3 at 2 is 12, and a negative base keeps its sign"""
    check(observe, expect, (p.pow_cube, p.pow_large), p.pow_square, p.pow_negative_base, owns=("pow",))


@points(1, concept="pow", name="pow/fractional")
def test_pow_fractional(observe, expect):
    """x ** 0.5 and x ** -1, and negative powers of a negative base"""
    check(observe, expect, p.pow_fractional, p.pow_inner, p.pow_negative_exponent, owns=("pow-other",))


@points(1, concept="relu", name="relu/positive")
def test_relu_positive(observe, expect):
    """relu passes the gradient where its output is positive, adding it to what its input holds"""
    check(observe, expect, p.relu_positive, p.relu_inner, p.relu_shared_input, owns=("relu",))


@points(1, concept="relu", name="relu/negative")
def test_relu_negative(observe, expect):
    """relu blocks the gradient where its input is negative"""
    check(observe, expect, p.relu_negative, owns=("relu",))


@points(1, concept="relu", name="relu/zero")
def test_relu_zero(observe, expect):
    """relu'(0) = 0"""
    check(observe, expect, p.relu_zero, owns=("relu",))


@points(1, concept="tanh", name="tanh/zero")
def test_tanh_zero(observe, expect):
    """tanh'(0) = 1"""
    check(observe, expect, p.tanh_zero, owns=("tanh",))


@points(1, concept="tanh", name="tanh/two")
def test_tanh_two(observe, expect):
    """tanh'(2) ≈ 0.0707, from the output: 1 - t**2"""
    check(observe, expect, p.tanh_two, p.tanh_inner, owns=("tanh",))


@points(1, concept="tanh", name="tanh/negative")
def test_tanh_negative(observe, expect):
    """tanh inside products, its input also used directly"""
    check(observe, expect, p.tanh_negative, p.tanh_shared_input, owns=("tanh",))


@points(1, concept="tanh", name="tanh/saturated")
def test_tanh_saturated(observe, expect):
    """tanh near saturation: a small, non-zero gradient"""
    check(observe, expect, (p.tanh_saturated, p.tanh_saturated_negative), owns=("tanh",))


@points(1, concept="exp", name="exp/values")
def test_exp_values(observe, expect):
    """exp's local derivative is its own output, added to what else reaches the input"""
    check(observe, expect, (p.exp_values, p.exp_large), p.exp_shared_input, owns=("exp",))


@points(1, concept="exp", name="exp/negative")
def test_exp_negative(observe, expect):
    """exp at a negative input"""
    check(observe, expect, (p.exp_negative, p.exp_large_negative), p.exp_inner, owns=("exp",))


@points(1, concept="log", name="log/values")
def test_log_values(observe, expect):
    """log's local derivative is 1 / input, added to what else reaches the input"""
    check(observe, expect, (p.log_values, p.log_large), p.log_shared_input, owns=("log",))


@points(1, concept="log", name="log/small")
def test_log_small(observe, expect):
    """log below 1"""
    check(observe, expect, p.log_small, p.log_inner, owns=("log",))


@points(1, concept="chain-rule", name="values/int-data")
def test_int_data(observe, expect):
    """Value(3) with int data works like Value(3.0)"""
    check(observe, expect, p.int_data)


# -- shared nodes --------------------------------------------------------------------


@points(2, concept="accumulate", name="mul/shared-node")
def test_shared_mul(observe, expect):
    """y = a * a adds both uses of a into a.grad"""
    check(observe, expect, p.shared_mul)


@points(2, concept="accumulate", name="add/shared-node")
def test_shared_add(observe, expect):
    """y = a + a gives a.grad = 2"""
    check(observe, expect, p.shared_add)


@points(1, concept="accumulate", name="shared/a*a+a")
def test_shared_sum(observe, expect):
    """q = a*a + a at 3 gives 7"""
    check(observe, expect, p.shared_sum)


@points(2, concept="accumulate", name="shared/three-paths")
def test_shared_three_paths(observe, expect):
    """a*a + a*b + a: a is reached along three paths"""
    check(observe, expect, p.shared_three_paths)


@points(1, concept="accumulate", name="shared/a-a")
def test_shared_sub(observe, expect):
    """a - a: the two paths cancel to 0"""
    check(observe, expect, p.shared_sub)


@points(2, concept="traversal", name="shared/diamond")
def test_diamond(observe, expect):
    """a diamond: a feeds b and c, which meet again in d"""
    check(observe, expect, p.diamond)


@points(2, concept="traversal", name="shared/deep-diamond")
def test_diamond_deep(observe, expect):
    """nested diamonds through tanh"""
    check(observe, expect, p.diamond_deep)


@points(1, concept="accumulate", name="shared/intermediate")
def test_shared_intermediate(observe, expect):
    """an intermediate node used twice"""
    check(observe, expect, p.shared_intermediate)


# -- the backward pass -----------------------------------------------------------------


@points(1, concept="initial-grad", name="backward/grads-start-at-zero")
def test_grads_start_at_zero(observe, expect):
    """grad is 0 before any backward()"""
    check(observe, expect, p.grads_start_at_zero)


@points(1, concept="seed", name="backward/seed")
def test_seed(observe, expect):
    """backward() sets out.grad = 1 (dL/dL = 1)"""
    check(observe, expect, p.seed_gradient)


@points(1, concept="traversal", name="backward/untouched-leaf")
def test_untouched_leaf(observe, expect):
    """a Value the output does not depend on keeps its grad: 0, or what another graph's backward() gave it"""
    check(observe, expect, p.untouched_leaf, p.untouched_other_graph)


@points(2, concept="traversal", name="backward/order")
def test_order(observe, expect):
    """every node's gradient is complete before it is passed on"""
    check(observe, expect, p.order_matters, p.order_deep)


@points(2, concept="traversal", name="backward/deep-chain")
def test_deep_chain(observe, expect, observation):
    """a 10,000-node chain: backward() must not hit the recursion limit"""
    obs = observation(p.deep_chain)
    if obs.get("recursion") and outside_backward(obs):  # a lazy `data`, say (grader/judge/recursion.py)
        raise Mismatch(msg("{expression}: RecursionError outside backward(), in `{function}`: it calls itself once "
                           "per node, and this chain is 10,000 nodes deep; compute it with a loop (or an explicit "
                           "stack) instead.", expression=expression_of(p.deep_chain), function=recursed_in(obs)),
                       where=obs.get("where"), exception=obs.get("exception"))
    if obs.get("recursion"):
        raise Mismatch(msg("{expression}: backward() raised RecursionError. A recursive topological sort goes one "
                           "Python call deeper per node; sort with an explicit stack (or a loop) instead.",
                           expression=expression_of(p.deep_chain)),
                       where=obs.get("where"), exception=obs.get("exception"))  # as fields, not only in words
    # 1e-6, looser than it need be: the chain's 10,000 roundings, in whatever order an engine makes them
    # (and whatever the CPU: no libm function is in it), move the result by about 1e-12 relative, and a
    # wrong rule or a missed node moves it by far more than 1e-6.
    assert_values(observe(p.deep_chain), expect(p.deep_chain), probe=p.deep_chain, rel=1e-6)


@points(1, concept="traversal", name="backward/long-sum")
def test_long_sum(observe, expect):
    """a loss summed over 200 terms"""
    check(observe, expect, p.long_sum)
