"""An MLP kept as weight matrices of Values (one row per unit, its bias beside it); Neuron and Layer are views."""

import random

from engine import Value


def _matrix(n_in, n_out, rng):
    rows, bias = [], []
    for _ in range(n_out):
        rows.append([Value(rng.uniform(-1.0, 1.0)) for _ in range(n_in)])
        bias.append(Value(0.0))
    return rows, bias


def _affine(rows, bias, x):
    out = []
    for row, b in zip(rows, bias):
        acc = b
        for w, xi in zip(row, x):
            acc = acc + w * xi
        out.append(acc)
    return out


class Module:
    def parameters(self):
        return []

    def zero_grad(self):
        for v in self.parameters():
            v.grad = 0.0


class Layer(Module):
    def __init__(self, nin, nout, nonlin=True, rng=None):
        self.rows, self.bias = _matrix(nin, nout, rng or random.Random())
        self.nonlin = nonlin

    def __call__(self, x):
        z = _affine(self.rows, self.bias, x)
        if self.nonlin:
            z = [v.tanh() for v in z]
        return z[0] if len(z) == 1 else z

    def parameters(self):
        flat = []
        for row, b in zip(self.rows, self.bias):
            flat += row + [b]
        return flat

    @property
    def neurons(self):
        return [Neuron.of(row, b, self.nonlin) for row, b in zip(self.rows, self.bias)]


class Neuron(Layer):
    def __init__(self, nin, nonlin=True, rng=None):
        super().__init__(nin, 1, nonlin=nonlin, rng=rng)

    @classmethod
    def of(cls, row, b, nonlin):
        unit = cls.__new__(cls)
        unit.rows, unit.bias, unit.nonlin = [row], [b], nonlin
        return unit

    @property
    def w(self):
        return self.rows[0]

    @property
    def b(self):
        return self.bias[0]


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng or random.Random()
        widths = [nin] + list(nouts)
        self.layers = [Layer(widths[k], widths[k + 1], nonlin=(k != len(nouts) - 1), rng=rng)
                       for k in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [v for layer in self.layers for v in layer.parameters()]


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    trace = []
    for _ in range(steps):
        outs = [net(x) for x in XOR_INPUTS]
        loss = sum((o - t) ** 2 for o, t in zip(outs, XOR_TARGETS))
        trace.append(float(loss.data))
        net.zero_grad()
        loss.backward()
        for v in net.parameters():
            v.data -= lr * v.grad
    return trace
