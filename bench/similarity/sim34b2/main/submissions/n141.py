"""A small neural network built from `Value`s."""

import random
from functools import reduce

from engine import Value


class Module:
    """Anything with parameters."""

    def zero_grad(self):
        for prm in self.parameters():
            prm.grad = 0

    def parameters(self):
        return []


class Neuron(Module):
    """tanh(w.x + b), or w.x + b"""

    def __init__(self, nin, nonlin=True, rng=None):
        r = rng if rng is not None else random.Random(0)
        self.coeffs = [Value(r.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    @property
    def w(self):
        return self.coeffs

    def __call__(self, x):
        pre = reduce(_mac, zip(self.coeffs, x), self.b)
        return pre.tanh() if self.nonlin else pre

    def parameters(self):
        return self.coeffs + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


def _mac(total, wx):
    """multiply-accumulate: total + w * x"""
    return total + wx[0] * wx[1]


def _feed(signal, layer):
    return layer(signal)


class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        if kwargs.get("rng") is None:
            kwargs["rng"] = random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        res = [unit(x) for unit in self.neurons]
        return res[0] if len(res) == 1 else res

    def parameters(self):
        return [prm for unit in self.neurons for prm in unit.parameters()]

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        r = rng if rng is not None else random.Random(0)
        dims = [nin] + list(nouts)
        self.layers = [Layer(dims[i], dims[i + 1], nonlin=i != len(nouts) - 1, rng=r) for i in range(len(nouts))]

    def __call__(self, x):
        return reduce(_feed, self.layers, x)

    def parameters(self):
        return [prm for lay in self.layers for prm in lay.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


class SGD:
    """plain gradient descent over a fixed list of parameters"""

    def __init__(self, params, lr):
        self.params, self.lr = params, lr

    def step(self):
        for prm in self.params:
            prm.data -= self.lr * prm.grad


class SquaredError:
    """sum over the examples of (model(x) - y)^2"""

    def __init__(self, inputs, targets):
        self.pairs = list(zip(inputs, targets))

    def __call__(self, model):
        return reduce(lambda acc, xy: acc + (model(xy[0]) - xy[1]) ** 2, self.pairs, Value(0.0))


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    net = MLP(2, [4, 1], rng=random.Random(seed))
    objective = SquaredError(XOR_INPUTS, XOR_TARGETS)
    opt = SGD(net.parameters(), lr)
    out = []
    for _ in range(steps):
        loss = objective(net)
        out.append(loss.data)
        net.zero_grad()
        loss.backward()
        opt.step()
    return out
