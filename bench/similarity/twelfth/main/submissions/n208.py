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


# second engine to compare with (micrograd, MIT), tanh/exp added
class RefValue:
    """scalar + grad (from micrograd)"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, o):
        o = o if isinstance(o, RefValue) else RefValue(o)
        node = RefValue(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad += node.grad
            o.grad += node.grad
        node._backward = _backward

        return node

    def __mul__(self, o):
        o = o if isinstance(o, RefValue) else RefValue(o)
        node = RefValue(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad += o.data * node.grad
            o.grad += self.data * node.grad
        node._backward = _backward

        return node

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        node = RefValue(self.data**o, (self,), f'**{o}')

        def _backward():
            self.grad += (o * self.data**(o-1)) * node.grad
        node._backward = _backward

        return node

    def relu(self):
        node = RefValue(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def tanh(self):
        node = RefValue(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - node.data**2) * node.grad
        node._backward = _backward

        return node

    def exp(self):
        node = RefValue(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += node.data * node.grad
        node._backward = _backward

        return node

    def backward(self):

        # topological order all of the children in the graph
        ordering = []
        marked = set()
        def build_topo(v):
            if v not in marked:
                marked.add(v)
                for parent in v._prev:
                    build_topo(parent)
                ordering.append(v)
        build_topo(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(ordering):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, o): # o + self
        return self + o

    def __sub__(self, o): # self - o
        return self + (-o)

    def __rsub__(self, o): # o - self
        return o + (-self)

    def __rmul__(self, o): # o * self
        return self * o

    def __truediv__(self, o): # self / o
        return self * o**-1

    def __rtruediv__(self, o): # o / self
        return o * self**-1

    def __repr__(self):
        return f"RefValue(data={self.data}, grad={self.grad})"


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    x1_, x2_, w1_, w2_, b_ = (Value(n) for n in (x1, x2, w1, w2, b))
    act = x1_ * w1_ + x2_ * w2_ + b_
    act = act.relu() if activation == "relu" else act.tanh()
    return act, {"x1": x1_, "x2": x2_, "w1": w1_, "w2": w2_, "b": b_}


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    act, leaves = neuron(x1, x2, w1, w2, b, activation)
    act.backward()
    return {name: leaf.grad for name, leaf in leaves.items()}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    diffs = [abs(grads[k] - reference_grads[k]) / max(abs(grads[k]), abs(reference_grads[k]))
             for k in reference_grads if grads[k] != 0 or reference_grads[k] != 0]
    return max(diffs, default=0.0)


def reference_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients from micrograd's engine (RefValue above) instead of PyTorch."""
    ref = dict(zip(NAMES, map(RefValue, (x1, x2, w1, w2, b))))
    pre = ref["w1"] * ref["x1"] + ref["w2"] * ref["x2"] + ref["b"]
    node = getattr(pre, activation)()
    node.backward()
    return {k: v.grad for k, v in ref.items()}


def self_check():
    for act in ("relu", "tanh"):
        point = (2.0, -1.0, 0.5, -1.5, 0.25)
        assert largest_relative_difference(neuron_gradients(*point, act), reference_gradients(*point, act)) < 1e-6
    print("agrees with micrograd")
