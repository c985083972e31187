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
        # constantele au derivata 0
        b = Dual(other) if not isinstance(other, Dual) else other
        return Dual(self.value + b.value, self.deriv + b.deriv)

    def __mul__(self, other):
        b = Dual(other) if not isinstance(other, Dual) else other
        return Dual(self.value * b.value, self.value * b.deriv + b.value * self.deriv)

    def __truediv__(self, other):
        b = Dual(other) if not isinstance(other, Dual) else other
        # regula catului
        return Dual(self.value / b.value, (b.value * self.deriv - self.value * b.deriv) / (b.value ** 2))

    def __pow__(self, k):
        if not isinstance(k, Dual):
            return Dual(self.value ** k, self.deriv * k * self.value ** (k - 1))
        return (self.log() * k).exp()

    def __rpow__(self, c):  # c ** self, c a constant
        return (math.log(c) * self).exp()

    def __neg__(self):
        return -1 * self

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
        return Dual(math.cos(self.value), self.deriv * (-math.sin(self.value)))

    def exp(self):
        return Dual(math.exp(self.value), self.deriv * math.exp(self.value))

    def log(self):
        return Dual(math.log(self.value), self.deriv * (1.0 / self.value))

    def tanh(self):
        th = math.tanh(self.value)
        return Dual(th, self.deriv * (1.0 - th * th))

    def relu(self):
        masca = 1.0 if self.value > 0 else 0.0
        return Dual(masca * self.value, masca * self.deriv)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    rez = f(Dual(x, 1.0))
    return rez.deriv if isinstance(rez, Dual) else 0.0


# a second reverse mode (micrograd's), to check my Dual against
class MicroValue:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, parents=(), _label=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._parents = set(parents)
        self._label = _label # which op made it

    def __add__(self, other):
        other = other if isinstance(other, MicroValue) else MicroValue(other)
        out = MicroValue(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward

        return out

    def __mul__(self, other):
        other = other if isinstance(other, MicroValue) else MicroValue(other)
        out = MicroValue(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward

        return out

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        out = MicroValue(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad += (other * self.data**(other-1)) * out.grad
        out._backward = _backward

        return out

    def relu(self):
        out = MicroValue(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward

        return out

    # my additions
    def tanh(self):
        t = math.tanh(self.data)
        out = MicroValue(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward

        return out

    def exp(self):
        out = MicroValue(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward

        return out

    def log(self):
        out = MicroValue(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * out.grad
        out._backward = _backward

        return out

    def backward(self):

        # every node after its inputs
        order = []
        seen = set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for child in v._parents:
                    visit(child)
                order.append(v)
        visit(self)

        # chain rule, node by node, from the output back
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, other): # other + self
        return self + other

    def __sub__(self, other): # self - other
        return self + (-other)

    def __rsub__(self, other): # other - self
        return other + (-self)

    def __rmul__(self, other): # other * self
        return self * other

    def __truediv__(self, other): # self / other
        return self * other**-1

    def __rtruediv__(self, other): # other / self
        return other * self**-1

    def __repr__(self):
        return f"MicroValue(data={self.data}, grad={self.grad})"


def micrograd_derivative(f, x):
    """The same derivative by micrograd's backward(), to compare with derivative(f, x)."""
    leaf = MicroValue(x)
    y = f(leaf)
    y.backward()
    return leaf.grad
