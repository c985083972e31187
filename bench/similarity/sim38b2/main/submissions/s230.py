"""Forward-mode AD, exercise 08 -- Aditi Rao.

The six functions are not written by hand: a loop below the class makes each
one from its (g, g') pair with `_fn` and attaches it with setattr.
"""
import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value, self.deriv = value, deriv

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"

    @staticmethod
    def of(x):
        return x if isinstance(x, Dual) else Dual(x)

    def __add__(self, other):
        other = Dual.of(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __mul__(self, other):
        other = Dual.of(other)
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __truediv__(self, other):
        other = Dual.of(other)
        return Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        return self + (-Dual.of(other))

    def __rsub__(self, other):
        return Dual.of(other) - self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Dual.of(other) / self


def _fn(g, dg):
    def method(self):
        return Dual(g(self.value), dg(self.value) * self.deriv)
    return method


for _name, _g, _dg in [
    ("sin", math.sin, math.cos),
    ("cos", math.cos, lambda a: -math.sin(a)),
    ("exp", math.exp, math.exp),
    ("log", math.log, lambda a: 1.0 / a),
    ("tanh", math.tanh, lambda a: 1.0 - math.tanh(a) ** 2),
    ("relu", lambda a: a if a > 0 else 0.0, lambda a: 1.0 if a > 0 else 0.0),
]:
    setattr(Dual, _name, _fn(_g, _dg))


def derivative(f, x):
    r = f(Dual(x, 1.0))
    return r.deriv if isinstance(r, Dual) else 0.0
