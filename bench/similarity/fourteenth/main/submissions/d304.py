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
        # he tau noa te tau māori: pārōnaki 0
        if not isinstance(other, Dual):
            other = Dual(other)
        u, du = self.value, self.deriv
        v, dv = other.value, other.deriv
        return Dual(u + v, du + dv)

    def __mul__(self, other):
        if not isinstance(other, Dual):
            other = Dual(other)
        u, du = self.value, self.deriv
        v, dv = other.value, other.deriv
        return Dual(u * v, u * dv + v * du)

    def __truediv__(self, other):
        if not isinstance(other, Dual):
            other = Dual(other)
        # whakawehe = whakarea ki te tau kōaro
        u, du = other.value, other.deriv
        kooaro = Dual(1 / u, -du / (u * u))
        return self * kooaro

    def __pow__(self, k):
        u, du = self.value, self.deriv
        if isinstance(k, Dual):
            v, dv = k.value, k.deriv
            w = u ** v
            return Dual(w, w * (dv * math.log(u) + v * du / u))
        return Dual(u ** k, k * u ** (k - 1) * du)

    def __rpow__(self, c):  # c ** self, c a constant
        v, dv = self.value, self.deriv
        w = c ** v
        return Dual(w, w * math.log(c) * dv)

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
        u, du = self.value, self.deriv
        return Dual(math.sin(u), math.cos(u) * du)

    def cos(self):
        u, du = self.value, self.deriv
        return Dual(math.cos(u), -math.sin(u) * du)

    def exp(self):
        u, du = self.value, self.deriv
        w = math.exp(u)
        return Dual(w, w * du)

    def log(self):
        u, du = self.value, self.deriv
        return Dual(math.log(u), du / u)

    def tanh(self):
        u, du = self.value, self.deriv
        w = math.tanh(u)
        return Dual(w, (1 - w * w) * du)

    def relu(self):
        u, du = self.value, self.deriv
        # te rōnaki: 1 ki te taha tōrunga anake
        if u > 0:
            return Dual(u, du)
        return Dual(0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    w = f(Dual(x, 1.0))
    return w.deriv if isinstance(w, Dual) else 0.0
