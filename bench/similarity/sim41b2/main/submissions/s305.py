"""Uma's nn.py: written from scratch, a layer built size by size."""

import random

from engine import Value


class Module:
    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        total = self.b
        for k in range(len(x)):
            total = total + self.w[k] * x[k]
        if self.nonlin:
            return total.tanh()
        return total

    def parameters(self):
        return self.w + [self.b]


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        self.neurons = []
        for _ in range(nout):
            self.neurons.append(Neuron(nin, **kwargs))

    def __call__(self, x):
        outputs = []
        for neuron in self.neurons:
            outputs.append(neuron(x))
        if len(outputs) == 1:
            return outputs[0]
        return outputs

    def parameters(self):
        out = []
        for neuron in self.neurons:
            out += neuron.parameters()
        return out


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        if rng is None:
            rng = random.Random()
        self.layers = []
        previous = nin
        for index, size in enumerate(nouts):
            is_last = index == len(nouts) - 1
            self.layers.append(Layer(previous, size, nonlin=not is_last, rng=rng))
            previous = size

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        out = []
        for layer in self.layers:
            out += layer.parameters()
        return out


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        loss = 0
        for inputs, target in zip(XOR_INPUTS, XOR_TARGETS):
            error = model(inputs) - target
            loss = loss + error * error
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for param in model.parameters():
            param.data = param.data - lr * param.grad
    return losses
