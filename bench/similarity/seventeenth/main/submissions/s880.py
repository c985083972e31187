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
        if isinstance(other, Dual):
            return Dual(self.value + other.value, self.deriv + other.deriv)
        return Dual(self.value + other, self.deriv)

    def __mul__(self, other):
        if isinstance(other, Dual):
            first = self.deriv * other.value
            second = self.value * other.deriv
            return Dual(self.value * other.value, first + second)
        return Dual(self.value * other, self.deriv * other)

    def __truediv__(self, other):
        if isinstance(other, Dual):
            num = self.deriv * other.value - self.value * other.deriv
            den = other.value * other.value
            return Dual(self.value / other.value, num / den)
        return Dual(self.value / other, self.deriv / other)

    def __pow__(self, k):
        if isinstance(k, Dual):
            base = self.value
            expo = k.value
            val = base ** expo
            first = expo * base ** (expo - 1) * self.deriv
            second = val * math.log(base) * k.deriv
            return Dual(val, first + second)
        val = self.value ** k
        return Dual(val, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        val = c ** self.value
        return Dual(val, val * math.log(c) * self.deriv)

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
        val = math.sin(self.value)
        slope = math.cos(self.value)
        return Dual(val, slope * self.deriv)

    def cos(self):
        val = math.cos(self.value)
        slope = -math.sin(self.value)
        return Dual(val, slope * self.deriv)

    def exp(self):
        val = math.exp(self.value)
        slope = val
        return Dual(val, slope * self.deriv)

    def log(self):
        val = math.log(self.value)
        slope = 1.0 / self.value
        return Dual(val, slope * self.deriv)

    def tanh(self):
        val = math.tanh(self.value)
        slope = 1.0 - val * val
        return Dual(val, slope * self.deriv)

    def relu(self):
        if self.value > 0:
            val = self.value
            slope = 1.0
        else:
            val = 0.0
            slope = 0.0
        return Dual(val, slope * self.deriv)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    seed = Dual(x, 1.0)
    out = f(seed)
    if isinstance(out, Dual):
        return out.deriv
    return 0.0
