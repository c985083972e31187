"""Нейросеть из Value: нейрон, слой, многослойный перцептрон.

Дмитрий К., лабораторная 7. Параметры обходятся генераторами (__iter__),
а parameters() просто собирает их в список.
"""

import random

from engine import Value


class Module:
    def __iter__(self):
        return iter(())

    def parameters(self):
        return list(self)

    def zero_grad(self):
        for p in self:
            p.grad = 0


class Neuron(Module):
    """tanh(w·x + b); при nonlin=False -- просто w·x + b."""

    def __init__(self, nin, nonlin=True, rng=None):
        gen = random if rng is None else rng  # без rng -- глобальный генератор
        self.w = [Value(gen.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __iter__(self):
        yield from self.w
        yield self.b

    def __call__(self, x):
        acc = self.b
        for w, xi in zip(self.w, x):
            acc = acc + w * xi
        return acc.tanh() if self.nonlin else acc

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout нейронов над одними и теми же входами."""

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __iter__(self):
        for n in self.neurons:
            yield from n

    def __call__(self, x):
        y = [n(x) for n in self.neurons]
        return y[0] if len(y) == 1 else y

    def __repr__(self):
        return f"Layer[{', '.join(map(str, self.neurons))}]"


class MLP(Module):
    """Слои подряд; последний -- линейный."""

    def __init__(self, nin, nouts, rng=None):
        sizes = [nin, *nouts]
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i < len(nouts) - 1, rng=rng)
                       for i in range(len(nouts))]

    def __iter__(self):
        for layer in self.layers:
            yield from layer

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __repr__(self):
        return f"MLP[{', '.join(map(str, self.layers))}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Потери до каждого шага градиентного спуска."""
    net = MLP(2, [4, 1], rng=random.Random(seed))
    out = []
    for _ in range(steps):
        loss = sum((net(x) - t) ** 2 for x, t in zip(XOR_INPUTS, XOR_TARGETS))
        out.append(loss.data)
        net.zero_grad()
        loss.backward()
        for p in net:
            p.data -= lr * p.grad
    return out
