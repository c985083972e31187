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
        rhs = _to_dual(other)
        return Dual(self.value + rhs.value, self.deriv + rhs.deriv)

    def __mul__(self, other):
        rhs = _to_dual(other)
        return Dual(self.value * rhs.value, self.value * rhs.deriv + self.deriv * rhs.value)

    def __truediv__(self, other):
        rhs = _to_dual(other)
        if rhs.value == 0:
            raise ZeroDivisionError("division by a Dual whose value is 0")
        return Dual(self.value / rhs.value, (self.deriv * rhs.value - self.value * rhs.deriv) / (rhs.value * rhs.value))

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)
        if self.value <= 0:
            raise ValueError("x ** y needs x > 0")
        power = self.value ** k.value
        return Dual(power, power * (k.value * self.deriv / self.value + k.deriv * math.log(self.value)))

    def __rpow__(self, c):  # c ** self, c a constant
        if c <= 0:
            raise ValueError("c ** x needs c > 0")
        power = c ** self.value
        return Dual(power, power * math.log(c) * self.deriv)

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
        ex = math.exp(self.value)
        return Dual(ex, self.deriv * ex)

    def log(self):
        if self.value <= 0:
            raise ValueError("log needs a positive value")
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        th = math.tanh(self.value)
        return Dual(th, self.deriv * (1 - th * th))

    def relu(self):
        return Dual(self.value, self.deriv) if self.value > 0 else Dual(0.0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    res = f(Dual(x, 1.0))
    return res.deriv if isinstance(res, Dual) else 0.0



def _to_dual(v):
    """A plain number is a constant (derivative 0)."""
    if not isinstance(v, (int, float, Dual)):
        raise TypeError(f"cannot combine a Dual with {type(v).__name__}")
    return v if isinstance(v, Dual) else Dual(v, 0.0)
