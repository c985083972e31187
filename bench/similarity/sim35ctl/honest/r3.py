"""A small neural network built from `Value`s.

A neuron is tanh(w1*x1 + ... + wn*xn + b): the course uses tanh, whose outputs
lie in (-1, 1) and whose gradient never dies completely, which suits the XOR
demo with targets -1 and +1. A layer is a list of neurons that all see the
same inputs; an MLP is a stack of layers whose last one is linear, so the
network's output is not squashed into (-1, 1).

Every weight is drawn from an explicit `random.Random`, never the global RNG:
two networks made from the same seed have the same weights, whatever else the
program has drawn in between.
"""

import random
from functools import reduce
from operator import add

from engine import Value




class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for v in self.parameters():
            v.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        gen = random.Random(0) if rng is None else rng
        self.w = [Value(gen.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        def step(running, term):
            return running + term

        z = reduce(step, [wi * xi for wi, xi in zip(self.w, x)], self.b)
        return z.tanh() if self.nonlin else z

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        kwargs["rng"] = kwargs.get("rng") or random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        got = [cell(x) for cell in self.neurons]
        return got[0] if len(got) == 1 else got

    def parameters(self):
        return reduce(add, [cell.parameters() for cell in self.neurons], [])

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        gen = random.Random(0) if rng is None else rng
        widths = [nin] + list(nouts)
        count = len(nouts)
        self.layers = [Layer(widths[j], widths[j + 1], nonlin=j + 1 < count, rng=gen) for j in range(count)]

    def __call__(self, x):
        def apply(value, layer):
            return layer(value)

        return reduce(apply, self.layers, x)

    def parameters(self):
        return reduce(add, [layer.parameters() for layer in self.layers], [])

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step."""
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    out = []
    for _ in range(steps):
        errs = [(mlp(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)]
        loss = reduce(add, errs)
        out.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        for v in mlp.parameters():
            v.data = v.data - lr * v.grad
    return out
