"""Hidden tests of 05-backward: backward() itself.

Every test with points calls the student's backward(), which the untouched
starter leaves raising NotImplementedError, so the starter scores 0.
"""

from grader.i18n import msg
from grader.judge import (
    assert_values, check, expression_of, from_scratch_test, import_test, Mismatch, points, suite_probes,
)
from grader.judge.recursion import outside_backward, recursed_in

p = suite_probes(__file__)


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- the seed ------------------------------------------------------------------------------------


@points(2, concept="seed", name="seed/out-grad-is-one")
def test_seed(observe, expect):
    """backward() sets out.grad = 1 (dL/dL = 1) before passing anything on"""
    check(observe, expect, p.seed_gradient)


@points(1, concept="seed", name="seed/single-op")
def test_single_op(observe, expect):
    """one multiplication: the output's rule runs with out.grad = 1"""
    check(observe, expect, p.single_op)


# -- the order of the walk --------------------------------------------------------------------------


@points(2, concept="traversal", name="order/chain")
def test_chain(observe, expect):
    """four levels deep: the gradient reaches every node, not only the output's inputs"""
    check(observe, expect, p.chain)


@points(2, concept="traversal", name="order/diamond")
def test_diamond(observe, expect):
    """a diamond: a's gradient is complete only after both b and c have passed theirs on"""
    check(observe, expect, p.diamond)


@points(2, concept="traversal", name="order/reused-intermediate", visibility="hidden")
def test_order(observe, expect):
    """every node's gradient is complete before it is passed on"""
    check(observe, expect, p.order_matters)
    check(observe, expect, p.order_deep)
    # whichever input of y comes first: a walk that marks a node visited when it is pushed, not when it is
    # expanded, gets one of the two orders wrong
    check(observe, expect, p.order_both_ways)


@points(2, concept="traversal", name="order/nested-diamonds", visibility="hidden")
def test_diamond_deep(observe, torch_expect):
    """nested diamonds through relu, against PyTorch"""
    assert_values(observe(p.diamond_deep_relu_plus_one), torch_expect(p.diamond_deep_relu_plus_one), probe=p.diamond_deep_relu_plus_one)


@points(1, concept="traversal", name="order/untouched-leaf", visibility="hidden")
def test_untouched_leaf(observe, expect):
    """a Value the output does not depend on keeps grad 0"""
    check(observe, expect, p.untouched_leaf)


# -- each node once ------------------------------------------------------------------------------------


@points(1, concept="traversal", name="once/a*a")
def test_shared_mul(observe, expect):
    """y = a * a: a is visited once, and its gradient is 6"""
    check(observe, expect, p.shared_mul)


@points(2, concept="traversal", name="once/shared-intermediate")
def test_shared_intermediate(observe, expect):
    """c = a * b used twice: c's rule runs once, with its complete gradient"""
    check(observe, expect, p.shared_intermediate)


@points(2, concept="traversal", name="once/ladder", visibility="hidden")
def test_ladder(observe, expect):
    """twelve levels, each node reached along two paths: a visited set keeps the walk linear"""
    check(observe, expect, p.ladder)


# -- deep graphs -----------------------------------------------------------------------------------------


@points(3, concept="traversal", name="deep/10000-chain")
def test_deep_chain(observe, expect, run):
    """a 10,000-node chain: backward() must not hit the recursion limit"""
    obs = run["probes"].get(p.deep_chain_affine.__name__, {})
    if obs.get("recursion") and outside_backward(obs):  # a lazy `data`, say (grader/judge/recursion.py)
        raise Mismatch(msg("{expression}: RecursionError outside backward(), in `{function}`: it calls itself once "
                           "per node, and this chain is 10,000 nodes deep; compute it with a loop (or an explicit "
                           "stack) instead.", expression=expression_of(p.deep_chain_affine), function=recursed_in(obs)),
                       where=obs.get("where"), exception=obs.get("exception"))
    if obs.get("recursion"):
        raise Mismatch(msg("{expression}: backward() raised RecursionError. A recursive topological sort goes one "
                           "Python call deeper per node; sort with an explicit stack (or a loop) instead.",
                           expression=expression_of(p.deep_chain_affine)),
                       where=obs.get("where"), exception=obs.get("exception"))  # as fields, not only in words
    # 1e-6, looser than it need be: the chain's 10,000 roundings, in whatever order an engine makes them
    # (and whatever the CPU: no libm function is in it), move the result by about 1e-12 relative, and a
    # wrong rule or a missed node moves it by far more than 1e-6.
    check(observe, expect, p.deep_chain_affine, rel=1e-6)


@points(1, concept="traversal", name="deep/long-sum", visibility="hidden")
def test_long_sum(observe, expect):
    """a loss summed over 500 terms"""
    check(observe, expect, p.long_sum_500)


# -- whole expressions ---------------------------------------------------------------------------------------


@points(1, concept="chain-rule", name="graph/micrograd-sanity", visibility="hidden")
def test_micrograd_sanity(observe, torch_expect):
    """micrograd's sanity check, against PyTorch"""
    assert_values(observe(p.micrograd_sanity), torch_expect(p.micrograd_sanity), probe=p.micrograd_sanity)


RANDOM = p.RANDOM_GRAPHS


@points(2, concept="random-graphs", name="graph/random", visibility="hidden")
def test_random_graphs(observe, torch_expect):
    """eight random expression graphs, every node's gradient against PyTorch"""
    for probe in RANDOM:
        want = torch_expect(probe)
        keys = [k for k in want if k != "expr"]
        assert_values(observe(probe), want, keys=keys,
                      what=msg("{graph} ({expr})", graph=expression_of(probe), expr=want["expr"]))
