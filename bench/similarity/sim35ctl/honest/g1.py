"""A small neural network built from `Value`s.

A neuron is tanh(w1*x1 + ... + wn*xn + b): the course uses tanh, whose outputs
lie in (-1, 1) and whose gradient never dies completely, which suits the XOR
demo with targets -1 and +1. A layer is a list of neurons that all see the
same inputs; an MLP is a stack of layers whose last one is linear, so the
network's output is not squashed into (-1, 1).

Every weight is drawn from an explicit `random.Random`, never the global RNG:
two networks made from the same seed have the same weights, whatever else the
program has drawn in between.
"""

import random

from engine import Value




class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for p in self.iter_params():
            p.grad = 0

    def iter_params(self):
        return iter(())

    def parameters(self):
        """Every `Value` that training should adjust."""
        return list(self.iter_params())


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng if rng is not None else random.Random(0)
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def iter_params(self):
        yield from self.w
        yield self.b

    def __call__(self, x):
        s = self.b
        for wi, xi in zip(self.w, x):
            s = s + wi * xi
        return s.tanh() if self.nonlin else s

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        if kwargs.get("rng") is None:
            kwargs["rng"] = random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def iter_params(self):
        for n in self.neurons:
            yield from n.iter_params()

    def __call__(self, x):
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        rng = rng if rng is not None else random.Random(0)
        sizes = [nin] + list(nouts)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i < len(nouts) - 1, rng=rng) for i in range(len(nouts))]

    def iter_params(self):
        for layer in self.layers:
            yield from layer.iter_params()

    def __call__(self, x):
        return _forward(self.layers, x)

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


def _forward(layers, x):
    """the first layer on x, then the rest on what it gives"""
    if not layers:
        return x
    return _forward(layers[1:], layers[0](x))


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step."""
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p in model.iter_params():
            p.data -= lr * p.grad
    return losses
