"""Dual numbers, 08-dual-numbers. -- Nadia

The six functions all follow one rule, g((a, a')) = (g(a), g'(a) a'), so they are made from a table
instead of being written out six times.
"""

import math

# name: (g, g')
_RULES = {
    "sin": (math.sin, math.cos),
    "cos": (math.cos, lambda a: -math.sin(a)),
    "exp": (math.exp, math.exp),
    "log": (math.log, lambda a: 1 / a),
    "tanh": (math.tanh, lambda a: 1 - math.tanh(a) ** 2),
    "relu": (lambda a: max(a, 0), lambda a: float(a > 0)),
}


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value, self.deriv = value, deriv

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"

    def _pair(self, other):
        if isinstance(other, Dual):
            return other.value, other.deriv
        return other, 0

    def __add__(self, other):
        b, db = self._pair(other)
        return Dual(self.value + b, self.deriv + db)

    def __mul__(self, other):
        b, db = self._pair(other)
        return Dual(self.value * b, self.deriv * b + self.value * db)

    def __truediv__(self, other):
        b, db = self._pair(other)
        return Dual(self.value / b, (self.deriv * b - self.value * db) / b ** 2)

    def __rtruediv__(self, other):
        b, db = self._pair(other)
        return Dual(b, db) / self

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -Dual(*self._pair(other))

    def __rsub__(self, other):
        return -self + other

    __radd__ = __add__
    __rmul__ = __mul__

    def __pow__(self, k):
        if isinstance(k, Dual):
            v = self.value ** k.value
            return Dual(v, v * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value))
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        v = c ** self.value
        return Dual(v, v * math.log(c) * self.deriv)


def _method(g, dg):
    def apply(self):
        return Dual(g(self.value), dg(self.value) * self.deriv)
    return apply


for _name, (_g, _dg) in _RULES.items():
    setattr(Dual, _name, _method(_g, _dg))


def derivative(f, x):
    result = f(Dual(x, 1.0))
    return result.deriv if isinstance(result, Dual) else 0.0
