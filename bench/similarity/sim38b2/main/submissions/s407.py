# Dual numbers (forward mode)
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
        self.deriv = deriv


    def __add__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        slope = self.deriv + other.deriv
        return Dual(self.value + other.value, slope)

    def __mul__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        slope = self.deriv * other.value + self.value * other.deriv
        return Dual(self.value * other.value, slope)

    def __truediv__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        slope = (self.deriv * other.value - self.value * other.deriv) / (other.value * other.value)
        return Dual(self.value / other.value, slope)

    def relu(self):
        slope = self.deriv if self.value > 0 else 0.0
        return Dual(self.value if self.value > 0 else 0.0, slope)

    def tanh(self):
        th = math.tanh(self.value)
        slope = (1 - th * th) * self.deriv
        return Dual(th, slope)

    def log(self):
        slope = self.deriv / self.value
        return Dual(math.log(self.value), slope)

    def __sub__(self, other):
        return self + (-other)

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Dual(other) / self


    def exp(self):
        slope = math.exp(self.value) * self.deriv
        return Dual(math.exp(self.value), slope)

    def cos(self):
        slope = -math.sin(self.value) * self.deriv
        return Dual(math.cos(self.value), slope)

    def sin(self):
        slope = math.cos(self.value) * self.deriv
        return Dual(math.sin(self.value), slope)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __rpow__(self, c):
        slope = c ** self.value * math.log(c) * self.deriv
        return Dual(c ** self.value, slope)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        slope = k * self.value ** (k - 1) * self.deriv
        return Dual(self.value ** k, slope)

    def __repr__(self):
        return f'Dual(value={self.value}, deriv={self.deriv})'


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    y = f(Dual(x, 1.0))
    if isinstance(y, Dual):
        return y.deriv
    return 0.0
