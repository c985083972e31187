"""Checking a gradient by nudging the input.

Backpropagation gives the *analytic* derivative; nudging x a little each way
and watching f move gives a *numeric* one. If the two disagree, a backward
rule is wrong (or the graph lost a path).
"""

from typing import NamedTuple

from engine import Value


def _interval(x, h):
    return x - h, x + h


def numerical_grad(f, x, h=1e-6):
    """df/dx at x by central differences, over the interval's own width."""
    a, b = _interval(x, h)
    return (f(b) - f(a)) / (b - a)


class GradcheckResult(NamedTuple):
    """Backprop's df/dx next to the numeric one, and whether they agree."""

    analytic: float
    numeric: float
    abs_diff: float
    rel_diff: float  # abs_diff / max(|analytic|, |numeric|); 0 when both are 0
    ok: bool


def _backprop(f, x):
    leaf = Value(x)
    f(leaf).backward()
    return leaf.grad


def _on_floats(f):
    return lambda t: f(Value(t)).data


def gradcheck(f, x, h=1e-6, rtol=1e-5, atol=1e-7):
    """Compare backprop's df/dx at x with central differences (see the README for the tolerances)."""
    grads = (_backprop(f, x), numerical_grad(_on_floats(f), x, h))
    flat = not any(grads)
    gap = 0.0 if flat else abs(grads[0] - grads[1])
    top = max(map(abs, grads))
    return GradcheckResult(*grads, gap, 0.0 if flat else gap / top, flat or gap <= atol + rtol * top)
