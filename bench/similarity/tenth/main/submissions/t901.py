# Tomás Ribeiro, práctica 7
# A layer here is a weight matrix (one row per neuron) plus a bias vector;
# Neuron is kept as its own class too, since the tests build single neurons.
import random

from engine import Value


def _uniform_row(n, rng):
    return [Value(rng.uniform(-1, 1)) for _ in range(n)]


def _dot(row, bias, x):
    total = bias
    for w, xi in zip(row, x):
        total = total + w * xi
    return total


class Module:
    def parameters(self):
        return []

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        self.w = _uniform_row(nin, rng or random.Random())
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        z = _dot(self.w, self.b, x)
        return z.tanh() if self.nonlin else z

    def parameters(self):
        return self.w + [self.b]


class Layer(Module):
    def __init__(self, nin, nout, nonlin=True, rng=None):
        rng = rng or random.Random()
        self.W = [_uniform_row(nin, rng) for _ in range(nout)]
        self.bias = [Value(0) for _ in range(nout)]
        self.nonlin = nonlin

    def __call__(self, x):
        zs = [_dot(row, b, x) for row, b in zip(self.W, self.bias)]
        if self.nonlin:
            zs = [z.tanh() for z in zs]
        return zs[0] if len(zs) == 1 else zs

    def parameters(self):
        params = []
        for row, b in zip(self.W, self.bias):
            params += row + [b]
        return params


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng or random.Random()
        self.layers = []
        fan_in = nin
        for k, fan_out in enumerate(nouts):
            self.layers.append(Layer(fan_in, fan_out, nonlin=k < len(nouts) - 1, rng=rng))
            fan_in = fan_out

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        preds = [mlp(x) for x in XOR_INPUTS]
        loss = sum((p - t) ** 2 for p, t in zip(preds, XOR_TARGETS))
        losses.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        for p in mlp.parameters():
            p.data += -lr * p.grad
    return losses
