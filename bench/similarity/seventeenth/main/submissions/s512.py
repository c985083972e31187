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


def konstanta(x):
    """Obyčejné číslo je konstanta s derivací 0."""
    if isinstance(x, Dual):
        return x
    return Dual(x, 0.0)


def retez(x, hodnota, sklon):
    # řetízkové pravidlo: (g(a), g'(a) * a')
    return Dual(hodnota, sklon * x.deriv)


def mocnina(a, b):
    # a ** b, kde a i b jsou Dual: exp(b log a)
    h = a.value ** b.value
    return Dual(h, h * (b.deriv * math.log(a.value) + b.value * a.deriv / a.value))


class Dual:
    """A value and its derivative with respect to the one input seeded with deriv=1."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv  # a constant's derivative is 0

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        druhy = konstanta(other)
        return Dual(self.value + druhy.value, self.deriv + druhy.deriv)

    def __mul__(self, other):
        druhy = konstanta(other)
        return Dual(self.value * druhy.value, self.deriv * druhy.value + druhy.deriv * self.value)

    def __truediv__(self, other):
        druhy = konstanta(other)
        jmenovatel = druhy.value * druhy.value
        return Dual(self.value / druhy.value, (self.deriv * druhy.value - self.value * druhy.deriv) / jmenovatel)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return mocnina(self, k)
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        return mocnina(Dual(c), self)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

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
        return retez(self, math.sin(self.value), math.cos(self.value))

    def cos(self):
        return retez(self, math.cos(self.value), -math.sin(self.value))

    def exp(self):
        return retez(self, math.exp(self.value), math.exp(self.value))

    def log(self):
        return retez(self, math.log(self.value), 1 / self.value)

    def tanh(self):
        return retez(self, math.tanh(self.value), 1 - math.tanh(self.value) ** 2)

    def relu(self):
        if self.value > 0:
            return retez(self, self.value, 1.0)
        return retez(self, 0.0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    vysledek = f(Dual(x, 1.0))
    return vysledek.deriv if isinstance(vysledek, Dual) else 0.0
