"""Forward-mode differentiation with dual numbers.

A dual number is a + a'ε, where ε is a new quantity with ε² = 0 (but ε ≠ 0).
Push one through a function and the ε part comes out as the derivative:

    f(a + a'ε) = f(a) + f'(a)·a'ε      (Taylor's series stops: every ε², ε³, ... is 0)

So each operation only has to say what it does to the pair (a, a'):

    (a, a') + (b, b') = (a + b, a' + b')
    (a, a') · (b, b') = (ab, a'b + ab')          (a'b'ε² drops out)
    g((a, a'))        = (g(a), g'(a) · a')        (the chain rule, one step)

Seed the input with a' = 1 (dx/dx = 1) and the output's ε part is df/dx.
Where reverse mode (`Value.backward`) walks the graph backwards once per
*output*, forward mode carries the derivative along once per *input*: cheap
for few inputs and many outputs, the opposite of a loss.
"""

import math


class Dual:
    """A value and its derivative with respect to the one input seeded with deriv=1."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv  # a constant's derivative is 0

    def _kette(self, wert, ableitung):
        """Kettenregel: g((a, a')) = (g(a), g'(a) * a')."""
        return Dual(wert, ableitung * self.deriv)

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        andere = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value + andere.value, self.deriv + andere.deriv)

    def __mul__(self, other):
        andere = other if isinstance(other, Dual) else Dual(other)
        # Produktregel
        return Dual(self.value * andere.value, self.deriv * andere.value + andere.deriv * self.value)

    def __truediv__(self, other):
        andere = other if isinstance(other, Dual) else Dual(other)
        # Quotientenregel (a'b - ab') / b^2
        zaehler = self.deriv * andere.value - self.value * andere.deriv
        return Dual(self.value / andere.value, zaehler / andere.value ** 2)

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return self._kette(self.value ** k, k * self.value ** (k - 1))
        # variabler Exponent: a^b = exp(b * log a)
        return (self.log() * k).exp()

    def __rpow__(self, c):  # c ** self, c a constant
        # c^x = exp(x * log c)
        return (self * math.log(c)).exp()

    def __neg__(self):
        return self._kette(-self.value, -1)

    def __sub__(self, other):
        return self + (-other)

    # reflected forms: the constant is on the left, so order matters for - and /
    def __radd__(self, other):  # other + self
        return self + other

    def __rsub__(self, other):  # other - self
        return (-self) + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __rtruediv__(self, other):  # other / self
        return Dual(other) / self

    # -- functions: g((a, a')) = (g(a), g'(a) · a') ------------------------------

    def sin(self):
        return self._kette(math.sin(self.value), math.cos(self.value))

    def cos(self):
        return self._kette(math.cos(self.value), -math.sin(self.value))

    def exp(self):
        e = math.exp(self.value)
        return self._kette(e, e)

    def log(self):
        return self._kette(math.log(self.value), 1 / self.value)

    def tanh(self):
        t = math.tanh(self.value)
        return self._kette(t, 1 - t ** 2)

    def relu(self):
        # Steigung 1 nur, wo die Ausgabe positiv ist
        if self.value > 0:
            return self._kette(self.value, 1)
        return self._kette(0, 0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    ergebnis = f(Dual(x, 1.0))
    return ergebnis.deriv if isinstance(ergebnis, Dual) else 0.0
