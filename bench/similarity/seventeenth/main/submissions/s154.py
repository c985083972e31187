"""Liczby dualne: tryb w przód (forward mode).

Dual(a, a') to a + a'ε, gdzie ε² = 0. Każda operacja mówi, co robi z parą (wartość, pochodna).
"""

import math


def _podnies(x):
    """Liczba zwykła to stała: pochodna 0."""
    return x if isinstance(x, Dual) else Dual(x, 0.0)


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __repr__(self):
        return "Dual(value=%r, deriv=%r)" % (self.value, self.deriv)

    # dodawanie i odejmowanie
    def __add__(self, other):
        o = _podnies(other)
        return Dual(self.value + o.value, self.deriv + o.deriv)

    __radd__ = __add__

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        o = _podnies(other)
        return Dual(self.value - o.value, self.deriv - o.deriv)

    def __rsub__(self, other):
        return _podnies(other) - self

    # mnożenie i dzielenie
    def __mul__(self, other):
        o = _podnies(other)
        return Dual(self.value * o.value, self.deriv * o.value + self.value * o.deriv)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = _podnies(other)
        return Dual(self.value / o.value, (self.deriv * o.value - self.value * o.deriv) / o.value ** 2)

    def __rtruediv__(self, other):
        return _podnies(other) / self

    # potęgi
    def __pow__(self, k):
        if isinstance(k, Dual):
            return exp(k * log(self))
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        return exp(self * math.log(c))

    # funkcje jako metody
    def sin(self):
        return sin(self)

    def cos(self):
        return cos(self)

    def exp(self):
        return exp(self)

    def log(self):
        return log(self)

    def tanh(self):
        return tanh(self)

    def relu(self):
        return relu(self)


# funkcje: (g(a), g'(a) a')
def sin(x):
    return Dual(math.sin(x.value), math.cos(x.value) * x.deriv)


def cos(x):
    return Dual(math.cos(x.value), -math.sin(x.value) * x.deriv)


def exp(x):
    e = math.exp(x.value)
    return Dual(e, e * x.deriv)


def log(x):
    return Dual(math.log(x.value), x.deriv / x.value)


def tanh(x):
    t = math.tanh(x.value)
    return Dual(t, (1 - t * t) * x.deriv)


def relu(x):
    return Dual(x.value, x.deriv) if x.value > 0 else Dual(0.0, 0.0)


def derivative(f, x):
    """f'(x): zasiej x pochodną 1."""
    wynik = f(Dual(x, 1.0))
    return wynik.deriv if isinstance(wynik, Dual) else 0.0
