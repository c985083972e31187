"""Central differences, and gradcheck: agreeing with correct backward rules, flagging wrong ones."""

import math

import pytest

from random_graphs import build, describe, make_program
from reference.engine import Value
from reference.gradcheck import GradcheckResult, gradcheck, numerical_grad

RTOL, ATOL = gradcheck.__defaults__[1:]  # the documented tolerances, read back


def test_central_differences_are_second_order():
    # the error is h² f'''(x) / 6: for exp at 0, h = 1e-2 gives 1.6667e-5 ...
    assert numerical_grad(math.exp, 0.0, h=1e-2) - 1 == pytest.approx(1e-4 / 6, rel=1e-3)
    # ... and h 100 times smaller gives an error 10,000 times smaller
    assert numerical_grad(math.exp, 0.0, h=1e-4) - 1 == pytest.approx(1e-8 / 6, rel=1e-3)


def test_too_small_a_step_loses_to_cancellation():
    # below h ≈ 1e-5 round-off, about eps / h, takes over from truncation
    error = {h: abs(numerical_grad(math.exp, 1.0, h=h) - math.e) for h in (1e-6, 1e-12)}
    assert error[1e-6] < 1e-9
    assert error[1e-12] > 1e-5


def test_course_example_by_nudging():
    # y = x², L = 3y at x = 2: dL/dx = 12
    assert numerical_grad(lambda x: 3 * x**2, 2.0) == pytest.approx(12.0, rel=1e-9)


NAMED_FUNCTIONS = {
    "x ** 3 at 2": (lambda v: v**3, 2.0, 12.0),
    "3 * x ** 2 at 2": (lambda v: 3 * v**2, 2.0, 12.0),
    "tanh at 0": (lambda v: v.tanh(), 0.0, 1.0),
    "tanh at 2": (lambda v: v.tanh(), 2.0, 1 - math.tanh(2.0) ** 2),
    "exp at 1": (lambda v: v.exp(), 1.0, math.e),
    "log at 0.5": (lambda v: v.log(), 0.5, 2.0),
    "relu at 1.5": (lambda v: v.relu(), 1.5, 1.0),
    "relu at -1.5": (lambda v: v.relu(), -1.5, 0.0),
    "sigmoid at 0.3": (lambda v: 1 / (1 + (-v).exp()), 0.3, math.exp(-0.3) / (1 + math.exp(-0.3)) ** 2),
    "x * x + x at 3": (lambda v: v * v + v, 3.0, 7.0),
    "2 / x - x at 4": (lambda v: 2 / v - v, 4.0, -1.125),
    "x ** 0.5 at 9": (lambda v: v**0.5, 9.0, 1 / 6),
}


@pytest.mark.parametrize("name", NAMED_FUNCTIONS)
def test_gradcheck_passes_correct_rules(name):
    f, x, derivative = NAMED_FUNCTIONS[name]
    result = gradcheck(f, x)
    assert isinstance(result, GradcheckResult)
    assert result.ok, result
    assert result.analytic == pytest.approx(derivative, rel=1e-15, abs=1e-15)
    assert result.abs_diff == abs(result.analytic - result.numeric)


def float_leaf_seeds(count, base=3_000_000):
    """Seeds of one-leaf programs with a float leaf: no relu kink sits exactly on an integer x."""
    seeds, seed = [], base
    while len(seeds) < count:
        if isinstance(make_program(seed, n_leaves=1)[0][1], float):
            seeds.append(seed)
        seed += 1
    return seeds


@pytest.mark.parametrize("seed", float_leaf_seeds(200), ids=lambda s: f"graph-seed-{s}")
def test_gradcheck_agrees_with_reverse_mode(seed):
    program = make_program(seed, n_leaves=1)
    x = program[0][1]

    def f(v):
        return build(program, lambda i, data: v)[1][-1]

    leaf = Value(x)
    f(leaf).backward()
    result = gradcheck(f, x)
    assert result.analytic == leaf.grad
    # the documented criterion: |analytic - numeric| <= atol + rtol * max(|analytic|, |numeric|)
    assert abs(leaf.grad - result.numeric) <= ATOL + RTOL * max(abs(leaf.grad), abs(result.numeric))
    assert result.ok, f"seed {seed}: {result}\n{describe(program)}"


# -- the course's classic mistakes, each in one hand-made node -------------------


def node_with_local_derivative(v, data, local):
    """A one-input node whose backward rule uses the given (possibly wrong) local derivative."""
    out = Value(data, (v,), "custom")

    def _backward():
        v.grad += local * out.grad

    out._backward = _backward
    return out


def square_with_assignment(v):
    """a * a whose backward rule assigns with = instead of adding with +=."""
    out = Value(v.data * v.data, (v, v), "*")

    def _backward():
        v.grad = v.data * out.grad  # the first use...
        v.grad = v.data * out.grad  # ...overwritten by the second

    out._backward = _backward
    return out


MISTAKES = {
    # name: (f, x, the wrong analytic gradient, the true derivative)
    "tanh' as 1 - t": (
        lambda v: node_with_local_derivative(v, math.tanh(v.data), 1 - math.tanh(v.data)),
        0.5,
        1 - math.tanh(0.5),
        1 - math.tanh(0.5) ** 2,
    ),
    "tanh' from the input": (
        lambda v: node_with_local_derivative(v, math.tanh(v.data), 1 - v.data**2),
        0.5,
        0.75,
        1 - math.tanh(0.5) ** 2,
    ),
    "exp' from the input": (
        lambda v: node_with_local_derivative(v, math.exp(v.data), v.data),
        1.0,
        1.0,
        math.e,
    ),
    "log' as 1 / output": (
        lambda v: node_with_local_derivative(v, math.log(v.data), 1 / math.log(v.data)),
        3.0,
        1 / math.log(3.0),
        1 / 3,
    ),
    "pow without the -1": (
        lambda v: node_with_local_derivative(v, v.data**3, 3 * v.data**3),
        2.0,
        24.0,
        12.0,
    ),
    "= instead of += on a * a": (square_with_assignment, 3.0, 3.0, 6.0),
}


@pytest.mark.parametrize("name", MISTAKES)
def test_gradcheck_flags_a_wrong_gradient(name):
    f, x, wrong, right = MISTAKES[name]
    result = gradcheck(f, x)
    assert result.analytic == wrong
    assert result.numeric == pytest.approx(right, rel=1e-8)
    assert result.ok is False
    assert result.rel_diff == abs(wrong - result.numeric) / max(abs(wrong), abs(result.numeric))
