


import math


class Dual:
    """x + x' eps with eps**2 == 0; `value` is x, `deriv` is x'."""

    __slots__ = ("value", "deriv")

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    @staticmethod
    def promote(x):
        # a plain number is a constant
        return x if isinstance(x, Dual) else Dual(x, 0.0)

    # arithmetic
    def __add__(self, rhs):
        rhs = Dual.promote(rhs)
        return Dual(self.value + rhs.value, self.deriv + rhs.deriv)

    def __sub__(self, rhs):
        rhs = Dual.promote(rhs)
        return Dual(self.value - rhs.value, self.deriv - rhs.deriv)

    def __mul__(self, rhs):
        rhs = Dual.promote(rhs)
        # (x + x'e)(y + y'e) = xy + (x'y + xy')e
        return Dual(self.value * rhs.value, self.deriv * rhs.value + self.value * rhs.deriv)

    def __truediv__(self, rhs):
        rhs = Dual.promote(rhs)
        # quotient rule
        return Dual(self.value / rhs.value,
                    (self.deriv * rhs.value - self.value * rhs.deriv) / (rhs.value * rhs.value))

    __radd__ = __add__
    __rmul__ = __mul__

    def __rsub__(self, rhs):
        return Dual.promote(rhs) - self

    def __rtruediv__(self, rhs):
        return Dual.promote(rhs) / self

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, k):
        if isinstance(k, Dual):
            # x ** y = exp(y log x)
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        # base ** (y + y'e) = base**y + base**y log(base) y' e
        pw = c ** self.value
        return Dual(pw, pw * math.log(c) * self.deriv)

    # functions: chain rule
    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        ex = math.exp(self.value)
        return Dual(ex, ex * self.deriv)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def sqrt(self):
        root = math.sqrt(self.value)
        return Dual(root, self.deriv / (2 * root))

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


if __name__ == "__main__":
    print(derivative(lambda x: x ** 3, 2.0))                 # 12.0
    print(derivative(lambda x: x.sin() * x.exp(), 0.0))      # 1.0
    print(derivative(lambda x: 2 ** x, 1.0))                 # 2 log 2
