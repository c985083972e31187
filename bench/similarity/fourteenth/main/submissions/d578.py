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
        o = other if isinstance(other, Dual) else Dual(other)
        x, dx = self.value, self.deriv
        return Dual(x + o.value, dx + o.deriv)

    def __mul__(self, other):
        o = other if isinstance(other, Dual) else Dual(other)
        x, dx = self.value, self.deriv
        y, dy = o.value, o.deriv
        return Dual(x * y, dx * y + x * dy)

    def __truediv__(self, other):
        o = other if isinstance(other, Dual) else Dual(other)
        x, dx = self.value, self.deriv
        y, dy = o.value, o.deriv
        return Dual(x / y, (dx * y - x * dy) / y ** 2)

    def __pow__(self, k):
        x, dx = self.value, self.deriv
        if isinstance(k, Dual):
            y, dy = k.value, k.deriv
            z = x ** y
            return Dual(z, z * (dy * math.log(x) + y * dx / x))
        return Dual(x ** k, k * x ** (k - 1) * dx)

    def __rpow__(self, c):  # c ** self, c a constant
        z = c ** self.value
        return Dual(z, z * math.log(c) * self.deriv)

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
        x, dx = self.value, self.deriv
        return Dual(math.sin(x), math.cos(x) * dx)

    def cos(self):
        x, dx = self.value, self.deriv
        return Dual(math.cos(x), -math.sin(x) * dx)

    def exp(self):
        z = math.exp(self.value)
        return Dual(z, z * self.deriv)

    def log(self):
        x, dx = self.value, self.deriv
        return Dual(math.log(x), dx / x)

    def tanh(self):
        z = math.tanh(self.value)
        return Dual(z, (1 - z ** 2) * self.deriv)

    def relu(self):
        x, dx = self.value, self.deriv
        return Dual(x, dx) if x > 0 else Dual(0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    y = f(Dual(x, 1.0))
    return y.deriv if isinstance(y, Dual) else 0.0


# karpathy/micrograd's engine (MIT licence), pasted to check my Dual against a second reverse mode
class MicroValue:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

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

    # added: micrograd has no tanh, exp or log
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

        # topological order all of the children in the graph
        topo = []
        visited = set()
        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(topo):
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
