# Viktor Sand -- exercise 08
# A dual number is a Taylor series cut after the first-order term. The class
# below keeps the coefficients [a0, a1] in a list and does truncated series
# arithmetic on them; Dual is just a thin wrapper with the names the grader wants.
import math

ORDER = 2  # number of coefficients kept: value and first derivative


def _series_mul(p, q):
    return [sum(p[i] * q[n - i] for i in range(n + 1)) for n in range(ORDER)]


def _series_add(p, q):
    return [x + y for x, y in zip(p, q)]


def _series_compose(f0, f1, p):
    # g(p0 + p1 t) = g(p0) + g'(p0) p1 t + O(t^2)
    return [f0, f1 * p[1]]


class Dual:
    def __init__(self, value, deriv=0.0):
        self.c = [value, deriv]

    value = property(lambda self: self.c[0])
    deriv = property(lambda self: self.c[1])

    def __repr__(self):
        return f"Dual({self.value:.6g} + {self.deriv:.6g}ε)"

    @classmethod
    def _of(cls, x):
        if isinstance(x, Dual):
            return x
        if isinstance(x, (int, float)):
            return cls(x, 0.0)
        raise TypeError(f"cannot combine a Dual with {type(x).__name__}")

    @classmethod
    def _from(cls, coeffs):
        out = cls(0.0)
        out.c = list(coeffs)
        return out

    def _reciprocal(self):
        a0, a1 = self.c
        return Dual._from([1.0 / a0, -a1 / (a0 * a0)])

    def _apply(self, g, dg):
        return Dual._from(_series_compose(g(self.c[0]), dg(self.c[0]), self.c))

    def __add__(self, other):
        return Dual._from(_series_add(self.c, Dual._of(other).c))

    def __mul__(self, other):
        return Dual._from(_series_mul(self.c, Dual._of(other).c))

    def __truediv__(self, other):
        return self * Dual._of(other)._reciprocal()

    def __neg__(self):
        return Dual._from([-x for x in self.c])

    def __sub__(self, other):
        return self + (-Dual._of(other))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Dual._of(other) - self

    def __rtruediv__(self, other):
        return Dual._of(other) / self

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return self._apply(lambda a: a ** k, lambda a: k * a ** (k - 1))

    def __rpow__(self, c):
        return self._apply(lambda b: c ** b, lambda b: c ** b * math.log(c))

    def sin(self):
        return self._apply(math.sin, math.cos)

    def cos(self):
        return self._apply(math.cos, lambda a: -math.sin(a))

    def exp(self):
        return self._apply(math.exp, math.exp)

    def log(self):
        return self._apply(math.log, lambda a: 1.0 / a)

    def tanh(self):
        return self._apply(math.tanh, lambda a: 1.0 - math.tanh(a) ** 2)

    def relu(self):
        return self._apply(lambda a: a if a > 0 else 0.0, lambda a: 1.0 if a > 0 else 0.0)


def derivative(f, x, seed=1.0):
    """f'(x) times SEED, read off the first-order coefficient."""
    y = f(Dual(x, seed))
    return y.deriv if isinstance(y, Dual) else 0.0
