"""Dual numbers for exercise 08.

Arithmetic by hand; every elementary function (and the powers) goes through `_through`,
the chain rule in one place.
"""

import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __repr__(self):
        return "Dual(value=%s, deriv=%s)" % (self.value, self.deriv)

    def _through(self, fn, fn_prime):
        return Dual(fn(self.value), self.deriv * fn_prime(self.value))

    def sin(self):
        return self._through(math.sin, math.cos)

    def cos(self):
        return self._through(math.cos, lambda v: -math.sin(v))

    def exp(self):
        return self._through(math.exp, math.exp)

    def log(self):
        return self._through(math.log, lambda v: 1.0 / v)

    def tanh(self):
        return self._through(math.tanh, lambda v: 1.0 - math.tanh(v) ** 2)

    def relu(self):
        return self._through(lambda v: v if v > 0 else 0.0, lambda v: 1.0 if v > 0 else 0.0)

    def __neg__(self):
        return self._through(lambda v: -v, lambda v: -1.0)

    def __add__(self, other):
        other = lift(other)
        return Dual(other.value + self.value, other.deriv + self.deriv)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + -lift(other)

    def __rsub__(self, other):
        return -self + other

    def __mul__(self, other):
        other = lift(other)
        return Dual(other.value * self.value, other.value * self.deriv + other.deriv * self.value)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        other = lift(other)
        denominator = other.value * other.value
        return Dual(self.value / other.value, (other.value * self.deriv - other.deriv * self.value) / denominator)

    def __rtruediv__(self, other):
        return lift(other) / self

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return self._through(lambda v: v ** k, lambda v: k * v ** (k - 1))
        return (self.log() * k).exp()

    def __rpow__(self, c):
        return self._through(lambda v: c ** v, lambda v: math.log(c) * c ** v)


def lift(x):
    if isinstance(x, Dual):
        return x
    return Dual(x, 0.0)


def derivative(f, x):
    out = f(Dual(x, 1.0))
    if isinstance(out, Dual):
        return out.deriv
    return 0.0
