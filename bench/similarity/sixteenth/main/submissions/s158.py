"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaf = dict(zip(NAMES, [Value(x1), Value(x2), Value(w1), Value(w2), Value(b)]))
    neu = MicroNeuron(2, nonlin=False)
    neu.w, neu.b = [leaf["w1"], leaf["w2"]], leaf["b"]
    act = neu([leaf["x1"], leaf["x2"]])
    return (act.tanh() if activation == "tanh" else act.relu()), leaf


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    out, leaf = neuron(x1, x2, w1, w2, b, activation)
    out.backward()
    return {key: node.grad for key, node in leaf.items()}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    gaps = [0.0]
    for key in NAMES:
        mine, theirs = grads[key], reference_grads[key]
        if mine or theirs:
            gaps.append(abs(mine - theirs) / max(abs(mine), abs(theirs)))
    return max(gaps)


# ---------------------------------------------------------------------------
# from micrograd (nn.py), so I can use its Neuron here

import random

class MicroModule:

    def zero_grad(self):
        for param in self.parameters():
            param.grad = 0

    def parameters(self):
        return []

class MicroNeuron(MicroModule):

    def __init__(self, n_in, nonlin=True):
        self.w = [Value(random.uniform(-1,1)) for _ in range(n_in)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, xs):
        total = sum((wi*xi for wi,xi in zip(self.w, xs)), self.b)
        return total.relu() if self.nonlin else total

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'ReLU' if self.nonlin else 'Linear'}MicroNeuron({len(self.w)})"

class MicroLayer(MicroModule):

    def __init__(self, n_in, n_out, **kwargs):
        self.neurons = [MicroNeuron(n_in, **kwargs) for _ in range(n_out)]

    def __call__(self, xs):
        outs = [neu(xs) for neu in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [param for neu in self.neurons for param in neu.parameters()]

    def __repr__(self):
        return f"MicroLayer of [{', '.join(str(neu) for neu in self.neurons)}]"

class MicroMLP(MicroModule):

    def __init__(self, n_in, n_outs):
        sizes = [n_in] + n_outs
        self.layers = [MicroLayer(sizes[i], sizes[i+1], nonlin=i!=len(n_outs)-1) for i in range(len(n_outs))]

    def __call__(self, xs):
        for lay in self.layers:
            xs = lay(xs)
        return xs

    def parameters(self):
        return [param for lay in self.layers for param in lay.parameters()]

    def __repr__(self):
        return f"MicroMLP of [{', '.join(str(lay) for lay in self.layers)}]"
