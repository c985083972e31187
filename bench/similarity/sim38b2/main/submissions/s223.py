# Exercice 08 - nombres duaux - Pierre Lambert
# La paire (a, a') est gardée dans un tuple self.p ; value et deriv sont des propriétés.
import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.p = (value, deriv)

    @property
    def value(self):
        return self.p[0]

    @property
    def deriv(self):
        return self.p[1]

    def __repr__(self):
        return "Dual(%r, %r)" % self.p

    @staticmethod
    def _d(x):
        # une constante : dérivée nulle
        return x.p if isinstance(x, Dual) else (x, 0.0)

    def __add__(self, autre):
        (a, da), (b, db) = self.p, Dual._d(autre)
        return Dual(a + b, da + db)

    def __radd__(self, autre):
        return self + autre

    def __sub__(self, autre):
        (a, da), (b, db) = self.p, Dual._d(autre)
        return Dual(a - b, da - db)

    def __rsub__(self, autre):
        (a, da), (b, db) = Dual._d(autre), self.p
        return Dual(a - b, da - db)

    def __mul__(self, autre):
        (a, da), (b, db) = self.p, Dual._d(autre)
        return Dual(a * b, da * b + a * db)  # règle du produit

    def __rmul__(self, autre):
        return self * autre

    def __truediv__(self, autre):
        (a, da), (b, db) = self.p, Dual._d(autre)
        return Dual(a / b, (da * b - a * db) / b ** 2)  # règle du quotient

    def __rtruediv__(self, autre):
        return Dual(*Dual._d(autre)) / self

    def __neg__(self):
        a, da = self.p
        return Dual(-a, -da)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()  # a^b = exp(b ln a)
        a, da = self.p
        return Dual(a ** k, k * a ** (k - 1) * da)

    def __rpow__(self, c):
        b, db = self.p
        return Dual(c ** b, c ** b * math.log(c) * db)

    # fonctions : g(a, a') = (g(a), g'(a) a')
    def sin(self):
        a, da = self.p
        return Dual(math.sin(a), math.cos(a) * da)

    def cos(self):
        a, da = self.p
        return Dual(math.cos(a), -math.sin(a) * da)

    def exp(self):
        a, da = self.p
        return Dual(math.exp(a), math.exp(a) * da)

    def log(self):
        a, da = self.p
        return Dual(math.log(a), da / a)

    def tanh(self):
        a, da = self.p
        return Dual(math.tanh(a), (1 - math.tanh(a) ** 2) * da)

    def relu(self):
        a, da = self.p
        return Dual(max(a, 0.0), da if a > 0 else 0.0)


def derivative(f, x):
    y = f(Dual(x, 1.0))
    return y.deriv if isinstance(y, Dual) else 0.0
