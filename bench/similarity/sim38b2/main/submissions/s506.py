# arithmetic as in the TA's post, the functions as in the lesson
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
        # TODO(08-dual-numbers): your code here
        o = other if isinstance(other, Dual) else Dual(other)
        a, da = self.value, self.deriv
        b, db = o.value, o.deriv
        return Dual(a + b, da + db)

    def __mul__(self, other):
        # TODO(08-dual-numbers): your code here
        o = other if isinstance(other, Dual) else Dual(other)
        a, da = self.value, self.deriv
        b, db = o.value, o.deriv
        return Dual(a * b, da * b + a * db)

    def __truediv__(self, other):
        # TODO(08-dual-numbers): your code here
        o = other if isinstance(other, Dual) else Dual(other)
        a, da = self.value, self.deriv
        b, db = o.value, o.deriv
        return Dual(a / b, (da * b - a * db) / (b * b))

    def __pow__(self, k):
        # TODO(08-dual-numbers): your code here
        if isinstance(k, Dual):
            return (self.log() * k).exp()  # a ** b = exp(b log a)
        a, da = self.value, self.deriv
        return Dual(a ** k, da * k * a ** (k - 1))

    def __rpow__(self, c):  # c ** self, c a constant
        # TODO(08-dual-numbers): your code here
        b, db = self.value, self.deriv
        return Dual(c ** b, db * c ** b * math.log(c))

    def __neg__(self):
        # TODO(08-dual-numbers): your code here
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
        # TODO(08-dual-numbers): your code here
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        # TODO(08-dual-numbers): your code here
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        # TODO(08-dual-numbers): your code here
        return Dual(math.exp(self.value), math.exp(self.value) * self.deriv)

    def log(self):
        # TODO(08-dual-numbers): your code here
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        # TODO(08-dual-numbers): your code here
        t = math.tanh(self.value)
        return Dual(t, (1 - t * t) * self.deriv)

    def relu(self):
        # TODO(08-dual-numbers): your code here
        return Dual(max(0.0, self.value), self.deriv if self.value > 0 else 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    # TODO(08-dual-numbers): your code here
    y = f(Dual(x, 1.0))
    if isinstance(y, Dual):
        return y.deriv
    return 0.0
