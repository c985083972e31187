"""Forward-mode AD: numbers that carry their derivative along (assignment 08)."""

import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    # binary operators ------------------------------------------------------

    def __mul__(self, other):
        rhs = other.value if isinstance(other, Dual) else other
        drhs = other.deriv if isinstance(other, Dual) else 0
        return Dual(rhs * self.value, self.value * drhs + rhs * self.deriv)

    def __rmul__(self, other):
        return self.__mul__(other)

    def __add__(self, other):
        if not isinstance(other, Dual):
            return Dual(other + self.value, self.deriv)
        return Dual(other.value + self.value, other.deriv + self.deriv)

    def __radd__(self, other):
        return self.__add__(other)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        if isinstance(other, Dual):
            top, dtop = self.value, self.deriv
            bot, dbot = other.value, other.deriv
        else:
            top, dtop, bot, dbot = self.value, self.deriv, other, 0
        return Dual(top / bot, (-top * dbot + dtop * bot) / bot ** 2)

    def __rtruediv__(self, other):
        numerator = other if isinstance(other, Dual) else Dual(other, 0)
        return numerator / self

    def __rpow__(self, c):
        out = c ** self.value
        return Dual(out, self.deriv * math.log(c) * out)

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return Dual(self.value ** k, self.deriv * k * self.value ** (k - 1))
        out = self.value ** k.value
        return Dual(out, (math.log(self.value) * k.deriv + self.deriv * k.value / self.value) * out)

    # the elementary functions, each g(a) with g'(a) times a' -------------------

    def relu(self):
        slope = float(self.value > 0)
        return Dual(max(self.value, 0), self.deriv * slope)

    def tanh(self):
        return Dual(math.tanh(self.value), self.deriv * (1 - math.tanh(self.value) ** 2))

    def log(self):
        return Dual(math.log(self.value), self.deriv * (1 / self.value))

    def exp(self):
        return Dual(math.exp(self.value), self.deriv * math.exp(self.value))

    def cos(self):
        return Dual(math.cos(self.value), self.deriv * -math.sin(self.value))

    def sin(self):
        return Dual(math.sin(self.value), self.deriv * math.cos(self.value))

    def __repr__(self):
        return "Dual(value=%s, deriv=%s)" % (self.value, self.deriv)


def derivative(f, x):
    try:
        return f(Dual(x, 1.0)).deriv
    except AttributeError:
        return 0.0
