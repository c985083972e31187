"""The reference engine on micrograd's two published checks, a very deep chain, and repeatability."""

import sys

import pytest

from reference.engine import Value


def torch_leaf(torch, data):
    """A float64 leaf of `torch` (tests/conftest.py's fixture)."""
    return torch.tensor(data, dtype=torch.float64, requires_grad=True)


# -- micrograd's test_engine.py: the same expressions, the same numbers -------


def sanity_expression(x):
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    return h + q + q * x


def more_ops_expression(a, b):
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    return g


def test_micrograd_sanity_check(torch):
    x = Value(-4.0)
    y = sanity_expression(x)
    y.backward()
    assert (y.data, x.grad) == (-20.0, 46.0)

    # micrograd compares with PyTorch for exact equality on this one; that holds on every CPU
    # because it only adds, multiplies and relus small integers, which no libm rounds
    xt = torch_leaf(torch, -4.0)
    yt = sanity_expression(xt)
    yt.backward()
    assert y.data == yt.item()
    assert x.grad == xt.grad.item()


def test_micrograd_more_ops(torch):
    a, b = Value(-4.0), Value(2.0)
    g = more_ops_expression(a, b)
    g.backward()
    tol = 1e-6  # micrograd's tolerance for this longer expression
    assert abs(g.data - 24.70408163265306) < tol
    assert abs(a.grad - 138.83381924198252) < tol
    assert abs(b.grad - 645.5772594752186) < tol

    at, bt = torch_leaf(torch, -4.0), torch_leaf(torch, 2.0)
    gt = more_ops_expression(at, bt)
    gt.backward()
    assert abs(g.data - gt.item()) < tol
    assert abs(a.grad - at.grad.item()) < tol
    assert abs(b.grad - bt.grad.item()) < tol


# -- depth: the recursion limit is a lesson, not a property of the reference --


@pytest.mark.slow
def test_backward_through_a_100000_node_chain():
    assert sys.getrecursionlimit() < 100_000  # so a recursive walk really would fail
    x0 = Value(1.0)
    x = x0
    for _ in range(50_000):  # two ops a round: 100,000 nodes in a row
        x = x * 1.0000001
        x = x + 0.5
    x.backward()  # how fast is bench/'s to measure: a test must not depend on the machine's speed
    # d/dx0 of 50,000 rounds of (x * c + 0.5) is c ** 50,000
    assert x0.grad == pytest.approx(1.0000001**50_000, rel=1e-12)


# -- repeatability: scores must be the same every run ------------------------


def test_gradients_are_identical_from_run_to_run():
    # Float sums depend on their order. The order a node's gradient terms are
    # added in follows the graph walk, so the walk must not depend on where the
    # nodes happen to sit in memory (it did while _prev was a set).
    def grads():
        leaves = [Value(0.1 * (k + 1)) for k in range(6)]
        out = Value(0.0)
        for i, a in enumerate(leaves):
            for b in leaves[i:]:
                out = out + (a * b).tanh() / (b + 1.7) + a.exp() * 0.3
        out.backward()
        return [v.grad for v in leaves]

    first = grads()
    assert all(grads() == first for _ in range(20))
