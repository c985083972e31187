"""Forward-mode differentiation with dual numbers: the instructor's reference.

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
        # BEGIN SOLUTION 08-dual-numbers
        other = other if isinstance(other, Dual) else Dual(other)
        # (a, a') + (b, b') = (a + b, a' + b')
        return Dual(self.value + other.value, self.deriv + other.deriv)
        # END SOLUTION

    def __mul__(self, other):
        # BEGIN SOLUTION 08-dual-numbers
        other = other if isinstance(other, Dual) else Dual(other)
        # (a + a'ε)(b + b'ε) = ab + (a'b + ab')ε + a'b'ε², and ε² = 0
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)
        # END SOLUTION

    def __truediv__(self, other):
        # BEGIN SOLUTION 08-dual-numbers
        other = other if isinstance(other, Dual) else Dual(other)
        # the quotient rule: (a/b)' = (a'b - ab') / b²
        return Dual(
            self.value / other.value,
            (self.deriv * other.value - self.value * other.deriv) / other.value**2,
        )
        # END SOLUTION

    def __pow__(self, k):
        # BEGIN SOLUTION 08-dual-numbers
        if isinstance(k, Dual):
            # a ** b = exp(b log a), so (a ** b)' = a ** b · (b' log a + b a' / a);
            # needs a > 0, as log does
            out = self.value**k.value
            return Dual(out, out * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value))
        # a constant power: (a ** k)' = k a^(k-1) · a'
        return Dual(self.value**k, k * self.value ** (k - 1) * self.deriv)
        # END SOLUTION

    def __rpow__(self, c):  # c ** self, c a constant
        # BEGIN SOLUTION 08-dual-numbers
        # (c ** b)' = c ** b · log c · b'
        out = c**self.value
        return Dual(out, out * math.log(c) * self.deriv)
        # END SOLUTION

    def __neg__(self):
        # BEGIN SOLUTION 08-dual-numbers
        return Dual(-self.value, -self.deriv)
        # END SOLUTION

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
        # BEGIN SOLUTION 08-dual-numbers
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)
        # END SOLUTION

    def cos(self):
        # BEGIN SOLUTION 08-dual-numbers
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)
        # END SOLUTION

    def exp(self):
        # BEGIN SOLUTION 08-dual-numbers
        e = math.exp(self.value)
        return Dual(e, e * self.deriv)  # exp is its own derivative
        # END SOLUTION

    def log(self):
        # BEGIN SOLUTION 08-dual-numbers
        return Dual(math.log(self.value), self.deriv / self.value)
        # END SOLUTION

    def tanh(self):
        # BEGIN SOLUTION 08-dual-numbers
        t = math.tanh(self.value)
        return Dual(t, (1 - t**2) * self.deriv)
        # END SOLUTION

    def relu(self):
        # BEGIN SOLUTION 08-dual-numbers
        # slope 1 where the output is positive, else 0: relu'(0) = 0, as in Value
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0, 0.0)
        # END SOLUTION

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    # BEGIN SOLUTION 08-dual-numbers
    out = f(Dual(x, 1.0))
    return out.deriv if isinstance(out, Dual) else 0.0
    # END SOLUTION
