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

# g -> (g(a), g'(a)): every function is its Taylor pair
FUNCTIONS = {
    "sin": lambda a: (math.sin(a), math.cos(a)),
    "cos": lambda a: (math.cos(a), -math.sin(a)),
    "exp": lambda a: (math.exp(a), math.exp(a)),
    "log": lambda a: (math.log(a), 1.0 / a),
    "tanh": lambda a: (math.tanh(a), 1.0 - math.tanh(a) ** 2),
    "relu": lambda a: (max(a, 0.0), 1.0 if a > 0 else 0.0),
}

# (a, da, b, db) -> (value, derivative) for the binary operations
PAIR_RULES = {
    "__add__": lambda a, da, b, db: (a + b, da + db),
    "__mul__": lambda a, da, b, db: (a * b, da * b + a * db),
    "__truediv__": lambda a, da, b, db: (a / b, (da * b - a * db) / b ** 2),
}


class Jet:
    """The value and first derivative, with nothing else."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def with_rules(cls):
    """Attach every function of FUNCTIONS and every rule of PAIR_RULES to CLS."""
    def unary(pair):
        def method(self):
            y, slope = pair(self.value)
            return cls(y, slope * self.deriv)
        return method

    def binary(rule):
        def method(self, other):
            other = other if isinstance(other, cls) else cls(other)
            return cls(*rule(self.value, self.deriv, other.value, other.deriv))
        return method

    for name, pair in FUNCTIONS.items():
        setattr(cls, name, unary(pair))
    for name, rule in PAIR_RULES.items():
        setattr(cls, name, binary(rule))
    return cls


@with_rules
class Dual(Jet):
    """A value and its derivative with respect to the one input seeded with deriv=1."""

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        return self + (-other)

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Dual(other) / self


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result."""
    if not isinstance(x, (int, float)):
        raise TypeError("derivative(f, x): x must be a number")
    out = f(Dual(x, 1.0))
    return out.deriv if isinstance(out, Dual) else 0.0
