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

class Scalar:
    """ stores a single scalar value and its gradient """

    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        res = Scalar(t, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * res.grad
        res._backward = _backward

        return res

    def exp(self):
        x = self.data
        res = Scalar(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad += res.data * res.grad
        res._backward = _backward

        return res

    def log(self):
        x = self.data
        res = Scalar(math.log(x), (self, ), 'log')

        def _backward():
            self.grad += res.grad / x
        res._backward = _backward

        return res

    def __init__(self, data, srcs=(), _tag=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._src = set(srcs)
        self._tag = _tag

    def __add__(self, that):
        if not isinstance(that, Scalar):
            that = Scalar(that)
        res = Scalar(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad += res.grad
            that.grad += res.grad
        res._backward = _backward

        return res

    def __mul__(self, that):
        if not isinstance(that, Scalar):
            that = Scalar(that)
        res = Scalar(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad += that.data * res.grad
            that.grad += self.data * res.grad
        res._backward = _backward

        return res

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        res = Scalar(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad += (that * self.data**(that-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = Scalar(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def __neg__(self):
        return self * -1

    def __radd__(self, that):
        return self + that

    def __sub__(self, that):
        return self + (-that)

    def __rsub__(self, that):
        return that + (-self)

    def __rmul__(self, that):
        return self * that

    def __truediv__(self, that):
        return self * that**-1

    def __rtruediv__(self, that):
        return that * self**-1

    def __repr__(self):
        return f"Scalar(data={self.data}, grad={self.grad})"

    def backward(self):

        seq = []
        done = set()
        def dfs(v):
            if v not in done:
                done.add(v)
                for child in v._src:
                    dfs(child)
                seq.append(v)
        dfs(self)

        self.grad = 1.0
        for v in reversed(seq):
            v._backward()


def compare_modes(f, x):
    fwd = derivative(f, x)
    v = Scalar(x)
    f(v).backward()
    print(f"fwd {fwd:.12f}  reverse {v.grad:.12f}")
    return fwd, v.grad


class Dual:
    """A value and its derivative with respect to the one input seeded with deriv=1."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv  # a constant's derivative is 0

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        other = other if isinstance(other, type(self)) else type(self)(other)
        return type(self)(self.value + other.value, self.deriv + other.deriv)

    def __mul__(self, other):
        other = other if isinstance(other, type(self)) else type(self)(other)
        return type(self)(self.value * other.value, self.deriv * other.value + self.value * other.deriv)

    def __truediv__(self, other):
        other = other if isinstance(other, type(self)) else type(self)(other)
        q = self.value / other.value
        return type(self)(q, (self.deriv - q * other.deriv) / other.value)

    def __pow__(self, k):
        if isinstance(k, type(self)):
            return (k * self.log()).exp()
        return type(self)(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        p = c ** self.value
        return type(self)(p, p * math.log(c) * self.deriv)

    def __neg__(self):
        return type(self)(-self.value, -self.deriv)

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
        return type(self)(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return type(self)(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        p = math.exp(self.value)
        return type(self)(p, p * self.deriv)

    def log(self):
        return type(self)(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        p = math.tanh(self.value)
        return type(self)(p, (1 - p * p) * self.deriv)

    def relu(self):
        # relu'(0) = 0 (same as the engine)
        on = self.value > 0
        return type(self)(self.value if on else 0, self.deriv if on else 0.0)

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


if __name__ == "__main__":
    compare_modes(lambda x: x**3, 2.0)
    compare_modes(lambda x: (x * x + 1).log() * x.tanh() - 3 / x, 0.7)
