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
    leaves = {n: Value(v) for n, v in zip(NAMES, (x1, x2, w1, w2, b))}
    z = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    if activation == "relu":
        return z.relu(), leaves
    return z.tanh(), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {n: leaves[n].grad for n in NAMES}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    out = 0.0
    for n in NAMES:
        g, r = grads[n], reference_grads[n]
        if g or r:
            out = max(out, abs(g - r) / max(abs(g), abs(r)))
    return out


def micrograd_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The same neuron built with micrograd's Value (pasted below), as an independent check."""
    leaves = {n: MicroValue(v) for n, v in zip(NAMES, (x1, x2, w1, w2, b))}
    z = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    y = z.relu() if activation == "relu" else z.tanh()
    y.backward()
    return {n: leaves[n].grad for n in NAMES}


# ---------------------------------------------------------------------------
# micrograd's engine (github.com/karpathy/micrograd, MIT licence), renamed to
# MicroValue so that it does not clash with the course's Value; tanh added.
# ---------------------------------------------------------------------------

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

    def tanh(self):
        t = math.tanh(self.data)
        out = MicroValue(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
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
