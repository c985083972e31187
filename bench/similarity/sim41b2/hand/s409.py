"""A functional network: the parameters are a tree of dataclasses, forward(params, x) computes the output."""

import random
from dataclasses import dataclass, field

from engine import Value


@dataclass
class NeuronParams:
    w: list
    b: Value
    nonlin: bool = True


@dataclass
class LayerParams:
    units: list = field(default_factory=list)


def init_neuron(nin, nonlin, rng):
    return NeuronParams([Value(rng.uniform(-1, 1)) for _ in range(nin)], Value(0.0), nonlin)


def init_layer(nin, nout, nonlin, rng):
    return LayerParams([init_neuron(nin, nonlin, rng) for _ in range(nout)])


def neuron_forward(p, x):
    s = sum((wi * xi for wi, xi in zip(p.w, x)), p.b)
    return s.tanh() if p.nonlin else s


def layer_forward(p, x):
    outs = [neuron_forward(u, x) for u in p.units]
    return outs[0] if len(outs) == 1 else outs


def forward(params, x):
    for layer in params:
        x = layer_forward(layer, x)
    return x


def leaves(params):
    return [v for layer in params for u in layer.units for v in (*u.w, u.b)]


def sse(params, xs, ys):
    return sum((forward(params, x) - y) ** 2 for x, y in zip(xs, ys))


class Module:
    def zero_grad(self):
        for v in self.parameters():
            v.grad = 0


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        self.p = init_neuron(nin, nonlin, rng or random.Random())
        self.w, self.b, self.nonlin = self.p.w, self.p.b, nonlin

    def __call__(self, x):
        return neuron_forward(self.p, x)

    def parameters(self):
        return [*self.p.w, self.p.b]


class Layer(Module):
    def __init__(self, nin, nout, nonlin=True, rng=None):
        self.p = init_layer(nin, nout, nonlin, rng or random.Random())

    def __call__(self, x):
        return layer_forward(self.p, x)

    def parameters(self):
        return leaves([self.p])


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng or random.Random()
        sizes = [nin] + list(nouts)
        self.params = [init_layer(sizes[i], sizes[i + 1], i != len(nouts) - 1, rng) for i in range(len(nouts))]

    def __call__(self, x):
        return forward(self.params, x)

    def parameters(self):
        return leaves(self.params)


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    out = []
    for _ in range(steps):
        loss = sse(model.params, XOR_INPUTS, XOR_TARGETS)
        out.append(loss.data)
        model.zero_grad()
        loss.backward()
        for v in model.parameters():
            v.data -= lr * v.grad
    return out
