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
        # (a, a') + (b, b') = (a + b, a' + b')
        if not isinstance(other, Dual): other = Dual(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __mul__(self, other):
        # (a, a') * (b, b') = (ab, a'b + ab')
        if not isinstance(other, Dual): other = Dual(other)
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __truediv__(self, other):
        # (a/b, (a'b - ab') / b^2)
        if not isinstance(other, Dual): other = Dual(other)
        return Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)

    def __pow__(self, k):
        # (a^k, k a^(k-1) a'), or exp(b log a) for a Dual b
        if isinstance(k, Dual): return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        # c ** (b, b') = (c^b, c^b log c b')
        return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)

    def __neg__(self):
        # (-a, -a')
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
        # (sin a, cos a a')
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        # (cos a, -sin a a')
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        # (e^a, e^a a')
        return Dual(math.exp(self.value), math.exp(self.value) * self.deriv)

    def log(self):
        # (log a, a' / a)
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        # (tanh a, (1 - tanh^2 a) a')
        return Dual(math.tanh(self.value), (1 - math.tanh(self.value) ** 2) * self.deriv)

    def relu(self):
        # (max(a, 0), a' if a > 0 else 0)
        return Dual(max(self.value, 0.0), self.deriv if self.value > 0 else 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    # seed dx/dx = 1
    result = f(Dual(x, 1.0))
    return result.deriv if isinstance(result, Dual) else 0.0
