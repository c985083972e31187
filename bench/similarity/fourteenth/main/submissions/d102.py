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
        if isinstance(other, Dual):
            return Dual(self.value + other.value, self.deriv + other.deriv)
        return Dual(self.value + other, self.deriv)  # nambari ya kawaida

    def __mul__(self, other):
        if isinstance(other, Dual):
            return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)
        return Dual(self.value * other, self.deriv * other)

    def __truediv__(self, other):
        if isinstance(other, Dual):
            return Dual(self.value / other.value, (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)
        return Dual(self.value / other, self.deriv / other)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        return (self * math.log(c)).exp()

    def __neg__(self):
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
        return Dual(math.sin(self.value), self.deriv * math.cos(self.value))

    def cos(self):
        return Dual(math.cos(self.value), -self.deriv * math.sin(self.value))

    def exp(self):
        return Dual(math.exp(self.value), self.deriv * math.exp(self.value))

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        return Dual(math.tanh(self.value), self.deriv * (1 - math.tanh(self.value) ** 2))

    def relu(self):
        return Dual(self.value, self.deriv) if self.value > 0 else Dual(0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    jibu = f(Dual(x, 1.0))
    return jibu.deriv if isinstance(jibu, Dual) else 0.0


def reverse_derivative(f, x):
    r = Var(x)
    f(r).backward()
    return r.grad


def self_check():
    cases = [(lambda x: x * x * x + 2 * x, 2.0), (lambda x: x / (x * x + 1) + 2 / x, 0.8),
             (lambda x: (1 + x.exp()).log() / (x * x + 1) - x / 3, 0.3), (lambda x: x.tanh(), 2.0)]
    for f, x in cases:
        assert abs(derivative(f, x) - reverse_derivative(f, x)) < 1e-9, (f, x)
    return True


class Var:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, deps=(), _name=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._deps = set(deps)
        self._name = _name

    def exp(self):
        e = math.exp(self.data)
        node = Var(e, (self,), 'exp')

        def _backward():
            self.grad += e * node.grad
        node._backward = _backward

        return node

    def log(self):
        node = Var(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += node.grad / self.data
        node._backward = _backward

        return node

    def tanh(self):
        node = Var(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - node.data**2) * node.grad
        node._backward = _backward

        return node

    def relu(self):
        node = Var(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        node = Var(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * node.grad
        node._backward = _backward

        return node

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Var) else Var(rhs)
        node = Var(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * node.grad
            rhs.grad += self.data * node.grad
        node._backward = _backward

        return node

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Var) else Var(rhs)
        node = Var(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += node.grad
            rhs.grad += node.grad
        node._backward = _backward

        return node

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-rhs)

    def __radd__(self, rhs):
        return self + rhs

    def __rmul__(self, rhs):
        return self * rhs

    def __rsub__(self, rhs):
        return rhs + (-self)

    def __truediv__(self, rhs):
        return self * rhs**-1

    def __rtruediv__(self, rhs):
        return rhs * self**-1

    def backward(self):

        ordering = []
        marked = set()
        def walk(v):
            if v not in marked:
                marked.add(v)
                for child in v._deps:
                    walk(child)
                ordering.append(v)
        walk(self)

        self.grad = 1.0
        for v in ordering[::-1]:
            v._backward()

    def __repr__(self):
        return f"Var(data={self.data}, grad={self.grad})"
