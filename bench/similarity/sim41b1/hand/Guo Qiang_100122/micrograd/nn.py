"""Neuron / Layer / MLP (Guo Qiang). Xavier-uniform initialisation, so that tanh units start unsaturated."""

import math
import random

from .engine import Value


class Module:
    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, nin, nonlin=True):
        bound = math.sqrt(6.0 / (nin + 1))
        self.w = [Value(random.uniform(-bound, bound)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        z = self.b
        for w, xi in zip(self.w, x):
            z = w * xi + z
        return z.tanh() if self.nonlin else z

    def parameters(self):
        return self.w + [self.b]


class Layer(Module):
    def __init__(self, nin, nout, nonlin=True):
        self.neurons = [Neuron(nin, nonlin=nonlin) for _ in range(nout)]

    def __call__(self, x):
        y = [n(x) for n in self.neurons]
        return y[0] if len(y) == 1 else y

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP(Module):
    def __init__(self, nin, nouts):
        sz = [nin] + list(nouts)
        self.layers = [Layer(sz[i], sz[i + 1], nonlin=i + 1 < len(nouts)) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]
