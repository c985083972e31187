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
        if not isinstance(other, Dual):
            other = Dual(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __mul__(self, other):
        if not isinstance(other, Dual):
            other = Dual(other)
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __truediv__(self, other):
        if not isinstance(other, Dual):
            other = Dual(other)
        return Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)

    def __pow__(self, k):
        # https://stackoverflow.com/questions/56374180 (x**y for dual numbers via exp/log)
        if not isinstance(k, Dual):
            k = Dual(k)
        if k.deriv == 0:
            return Dual(self.value ** k.value, k.value * self.value ** (k.value - 1) * self.deriv)
        return (k * self.log()).exp()

    def __rpow__(self, c):  # c ** self, c a constant
        # https://math.stackexchange.com/a/1000000 d/dx c^x = c^x ln c
        return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)

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
        return Dual(math.sin(self.value), self.deriv * math.cos(self.value))

    def cos(self):
        return Dual(math.cos(self.value), self.deriv * -math.sin(self.value))

    def exp(self):
        return Dual(math.exp(self.value), self.deriv * math.exp(self.value))

    def log(self):
        return Dual(math.log(self.value), self.deriv * (1 / self.value))

    def tanh(self):
        # https://stackoverflow.com/questions/24431071 tanh'(x) = 1 - tanh(x)^2
        return Dual(math.tanh(self.value), self.deriv * (1 - math.tanh(self.value) ** 2))

    def relu(self):
        return Dual(max(0, self.value), self.deriv * (1 if self.value > 0 else 0))

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    out = f(Dual(x, 1))
    try:
        return out.deriv
    except AttributeError:  # https://stackoverflow.com/a/610923 EAFP
        return 0.0
