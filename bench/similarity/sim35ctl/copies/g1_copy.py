"""XOR network built from Values; the parameters are walked lazily by generators."""

import random

from engine import Value


class Module:

    def walk(self):
        return iter(())

    def parameters(self):
        return list(self.walk())

    def zero_grad(self):
        for v in self.walk():
            v.grad = 0


class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        r = random.Random(0) if rng is None else rng
        self.w = [Value(r.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def walk(self):
        yield from self.w
        yield self.b

    def __call__(self, xs):
        total = self.b
        for w, x in zip(self.w, xs):
            total += w * x
        return total if not self.nonlin else total.tanh()

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        kwargs["rng"] = kwargs["rng"] if kwargs.get("rng") is not None else random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def walk(self):
        for unit in self.neurons:
            yield from unit.walk()

    def __call__(self, xs):
        got = [unit(xs) for unit in self.neurons]
        return got[0] if len(got) == 1 else got

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        r = random.Random(0) if rng is None else rng
        dims = [nin] + list(nouts)
        self.layers = [Layer(dims[k], dims[k + 1], nonlin=k < len(nouts) - 1, rng=r) for k in range(len(nouts))]

    def walk(self):
        for lay in self.layers:
            yield from lay.walk()

    def __call__(self, xs):
        def go(todo, sig):
            # apply the head layer, recurse on the tail
            return sig if not todo else go(todo[1:], todo[0](sig))
        return go(self.layers, xs)

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    out, n = [], 0
    while n < steps:
        loss = sum((net(x) - t) ** 2 for x, t in zip(XOR_INPUTS, XOR_TARGETS))
        out += [loss.data]
        net.zero_grad()
        loss.backward()
        for v in net.walk():
            v.data -= lr * v.grad
        n += 1
    return out
