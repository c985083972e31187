"""Network for the XOR exercise (a neuron, a layer, the MLP)."""

import random
from functools import reduce

from engine import Value


class Module:

    def parameters(self):
        return []

    def zero_grad(self):
        for q in self.parameters():
            q.grad = 0


class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        gen = rng or random.Random(0)
        self.w = [Value(gen.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, inputs):
        pre = reduce(lambda total, wx: total + wx[0] * wx[1], zip(self.w, inputs), self.b)
        return pre.tanh() if self.nonlin else pre

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):

    def __init__(self, nin, nout, **kw):
        kw.setdefault("rng", random.Random(0))
        self.neurons = [Neuron(nin, **kw) for _ in range(nout)]

    def parameters(self):
        return reduce(lambda got, unit: got + unit.parameters(), self.neurons, [])

    def __call__(self, inputs):
        ys = [unit(inputs) for unit in self.neurons]
        return ys[0] if len(ys) == 1 else ys

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        gen = rng or random.Random(0)
        dims = [nin] + nouts
        self.layers = [Layer(dims[j], dims[j + 1], nonlin=j != len(nouts) - 1, rng=gen) for j in range(len(nouts))]

    def parameters(self):
        return reduce(lambda got, lay: got + lay.parameters(), self.layers, [])

    def __call__(self, inputs):
        return reduce(lambda h, lay: lay(h), self.layers, inputs)

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def _epoch(net, lr):
    err = sum((net(x) - t) ** 2 for x, t in zip(XOR_INPUTS, XOR_TARGETS))
    net.zero_grad()
    err.backward()
    for q in net.parameters():
        q.data -= lr * q.grad
    return err.data


def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    return [_epoch(net, lr) for _ in range(steps)]
