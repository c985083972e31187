"""Forward mode (Dual) on its own, and against reverse mode (Value) on the same expressions."""

import math

import pytest

from random_graphs import agree, build, describe, graph_scale, make_program
from reference.dual import Dual, derivative
from reference.engine import Value


def pair(d):
    return (d.value, d.deriv)


# -- the rules, one at a time --------------------------------------------------


def test_product_rule_is_the_eps_squared_rule():
    # (a, a') · (b, b') = (ab, a'b + ab')
    assert pair(Dual(3, 1) * Dual(5, 2)) == (15, 11)


@pytest.mark.parametrize(
    "expression, f, x, expected",
    [
        ("d + 2", lambda d: d + 2, 3.0, (5.0, 1.0)),
        ("2 + d", lambda d: 2 + d, 3.0, (5.0, 1.0)),
        ("d - 2", lambda d: d - 2, 3.0, (1.0, 1.0)),
        ("2 - d", lambda d: 2 - d, 3.0, (-1.0, -1.0)),
        ("d * 2", lambda d: d * 2, 3.0, (6.0, 2.0)),
        ("2 * d", lambda d: 2 * d, 3.0, (6.0, 2.0)),
        ("d / 2", lambda d: d / 2, 3.0, (1.5, 0.5)),
        ("2 / d", lambda d: 2 / d, 4.0, (0.5, -0.125)),
        ("2.5 - d", lambda d: 2.5 - d, 4.0, (-1.5, -1.0)),
        ("-d", lambda d: -d, 3.0, (-3.0, -1.0)),
        ("d ** 3", lambda d: d**3, 2.0, (8.0, 12.0)),
        ("d ** -1", lambda d: d**-1, 4.0, (0.25, -0.0625)),
        ("d ** 0.5", lambda d: d**0.5, 4.0, (2.0, 0.25)),
        ("d * d", lambda d: d * d, 3.0, (9.0, 6.0)),
        ("d * d + d", lambda d: d * d + d, 3.0, (12.0, 7.0)),
        ("relu(d) at 0", lambda d: d.relu(), 0.0, (0, 0.0)),
        ("relu(d) at 2", lambda d: d.relu(), 2.0, (2.0, 1.0)),
        ("relu(d) at -2", lambda d: d.relu(), -2.0, (0, 0.0)),
        # math.exp(1.0), not math.e: the rule is under test, not whether this CPU's libm rounds e exactly
        ("exp(d)", lambda d: d.exp(), 1.0, (math.exp(1.0), math.exp(1.0))),
        ("log(d)", lambda d: d.log(), 4.0, (math.log(4.0), 0.25)),
        ("tanh(d) at 0", lambda d: d.tanh(), 0.0, (0.0, 1.0)),
        ("sin(d)", lambda d: d.sin(), 0.5, (math.sin(0.5), math.cos(0.5))),
        ("cos(d)", lambda d: d.cos(), 0.5, (math.cos(0.5), -math.sin(0.5))),
    ],
    ids=lambda p: p if isinstance(p, str) else "",
)
def test_each_operation(expression, f, x, expected):
    assert pair(f(Dual(x, 1.0))) == expected


def test_course_numbers():
    assert derivative(lambda x: x**3, 2.0) == 12.0  # d/dx x³ at 2
    # 1 - tanh(2)² magnifies the last bit of this CPU's tanh(2) 27 times: a few ulps of it, not 1e-15
    assert derivative(lambda x: x.tanh(), 2.0) == pytest.approx(0.0706508248531644, rel=1e-13)
    assert derivative(lambda x: 3 * x**2, 2.0) == 12.0  # L = 3y, y = x² at x = 2


def test_dual_powers_and_constant_functions():
    # x ** x = exp(x log x): derivative x ** x (log x + 1)
    assert derivative(lambda x: x**x, 2.0) == pytest.approx(4 * (math.log(2.0) + 1), rel=1e-15)
    assert derivative(lambda x: 2**x, 3.0) == pytest.approx(8 * math.log(2.0), rel=1e-15)
    assert derivative(lambda x: 7.0, 1.0) == 0.0  # does not depend on x at all
    assert derivative(lambda x: x - x, 1.0) == 0.0


def test_sin_cos_identity():
    # d/dx (sin x cos x) = cos 2x
    for x in (-1.3, 0.0, 0.4, 2.2):
        assert derivative(lambda d: d.sin() * d.cos(), x) == pytest.approx(math.cos(2 * x), rel=1e-14, abs=1e-15)


# -- forward mode against reverse mode ------------------------------------------


@pytest.mark.parametrize("seed", range(2_000_000, 2_000_200), ids=lambda s: f"graph-seed-{s}")
def test_forward_mode_matches_reverse_mode(seed):
    """Seeding leaf k with deriv=1 gives d(output)/d(leaf k): Value's leaf k grad."""
    program = make_program(seed)
    leaves, nodes = build(program, lambda i, data: Value(data))
    nodes[-1].backward()
    scale = graph_scale(nodes[-1])
    for k, leaf in enumerate(leaves):
        _, duals = build(program, lambda i, data: Dual(data, 1.0 if i == k else 0.0))
        out = duals[-1]
        assert agree(out.value, nodes[-1].data, scale), f"value, seed {seed}:\n{describe(program)}"
        assert agree(out.deriv, leaf.grad, scale), (
            f"d/dn{k}, seed {seed}: forward {out.deriv!r}, reverse {leaf.grad!r}\n{describe(program)}"
        )
