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

import itertools
import random

from engine import Value




class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for q in self.params():
            q.grad = 0.0

    def params(self):
        yield from ()

    def parameters(self):
        """Every `Value` that training should adjust."""
        return [*self.params()]


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        source = random.Random(0) if rng is None else rng
        self.w = [Value(source.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def params(self):
        yield self.b
        yield from self.w

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, x):
        acc = self.b
        for weight, value in zip(self.w, x):
            acc += weight * value
        if self.nonlin:
            acc = acc.tanh()
        return acc

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        kwargs["rng"] = kwargs.get("rng") or random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def params(self):
        for cell in self.neurons:
            yield from cell.params()

    def parameters(self):
        return [q for cell in self.neurons for q in cell.parameters()]

    def __call__(self, x):
        res = [cell(x) for cell in self.neurons]
        return res[0] if len(res) == 1 else res

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        source = random.Random(0) if rng is None else rng
        widths = [nin, *nouts]
        self.layers = [Layer(a, b, nonlin=k != len(nouts) - 1, rng=source)
                       for k, (a, b) in enumerate(zip(widths, widths[1:]))]

    def params(self):
        for layer in self.layers:
            yield from layer.params()

    def parameters(self):
        return [q for layer in self.layers for q in layer.parameters()]

    def __call__(self, x):
        def run(remaining, h):
            return h if not remaining else run(remaining[1:], remaining[0](h))

        return run(self.layers, x)

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def _steps(net, lr):
    while True:
        loss = sum(((net(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)), Value(0.0))
        net.zero_grad()
        loss.backward()
        for q in net.parameters():
            q.data -= lr * q.grad
        yield loss.data


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step."""
    return list(itertools.islice(_steps(MLP(2, [4, 1], rng=random.Random(seed)), lr), steps))
