"""Network of Values for the XOR exercise.

Neurons compute tanh(w.x + b) (the output neuron leaves out the tanh), layers
are lists of neurons over the same inputs, the MLP chains layers.
"""

import random

from engine import Value


class Module:

    def zero_grad(self):
        """clear the gradients of all parameters"""
        for v in self.parameters():
            v.grad = 0

    def parameters(self):
        return []


def _affine(ws, b, xs):
    s = b
    i = 0
    while i < len(xs):
        s = s + ws[i] * xs[i]
        i += 1
    return s


class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        src = rng if rng is not None else random.Random(0)
        self.w = [Value(src.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        s = _affine(self.w, self.b, x)
        return s.tanh() if self.nonlin else s

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return ('Tanh' if self.nonlin else 'Linear') + 'Neuron(%d)' % len(self.w)


class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        kwargs['rng'] = kwargs.get('rng') or random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        vals = [unit(x) for unit in self.neurons]
        return vals[0] if len(vals) == 1 else vals

    def parameters(self):
        found = []
        for unit in self.neurons:
            found.extend(unit.parameters())
        return found

    def __repr__(self):
        return 'Layer[' + ', '.join(map(str, self.neurons)) + ']'


class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        src = rng if rng is not None else random.Random(0)
        self.layers = []
        fan_in = nin
        for j, fan_out in enumerate(nouts):
            self.layers.append(Layer(fan_in, fan_out, nonlin=j < len(nouts) - 1, rng=src))
            fan_in = fan_out

    def __call__(self, x):
        for lay in self.layers:
            x = lay(x)
        return x

    def parameters(self):
        found = []
        for lay in self.layers:
            found.extend(lay.parameters())
        return found

    def __repr__(self):
        return 'MLP of [' + ', '.join(map(str, self.layers)) + ']'


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


class Trainer:
    """one object per run: the network, the learning rate, and the losses so far"""

    def __init__(self, seed, lr):
        self.net = MLP(2, [4, 1], rng=random.Random(seed))
        self.lr = lr
        self.losses = []

    def step(self):
        loss = Value(0.0)
        for xs, target in zip(XOR_INPUTS, XOR_TARGETS):
            loss = loss + (self.net(xs) - target) ** 2
        self.losses.append(loss.data)
        self.net.zero_grad()
        loss.backward()
        for v in self.net.parameters():
            v.data -= self.lr * v.grad


def train_xor(seed=0, steps=1000, lr=0.05):
    trainer = Trainer(seed, lr)
    for _ in range(steps):
        trainer.step()
    return trainer.losses
