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

    @staticmethod
    def _lift(x):
        """A constant as a Dual with tangent 0."""
        return x if isinstance(x, Dual) else Dual(x)

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        o: float = Dual._lift(other)
        val: float = self.value + o.value
        tan: float = self.deriv + o.deriv
        return Dual(val, tan)

    def __mul__(self, other):
        o: float = Dual._lift(other)
        val: float = self.value * o.value
        tan: float = self.deriv * o.value + self.value * o.deriv
        return Dual(val, tan)

    def __truediv__(self, other):
        o: float = Dual._lift(other)
        val: float = self.value / o.value
        tan: float = (self.deriv - val * o.deriv) / o.value
        return Dual(val, tan)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        val: float = self.value ** k
        tan: float = k * self.value ** (k - 1) * self.deriv
        return Dual(val, tan)

    def __rpow__(self, c):  # c ** self, c a constant
        val: float = c ** self.value
        tan: float = val * math.log(c) * self.deriv
        return Dual(val, tan)

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
        val: float = math.sin(self.value)
        tan: float = math.cos(self.value) * self.deriv
        return Dual(val, tan)

    def cos(self):
        val: float = math.cos(self.value)
        tan: float = -math.sin(self.value) * self.deriv
        return Dual(val, tan)

    def exp(self):
        val: float = math.exp(self.value)
        tan: float = val * self.deriv
        return Dual(val, tan)

    def log(self):
        val: float = math.log(self.value)
        tan: float = self.deriv / self.value
        return Dual(val, tan)

    def tanh(self):
        val: float = math.tanh(self.value)
        tan: float = (1.0 - val ** 2) * self.deriv
        return Dual(val, tan)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    start: float = Dual(x, 1.0)
    res: float = f(start)
    if isinstance(res, Dual):
        return res.deriv
    return 0.0
