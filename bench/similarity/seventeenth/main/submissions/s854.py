# dual.py -- Hugo, exercise 08
# A dataclass holds the pair; every rule is written as "value part, epsilon part".

import math
from dataclasses import dataclass


@dataclass
class Dual:
    value: float
    deriv: float = 0.0

    @classmethod
    def of(cls, x):
        if isinstance(x, cls):
            return x
        return cls(x)

    def __add__(self, other):
        other = Dual.of(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        other = Dual.of(other)
        return Dual(self.value - other.value, self.deriv - other.deriv)

    def __rsub__(self, other):
        return Dual.of(other).__sub__(self)

    def __mul__(self, other):
        other = Dual.of(other)
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __rmul__(self, other):
        return self.__mul__(other)

    def __truediv__(self, other):
        other = Dual.of(other)
        return self.__mul__(other.reciprocal())

    def __rtruediv__(self, other):
        return Dual.of(other).__truediv__(self)

    def reciprocal(self):
        # (1/b)' = -b'/b^2
        return Dual(1.0 / self.value, -self.deriv / self.value ** 2)

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
        return Dual(t, (1 - t ** 2) * self.deriv)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)


def derivative(f, x):
    y = f(Dual(x, 1.0))
    if isinstance(y, Dual):
        return y.deriv
    return 0.0
