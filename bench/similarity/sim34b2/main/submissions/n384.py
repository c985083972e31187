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

from engine import Value

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for q in self.parameters():
            q.grad = 0


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        r = random.Random(0) if rng is None else rng
        self.w = [Value(r.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def run(self, inputs):
        # weighted sum + bias; tanh unless this is the output neuron
        acc = self.b
        for k, v in enumerate(inputs):
            acc = acc + self.w[k] * v
        return acc.tanh() if self.nonlin else acc

    __call__ = run

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        if kwargs.get('rng') is None:
            kwargs['rng'] = random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def run(self, inputs):
        outs = [unit.run(inputs) for unit in self.neurons]
        if len(outs) == 1:
            return outs[0]
        return outs

    __call__ = run

    def parameters(self):
        return [q for unit in self.neurons for q in unit.parameters()]

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        r = random.Random(0) if rng is None else rng
        widths = [nin] + list(nouts)
        self.layers = [Layer(widths[j], widths[j + 1], nonlin=j < len(nouts) - 1, rng=r) for j in range(len(nouts))]

    def run(self, inputs):
        for lay in self.layers:
            inputs = lay.run(inputs)
        return inputs

    __call__ = run

    def parameters(self):
        return [q for lay in self.layers for q in lay.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


def one_step(net, lr):
    """forward, loss, zero, backward, update; the loss from before the update"""
    total = Value(0.0)
    for inp, target in zip(XOR_INPUTS, XOR_TARGETS):
        total = total + (net.run(inp) - target) ** 2
    net.zero_grad()
    total.backward()
    for q in net.parameters():
        q.data = q.data - lr * q.grad
    return total.data


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step."""
    net = MLP(2, [4, 1], rng=random.Random(seed))
    return [one_step(net, lr) for _ in range(steps)]
