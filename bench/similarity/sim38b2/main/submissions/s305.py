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
        # summa
        o = other if isinstance(other, Dual) else Dual(other)
        val, der = self.value + o.value, self.deriv + o.deriv
        return Dual(val, der)

    def __mul__(self, other):
        # produktregeln
        o = other if isinstance(other, Dual) else Dual(other)
        val, der = self.value * o.value, self.deriv * o.value + self.value * o.deriv
        return Dual(val, der)

    def __truediv__(self, other):
        # a / b = a * (1 / b), och (1/b)' = -b' / b^2
        o = other if isinstance(other, Dual) else Dual(other)
        inv = Dual(1.0 / o.value, -o.deriv / o.value ** 2)
        return self * inv

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        val, der = self.value ** k, k * self.value ** (k - 1) * self.deriv
        return Dual(val, der)

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
        val, der = math.sin(self.value), math.cos(self.value) * self.deriv
        return Dual(val, der)

    def cos(self):
        val, der = math.cos(self.value), -math.sin(self.value) * self.deriv
        return Dual(val, der)

    def exp(self):
        val = math.exp(self.value)
        return Dual(val, val * self.deriv)

    def log(self):
        # naturliga logaritmen
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        val = math.tanh(self.value)
        return Dual(val, (1 - val ** 2) * self.deriv)

    def relu(self):
        # derivatan är 0 i 0, som i motorn
        val, der = (self.value, self.deriv) if self.value > 0 else (0.0, 0.0)
        return Dual(val, der)

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
