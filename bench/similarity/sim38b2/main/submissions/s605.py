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
    """x + x' eps with eps**2 == 0; `value` is x, `deriv` is x'."""

    __slots__ = ('value', 'deriv')

    def __repr__(self):
        return f'Dual({self.value!r}, {self.deriv!r})'

    @staticmethod
    def _const(x):
        return x if isinstance(x, Dual) else Dual(x, 0.0)

    def __mul__(self, y):
        y = Dual._const(y)
        return Dual(self.value * y.value, self.deriv * y.value + self.value * y.deriv)

    def __add__(self, y):
        y = Dual._const(y)
        return Dual(self.value + y.value, self.deriv + y.deriv)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)

    def tanh(self):
        th = math.tanh(self.value)
        return Dual(th, (1 - th * th) * self.deriv)

    __radd__ = __add__
    __rmul__ = __mul__

    def __rsub__(self, y):
        return Dual._const(y) - self

    def __rtruediv__(self, y):
        return Dual._const(y) / self

    def sqrt(self):
        s = math.sqrt(self.value)
        return Dual(s, self.deriv / (2 * s))

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def exp(self):
        ev = math.exp(self.value)
        return Dual(ev, ev * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __truediv__(self, y):
        y = Dual._const(y)
        return Dual(self.value / y.value,
                    (self.deriv * y.value - self.value * y.deriv) / (y.value * y.value))

    def __sub__(self, y):
        y = Dual._const(y)
        return Dual(self.value - y.value, self.deriv - y.deriv)

    def __pow__(self, n):
        if isinstance(n, Dual):
            return (n * self.log()).exp()
        return Dual(self.value ** n, n * self.value ** (n - 1) * self.deriv)

    def __rpow__(self, b):
        bp = b ** self.value
        return Dual(bp, bp * math.log(b) * self.deriv)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)


def derivative(f, x):
    """df/dx at x: seed x' = 1 and read off the eps part."""
    y = f(Dual(x, 1.0))
    return y.deriv if isinstance(y, Dual) else 0.0

