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

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        d = self.deriv + other.deriv  # derivata della somma
        return Dual(self.value + other.value, d)

    def __mul__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        d = self.deriv * other.value + self.value * other.deriv  # regola del prodotto
        return Dual(self.value * other.value, d)

    def __truediv__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        d = (self.deriv * other.value - self.value * other.deriv) / (other.value * other.value)
        return Dual(self.value / other.value, d)

    def __pow__(self, k):
        if isinstance(k, Dual):
            # esponente duale: exp(k log a)
            return (k * self.log()).exp()
        d = k * self.value ** (k - 1) * self.deriv
        return Dual(self.value ** k, d)

    def __rpow__(self, c):  # c ** self, c a constant
        d = c ** self.value * math.log(c) * self.deriv
        return Dual(c ** self.value, d)

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
        d = math.cos(self.value) * self.deriv
        return Dual(math.sin(self.value), d)

    def cos(self):
        d = -math.sin(self.value) * self.deriv
        return Dual(math.cos(self.value), d)

    def exp(self):
        d = math.exp(self.value) * self.deriv
        return Dual(math.exp(self.value), d)

    def log(self):
        d = self.deriv / self.value  # 1/a
        return Dual(math.log(self.value), d)

    def tanh(self):
        t = math.tanh(self.value)
        d = (1 - t * t) * self.deriv
        return Dual(t, d)

    def relu(self):
        d = self.deriv if self.value > 0 else 0.0
        return Dual(self.value if self.value > 0 else 0.0, d)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    out = f(Dual(x, 1.0))
    if isinstance(out, Dual):
        return out.deriv
    return 0.0  # f costante
