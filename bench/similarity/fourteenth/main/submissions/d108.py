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
        # TODO(08-dual-numbers): your code here
        if not isinstance(other, Dual):
            other = Dual(other)
        suma = self.value + other.value
        dsuma = self.deriv + other.deriv
        return Dual(suma, dsuma)

    def __mul__(self, other):
        # TODO(08-dual-numbers): your code here
        if not isinstance(other, Dual):
            other = Dual(other)
        producto = self.value * other.value
        # regla del producto: a'b + ab'
        dproducto = self.deriv * other.value + self.value * other.deriv
        return Dual(producto, dproducto)

    def __truediv__(self, other):
        # TODO(08-dual-numbers): your code here
        if not isinstance(other, Dual):
            other = Dual(other)
        cociente = self.value / other.value
        # regla del cociente
        dcociente = (self.deriv * other.value - self.value * other.deriv) / (other.value * other.value)
        return Dual(cociente, dcociente)

    def __pow__(self, k):
        # TODO(08-dual-numbers): your code here
        if isinstance(k, Dual):
            # exponente variable: a^b = e^(b ln a)
            potencia = self.value ** k.value
            dpotencia = potencia * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)
            return Dual(potencia, dpotencia)
        potencia = self.value ** k
        dpotencia = k * self.value ** (k - 1) * self.deriv
        return Dual(potencia, dpotencia)

    def __rpow__(self, c):  # c ** self, c a constant
        # TODO(08-dual-numbers): your code here
        potencia = c ** self.value
        dpotencia = potencia * math.log(c) * self.deriv
        return Dual(potencia, dpotencia)

    def __neg__(self):
        # TODO(08-dual-numbers): your code here
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
        # TODO(08-dual-numbers): your code here
        return Dual(math.sin(self.value), self.deriv * math.cos(self.value))

    def cos(self):
        # TODO(08-dual-numbers): your code here
        return Dual(math.cos(self.value), self.deriv * -math.sin(self.value))

    def exp(self):
        # TODO(08-dual-numbers): your code here
        valor = math.exp(self.value)
        return Dual(valor, self.deriv * valor)

    def log(self):
        # TODO(08-dual-numbers): your code here
        return Dual(math.log(self.value), self.deriv * (1 / self.value))

    def tanh(self):
        # TODO(08-dual-numbers): your code here
        valor = math.tanh(self.value)
        return Dual(valor, self.deriv * (1 - valor ** 2))

    def relu(self):
        # TODO(08-dual-numbers): your code here
        if self.value <= 0:
            # la pendiente en 0 es 0, como en Value
            return Dual(0, 0.0)
        else:
            return Dual(self.value, self.deriv)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    # TODO(08-dual-numbers): your code here
    resultado = f(Dual(x, 1.0))
    if not isinstance(resultado, Dual):
        return 0.0
    return resultado.deriv
