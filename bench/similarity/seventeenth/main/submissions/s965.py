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
        # step 1: agar other plain number hai toh usko Dual bana do
        if not isinstance(other, Dual):
            other = Dual(other, 0.0)
        # step 2: value plus value, deriv plus deriv
        new_value = self.value + other.value
        new_deriv = self.deriv + other.deriv
        return Dual(new_value, new_deriv)

    def __mul__(self, other):
        # step 1: convert
        if not isinstance(other, Dual):
            other = Dual(other, 0.0)
        # step 2: product rule lagao
        new_value = self.value * other.value
        new_deriv = self.deriv * other.value + self.value * other.deriv
        return Dual(new_value, new_deriv)

    def __truediv__(self, other):
        # step 1: convert
        if not isinstance(other, Dual):
            other = Dual(other, 0.0)
        # step 2: quotient rule (a'b - ab') / b^2
        new_value = self.value / other.value
        numerator = self.deriv * other.value - self.value * other.deriv
        denominator = other.value ** 2
        new_deriv = numerator / denominator
        return Dual(new_value, new_deriv)

    def __pow__(self, k):
        # case 1: exponent bhi Dual hai
        if isinstance(k, Dual):
            new_value = self.value ** k.value
            new_deriv = new_value * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)
            return Dual(new_value, new_deriv)
        # case 2: exponent constant hai
        new_value = self.value ** k
        new_deriv = k * self.value ** (k - 1) * self.deriv
        return Dual(new_value, new_deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        # c ** x, c constant
        new_value = c ** self.value
        new_deriv = new_value * math.log(c) * self.deriv
        return Dual(new_value, new_deriv)

    def __neg__(self):
        # dono ka sign ulta
        new_value = -self.value
        new_deriv = -self.deriv
        return Dual(new_value, new_deriv)

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
        new_value = math.sin(self.value)
        new_deriv = math.cos(self.value) * self.deriv
        return Dual(new_value, new_deriv)

    def cos(self):
        new_value = math.cos(self.value)
        new_deriv = -math.sin(self.value) * self.deriv
        return Dual(new_value, new_deriv)

    def exp(self):
        new_value = math.exp(self.value)
        new_deriv = new_value * self.deriv
        return Dual(new_value, new_deriv)

    def log(self):
        new_value = math.log(self.value)
        new_deriv = self.deriv / self.value
        return Dual(new_value, new_deriv)

    def tanh(self):
        new_value = math.tanh(self.value)
        new_deriv = (1 - new_value ** 2) * self.deriv
        return Dual(new_value, new_deriv)

    def relu(self):
        # positive hai toh pass karo, warna 0 (relu'(0) = 0 bhi)
        if self.value > 0:
            new_value = self.value
            new_deriv = self.deriv
        else:
            new_value = 0
            new_deriv = 0.0
        return Dual(new_value, new_deriv)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    # seed: dx/dx = 1
    seeded = Dual(x, 1.0)
    result = f(seeded)
    # agar f ne plain number diya toh derivative 0
    if isinstance(result, Dual):
        return result.deriv
    return 0.0
