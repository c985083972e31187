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

    @property
    def pair(self):
        """(value, deriv) as a tuple."""
        return self.value, self.deriv

    @staticmethod
    def lift(x):
        """A plain number as a constant Dual."""
        return x if isinstance(x, Dual) else Dual(x)

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        (a, da), (b, db) = self.pair, Dual.lift(other).pair
        return Dual(a + b, da + db)

    def __mul__(self, other):
        (a, da), (b, db) = self.pair, Dual.lift(other).pair
        return Dual(a * b, da * b + a * db)

    def __truediv__(self, other):
        (a, da), (b, db) = self.pair, Dual.lift(other).pair
        return Dual(a / b, (da * b - a * db) / b ** 2)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        a, da = self.pair
        return Dual(a ** k, k * a ** (k - 1) * da)

    def __rpow__(self, c):  # c ** self, c a constant
        a, da = self.pair
        return Dual(c ** a, c ** a * math.log(c) * da)

    def __neg__(self):
        a, da = self.pair
        return Dual(-a, -da)

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
        a, da = self.pair
        return Dual(math.sin(a), math.cos(a) * da)

    def cos(self):
        a, da = self.pair
        return Dual(math.cos(a), -math.sin(a) * da)

    def exp(self):
        a, da = self.pair
        return Dual(math.exp(a), math.exp(a) * da)

    def log(self):
        a, da = self.pair
        return Dual(math.log(a), da / a)

    def tanh(self):
        a, da = self.pair
        return Dual(math.tanh(a), (1 - math.tanh(a) ** 2) * da)

    def relu(self):
        a, da = self.pair
        return Dual(a, da) if a > 0 else Dual(0.0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    out = f(Dual(x, 1.0))
    return out.pair[1] if isinstance(out, Dual) else 0.0
