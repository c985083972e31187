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

    __slots__ = ("value", "deriv")

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    @staticmethod
    def lift(x):
        # numbers are constants: their derivative is zero
        return x if isinstance(x, Dual) else Dual(x, 0.0)

    # the four rules of arithmetic
    def __add__(self, other):
        other = Dual.lift(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __sub__(self, other):
        other = Dual.lift(other)
        return Dual(self.value - other.value, self.deriv - other.deriv)

    def __mul__(self, other):
        other = Dual.lift(other)
        # (x + x'e)(y + y'e) = xy + (x'y + xy')e
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __truediv__(self, other):
        other = Dual.lift(other)
        # the quotient rule falls out of multiplying by (y - y'e) / y**2
        return Dual(self.value / other.value,
                    (self.deriv * other.value - self.value * other.deriv) / (other.value * other.value))

    __radd__ = __add__
    __rmul__ = __mul__

    def __rsub__(self, other):
        return Dual.lift(other) - self

    def __rtruediv__(self, other):
        return Dual.lift(other) / self

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, p):
        if isinstance(p, Dual):
            # x ** y = exp(y log x)
            return (p * self.log()).exp()
        return Dual(self.value ** p, p * self.value ** (p - 1) * self.deriv)

    def __rpow__(self, base):
        # base ** (y + y'e) = base**y + base**y log(base) y' e
        power = base ** self.value
        return Dual(power, power * math.log(base) * self.deriv)

    # elementary functions: f(x + x'e) = f(x) + f'(x) x' e
    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        e = math.exp(self.value)
        return Dual(e, e * self.deriv)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def sqrt(self):
        r = math.sqrt(self.value)
        return Dual(r, self.deriv / (2 * r))

    def tanh(self):
        t = math.tanh(self.value)
        return Dual(t, (1 - t * t) * self.deriv)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)

    def __repr__(self):
        return f"Dual({self.value!r}, {self.deriv!r})"


def derivative(f, x):
    """df/dx at x: seed x' = 1 and read off the eps part."""
    y = f(Dual(x, 1.0))
    return y.deriv if isinstance(y, Dual) else 0.0

