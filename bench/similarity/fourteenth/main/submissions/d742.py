"""Dual numbers for forward mode -- Bogdan's version.

A Dual is an immutable pair (value, deriv), so I built it on a namedtuple.
The rules are the ones from the lecture: each operation maps (a, a') to a new pair.
"""

import math
from collections import namedtuple

_Pair = namedtuple("_Pair", ["value", "deriv"])


def _const(x):
    # a plain number does not depend on the input: derivative 0
    return x if isinstance(x, Dual) else Dual(x, 0.0)


class Dual(_Pair):
    """a + a'e, e*e = 0."""

    __slots__ = ()

    def __new__(cls, value, deriv=0.0):
        return super().__new__(cls, value, deriv)

    # tuple already has + and * (concatenation, repetition): these replace them
    def __add__(self, other):
        b = _const(other)
        return Dual(self.value + b.value, self.deriv + b.deriv)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        b = _const(other)
        return Dual(self.value - b.value, self.deriv - b.deriv)

    def __rsub__(self, other):
        return _const(other).__sub__(self)

    def __mul__(self, other):
        b = _const(other)
        return Dual(self.value * b.value, self.deriv * b.value + self.value * b.deriv)

    def __rmul__(self, other):
        return self.__mul__(other)

    def __truediv__(self, other):
        b = _const(other)
        return Dual(self.value / b.value, (self.deriv * b.value - self.value * b.deriv) / (b.value * b.value))

    def __rtruediv__(self, other):
        return _const(other).__truediv__(self)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        return (self * math.log(c)).exp()

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        e = math.exp(self.value)
        return Dual(e, e * self.deriv)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        t = math.tanh(self.value)
        return Dual(t, (1 - t * t) * self.deriv)

    def relu(self):
        if self.value > 0:
            return self
        return Dual(0, 0.0)

    def __repr__(self):
        return "Dual(value=%r, deriv=%r)" % (self.value, self.deriv)


def derivative(f, x):
    """Forward mode: f'(x)."""
    y = f(Dual(x, 1.0))
    if isinstance(y, Dual):
        return y.deriv
    return 0.0
