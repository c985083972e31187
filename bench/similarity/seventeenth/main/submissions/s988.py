"""Exercise 08, dual numbers (forward-mode AD) -- J. Okafor

Each Dual carries (value, deriv). Arithmetic first, then the elementary functions through _unary.
"""

import math


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __repr__(self):
        return f"Dual({self.value}, {self.deriv})"

    @staticmethod
    def _as_dual(x):
        return x if isinstance(x, Dual) else Dual(x)

    # arithmetic
    def __add__(self, other):
        o = self._as_dual(other)
        return Dual(self.value + o.value, self.deriv + o.deriv)

    def __sub__(self, other):
        o = self._as_dual(other)
        return Dual(self.value - o.value, self.deriv - o.deriv)

    def __mul__(self, other):
        o = self._as_dual(other)
        return Dual(self.value * o.value, self.deriv * o.value + self.value * o.deriv)

    def __truediv__(self, other):
        o = self._as_dual(other)
        return Dual(self.value / o.value, (self.deriv * o.value - self.value * o.deriv) / o.value ** 2)

    def __radd__(self, other):
        return self._as_dual(other) + self

    def __rsub__(self, other):
        return self._as_dual(other) - self

    def __rmul__(self, other):
        return self._as_dual(other) * self

    def __rtruediv__(self, other):
        return self._as_dual(other) / self

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, k):
        if isinstance(k, Dual):
            out = self.value ** k.value
            return Dual(out, out * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value))
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        out = c ** self.value
        return Dual(out, out * math.log(c) * self.deriv)

    # functions g((a, a')) = (g(a), g'(a) a')
    def _unary(self, value, slope):
        return Dual(value, slope * self.deriv)

    def sin(self):
        return self._unary(math.sin(self.value), math.cos(self.value))

    def cos(self):
        return self._unary(math.cos(self.value), -math.sin(self.value))

    def exp(self):
        e = math.exp(self.value)
        return self._unary(e, e)

    def log(self):
        return self._unary(math.log(self.value), 1.0 / self.value)

    def tanh(self):
        t = math.tanh(self.value)
        return self._unary(t, 1.0 - t * t)

    def relu(self):
        on = self.value > 0
        return self._unary(self.value if on else 0.0, 1.0 if on else 0.0)


def derivative(f, x):
    """Forward-mode derivative of f at x."""
    result = f(Dual(x, 1.0))
    if isinstance(result, Dual):
        return result.deriv
    return 0.0


if __name__ == "__main__":
    print(derivative(lambda x: x ** 3, 2.0))  # should print 12.0
