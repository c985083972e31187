"""Gradient check: backprop's derivative against a central difference."""

from typing import NamedTuple

from engine import Value


class GradcheckResult(NamedTuple):
    """Backprop's df/dx next to the numeric one, and whether they agree."""

    analytic: float
    numeric: float
    abs_diff: float
    rel_diff: float  # abs_diff / max(|analytic|, |numeric|); 0 when both are 0
    ok: bool


def numerical_grad(f, x, h=1e-6):
    """Central difference (f(x + h) - f(x - h)) / 2h."""
    total = 0.0
    for sign in (1, -1):
        total += sign * f(x + sign * h)
    return total / (2 * h)


class _Comparison:
    """The two derivatives and what follows from them."""

    def __init__(self, analytic, numeric, rtol, atol):
        self.analytic = analytic
        self.numeric = numeric
        self.rtol = rtol
        self.atol = atol

    @property
    def scale(self):
        return max(abs(self.analytic), abs(self.numeric))

    @property
    def abs_diff(self):
        return abs(self.analytic - self.numeric)

    @property
    def rel_diff(self):
        return self.abs_diff / self.scale if self.scale else 0.0

    @property
    def ok(self):
        return self.abs_diff <= self.atol + self.rtol * self.scale

    def result(self):
        return GradcheckResult(self.analytic, self.numeric, self.abs_diff, self.rel_diff, self.ok)


def gradcheck(f, x, h=1e-6, rtol=1e-5, atol=1e-7):
    """Compare backprop's df/dx at x with central differences; passes when
    abs_diff <= atol + rtol * max(|analytic|, |numeric|)."""
    leaf = Value(x)
    f(leaf).backward()
    return _Comparison(leaf.grad, numerical_grad(lambda t: f(Value(t)).data, x, h), rtol, atol).result()
