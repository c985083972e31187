"""A small neural network built from `Value`s (exercise 07)."""

import random
from itertools import islice

from engine import Value


class Module:
    """Anything with parameters."""

    def iter_params(self):
        return iter(())

    def parameters(self):
        """Every `Value` that training should adjust, as a list."""
        return list(self.iter_params())

    def zero_grad(self):
        for v in self.iter_params():
            v.grad = 0


class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        g = random.Random(0) if rng is None else rng
        self.w = [Value(g.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def iter_params(self):
        yield from self.w
        yield self.b

    def __call__(self, x):
        h = self.b
        for wt, xv in zip(self.w, x):
            h += wt * xv
        return h if not self.nonlin else h.tanh()

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        kwargs["rng"] = kwargs["rng"] if kwargs.get("rng") is not None else random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def iter_params(self):
        for unit in self.neurons:
            yield from unit.iter_params()

    def __call__(self, x):
        got = [unit(x) for unit in self.neurons]
        return got[0] if len(got) == 1 else got

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        g = random.Random(0) if rng is None else rng
        ends = [nin] + list(nouts)
        self.layers = [Layer(ends[i], ends[i + 1], nonlin=i != len(nouts) - 1, rng=g) for i in range(len(nouts))]

    def iter_params(self):
        for lay in self.layers:
            yield from lay.iter_params()

    def __call__(self, x):
        def through(rest, signal):
            # the first layer, then the rest of them
            return signal if not rest else through(rest[1:], rest[0](signal))
        return through(self.layers, x)

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def _losses(model, lr):
    """An endless stream of training steps; each yields the loss from before its update."""
    while True:
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        model.zero_grad()
        loss.backward()
        for v in model.iter_params():
            v.data -= lr * v.grad
        yield loss.data


def train_xor(seed=0, steps=1000, lr=0.05):
    return list(islice(_losses(MLP(2, [4, 1], rng=random.Random(seed)), lr), steps))
