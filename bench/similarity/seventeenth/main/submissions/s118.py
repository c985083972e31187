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
        ekinshi = other if isinstance(other, Dual) else Dual(other)
        manі = self.value + ekinshi.value
        tuyndy = self.deriv + ekinshi.deriv
        return Dual(manі, tuyndy)

    def __mul__(self, other):
        ekinshi = other if isinstance(other, Dual) else Dual(other)
        manі = self.value * ekinshi.value
        tuyndy = self.deriv * ekinshi.value + self.value * ekinshi.deriv  # көбейтінді ережесі
        return Dual(manі, tuyndy)

    def __truediv__(self, other):
        ekinshi = other if isinstance(other, Dual) else Dual(other)
        manі = self.value / ekinshi.value
        tuyndy = (self.deriv * ekinshi.value - self.value * ekinshi.deriv) / ekinshi.value ** 2
        return Dual(manі, tuyndy)

    def __pow__(self, k):
        if isinstance(k, Dual):
            manі = self.value ** k.value
            tuyndy = manі * (k.value * self.deriv / self.value + math.log(self.value) * k.deriv)
        else:
            manі = self.value ** k
            tuyndy = k * self.value ** (k - 1) * self.deriv
        return Dual(manі, tuyndy)

    def __rpow__(self, c):  # c ** self, c a constant
        manі = c ** self.value
        tuyndy = manі * math.log(c) * self.deriv
        return Dual(manі, tuyndy)

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
        manі = math.sin(self.value)
        tuyndy = math.cos(self.value) * self.deriv
        return Dual(manі, tuyndy)

    def cos(self):
        manі = math.cos(self.value)
        tuyndy = -math.sin(self.value) * self.deriv
        return Dual(manі, tuyndy)

    def exp(self):
        manі = math.exp(self.value)
        tuyndy = manі * self.deriv
        return Dual(manі, tuyndy)

    def log(self):
        manі = math.log(self.value)
        tuyndy = self.deriv / self.value
        return Dual(manі, tuyndy)

    def tanh(self):
        manі = math.tanh(self.value)
        tuyndy = (1 - manі ** 2) * self.deriv  # 1 - th²
        return Dual(manі, tuyndy)

    def relu(self):
        if self.value > 0:
            manі, tuyndy = self.value, self.deriv
        else:
            manі, tuyndy = 0.0, 0.0
        return Dual(manі, tuyndy)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    natizhe = f(Dual(x, 1.0))
    if isinstance(natizhe, Dual):
        return natizhe.deriv
    return 0.0
