"""Liczby dualne (ćwiczenie 08) -- Tomasz.

Para (wartosc, pochodna); pochodna niesiona do przodu regułą łańcuchową.
"""

import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __repr__(self):
        return "Dual(value={}, deriv={})".format(self.value, self.deriv)

    def _para(self, inna):
        # zwykła liczba: stała, pochodna 0
        if isinstance(inna, Dual):
            return inna.value, inna.deriv
        return inna, 0.0

    def __add__(self, inna):
        b, db = self._para(inna)
        return Dual(self.value + b, self.deriv + db)

    def __sub__(self, inna):
        b, db = self._para(inna)
        return Dual(self.value - b, self.deriv - db)

    def __mul__(self, inna):
        b, db = self._para(inna)
        return Dual(self.value * b, self.deriv * b + self.value * db)

    def __truediv__(self, inna):
        b, db = self._para(inna)
        iloraz = self.value / b
        return Dual(iloraz, (self.deriv - iloraz * db) / b)

    def __radd__(self, inna):
        return self + inna

    def __rsub__(self, inna):
        return Dual(*self._para(inna)) - self

    def __rmul__(self, inna):
        return self * inna

    def __rtruediv__(self, inna):
        return Dual(*self._para(inna)) / self

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, wykladnik):
        if isinstance(wykladnik, Dual):
            w = self.value ** wykladnik.value
            pochodna = w * (wykladnik.deriv * math.log(self.value) + wykladnik.value * self.deriv / self.value)
            return Dual(w, pochodna)
        return Dual(self.value ** wykladnik, wykladnik * self.value ** (wykladnik - 1) * self.deriv)

    def __rpow__(self, podstawa):
        w = podstawa ** self.value
        return Dual(w, w * math.log(podstawa) * self.deriv)

    def _lancuch(self, wartosc, nachylenie):
        return Dual(wartosc, nachylenie * self.deriv)

    def sin(self):
        return self._lancuch(math.sin(self.value), math.cos(self.value))

    def cos(self):
        return self._lancuch(math.cos(self.value), -math.sin(self.value))

    def exp(self):
        e = math.exp(self.value)
        return self._lancuch(e, e)

    def log(self):
        return self._lancuch(math.log(self.value), 1 / self.value)

    def tanh(self):
        t = math.tanh(self.value)
        return self._lancuch(t, 1 - t * t)

    def relu(self):
        if self.value > 0:
            return self._lancuch(self.value, 1.0)
        return self._lancuch(0.0, 0.0)


def derivative(f, x):
    """f'(x) trybem w przód."""
    wynik = f(Dual(x, 1.0))
    if isinstance(wynik, Dual):
        return wynik.deriv
    return 0.0
