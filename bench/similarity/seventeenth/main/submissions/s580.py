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
        if type(other) == int or type(other) == float:
            other = Dual(other, 0)
        answer = Dual(self.value + other.value, self.deriv + other.deriv)
        return answer

    def __mul__(self, other):
        if type(other) == int or type(other) == float:
            other = Dual(other, 0)
        v = self.value * other.value
        d = self.deriv * other.value + self.value * other.deriv
        answer = Dual(v, d)
        return answer

    def __truediv__(self, other):
        if type(other) == int or type(other) == float:
            other = Dual(other, 0)
        v = self.value / other.value
        top = self.deriv * other.value - self.value * other.deriv
        bottom = other.value * other.value
        answer = Dual(v, top / bottom)
        return answer

    def __pow__(self, k):
        if type(k) == int or type(k) == float:
            v = self.value ** k
            d = k * self.value ** (k - 1) * self.deriv
            answer = Dual(v, d)
            return answer
        else:
            # the exponent is a Dual too, so a ** b = exp(b * log(a))
            v = self.value ** k.value
            d = v * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)
            answer = Dual(v, d)
            return answer

    def __rpow__(self, c):  # c ** self, c a constant
        v = c ** self.value
        d = v * math.log(c) * self.deriv
        answer = Dual(v, d)
        return answer

    def __neg__(self):
        answer = Dual(0 - self.value, 0 - self.deriv)
        return answer

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
        v = math.sin(self.value)
        d = math.cos(self.value) * self.deriv
        answer = Dual(v, d)
        return answer

    def cos(self):
        v = math.cos(self.value)
        d = -1 * math.sin(self.value) * self.deriv
        answer = Dual(v, d)
        return answer

    def exp(self):
        v = math.exp(self.value)
        d = v * self.deriv
        answer = Dual(v, d)
        return answer

    def log(self):
        v = math.log(self.value)
        d = 1 / self.value * self.deriv
        answer = Dual(v, d)
        return answer

    def tanh(self):
        v = math.tanh(self.value)
        d = (1 - v * v) * self.deriv
        answer = Dual(v, d)
        return answer

    def relu(self):
        if self.value > 0:
            answer = Dual(self.value, self.deriv)
            return answer
        else:
            answer = Dual(0, 0)
            return answer

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    x_dual = Dual(x, 1)
    answer = f(x_dual)
    if type(answer) == Dual:
        return answer.deriv
    else:
        return 0
