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


class Block:
    """Base class (from micrograd's Module)."""

    def parameters(self):
        return []

    def zero_grad(self):
        for q in self.parameters():
            q.grad = 0


class Perceptron(Block):
    """A neuron as in micrograd's nn.py."""

    def __init__(self, fan_in, relu_on=True):
        self.relu_on = relu_on
        self.bias = Value(0)
        self.ws = [Value(random.uniform(-1, 1)) for _ in range(fan_in)]

    def __repr__(self):
        kind = "ReLU" if self.relu_on else "Linear"
        return "{}Perceptron({})".format(kind, len(self.ws))

    def parameters(self):
        return [*self.ws, self.bias]

    def __call__(self, xs):
        s = sum([w * x for w, x in zip(self.ws, xs)], self.bias)
        if self.relu_on:
            return s.relu()
        return s


class Dense(Block):
    """A layer of Perceptrons (micrograd's Layer)."""

    def __init__(self, fan_in, fan_out, **kw):
        self.units = [Perceptron(fan_in, **kw) for _ in range(fan_out)]

    def __repr__(self):
        return "Dense of [{}]".format(", ".join(str(u) for u in self.units))

    def parameters(self):
        return [q for u in self.units for q in u.parameters()]

    def __call__(self, xs):
        outs = [u(xs) for u in self.units]
        if len(outs) == 1:
            return outs[0]
        return outs



def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    # Thuy: leaves by name, then a linear Perceptron with them as its weights
    leaves = {}
    for name, val in zip(NAMES, (x1, x2, w1, w2, b)):
        leaves[name] = Value(val)
    p = Perceptron(2, relu_on=False)
    p.ws = [leaves["w1"], leaves["w2"]]
    p.bias = leaves["b"]
    z = p([leaves["x1"], leaves["x2"]])
    return (z.relu() if activation == "relu" else z.tanh()), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in leaves}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    best = 0.0
    for name in NAMES:
        g, r = grads[name], reference_grads[name]
        if g == 0 and r == 0:
            continue
        best = max(best, abs(g - r) / max(abs(g), abs(r)))
    return best
