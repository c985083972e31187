"""Dual numbers, exercise 08 -- forward mode."""

import math


def _split(x):
    """(value, derivative) of a Dual; a plain number is a constant."""
    return (x.value, x.deriv) if isinstance(x, Dual) else (x, 0.0)


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __add__(self, other):
        v, d = _split(other)
        return Dual(v + self.value, d + self.deriv)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        v, d = _split(other)
        return Dual(self.value - v, self.deriv - d)

    def __rsub__(self, other):
        v, d = _split(other)
        return Dual(v - self.value, d - self.deriv)

    def __mul__(self, other):
        v, d = _split(other)
        return Dual(v * self.value, v * self.deriv + d * self.value)

    def __rmul__(self, other):
        return self.__mul__(other)

    def __truediv__(self, other):
        v, d = _split(other)
        return Dual(self.value / v, (v * self.deriv - d * self.value) / v ** 2)

    def __rtruediv__(self, other):
        v, d = _split(other)
        return Dual(v / self.value, (self.value * d - v * self.deriv) / self.value ** 2)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return Dual(self.value ** k, self.deriv * k * self.value ** (k - 1))
        p = math.exp(k.value * math.log(self.value))
        return Dual(p, p * (math.log(self.value) * k.deriv + k.value / self.value * self.deriv))

    def __rpow__(self, c):
        p = math.exp(self.value * math.log(c))
        return Dual(p, math.log(c) * p * self.deriv)

    def sin(self):
        return Dual(math.sin(self.value), self.deriv * math.cos(self.value))

    def cos(self):
        return Dual(math.cos(self.value), self.deriv * -math.sin(self.value))

    def exp(self):
        p = math.exp(self.value)
        return Dual(p, self.deriv * p)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        p = math.tanh(self.value)
        return Dual(p, self.deriv * (1 - p * p))

    def relu(self):
        return Dual(self.value, self.deriv) if self.value > 0 else Dual(0.0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    out = f(Dual(x, 1.0))
    return out.deriv if isinstance(out, Dual) else 0.0
