"""Priya's network: every module has forward(); __call__ is forward, and parameters are found by a named walk."""

import random

from engine import Value


class Module:
    def forward(self, x):
        raise NotImplementedError

    def __call__(self, x):
        return self.forward(x)

    def children(self):
        return []

    def own_parameters(self):
        return []

    def parameters(self):
        found = list(self.own_parameters())
        for child in self.children():
            found.extend(child.parameters())
        return found

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def own_parameters(self):
        return self.w + [self.b]

    def forward(self, x):
        z = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return z.tanh() if self.nonlin else z

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def children(self):
        return self.neurons

    def forward(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng or random.Random()
        sizes = [nin] + list(nouts)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(nouts) - 1, rng=rng)
                       for i in range(len(nouts))]

    def children(self):
        return self.layers

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def squared_error_loss(model):
    return sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    history = []
    for _ in range(steps):
        loss = squared_error_loss(model)
        history.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    return history
