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
        global math, Dual
        self.value = value
        self.deriv = deriv  # a constant's derivative is 0

    @staticmethod
    def _as_dual(x):
        global math, Dual
        return x if isinstance(x, Dual) else Dual(x, 0.0)

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        global math, Dual
        rhs = Dual._as_dual(other)
        return Dual(self.value + rhs.value, self.deriv + rhs.deriv)

    def __mul__(self, other):
        global math, Dual
        rhs = Dual._as_dual(other)
        d = self.deriv * rhs.value + self.value * rhs.deriv
        prod = self.value * rhs.value
        return Dual(prod, d)

    def __truediv__(self, other):
        global math, Dual
        rhs = Dual._as_dual(other)
        if rhs.value == 0:
            raise ZeroDivisionError("division by zero")
        d = (self.deriv * rhs.value - self.value * rhs.deriv) / (rhs.value * rhs.value)
        q = self.value / rhs.value
        return Dual(q, d)

    def __pow__(self, k):
        global math, Dual
        if not isinstance(k, Dual):
            pw = self.value ** k
            d = k * self.value ** (k - 1) * self.deriv
            return Dual(pw, d)
        pw = self.value ** k.value
        d = pw * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)
        return Dual(pw, d)

    def __rpow__(self, c):  # c ** self, c a constant
        global math, Dual
        pw = c ** self.value
        return Dual(pw, pw * math.log(c) * self.deriv)

    def __neg__(self):
        global math, Dual
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        global math, Dual
        return self + (-other)

    # reflected forms: the constant is on the left, so order matters for - and /
    def __radd__(self, other):  # other + self
        global math, Dual
        return self + other

    def __rsub__(self, other):  # other - self
        global math, Dual
        return (-self) + other

    def __rmul__(self, other):  # other * self
        global math, Dual
        return self * other

    def __rtruediv__(self, other):  # other / self
        global math, Dual
        return Dual(other) / self

    # -- functions: g((a, a')) = (g(a), g'(a) · a') ------------------------------

    def sin(self):
        global math, Dual
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        global math, Dual
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        global math, Dual
        res = math.exp(self.value)
        return Dual(res, res * self.deriv)

    def log(self):
        global math, Dual
        if self.value <= 0:
            raise ValueError("log needs a positive value")
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        global math, Dual
        res = math.tanh(self.value)
        return Dual(res, (1 - res ** 2) * self.deriv)

    def relu(self):
        global math, Dual
        return Dual(self.value, self.deriv) if self.value > 0 else Dual(0.0, 0.0)

    def __repr__(self):
        global math, Dual
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    global math, Dual
    res = f(Dual(x, 1.0))
    return res.deriv if isinstance(res, Dual) else 0.0
