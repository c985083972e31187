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


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    nodes = {}
    for key, val in zip(NAMES, (x1, x2, w1, w2, b)):
        nodes[key] = Value(val)
    s = nodes["x1"] * nodes["w1"] + nodes["x2"] * nodes["w2"] + nodes["b"]
    y = s.tanh() if activation == "tanh" else s.relu()
    return y, nodes


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, nodes = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    result = {}
    for key in NAMES:
        result[key] = nodes[key].grad
    return result


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    biggest = 0.0
    for key in NAMES:
        a, r = grads[key], reference_grads[key]
        if a == 0 and r == 0:
            continue
        biggest = max(biggest, abs(a - r) / max(abs(a), abs(r)))
    return biggest


def micrograd_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The same neuron built with micrograd's Value (pasted below), as an independent check."""
    leaves = {n: MicroValue(v) for n, v in zip(NAMES, (x1, x2, w1, w2, b))}
    z = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    y = z.relu() if activation == "relu" else z.tanh()
    y.backward()
    return {n: leaves[n].grad for n in NAMES}


# ---------------------------------------------------------------------------
# Independent engine for cross-checking (based on micrograd, MIT), tanh added.
# ---------------------------------------------------------------------------

class MicroValue:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, MicroValue) else MicroValue(rhs)
        res = MicroValue(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += res.grad
            rhs.grad += res.grad
        res._backward = _backward

        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, MicroValue) else MicroValue(rhs)
        res = MicroValue(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad
        res._backward = _backward

        return res

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        res = MicroValue(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = MicroValue(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = MicroValue(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * res.grad
        res._backward = _backward

        return res

    def backward(self):

        # order the graph
        order = []
        seen = set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    visit(child)
                order.append(v)
        visit(self)

        # chain rule, from the output back
        self.grad = 1
        for v in reversed(order):
            v._backward()

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
        return f"MicroValue(data={self.data}, grad={self.grad})"
