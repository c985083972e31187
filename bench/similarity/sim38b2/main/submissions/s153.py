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
        """Sum rule: the derivative of a sum is the sum of the derivatives.

        (a + a'e) + (b + b'e) = (a + b) + (a' + b')e.
        """
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __mul__(self, other):
        """Product rule, from expanding the product of two dual numbers.

        (a + a'e)(b + b'e) = ab + (a'b + ab')e + a'b'e^2, and e^2 = 0.
        """
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __truediv__(self, other):
        """Quotient rule: (a/b)' = (a'b - ab') / b^2."""
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)

    def __pow__(self, k):
        """Power rule for a constant exponent; a Dual exponent goes through
        exp(b log a), which the other methods already differentiate.
        """
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        """c ** x = exp(x log c), so its derivative is c ** x times log c."""
        return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)

    def __neg__(self):
        """Negation flips both parts."""
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
        """sin' = cos, times the inner derivative (chain rule)."""
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        """cos' = -sin, times the inner derivative."""
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        """exp is its own derivative."""
        value = math.exp(self.value)
        return Dual(value, value * self.deriv)

    def log(self):
        """log' = 1/a, for a > 0 (math.log raises otherwise)."""
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        """tanh' = 1 - tanh^2, computed from the value once."""
        value = math.tanh(self.value)
        return Dual(value, (1.0 - value * value) * self.deriv)

    def relu(self):
        """relu' is 1 for a > 0 and 0 otherwise (0 at 0, as the engine)."""
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
    seeded = Dual(x, 1.0)  # dx/dx = 1
    result = f(seeded)
    if not isinstance(result, Dual):
        return 0.0  # f did not use x
    return result.deriv
