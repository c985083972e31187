"""Forward-mode derivatives."""

import math


def _lift_fn(name, f, df):
    def method(self):
        return Dual(f((self).value), df((self).value) * (self).deriv)
    method.__name__ = name
    return method


def _dtanh(a):
    return 1.0 - math.tanh(a) ** 2


def _heaviside(a):
    return 1.0 if a > 0 else 0.0


class Dual:
    __slots__ = ("value", "deriv")

    def __init__(self, value, deriv=0.0):
        (self).value = value
        (self).deriv = deriv

    @staticmethod
    def coerce(c):
        return c if isinstance(c, Dual) else Dual(c, 0.0)

    def __pow__(self, k):
        if isinstance(k, Dual):
            pv = (self).value ** k.value
            return Dual(pv, pv * (k.deriv * math.log((self).value) + k.value * (self).deriv / (self).value))
        return Dual((self).value ** k, k * (self).value ** (k - 1) * (self).deriv)

    def __rpow__(self, c):
        pv = c ** (self).value
        return Dual(pv, pv * math.log(c) * (self).deriv)

    def __add__(self, other):
        rhs = Dual.coerce(other)
        return Dual((self).value + rhs.value, (self).deriv + rhs.deriv)

    __radd__ = __add__

    def __sub__(self, other):
        rhs = Dual.coerce(other)
        return Dual((self).value - rhs.value, (self).deriv - rhs.deriv)

    def __rsub__(self, other):
        return Dual.coerce(other) - (self)

    def __mul__(self, other):
        rhs = Dual.coerce(other)
        return Dual((self).value * rhs.value, (self).deriv * rhs.value + (self).value * rhs.deriv)

    __rmul__ = __mul__

    def __truediv__(self, other):
        rhs = Dual.coerce(other)
        return Dual((self).value / rhs.value, ((self).deriv * rhs.value - (self).value * rhs.deriv) / (rhs.value * rhs.value))

    def __rtruediv__(self, other):
        return Dual.coerce(other) / (self)

    def __neg__(self):
        return Dual(-(self).value, -(self).deriv)

    sin = _lift_fn("sin", math.sin, math.cos)
    cos = _lift_fn("cos", math.cos, lambda a: -math.sin(a))
    exp = _lift_fn("exp", math.exp, math.exp)
    log = _lift_fn("log", math.log, lambda a: 1.0 / a)
    tanh = _lift_fn("tanh", math.tanh, _dtanh)
    relu = _lift_fn("relu", lambda a: max(a, 0.0), _heaviside)

    def __repr__(self):
        return "Dual(%s, %s)" % ((self).value, (self).deriv)


def derivative(f, x):
    res = f(Dual(x, 1.0))
    if isinstance(res, (int, float)):
        return 0.0
    return res.deriv

