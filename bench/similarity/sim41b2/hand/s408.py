"""Layers as closures: make_layer returns (forward, params); the classes only hold what the closures made."""

import random

from engine import Value


def make_neuron(nin, nonlin, rng):
    w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
    b = Value(0.0)

    def forward(x):
        a = sum((wi * xi for wi, xi in zip(w, x)), b)
        return a.tanh() if nonlin else a

    return forward, w, b


def make_layer(nin, nout, nonlin, rng):
    units = [make_neuron(nin, nonlin, rng) for _ in range(nout)]

    def forward(x):
        ys = [f(x) for f, _, _ in units]
        return ys[0] if len(ys) == 1 else ys

    return forward, [p for _, w, b in units for p in (*w, b)]


class Module:
    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        self._f, self.w, self.b = make_neuron(nin, nonlin, rng or random.Random())
        self.nonlin = nonlin

    def __call__(self, x):
        return self._f(x)

    def parameters(self):
        return [*self.w, self.b]


class Layer(Module):
    def __init__(self, nin, nout, nonlin=True, rng=None):
        self._f, self._params = make_layer(nin, nout, nonlin, rng or random.Random())

    def __call__(self, x):
        return self._f(x)

    def parameters(self):
        return list(self._params)


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng or random.Random()
        dims = [nin, *nouts]
        made = [make_layer(dims[i], dims[i + 1], i < len(nouts) - 1, rng) for i in range(len(nouts))]
        self._fs = [f for f, _ in made]
        self._params = [p for _, ps in made for p in ps]

    def __call__(self, x):
        for f in self._fs:
            x = f(x)
        return x

    def parameters(self):
        return list(self._params)


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    hist = []
    for _ in range(steps):
        loss = sum((net(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        hist.append(loss.data)
        net.zero_grad()
        loss.backward()
        for p in net.parameters():
            p.data -= lr * p.grad
    return hist
