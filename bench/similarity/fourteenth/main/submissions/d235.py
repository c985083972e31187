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

    def _recip(self):
        # 1/b with derivative -b'/b^2
        p, dp = self.value, self.deriv
        return Dual(1 / p, -dp / (p * p))

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        q = other if isinstance(other, Dual) else Dual(other)
        p, dp = self.value, self.deriv
        return Dual(q.value + p, q.deriv + dp)

    def __mul__(self, other):
        q = other if isinstance(other, Dual) else Dual(other)
        p, dp = self.value, self.deriv
        return Dual(p * q.value, q.value * dp + p * q.deriv)

    def __truediv__(self, other):
        q = other if isinstance(other, Dual) else Dual(other)
        return self * q._recip()

    def __pow__(self, k):
        p, dp = self.value, self.deriv
        if not isinstance(k, Dual):
            return Dual(p ** k, k * p ** (k - 1) * dp)
        r = p ** k.value
        return Dual(r, r * (k.value * dp / p + k.deriv * math.log(p)))

    def __rpow__(self, c):  # c ** self, c a constant
        r = c ** self.value
        return Dual(r, math.log(c) * r * self.deriv)

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
        p, dp = self.value, self.deriv
        return Dual(math.sin(p), dp * math.cos(p))

    def cos(self):
        p, dp = self.value, self.deriv
        return Dual(math.cos(p), -dp * math.sin(p))

    def exp(self):
        r = math.exp(self.value)
        return Dual(r, self.deriv * r)

    def log(self):
        p, dp = self.value, self.deriv
        return Dual(math.log(p), dp / p)

    def tanh(self):
        r = math.tanh(self.value)
        return Dual(r, self.deriv * (1 - r * r))

    def relu(self):
        p, dp = self.value, self.deriv
        return Dual(0, 0.0) if p <= 0 else Dual(p, dp)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    r = f(Dual(x, 1.0))
    if not isinstance(r, Dual):
        return 0.0
    return r.deriv
