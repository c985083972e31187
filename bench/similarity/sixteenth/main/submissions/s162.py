"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them

import random


# Base and Unit: adapted from micrograd's nn.py (Module and Neuron)
class Base:

    def zero_grad(self):
        for prm in self.parameters():
            prm.grad = 0

    def parameters(self):
        return []

class Unit(Base):

    def __init__(self, n_inputs, use_relu=True):
        self.weights = [Value(random.uniform(-1,1)) for _ in range(n_inputs)]
        self.bias = Value(0)
        self.use_relu = use_relu

    def __call__(self, inputs):
        s = sum((wk*xk for wk,xk in zip(self.weights, inputs)), self.bias)
        return s.relu() if self.use_relu else s

    def parameters(self):
        return self.weights + [self.bias]

    def __repr__(self):
        return f"{'ReLU' if self.use_relu else 'Linear'}Unit({len(self.weights)})"



def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    # leaves first, then plug them into a linear Unit
    leaves = {"x1": Value(x1), "x2": Value(x2), "w1": Value(w1), "w2": Value(w2), "b": Value(b)}
    unit = Unit(2, use_relu=False)
    unit.weights = [leaves["w1"], leaves["w2"]]
    unit.bias = leaves["b"]
    pre = unit([leaves["x1"], leaves["x2"]])
    if activation == "tanh":
        return pre.tanh(), leaves
    return pre.relu(), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    grads = {}
    for k in NAMES:
        grads[k] = leaves[k].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    rel = []
    for k in NAMES:
        g, r = grads[k], reference_grads[k]
        big = max(abs(g), abs(r))
        rel.append(abs(g - r) / big if big > 0 else 0.0)
    return max(rel)
