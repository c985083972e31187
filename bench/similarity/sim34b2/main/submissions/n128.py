"""A small neural network built from `Value`s.

A neuron is tanh(w1*x1 + ... + wn*xn + b); a layer is a list of neurons seeing the
same inputs; an MLP is a stack of layers, the last one linear.
Weights come from an explicit random.Random so a seed fixes the network.
"""

import random

from engine import Value


class Module:
    """Anything with parameters."""

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []

    def zero_grad(self):
        """Reset grads (they accumulate over backward passes)."""
        for param in self.parameters():
            param.grad = 0


class Neuron(Module):
    """tanh(w . x + b) if nonlin, else w . x + b"""

    def __init__(self, nin, nonlin=True, rng=None):
        gen = random.Random(0) if rng is None else rng
        self.w = [Value(gen.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
        self.kind = 'linear' if not nonlin else 'tanh'

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, x):
        acc = self.b
        for weight, xval in zip(self.w, x):
            acc = acc + weight * xval
        if self.nonlin:
            return acc.tanh()
        return acc

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons over the same nin inputs."""

    def __init__(self, nin, nout, **kwargs):
        if kwargs.get('rng') is None:
            kwargs['rng'] = random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def parameters(self):
        return [param for unit in self.neurons for param in unit.parameters()]

    def __call__(self, x):
        result = [unit(x) for unit in self.neurons]
        if len(result) == 1:
            return result[0]
        return result

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """nin inputs, one layer per entry of nouts, last layer linear."""

    def __init__(self, nin, nouts, rng=None):
        gen = random.Random(0) if rng is None else rng
        dims = [nin] + list(nouts)
        self.layers = [Layer(dims[j], dims[j + 1], nonlin=j != len(nouts) - 1, rng=gen) for j in range(len(nouts))]

    def parameters(self):
        return [param for lay in self.layers for param in lay.parameters()]

    def __call__(self, x):
        for lay in self.layers:
            x = lay(x)
        return x

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR; return the loss before each step."""
    net = MLP(2, [4, 1], rng=random.Random(seed))
    record = []
    step = 0
    while step < steps:
        total = sum((net(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        record.append(total.data)
        net.zero_grad()
        total.backward()
        for param in net.parameters():
            clipped = min(5.0, max(-5.0, param.grad))  # keep each step bounded
            param.data = param.data - lr * clipped
        step += 1
    return record
