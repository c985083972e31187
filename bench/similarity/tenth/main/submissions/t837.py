"""Kwabena Owusu, CS lab 7.

A tiny MLP. Every module keeps its Values in one flat list, self.params,
filled as it is built, so parameters() and zero_grad() are one line each.
"""
import random
from engine import Value

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


class Module:
    params = ()

    def parameters(self):
        return list(self.params)

    def zero_grad(self):
        for v in self.params:
            v.grad = 0


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        draw = (rng if rng is not None else random).uniform
        self.w = [Value(draw(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
        self.params = self.w + [self.b]

    def __call__(self, x):
        s = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        if self.nonlin:
            s = s.tanh()
        return s

    def __repr__(self):
        return ("Tanh" if self.nonlin else "Linear") + "Neuron(%d)" % len(self.w)


class Layer(Module):
    def __init__(self, nin, nout, **opts):
        self.neurons = [Neuron(nin, **opts) for _ in range(nout)]
        self.params = [v for n in self.neurons for v in n.params]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        if len(out) == 1:
            return out[0]
        return out

    def __repr__(self):
        return "Layer(%s)" % ", ".join(repr(n) for n in self.neurons)


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        shape = [nin] + list(nouts)
        n = len(nouts)
        self.layers = []
        for k in range(n):
            self.layers.append(Layer(shape[k], shape[k + 1], nonlin=k < n - 1, rng=rng))
        self.params = [v for layer in self.layers for v in layer.params]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __repr__(self):
        return "MLP(%s)" % ", ".join(repr(l) for l in self.layers)


def sgd_step(params, lr):
    for v in params:
        v.data -= lr * v.grad


def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    params = net.parameters()
    trace = []
    for _ in range(steps):
        loss = Value(0)
        for x, y in zip(XOR_INPUTS, XOR_TARGETS):
            err = net(x) - y
            loss = loss + err * err
        trace.append(loss.data)
        net.zero_grad()
        loss.backward()
        sgd_step(params, lr)
    return trace
