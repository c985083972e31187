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


# hyperreal dual numbers re + eps*ε with ε^2 = 0
# Any analytic function f(x) property that
#    f(re + eps*ε) = f(re) + eps*f'(re)*ε


class _Pair:
    """A class for scalar dual numbers."""

    def __init__(self, re: float, eps: float):
        self.re = re
        self.eps = eps

    def __add__(self, rhs: "_Pair"):
        return _Pair(self.re + rhs.re, self.eps + rhs.eps)

    def __sub__(self, rhs: "_Pair"):
        return _Pair(self.re - rhs.re, self.eps - rhs.eps)

    def __mul__(self, rhs: "_Pair"):
        return _Pair(self.re * rhs.re, self.re * rhs.eps + self.eps * rhs.re)

    def __pow__(self, power: float):
        return _Pair(self.re**power, power * self.eps * (self.re**power - 1.0))


class Dual:
    """A value and its derivative with respect to the one input seeded with deriv=1."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv  # a constant's derivative is 0

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        o = other if isinstance(other, Dual) else Dual(other)
        s = _Pair(self.value, self.deriv) + _Pair(o.value, o.deriv)
        return Dual(s.re, s.eps)

    def __mul__(self, other):
        o = other if isinstance(other, Dual) else Dual(other)
        m = _Pair(self.value, self.deriv) * _Pair(o.value, o.deriv)
        return Dual(m.re, m.eps)

    def __truediv__(self, other):
        o = other if isinstance(other, Dual) else Dual(other)
        return self * Dual(1 / o.value, -o.deriv / o.value**2)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value**k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        return (self * math.log(c)).exp()

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
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        return Dual(math.exp(self.value), math.exp(self.value) * self.deriv)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        return Dual(math.tanh(self.value), (1 - math.tanh(self.value) ** 2) * self.deriv)

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
    y = f(Dual(x, 1.0))
    return y.deriv if isinstance(y, Dual) else 0.0
