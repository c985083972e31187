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

    @staticmethod
    def _as_dual(x):
        """A constant as a Dual with tangent 0."""
        return x if isinstance(x, Dual) else Dual(x)


    def sin(self):
        p = math.sin(self.value)
        t_ = math.cos(self.value) * self.deriv
        return Dual(p, t_)

    def cos(self):
        p = math.cos(self.value)
        t_ = -math.sin(self.value) * self.deriv
        return Dual(p, t_)

    def exp(self):
        p = math.exp(self.value)
        t_ = p * self.deriv
        return Dual(p, t_)

    def log(self):
        p = math.log(self.value)
        t_ = self.deriv / self.value
        return Dual(p, t_)

    def tanh(self):
        p = math.tanh(self.value)
        t_ = (1.0 - p ** 2) * self.deriv
        return Dual(p, t_)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)

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


    def __add__(self, other):
        right = Dual._as_dual(other)
        p = self.value + right.value
        t_ = self.deriv + right.deriv
        return Dual(p, t_)

    def __mul__(self, other):
        right = Dual._as_dual(other)
        p = self.value * right.value
        t_ = self.deriv * right.value + self.value * right.deriv
        return Dual(p, t_)

    def __truediv__(self, other):
        right = Dual._as_dual(other)
        p = self.value / right.value
        t_ = (self.deriv - p * right.deriv) / right.value
        return Dual(p, t_)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        p = self.value ** k
        t_ = k * self.value ** (k - 1) * self.deriv
        return Dual(p, t_)

    def __rpow__(self, c):
        p = c ** self.value
        t_ = p * math.log(c) * self.deriv
        return Dual(p, t_)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __repr__(self):
        return f'Dual(value={self.value}, deriv={self.deriv})'


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    x0 = Dual(x, 1.0)
    y = f(x0)
    if isinstance(y, Dual):
        return y.deriv
    return 0.0
