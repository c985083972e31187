"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

import math

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


# a second engine (adapted from micrograd)
class Scalar:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Scalar) else Scalar(rhs)
        o = Scalar(self.data * rhs.data, (self, rhs), '*')

        def _grad_fn():
            self.grad += rhs.data * o.grad
            rhs.grad += self.data * o.grad
        o._backward = _grad_fn

        return o

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Scalar) else Scalar(rhs)
        o = Scalar(self.data + rhs.data, (self, rhs), '+')

        def _grad_fn():
            self.grad += o.grad
            rhs.grad += o.grad
        o._backward = _grad_fn

        return o

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        o = Scalar(self.data**rhs, (self,), f'**{rhs}')

        def _grad_fn():
            self.grad += (rhs * self.data**(rhs-1)) * o.grad
        o._backward = _grad_fn

        return o

    def relu(self):
        o = Scalar(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _grad_fn():
            self.grad += (o.data > 0) * o.grad
        o._backward = _grad_fn

        return o

    def backward(self):

        seq = []
        seen = set()
        def order(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    order(child)
                seq.append(v)
        order(self)

        self.grad = 1
        for v in reversed(seq):
            v._backward()

    def tanh(self):
        o = Scalar(math.tanh(self.data), (self,), 'tanh')

        def _grad_fn():
            self.grad += (1 - o.data**2) * o.grad
        o._backward = _grad_fn

        return o

    def exp(self):
        o = Scalar(math.exp(self.data), (self,), 'exp')

        def _grad_fn():
            self.grad += o.data * o.grad
        o._backward = _grad_fn

        return o

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, rhs): # rhs + self
        return self + rhs

    def __sub__(self, rhs): # self - rhs
        return self + (-rhs)

    def __rsub__(self, rhs): # rhs - self
        return rhs + (-self)

    def __rmul__(self, rhs): # rhs * self
        return self * rhs

    def __truediv__(self, rhs): # self / rhs
        return self * rhs**-1

    def __rtruediv__(self, rhs): # rhs / self
        return rhs * self**-1

    def __repr__(self):
        return f"RefValue(data={self.data}, grad={self.grad})"


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaf = {}
    for i, name in enumerate(NAMES):
        leaf[name] = Value((x1, x2, w1, w2, b)[i])
    total = leaf["w1"] * leaf["x1"] + leaf["w2"] * leaf["x2"] + leaf["b"]
    return (total.relu() if activation == "relu" else total.tanh()), leaf


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaf = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    return {name: leaf[name].grad for name in NAMES}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    worst = 0.0
    for name in NAMES:
        g, r = grads[name], reference_grads[name]
        m = max(abs(g), abs(r))
        worst = max(worst, abs(g - r) / m if m else 0.0)
    return worst


def self_check():
    for act in ("relu", "tanh"):
        point = (2.0, -1.0, 0.5, -1.5, 0.25)
        assert largest_relative_difference(neuron_gradients(*point, act), reference_gradients(*point, act)) < 1e-6
    print("agrees with micrograd")


def reference_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients from micrograd's engine (Scalar above) instead of PyTorch."""
    leafs = dict(zip(NAMES, map(Scalar, (x1, x2, w1, w2, b))))
    lin = leafs["w1"] * leafs["x1"] + leafs["w2"] * leafs["x2"] + leafs["b"]
    o = lin.relu() if activation == "relu" else lin.tanh()
    o.backward()
    return {k: v.grad for k, v in leafs.items()}
