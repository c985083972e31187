# Hana Kobayashi -- exercise 08, forward mode
# I rewrote the whole file; each rule has its derivation next to it.
import math


class Dual:
    """a + a'ε, stored as value (a) and deriv (a')."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __repr__(self):
        return f"Dual({self.value:.6g} + {self.deriv:.6g}ε)"

    @staticmethod
    def _coerce(x):
        if isinstance(x, Dual):
            return x
        if isinstance(x, (int, float)):
            return Dual(x, 0.0)
        raise TypeError(f"cannot combine a Dual with {type(x).__name__}")

    # (a + a'ε) + (b + b'ε) = (a + b) + (a' + b')ε
    def __add__(self, other):
        other = Dual._coerce(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __radd__(self, other):
        return self + other

    # a - b = a + (-b)
    def __sub__(self, other):
        return self + (-Dual._coerce(other))

    def __rsub__(self, other):
        return Dual._coerce(other) + (-self)

    # (a + a'ε)(b + b'ε) = ab + (a'b + ab')ε, because ε² = 0
    def __mul__(self, other):
        other = Dual._coerce(other)
        return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __rmul__(self, other):
        return self * other

    # (a + a'ε)/(b + b'ε) = a/b + (a'b - ab')/b² ε
    def __truediv__(self, other):
        other = Dual._coerce(other)
        b = other.value
        return Dual(self.value / b, (self.deriv * b - self.value * other.deriv) / (b * b))

    def __rtruediv__(self, other):
        return Dual._coerce(other) / self

    # -(a + a'ε) = -a - a'ε
    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    # (a + a'ε)^k = a^k + k a^(k-1) a'ε;  a Dual exponent: a^b = e^(b ln a)
    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    # c^(b + b'ε) = c^b + c^b ln(c) b'ε
    def __rpow__(self, c):
        cb = c ** self.value
        return Dual(cb, cb * math.log(c) * self.deriv)

    # g(a + a'ε) = g(a) + g'(a) a'ε for each function below
    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        ea = math.exp(self.value)
        return Dual(ea, ea * self.deriv)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        th = math.tanh(self.value)
        return Dual(th, (1.0 - th * th) * self.deriv)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)


def derivative(f, x, seed=1.0):
    """f'(x) (times SEED): push Dual(x, seed) through f and read the ε part."""
    y = f(Dual(x, seed))
    return y.deriv if isinstance(y, Dual) else 0.0
