"""Dual numbers: forward-mode differentiation (lab 8)."""

import math


class Dual:
    """The pair (a, a'): a + a' eps with eps * eps = 0."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def _step(self, val, slope):
        """Chain rule: g(a) and g'(a) * a'."""
        return Dual(val, self.deriv * slope)

    @staticmethod
    def _constant(n):
        """A plain number: derivative zero."""
        return n if isinstance(n, Dual) else Dual(n, 0.0)

    # unary functions first
    def exp(self):
        e = math.exp(self.value)
        return self._step(e, e)

    def log(self):
        return self._step(math.log(self.value), 1 / self.value)

    def sin(self):
        return self._step(math.sin(self.value), math.cos(self.value))

    def cos(self):
        return self._step(math.cos(self.value), -math.sin(self.value))

    def tanh(self):
        th = math.tanh(self.value)
        return self._step(th, 1 - th ** 2)

    def relu(self):
        if self.value > 0:
            return self._step(self.value, 1.0)
        return self._step(0, 0.0)

    # arithmetic
    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __add__(self, other):
        rhs = Dual._constant(other)
        return Dual(self.value + rhs.value, self.deriv + rhs.deriv)

    def __mul__(self, other):
        rhs = Dual._constant(other)
        return Dual(self.value * rhs.value, self.deriv * rhs.value + self.value * rhs.deriv)

    def __truediv__(self, other):
        rhs = Dual._constant(other)
        q = self.value / rhs.value
        return Dual(q, (self.deriv - q * rhs.deriv) / rhs.value)

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return self._step(self.value ** k, k * self.value ** (k - 1))
        return (k * self.log()).exp()

    def __rpow__(self, c):
        pw = c ** self.value
        return self._step(pw, pw * math.log(c))

    def __sub__(self, other):
        return self + (-Dual._constant(other))

    def __rsub__(self, other):
        return (-self) + other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Dual._constant(other) / self

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode."""
    res = f(Dual(x, 1.0))
    return res.deriv if isinstance(res, Dual) else 0.0
